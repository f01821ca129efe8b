// cute-to-llvm: tuple construction, access, kind conversions and tuple
// arithmetic on run-time leaves (spec 002 "Target-Neutral LLVM Conversion":
// tuple construction, layout field access, integer tuple arithmetic).
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,canonicalize)' | FileCheck %s

// Layout field access: the shape and stride fields, regrouped as tuples.
// CHECK-LABEL: func @fields
// CHECK-SAME: (%[[L:.*]]: !llvm.struct<(i32, i32, i32, i32)>)
func.func @fields(%l: !cute.layout<"(?,8):(1,?)">) -> (!cute.shape<"(?,8)">, !cute.stride<"(1,?)">) {
  // CHECK-DAG: %[[S0:.*]] = llvm.extractvalue %[[L]][0]
  // CHECK-DAG: %[[D1:.*]] = llvm.extractvalue %[[L]][3]
  // CHECK-DAG: llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
  // CHECK-DAG: llvm.insertvalue %[[D1]], %{{.*}}[1] : !llvm.struct<(i32, i32)>
  %s = cute.get_shape(%l) : !cute.layout<"(?,8):(1,?)"> -> !cute.shape<"(?,8)">
  %d = cute.get_stride(%l) : !cute.layout<"(?,8):(1,?)"> -> !cute.stride<"(1,?)">
  return %s, %d : !cute.shape<"(?,8)">, !cute.stride<"(1,?)">
}

// Kind conversions and flatten keep the values.
// CHECK-LABEL: func @kinds
// CHECK-SAME: (%[[T:.*]]: !llvm.struct<(i32, struct<(i32, i32)>)>)
func.func @kinds(%t: !cute.int_tuple<"(?,(4,?))">) -> !cute.coord<"(?,4,?)"> {
  // CHECK-DAG: %[[A:.*]] = llvm.extractvalue %[[T]][0]
  // CHECK-DAG: %[[B:.*]] = llvm.extractvalue %[[T]][1, 1]
  // CHECK-DAG: llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(i32, i32, i32)>
  // CHECK-DAG: llvm.insertvalue %[[B]], %{{.*}}[2] : !llvm.struct<(i32, i32, i32)>
  %s = cute.to_shape(%t) : !cute.int_tuple<"(?,(4,?))"> -> !cute.shape<"(?,(4,?))">
  %i = cute.to_int_tuple(%s) : !cute.shape<"(?,(4,?))"> -> !cute.int_tuple<"(?,(4,?))">
  %d = cute.to_stride(%i) : !cute.int_tuple<"(?,(4,?))"> -> !cute.stride<"(?,(4,?))">
  %i2 = cute.to_int_tuple(%d) : !cute.stride<"(?,(4,?))"> -> !cute.int_tuple<"(?,(4,?))">
  %c = cute.to_coord(%i2) : !cute.int_tuple<"(?,(4,?))"> -> !cute.coord<"(?,(4,?))">
  %f = cute.flatten(%c) : (!cute.coord<"(?,(4,?))">) -> !cute.coord<"(?,4,?)">
  return %f : !cute.coord<"(?,4,?)">
}

// Products of modes and element-wise arithmetic.
// CHECK-LABEL: func @arith
func.func @arith(%t: !cute.shape<"(?,(4,?))">, %u: !cute.int_tuple<"(?,(2,?))">) -> (!cute.shape<"?{div=4}">, !cute.shape<"(?,?{div=4})">, !cute.int_tuple<"(?,(6,?))">, !cute.int_tuple<"(?,(2,?))">, !cute.int_tuple<"(?,(2,?))">, !cute.int_tuple<"(?,(0,?))">) {
  // CHECK: llvm.mul
  %p = cute.tuple_product(%t) : (!cute.shape<"(?,(4,?))">) -> !cute.shape<"?{div=4}">
  %e = cute.tuple_product_each(%t) : (!cute.shape<"(?,(4,?))">) -> !cute.shape<"(?,?{div=4})">
  %ti = cute.to_int_tuple(%t) : !cute.shape<"(?,(4,?))"> -> !cute.int_tuple<"(?,(4,?))">
  // CHECK: llvm.add
  %a = cute.tuple_add(%ti, %u) : (!cute.int_tuple<"(?,(4,?))">, !cute.int_tuple<"(?,(2,?))">) -> !cute.int_tuple<"(?,(6,?))">
  // CHECK: llvm.sub
  %s = cute.tuple_sub(%ti, %u) : (!cute.int_tuple<"(?,(4,?))">, !cute.int_tuple<"(?,(2,?))">) -> !cute.int_tuple<"(?,(2,?))">
  // Run-time divisors: FastDivmod (mul.hi and shift), no signed division.
  // CHECK-NOT: llvm.sdiv
  // CHECK: llvm.lshr
  %q = cute.tuple_div(%ti, %u) : (!cute.int_tuple<"(?,(4,?))">, !cute.int_tuple<"(?,(2,?))">) -> !cute.int_tuple<"(?,(2,?))">
  %r = cute.tuple_mod(%ti, %u) : (!cute.int_tuple<"(?,(4,?))">, !cute.int_tuple<"(?,(2,?))">) -> !cute.int_tuple<"(?,(0,?))">
  return %p, %e, %a, %s, %q, %r : !cute.shape<"?{div=4}">, !cute.shape<"(?,?{div=4})">, !cute.int_tuple<"(?,(6,?))">, !cute.int_tuple<"(?,(2,?))">, !cute.int_tuple<"(?,(2,?))">, !cute.int_tuple<"(?,(0,?))">
}

