// coalesce / group_modes of composed layouts: the outer layout's rules.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @group_range(%l: !cute.composed_layout<"S<2,3,3> o 0 o (4,8):(1,4)">) {
  // expected-error @+1 {{group_modes}}
  %g = cute.group_modes<1, 3>(%l) : (!cute.composed_layout<"S<2,3,3> o 0 o (4,8):(1,4)">) -> !cute.composed_layout<"S<2,3,3> o 0 o (4,8):(1,4)">
  return
}

// -----

// Bases of different paths do not merge.
func.func @no_cross_basis(%l: !cute.layout<"(4,8):(1@0,4@1)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"(4,8):(1@0,4@1)">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.coalesce(%l) : (!cute.layout<"(4,8):(1@0,4@1)">) -> !cute.layout<"32:1@0">
  return
}
