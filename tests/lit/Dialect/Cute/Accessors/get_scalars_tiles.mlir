// cute.get_scalars of a tile (each slot's shape then stride leaves) and of
// a composed layout with a layout inner part (inner, offset, outer): typed
// here; their run-time leaves are not read by cute-desugar yet (reported).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' -verify-diagnostics

// A tile's scalars: each slot's shape then stride leaves; a composed layout
// with a layout inner part: inner, offset, outer.
// CHECK-LABEL: @tile_and_general_composed
// CHECK: cute.get_scalars <{only_dynamic}>(%{{.*}}) : !cute.tile<"[(?,4):(1,?);_;3:1]">
// CHECK: cute.get_scalars <{only_dynamic}>(%{{.*}}) : !cute.composed_layout<"(?,4):(1,?) o ? o (2,3):(1,2)">
func.func @tile_and_general_composed(%t: !cute.tile<"[(?,4):(1,?);_;3:1]">, %c: !cute.composed_layout<"(?,4):(1,?) o ? o (2,3):(1,2)">) -> (i32, i32, i32, i32, i32) {
  // expected-error @+1 {{the run-time leaves of a tile are not read yet}}
  %a, %b = cute.get_scalars<{only_dynamic}> (%t) : !cute.tile<"[(?,4):(1,?);_;3:1]">
  // expected-error @+1 {{are not read yet}}
  %x, %y, %z = cute.get_scalars<{only_dynamic}> (%c) : !cute.composed_layout<"(?,4):(1,?) o ? o (2,3):(1,2)">
  return %a, %b, %x, %y, %z : i32, i32, i32, i32, i32
}
