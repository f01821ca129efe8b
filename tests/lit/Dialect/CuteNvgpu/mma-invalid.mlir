// The MMA atom verifier diagnostics of spec 003, verbatim, each triggered by
// a realistic wrong atom use. The element-type ladder runs in every
// cute.mma_atom_call (through cute's MMA atom interface); the residency and
// layout checks run under a `cute_nvgpu.target` (the target verifier checks
// every atom instance of its region against the atom's operand contract).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// === Element-type ladder (UMMA family) ===

!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(64,128):(1,64)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(64,16):(16,1)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(128,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
func.func @wgmma_a_bf16(%d: !D, %a: !A, %b: !B) {
  %w = cute.make_atom : !W
  // expected-error @+1 {{'cute.mma_atom_call' op expects operand a with element type f16, but get bf16.}}
  cute.mma_atom_call %w, %d, %a, %b, %d : !W, !D, !A, !B, !D
  return
}

// -----

!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(1,128)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(128,16):(16,1)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
func.func @umma_b_f16(%d: !D, %a: !A, %b: !B) {
  %u = cute.make_atom : !U
  // expected-error @+1 {{expects operand b with element type bf16, but get f16.}}
  cute.mma_atom_call %u, %d, %a, %b, %d : !U, !D, !A, !B, !D
  return
}

// -----

!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(1,128)">>
!C = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"(128,256):(1,128)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(128,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
func.func @umma_c_f16(%d: !D, %a: !A, %b: !A, %c: !C) {
  %u = cute.make_atom : !U
  // expected-error @+1 {{expects operand c with element type f32, but get f16.}}
  cute.mma_atom_call %u, %d, %a, %b, %c : !U, !D, !A, !A, !C
  return
}

// -----

// The accumulator D uses the `c` slot too.
!D = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(64,128):(1,64)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(64,128):(1,64)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(64,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
func.func @wgmma_d_f16(%d: !D, %a: !A, %c: !C) {
  %w = cute.make_atom : !W
  // expected-error @+1 {{expects operand c with element type f32, but get f16.}}
  cute.mma_atom_call %w, %d, %a, %a, %c : !W, !D, !A, !A, !C
  return
}

// -----

// === Residency ladder (UMMA family) ===

!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(64,128):(1,64)">>
!Ar = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(64,16):(16,1)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(128,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  func.func @ss_wgmma_a_in_registers(%d: !D, %a: !Ar, %b: !B) {
    %w = cute.make_atom : !W
    // expected-error @+1 {{expects memref/smem_desc_view for operand A, but gets A:!cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(64,16):(16,1)">>.}}
    cute.mma_atom_call %w, %d, %a, %b, %d : !W, !D, !Ar, !B, !D
    return
  }
}

// -----

// UMMA rejects a register A: A is an SMEM descriptor or a TMEM memref.
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(1,128)">>
!Ar = !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"(128,16):(16,1)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ts>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @ts_umma_a_in_registers(%d: !D, %a: !Ar, %b: !B) {
    %u = cute.make_atom : !U
    // expected-error @+1 {{expects memref/smem_desc_view for operand A, but gets A:!cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"(128,16):(16,1)">>.}}
    cute.mma_atom_call %u, %d, %a, %b, %d : !U, !D, !Ar, !B, !D
    return
  }
}

// -----

!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(1,128)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(128,16):(16,1)">>
!Bs = !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @umma_b_plain_smem(%d: !D, %a: !A, %b: !Bs) {
    %u = cute.make_atom : !U
    // expected-error @+1 {{expects smem_desc_view for operand B, but gets B: !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"(256,16):(16,1)">>.}}
    cute.mma_atom_call %u, %d, %a, %b, %d : !U, !D, !A, !Bs, !D
    return
  }
}

// -----

// The UMMA accumulator lives in tensor memory, not in registers.
!Dr = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(128,256):(1,128)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(128,16):(16,1)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @umma_d_in_registers(%d: !Dr, %a: !A, %b: !B) {
    %u = cute.make_atom : !U
    // expected-error @+1 {{expects memref for operand D, but gets D: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(128,256):(1,128)">>.}}
    cute.mma_atom_call %u, %d, %a, %b, %d : !U, !Dr, !A, !B, !Dr
    return
  }
}

