// Composed layouts NVIDIA's rules reject, and ops that need a swizzled one.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{a swizzle composes with integer strides, not the basis strides of (4,2):(1@0,1@1)}}
func.func @swizzle_on_basis(%c: !cute.composed_layout<"S<3,4,3> o 0 o (4,2):(1@0,1@1)">) {
  return
}

// -----

// expected-error @+1 {{the outer layout (2,3):(1,2@0): expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed), but got "(1,2@0)"}}
func.func @mixed(%c: !cute.composed_layout<"(4,5):(1,4) o 0 o (2,3):(1,2@0)">) {
  return
}

// -----

// expected-error @+1 {{the offset 3 does not add to the basis values of (2,3):(1@0,1@1)}}
func.func @scalar_offset(%c: !cute.composed_layout<"(6,3):(1,6) o 3 o (2,3):(1@0,1@1)">) {
  return
}

// -----

// expected-error @+1 {{the inner layout (4,5):(1@1@0,1@0): expects scaled-basis paths to agree on mode-index depth}}
func.func @nesting(%c: !cute.composed_layout<"(4,5):(1@1@0,1@0) o 0 o (2,3):(1,2)">) {
  return
}

// -----

// The swizzle-only operations name what they need.
func.func @cosize(%c: !cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)">) {
  // expected-error @+2 {{the inner part is a layout (cosize is defined for a swizzled one)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.cosize(%c) : (!cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)">) -> !cute.int_tuple<"4">
  return
}

// -----

// A layout inner part takes offset + outer(c) as its coordinate: here a
// rank-1 tuple ((x,y)) against the rank-2 shape (4,5).
// expected-error @+1 {{is neither a scalar nor weakly congruent to its shape (4,5)}}
func.func private @inner_coordinate(!cute.composed_layout<"(4,5):(1,4) o 0 o ((2,2)):((1@0@0,?@1@0))">)
