// cute-to-llvm of coordinate tensors: struct<(origin, layout)>, the origin
// moved by a partition's offset, a load adding layout(coord) to it.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' | FileCheck %s

!C = !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
!G = !cute.coord_tensor<"(?{div=32},?{div=4})", "(32,4):(1@0,1@1)">

// CHECK-LABEL: func @tile_coordinate
// CHECK-SAME: (%[[M:.*]]: i32, %[[N:.*]]: i32, %[[BX:.*]]: i32, %[[BY:.*]]: i32) -> !llvm.struct<(i32, i32)>
func.func @tile_coordinate(%m: i32, %n: i32, %bx: i32, %by: i32) -> !cute.int_tuple<"(?,?)"> {
  %shape = cute.make_int_tuple(%m, %n) : (i32, i32) -> !cute.shape<"(?,?)">
  %c = cute.make_identity_tensor(%shape) : !cute.shape<"(?,?)"> -> !C
  %tiler = cute.static : !cute.tile<"[32:1;4:1]">
  %cta = cute.make_int_tuple(%bx, %by) : (i32, i32) -> !cute.coord<"(?,?)">
  // The tile's origin: (32 * bx, 4 * by).
  // CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[X0:.*]] = llvm.mul %[[BX]], %[[C32]] : i32
  // CHECK-DAG: %[[Y0:.*]] = llvm.mul %[[BY]], %[[C4]] : i32
  %g = cute.local_tile(%c, %tiler, %cta) : (!C, !cute.tile<"[32:1;4:1]">, !cute.coord<"(?,?)">) -> !G
  // Element (2,3) of the tile is (32 * bx + 2, 4 * by + 3).
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-DAG: llvm.add %[[X0]], %[[C2]] : i32
  // CHECK-DAG: llvm.add %[[Y0]], %[[C3]] : i32
  %at = cute.static : !cute.coord<"(2,3)">
  %xy = cute.load %g[%at] : !G, !cute.coord<"(2,3)">
  // CHECK: return %{{.*}} : !llvm.struct<(i32, i32)>
  return %xy : !cute.int_tuple<"(?,?)">
}

// The identity tensor: origin (0,0) and the layout (M,N):(1@0,1@1), its
// basis strides stored as their counts (static: never read).
// CHECK-LABEL: func @identity
// CHECK-SAME: (%[[M:.*]]: i32, %[[N:.*]]: i32) -> !llvm.struct<(struct<(i32, i32)>, struct<(i32, i32, i32, i32)>)>
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[U:.*]] = llvm.mlir.undef
// CHECK: %[[O0:.*]] = llvm.insertvalue %[[ZERO]], %[[U]][0, 0]
// CHECK: %[[O1:.*]] = llvm.insertvalue %[[ZERO]], %[[O0]][0, 1]
// CHECK: %[[S0:.*]] = llvm.insertvalue %[[M]], %[[O1]][1, 0]
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[ONE]], %[[S0]][1, 1]
// CHECK: %[[S1:.*]] = llvm.insertvalue %[[N]], %[[D0]][1, 2]
// CHECK: llvm.insertvalue %[[ONE]], %[[S1]][1, 3]
func.func @identity(%m: i32, %n: i32) -> !C {
  %shape = cute.make_int_tuple(%m, %n) : (i32, i32) -> !cute.shape<"(?,?)">
  %c = cute.make_identity_tensor(%shape) : !cute.shape<"(?,?)"> -> !C
  return %c : !C
}

// A coordinate tensor at another origin: make_view of a tuple over
// make_identity_layout (how gemm_sm80 shifts A's k by its residue).
// Element (i, j) is (origin0 + i, origin1 + j).
// CHECK-LABEL: func @shifted
// CHECK-SAME: (%[[M:.*]]: i32, %[[K:.*]]: i32, %[[O:.*]]: i32, %[[I:.*]]: i32, %[[J:.*]]: i32) -> !llvm.struct<(i32, i32)>
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[Y:.*]] = llvm.add %[[Z]], %[[I]] : i32
// CHECK: %[[X:.*]] = llvm.add %[[O]], %[[J]] : i32
// CHECK: llvm.insertvalue %[[Y]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK: llvm.insertvalue %[[X]], %{{.*}}[1] : !llvm.struct<(i32, i32)>
func.func @shifted(%m: i32, %k: i32, %o: i32, %i: i32, %j: i32) -> !cute.int_tuple<"(?,?)"> {
  %zero = arith.constant 0 : i32
  %shape = cute.make_int_tuple(%m, %k) : (i32, i32) -> !cute.shape<"(?,?)">
  %origin = cute.make_int_tuple(%zero, %o) : (i32, i32) -> !cute.int_tuple<"(?,?)">
  %id = cute.make_identity_layout(%shape) : !cute.shape<"(?,?)"> -> !cute.layout<"(?,?):(1@0,1@1)">
  %c = cute.make_view %origin, %id : !cute.coord_tensor<"(?,?)", "(?,?):(1@0,1@1)">
  %at = cute.make_int_tuple(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  %xy = cute.load %c[%at] : !cute.coord_tensor<"(?,?)", "(?,?):(1@0,1@1)">, !cute.coord<"(?,?)">
  return %xy : !cute.int_tuple<"(?,?)">
}
