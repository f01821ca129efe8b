// Copy-atom diagnostics: the copy-vectorization template of spec 003 for
// illegal cp.async widths and non-vectorizable strides, ldmatrix/stmatrix
// fragment and transposition checks, copy residencies, element widths.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// cp.async moves 4, 8 or 16 bytes; 12 bytes of f32 is rejected through the
// vectorization template.
// expected-error @+1 {{'atom.simt_async_copy' cannot vectorize copy to 3 elements (static strides must be 1)}}
func.func private @cp_async_12_bytes(!cute_nvgpu.atom.simt_async_copy<12, f32>)

// -----

// expected-error @+1 {{'atom.simt_async_copy' cannot vectorize copy to 32 elements (static strides must be 1)}}
func.func private @cp_async_32_bytes(!cute_nvgpu.atom.simt_async_copy<32>)

// -----

// 16 bytes of f32 = 4 elements, but the global side is strided by 2.
!G = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:2">>
!S = !cute.view<!cute.ptr<f32, smem>, !cute.layout<"4:1">>
!CP = !cute_nvgpu.atom.simt_async_copy<16, f32>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @cp_async_strides_differ(%g: !G, %s: !S) {
    %cp = cute.make_atom : !CP
    // expected-error @+1 {{'atom.simt_async_copy' cannot vectorize copy to 4 elements (static strides must match)}}
    cute.copy_atom_call %cp, %g, %s : !CP, !G, !S
    return
  }
}

// -----

!G = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(2,4):(4,1)">>
!S = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(2,4):(4,1)">>
!CP = !cute_nvgpu.atom.simt_async_copy<16, f16>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_86">} {
  func.func @cp_async_column_walk(%g: !G, %s: !S) {
    %cp = cute.make_atom : !CP
    // expected-error @+1 {{'atom.simt_async_copy' cannot vectorize copy to 8 elements (static strides must be 1)}}
    cute.copy_atom_call %cp, %g, %s : !CP, !G, !S
    return
  }
}

// -----

// cp.async copies global to shared memory only.
!G = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
!R = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!CP = !cute_nvgpu.atom.simt_async_copy<16, f32>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @cp_async_into_registers(%g: !G, %r: !R) {
    %cp = cute.make_atom : !CP
    // expected-error @+1 {{'!cute_nvgpu.atom.simt_async_copy<16, f32>' copies gmem to smem, but got src: !cute.view<!cute.ptr<f32, gmem>}}
    cute.copy_atom_call %cp, %g, %r : !CP, !G, !R
    return
  }
}

// -----

// ldmatrix x4: 8 elements per lane.
!S = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(2,2):(1,8)">>
!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!L = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_75">} {
  func.func @ldsm_x4_fragment(%s: !S, %r: !R) {
    %l = cute.make_atom : !L
    // expected-error @+1 {{'!cute_nvgpu.atom.ldsm<m8n8.x4, f16>' loads 8 elements per lane, but the register fragment 4:1 holds 4}}
    cute.copy_atom_call %l, %s, %r : !L, !S, !R
    return
  }
}

// -----

// ldmatrix in CuTe's per-lane form: a lane addresses one row, 8 contiguous
// 16-bit elements of shared memory, with or without .trans (which only
// changes what lands in the registers).
!S = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(2,4):(64,8)">>
!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
!L = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @ldsm_row_not_contiguous(%s: !S, %r: !R) {
    %l = cute.make_atom : !L
    // expected-error @+1 {{'!cute_nvgpu.atom.ldsm<m8n8.x4, f16>' addresses one row of 8 contiguous 16-bit elements per lane (128 bits) in shared memory, but got (2,4):(64,8)}}
    cute.copy_atom_call %l, %s, %r : !L, !S, !R
    return
  }
}

// -----

!S = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"16:1">>
!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
!L = !cute_nvgpu.atom.ldsm<m8n8.x4.trans, f16>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @ldsm_row_too_long(%s: !S, %r: !R) {
    %l = cute.make_atom : !L
    // expected-error @+1 {{addresses one row of 8 contiguous 16-bit elements per lane (128 bits) in shared memory, but got 16:1}}
    cute.copy_atom_call %l, %s, %r : !L, !S, !R
    return
  }
}

// -----

!S = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(2,2):(1,8)">>
!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!L = !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @ldsm_from_registers(%s: !S, %r: !R) {
    %l = cute.make_atom : !L
    // expected-error @+1 {{copies smem to rmem, but got src: !cute.view<!cute.ptr<f16, rmem>}}
    cute.copy_atom_call %l, %r, %r : !L, !R, !R
    return
  }
}

// -----

// stmatrix x2: 4 elements per lane.
!S = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(2,4):(1,8)">>
!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
!T = !cute_nvgpu.atom.stsm<m8n8.x2, f16>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  func.func @stsm_x2_fragment(%s: !S, %r: !R) {
    %t = cute.make_atom : !T
    // expected-error @+1 {{'!cute_nvgpu.atom.stsm<m8n8.x2, f16>' stores 4 elements per lane, but the register fragment 8:1 holds 8}}
    cute.copy_atom_call %t, %r, %s : !T, !R, !S
    return
  }
}