// -----

// === Layout-shape verifier and layout composability ===

// ab_major = (k, k): A must be the K-major (64,16):(16,1).
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(64,128):(1,64)">>
!Amn = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(64,16):(1,64)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(128,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  func.func @wgmma_a_wrong_major(%d: !D, %a: !Amn, %b: !B) {
    %w = cute.make_atom : !W
    // expected-error @+1 {{expects Mma atom layout of (64,16):(16,1) for operand A, but got (64,16):(1,64)}}
    cute.mma_atom_call %w, %d, %a, %b, %d : !W, !D, !Amn, !B, !D
    return
  }
}

// -----

// An atom of 64x128x16 called on a 64x64x16 problem.
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(64,64):(1,64)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(64,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  func.func @wgmma_wrong_n(%d: !D, %a: !A) {
    %w = cute.make_atom : !W
    // expected-error @+1 {{expects Mma atom layout of (128,16):(16,1) for operand B, but got (64,16):(16,1)}}
    cute.mma_atom_call %w, %d, %a, %a, %d : !W, !D, !A, !A, !D
    return
  }
}

// -----

!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(64,128):(1,64)">>
!Ad = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(64,16):(?,1)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(128,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  func.func @wgmma_dynamic_stride(%d: !D, %a: !Ad, %b: !B) {
    %w = cute.make_atom : !W
    // expected-error @+1 {{expects static and no scaled basis layout for operand A, but got (64,16):(?,1)}}
    cute.mma_atom_call %w, %d, %a, %b, %d : !W, !D, !Ad, !B, !D
    return
  }
}

// -----

!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(64,128):(1,64)">>
!Ab = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(64,16):(1@0,1@1)">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"(128,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} {
  func.func @wgmma_scaled_basis(%d: !D, %a: !Ab, %b: !B) {
    %w = cute.make_atom : !W
    // expected-error @+1 {{expects static and no scaled basis layout for operand A}}
    cute.mma_atom_call %w, %d, %a, %b, %d : !W, !D, !Ab, !B, !D
    return
  }
}

// -----

// A flattened to one mode is not an (M,K) operand.
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(1,128)">>
!A1 = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"2048:1">>
!B = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @umma_rank1_a(%d: !D, %a: !A1, %b: !B) {
    %u = cute.make_atom : !U
    // expected-error @+1 {{invalid layout of A/B/D. A: 2048:1, B: (256,16):(16,1), D:(128,256):(1,128)}}
    cute.mma_atom_call %u, %d, %a, %b, %d : !U, !D, !A1, !B, !D
    return
  }
}

// -----

// A is (M,K) = (128,16) but B is (N,K) = (256,32): K disagrees.
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(1,128)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(128,16):(16,1)">>
!B32 = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(256,32):(32,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @umma_k_mismatch(%d: !D, %a: !A, %b: !B32) {
    %u = cute.make_atom : !U
    // expected-error @+1 {{layoutA, layoutB and layoutD fail to form a gemm. A: (128,16):(16,1), B: (256,32):(32,1), D: (128,256):(1,128)}}
    cute.mma_atom_call %u, %d, %a, %b, %d : !U, !D, !A, !B32, !D
    return
  }
}

// -----

// === Non-UMMA shared verifier (SM80 / SM89) ===

!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!C = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!M = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
func.func @sm80_mixed_accumulators(%d: !D, %a: !A, %b: !B, %c: !C) {
  %m = cute.make_atom : !M
  // expected-error @+1 {{expects all mma operands to have element type f32 in the accumulators, but got C: f16, D: f32}}
  cute.mma_atom_call %m, %d, %a, %b, %c : !M, !D, !A, !B, !C
  return
}

// -----

