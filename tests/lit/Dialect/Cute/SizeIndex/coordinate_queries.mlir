// Queries of coordinate layouts and tiles: cosize of a coordinate layout is
// the box its coordinates fill; get_shape / get_stride of a tile are its
// slots'; tuple_product_each of a scalar is a rank-1 tuple (CuTe wraps it).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @cosize_box
// CHECK: cute.cosize (%{{.*}}) : (!cute.layout<"(4,(2,3)):(2@0,(1@0,1@1))">) -> !cute.int_tuple<"24">
func.func @cosize_box(%l: !cute.layout<"(4,(2,3)):(2@0,(1@0,1@1))">) {
  // basis 0 reaches 0..7 (extent 8), basis 1 0..2 (extent 3).
  %c = cute.cosize(%l) : (!cute.layout<"(4,(2,3)):(2@0,(1@0,1@1))">) -> !cute.int_tuple<"24">
  return
}

// -----

// CHECK-LABEL: @tile_shape
// CHECK: cute.get_shape(%{{.*}}) : !cute.tile<"[(4,8):(1,4);6:2]"> -> !cute.shape<"((4,8),6)">
// CHECK: cute.get_stride(%{{.*}}) : !cute.tile<"[(4,8):(1,4);6:2]"> -> !cute.stride<"((1,4),2)">
func.func @tile_shape(%t: !cute.tile<"[(4,8):(1,4);6:2]">) {
  %s = cute.get_shape(%t) : !cute.tile<"[(4,8):(1,4);6:2]"> -> !cute.shape<"((4,8),6)">
  %d = cute.get_stride(%t) : !cute.tile<"[(4,8):(1,4);6:2]"> -> !cute.stride<"((1,4),2)">
  return
}

// -----

// CHECK-LABEL: @product_each_scalar
// CHECK: -> !cute.shape<"(7)">
func.func @product_each_scalar(%s: !cute.shape<"7">) {
  %p = cute.tuple_product_each(%s) : (!cute.shape<"7">) -> !cute.shape<"(7)">
  return
}
