// cute.recast_layout<new, old>: a layout over elements of another width.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// Four f16 values per 64-bit word: the K-major 64x8 tile in u64 units.
// CHECK-LABEL: @upcast
// CHECK: cute.recast_layout<64, 16> (%{{.*}}) : !cute.layout<"(8,64):(64,1)"> -> !cute.layout<"(8,16):(16,1)">
func.func @upcast(%l: !cute.layout<"(8,64):(64,1)">) {
  %r = cute.recast_layout<64, 16> (%l) : !cute.layout<"(8,64):(64,1)"> -> !cute.layout<"(8,16):(16,1)">
  return
}

// -----

// Bytes of an f32 tile: the stride-1 mode grows, other strides scale.
// CHECK-LABEL: @downcast
// CHECK: -> !cute.layout<"(16,(8,2)):(1,(16,128))">
func.func @downcast(%l: !cute.layout<"(4,(8,2)):(1,(4,32))">) {
  %r = cute.recast_layout<8, 32> (%l) : !cute.layout<"(4,(8,2)):(1,(4,32))"> -> !cute.layout<"(16,(8,2)):(1,(16,128))">
  return
}

// -----

// 48-bit over 32-bit units: upcast by 3 (gcd 16), then downcast by 2.
// CHECK-LABEL: @through_gcd
// CHECK: -> !cute.layout<"(4,2):(1,8)">
func.func @through_gcd(%l: !cute.layout<"(6,2):(1,12)">) {
  %r = cute.recast_layout<48, 32> (%l) : !cute.layout<"(6,2):(1,12)"> -> !cute.layout<"(4,2):(1,8)">
  return
}

// -----

// A swizzled f16 stage seen as 128-bit vectors: the swizzle base drops by
// log2(8) = 3 and the offset divides by 8.
// CHECK-LABEL: @swizzled
// CHECK: -> !cute.composed_layout<"S<3,0,3> o 8 o (8,8):(8,1)">
func.func @swizzled(%l: !cute.composed_layout<"S<3,3,3> o 64 o (8,64):(64,1)">) {
  %r = cute.recast_layout<128, 16> (%l) : !cute.composed_layout<"S<3,3,3> o 64 o (8,64):(64,1)"> -> !cute.composed_layout<"S<3,0,3> o 8 o (8,8):(8,1)">
  return
}

// -----

// A layout inner part recasts like the outer one, the offset by the ratio
// (CuTe's upcast of a ComposedLayout): 16-bit to 32-bit elements halves
// every stride-1 extent and the offset.
// CHECK-LABEL: @layout_inner
// CHECK: -> !cute.composed_layout<"(3,5):(1,3) o 2 o (4,4):(1,4)">
func.func @layout_inner(%c: !cute.composed_layout<"(6,5):(1,6) o 4 o (8,4):(1,8)">) {
  %r = cute.recast_layout<32, 16>(%c) : !cute.composed_layout<"(6,5):(1,6) o 4 o (8,4):(1,8)"> -> !cute.composed_layout<"(3,5):(1,3) o 2 o (4,4):(1,4)">
  return
}
