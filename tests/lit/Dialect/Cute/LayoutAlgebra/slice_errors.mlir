// cute.slice / cute.dice of a tuple: a coordinate that follows its modes.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @profile(%s: !cute.shape<"(4,8)">, %c: !cute.coord<"(_,_,0)">) {
  // expected-error @+1 {{slice((_,_,0), (4,8))}}
  %k = cute.slice(%s, %c) : !cute.shape<"(4,8)">, !cute.coord<"(_,_,0)">
  return
}

// -----

func.func @tile(%t: !cute.tile<"[4:1;8:1]">, %c: !cute.coord<"(_,0)">) {
  // expected-error @+1 {{operand #0 must be}}
  %k = cute.dice(%t, %c) : !cute.tile<"[4:1;8:1]">, !cute.coord<"(_,0)">
  return
}

// -----

// A swizzled composed layout's outer part must be static to be sliced.
func.func @swizzled_dynamic(%l: !cute.composed_layout<"S<2,3,3> o 0 o (?,16):(1,?)">, %c: !cute.coord<"(_,1)">) {
  // expected-error @+1 {{the outer layout of a swizzled composed layout must be static}}
  %s = cute.slice(%l, %c) : !cute.composed_layout<"S<2,3,3> o 0 o (?,16):(1,?)">, !cute.coord<"(_,1)">
  return
}

// -----

// A swizzled composed layout keeps at least one mode.
func.func @swizzled_everything(%l: !cute.composed_layout<"S<2,3,3> o 0 o (8,4):(1,8)">, %c: !cute.coord<"(2,1)">) {
  // expected-error @+1 {{keeps no mode}}
  %s = cute.slice(%l, %c) : !cute.composed_layout<"S<2,3,3> o 0 o (8,4):(1,8)">, !cute.coord<"(2,1)">
  return
}
