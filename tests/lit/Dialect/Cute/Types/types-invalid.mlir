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

// -----

// Issue 35: a static layout whose offsets or size leave 64-bit integers is
// refused, not wrapped (65536 x 65536, beyond i32, is legal: its offsets
// are computed in 64 bits, tests/lit/Conversion/CuteToLLVM/wide-offsets.mlir).
// expected-error @+1 {{invalid !cute.layout "(4294967296,4294967296):(4294967296,1)": too large: its offsets overflow 64-bit integers (integer overflow in 4294967295 * 4294967296)}}
func.func private @reach_overflows(!cute.layout<"(4294967296,4294967296):(4294967296,1)">)

// -----

// expected-error @+1 {{too large: its size overflows 64-bit integers}}
func.func private @size_overflows(!cute.layout<"(9223372036854775807,2):(0,0)">)

// -----

// The static part of a partly run-time layout is checked too.
// expected-error @+1 {{too large: its offsets overflow 64-bit integers}}
func.func private @static_part_overflows(!cute.layout<"(?,4,3):(1,?,4611686018427387904)">)

// -----

// expected-error @+1 {{too large: its offsets overflow 64-bit integers}}
func.func private @swizzled_outer_overflows(!cute.composed_layout<"S<3,4,3> o 0 o (4294967296,4294967296):(4294967296,1)">)

// -----

// A declared bound beyond i32 needs an i64 leaf.
// expected-error @+1 {{a bound of 4294967296 needs an i64 leaf ('?{max=4294967296,i64}')}}
func.func private @bound_too_wide(!cute.stride<"(1,?{max=4294967296})">)

// -----

// expected-error @+1 {{duplicate 'max' attribute}}
func.func private @bound_twice(!cute.shape<"(?{max=8,max=16},4)">)
