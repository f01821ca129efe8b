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
