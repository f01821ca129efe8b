// Verifier diagnostics of the SM90/SM100 lowering ops: the atom builders use
// the registry's element-type and residency ladder (spec 003 strings).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

!Ab = !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"(64,16):(16,1)">>
!Bs = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(128,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
func.func @wgmma_bf16_a(%a: !Ab, %b: !Bs) -> !W {
  // expected-error @+1 {{'cute_nvgpu.atom.sm90.wgmma' op expects operand a with element type f16, but get bf16.}}
  %atom = cute_nvgpu.atom.sm90.wgmma %a, %b : !Ab, !Bs -> !W
  return %atom : !W
}

// -----

!Bg = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(128,16):(16,1)">>
!As = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
func.func @wgmma_b_in_global(%a: !As, %b: !Bg) -> !W {
  // expected-error @+1 {{expects smem_desc_view for operand B, but gets B: !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(128,16):(16,1)">>.}}
  %atom = cute_nvgpu.atom.sm90.wgmma %a, %b : !As, !Bg -> !W
  return %atom : !W
}

// -----

!Ar = !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"(128,16):(16,1)">>
!Bs = !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ts>
func.func @imma_ts_a_in_registers(%a: !Ar, %b: !Bs) -> !U {
  // expected-error @+1 {{expects memref/smem_desc_view for operand A, but gets A:!cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"(128,16):(16,1)">>.}}
  %atom = cute_nvgpu.atom.sm100.imma %a, %b : !Ar, !Bs -> !U
  return %atom : !U
}

// -----

// The IMMA builder checks element types too: an f16 A for a bf16 atom.
!Ah = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(128,16):(16,1)">>
!Bs = !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
func.func @imma_f16_a(%a: !Ah, %b: !Bs) -> !U {
  // expected-error @+1 {{'cute_nvgpu.atom.sm100.imma' op expects operand a with element type bf16, but get f16.}}
  %atom = cute_nvgpu.atom.sm100.imma %a, %b : !Ah, !Bs -> !U
  return %atom : !U
}

// -----

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
func.func @accumulator_size() -> vector<32xf32> {
  // expected-error @+1 {{a warpgroup thread holds 64 x f32 of the 64x128 accumulator, but the result is vector<32xf32>}}
  %acc = cute_nvgpu.register.accumulator !W : vector<32xf32>
  return %acc : vector<32xf32>
}

// -----

!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(64,16):(16,1)">>
func.func @descriptor_of_registers(%a: !R) -> i64 {
  // expected-error @+1 {{packs a shared-memory matrix, but got}}
  %d = cute_nvgpu.gmma.descriptor %a : !R -> i64
  return %d : i64
}

// -----

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
func.func @payload_without_descriptor(%x: f32, %acc: vector<64xf32>) -> !W {
  %b = arith.constant 0 : i64
  // expected-error @+1 {{an ss WGMMA payload takes the A descriptor as i64, got f32}}
  %p = cute_nvgpu.atom %x, %b, %acc : f32, i64, vector<64xf32> -> !W
  return %p : !W
}

// -----

func.func @retrieve_odd_columns(%h: i32) {
  %cols = arith.constant 48 : i32
  // expected-error @+1 {{allocates TMEM columns in powers of two from 32 to 512, got 48}}
  %t = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
  return
}

// -----

func.func @retrieve_into_smem(%h: i32, %cols: i32) {
  // expected-error @+1 {{returns a tensor-memory pointer, got !cute.ptr<f32, smem>}}
  %t = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, smem>
  return
}

// -----

func.func @mbarrier_in_global(%n: i32) {
  // expected-error @+1 {{an mbarrier is an i64 in shared memory, got !cute.ptr<i64, gmem>}}
  %m = cute_nvgpu.mbarrier.init %n : !cute.ptr<i64, gmem>
  return
}

// -----

!S = !cute.view<!cute.ptr<i8, gmem>, !cute.layout<"128:1">>
func.func @s2t_from_global(%src: !S, %dst: !cute.ptr<i8, tmem>, %mbar: !cute.ptr<i64, smem>, %p: i32) {
  // expected-error @+1 {{'!cute_nvgpu.atom.s2t_copy<i8>' copies smem to tmem, but got src}}
  %tok = cute_nvgpu.cp_async.s2t %src, %dst, %mbar, %p {atom = !cute_nvgpu.atom.s2t_copy<i8>} : !S, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
  return
}

// -----

func.func @copy_s2t_into_smem(%dst: !cute.ptr<i8, smem>, %src: i64, %mbar: !cute.ptr<i64, smem>) {
  // expected-error @+1 {{copies into tensor memory, got dst: !cute.ptr<i8, smem>}}
  cute_nvgpu.arch.copy.SM100.copy_s2t %dst, %src, %mbar : !cute.ptr<i8, smem>, i64, !cute.ptr<i64, smem>
  return
}

// -----

func.func @tmem_load_wrong_type(%t: !cute.ptr<f32, tmem>) {
  // expected-error @+1 {{moves f32 but the registers hold f16}}
  %v = cute_nvgpu.arch.sm100.tmem_load %t : !cute.ptr<f32, tmem> -> vector<32xf16>
  return
}

// -----

func.func @tmem_store_f64(%t: !cute.ptr<f64, tmem>, %v: vector<4xf64>) {
  // expected-error @+1 {{moves 32/16/8-bit elements, got f64}}
  cute_nvgpu.arch.sm100.tmem_store %t, %v : !cute.ptr<f64, tmem>, vector<4xf64>
  return
}

// -----

func.func @tmem_alloc_slot(%slot: !cute.ptr<i64, smem>, %cols: i32) {
  // expected-error @+1 {{writes the 32-bit TMEM handle to shared memory, got !cute.ptr<i64, smem>}}
  cute_nvgpu.arch.sm100.tmem_alloc %slot, %cols : !cute.ptr<i64, smem>
  return
}
