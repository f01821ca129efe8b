// cute-fold-static (NVIDIA's pass name): values whose types are fully static
// become cute.static, comparisons of static values constants; run-time
// values stay.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-fold-static)' | FileCheck %s

// CHECK-LABEL: @algebra
// CHECK-NOT: cute.composition
// CHECK: %[[C:.*]] = cute.static : !cute.layout<"(2,2):(1,2)">
// CHECK: %[[S:.*]] = cute.static : !cute.int_tuple<"4">
// CHECK: return %[[C]], %[[S]]
func.func @algebra(%a: !cute.layout<"(4,2):(1,4)">, %b: !cute.layout<"(2,2):(1,2)">) -> (!cute.layout<"(2,2):(1,2)">, !cute.int_tuple<"4">) {
  %c = cute.composition(%a, %b) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(2,2):(1,2)">
  %s = cute.size(%c) : (!cute.layout<"(2,2):(1,2)">) -> !cute.int_tuple<"4">
  return %c, %s : !cute.layout<"(2,2):(1,2)">, !cute.int_tuple<"4">
}

// CHECK-LABEL: @predicates
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: return %[[T]], %[[F]]
func.func @predicates(%c: !cute.coord<"(1,2)">, %s: !cute.shape<"(4,2)">) -> (i1, i1) {
  %e = cute.equal(%s, %s) : (!cute.shape<"(4,2)">, !cute.shape<"(4,2)">) -> i1
  %l = cute.elem_less(%c, %s) : (!cute.coord<"(1,2)">, !cute.shape<"(4,2)">) -> i1
  return %e, %l : i1, i1
}

// A run-time value stays; what the algebra decides statically folds.
// CHECK-LABEL: @run_time
// CHECK: cute.make_int_tuple
// CHECK: cute.static : !cute.int_tuple<"8">
func.func @run_time(%m: i32) -> (!cute.shape<"(?,8)">, !cute.int_tuple<"8">) {
  %s = cute.make_int_tuple(%m) : (i32) -> !cute.shape<"(?,8)">
  %n = cute.size<[1]>(%s) : (!cute.shape<"(?,8)">) -> !cute.int_tuple<"8">
  return %s, %n : !cute.shape<"(?,8)">, !cute.int_tuple<"8">
}
