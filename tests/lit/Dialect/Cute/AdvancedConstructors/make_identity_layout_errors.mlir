// cute.make_identity_layout takes a shape and computes its result.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @int_tuple(%s: !cute.int_tuple<"(4,2)">) {
  // expected-error @+1 {{operand #0 must be}}
  %l = cute.make_identity_layout(%s) : !cute.int_tuple<"(4,2)"> -> !cute.layout<"(4,2):(1@0,1@1)">
  return
}

// -----

func.func @wrong_result(%s: !cute.shape<"(4,2)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"(4,2):(1@0,1@1)">' are incompatible with return type(s) of operation '!cute.layout<"(4,2):(1,4)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = cute.make_identity_layout(%s) : !cute.shape<"(4,2)"> -> !cute.layout<"(4,2):(1,4)">
  return
}
