// cute.get_layouts_from_tile needs a tile with at least one layout.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @only_underscores(%t: !cute.tile<"[_;_]">) {
  // expected-error @+1 {{get_layouts_from_tile: the tile [_;_] has no layout, only underscores}}
  cute.get_layouts_from_tile(%t) : !cute.tile<"[_;_]">
  return
}

// -----

func.func @a_layout(%l: !cute.layout<"(4,8):(1,4)">) {
  // expected-error @+1 {{operand #0 must be}}
  %a = cute.get_layouts_from_tile(%l) : !cute.layout<"(4,8):(1,4)">
  return
}
