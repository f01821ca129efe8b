// Type verifiers of the registry: the per-tier MMA shape lattice and element
// types, required keys, descriptor and TMA parameters.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'sm90.mma' has no 64x128x32 shape for f16 inputs; legal: 64xNx16 with N a multiple of 8 in [8, 256]}}
func.func private @wgmma_k32_f16(!cute_nvgpu.sm90.mma<64x128x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)

// -----

// expected-error @+1 {{'sm90.mma' has no 128x128x16 shape}}
func.func private @wgmma_m128(!cute_nvgpu.sm90.mma<128x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)

// -----

// expected-error @+1 {{'sm90.mma' frag_kind ts is not available}}
func.func private @wgmma_ts(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ts>)

// -----

// expected-error @+1 {{'sm90.mma' f8 operands must be K-major: ab_major = (k, k)}}
func.func private @wgmma_fp8_mn(!cute_nvgpu.sm90.mma<64x128x32, ab_major = (mn, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss>)

// -----

// expected-error @+1 {{'sm90.mma' cannot accumulate bf16 inputs into 'f16'}}
func.func private @wgmma_bf16_f16acc(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (bf16, bf16, f16), frag_kind = ss>)

// -----

// expected-error @+1 {{'sm90.mma' needs 'frag_kind'}}
func.func private @wgmma_no_frag(!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32)>)

// -----

// expected-error @+1 {{'sm80.mma' has no parameter 'frag_kind'}}
func.func private @sm80_frag(!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32), frag_kind = ss>)

// -----

// expected-error @+1 {{'sm80.mma' has no 16x8x32 shape for f16 inputs; legal: 16x8x8, 16x8x16}}
func.func private @sm80_k32(!cute_nvgpu.sm80.mma<16x8x32, elem_type = (f16, f16, f32)>)

// -----

// expected-error @+1 {{'sm80.mma' has no FP8 inputs; FP8 register MMA is sm89.mma}}
func.func private @sm80_fp8(!cute_nvgpu.sm80.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32)>)

// -----

// expected-error @+1 {{'sm89.mma' adds FP8 inputs (f8E4M3FN, f8E5M2), got A 'f16', B 'f16'; use sm80.mma otherwise}}
func.func private @sm89_f16(!cute_nvgpu.sm89.mma<16x8x16, elem_type = (f16, f16, f32)>)

// -----

// expected-error @+1 {{'sm100.mma_sp' has no 128x256x16 shape for f16 inputs}}
func.func private @umma_sp_dense_k(!cute_nvgpu.sm100.mma_sp<128x256x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)

// -----

// expected-error @+1 {{'sm100.mma' frag_kind rs is not available}}
func.func private @umma_rs(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = rs>)

// -----

// expected-error @+1 {{'sm100.mma_bs' ue4m3 scale factors need FP4 inputs and sf_vec = 16}}
func.func private @umma_bs_ue4m3_fp8(!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E4M3FN, sf_vec = 32>)

// -----

// expected-error @+1 {{'SM120.mma_bs' takes FP8/FP6/FP4 inputs, got A 'f16', B 'f16'}}
func.func private @sm120_f16(!cute_nvgpu.SM120.mma_bs<16x8x16, elem_type = (f16, f16, f32), sf_type = f8E8M0FNU, sf_vec = 32>)

// -----

// The uppercase spelling is the only one: a lowercased mnemonic is not a type.
// expected-error @+1 {{type `sm120.mma_bs` in dialect `cute_nvgpu`}}
func.func private @sm120_lower(!cute_nvgpu.sm120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>)

// -----

// expected-error @+1 {{'smem_desc_view' swizzle is 0, 32, 64 or 128 bytes, got 16}}
func.func private @desc_swizzle16(!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 16>)

// -----

// expected-error @+1 {{'atom.tma_load' boxes have rank 1..5, got 6}}
func.func private @tma_rank6(!cute_nvgpu.atom.tma_load<f16, rank = 6>)

// -----

// expected-error @+1 {{'tma_descriptor' boxes have rank 1..5, got 6}}
func.func private @tma_rank6(!cute_nvgpu.tma_descriptor<f16, box = [2, 2, 2, 2, 2, 2], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero">)

// -----

// expected-error @+1 {{'tma_descriptor' box extents are 1..256, got 512}}
func.func private @tma_box_too_big(!cute_nvgpu.tma_descriptor<f16, box = [512, 2], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero">)

// -----

// expected-error @+1 {{'tma_descriptor' inner box row of 256 bytes does not fit the 128-byte swizzle span}}
func.func private @tma_row_wider_than_swizzle(!cute_nvgpu.tma_descriptor<f16, box = [128, 8], swizzle = 128, interleave = 0, l2_promotion = 0, oob_fill = "zero">)

// -----

// expected-error @+1 {{'tma_descriptor' out-of-bounds fill is zero or nan, got 'one'}}
func.func private @tma_fill(!cute_nvgpu.tma_descriptor<f16, box = [8, 8], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "one">)

// -----

// expected-error @+1 {{'tma_descriptor' L2 promotion is 0, 64, 128 or 256 bytes, got 96}}
func.func private @tma_l2(!cute_nvgpu.tma_descriptor<f16, box = [8, 8], swizzle = 0, interleave = 0, l2_promotion = 96, oob_fill = "zero">)

// -----

// The binary MMA (i1 inputs, .and.popc) is m16n8k128.
// expected-error @+1 {{'sm80.mma' has no 16x8x256 shape for b1 inputs; legal: 16x8x128}}
func.func private @b1_k256(!cute_nvgpu.sm80.mma<16x8x256, elem_type = (i1, i1, i32)>)

// -----

// expected-error @+1 {{'sm80.mma' cannot accumulate b1 inputs into 'f32'}}
func.func private @b1_into_f32(!cute_nvgpu.sm80.mma<16x8x128, elem_type = (i1, i1, f32)>)

// -----

// Binary inputs are the dense register MMA's only (no sparse form here).
// expected-error @+1 {{'sm80.sparse_mma' has no element-type combination A 'i1', B 'i1'}}
func.func private @b1_sparse(!cute_nvgpu.sm80.sparse_mma<16x8x128, elem_type = (i1, i1, i32)>)

// -----

// expected-error @+1 {{'sm90.mma' has no element-type combination A 'i1', B 'i1'}}
func.func private @b1_wgmma(!cute_nvgpu.sm90.mma<64x8x256, ab_major = (k, k), elem_type = (i1, i1, i32), frag_kind = ss>)
