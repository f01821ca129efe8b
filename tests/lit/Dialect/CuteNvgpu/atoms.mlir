// Round trip of every atom type of the spec 003 registry (printer output is
// re-parsed and printed again).
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// The generic form round-trips too (every op and type through its generic
// printer and back to the custom form).
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

// CHECK-LABEL: @universal
// CHECK-SAME: !cute_nvgpu.atom.universal_copy<f32>
// CHECK-SAME: !cute_nvgpu.atom.universal_copy<i8>
// CHECK-SAME: !cute_nvgpu.atom.universal_fma<f16, f16, f32>
func.func private @universal(!cute_nvgpu.atom.universal_copy<f32>, !cute_nvgpu.atom.universal_copy<i8>,
                             !cute_nvgpu.atom.universal_fma<f16, f16, f32>)

// CHECK-LABEL: @ldsm
// CHECK-SAME: !cute_nvgpu.atom.ldsm<m8n8>
// CHECK-SAME: !cute_nvgpu.atom.ldsm<m8n8>
// CHECK-SAME: !cute_nvgpu.atom.ldsm<m8n8.x2>
// CHECK-SAME: !cute_nvgpu.atom.ldsm<m8n8.x4>
// CHECK-SAME: !cute_nvgpu.atom.ldsm<m8n8.x4.trans>
// CHECK-SAME: !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
// CHECK-SAME: !cute_nvgpu.atom.ldsm<m8n8.trans, bf16>
func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8>, !cute_nvgpu.atom.ldsm<m8n8.x1>,
                        !cute_nvgpu.atom.ldsm<m8n8.x2>, !cute_nvgpu.atom.ldsm<m8n8.x4>,
                        !cute_nvgpu.atom.ldsm<m8n8.x4.trans>, !cute_nvgpu.atom.ldsm<m8n8.x2, f16>,
                        !cute_nvgpu.atom.ldsm<m8n8.trans, bf16>)

// CHECK-LABEL: @stsm
// CHECK-SAME: !cute_nvgpu.atom.stsm<m8n8.x4>
// CHECK-SAME: !cute_nvgpu.atom.stsm<m8n8.x2.trans, f16>
func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>, !cute_nvgpu.atom.stsm<m8n8.x2.trans, f16>)

// CHECK-LABEL: @cp_async
// CHECK-SAME: !cute_nvgpu.atom.simt_async_copy<4>
// CHECK-SAME: !cute_nvgpu.atom.simt_async_copy<8, f16>
// CHECK-SAME: !cute_nvgpu.atom.simt_async_copy<16, f32>
// CHECK-SAME: !cute_nvgpu.atom.simt_async_copy<16>
func.func private @cp_async(!cute_nvgpu.atom.simt_async_copy<4>, !cute_nvgpu.atom.simt_async_copy<8, f16>,
                            !cute_nvgpu.atom.simt_async_copy<16, f32>, !cute_nvgpu.atom.simt_async_copy<16, i8>)

// CHECK-LABEL: @register_mma
// CHECK-SAME: !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
// CHECK-SAME: !cute_nvgpu.sm80.mma<16x8x8, elem_type = (tf32, tf32, f32)>
// CHECK-SAME: !cute_nvgpu.sm80.mma<8x8x4, elem_type = (f64, f64, f64)>
// CHECK-SAME: !cute_nvgpu.sm80.mma<16x8x32, elem_type = (i8, i8, i32)>
// CHECK-SAME: !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (bf16, bf16, f32)>
// CHECK-SAME: !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>
// CHECK-SAME: !cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
// CHECK-SAME: !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f6E2M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
func.func private @register_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>,
                                !cute_nvgpu.sm80.mma<16x8x8, elem_type = (tf32, tf32, f32)>,
                                !cute_nvgpu.sm80.mma<8x8x4, elem_type = (f64, f64, f64)>,
                                !cute_nvgpu.sm80.mma<16x8x32, elem_type = (i8, i8, i32)>,
                                !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (bf16, bf16, f32)>,
                                !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>,
                                !cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>,
                                !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f6E2M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)

// Keys may come in any order; the printer is canonical.
// CHECK-LABEL: @wgmma
// CHECK-SAME: !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
// CHECK-SAME: !cute_nvgpu.sm90.mma<64x256x16, ab_major = (k, mn), elem_type = (bf16, bf16, f32), frag_kind = rs>
// CHECK-SAME: !cute_nvgpu.sm90.mma<64x8x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f16), frag_kind = ss>
// CHECK-SAME: !cute_nvgpu.sm90.mma<64x64x16, ab_major = (mn, mn), elem_type = (f16, f16, f16), frag_kind = ss>
// CHECK-SAME: !cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>
// CHECK-SAME: !cute_nvgpu.smem_desc_view<bf16, major = mn, swizzle = 0>
func.func private @wgmma(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>,
                         !cute_nvgpu.sm90.mma<64x256x16, frag_kind = rs, elem_type = (bf16, bf16, f32), ab_major = (k, mn)>,
                         !cute_nvgpu.sm90.mma<64x8x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f16), frag_kind = ss>,
                         !cute_nvgpu.sm90.mma<64x64x16, ab_major = (mn, mn), elem_type = (f16, f16, f16), frag_kind = ss>,
                         !cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>,
                         !cute_nvgpu.smem_desc_view<bf16, major = mn, swizzle = 0>)