// -----

// ldmatrix moves 16-bit elements only.
!S = !cute.view<!cute.ptr<f32, smem>, !cute.layout<"(2,4):(1,8)">>
!R = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"8:1">>
func.func @ldsm_f32(%s: !S, %r: !R) {
  %l = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x4>
  // expected-error @+1 {{'cute.copy_atom_call' op '!cute_nvgpu.atom.ldsm<m8n8.x4>' moves 16-bit elements but the source holds f32}}
  cute.copy_atom_call %l, %s, %r : !cute_nvgpu.atom.ldsm<m8n8.x4>, !S, !R
  return
}

// -----

// expected-error @+1 {{'atom.ldsm' moves 16-bit elements, got 'f32'}}
func.func private @ldsm_f32_type(!cute_nvgpu.atom.ldsm<m8n8.x4, f32>)

// -----

// expected-error @+1 {{expected m8n8[.x1|.x2|.x4][.trans], got 'm8n8.x8'}}
func.func private @ldsm_x8(!cute_nvgpu.atom.ldsm<m8n8.x8>)

// -----

// expected-error @+1 {{'atom.tcgen05.cp' moves 32-bit elements, got 'f16'}}
func.func private @tcgen05_cp_f16(!cute_nvgpu.atom.tcgen05.cp<f16>)

// -----

// expected-error @+1 {{'atom.tma_load_im2col' boxes have rank 3..5, got 2}}
func.func private @im2col_rank2(!cute_nvgpu.atom.tma_load_im2col<f16, rank = 2>)

// -----

// expected-error @+1 {{'atom.tma_reduce' reduction must be one of add, min, max, inc, dec, and, or, xor; got 'mul'}}
func.func private @tma_reduce_mul(!cute_nvgpu.atom.tma_reduce<mul, f32, rank = 2>)

// -----

// TMEM loads land in registers.
!T = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!S = !cute.view<!cute.ptr<f32, smem>, !cute.layout<"32:1">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @tmem_load_to_smem(%t: !T, %s: !S) {
    %l = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    // expected-error @+1 {{'!cute_nvgpu.atom.tmem_load<f32>' copies tmem to rmem, but got src}}
    cute.copy_atom_call %l, %t, %s : !cute_nvgpu.atom.tmem_load<f32>, !T, !S
    return
  }
}

// -----

// TMEM column checks (spec 003 "SM100 and SM103 TMEM copy atoms"): the TMEM
// side addresses one contiguous range of columns...
!T = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(8,4):(1,16)">>
!R = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @tmem_columns_with_gaps(%t: !T, %r: !R) {
    %l = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    // expected-error @+1 {{'!cute_nvgpu.atom.tmem_load<f32>' addresses TMEM columns through (8,4):(1,16), which is not one contiguous range (source)}}
    cute.copy_atom_call %l, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !T, !R
    return
  }
}

// -----

// ... of whole 32-bit columns...
!T = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"3:1">>
!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"3:1">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @tmem_half_column(%t: !T, %r: !R) {
    %s = cute.make_atom : !cute_nvgpu.atom.tmem_store<f16>
    // expected-error @+1 {{'!cute_nvgpu.atom.tmem_store<f16>' moves whole 32-bit TMEM columns, but the destination 3:1 holds 3 x 16 bits}}
    cute.copy_atom_call %s, %r, %t : !cute_nvgpu.atom.tmem_store<f16>, !R, !T
    return
  }
}

// -----

// ... and the column count matches the other side's tile.
!T = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!R = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"16:1">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @tmem_column_count(%t: !T, %r: !R) {
    %l = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    // expected-error @+1 {{'!cute_nvgpu.atom.tmem_load<f32>' moves 32 TMEM columns (source 32:1), but the destination tile 16:1 holds 16 x 32 bits}}
    cute.copy_atom_call %l, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !T, !R
    return
  }
}

// -----

// A TMA atom bound to a mismatched descriptor.
!Desc = !cute_nvgpu.tma_descriptor<f32, box = [32, 32], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
func.func @tma_atom_with_the_wrong_descriptor(%desc: !Desc) {
  // expected-error @+1 {{'cute.make_atom' op '!cute_nvgpu.atom.tma_load<f16, rank = 2>' moves f16 boxes of rank 2, but is bound to !cute_nvgpu.tma_descriptor<f32, box = [32, 32], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero"> (f32 boxes of rank 2)}}
  %a = cute.make_atom %desc : !Desc -> : !cute_nvgpu.atom.tma_load<f16, rank = 2>
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
func.func @copy_atom_with_a_descriptor(%desc: !Desc) {
  // expected-error @+1 {{'!cute_nvgpu.atom.universal_copy<f16>' is not a TMA atom; it takes no TMA descriptor}}
  %a = cute.make_atom %desc : !Desc -> : !cute_nvgpu.atom.universal_copy<f16>
  return
}
