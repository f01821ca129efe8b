// cute.get<[path]>: a path stops at a scalar leaf.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @past_scalar(%s: !cute.shape<"(4,(2,3))">) {
  // expected-error @+2 {{get: mode path [0, 0] descends past the scalar 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.get<[0, 0]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"4">
  return
}

// -----

func.func @layout_past_scalar(%l: !cute.layout<"(4,(2,3)):(1,(4,8))">) {
  // expected-error @+2 {{get: mode path [1, 0, 0] descends past the scalar 2:4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.get<[1, 0, 0]> (%l) : !cute.layout<"(4,(2,3)):(1,(4,8))"> -> !cute.layout<"2:4">
  return
}

// -----

func.func @out_of_range(%s: !cute.shape<"(4,(2,3))">) {
  // expected-error @+2 {{mode 2 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.get<[1, 2]> (%s) : !cute.shape<"(4,(2,3))"> -> !cute.shape<"4">
  return
}
