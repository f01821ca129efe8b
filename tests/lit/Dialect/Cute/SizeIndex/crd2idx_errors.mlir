// cute.crd2idx / cute.layout_eval: a coordinate, a layout or shape it fits.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @not_a_coord(%c: !cute.int_tuple<"(1,2)">, %s: !cute.shape<"(4,8)">) {
  // expected-error @+1 {{operand #0 must be}}
  %i = cute.crd2idx(%c, %s) : (!cute.int_tuple<"(1,2)">, !cute.shape<"(4,8)">) -> !cute.int_tuple<"9">
  return
}

// -----

func.func @stride_operand(%c: !cute.coord<"(1,2)">, %d: !cute.stride<"(1,4)">) {
  // expected-error @+1 {{operand #1 must be}}
  %i = cute.layout_eval(%c, %d) : (!cute.coord<"(1,2)">, !cute.stride<"(1,4)">) -> !cute.int_tuple<"9">
  return
}

// -----

func.func @wrong_index(%c: !cute.coord<"(1,2)">, %s: !cute.shape<"(4,8)">) {
  // expected-error @+2 {{inferred type(s) '!cute.int_tuple<"9">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %i = cute.crd2idx(%c, %s) : (!cute.coord<"(1,2)">, !cute.shape<"(4,8)">) -> !cute.int_tuple<"6">
  return
}

// -----

// Issue 37 (the removed `crd_basis_nesting` case): component 0 is a scalar
// for 1@0 and a tuple for 1@1@0, so the bases cannot form one result.
// expected-error @+1 {{invalid !cute.layout "(2,3):(1@0,1@1@0)": expects scaled-basis paths to agree on mode-index depth (no path may terminate at a node that another path continues through), but got "(1@0,1@1@0)"}}
func.func @bases_nesting_differently(%c: !cute.coord<"(1,1)">, %l: !cute.layout<"(2,3):(1@0,1@1@0)">) {
  return
}
