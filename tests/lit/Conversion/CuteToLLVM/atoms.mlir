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

// copy_atom_call with universal_copy<f32>: contiguous, 16-byte aligned views
// copy in 128-bit vectors; a strided one element by element.
!gv8 = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"8:1">>
!sv8 = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"8:1">>
!sv8s = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"8:2">>
// CHECK-LABEL: llvm.func @universal_copy
func.func @universal_copy(%a: !copy, %g: !gv8, %s: !sv8, %t: !sv8s) {
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  cute.copy_atom_call %a, %g, %s : !copy, !gv8, !sv8
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  cute.copy_atom_call %a, %g, %t : !copy, !gv8, !sv8s
  return
}

// A register fragment is an alloca at function entry (hoisted out of the
// loop), cast to the local address space; universal_fma is one FMA on one
// element of each operand.
!fr = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:1">>
// CHECK-LABEL: llvm.func @fragment_fma
// CHECK: %[[A:.*]] = llvm.alloca %{{.*}} x !llvm.array<1 x f32> {alignment = 4 : i64} : (i32) -> !llvm.ptr
// CHECK: llvm.addrspacecast %[[A]] : !llvm.ptr to !llvm.ptr<5>
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
func.func @fragment_fma(%n: index, %a: !fr, %b: !fr) {
  %fma = cute.make_atom : !mma
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %p = cute.alloc_rmem 1 : !cute.ptr<f32, rmem>
    %l = cute.static : !cute.layout<"1:1">
    %acc = cute.make_view %p, %l : !fr
    cute.mma_atom_call %fma, %acc, %a, %b, %acc : !mma, !fr, !fr, !fr, !fr
  }
  return
}