// Divisions by static values: ceil_div and shape_div.
// CHECK-LABEL: func @division
func.func @division(%m: !cute.shape<"(?{div=256},?)">, %n: !cute.int_tuple<"?{div=256}">) -> (!cute.int_tuple<"?{div=2}">, !cute.shape<"(?{div=2},?)">) {
  %t = cute.static : !cute.int_tuple<"128">
  // CHECK: llvm.mlir.constant(127 : i32) : i32
  %c = cute.ceil_div(%n, %t) : (!cute.int_tuple<"?{div=256}">, !cute.int_tuple<"128">) -> !cute.int_tuple<"?{div=2}">
  %d = cute.static : !cute.shape<"(128,1)">
  // CHECK: llvm.sdiv %{{.*}}, %{{.*}} : i32
  %s = cute.shape_div(%m, %d) : (!cute.shape<"(?{div=256},?)">, !cute.shape<"(128,1)">) -> !cute.shape<"(?{div=2},?)">
  return %c, %s : !cute.int_tuple<"?{div=2}">, !cute.shape<"(?{div=2},?)">
}

// idx2crd and layout_eval (NVIDIA's name for crd2idx through a layout).
// CHECK-LABEL: func @coordinates
func.func @coordinates(%i: !cute.int_tuple<"?">, %s: !cute.shape<"(4,?)">, %l: !cute.layout<"(4,8):(?,1)">) -> (!cute.coord<"(?,?)">, !cute.int_tuple<"?">) {
  // CHECK: llvm.srem
  %c = cute.idx2crd(%i, %s) : (!cute.int_tuple<"?">, !cute.shape<"(4,?)">) -> !cute.coord<"(?,?)">
  %k = cute.static : !cute.coord<"(1,2)">
  %x = cute.layout_eval(%k, %l) : (!cute.coord<"(1,2)">, !cute.layout<"(4,8):(?,1)">) -> !cute.int_tuple<"?">
  return %c, %x : !cute.coord<"(?,?)">, !cute.int_tuple<"?">
}

// Mode paths: get, select, size<path>, cosize<path>.
// CHECK-LABEL: func @paths
// CHECK-SAME: (%[[T:[^:]*]]: !llvm.struct<(i32, struct<(i32, i32)>)>, %[[L:[^:]*]]: !llvm.struct<(i32, i32, i32, i32)>)
func.func @paths(%t: !cute.shape<"(?,(4,?))">, %l: !cute.layout<"(8,?):(?,1)">)
    -> (!cute.shape<"?">, !cute.shape<"((4,?),?)">, !cute.int_tuple<"?">, !cute.layout<"(?):(1)">, !cute.int_tuple<"?">) {
  // CHECK-DAG: %[[M:.*]] = llvm.extractvalue %[[T]][1, 1]
  %g = cute.get<[1, 1]>(%t) : !cute.shape<"(?,(4,?))"> -> !cute.shape<"?">
  %s = cute.select<[1, 0]>(%t) : !cute.shape<"(?,(4,?))"> -> !cute.shape<"((4,?),?)">
  // size<[1]> of (4,?) is 4 * ?; cosize<[0]> of 8:? is 7 * ? + 1.
  // CHECK-DAG: %[[K4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[K7:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK-DAG: %[[K1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: llvm.mul %{{.*}}, %[[K4]] : i32
  // CHECK-DAG: %[[C7:.*]] = llvm.mul %{{.*}}, %[[K7]] : i32
  // CHECK-DAG: llvm.add %[[C7]], %[[K1]] : i32
  %n = cute.size<[1]>(%t) : (!cute.shape<"(?,(4,?))">) -> !cute.int_tuple<"?">
  %m = cute.select<[1]>(%l) : !cute.layout<"(8,?):(?,1)"> -> !cute.layout<"(?):(1)">
  %c = cute.cosize<[0]>(%l) : (!cute.layout<"(8,?):(?,1)">) -> !cute.int_tuple<"?">
  return %g, %s, %n, %m, %c : !cute.shape<"?">, !cute.shape<"((4,?),?)">, !cute.int_tuple<"?">, !cute.layout<"(?):(1)">, !cute.int_tuple<"?">
}

// tuple_eq: leaf by leaf, icmp for run-time leaves, static pairs decided.
// CHECK-LABEL: func @equality
// CHECK: %[[F:.*]] = llvm.mlir.constant(false) : i1
func.func @equality(%a: !cute.int_tuple<"(?,4)">, %b: !cute.int_tuple<"(8,?)">, %c: !cute.int_tuple<"(?,5)">) -> (i1, i1) {
  // CHECK: %[[E0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: %[[E1:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.and %[[E0]], %[[E1]] : i1
  %x = cute.tuple_eq %a, %b : !cute.int_tuple<"(?,4)">, !cute.int_tuple<"(8,?)">
  // 4 != 5: false without looking at the run-time leaf.
  // CHECK: return %{{.*}}, %[[F]] : i1, i1
  %y = cute.tuple_eq %a, %c : !cute.int_tuple<"(?,4)">, !cute.int_tuple<"(?,5)">
  return %x, %y : i1, i1
}
