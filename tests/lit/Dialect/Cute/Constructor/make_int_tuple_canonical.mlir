// Spec 000 "make_int_tuple Hub": equivalent static tuples are made one so
// later passes compare them structurally. A static `cute.make_int_tuple`
// folds to `cute.static` of its type (types are uniqued, so equal tuples are
// one type), and the op is pure, so CSE makes equal tuples, static or built
// from the same values, one SSA value. (`cute compile` runs no canonicalize
// or CSE pass of its own: docs/spec-trace.md, "make_int_tuple Hub".)
// RUN: %cute-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s

// CHECK-LABEL: func.func @equal_tuples
// CHECK-SAME: (%[[M:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = cute.static : !cute.int_tuple<"(4,8)">
// CHECK-NEXT: %[[D:.*]] = cute.make_int_tuple(%[[M]]) : (i32) -> !cute.int_tuple<"(?,8)">
// CHECK-NEXT: return %[[S]], %[[S]], %[[D]], %[[D]]
func.func @equal_tuples(%m: i32) -> (!cute.int_tuple<"(4,8)">, !cute.int_tuple<"(4,8)">, !cute.int_tuple<"(?,8)">, !cute.int_tuple<"(?,8)">) {
  %a = cute.make_int_tuple() : () -> !cute.int_tuple<"(4,8)">
  %b = cute.make_int_tuple() : () -> !cute.int_tuple<"(4,8)">
  %c = cute.make_int_tuple(%m) : (i32) -> !cute.int_tuple<"(?,8)">
  %d = cute.make_int_tuple(%m) : (i32) -> !cute.int_tuple<"(?,8)">
  return %a, %b, %c, %d : !cute.int_tuple<"(4,8)">, !cute.int_tuple<"(4,8)">, !cute.int_tuple<"(?,8)">, !cute.int_tuple<"(?,8)">
}
