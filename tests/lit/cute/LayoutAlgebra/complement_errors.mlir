// cute.complement: static values, a cotarget that is a tuple or a layout.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @dynamic(%l: !cute.layout<"?:2">) {
  // expected-error @+2 {{shape `?` is dynamic; this operation needs static values}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.complement(%l) : (!cute.layout<"?:2">) -> !cute.layout<"2:1">
  return
}

// -----

func.func @tile_cotarget(%l: !cute.layout<"4:1">, %t: !cute.tile<"[8:1]">) {
  // expected-error @+2 {{operand #1 must be}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.complement(%l, %t) : (!cute.layout<"4:1">, !cute.tile<"[8:1]">) -> !cute.layout<"2:4">
  return
}
