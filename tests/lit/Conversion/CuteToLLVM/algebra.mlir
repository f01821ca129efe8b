// cute-to-llvm: the algebra on run-time leaves. Each result leaf is what the
// Rust algebra derives (layout::symbolic), materialized as arith on the
// operands' fields; static leaves are constants.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,canonicalize)' | FileCheck %s

// Spec 000 "cute.compose of Two Layouts", dynamic stride on the left: the
// result strides are A's strides times static factors (here the tile's 2).
// CHECK-LABEL: func @compose_dynamic
// CHECK-SAME: (%[[A:.*]]: !llvm.struct<(i32, i32, i32, i32)>)
func.func @compose_dynamic(%a: !cute.layout<"(8,4):(?,?)">) -> !cute.layout<"(4,2):(?,?)"> {
  // CHECK-DAG: %[[T0:.*]] = llvm.extractvalue %[[A]][1]
  // CHECK-DAG: %[[T1:.*]] = llvm.extractvalue %[[A]][3]
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[M0:.*]] = llvm.mul %[[T0]], %[[C2]] : i32
  // CHECK-DAG: %[[M1:.*]] = llvm.mul %[[T1]], %[[C2]] : i32
  // CHECK: llvm.insertvalue %[[M0]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[M1]], %{{.*}}[3]
  %t = cute.static : !cute.tile<"[4:2;2:2]">
  %r = cute.composition(%a, %t) : (!cute.layout<"(8,4):(?,?)">, !cute.tile<"[4:2;2:2]">) -> !cute.layout<"(4,2):(?,?)">
  return %r : !cute.layout<"(4,2):(?,?)">
}

// Spec 000's tile_partition offset: crd2idx is the dot product of the
// coordinate with the strides.
// CHECK-LABEL: func @offset
// CHECK-SAME: (%[[L:.*]]: !llvm.struct<(i32, i32, i32, i32)>, %[[C:.*]]: !llvm.struct<(i32, i32)>)
func.func @offset(%l: !cute.layout<"(128,64):(?,?)">, %c: !cute.coord<"(?,?)">) -> !cute.int_tuple<"?"> {
  // CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %[[C]][0]
  // CHECK-DAG: %[[C1:.*]] = llvm.extractvalue %[[C]][1]
  // CHECK-DAG: %[[S0:.*]] = llvm.extractvalue %[[L]][1]
  // CHECK-DAG: %[[S1:.*]] = llvm.extractvalue %[[L]][3]
  // CHECK-DAG: %[[O0:.*]] = llvm.mul %[[C0]], %[[S0]] : i32
  // CHECK-DAG: %[[O1:.*]] = llvm.mul %[[C1]], %[[S1]] : i32
  // CHECK: %[[O:.*]] = llvm.add %[[O0]], %[[O1]] : i32
  // CHECK: return %[[O]] : i32
  %x = cute.crd2idx(%c, %l) : (!cute.coord<"(?,?)">, !cute.layout<"(128,64):(?,?)">) -> !cute.int_tuple<"?">
  return %x : !cute.int_tuple<"?">
}

// A run-time extent tiled by a static tile: ceil(M/128) tiles.
// CHECK-LABEL: func @tiles
func.func @tiles(%a: !cute.layout<"(?,?):(1,?)">) -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?))"> {
  // CHECK-DAG: llvm.mlir.constant(127 : i32) : i32
  // CHECK-DAG: llvm.sdiv
  // CHECK-DAG: llvm.mlir.constant(64 : i32) : i32
  %t = cute.static : !cute.tile<"[128:1;64:1]">
  %z = cute.zipped_divide(%a, %t) : (!cute.layout<"(?,?):(1,?)">, !cute.tile<"[128:1;64:1]">) -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?))">
  return %z : !cute.layout<"((128,64),(?,?)):((1,?),(128,?))">
}

// Tuple arithmetic, size and derefine.
// CHECK-LABEL: func @tuples
func.func @tuples(%s: !cute.shape<"(?,4)">) -> (!cute.int_tuple<"?">, !cute.shape<"(?,?)">) {
  // CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: %[[M:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i32)>
  // CHECK: %[[N:.*]] = llvm.mul %[[M]], %[[C4]] : i32
  %n = cute.size(%s) : (!cute.shape<"(?,4)">) -> !cute.int_tuple<"?">
  %two = cute.static : !cute.int_tuple<"2">
  %d = cute.tuple_mul(%s, %two) : (!cute.shape<"(?,4)">, !cute.int_tuple<"2">) -> !cute.shape<"(?,8)">
  // A derefined static leaf is the constant.
  // CHECK: llvm.insertvalue %[[C8]], %{{.*}}[1]
  // CHECK: return %[[N]], %{{.*}} : i32, !llvm.struct<(i32, i32)>
  %r = cute.derefine %d : !cute.shape<"(?,8)"> to !cute.shape<"(?,?)">
  return %n, %r : !cute.int_tuple<"?">, !cute.shape<"(?,?)">
}

// Function boundaries: call sites convert with the callee's signature.
// CHECK-LABEL: func @caller
// CHECK: call @compose_dynamic(%{{.*}}) : (!llvm.struct<(i32, i32, i32, i32)>) -> !llvm.struct<(i32, i32, i32, i32)>
func.func @caller(%a: !cute.layout<"(8,4):(?,?)">) -> !cute.layout<"(4,2):(?,?)"> {
  %r = func.call @compose_dynamic(%a) : (!cute.layout<"(8,4):(?,?)">) -> !cute.layout<"(4,2):(?,?)">
  return %r : !cute.layout<"(4,2):(?,?)">
}

// A derefined layout (spec 000's layout projection): the static values of
// the leaves made run-time are inserted into the run-time layout's struct,
// mode by mode (shape, stride).
// CHECK-LABEL: func.func @derefine_layout
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[I0:.*]] = llvm.insertvalue %[[C8]], %[[U]][0]
// CHECK: %[[I1:.*]] = llvm.insertvalue %[[C1]], %[[I0]][1]
// CHECK: %[[I2:.*]] = llvm.insertvalue %[[C4]], %[[I1]][2]
// CHECK: llvm.insertvalue %[[C8]], %[[I2]][3]
func.func @derefine_layout(%l: !cute.layout<"(8,4):(1,8)">) -> !cute.layout<"(?,4):(1,?)"> {
  %r = cute.derefine %l : !cute.layout<"(8,4):(1,8)"> to !cute.layout<"(?,4):(1,?)">
  return %r : !cute.layout<"(?,4):(1,?)">
}
