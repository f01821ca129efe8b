// Issue 35: element offsets are computed in a width that holds the layout's
// largest offset. A static layout within i32 keeps 32-bit arithmetic; one
// whose cosize is beyond i32 (a 65536 x 65536 tensor) computes its offset in
// 64 bits from the 32-bit coordinates. Executed:
// tests/lowering_jit.rs::indices_into_layouts_beyond_i32_are_64_bit.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-lower-to-llvm)' | FileCheck %s

// CHECK-LABEL: llvm.func @small
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, f32
func.func @small(%p: !cute.ptr<f32, generic>, %i: i32, %j: i32) -> f32 {
  %l = cute.static : !cute.layout<"(1024,1024):(1,1024)">
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(1024,1024):(1,1024)">>
  %c = cute.make_int_tuple(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(1024,1024):(1,1024)">>, !cute.coord<"(?,?)">
  return %x : f32
}

// CHECK-LABEL: llvm.func @beyond_i32
// CHECK: llvm.sext %{{.*}} : i32 to i64
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
func.func @beyond_i32(%p: !cute.ptr<f32, generic>, %i: i32, %j: i32) -> f32 {
  %l = cute.static : !cute.layout<"(65536,65536):(1,65536)">
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(65536,65536):(1,65536)">>
  %c = cute.make_int_tuple(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(65536,65536):(1,65536)">>, !cute.coord<"(?,?)">
  return %x : f32
}
