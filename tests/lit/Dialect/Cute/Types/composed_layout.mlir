// !cute.composed_layout in NVIDIA's notation: the inner part a swizzle or a
// layout, the offset an integer, `?`, or a tuple for basis-strided layouts.
// Round trip; the accessors read the parts; the divides and products act on
// the outer layout and keep inner part and offset.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @layout_inner
// CHECK-SAME: !cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)">
// CHECK: cute.composed_get_inner(%{{.*}}) : {{.*}} -> !cute.layout<"(8,4):(4,1)">
func.func @layout_inner(%c: !cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)">) -> !cute.layout<"(8,4):(4,1)"> {
  %i = cute.composed_get_inner(%c) : !cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)"> -> !cute.layout<"(8,4):(4,1)">
  return %i : !cute.layout<"(8,4):(4,1)">
}

// -----

// A run-time inner layout and offset; the divide tiles the outer layout.
// CHECK-LABEL: @dynamic_offset
// CHECK: cute.logical_divide(%{{.*}}, %{{.*}}) : (!cute.composed_layout<"(?):(?) o ? o (8,6):(6,1)">, !cute.layout<"4:1">) -> !cute.composed_layout<"(?):(?) o ? o (4,(2,6)):(6,(24,1))">
// CHECK: cute.composed_get_offset(%{{.*}}) : {{.*}} -> !cute.int_tuple<"?">
func.func @dynamic_offset(%c: !cute.composed_layout<"(?):(?) o ? o (8,6):(6,1)">, %t: !cute.layout<"4:1">) {
  %d = cute.logical_divide(%c, %t) : (!cute.composed_layout<"(?):(?) o ? o (8,6):(6,1)">, !cute.layout<"4:1">) -> !cute.composed_layout<"(?):(?) o ? o (4,(2,6)):(6,(24,1))">
  %o = cute.composed_get_offset(%c) : !cute.composed_layout<"(?):(?) o ? o (8,6):(6,1)"> -> !cute.int_tuple<"?">
  return
}

// -----

// Basis-strided parts take a tuple offset.
// CHECK-LABEL: @basis
// CHECK-SAME: !cute.composed_layout<"(4,5):(1@0,1@1) o (1,2) o (2,3):(1@0,1@1)">
func.func @basis(%c: !cute.composed_layout<"(4,5):(1@0,1@1) o (1,2) o (2,3):(1@0,1@1)">) {
  return
}
