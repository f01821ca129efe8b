// Inadmissible algebra is rejected at verification with the algebra's own
// message, including the references' known failures (oracle README).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// CUTLASS issue 3177: C++ returned a wrong layout.
func.func @cutlass_3177(%a: !cute.layout<"(4,6,8):(2,3,5)">, %b: !cute.layout<"6:3">) {
  // expected-error @+2 {{'cute.composition' op composition((4,6,8):(2,3,5), 6:3): stride 3 of the tiler does not divide the shape 4 of mode 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.composition(%a, %b) : (!cute.layout<"(4,6,8):(2,3,5)">, !cute.layout<"6:3">) -> !cute.layout<"6:3">
  return
}

// -----

// The DSL returns nonsense such as (-1,0):(1,-4).
func.func @negative_complement(%a: !cute.layout<"(4,4):(-1,1)">, %m: !cute.int_tuple<"1">) {
  // expected-error @+2 {{'cute.complement' op complement((4,4):(-1,1), 1): stride -1 is negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.complement(%a, %m) : (!cute.layout<"(4,4):(-1,1)">, !cute.int_tuple<"1">) -> !cute.layout<"1:0">
  return
}

// -----

// CUTLASS issue 3513: never a layout of the wrong size.
func.func @cutlass_3513(%a: !cute.layout<"(12,(4,8)):(7,(1,30))">, %t: !cute.layout<"128:1">) {
  // expected-error @+2 {{'cute.zipped_divide' op zipped_divide((12,(4,8)):(7,(1,30)), 128:1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %d = cute.zipped_divide(%a, %t) : (!cute.layout<"(12,(4,8)):(7,(1,30))">, !cute.layout<"128:1">) -> !cute.layout<"1:0">
  return
}

// -----

// The DSL dies with SIGFPE here.
func.func @dsl_sigfpe(%a: !cute.layout<"(4,6,8):(1,4,7)">, %b: !cute.layout<"6:1">) {
  // expected-error @+2 {{'cute.logical_product' op logical_product((4,6,8):(1,4,7), 6:1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = cute.logical_product(%a, %b) : (!cute.layout<"(4,6,8):(1,4,7)">, !cute.layout<"6:1">) -> !cute.layout<"1:0">
  return
}

// -----

// A wrong declared type names the inferred one. (2,4):(4,1) is a different
// function from 8:1 (an equivalent one, e.g. (2,4):(1,2), is accepted:
// algebra.mlir @equivalent_declared_results).
func.func @wrong_type(%a: !cute.layout<"(2,4):(1,2)">) {
  // expected-error @+2 {{'cute.coalesce' op inferred type(s) '!cute.layout<"8:1">' are incompatible with return type(s) of operation '!cute.layout<"(2,4):(4,1)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.coalesce(%a) : (!cute.layout<"(2,4):(1,2)">) -> !cute.layout<"(2,4):(4,1)">
  return
}

// -----

// Same function on a smaller domain: dropping a stride-0 mode (filter_zeros)
// changes the size, so it is not an equivalent declared type.
func.func @filter_zeros_is_not_equivalence(%a: !cute.layout<"(4,2):(1,0)">) {
  // expected-error @+2 {{'cute.coalesce' op inferred type(s) '!cute.layout<"(4,2):(1,0)">' are incompatible with return type(s) of operation '!cute.layout<"4:1">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.coalesce(%a) : (!cute.layout<"(4,2):(1,0)">) -> !cute.layout<"4:1">
  return
}

// -----

func.func @group_modes_range(%a: !cute.layout<"(2,4):(1,2)">) {
  // expected-error @+2 {{'cute.group_modes' op group_modes((2,4):(1,2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %g = cute.group_modes<1, 3>(%a) : (!cute.layout<"(2,4):(1,2)">) -> !cute.layout<"(2,4):(1,2)">
  return
}

// -----

func.func @shape_div_inexact(%s: !cute.shape<"(5,8)">, %d: !cute.int_tuple<"(2,4)">) {
  // expected-error @+2 {{'cute.shape_div' op shape_div((5,8), (2,4), exact): shape 5 is not divisible by 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %q = cute.shape_div(%s, %d) {mode = "exact"} : (!cute.shape<"(5,8)">, !cute.int_tuple<"(2,4)">) -> !cute.shape<"(2,2)">
  return
}

// -----

func.func @shape_div_mode(%s: !cute.shape<"(4,8)">, %d: !cute.int_tuple<"(2,4)">) {
  // expected-error @+2 {{'cute.shape_div' op unknown shape_div mode 'round' (expected exact, ceil or floor)}}
  // expected-error @+1 {{failed to infer returned types}}
  %q = cute.shape_div(%s, %d) {mode = "round"} : (!cute.shape<"(4,8)">, !cute.int_tuple<"(2,4)">) -> !cute.shape<"(2,2)">
  return
}

// -----

func.func @tuple_div_zero(%a: !cute.int_tuple<"(4,8)">, %b: !cute.int_tuple<"(2,0)">) {
  // expected-error @+2 {{'cute.tuple_div' op tuple_div((4,8), (2,0)): division by zero}}
  // expected-error @+1 {{failed to infer returned types}}
  %q = cute.tuple_div(%a, %b) : (!cute.int_tuple<"(4,8)">, !cute.int_tuple<"(2,0)">) -> !cute.int_tuple<"(2,0)">
  return
}

// -----

func.func @crd_out_of_shape(%c: !cute.coord<"(1,2,3)">, %l: !cute.layout<"(2,4):(1,2)">) {
  // expected-error @+2 {{'cute.crd2idx' op crd2idx((1,2,3), (2,4):(1,2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %i = cute.crd2idx(%c, %l) : (!cute.coord<"(1,2,3)">, !cute.layout<"(2,4):(1,2)">) -> !cute.int_tuple<"0">
  return
}

