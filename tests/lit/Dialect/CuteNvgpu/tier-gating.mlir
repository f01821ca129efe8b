// Tier gating (spec 003 "Atom Surface by Tier", "Registry Invariants"): each
// atom is accepted from its min tier on and rejected below it; SM100/SM103
// share one surface, SM120/SM121 another; SM110 (Jetson Thor) is a registered
// target with no MMA atom of its own: it resolves MMA to universal or
// earlier-tier atoms only. One split per accepted tier (every atom of the
// tier's surface in a function signature) and one per rejected (atom, target)
// pair.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// Accepted on sm_70: 2 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_70">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
}

// -----

// Accepted on sm_75: 3 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_75">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
}

// -----

// Accepted on sm_80: 6 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
}

// -----

// Accepted on sm_86: 6 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_86">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
}

// -----

// Accepted on sm_89: 7 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
}

// -----

// Accepted on sm_90: 15 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
}

// -----

// Accepted on sm_90a: 16 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @sm90_mma(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
}

// -----

// Accepted on sm_100a: 24 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
  func.func private @sm100_mma_sp(!cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
  func.func private @sm100_mma_bs(!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @sm100_mma_bs_sp(!cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @tmem_load(!cute_nvgpu.atom.tmem_load<f32>)
  func.func private @tmem_store(!cute_nvgpu.atom.tmem_store<f32>)
  func.func private @s2t_copy(!cute_nvgpu.atom.s2t_copy<i64>)
  func.func private @tmem_to_smem_copy(!cute_nvgpu.atom.tmem_to_smem_copy<f32>)
  func.func private @tcgen05_cp(!cute_nvgpu.atom.tcgen05.cp<f32>)
}

// -----

// Accepted on sm_100f: 24 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100f">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
  func.func private @sm100_mma_sp(!cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
  func.func private @sm100_mma_bs(!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @sm100_mma_bs_sp(!cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @tmem_load(!cute_nvgpu.atom.tmem_load<f32>)
  func.func private @tmem_store(!cute_nvgpu.atom.tmem_store<f32>)
  func.func private @s2t_copy(!cute_nvgpu.atom.s2t_copy<i64>)
  func.func private @tmem_to_smem_copy(!cute_nvgpu.atom.tmem_to_smem_copy<f32>)
  func.func private @tcgen05_cp(!cute_nvgpu.atom.tcgen05.cp<f32>)
}

// -----

// Accepted on sm_103a: 24 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_103a">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
  func.func private @sm100_mma_sp(!cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
  func.func private @sm100_mma_bs(!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @sm100_mma_bs_sp(!cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @tmem_load(!cute_nvgpu.atom.tmem_load<f32>)
  func.func private @tmem_store(!cute_nvgpu.atom.tmem_store<f32>)
  func.func private @s2t_copy(!cute_nvgpu.atom.s2t_copy<i64>)
  func.func private @tmem_to_smem_copy(!cute_nvgpu.atom.tmem_to_smem_copy<f32>)
  func.func private @tcgen05_cp(!cute_nvgpu.atom.tcgen05.cp<f32>)
}

// -----

// Accepted on sm_103f: 24 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_103f">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
  func.func private @sm100_mma_sp(!cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
  func.func private @sm100_mma_bs(!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @sm100_mma_bs_sp(!cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
  func.func private @tmem_load(!cute_nvgpu.atom.tmem_load<f32>)
  func.func private @tmem_store(!cute_nvgpu.atom.tmem_store<f32>)
  func.func private @s2t_copy(!cute_nvgpu.atom.s2t_copy<i64>)
  func.func private @tmem_to_smem_copy(!cute_nvgpu.atom.tmem_to_smem_copy<f32>)
  func.func private @tcgen05_cp(!cute_nvgpu.atom.tcgen05.cp<f32>)
}

// -----

// Accepted on sm_110: 15 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
}

// -----

// Accepted on sm_110a: 15 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110a">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
}

// -----

// Accepted on sm_110f: 15 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110f">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
}

// -----

// Accepted on sm_120a: 16 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_120a">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @SM120_mma_bs(!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

// Accepted on sm_121a: 16 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_121a">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @SM120_mma_bs(!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

// Accepted on sm_121f: 16 atoms.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_121f">} {
  func.func private @universal_copy(!cute_nvgpu.atom.universal_copy<f32>)
  func.func private @universal_fma(!cute_nvgpu.atom.universal_fma<f16, f16, f32>)
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
  func.func private @SM120_mma_bs(!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_72">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.ldsm<m8n8.x4>' requires sm_75 or later, but the target is sm_72}}
  func.func private @ldsm(!cute_nvgpu.atom.ldsm<m8n8.x4>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_75">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.simt_async_copy<16>' requires sm_80 or later, but the target is sm_75}}
  func.func private @simt_async_copy(!cute_nvgpu.atom.simt_async_copy<16>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_75">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>' requires sm_80 or later, but the target is sm_75}}
  func.func private @sm80_mma(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_72">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>' requires sm_80 or later, but the target is sm_72}}
  func.func private @sm80_sparse_mma(!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_87">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>' requires sm_89 or later, but the target is sm_87}}
  func.func private @sm89_mma(!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.stsm<m8n8.x4>' requires sm_90 or later, but the target is sm_89}}
  func.func private @stsm(!cute_nvgpu.atom.stsm<m8n8.x4>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>' requires sm_90 or later, but the target is sm_89}}
  func.func private @smem_desc_view(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tma_load<f16, rank = 2>' requires sm_90 or later, but the target is sm_89}}
  func.func private @tma_load(!cute_nvgpu.atom.tma_load<f16, rank = 2>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_87">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>' requires sm_90 or later, but the target is sm_87}}
  func.func private @tma_load_multicast(!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_86">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>' requires sm_90 or later, but the target is sm_86}}
  func.func private @tma_load_im2col(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tma_store<f16, rank = 2>' requires sm_90 or later, but the target is sm_80}}
  func.func private @tma_store(!cute_nvgpu.atom.tma_store<f16, rank = 2>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>' requires sm_90 or later, but the target is sm_89}}
  func.func private @tma_reduce(!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>' requires sm_90 or later, but the target is sm_89}}
  func.func private @non_exec_tiled_tma_load(!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_89}}
  func.func private @sm90_mma(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_90}}
  func.func private @sm90_mma(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_100a}}
  func.func private @sm90_mma(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_110a}}
  func.func private @sm90_mma(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_90a}}
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_100}}
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_110a}}
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_120a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_120a}}
  func.func private @sm100_mma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_90a}}
  func.func private @sm100_mma_sp(!cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110f">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_110f}}
  func.func private @sm100_mma_bs(!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_121a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_121a}}
  func.func private @sm100_mma_bs_sp(!cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tmem_load<f32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_90a}}
  func.func private @tmem_load(!cute_nvgpu.atom.tmem_load<f32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tmem_store<f32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_110a}}
  func.func private @tmem_store(!cute_nvgpu.atom.tmem_store<f32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.s2t_copy<i64>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_90a}}
  func.func private @s2t_copy(!cute_nvgpu.atom.s2t_copy<i64>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_120a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tmem_to_smem_copy<f32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_120a}}
  func.func private @tmem_to_smem_copy(!cute_nvgpu.atom.tmem_to_smem_copy<f32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.atom.tcgen05.cp<f32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_90a}}
  func.func private @tcgen05_cp(!cute_nvgpu.atom.tcgen05.cp<f32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>' requires sm_120a, sm_120f, sm_121a or sm_121f, but the target is sm_100a}}
  func.func private @SM120_mma_bs(!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110a">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>' requires sm_120a, sm_120f, sm_121a or sm_121f, but the target is sm_110a}}
  func.func private @SM120_mma_bs(!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_120">} {
  // expected-error @+1 {{'func.func' op '!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>' requires sm_120a, sm_120f, sm_121a or sm_121f, but the target is sm_120}}
  func.func private @SM120_mma_bs(!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)
}

// -----

// The target on a function gates the atoms its body builds.
func.func @wgmma_on_ampere() attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  // expected-error @+1 {{'cute.make_atom' op '!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_80}}
  %w = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
  return
}

// -----

// Atoms nested in tiled atoms are gated too.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110a">} {
  // expected-error @+1 {{'!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_110a}}
  func.func private @thor_umma(!cute.tiled_mma<!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>, !cute.layout<"(1,1,1):(0,0,0)">>)
}

