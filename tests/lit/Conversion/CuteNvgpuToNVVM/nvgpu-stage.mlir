// The lowering stages (spec 002 "Target-Neutral LLVM Conversion": SM-specific
// atoms stay in cute_nvgpu through it): cute-to-llvm lowers views and the
// universal atoms and leaves the SM-tier atom calls to cute-nvgpu-to-nvvm,
// which reads their operands through cute-to-llvm's casts.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' | FileCheck %s --check-prefix=NEUTRAL
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,cute-nvgpu-to-nvvm)' | FileCheck %s --check-prefix=NVVM

!g = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"8:1">>
!r = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"8:1">>

// NEUTRAL-LABEL: func @stage
// NEUTRAL: cute.copy_atom_call %{{.*}} : !cute_nvgpu.atom.simt_async_copy<16, f16>
// NEUTRAL-NOT: cute.copy_atom_call %{{.*}} : !cute_nvgpu.atom.universal_copy
// NEUTRAL: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// NVVM-LABEL: func @stage
// NVVM-NOT: cute.copy_atom_call
// NVVM: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
func.func @stage(%g: !g, %s: !s, %r: !r) {
  %cp = cute.make_atom : !cute_nvgpu.atom.simt_async_copy<16, f16>
  cute.copy_atom_call %cp, %g, %s : !cute_nvgpu.atom.simt_async_copy<16, f16>, !g, !s
  %u = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
  cute.copy_atom_call %u, %s, %r : !cute_nvgpu.atom.universal_copy<f16>, !s, !r
  return
}

// An ldmatrix copy likewise (the SM80 matrix-copy pattern).
!r2 = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"2:1">>
// NEUTRAL-LABEL: func @ldsm_stage
// NEUTRAL: cute.copy_atom_call %{{.*}} : !cute_nvgpu.atom.ldsm<m8n8, f16>
// NEUTRAL-NOT: nvvm.ldmatrix
// NVVM-LABEL: func @ldsm_stage
// NVVM-NOT: cute.copy_atom_call
// NVVM: nvvm.ldmatrix
func.func @ldsm_stage(%s: !s, %r: !r2) {
  %x1 = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x1, f16>
  cute.copy_atom_call %x1, %s, %r : !cute_nvgpu.atom.ldsm<m8n8.x1, f16>, !s, !r2
  return
}

// An SM-tier MMA call likewise: cute-to-llvm leaves it, cute-nvgpu-to-nvvm
// makes it an mma.sync.
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!M = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
// NEUTRAL-LABEL: func @mma_stage
// NEUTRAL: cute.mma_atom_call %{{.*}} : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
// NEUTRAL-NOT: nvvm.mma.sync
// NVVM-LABEL: func @mma_stage
// NVVM-NOT: cute.mma_atom_call
// NVVM: nvvm.mma.sync
func.func @mma_stage(%d: !D, %a: !A, %b: !B) {
  %m = cute.make_atom : !M
  cute.mma_atom_call %m, %d, %a, %b, %d : !M, !D, !A, !B, !D
  return
}

// A TMA load and an SM90 warpgroup MMA likewise: cute-to-llvm lowers the
// views around them and leaves `cute_nvgpu.tma.copy` and the sm90.mma call;
// cute-nvgpu-to-nvvm makes them a cp.async.bulk.tensor and a
// wgmma.mma_async whose operands are the GMMA descriptors of the tiles.
!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>
!Bar = !cute.ptr<i64, smem, align<8>>
// NEUTRAL-LABEL: func @tma_stage
// NEUTRAL: cute_nvgpu.tma.copy %{{.*}} : !cute_nvgpu.atom.tma_load<f16, rank = 2>
// NEUTRAL-NOT: nvvm.cp.async.bulk.tensor
// NVVM-LABEL: func @tma_stage
// NVVM-NOT: cute_nvgpu.tma.copy
// NVVM: nvvm.cp.async.bulk.tensor.shared.cluster.global
func.func @tma_stage(%in: !Desc, %tile: !Tile, %bar: !Bar, %x: i32, %y: i32) {
  %load = cute.make_atom %in : !Desc -> : !Load
  cute_nvgpu.tma.copy %load, %in, %tile, [%x, %y] mbar(%bar : !Bar) : !Load, !Desc, !Tile
  return
}

!WC = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
!WA = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
!WB = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
// NEUTRAL-LABEL: func @wgmma_stage
// NEUTRAL: cute.mma_atom_call %{{.*}} : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
// NEUTRAL-NOT: nvvm.wgmma.mma_async
// NVVM-LABEL: func @wgmma_stage
// NVVM-NOT: cute.mma_atom_call
// NVVM: nvvm.wgmma.mma_async
// NVVM-SAME: m = 64, n = 128, k = 16
func.func @wgmma_stage(%c: !WC, %a: !WA, %b: !WB) {
  %w = cute.make_atom : !W
  cute.mma_atom_call %w, %c, %a, %b, %c : !W, !WC, !WA, !WB, !WC
  return
}
