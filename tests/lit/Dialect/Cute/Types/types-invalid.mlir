// Malformed or invalid type specs are MLIR parse errors carrying the Rust
// layout parser's message.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{invalid !cute.layout "((2,4),4):((1,16)": at column}}
func.func private @unbalanced(!cute.layout<"((2,4),4):((1,16)">)

// -----

// expected-error @+1 {{invalid !cute.shape "(4,0)": shape leaf #1 (0) is an integer: shape extents must be positive}}
func.func private @zero_extent(!cute.shape<"(4,0)">)

// -----

// expected-error @+1 {{invalid !cute.layout "(2,4):(1,2,3)"}}
func.func private @incongruent(!cute.layout<"(2,4):(1,2,3)">)

// -----

// expected-error @+1 {{invalid !cute.stride "(1,_)"}}
func.func private @underscore_stride(!cute.stride<"(1,_)">)

// -----

// expected-error @+1 {{unknown type '!cute.matrix'}}
func.func private @unknown(!cute.matrix<"(2)">)

// -----

// A swizzle has no rank: an unquoted integer body is rejected with a hint.
// expected-error @+1 {{invalid !cute.swizzle "3": an unquoted integer is a rank, which !cute.swizzle has not; quote the body (<"3">)}}
func.func private @swizzle_rank(!cute.swizzle<3>)

// -----

// expected-error @+1 {{invalid !cute.coord "0": an unquoted integer is a rank (spec 000: !cute.coord<2> is a rank-2 run-time coordinate), and rank 0 is not in 1..=64; quote the body for a static value (<"0">)}}
func.func private @rank_zero(!cute.coord<0>)

// -----

// Offsets are 32-bit: a swizzle may not reach past bit 32.
// expected-error @+1 {{addresses bits beyond 32: bits + base + |shift| = 36}}
func.func private @swizzle_too_high(!cute.swizzle<"S<4,24,8>">)

// -----

// An attribute holds a static value: the unquoted rank notation is a type's.
// expected-error @+1 {{expected string: #cute.shape<16> is the rank notation of a type; an attribute takes a quoted value, e.g. #cute.shape<"16">}}
func.func private @attribute_rank() attributes {s = #cute.shape<16>}