// -----

// SM110 resolves MMA to the universal or an earlier-tier atom.
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_110a">} {
  func.func @thor_gemm() {
    %f = cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
    %m = cute.make_atom : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>
    %t = cute.make_tiled_mma %m : !cute.tiled_mma<!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
    return
  }
}

// -----

// expected-error @+1 {{unknown SM target 'sm_95'}}
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_95">} {
}

// -----

// expected-error @+1 {{unknown SM target 'sm_80a'}}
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80a">} {
}

// -----

// expected-error @+1 {{'cute_nvgpu.target' must be a #cute_nvgpu.target<"sm_XX">, got "sm_90a"}}
module attributes {cute_nvgpu.target = "sm_90a"} {
}

// -----

// Every op that uses an atom the target lacks is reported, not only the
// first (a file moved to another chip shows all it must change).
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  // expected-error @+1 {{'!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_80}}
  func.func private @wgmma(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)
  // expected-error @+1 {{'!cute_nvgpu.atom.tmem_load<f32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_80}}
  func.func private @tmem(!cute_nvgpu.atom.tmem_load<f32>)
  func.func private @accepted(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  func.func @atoms() {
    // expected-error @+1 {{'!cute_nvgpu.atom.stsm<m8n8.x2>' requires}}
    %s = cute.make_atom : !cute_nvgpu.atom.stsm<m8n8.x2>
    return
  }
}
