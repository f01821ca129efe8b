// cute-to-llvm: layout reconstruction (spec 000's Coalesce, FilterZeros,
// GroupModes, Complement anchors): the result's fields are the operand's
// run-time fields, moved where the algebra puts them; nothing is merged
// that the algebra cannot prove mergeable.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,canonicalize)' | FileCheck %s

// CHECK-LABEL: func @coalesce
// CHECK-SAME: (%[[L:.*]]: !llvm.struct<(i32, i32, struct<(i32, i32, i32, i32)>)>)
func.func @coalesce(%l: !cute.layout<"(4,(2,8)):(?,(1,?))">) -> !cute.layout<"(4,2,8):(?,1,?)"> {
  // A run-time stride keeps its mode: (4,2,8), strides moved field by field.
  // CHECK-DAG: %[[D0:.*]] = llvm.extractvalue %[[L]][1]
  // CHECK-DAG: %[[D2:.*]] = llvm.extractvalue %[[L]][2, 3]
  // CHECK: llvm.insertvalue %[[D0]], %{{.*}}[1] : !llvm.struct<(i32, i32, i32, i32, i32, i32)>
  // CHECK: llvm.insertvalue %[[D2]], %{{.*}}[5] : !llvm.struct<(i32, i32, i32, i32, i32, i32)>
  %c = cute.coalesce(%l) : (!cute.layout<"(4,(2,8)):(?,(1,?))">) -> !cute.layout<"(4,2,8):(?,1,?)">
  return %c : !cute.layout<"(4,2,8):(?,1,?)">
}

// CHECK-LABEL: func @group_modes
// CHECK-SAME: -> !llvm.struct<(struct<(i32, i32, i32, i32)>, i32, i32)>
func.func @group_modes(%l: !cute.layout<"(4,2,8):(?,1,?)">) -> !cute.layout<"((4,2),8):((?,1),?)"> {
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0, 1] : !llvm.struct<(struct<(i32, i32, i32, i32)>, i32, i32)>
  %g = cute.group_modes<0, 2>(%l) : (!cute.layout<"(4,2,8):(?,1,?)">) -> !cute.layout<"((4,2),8):((?,1),?)">
  return %g : !cute.layout<"((4,2),8):((?,1),?)">
}

// A static stride-0 mode gets extent 1 (CuTe's filter_zeros); a run-time
// stride is kept as it is.
// CHECK-LABEL: func @filter_zeros
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.insertvalue %[[ONE]], %{{.*}}[2] : !llvm.struct<(i32, i32, i32, i32, i32, i32)>
func.func @filter_zeros(%l: !cute.layout<"(4,2,8):(?,0,?)">) -> !cute.layout<"(4,1,8):(?,0,?)"> {
  %f = cute.filter_zeros(%l) : (!cute.layout<"(4,2,8):(?,0,?)">) -> !cute.layout<"(4,1,8):(?,0,?)">
  return %f : !cute.layout<"(4,1,8):(?,0,?)">
}

// A static complement is one constant.
// CHECK-LABEL: func @complement
// CHECK: llvm.mlir.constant([2 : i32, 1 : i32, 3 : i32, 8 : i32]) : !llvm.struct<(i32, i32, i32, i32)>
func.func @complement() -> !cute.layout<"(2,3):(1,8)"> {
  %a = cute.static : !cute.layout<"4:2">
  %m = cute.static : !cute.int_tuple<"24">
  %c = cute.complement(%a, %m) : (!cute.layout<"4:2">, !cute.int_tuple<"24">) -> !cute.layout<"(2,3):(1,8)">
  return %c : !cute.layout<"(2,3):(1,8)">
}

// Static inverses, products and cosize fold to one constant each; the
// operands' run-time fields are not even read.
// CHECK-LABEL: func @static_algebra
// CHECK-DAG: llvm.mlir.constant([2 : i32, 4 : i32, 4 : i32, 1 : i32]) : !llvm.struct<(i32, i32, i32, i32)>
// CHECK-DAG: llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: llvm.insertvalue %{{.*}}, %{{.*}}[1, 3] : !llvm.struct<(struct<(i32, i32, i32, i32)>, struct<(i32, i32, i32, i32)>)>
func.func @static_algebra(%a: !cute.layout<"(4,2):(2,1)">, %b: !cute.layout<"(2,3):(1,2)">)
    -> (!cute.layout<"(2,4):(4,1)">, !cute.layout<"((4,2),(2,3)):((2,8),(1,16))">, !cute.int_tuple<"8">) {
  %r = cute.right_inverse(%a) : (!cute.layout<"(4,2):(2,1)">) -> !cute.layout<"(2,4):(4,1)">
  %p = cute.blocked_product(%a, %b) : (!cute.layout<"(4,2):(2,1)">, !cute.layout<"(2,3):(1,2)">) -> !cute.layout<"((4,2),(2,3)):((2,8),(1,16))">
  %c = cute.cosize(%a) : (!cute.layout<"(4,2):(2,1)">) -> !cute.int_tuple<"8">
  return %r, %p, %c : !cute.layout<"(2,4):(4,1)">, !cute.layout<"((4,2),(2,3)):((2,8),(1,16))">, !cute.int_tuple<"8">
}
