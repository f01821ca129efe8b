// Round trip of the cute attributes, including the spec 001 basis-descriptor
// grammar, and their diagnostics.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// Attributes print sorted by name; descriptors print in spec 001's readable
// form `(1@0, 1@1)`.
// CHECK-LABEL: @attrs
// CHECK-SAME: basis = #cute.basis<"(1@0, 1@1)">
// CHECK-SAME: coord = #cute.coord<"(_,1)">
// CHECK-SAME: empty = #cute.basis<"()">
// CHECK-SAME: frac = #cute.basis<"(1/2@0, 4@1)">
// CHECK-SAME: layout = #cute.layout<"(8,4):(1,8)">
// CHECK-SAME: multi = #cute.basis<"((1@0, 8@1), 1@2@1)">
// CHECK-SAME: sw = #cute.swizzle<"S<3,4,3>">
// CHECK-SAME: tile = #cute.tile<"[128:1;64:1]">
func.func private @attrs() attributes {
  layout = #cute.layout<<8:1, 4:8>>, tile = #cute.tile<"[128:1;64:1]">, coord = #cute.coord<"(_, 1)">,
  basis = #cute.basis<"(1@0, 1@1)">, frac = #cute.basis<"(2/4@0, 4@1)">,
  multi = #cute.basis<"((1@0, 8@1), 1 @ 2 @ 1)">, empty = #cute.basis<"( )">,
  sw = #cute.swizzle<"Sw<3,4,3>">}

// -----

// expected-error @+1 {{invalid #cute.basis "(1/0@0)": at column}}
func.func private @zero_denominator() attributes {b = #cute.basis<"(1/0@0)">}

// -----

// expected-error @+1 {{invalid #cute.basis "(1@0, 1@)"}}
func.func private @missing_dim() attributes {b = #cute.basis<"(1@0, 1@)">}

// -----

// expected-error @+1 {{unknown attribute '#cute.matrix'}}
func.func private @unknown() attributes {b = #cute.matrix<"(1)">}
