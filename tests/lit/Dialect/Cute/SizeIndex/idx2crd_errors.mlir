// cute.idx2crd: a tuple index needs a shape of its rank.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @rank(%i: !cute.int_tuple<"(1,2)">, %s: !cute.shape<"(4,8,2)">) {
  // expected-error @+2 {{a tuple index needs a shape of the same rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.idx2crd(%i, %s) : (!cute.int_tuple<"(1,2)">, !cute.shape<"(4,8,2)">) -> !cute.coord<"(1,2)">
  return
}
