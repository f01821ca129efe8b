// cute.append_to_rank: a positive rank and an element of the input's kind.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @zero_rank(%s: !cute.shape<"(4,8)">, %e: !cute.shape<"1">) {
  // expected-error @+1 {{append_to_rank<0>: the target rank must be positive}}
  %r = cute.append_to_rank<0> (%s, %e) : !cute.shape<"(4,8)">, !cute.shape<"1">
  return
}

// -----

func.func @kinds(%s: !cute.shape<"(4,8)">, %e: !cute.stride<"1">) {
  // expected-error @+1 {{append_to_rank: a !cute.shape pads with a !cute.shape, not a !cute.stride}}
  %r = cute.append_to_rank<3> (%s, %e) : !cute.shape<"(4,8)">, !cute.stride<"1">
  return
}

// -----

func.func @layout_with_tuple(%l: !cute.layout<"4:1">, %e: !cute.shape<"1">) {
  // expected-error @+1 {{append_to_rank: a !cute.layout pads with a !cute.layout, not a !cute.shape}}
  %r = cute.append_to_rank<3> (%l, %e) : !cute.layout<"4:1">, !cute.shape<"1">
  return
}
