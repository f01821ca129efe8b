// cute-to-llvm: the divides, products, inverses, slicing and filter, each
// through the generic algebra lowering (the same functions inference calls).
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,canonicalize)' | FileCheck %s

// Divides of a layout with run-time strides by a static tile: the tile
// strides are A's, the rest strides A's times the tile extent.
// CHECK-LABEL: func @divides
// CHECK-SAME: (%[[A:.*]]: !llvm.struct<(i32, i32, i32, i32)>)
func.func @divides(%a: !cute.layout<"(16,8):(?,?)">) -> (!cute.layout<"((4,4),(2,4)):((?,?{div=4}),(?,?{div=2}))">, !cute.layout<"((4,2),4,4):((?,?),?{div=4},?{div=2})">, !cute.layout<"(4,2,4,4):(?,?,?{div=4},?{div=2})">) {
  %t = cute.static : !cute.tile<"[4:1;2:1]">
  // CHECK-DAG: %[[D0:.*]] = llvm.extractvalue %[[A]][1]
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: llvm.mul %[[D0]], %[[C4]] : i32
  %l = cute.logical_divide(%a, %t) : (!cute.layout<"(16,8):(?,?)">, !cute.tile<"[4:1;2:1]">) -> !cute.layout<"((4,4),(2,4)):((?,?{div=4}),(?,?{div=2}))">
  %d = cute.tiled_divide(%a, %t) : (!cute.layout<"(16,8):(?,?)">, !cute.tile<"[4:1;2:1]">) -> !cute.layout<"((4,2),4,4):((?,?),?{div=4},?{div=2})">
  %f = cute.flat_divide(%a, %t) : (!cute.layout<"(16,8):(?,?)">, !cute.tile<"[4:1;2:1]">) -> !cute.layout<"(4,2,4,4):(?,?,?{div=4},?{div=2})">
  return %l, %d, %f : !cute.layout<"((4,4),(2,4)):((?,?{div=4}),(?,?{div=2}))">, !cute.layout<"((4,2),4,4):((?,?),?{div=4},?{div=2})">, !cute.layout<"(4,2,4,4):(?,?,?{div=4},?{div=2})">
}

// Static products and the left inverse fold to constants.
// CHECK-LABEL: func @products
// CHECK-NOT: llvm.extractvalue
// CHECK: return
func.func @products(%a: !cute.layout<"(2,2):(1,2)">, %b: !cute.layout<"(2,3):(3,1)">) -> (!cute.layout<"((2,2),(2,3)):((1,2),(12,4))">, !cute.layout<"((2,2),(2,3)):((1,2),(12,4))">, !cute.layout<"((2,2),2,3):((1,2),12,4)">, !cute.layout<"(2,2,2,3):(1,2,12,4)">, !cute.layout<"((2,2),(3,2)):((12,1),(4,2))">, !cute.layout<"(3,2):(2,1)">) {
  %l = cute.logical_product(%a, %b) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(3,1)">) -> !cute.layout<"((2,2),(2,3)):((1,2),(12,4))">
  %z = cute.zipped_product(%a, %b) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(3,1)">) -> !cute.layout<"((2,2),(2,3)):((1,2),(12,4))">
  %t = cute.tiled_product(%a, %b) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(3,1)">) -> !cute.layout<"((2,2),2,3):((1,2),12,4)">
  %f = cute.flat_product(%a, %b) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(3,1)">) -> !cute.layout<"(2,2,2,3):(1,2,12,4)">
  %r = cute.raked_product(%a, %b) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(3,1)">) -> !cute.layout<"((2,2),(3,2)):((12,1),(4,2))">
  %i = cute.left_inverse(%b) : (!cute.layout<"(2,3):(3,1)">) -> !cute.layout<"(3,2):(2,1)">
  return %l, %z, %t, %f, %r, %i : !cute.layout<"((2,2),(2,3)):((1,2),(12,4))">, !cute.layout<"((2,2),(2,3)):((1,2),(12,4))">, !cute.layout<"((2,2),2,3):((1,2),12,4)">, !cute.layout<"(2,2,2,3):(1,2,12,4)">, !cute.layout<"((2,2),(3,2)):((12,1),(4,2))">, !cute.layout<"(3,2):(2,1)">
}

// Slicing keeps the `_` modes (dice the others) with their run-time fields;
// filter drops stride-0 and size-1 modes.
// CHECK-LABEL: func @slicing
// CHECK-SAME: (%[[L:[^:]*]]: !llvm.struct<(i32, i32, i32, i32, i32, i32)>,
func.func @slicing(%l: !cute.layout<"(4,?,8):(?,1,0)">, %c: !cute.coord<"(_,?,_)">, %k: !cute.coord<"(?,_,?)">) -> (!cute.layout<"(4,8):(?,0)">, !cute.layout<"(4,8):(?,0)">, !cute.layout<"(4,?):(?,1)">) {
  // CHECK-DAG: %[[D0:.*]] = llvm.extractvalue %[[L]][1]
  // CHECK: llvm.insertvalue %[[D0]], %{{.*}}[1]
  %s = cute.slice(%l, %c) : !cute.layout<"(4,?,8):(?,1,0)">, !cute.coord<"(_,?,_)">
  %d = cute.dice(%l, %k) : !cute.layout<"(4,?,8):(?,1,0)">, !cute.coord<"(?,_,?)">
  %f = cute.filter(%l) : (!cute.layout<"(4,?,8):(?,1,0)">) -> !cute.layout<"(4,?):(?,1)">
  return %s, %d, %f : !cute.layout<"(4,8):(?,0)">, !cute.layout<"(4,8):(?,0)">, !cute.layout<"(4,?):(?,1)">
}
