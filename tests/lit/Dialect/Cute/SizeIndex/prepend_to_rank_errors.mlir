// cute.prepend_to_rank: a positive rank and an element of the input's kind.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @negative_rank(%s: !cute.coord<"(1,2)">, %e: !cute.coord<"0">) {
  // expected-error @+1 {{prepend_to_rank<-1>: the target rank must be positive}}
  %r = cute.prepend_to_rank<-1> (%s, %e) : !cute.coord<"(1,2)">, !cute.coord<"0">
  return
}

// -----

func.func @composed_with_tuple(%l: !cute.composed_layout<"S<2,4,3> o 0 o (16,4):(4,1)">, %e: !cute.int_tuple<"1">) {
  // expected-error @+1 {{prepend_to_rank: a !cute.composed_layout pads with a !cute.layout, not a !cute.int_tuple}}
  %r = cute.prepend_to_rank<3> (%l, %e) : !cute.composed_layout<"S<2,4,3> o 0 o (16,4):(4,1)">, !cute.int_tuple<"1">
  return
}