// -----

// A basis tuple and an integer index cannot be added: such a layout is not
// a type (NVIDIA's stride rule; the algebra's crd2idx says the same).
// expected-error @+1 {{invalid !cute.layout "(4,3):(1,1@1)": expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed), but got "(1,1@1)"}}
func.func @crd_mixed_strides(%c: !cute.coord<"(1,1)">, %l: !cute.layout<"(4,3):(1,1@1)">) {
  return
}

// -----

func.func @swizzle_params() {
  // expected-error @+2 {{'cute.make_swizzle' op make_swizzle(3, 4, 2): |shift| = 2 must be >= bits = 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = cute.make_swizzle 3, 4, 2 : !cute.swizzle<"S<3,4,3>">
  return
}

// -----

func.func @layout_eval_not_congruent(%c: !cute.coord<"(1,2,3)">, %l: !cute.layout<"(2,4):(1,2)">) {
  // expected-error @+2 {{'cute.layout_eval' op crd2idx((1,2,3), (2,4):(1,2)): coordinate (1,2,3) does not match shape (2,4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %e = cute.layout_eval(%c, %l) : (!cute.coord<"(1,2,3)">, !cute.layout<"(2,4):(1,2)">) -> !cute.int_tuple<"5">
  return
}

// -----

func.func @flatten_wrong_result(%l: !cute.layout<"((2,3),4):((1,2),6)">) {
  // expected-error @+2 {{'cute.flatten' op inferred type(s) '!cute.layout<"(2,3,4):(1,2,6)">' are incompatible with return type(s) of operation '!cute.layout<"(6,4):(2,6)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %f = cute.flatten(%l) : (!cute.layout<"((2,3),4):((1,2),6)">) -> !cute.layout<"(6,4):(2,6)">
  return
}

// -----

func.func @tuple_product_of_a_layout(%l: !cute.layout<"(2,4):(1,2)">) {
  // expected-error @+1 {{'cute.tuple_product' op operand #0 must be}}
  %p = "cute.tuple_product"(%l) : (!cute.layout<"(2,4):(1,2)">) -> !cute.shape<"8">
  return
}

// -----

func.func @tuple_product_each_wrong(%s: !cute.shape<"((2,3),4)">) {
  // expected-error @+2 {{'cute.tuple_product_each' op inferred type(s) '!cute.shape<"(6,4)">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %q = cute.tuple_product_each(%s) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"24">
  return
}

// -----

func.func @get_out_of_range(%t: !cute.int_tuple<"(3,(4,5))">) {
  // expected-error @+2 {{'cute.get' op get((4,5)): mode 2 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %b = cute.get<[1, 2]> (%t) : !cute.int_tuple<"(3,(4,5))"> -> !cute.int_tuple<"4">
  return
}

// -----

func.func @select_out_of_range(%l: !cute.layout<"(4,8):(1,4)">) {
  // expected-error @+2 {{'cute.select' op select((4,8):(1,4), [2]): mode 2 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.select<[2]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"(4):(1)">
  return
}

// -----

func.func @get_negative_mode(%l: !cute.layout<"(4,8):(1,4)">) {
  // expected-error @+2 {{'cute.get' op get: mode index -1 is negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = cute.get<[-1]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"4:1">
  return
}

// -----

func.func @size_past_a_scalar(%s: !cute.shape<"(4,2)">) {
  // expected-error @+2 {{'cute.size' op size: mode path [0, 0] descends past the scalar 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = cute.size<[0, 0]> (%s) : (!cute.shape<"(4,2)">) -> !cute.int_tuple<"4">
  return
}

// -----

func.func @cosize_mode_out_of_range(%c: !cute.layout<"(4,3,2):(1,4,12)">) {
  // expected-error @+2 {{'cute.cosize' op get((4,3,2):(1,4,12), 3): mode 3 is out of range for rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %d = cute.cosize<[3]> (%c) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"9">
  return
}

// -----

// A conversion keeps the target kind's leaf rules: extents are positive.
func.func @to_shape_of_a_zero(%t: !cute.int_tuple<"(0,4)">) {
  // expected-error @+2 {{'cute.to_shape' op to_shape((0,4)): shape leaf #0 (0) is an integer: shape extents must be positive}}
  // expected-error @+1 {{failed to infer returned types}}
  %b = cute.to_shape(%t) : !cute.int_tuple<"(0,4)"> -> !cute.shape<"(1,4)">
  return
}

// -----

func.func @to_coord_of_a_negative(%t: !cute.int_tuple<"(-1,4)">) {
  // expected-error @+2 {{'cute.to_coord' op to_coord((-1,4)): coord leaf #0 (-1) is an integer: coordinates are non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %d = cute.to_coord(%t) : !cute.int_tuple<"(-1,4)"> -> !cute.coord<"(0,4)">
  return
}

// -----

// Run-time strides: composition and the divides by static tilers are
// accepted (strides times static factors); a product is not, since the
// complement it builds takes its extents from the strides' values: the
// diagnostic names the leaf (docs/lowering.md).
func.func @product_of_run_time_strides(%a: !cute.layout<"(4,2):(?,?)">, %b: !cute.layout<"(2,2):(1,2)">) {
  %ok = cute.composition(%a, %b) : (!cute.layout<"(4,2):(?,?)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(2,2):(?,?)">
  // expected-error @+2 {{'cute.logical_product' op logical_product((4,2):(?,?), (2,2):(1,2)): the block (4,2):(?,?) must be static, but `?` is not}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.logical_product(%a, %b) : (!cute.layout<"(4,2):(?,?)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(4,2,2,2):(?,?,?,?)">
  return
}