!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!A = !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"8:1">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!M = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
func.func @sm80_a_bf16(%d: !D, %a: !A, %b: !B) {
  %m = cute.make_atom : !M
  // expected-error @+1 {{expects operand a with element type f16, but get bf16.}}
  cute.mma_atom_call %m, %d, %a, %b, %d : !M, !D, !A, !B, !D
  return
}

// -----

// Element types come before residency: an A that is both bf16 and in shared
// memory reports its element type only (-verify-diagnostics refuses a second
// diagnostic).
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!As = !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"8:1">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!M = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @sm80_a_bf16_in_smem(%d: !D, %a: !As, %b: !B) {
    %m = cute.make_atom : !M
    // expected-error @+1 {{expects operand a with element type f16, but get bf16.}}
    cute.mma_atom_call %m, %d, %a, %b, %d : !M, !D, !As, !B, !D
    return
  }
}

// -----

// The first mismatched operand stops: a UMMA whose B is a plain shared
// view and whose D is in registers reports B only.
!Dr = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(128,256):(1,128)">>
!A = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(128,16):(16,1)">>
!Bs = !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  func.func @umma_b_and_d_misplaced(%d: !Dr, %a: !A, %b: !Bs) {
    %u = cute.make_atom : !U
    // expected-error @+1 {{expects smem_desc_view for operand B, but gets B: !cute.view<!cute.ptr<bf16, smem>, !cute.layout<"(256,16):(16,1)">>.}}
    cute.mma_atom_call %u, %d, %a, %b, %d : !U, !Dr, !A, !Bs, !Dr
    return
  }
}

// -----

// mma.sync reads A from registers, not straight from shared memory.
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!As = !cute.view<!cute.ptr<f8E4M3FN, smem>, !cute.layout<"16:1">>
!B = !cute.view<!cute.ptr<f8E5M2, rmem>, !cute.layout<"8:1">>
!M = !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_89">} {
  func.func @sm89_a_in_smem(%d: !D, %a: !As, %b: !B) {
    %m = cute.make_atom : !M
    // expected-error @+1 {{expects rmem for input operands, but got A: !cute.view<!cute.ptr<f8E4M3FN, smem>, !cute.layout<"16:1">>, B: !cute.view<!cute.ptr<f8E5M2, rmem>, !cute.layout<"8:1">>, D: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>}}
    cute.mma_atom_call %m, %d, %a, %b, %d : !M, !D, !As, !B, !D
    return
  }
}

// -----

// === Composed-layout rejection and rank checks (tiled MMA) ===

!TM = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,2,2):(1,4,8)">>
!Asw = !cute.view<!cute.ptr<f16, rmem>, !cute.composed_layout<"S<1,2,3> o 0 o (8,2,1):(1,8,16)">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(4,2,1):(1,4,8)">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @tiled_swizzled_fragment(%tm: !TM, %d: !D, %a: !Asw, %b: !B) {
    // expected-error @+1 {{doesn't support composed layout for A/B/D, but got: A: !cute.composed_layout<"S<1,2,3> o 0 o (8,2,1):(1,8,16)">, B: !cute.layout<"(4,2,1):(1,4,8)">, D:!cute.layout<"(4,2,2):(1,4,8)">}}
    cute.mma_atom_call %tm, %d, %a, %b, %d : !TM, !D, !Asw, !B, !D
    return
  }
}

// -----

!TM = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,2,2):(1,4,8)">>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(8,2):(1,8)">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(4,2,1):(1,4,8)">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @tiled_rank_ab(%tm: !TM, %d: !D, %a: !A, %b: !B) {
    // expected-error @+1 {{expects A, B to have the same rank, but got A: (8,2):(1,8) (rank 2), B: (4,2,1):(1,4,8) (rank 3)}}
    cute.mma_atom_call %tm, %d, %a, %b, %d : !TM, !D, !A, !B, !D
    return
  }
}

// -----

