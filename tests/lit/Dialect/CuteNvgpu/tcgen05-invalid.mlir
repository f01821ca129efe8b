// Verifier diagnostics of the tcgen05 ops of the SM100 populator: shapes,
// register counts, kinds, scale spellings, CTA groups and memories.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @unknown_shape(%t: !cute.ptr<f32, tmem>) {
  // expected-error @+1 {{tcgen05.ld/st has no shape '16x512b' (shapes: 32x32b, 16x64b, 16x128b, 16x256b, 16x32bx2)}}
  %v = cute_nvgpu.arch.sm100.tmem_load %t {shape = "16x512b"} : !cute.ptr<f32, tmem> -> vector<8xf32>
  return
}

// -----

func.func @partial_repetition(%t: !cute.ptr<f32, tmem>) {
  // expected-error @+1 {{tcgen05.ld/st.16x256b moves 4 register(s) per repetition, 1 to 128 repetitions (a power of two) and at most 128 registers; got 6}}
  %v = cute_nvgpu.arch.sm100.load_b8x256 %t : !cute.ptr<f32, tmem> -> vector<6xf32>
  return
}

// -----

func.func @too_many_registers(%t: !cute.ptr<f32, tmem>, %v: vector<256xf32>) {
  // expected-error @+1 {{got 256}}
  cute_nvgpu.arch.sm100.tmem_store %t, %v {shape = "16x64b"} : !cute.ptr<f32, tmem>, vector<256xf32>
  return
}

// -----

func.func @half_register(%t: !cute.ptr<f16, tmem>) {
  // expected-error @+1 {{moves whole 32-bit registers, got 3 x f16}}
  %v = cute_nvgpu.arch.sm100.tmem_load %t : !cute.ptr<f16, tmem> -> vector<3xf16>
  return
}

// -----

func.func @split_missing(%t: !cute.ptr<f32, tmem>) {
  // expected-error @+1 {{the 16x32bx2 shape reads two half-warps: give split, the column offset of the second}}
  %v = cute_nvgpu.arch.sm100.tmem_load %t {shape = "16x32bx2"} : !cute.ptr<f32, tmem> -> vector<4xf32>
  return
}

// -----

func.func @split_elsewhere(%t: !cute.ptr<f32, tmem>) {
  // expected-error @+1 {{split belongs to the 16x32bx2 shape, not 32x32b}}
  %v = cute_nvgpu.arch.sm100.tmem_load %t {split = 4} : !cute.ptr<f32, tmem> -> vector<4xf32>
  return
}

// -----

func.func @b8x256_not_tmem(%t: !cute.ptr<f32, smem>) {
  // expected-error @+1 {{accesses tensor memory, got !cute.ptr<f32, smem>}}
  %v = cute_nvgpu.arch.sm100.load_b8x256 %t : !cute.ptr<f32, smem> -> vector<4xf32>
  return
}

// -----

func.func @wait_kind() {
  // expected-error @+1 {{kind is "load" or "store", got "ld"}}
  cute_nvgpu.arch.sm100.wait "ld"
  return
}

// -----

func.func @fence_kind() {
  // expected-error @+1 {{kind is "before" or "after", got "load"}}
  cute_nvgpu.arch.sm100.fence "load"
  return
}

// -----

func.func @shift_smem(%t: !cute.ptr<f32, smem>) {
  // expected-error @+1 {{shifts tensor memory, got !cute.ptr<f32, smem>}}
  cute_nvgpu.arch.sm100.shift %t : !cute.ptr<f32, smem>
  return
}

// -----

func.func @relinquish_group() {
  // expected-error @+1 {{issues for one CTA or a CTA pair: cta_group 1 or 2, got 4}}
  cute_nvgpu.arch.sm100.relinquish_alloc_permit {cta_group = 4 : i32}
  return
}

// -----

func.func @commit_not_mbarrier(%b: !cute.ptr<i32, smem>, %m: i16) {
  // expected-error @+1 {{an mbarrier is an i64 in shared memory (!cute.ptr<i64, smem>), got !cute.ptr<i32, smem>}}
  cute_nvgpu.arch.sm100.commit_multicast %b, %m : !cute.ptr<i32, smem>
  return
}

// -----

func.func @cp_shape(%t: !cute.ptr<i8, tmem>, %d: i64, %b: !cute.ptr<i64, smem>) {
  // expected-error @+1 {{tcgen05.cp has no shape '64x256b' (shapes: 128x256b, 4x256b, 128x128b, 64x128b, 32x128b)}}
  cute_nvgpu.arch.copy.SM100.copy_s2t %t, %d, %b {shape = "64x256b"} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
  return
}

