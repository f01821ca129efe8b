// cute.make_layout: a congruent shape and stride tuple making the result, or
// integer leaves for the spec form.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @not_congruent(%s: !cute.shape<"(4,8)">, %d: !cute.stride<"(1,4,32)">) {
  // expected-error @+1 {{make_layout}}
  %l = cute.make_layout(%s, %d) : (!cute.shape<"(4,8)">, !cute.stride<"(1,4,32)">) -> !cute.layout<"(4,8):(1,4)">
  return
}

// -----

func.func @wrong_result(%s: !cute.shape<"(4,8)">, %d: !cute.stride<"(8,1)">) {
  // expected-error @+1 {{the shape and stride make !cute.layout<"(4,8):(8,1)">, not !cute.layout<"(4,8):(1,4)">}}
  %l = cute.make_layout(%s, %d) : (!cute.shape<"(4,8)">, !cute.stride<"(8,1)">) -> !cute.layout<"(4,8):(1,4)">
  return
}

// -----

func.func @stride_first(%d: !cute.stride<"(8,1)">) {
  // expected-error @+1 {{takes integer leaves (shape = (...), stride = (...)) or a shape and a stride tuple, got !cute.stride<"(8,1)">}}
  %l = cute.make_layout(%d, %d) : (!cute.stride<"(8,1)">, !cute.stride<"(8,1)">) -> !cute.layout<"(4,8):(1,4)">
  return
}
