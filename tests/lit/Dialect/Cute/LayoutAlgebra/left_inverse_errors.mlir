// cute.left_inverse: static strides, an injective layout, no negative
// coordinate strides.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @run_time_stride(%l: !cute.layout<"(4,3):(?,1)">) {
  // expected-error @+2 {{stride `?` is dynamic; this operation needs static values}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.left_inverse(%l) : (!cute.layout<"(4,3):(?,1)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @not_injective(%l: !cute.layout<"(4,6):(2,3)">) {
  // expected-error @+2 {{no left inverse}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.left_inverse(%l) : (!cute.layout<"(4,6):(2,3)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @negative_basis(%l: !cute.layout<"(4,2):(-1@0,1@1)">) {
  // expected-error @+2 {{is negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.left_inverse(%l) : (!cute.layout<"(4,2):(-1@0,1@1)">) -> !cute.layout<"1:0">
  return
}

// -----

func.func @basis_not_multiple(%l: !cute.layout<"(2,2):(2@0,3@0)">) {
  // expected-error @+2 {{stride 3 is not a multiple of stride 2: no left inverse}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.left_inverse(%l) : (!cute.layout<"(2,2):(2@0,3@0)">) -> !cute.layout<"1:0">
  return
}
