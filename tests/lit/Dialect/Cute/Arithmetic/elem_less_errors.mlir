// cute.elem_less compares congruent tuples (not strides or tiles).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @nesting(%a: !cute.coord<"((1,2),3)">, %b: !cute.shape<"(4,5)">) {
  // expected-error @+1 {{expects congruent inputs, but got '!cute.coord<"((1,2),3)">' and '!cute.shape<"(4,5)">'}}
  %p = cute.elem_less(%a, %b) : (!cute.coord<"((1,2),3)">, !cute.shape<"(4,5)">) -> i1
  return
}

// -----

func.func @stride(%a: !cute.stride<"(1,2)">, %b: !cute.shape<"(4,5)">) {
  // expected-error @+1 {{operand #0 must be}}
  %p = cute.elem_less(%a, %b) : (!cute.stride<"(1,2)">, !cute.shape<"(4,5)">) -> i1
  return
}
