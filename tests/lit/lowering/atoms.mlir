// cute-to-llvm: atom values (issue 19: "atoms become opaque struct
// payloads"). Every registry atom is fully described by its type, so its
// payload is the empty struct; functions taking and returning atoms,
// tiled copies and tiled MMAs convert, and call sites with them.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-lower-to-llvm)' | FileCheck %s

!copy = !cute_nvgpu.atom.universal_copy<f32>
!mma = !cute_nvgpu.atom.universal_fma<f32, f32, f32>
!tc = !cute.tiled_copy<!copy, !cute.layout<"(32,4):(4,1)">, !cute.tile<"[32:1;4:1]">>
!tm = !cute.tiled_mma<!mma, !cute.layout<"(16,8,1):(1,16,0)">>

// CHECK-LABEL: llvm.func @tile_it
// CHECK-SAME: (%{{.*}}: !llvm.struct<()>) -> !llvm.struct<(struct<()>, struct<()>)>
func.func @tile_it(%a: !copy) -> (!tc, !tm) {
  // CHECK: llvm.mlir.undef : !llvm.struct<()>
  %tc = cute.make_tiled_copy %a : !tc
  %m = cute.make_atom : !mma
  %tm = cute.make_tiled_mma %m : !tm
  return %tc, %tm : !tc, !tm
}

// CHECK-LABEL: llvm.func @caller
// CHECK: llvm.call @tile_it(%{{.*}}) : (!llvm.struct<()>) -> !llvm.struct<(struct<()>, struct<()>)>
func.func @caller() -> !tm {
  %a = cute.make_atom : !copy
  %tc, %tm = func.call @tile_it(%a) : (!copy) -> (!tc, !tm)
  return %tm : !tm
}

// gpu.func kernels convert like func.func (spec 000's secondary registrar):
// a kernel taking a view and a tiled copy.
// CHECK-LABEL: gpu.module @kernels
// CHECK: gpu.func @copy(%{{.*}}: !llvm.struct<(ptr<1>, struct<(i32, i32, i32, i32)>)>, %{{.*}}: !llvm.struct<()>) kernel
gpu.module @kernels {
  gpu.func @copy(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>, %tc: !tc) kernel {
    gpu.return
  }
}
