// cute.get / cute.select of tiles and composed layouts: modes in range.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @tile_range(%t: !cute.tile<"[8:1;_]">) {
  // expected-error @+2 {{mode 2 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = cute.get<[2]> (%t) : !cute.tile<"[8:1;_]"> -> !cute.tile<"_">
  return
}

// -----

func.func @composed_range(%c: !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)">) {
  // expected-error @+2 {{out of range}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = cute.select<[2]> (%c) : !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)"> -> !cute.composed_layout<"S<2,3,3> o 0 o 16:1">
  return
}
