// cute.make_composed_layout in NVIDIA's spelling, (%inner, %offset, %outer):
// a swizzle or layout inner part, an int-tuple offset. Spec 002's spelling
// (the outer layout with swizzle/offset attributes): ../construction.mlir.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' -verify-diagnostics | FileCheck %s --check-prefix=DESUGAR

// A swizzle and a static offset: desugared to make_composed_layout_raw.
// CHECK-LABEL: @swizzle
// CHECK: cute.make_composed_layout(%{{.*}}, %{{.*}}, %{{.*}}) : (!cute.swizzle<"S<2,3,3>">, !cute.int_tuple<"0">, !cute.layout<"(8,16):(16,1)">) -> !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)">
// DESUGAR-LABEL: @swizzle
// DESUGAR: cute.make_composed_layout_raw %{{.*}}, %{{.*}}, %{{.*}} : (!cute.layout<"(8,16):(16,1)">, !cute.swizzle<"S<2,3,3>">, !cute.int_tuple<"0">)
func.func @swizzle(%s: !cute.swizzle<"S<2,3,3>">, %o: !cute.int_tuple<"0">, %l: !cute.layout<"(8,16):(16,1)">) -> !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)"> {
  %c = cute.make_composed_layout(%s, %o, %l) : (!cute.swizzle<"S<2,3,3>">, !cute.int_tuple<"0">, !cute.layout<"(8,16):(16,1)">) -> !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)">
  return %c : !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)">
}

// -----

// A layout inner part over a coordinate outer layout, a tuple offset.
// CHECK-LABEL: @layout_inner
// CHECK: -> !cute.composed_layout<"(6,4):(1,6) o (1,0) o (3,2):(1@0,1@1)">
func.func @layout_inner(%a: !cute.layout<"(6,4):(1,6)">, %o: !cute.int_tuple<"(1,0)">, %b: !cute.layout<"(3,2):(1@0,1@1)">) {
  %c = cute.make_composed_layout(%a, %o, %b) : (!cute.layout<"(6,4):(1,6)">, !cute.int_tuple<"(1,0)">, !cute.layout<"(3,2):(1@0,1@1)">) -> !cute.composed_layout<"(6,4):(1,6) o (1,0) o (3,2):(1@0,1@1)">
  // expected-error @-1 {{has a layout inner part or a run-time offset, which has no lowering yet}}
  return
}
