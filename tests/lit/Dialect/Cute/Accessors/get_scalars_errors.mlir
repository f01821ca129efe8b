// cute.get_scalars: as many results as the value has scalars, integer leaves.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @count(%l: !cute.layout<"(4,8):(1,?)">) {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %a, %b = cute.get_scalars<{only_dynamic}> (%l) : !cute.layout<"(4,8):(1,?)">
  return
}

// -----

func.func @basis(%l: !cute.layout<"(4,8):(1@0,1@1)">) {
  // expected-error @+1 {{get_scalars: the leaf 1@0 of (1@0,1@1) is not an integer}}
  %a:4 = cute.get_scalars (%l) : !cute.layout<"(4,8):(1@0,1@1)">
  return
}
