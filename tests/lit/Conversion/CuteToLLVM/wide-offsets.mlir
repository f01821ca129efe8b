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

// A run-time leading dimension (an i32 `?`): (4,8):(1,?) reaches 7 * ld,
// beyond i32 for ld above 2^31 / 7, so the offset is 64-bit; declared
// bounded (`?{max=65536}`, a promise like `div`), it reaches 3 + 7 * 65536
// and stays 32-bit. Executed: tests/lowering_jit.rs::run_time_strides_compute_offsets_past_i32.
// CHECK-LABEL: llvm.func @run_time_stride
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
func.func @run_time_stride(%p: !cute.ptr<f32, generic>, %ld: i32, %i: i32, %j: i32) -> f32 {
  %s = cute.static : !cute.shape<"(4,8)">
  %d = cute.make_int_tuple(%ld) : (i32) -> !cute.stride<"(1,?)">
  %l = cute.make_layout_raw %s, %d : (!cute.shape<"(4,8)">, !cute.stride<"(1,?)">) -> !cute.layout<"(4,8):(1,?)">
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(4,8):(1,?)">>
  %c = cute.make_int_tuple(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(4,8):(1,?)">>, !cute.coord<"(?,?)">
  return %x : f32
}

// CHECK-LABEL: llvm.func @bounded_run_time_stride
// CHECK-NOT: i64
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, f32
func.func @bounded_run_time_stride(%p: !cute.ptr<f32, generic>, %ld: i32, %i: i32, %j: i32) -> f32 {
  %s = cute.static : !cute.shape<"(4,8)">
  %d = cute.make_int_tuple(%ld) : (i32) -> !cute.stride<"(1,?{max=65536})">
  %l = cute.make_layout_raw %s, %d : (!cute.shape<"(4,8)">, !cute.stride<"(1,?{max=65536})">) -> !cute.layout<"(4,8):(1,?{max=65536})">
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(4,8):(1,?{max=65536})">>
  %c = cute.make_int_tuple(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, generic>, !cute.layout<"(4,8):(1,?{max=65536})">>, !cute.coord<"(?,?)">
  return %x : f32
}
