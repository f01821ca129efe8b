// The tuple constructors (make_int_tuple, make_shape, make_stride,
// make_coord, make_tile) take, per `?` leaf, an integer or a scalar
// int-tuple (NVIDIA's IR); cute-desugar reads the tuples as integers.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR

// CHECK-LABEL: @mixed
// CHECK: cute.make_shape(%{{.*}}, %{{.*}}) : (i32, !cute.int_tuple<"?">) -> !cute.shape<"(?,(4,?))">
// DESUGAR-LABEL: @mixed
// DESUGAR: %[[K:.*]] = cute.get_leaves %{{.*}} : !cute.int_tuple<"?"> -> i32
// DESUGAR: cute.make_int_tuple(%{{.*}}, %[[K]]) : (i32, i32) -> !cute.shape<"(?,(4,?))">
func.func @mixed(%m: i32, %k: !cute.int_tuple<"?">) -> !cute.shape<"(?,(4,?))"> {
  %s = cute.make_shape(%m, %k) : (i32, !cute.int_tuple<"?">) -> !cute.shape<"(?,(4,?))">
  return %s : !cute.shape<"(?,(4,?))">
}

// -----

// A static scalar fills a run-time leaf; a 64-bit leaf reads an i64.
// CHECK-LABEL: @static_and_wide
// DESUGAR-LABEL: @static_and_wide
// DESUGAR: cute.get_leaves %{{.*}} : !cute.int_tuple<"8"> -> i32
// DESUGAR: cute.get_leaves %{{.*}} : !cute.int_tuple<"?{i64}"> -> i64
func.func @static_and_wide(%a: !cute.int_tuple<"8">, %b: !cute.int_tuple<"?{i64}">) -> !cute.stride<"(?,?{i64})"> {
  %d = cute.make_stride(%a, %b) : (!cute.int_tuple<"8">, !cute.int_tuple<"?{i64}">) -> !cute.stride<"(?,?{i64})">
  return %d : !cute.stride<"(?,?{i64})">
}
