// cute.tuple_add / cute.tuple_sub: one kind of tuple, matching structure
// where a scalar meets a tuple.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @kinds(%a: !cute.shape<"(2,3)">, %b: !cute.coord<"(1,1)">) {
  // expected-error @+2 {{tuple_add: the operands must be tuples of one kind, but got !cute.shape and !cute.coord}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.tuple_add(%a, %b) : (!cute.shape<"(2,3)">, !cute.coord<"(1,1)">) -> !cute.shape<"(3,4)">
  return
}

// -----

func.func @scalar_right(%a: !cute.int_tuple<"(2,3)">, %b: !cute.int_tuple<"4">) {
  // expected-error @+2 {{the right operand 4 is a scalar and the left (2,3) a tuple}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.tuple_sub(%a, %b) : (!cute.int_tuple<"(2,3)">, !cute.int_tuple<"4">) -> !cute.int_tuple<"(?,?)">
  return
}

// -----

func.func @wrong_result(%a: !cute.int_tuple<"(2,3)">, %b: !cute.int_tuple<"(1,1,1)">) {
  // expected-error @+2 {{inferred type(s) '!cute.int_tuple<"(3,4,1)">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.tuple_add(%a, %b) : (!cute.int_tuple<"(2,3)">, !cute.int_tuple<"(1,1,1)">) -> !cute.int_tuple<"(3,4)">
  return
}

// -----

// 0 + t is t, but 0 - t is not: no identity on the left of a difference.
func.func @zero_minus_tuple(%a: !cute.int_tuple<"0">, %b: !cute.int_tuple<"(3,4)">) {
  // expected-error @+2 {{the left operand 0 is a scalar and the right (3,4) a tuple}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.tuple_sub(%a, %b) : (!cute.int_tuple<"0">, !cute.int_tuple<"(3,4)">) -> !cute.int_tuple<"(3,4)">
  return
}
