// cute.make_layout_like needs a layout with integer strides.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @not_a_layout(%s: !cute.shape<"(4,2)">) {
  // expected-error @+1 {{operand #0 must be}}
  %r = cute.make_layout_like(%s) : !cute.shape<"(4,2)"> -> !cute.layout<"(4,2):(1,4)">
  return
}

// -----

func.func @basis_strides(%l: !cute.layout<"(4,2):(1@0,1@1)">) {
  // expected-error @+2 {{make_layout_like((4,2):(1@0,1@1))}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.make_layout_like(%l) : !cute.layout<"(4,2):(1@0,1@1)"> -> !cute.layout<"(4,2):(1,4)">
  return
}

// -----

func.func @layout_inner(%c: !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">) {
  // expected-error @+2 {{the composed layout's inner part must be a swizzle}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.make_layout_like(%c) : !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)"> -> !cute.layout<"(2,3):(1,2)">
  return
}