!TM = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,2,2):(1,4,8)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,4):(1,4)">>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(8,2):(1,8)">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(4,2):(1,4)">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @tiled_rank_cd(%tm: !TM, %d: !D, %a: !A, %b: !B, %c: !C) {
    // expected-error @+1 {{expects C, D to have the same rank, but got C: (4,4):(1,4) (rank 2), D: (4,2,2):(1,4,8) (rank 3)}}
    cute.mma_atom_call %tm, %d, %a, %b, %c : !TM, !D, !A, !B, !C
    return
  }
}

// -----

!TM = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,2,2):(1,4,8)">>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @tiled_rank_c_for_v(%tm: !TM, %d: !D, %a: !A, %b: !B) {
    // expected-error @+1 {{expects C to have rank 1 or 2, but got C: (4,2,2):(1,4,8) (rank 3)}}
    cute.mma_atom_call %tm, %d, %a, %b, %d : !TM, !D, !A, !B, !D
    return
  }
}

// -----

!TM = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"16:1">>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(8,2):(1,8)">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(4,2):(1,4)">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @tiled_rank_c_for_vm(%tm: !TM, %d: !D, %a: !A, %b: !B) {
    // expected-error @+1 {{expects C to have rank 2 or 3, but got C: 16:1 (rank 1)}}
    cute.mma_atom_call %tm, %d, %a, %b, %d : !TM, !D, !A, !B, !D
    return
  }
}

// -----

!TM = !cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,4):(1,4)">>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(8,2,2):(1,8,16)">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(4,2,2):(1,4,8)">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @tiled_rank_c_for_vmk(%tm: !TM, %d: !D, %a: !A, %b: !B) {
    // expected-error @+1 {{expects C to have rank 3, but got C: (4,4):(1,4) (rank 2)}}
    cute.mma_atom_call %tm, %d, %a, %b, %d : !TM, !D, !A, !B, !D
    return
  }
}

// -----

// Sparse and block-scaled operands (spec 003 "Registry Invariants"): present
// exactly when the atom needs them, with the element type and residency it
// requires.
!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,16):(16,1)">>
!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!SP = !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>
func.func @sparse_without_metadata(%d: !Acc, %a: !R, %b: !R) {
  %sp = cute.make_atom : !SP
  // expected-error @+1 {{'cute.mma_atom_call' op 'sm80.sparse_mma' is a sparse atom: it needs its metadata, metadata(%e : view of i32 words)}}
  cute.mma_atom_call %sp, %d, %a, %b, %d : !SP, !Acc, !R, !R, !Acc
  return
}

// -----

!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,16):(16,1)">>
!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!E16 = !cute.view<!cute.ptr<i16, rmem>, !cute.layout<"4:1">>
!SP = !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>
func.func @sparse_metadata_not_words(%d: !Acc, %a: !R, %b: !R, %e: !E16) {
  %sp = cute.make_atom : !SP
  // expected-error @+1 {{'sm80.sparse_mma' metadata are 32-bit words (i32), got i16}}
  cute.mma_atom_call %sp, %d, %a, %b, %d metadata(%e : !E16) : !SP, !Acc, !R, !R, !Acc
  return
}

// -----

!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,16):(16,1)">>
!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!Es = !cute.view<!cute.ptr<i32, smem>, !cute.layout<"2:1">>
!SP = !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>
func.func @sparse_metadata_in_smem(%d: !Acc, %a: !R, %b: !R, %e: !Es) {
  %sp = cute.make_atom : !SP
  // expected-error @+1 {{'sm80.sparse_mma' metadata lives in rmem, got !cute.view<!cute.ptr<i32, smem>, !cute.layout<"2:1">>}}
  cute.mma_atom_call %sp, %d, %a, %b, %d metadata(%e : !Es) : !SP, !Acc, !R, !R, !Acc
  return
}

// -----

!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,16):(16,1)">>
!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!E = !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"2:1">>
!M = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
func.func @dense_with_metadata(%d: !Acc, %a: !R, %b: !R, %e: !E) {
  %m = cute.make_atom : !M
  // expected-error @+1 {{'sm80.mma' is not a sparse atom; it takes no metadata}}
  cute.mma_atom_call %m, %d, %a, %b, %d metadata(%e : !E) : !M, !Acc, !R, !R, !Acc
  return
}

