// layout_eval of a composed layout: a coordinate that fits the outer shape;
// cosize of a layout-inner composed layout is undefined.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @rank(%c: !cute.coord<"(1,2,3)">, %l: !cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) {
  // expected-error @+2 {{layout_eval((1,2,3), (16,16):(1,16)): the coordinate is not a leaf nor weakly congruent to the shape}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.layout_eval(%c, %l) : (!cute.coord<"(1,2,3)">, !cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) -> !cute.int_tuple<"?">
  return
}

// -----

func.func @cosize(%l: !cute.composed_layout<"(2,3):(1,2) o 0 o (4,5):(1,4)">) {
  // expected-error @+2 {{the inner part is a layout (cosize is defined for a swizzled one)}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = cute.cosize(%l) : (!cute.composed_layout<"(2,3):(1,2) o 0 o (4,5):(1,4)">) -> !cute.int_tuple<"20">
  return
}
