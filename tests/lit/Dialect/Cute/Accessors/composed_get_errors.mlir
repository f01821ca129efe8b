// The composed accessors take a composed layout and compute their part.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @plain_layout(%l: !cute.layout<"(4,5):(1,4)">) {
  // expected-error @+1 {{operand #0 must be}}
  %o = cute.composed_get_offset(%l) : !cute.layout<"(4,5):(1,4)"> -> !cute.int_tuple<"0">
  return
}

// -----

func.func @wrong_part(%c: !cute.composed_layout<"S<1,4,3> o 0 o (8,8):(8,1)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"(8,8):(8,1)">' are incompatible with return type(s) of operation '!cute.layout<"(8,8):(1,8)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = cute.composed_get_outer(%c) : !cute.composed_layout<"S<1,4,3> o 0 o (8,8):(8,1)"> -> !cute.layout<"(8,8):(1,8)">
  return
}