// CHECK-LABEL: @tma
// CHECK-SAME: !cute_nvgpu.atom.tma_load<f16, rank = 2>
// CHECK-SAME: !cute_nvgpu.atom.tma_load_multicast<bf16, rank = 3>
// CHECK-SAME: !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>
// CHECK-SAME: !cute_nvgpu.atom.tma_store<f32, rank = 5>
// CHECK-SAME: !cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>
// CHECK-SAME: !cute_nvgpu.atom.tma_reduce<max, i32, rank = 1>
// CHECK-SAME: !cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>
// CHECK-SAME: !cute_nvgpu.atom.non_exec_tiled_tma_store<f16, rank = 2>
// CHECK-SAME: !cute_nvgpu.atom.non_exec_tiled_tma_reduce<min, f16, rank = 3>
func.func private @tma(!cute_nvgpu.atom.tma_load<f16, rank = 2>, !cute_nvgpu.atom.tma_load_multicast<bf16, rank = 3>,
                       !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>, !cute_nvgpu.atom.tma_store<f32, rank = 5>,
                       !cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>, !cute_nvgpu.atom.tma_reduce<max, i32, rank = 1>,
                       !cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>,
                       !cute_nvgpu.atom.non_exec_tiled_tma_store<f16, rank = 2>,
                       !cute_nvgpu.atom.non_exec_tiled_tma_reduce<min, f16, rank = 3>)

// CHECK-LABEL: @umma
// CHECK-SAME: !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
// CHECK-SAME: !cute_nvgpu.sm100.mma<64x8x8, ab_major = (k, k), elem_type = (tf32, tf32, f32), frag_kind = ts>
// CHECK-SAME: !cute_nvgpu.sm100.mma<256x256x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>
// CHECK-SAME: !cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
// CHECK-SAME: !cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
// CHECK-SAME: !cute_nvgpu.sm100.mma_bs<128x128x64, ab_major = (k, k), elem_type = (f4E2M1FN, f4E2M1FN, f32), frag_kind = ss, sf_type = f8E4M3FN, sf_vec = 16>
// CHECK-SAME: !cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
func.func private @umma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>,
                        !cute_nvgpu.sm100.mma<64x8x8, ab_major = (k, k), elem_type = (tf32, tf32, f32), frag_kind = ts>,
                        !cute_nvgpu.sm100.mma<256x256x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>,
                        !cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>,
                        !cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>,
                        !cute_nvgpu.sm100.mma_bs<128x128x64, ab_major = (k, k), elem_type = (f4E2M1FN, f4E2M1FN, f32), frag_kind = ss, sf_type = f8E4M3FN, sf_vec = 16>,
                        !cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)

// CHECK-LABEL: @tmem
// CHECK-SAME: !cute_nvgpu.atom.tmem_load<f32>
// CHECK-SAME: !cute_nvgpu.atom.tmem_store<f16>
// CHECK-SAME: !cute_nvgpu.atom.s2t_copy<i64>
// CHECK-SAME: !cute_nvgpu.atom.tmem_to_smem_copy<i8>
// CHECK-SAME: !cute_nvgpu.atom.tcgen05.cp<f32>
func.func private @tmem(!cute_nvgpu.atom.tmem_load<f32>, !cute_nvgpu.atom.tmem_store<f16>,
                        !cute_nvgpu.atom.s2t_copy<i64>, !cute_nvgpu.atom.tmem_to_smem_copy<i8>,
                        !cute_nvgpu.atom.tcgen05.cp<f32>)

// Atoms are built by the generic cute.make_atom and tiled by cute.make_tiled_*.
// CHECK-LABEL: @build
// CHECK: cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
// CHECK: cute.make_atom : !cute_nvgpu.atom.tma_load<f16, rank = 2>
// CHECK: cute.make_tiled_mma %{{.*}} : !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
// CHECK: cute.make_tiled_copy %{{.*}} : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4>
func.func @build() {
  %w = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
  %t = cute.make_atom : !cute_nvgpu.atom.tma_load<f16, rank = 2>
  %m = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
  %tm = cute.make_tiled_mma %m : !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
  %l = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x4>
  %tc = cute.make_tiled_copy %l : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4>, !cute.layout<"(32,8):(8,1)">, !cute.tile<"[16:1;16:1]">>
  return
}

// The target attribute round-trips.
// CHECK-LABEL: @targeted
// CHECK-SAME: cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">
func.func private @targeted() attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">}

// A typed TMA descriptor (spec 003 "Registry Model": descriptor types carry
// hardware descriptor state as typed IR), bound to a TMA atom it agrees with.
!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
// CHECK-LABEL: func @tma_descriptor
// CHECK-SAME: !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
func.func @tma_descriptor(%desc: !Desc {cute_nvgpu.grid_constant}) attributes {cute.kernel} {
  // CHECK: cute.make_atom %{{.*}} : !cute_nvgpu.tma_descriptor<{{.*}}> -> : !cute_nvgpu.atom.tma_load<f16, rank = 2>
  %a = cute.make_atom %desc : !Desc -> : !cute_nvgpu.atom.tma_load<f16, rank = 2>
  return
}
