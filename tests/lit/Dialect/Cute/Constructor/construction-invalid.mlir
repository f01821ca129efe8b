// Verifier diagnostics of the construction ops (src/dialect/verify.rs).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @too_few_leaves(%m: index) {
  // expected-error @+1 {{'cute.make_int_tuple' op expects 2 operand(s), one per dynamic leaf of !cute.shape<"(?,?)">, but got 1}}
  %t = cute.make_int_tuple(%m) : (index) -> !cute.shape<"(?,?)">
  return
}

// -----

func.func @static_shape_with_operand(%m: index) {
  // expected-error @+1 {{'cute.make_shape' op expects 0 operand(s), one per dynamic leaf of !cute.shape<"(2,8)">, but got 1}}
  %t = cute.make_shape(%m) : (index) -> !cute.shape<"(2,8)">
  return
}

// -----

func.func @wrong_kind(%m: index) {
  // expected-error @+1 {{'cute.make_stride' op result #0 must be !cute.stride}}
  %t = cute.make_stride(%m) : (index) -> !cute.shape<"(?,8)">
  return
}

// -----

func.func @layout_groups(%m: index, %s: index) {
  // expected-error @+1 {{'cute.make_layout' op expects 1 shape operand(s) and 1 stride operand(s) for !cute.layout<"(?,4):(1,?)">, but got 2 and 0}}
  %l = cute.make_layout(shape = (%m, %s : index, index), stride = ()) : !cute.layout<"(?,4):(1,?)">
  return
}

// -----

func.func @raw_mismatch(%sh: !cute.shape<"(2,4)">, %st: !cute.stride<"(1,2)">) {
  // expected-error @+2 {{'cute.make_layout_raw' op inferred type(s) '!cute.layout<"(2,4):(1,2)">' are incompatible with return type(s) of operation '!cute.layout<"(2,4):(1,4)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = cute.make_layout_raw %sh, %st : (!cute.shape<"(2,4)">, !cute.stride<"(1,2)">) -> !cute.layout<"(2,4):(1,4)">
  return
}

// -----

func.func @raw_incongruent(%sh: !cute.shape<"(2,4)">, %st: !cute.stride<"((1,2),8)">) {
  // expected-error @+2 {{'cute.make_layout_raw' op make_layout((2,4), ((1,2),8)): shape 2 and stride (1,2) are not congruent}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = cute.make_layout_raw %sh, %st : (!cute.shape<"(2,4)">, !cute.stride<"((1,2),8)">) -> !cute.layout<"(2,4):(1,2)">
  return
}

// -----

func.func @dynamic_static() {
  // expected-error @+1 {{'cute.static' op type !cute.layout<"(?,4):(1,4)"> has dynamic leaves; a static value must be fully static}}
  %l = cute.static : !cute.layout<"(?,4):(1,4)">
  return
}

// -----

func.func @leaves_count(%s: !cute.shape<"(?,8)">) {
  // expected-error @+1 {{'cute.get_leaves' op expects 2 result(s), one per leaf of !cute.shape<"(?,8)">, but got 1}}
  %m = cute.get_leaves %s : !cute.shape<"(?,8)"> -> index
  return
}

// -----

func.func @refine_is_not_derefine(%l: !cute.layout<"(?,4):(1,4)">) {
  // expected-error @+1 {{'cute.derefine' op !cute.layout<"(8,4):(1,4)"> is not !cute.layout<"(?,4):(1,4)"> with some static leaves made dynamic}}
  %d = cute.derefine %l : !cute.layout<"(?,4):(1,4)"> to !cute.layout<"(8,4):(1,4)">
  return
}

// -----

func.func @composed_dynamic_offset(%l: !cute.layout<"(8,8):(8,1)">, %sw: !cute.swizzle<"S<3,4,3>">, %o: !cute.int_tuple<"?">) {
  // expected-error @+2 {{'cute.make_composed_layout_raw' op the offset ? must be a static integer}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.make_composed_layout_raw %l, %sw, %o : (!cute.layout<"(8,8):(8,1)">, !cute.swizzle<"S<3,4,3>">, !cute.int_tuple<"?">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,8):(8,1)">
  return
}

// -----

func.func @leaves_of_coord(%c: !cute.coord<"(_,2)">) {
  // expected-error @+1 {{'cute.get_leaves' op leaf _ of !cute.coord<"(_,2)"> is not an integer}}
  %a, %b = cute.get_leaves %c : !cute.coord<"(_,2)"> -> index, index
  return
}
