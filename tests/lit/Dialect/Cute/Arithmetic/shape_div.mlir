// cute.shape_div without a mode: CuTe's shape_div (NVIDIA's IR). A tuple
// by an integer folds the divisor through the modes, an integer by a tuple
// divides by its product, of two extents one divides the other. With a
// mode (spec 001's exact/ceil/floor): ../algebra.mlir.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// 2 / 24 = 1 (24 is left 12), 6 / 12 = 1 (2 left), 8 / 2 = 4.
// CHECK-LABEL: @fold
// CHECK: cute.shape_div(%{{.*}}, %{{.*}}) : (!cute.shape<"(2,6,8)">, !cute.shape<"24">) -> !cute.shape<"(1,1,4)">
func.func @fold(%a: !cute.shape<"(2,6,8)">, %b: !cute.shape<"24">) {
  %r = cute.shape_div(%a, %b) : (!cute.shape<"(2,6,8)">, !cute.shape<"24">) -> !cute.shape<"(1,1,4)">
  return
}

// -----

// CHECK-LABEL: @by_a_tuple
// CHECK: -> !cute.shape<"3">
func.func @by_a_tuple(%a: !cute.shape<"48">, %b: !cute.shape<"(2,8)">) {
  %r = cute.shape_div(%a, %b) : (!cute.shape<"48">, !cute.shape<"(2,8)">) -> !cute.shape<"3">
  return
}

// -----

// CHECK-LABEL: @run_time
// CHECK: -> !cute.shape<"(?,4)">
func.func @run_time(%a: !cute.shape<"(?,8)">, %b: !cute.shape<"(?,2)">) {
  %r = cute.shape_div(%a, %b) : (!cute.shape<"(?,8)">, !cute.shape<"(?,2)">) -> !cute.shape<"(?,4)">
  return
}

// -----

// cute.ceil_div keeps the dividend's kind; run-time divisors divide at run
// time.
// CHECK-LABEL: @ceil_div
// CHECK: cute.ceil_div(%{{.*}}, %{{.*}}) : (!cute.shape<"(9,?)">, !cute.shape<"(4,?)">) -> !cute.shape<"(3,?)">
func.func @ceil_div(%a: !cute.shape<"(9,?)">, %b: !cute.shape<"(4,?)">) {
  %r = cute.ceil_div(%a, %b) : (!cute.shape<"(9,?)">, !cute.shape<"(4,?)">) -> !cute.shape<"(3,?)">
  return
}

// -----

// ceil_div by a one-layout tile: how many tiles cover the dividend,
// ceil(size(a) / size(tile)) (NVIDIA's IR); a run-time dividend divides at
// run time, lowered through the same rule.
// CHECK-LABEL: @ceil_div_by_tile
// CHECK: cute.ceil_div(%{{.*}}, %{{.*}}) : (!cute.shape<"(10,16)">, !cute.tile<"(4,8):(1,4)">) -> !cute.shape<"5">
// CHECK: cute.ceil_div(%{{.*}}, %{{.*}}) : (!cute.int_tuple<"(?,16)">, !cute.tile<"[(4,8):(1,4)]">) -> !cute.int_tuple<"?">
func.func @ceil_div_by_tile(%a: !cute.shape<"(10,16)">, %t: !cute.tile<"(4,8):(1,4)">, %b: !cute.int_tuple<"(?,16)">, %u: !cute.tile<"[(4,8):(1,4)]">) {
  %r = cute.ceil_div(%a, %t) : (!cute.shape<"(10,16)">, !cute.tile<"(4,8):(1,4)">) -> !cute.shape<"5">
  %s = cute.ceil_div(%b, %u) : (!cute.int_tuple<"(?,16)">, !cute.tile<"[(4,8):(1,4)]">) -> !cute.int_tuple<"?">
  return
}