// -----

!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!F8 = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"(16,32):(32,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"2:1">>
!BS = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
func.func @block_scaled_with_one_scale(%d: !Acc, %a: !F8, %b: !F8, %sfa: !SF) {
  %bs = cute.make_atom : !BS
  // expected-error @+1 {{'SM120.mma_bs' is a block-scaled atom: it needs two scale-factor operands (A, B), scales(%sfa, %sfb : views), got 1}}
  cute.mma_atom_call %bs, %d, %a, %b, %d scales(%sfa : !SF) : !BS, !Acc, !F8, !F8, !Acc
  return
}

// -----

!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!F8 = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"(16,32):(32,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"2:1">>
!SF43 = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"2:1">>
!BS = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
func.func @block_scale_of_the_wrong_type(%d: !Acc, %a: !F8, %b: !F8, %sfa: !SF, %sfb: !SF43) {
  %bs = cute.make_atom : !BS
  // expected-error @+1 {{'SM120.mma_bs' scale factors of B are f8E8M0FNU, got f8E4M3FN}}
  cute.mma_atom_call %bs, %d, %a, %b, %d scales(%sfa, %sfb : !SF, !SF43) : !BS, !Acc, !F8, !F8, !Acc
  return
}

// -----

!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,16):(16,1)">>
!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"2:1">>
!M = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
func.func @dense_with_scales(%d: !Acc, %a: !R, %b: !R, %s: !SF) {
  %m = cute.make_atom : !M
  // expected-error @+1 {{'sm80.mma' is not a block-scaled atom; it takes no scale factors}}
  cute.mma_atom_call %m, %d, %a, %b, %d scales(%s, %s : !SF, !SF) : !M, !Acc, !R, !R, !Acc
  return
}

// -----

// Scale factors where the atom does not read them: SM120 reads its scale
// factors from registers, not shared memory.
!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!F8 = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"(16,32):(32,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"2:1">>
!SFs = !cute.view<!cute.ptr<f8E8M0FNU, smem>, !cute.layout<"2:1">>
!BS = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
func.func @block_scale_in_smem(%d: !Acc, %a: !F8, %b: !F8, %sfa: !SFs, %sfb: !SF) {
  %bs = cute.make_atom : !BS
  // expected-error @+1 {{'SM120.mma_bs' scale factors of A live in rmem, got !cute.view<!cute.ptr<f8E8M0FNU, smem>, !cute.layout<"2:1">>}}
  cute.mma_atom_call %bs, %d, %a, %b, %d scales(%sfa, %sfb : !SFs, !SF) : !BS, !Acc, !F8, !F8, !Acc
  return
}

// -----

// sm100.mma_bs reads its scale factors from tensor memory.
!S = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, tmem>, !cute.layout<"(128,4):(65536,1)">>
!SFr = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"(128,4):(4,1)">>
!BS = !cute_nvgpu.sm100.mma_bs<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
func.func @umma_block_scale_in_registers(%d: !D, %a: !S, %b: !S, %sfa: !SF, %sfb: !SFr) {
  %atom = cute.make_atom : !BS
  // expected-error @+1 {{'sm100.mma_bs' scale factors of B live in tmem, got !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"(128,4):(4,1)">>}}
  cute.mma_atom_call %atom, %d, %a, %b, %d scales(%sfa, %sfb : !SF, !SFr) : !BS, !D, !S, !S, !D
  return
}

// -----

// sm100.mma_bs without its scale factors.
!S = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
!BS = !cute_nvgpu.sm100.mma_bs<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
func.func @umma_block_scaled_without_scales(%d: !D, %a: !S, %b: !S) {
  %atom = cute.make_atom : !BS
  // expected-error @+1 {{'sm100.mma_bs' is a block-scaled atom: it needs two scale-factor operands (A, B), scales(%sfa, %sfb : views), got 0}}
  cute.mma_atom_call %atom, %d, %a, %b, %d : !BS, !D, !S, !S, !D
  return
}
