// cute.shape_div (CuTe's) needs one extent to divide the other; ceil_div
// divides an int-tuple or a shape.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @neither_divides(%a: !cute.shape<"(6,4)">, %b: !cute.shape<"(4,2)">) {
  // expected-error @+2 {{shape_div(6, 4): neither divides the other}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.shape_div(%a, %b) : (!cute.shape<"(6,4)">, !cute.shape<"(4,2)">) -> !cute.shape<"(1,2)">
  return
}

// -----

func.func @ranks(%a: !cute.shape<"(6,4)">, %b: !cute.shape<"(2,2,1)">) {
  // expected-error @+2 {{divisor (2,2,1) is not congruent with shape (6,4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.shape_div(%a, %b) : (!cute.shape<"(6,4)">, !cute.shape<"(2,2,1)">) -> !cute.shape<"(3,2)">
  return
}

// -----

func.func @ceil_div_coord(%a: !cute.coord<"(6,4)">, %b: !cute.shape<"(4,2)">) {
  // expected-error @+1 {{operand #0 must be}}
  %r = cute.ceil_div(%a, %b) : (!cute.coord<"(6,4)">, !cute.shape<"(4,2)">) -> !cute.coord<"(2,2)">
  return
}

// -----

func.func @ceil_div_by_mode(%a: !cute.shape<"(8,8)">, %t: !cute.tile<"[4:1;2:1]">) {
  // expected-error @+2 {{only a one-layout tile divides}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.ceil_div(%a, %t) : (!cute.shape<"(8,8)">, !cute.tile<"[4:1;2:1]">) -> !cute.shape<"(2,4)">
  return
}
