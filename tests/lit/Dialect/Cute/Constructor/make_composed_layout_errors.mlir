// cute.make_composed_layout: an inner part, an offset, an outer layout.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @inner_kind(%t: !cute.shape<"4">, %o: !cute.int_tuple<"0">, %l: !cute.layout<"4:1">) {
  // expected-error @+2 {{operand #0 (the inner part) must be a swizzle or a layout, not !cute.shape}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.make_composed_layout(%t, %o, %l) : (!cute.shape<"4">, !cute.int_tuple<"0">, !cute.layout<"4:1">) -> !cute.composed_layout<"S<1,2,3> o 0 o 4:1">
  return
}

// -----

func.func @count(%o: !cute.int_tuple<"0">, %l: !cute.layout<"4:1">) {
  // expected-error @+2 {{expects the outer layout (spec 002) or (inner, offset, outer)}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.make_composed_layout(%o, %l) : (!cute.int_tuple<"0">, !cute.layout<"4:1">) -> !cute.composed_layout<"S<1,2,3> o 0 o 4:1">
  return
}

// -----

// A swizzle acts on integer offsets, not on a coordinate layout's.
func.func @swizzle_of_coordinates(%s: !cute.swizzle<"S<1,2,3>">, %o: !cute.int_tuple<"0">, %l: !cute.layout<"4:1@0">) {
  // expected-error @+2 {{a swizzle composes with integer strides}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.make_composed_layout(%s, %o, %l) : (!cute.swizzle<"S<1,2,3>">, !cute.int_tuple<"0">, !cute.layout<"4:1@0">) -> !cute.composed_layout<"S<1,2,3> o 0 o 4:1">
  return
}