// -----

func.func @cp_multicast(%t: !cute.ptr<i8, tmem>, %d: i64, %b: !cute.ptr<i64, smem>) {
  // expected-error @+1 {{tcgen05.cp.32x128b takes multicast warpx4, got 'none'}}
  cute_nvgpu.arch.copy.SM100.copy_s2t %t, %d, %b {shape = "32x128b"} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
  return
}

// -----

func.func @cp_group(%t: !cute.ptr<i8, tmem>, %d: i64, %b: !cute.ptr<i64, smem>) {
  // expected-error @+1 {{cta_group 1 or 2, got 3}}
  cute_nvgpu.arch.copy.SM100.copy_s2t %t, %d, %b {cta_group = 3 : i32} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
  return
}

// -----

func.func @mma_kind(%d: !cute.ptr<f32, tmem>, %a: i64, %b: i64, %i: i32, %e: i1) {
  // expected-error @+1 {{tcgen05.mma has no kind 'f64' (f16, tf32, f8f6f4, i8, mxf8f6f4, mxf4, mxf4nvf4)}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e {kind = "f64"} : !cute.ptr<f32, tmem>, i64
  return
}

// -----

func.func @mma_d_in_smem(%d: !cute.ptr<f32, smem>, %a: i64, %b: i64, %i: i32, %e: i1) {
  // expected-error @+1 {{accumulates in tensor memory, got d: !cute.ptr<f32, smem>}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e {kind = "f16"} : !cute.ptr<f32, smem>, i64
  return
}

// -----

func.func @mma_a_in_smem(%d: !cute.ptr<f32, tmem>, %a: !cute.ptr<f16, smem>, %b: i64, %i: i32, %e: i1) {
  // expected-error @+1 {{reads A through its shared-memory descriptor (i64) or from tensor memory, got !cute.ptr<f16, smem>}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e {kind = "f16"} : !cute.ptr<f32, tmem>, !cute.ptr<f16, smem>
  return
}

// -----

func.func @mma_scales_missing(%d: !cute.ptr<f32, tmem>, %a: i64, %b: i64, %i: i32, %e: i1) {
  // expected-error @+1 {{kind::mxf8f6f4 is block-scaled: it needs scales(%sfa, %sfb) in tensor memory}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e {kind = "mxf8f6f4"} : !cute.ptr<f32, tmem>, i64
  return
}

// -----

func.func @mma_scales_extra(%d: !cute.ptr<f32, tmem>, %a: i64, %b: i64, %i: i32, %e: i1, %s: !cute.ptr<i8, tmem>) {
  // expected-error @+1 {{kind::f16 takes no scale factors}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e scales(%s, %s : !cute.ptr<i8, tmem>, !cute.ptr<i8, tmem>) {kind = "f16"} : !cute.ptr<f32, tmem>, i64
  return
}

// -----

func.func @mma_scales_in_smem(%d: !cute.ptr<f32, tmem>, %a: i64, %b: i64, %i: i32, %e: i1, %s: !cute.ptr<i8, smem>) {
  // expected-error @+1 {{sparsity metadata and scale factors live in tensor memory, got !cute.ptr<i8, smem>}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e scales(%s, %s : !cute.ptr<i8, smem>, !cute.ptr<i8, smem>) {kind = "mxf4"} : !cute.ptr<f32, tmem>, i64
  return
}

// -----

func.func @mma_block16(%d: !cute.ptr<f32, tmem>, %a: i64, %b: i64, %i: i32, %e: i1, %s: !cute.ptr<i8, tmem>) {
  // expected-error @+1 {{kind::mxf8f6f4 takes block_scale none or "block32", got "block16"}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e scales(%s, %s : !cute.ptr<i8, tmem>, !cute.ptr<i8, tmem>) {kind = "mxf8f6f4", block_scale = "block16"} : !cute.ptr<f32, tmem>, i64
  return
}

// -----

func.func @mma_nvf4_unspelled(%d: !cute.ptr<f32, tmem>, %a: i64, %b: i64, %i: i32, %e: i1, %s: !cute.ptr<i8, tmem>) {
  // expected-error @+1 {{kind::mxf4nvf4 takes block_scale "block16" or "block32", got ""}}
  cute_nvgpu.arch.sm100.mma %d, %a, %b, %i, %e scales(%s, %s : !cute.ptr<i8, tmem>, !cute.ptr<i8, tmem>) {kind = "mxf4nvf4"} : !cute.ptr<f32, tmem>, i64
  return
}
