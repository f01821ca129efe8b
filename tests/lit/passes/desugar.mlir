// cute-desugar (spec 002): construction sugar becomes primitive ops.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s
// The same pass through the Rust API (the `cute` CLI) gives the same IR.
// RUN: %cute opt %s --pipeline='builtin.module(cute-desugar)' | FileCheck %s

// CHECK-LABEL: func @layout
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index, %[[S:.*]]: i32)
func.func @layout(%m: index, %n: index, %s: i32) -> !cute.layout<"(?,(4,?)):(1,(?,64))"> {
  // CHECK-NEXT: %[[SH:.*]] = cute.make_int_tuple(%[[M]], %[[N]]) : (index, index) -> !cute.shape<"(?,(4,?))">
  // CHECK-NEXT: %[[ST:.*]] = cute.make_int_tuple(%[[S]]) : (i32) -> !cute.stride<"(1,(?,64))">
  // CHECK-NEXT: %[[L:.*]] = cute.make_layout_raw %[[SH]], %[[ST]] : (!cute.shape<"(?,(4,?))">, !cute.stride<"(1,(?,64))">) -> !cute.layout<"(?,(4,?)):(1,(?,64))">
  // CHECK-NEXT: return %[[L]]
  // CHECK-NOT: cute.make_layout(
  %l = cute.make_layout(shape = (%m, %n : index, index), stride = (%s : i32)) : !cute.layout<"(?,(4,?)):(1,(?,64))">
  return %l : !cute.layout<"(?,(4,?)):(1,(?,64))">
}

// CHECK-LABEL: func @static_layout
func.func @static_layout() -> !cute.layout<"(8,4):(1,8)"> {
  // CHECK-NEXT: %[[SH:.*]] = cute.make_int_tuple() : () -> !cute.shape<"(8,4)">
  // CHECK-NEXT: %[[ST:.*]] = cute.make_int_tuple() : () -> !cute.stride<"(1,8)">
  // CHECK-NEXT: cute.make_layout_raw %[[SH]], %[[ST]]
  %l = cute.make_layout(shape = (), stride = ()) : !cute.layout<<8:1, 4:8>>
  return %l : !cute.layout<"(8,4):(1,8)">
}

// CHECK-LABEL: func @tuple_sugar
func.func @tuple_sugar(%m: index, %d: i64) -> (!cute.shape<"(?,8)">, !cute.stride<"(1,?{i64})">) {
  // CHECK-NEXT: cute.make_int_tuple(%{{.*}}) : (index) -> !cute.shape<"(?,8)">
  // CHECK-NEXT: cute.make_int_tuple(%{{.*}}) : (i64) -> !cute.stride<"(1,?{i64})">
  // CHECK-NOT: cute.make_shape
  // CHECK-NOT: cute.make_stride
  %s = cute.make_shape(%m) : (index) -> !cute.shape<"(?,8)">
  %t = cute.make_stride(%d) : (i64) -> !cute.stride<"(1,?{i64})">
  return %s, %t : !cute.shape<"(?,8)">, !cute.stride<"(1,?{i64})">
}
