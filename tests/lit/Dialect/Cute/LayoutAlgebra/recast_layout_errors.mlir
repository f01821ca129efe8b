// cute.recast_layout: positive widths, divisible strides, power-of-two ratios
// for swizzles.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @zero_width(%l: !cute.layout<"(8,4):(1,8)">) {
  // expected-error @+2 {{bit widths must be positive, got new 0, old 8}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.recast_layout<0, 8> (%l) : !cute.layout<"(8,4):(1,8)"> -> !cute.layout<"(8,4):(1,8)">
  return
}

// -----

func.func @indivisible(%l: !cute.layout<"(8,4):(1,6)">) {
  // expected-error @+2 {{stride 6 and the factor 4 do not divide one another}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.recast_layout<32, 8> (%l) : !cute.layout<"(8,4):(1,6)"> -> !cute.layout<"(2,4):(1,2)">
  return
}

// -----

func.func @swizzle_base(%l: !cute.composed_layout<"S<2,1,3> o 0 o (8,8):(8,1)">) {
  // expected-error @+2 {{the swizzle base 1 is below log2 of the ratio 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.recast_layout<64, 16> (%l) : !cute.composed_layout<"S<2,1,3> o 0 o (8,8):(8,1)"> -> !cute.composed_layout<"S<2,1,3> o 0 o (8,2):(2,1)">
  return
}

// -----

func.func @layout_inner_odd_offset(%c: !cute.composed_layout<"(6,5):(1,6) o 3 o (8,4):(1,8)">) {
  // expected-error @+2 {{the offset 3 is not a multiple of the ratio}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.recast_layout<32, 16>(%c) : !cute.composed_layout<"(6,5):(1,6) o 3 o (8,4):(1,8)"> -> !cute.composed_layout<"(3,5):(1,3) o 1 o (4,4):(1,4)">
  return
}
