// get_shape of a tile with a `_` slot: it has none.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @underscore_slot(%t: !cute.tile<"[4:1;_]">) {
  // expected-error @+2 {{a `_` slot has no shape or stride}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = cute.get_shape(%t) : !cute.tile<"[4:1;_]"> -> !cute.shape<"(4,1)">
  return
}
