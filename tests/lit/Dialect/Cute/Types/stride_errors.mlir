// Stride rules of NVIDIA's CuTe IR for !cute.stride and !cute.layout: no
// mix of integers and bases (zeros may), integral basis counts, no basis
// path ending where another continues.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed), but got "((2,1@0),4)"}}
func.func @mixed(%d: !cute.stride<"((2,1@0),4)">) {
  return
}

// -----

// expected-error @+1 {{expects scaled-basis strides to have integer values, not ratios, but got "(3/2@1,1@0)"}}
func.func @ratio(%l: !cute.layout<"(2,2):(3/2@1,1@0)">) {
  return
}

// -----

// expected-error @+1 {{expects scaled-basis paths to agree on mode-index depth (no path may terminate at a node that another path continues through), but got "(1@1,1@0@1)"}}
func.func @depth(%d: !cute.stride<"(1@1,1@0@1)">) {
  return
}

// -----

// A tile's layout slots follow the same stride rules.
// expected-error @+1 {{expects strides to be either all-integer or all-scaled-basis}}
func.func private @tile_slot_mix(!cute.tile<"[(2,3):(1,1@0);4:1]">)
