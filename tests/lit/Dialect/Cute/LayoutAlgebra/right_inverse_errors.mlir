// cute.right_inverse: static extents, strides of one kind, the inferred
// result.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @run_time_extent(%l: !cute.layout<"(?,3):(1,4)">) {
  // expected-error @+2 {{shape `?` is dynamic; this operation needs static values}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.right_inverse(%l) : (!cute.layout<"(?,3):(1,4)">) -> !cute.layout<"1:0">
  return
}

// -----

// expected-error @+1 {{expects strides to be either all-integer or all-scaled-basis}}
func.func @mixed_strides(%l: !cute.layout<"(4,3):(1@0,4)">) {
  return
}

// -----

func.func @wrong_result(%l: !cute.layout<"(4,3):(1,4)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"12:1">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.right_inverse(%l) : (!cute.layout<"(4,3):(1,4)">) -> !cute.layout<"6:1">
  return
}

// -----

// A coordinate layout's inverse is over the linearized codomain, not the
// transpose.
func.func @basis_result(%l: !cute.layout<"(4,3):(1@0,1@1)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"(4,3):(1,4)">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.right_inverse(%l) : (!cute.layout<"(4,3):(1@0,1@1)">) -> !cute.layout<"(3,4):(4,1)">
  return
}
