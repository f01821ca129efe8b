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

// -----

// An integer has the width of the leaf it fills: 32 bits for `?`, 64 for
// `?{i64}` (no silent truncation); index converts to either.
func.func @width(%n: i64, %m: index) {
  // expected-error @+1 {{expects operand #1 to have (width=32), but got (width=64)}}
  %s = cute.make_shape(%m, %n) : (index, i64) -> !cute.shape<"(?,?)">
  return
}

// -----

func.func @tuple_width(%t: !cute.int_tuple<"?{i64}">) {
  // expected-error @+1 {{expects operand #0 to have (width=32), but got (width=64)}}
  %s = cute.make_coord(%t) : (!cute.int_tuple<"?{i64}">) -> !cute.coord<"?">
  return
}
