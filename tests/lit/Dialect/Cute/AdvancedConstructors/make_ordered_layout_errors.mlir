// cute.make_ordered_layout rejects an order that does not follow the shape's
// modes, a run-time order, and a declared result other than the computed one.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @order_rank(%s: !cute.shape<"(4,2)">, %o: !cute.int_tuple<"(0,1,2)">) {
  // expected-error @+2 {{is not weakly congruent with shape (4,2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(0,1,2)">) -> !cute.layout<"(4,2):(1,4)">
  return
}

// -----

func.func @dynamic_order(%s: !cute.shape<"(4,8)">, %o: !cute.int_tuple<"(1,?)">) {
  // expected-error @+2 {{order `?` is dynamic; this operation needs static values}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,8)">, !cute.int_tuple<"(1,?)">) -> !cute.layout<"(4,8):(8,1)">
  return
}

// -----

func.func @wrong_result(%s: !cute.shape<"(3,4)">, %o: !cute.int_tuple<"(1,0)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"(3,4):(4,1)">' are incompatible with return type(s) of operation '!cute.layout<"(3,4):(1,3)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(3,4)">, !cute.int_tuple<"(1,0)">) -> !cute.layout<"(3,4):(1,3)">
  return
}
