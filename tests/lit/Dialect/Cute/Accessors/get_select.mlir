// cute.get<[path]> / cute.select<[modes]> of tiles (a slot is a tile) and
// composed layouts (the part of the outer layout); select<[]> is the empty
// tuple. Tuples and layouts: ../algebra.mlir.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR

// CHECK-LABEL: @tile_slots
// CHECK: cute.get<[1]> (%{{.*}}) : !cute.tile<"[8:1;_;(2,2):(1,4)]"> -> !cute.tile<"_">
// CHECK: cute.select<[2, 0]> (%{{.*}}) : !cute.tile<"[8:1;_;(2,2):(1,4)]"> -> !cute.tile<"[(2,2):(1,4);8:1]">
func.func @tile_slots(%t: !cute.tile<"[8:1;_;(2,2):(1,4)]">) {
  %a = cute.get<[1]> (%t) : !cute.tile<"[8:1;_;(2,2):(1,4)]"> -> !cute.tile<"_">
  %b = cute.select<[2, 0]> (%t) : !cute.tile<"[8:1;_;(2,2):(1,4)]"> -> !cute.tile<"[(2,2):(1,4);8:1]">
  return
}

// -----

// CHECK-LABEL: @composed
// CHECK: cute.get<[1]> (%{{.*}}) : !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)"> -> !cute.composed_layout<"S<2,3,3> o 0 o 16:1">
// CHECK: cute.select<[1, 0]> (%{{.*}}) : !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)"> -> !cute.composed_layout<"S<2,3,3> o 0 o (16,8):(1,16)">
func.func @composed(%c: !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)">) {
  %a = cute.get<[1]> (%c) : !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)"> -> !cute.composed_layout<"S<2,3,3> o 0 o 16:1">
  %b = cute.select<[1, 0]> (%c) : !cute.composed_layout<"S<2,3,3> o 0 o (8,16):(16,1)"> -> !cute.composed_layout<"S<2,3,3> o 0 o (16,8):(1,16)">
  return
}

// -----

// CHECK-LABEL: @select_none
// CHECK: -> !cute.shape<"()">
func.func @select_none(%s: !cute.shape<"(4,8)">) {
  %a = cute.select<[]> (%s) : !cute.shape<"(4,8)"> -> !cute.shape<"()">
  return
}

// -----

// A tile's typed leaves: its layouts and `_` slots; static, so constants.
// CHECK-LABEL: @tile_leaves
// CHECK: cute.get_leaves(%{{.*}}) : !cute.tile<"{{\[\[}}4:1;_];6:2]">
// DESUGAR-LABEL: @tile_leaves
// DESUGAR: cute.static : !cute.layout<"4:1">
// DESUGAR: cute.static : !cute.tile<"_">
// DESUGAR: cute.static : !cute.layout<"6:2">
func.func @tile_leaves(%t: !cute.tile<"[[4:1;_];6:2]">) -> (!cute.layout<"4:1">, !cute.tile<"_">, !cute.layout<"6:2">) {
  %a, %b, %c = cute.get_leaves(%t) : !cute.tile<"[[4:1;_];6:2]">
  return %a, %b, %c : !cute.layout<"4:1">, !cute.tile<"_">, !cute.layout<"6:2">
}
