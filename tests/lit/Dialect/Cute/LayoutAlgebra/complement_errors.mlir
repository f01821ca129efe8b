// cute.complement: static values, a cotarget that is a tuple or a layout.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// CuTe sorts the strides of a longer layout at compile time.
func.func @dynamic_stride_rank_2(%l: !cute.layout<"(2,2):(?,1)">, %t: !cute.shape<"16">) {
  // expected-error @+2 {{stride `?` is dynamic; the complement of a layout of more than one mode needs static strides}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.complement(%l, %t) : (!cute.layout<"(2,2):(?,1)">, !cute.shape<"16">) -> !cute.layout<"2:1">
  return
}

// -----

func.func @dynamic_not_injective(%l: !cute.layout<"(4,?):(1,2)">, %t: !cute.shape<"?">) {
  // expected-error @+2 {{non-injective layout}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.complement(%l, %t) : (!cute.layout<"(4,?):(1,2)">, !cute.shape<"?">) -> !cute.layout<"2:1">
  return
}

// -----

func.func @tile_cotarget(%l: !cute.layout<"4:1">, %t: !cute.tile<"[8:1]">) {
  // expected-error @+2 {{operand #1 must be}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.complement(%l, %t) : (!cute.layout<"4:1">, !cute.tile<"[8:1]">) -> !cute.layout<"2:4">
  return
}
