// The Hopper WGMMA atom rewriter of spec 000, in its two stages:
// 1. cute-nvgpu-expand-atoms (after cute-desugar, which leaves the builder
//    as it is): `cute_nvgpu.atom.sm90.wgmma %a, %b` -> a GMMA descriptor
//    per shared-memory operand, the register accumulator, the WGMMA fence
//    and the atom payload (descriptors before the fence).
// 2. cute-nvgpu-to-nvvm: each descriptor -> its packed i64 (constant part
//    from layout::gmma, start address from the view), the accumulator ->
//    zeros, the payload -> wgmma.mma_async + commit + wait.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=SUGAR
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar,cute-nvgpu-expand-atoms)' | FileCheck %s --check-prefix=STAGE1
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar,cute-nvgpu-expand-atoms,cute-to-llvm,cute-nvgpu-to-nvvm)' | FileCheck %s --check-prefix=STAGE2
// RUN: %cute compile %s --chip sm_90a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

!A = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>

// cute-desugar creates no nvgpu or nvvm op (issue 29): the builder stays.
// SUGAR-LABEL: gpu.func @builder
// SUGAR-NOT: nvvm.
// SUGAR: cute_nvgpu.atom.sm90.wgmma
// SUGAR-NOT: nvvm.
// SUGAR-LABEL: gpu.func @builder_rs

// STAGE1-LABEL: gpu.func @builder
// STAGE1: %[[DA:.*]] = cute_nvgpu.gmma.descriptor %{{.*}} : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">> -> i64
// STAGE1: %[[DB:.*]] = cute_nvgpu.gmma.descriptor %{{.*}} : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">> -> i64
// STAGE1: %[[ACC:.*]] = cute_nvgpu.register.accumulator !cute_nvgpu.sm90.mma<64x128x16, {{.*}}> : vector<64xf32>
// STAGE1: nvvm.wgmma.fence.aligned
// STAGE1: cute_nvgpu.atom %[[DA]], %[[DB]], %[[ACC]] : i64, i64, vector<64xf32> -> !cute_nvgpu.sm90.mma<64x128x16
// STAGE1-NOT: cute_nvgpu.atom.sm90.wgmma

// STAGE2-LABEL: gpu.func @builder
// STAGE2: llvm.ptrtoint
// STAGE2: %[[CA:.*]] = llvm.mlir.constant(4611686293305360384 : i64) : i64
// STAGE2: llvm.or %{{.*}}, %[[CA]] : i64
// STAGE2: llvm.mlir.zero : vector<64xf32>
// STAGE2: nvvm.wgmma.fence.aligned
// STAGE2: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// STAGE2: nvvm.wgmma.commit.group.sync.aligned
// STAGE2: nvvm.wgmma.wait.group.sync.aligned 0
// STAGE2-NOT: cute_nvgpu.

// PTX-LABEL: .entry builder(
// PTX: wgmma.fence.sync.aligned;
// PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 0;
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @builder() kernel {
    %pa = cute.alloc_smem 1024 : !cute.ptr<f16, smem, align<1024>>
    %pb = cute.alloc_smem 2048 : !cute.ptr<f16, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">
    %lb = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">
    %a = cute.make_view %pa, %la : !A
    %b = cute.make_view %pb, %lb : !B
    %atom = cute_nvgpu.atom.sm90.wgmma %a, %b : !A, !B -> !W
    gpu.return
  }

  // With A in registers (rs) the fragment travels as is: no A descriptor,
  // and the payload is the inline-PTX wgmma on A's four registers.
  // STAGE1-LABEL: gpu.func @builder_rs
  // STAGE1: %[[RDB:.*]] = cute_nvgpu.gmma.descriptor
  // STAGE1: nvvm.wgmma.fence.aligned
  // STAGE1: cute_nvgpu.atom %{{.*}}, %[[RDB]], %{{.*}} : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, i64, vector<64xf32>
  // PTX-LABEL: .entry builder_rs(
  // PTX: wgmma.fence.sync.aligned;
  // PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 0;
  // PTX: wgmma.commit_group.sync.aligned;
  gpu.func @builder_rs(%pa: !cute.ptr<f16, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %ld, %ga, %a : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %pb = cute.alloc_smem 2048 : !cute.ptr<f16, smem, align<1024>>
    %lb = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">
    %b = cute.make_view %pb, %lb : !B
    %atom = cute_nvgpu.atom.sm90.wgmma %a, %b : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, !B -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = rs>
    gpu.return
  }
}
}
