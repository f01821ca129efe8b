// A tuple operand of a constructor fills one leaf: a scalar integer.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @not_scalar(%t: !cute.int_tuple<"(?,?)">) {
  // expected-error @+1 {{operand #0 (!cute.int_tuple<"(?,?)">) fills one leaf, so it must be a scalar integer}}
  %s = cute.make_shape(%t) : (!cute.int_tuple<"(?,?)">) -> !cute.shape<"?">
  return
}

// -----

func.func @count(%t: !cute.int_tuple<"?">) {
  // expected-error @+1 {{expects 2 operand(s), one per dynamic leaf}}
  %s = cute.make_coord(%t) : (!cute.int_tuple<"?">) -> !cute.coord<"(?,?)">
  return
}
