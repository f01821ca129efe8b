// cute.get_leaves in NVIDIA's spelling, `(%t) : T` with the results
// inferred: each leaf a scalar of T's kind, a tile's layouts; desugared to
// cute.get<[path]> per leaf. Spec 002's integer spelling (`%t : T -> i..`)
// stays (tests/lit/Conversion/CuteToLLVM/tuples.mlir).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR

// CHECK-LABEL: @nested_shape
// CHECK: %{{.*}}:3 = cute.get_leaves(%{{.*}}) : !cute.shape<"(?,(8,?))">
// DESUGAR-LABEL: @nested_shape
// DESUGAR: cute.get<[0]> (%{{.*}}) : !cute.shape<"(?,(8,?))"> -> !cute.shape<"?">
// DESUGAR: cute.get<[1, 0]> (%{{.*}}) : !cute.shape<"(?,(8,?))"> -> !cute.shape<"8">
// DESUGAR: cute.get<[1, 1]> (%{{.*}}) : !cute.shape<"(?,(8,?))"> -> !cute.shape<"?">
// DESUGAR-NOT: get_leaves
func.func @nested_shape(%s: !cute.shape<"(?,(8,?))">) -> (!cute.shape<"?">, !cute.shape<"8">, !cute.shape<"?">) {
  %a, %b, %c = cute.get_leaves(%s) : !cute.shape<"(?,(8,?))">
  return %a, %b, %c : !cute.shape<"?">, !cute.shape<"8">, !cute.shape<"?">
}

// -----

// Scaled-basis leaves keep their basis.
// CHECK-LABEL: @basis_stride
// CHECK: %{{.*}}:2 = cute.get_leaves(%{{.*}}) : !cute.stride<"(2@1,1@0)">
func.func @basis_stride(%s: !cute.stride<"(2@1,1@0)">) -> (!cute.stride<"2@1">, !cute.stride<"1@0">) {
  %a, %b = cute.get_leaves(%s) : !cute.stride<"(2@1,1@0)">
  return %a, %b : !cute.stride<"2@1">, !cute.stride<"1@0">
}

// -----

// A scalar is its own leaf.
// CHECK-LABEL: @scalar
// DESUGAR-LABEL: @scalar
// DESUGAR-NEXT: return %arg0
func.func @scalar(%c: !cute.coord<"?">) -> !cute.coord<"?"> {
  %a = cute.get_leaves(%c) : !cute.coord<"?">
  return %a : !cute.coord<"?">
}

// -----

// A tile's leaves are its layouts: static ones are constants, run-time
// ones are read with get_layouts_from_tile.
// CHECK-LABEL: @tile
// DESUGAR-LABEL: @tile
// DESUGAR: cute.static : !cute.layout<"(4,8):(1,4)">
// DESUGAR: cute.static : !cute.layout<"6:1">
func.func @tile(%t: !cute.tile<"[(4,8):(1,4);6:1]">) -> (!cute.layout<"(4,8):(1,4)">, !cute.layout<"6:1">) {
  %a, %b = cute.get_leaves(%t) : !cute.tile<"[(4,8):(1,4);6:1]">
  return %a, %b : !cute.layout<"(4,8):(1,4)">, !cute.layout<"6:1">
}

// -----

// CHECK-LABEL: @run_time_tile
// DESUGAR-LABEL: @run_time_tile
// DESUGAR: cute.get_layouts_from_tile(%{{.*}}) : !cute.tile<"[?:1;6:1]">
func.func @run_time_tile(%t: !cute.tile<"[?:1;6:1]">) -> (!cute.layout<"?:1">, !cute.layout<"6:1">) {
  %a, %b = cute.get_leaves(%t) : !cute.tile<"[?:1;6:1]">
  return %a, %b : !cute.layout<"?:1">, !cute.layout<"6:1">
}
