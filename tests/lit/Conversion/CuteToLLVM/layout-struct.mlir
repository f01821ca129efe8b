// cute-to-llvm: the LLVM form of layouts and tuples (spec 000 "cute.layout
// Value to LLVM Struct"): per mode (shape, stride) interleaved, every leaf a
// field, nested structs for hierarchical modes, a static flat value one
// constant (MLIR 22 takes the array form, not the spec's dense tensor).
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' | FileCheck %s

// CHECK-LABEL: func @static_layout
// CHECK-SAME: -> !llvm.struct<(i32, i32, i32, i32)>
func.func @static_layout() -> !cute.layout<<8:1, 4:8>> {
  // CHECK: llvm.mlir.constant([8 : i32, 1 : i32, 4 : i32, 8 : i32]) : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: return %{{.*}} : !llvm.struct<(i32, i32, i32, i32)>
  %l = cute.static : !cute.layout<<8:1, 4:8>>
  return %l : !cute.layout<<8:1, 4:8>>
}

// The walk's dynamic variant: the insertvalue chain in field order.
// CHECK-LABEL: func @dynamic_stride
// CHECK-SAME: (%[[S1:.*]]: i32) -> !llvm.struct<(i32, i32, i32, i32)>
func.func @dynamic_stride(%stride1: i32) -> !cute.layout<"(8,4):(1,?)"> {
  // CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: %[[A:.*]] = llvm.insertvalue %[[C8]], %[[U]][0]
  // CHECK: %[[B:.*]] = llvm.insertvalue %{{.*}}, %[[A]][1]
  // CHECK: %[[D:.*]] = llvm.insertvalue %[[C4]], %[[B]][2]
  // CHECK: %[[L:.*]] = llvm.insertvalue %[[S1]], %[[D]][3]
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[L]] : !llvm.struct<(i32, i32, i32, i32)> to !cute.layout<"(8,4):(1,?)">
  // CHECK: %[[B2:.*]] = builtin.unrealized_conversion_cast %[[R]] : !cute.layout<"(8,4):(1,?)"> to !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: return %[[B2]]
  %s = cute.static : !cute.shape<"(8,4)">
  %d = cute.make_int_tuple(%stride1) : (i32) -> !cute.stride<"(1,?)">
  %l = cute.make_layout_raw %s, %d : (!cute.shape<"(8,4)">, !cute.stride<"(1,?)">) -> !cute.layout<"(8,4):(1,?)">
  return %l : !cute.layout<"(8,4):(1,?)">
}

// A hierarchical mode is one nested struct; `?{i64}` leaves are i64; a
// scalar tuple is a plain integer.
// CHECK-LABEL: func private @types
// CHECK-SAME: !llvm.struct<(struct<(i32, i32, i32, i32)>, i32, i32)>
// CHECK-SAME: !llvm.struct<(i64, struct<(i32, i32)>)>
// CHECK-SAME: i32
// CHECK-SAME: !llvm.struct<(i32, i32)>
// CHECK-SAME: !llvm.ptr<3>, !llvm.ptr<1>, !llvm.ptr<6>, !llvm.ptr<4>, !llvm.ptr<5>, !llvm.ptr
// CHECK-SAME: !llvm.struct<()>
func.func private @types(!cute.layout<"((2,2),4):((1,2),8)">, !cute.shape<"(?{i64},(4,?))">, !cute.int_tuple<"?">,
                         !cute.layout<"8:?">, !cute.ptr<f16, smem>, !cute.ptr<f32, gmem>, !cute.ptr<f32, tmem>,
                         !cute.ptr<f32, 4>, !cute.ptr<f32, rmem>, !cute.ptr<f32, generic>,
                         !cute.tile<"[2:1;4:1]">)

// get_leaves reads the fields back, converted to the requested type.
// CHECK-LABEL: func @leaves
func.func @leaves(%m: index, %n: i32) -> (index, i64) {
  // The fields are read through the insertvalue chain that built them (an
  // i64 operand for a 32-bit leaf is refused: the width must match).
  // Issue 37: both values are bound (the i32 operand reaches the sext
  // directly, as the trunc of an i64 operand did before the width rule).
  // CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: i32)
  // CHECK: %[[A:.*]] = arith.index_cast %[[M]] : index to i32
  // CHECK-NOT: llvm.extractvalue
  // CHECK: %[[RA:.*]] = arith.index_cast %[[A]] : i32 to index
  // CHECK: %[[RB:.*]] = llvm.sext %[[N]] : i32 to i64
  // CHECK: return %[[RA]], %[[RB]] : index, i64
  %s = cute.make_int_tuple(%m, %n) : (index, i32) -> !cute.shape<"(?,?)">
  %a, %b = cute.get_leaves %s : !cute.shape<"(?,?)"> -> index, i64
  return %a, %b : index, i64
}
