// cute.composed_get_inner / _offset / _outer: the parts of a composed
// layout `inner o offset o outer`.
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

!C = !cute.composed_layout<"S<2,4,3> o 32 o ((8,2),64):((64,512),1)">
// CHECK-LABEL: @parts
// CHECK: cute.composed_get_inner(%{{.*}}) : !cute.composed_layout<"S<2,4,3> o 32 o ((8,2),64):((64,512),1)"> -> !cute.swizzle<"S<2,4,3>">
// CHECK: cute.composed_get_offset(%{{.*}}) : {{.*}} -> !cute.int_tuple<"32">
// CHECK: cute.composed_get_outer(%{{.*}}) : {{.*}} -> !cute.layout<"((8,2),64):((64,512),1)">
func.func @parts(%c: !C) {
  %i = cute.composed_get_inner(%c) : !C -> !cute.swizzle<"S<2,4,3>">
  %o = cute.composed_get_offset(%c) : !C -> !cute.int_tuple<"32">
  %l = cute.composed_get_outer(%c) : !C -> !cute.layout<"((8,2),64):((64,512),1)">
  return
}
