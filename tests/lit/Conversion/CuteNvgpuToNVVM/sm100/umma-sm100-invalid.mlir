// UMMA (sm100.mma) uses that cannot work: each a diagnostic naming the atom
// or operand.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_100a})'
// UMMA exists on datacenter Blackwell only.
// RUN: not %cute compile %S/umma-sm100.mlir --chip sm_90a 2>&1 | FileCheck %s --check-prefix=SM90
// SM90: error: 'cute.make_atom' op '!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_90a
// RUN: not %cute compile %S/umma-sm100.mlir --chip sm_110a 2>&1 | FileCheck %s --check-prefix=SM110
// RUN: not %cute compile %S/umma-sm100.mlir --chip sm_120a 2>&1 | FileCheck %s --check-prefix=SM120
// SM110: error: 'cute.make_atom' op '!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_110a
// SM120: error: 'cute.make_atom' op '!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_120a

!A = !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"(128,16):(16,1)">>
!B = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // A in registers: UMMA reads A from shared memory (ss) or tensor memory (ts).
  gpu.func @register_a(%a: !A, %b: !B, %d: !D) kernel {
    %u = cute.make_atom : !U
    // expected-error @+1 {{expects memref/smem_desc_view for operand A, but gets A:!cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"(128,16):(16,1)">>.}}
    cute.mma_atom_call %u, %d, %a, %b, %d : !U, !D, !A, !B, !D
    gpu.return
  }
}
}

// -----

!A = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">>
!B = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
!C = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,2)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // tcgen05.mma accumulates in place: C is D.
  gpu.func @c_is_not_d(%a: !A, %b: !B, %c: !C, %d: !D) kernel {
    %u = cute.make_atom : !U
    // expected-error @+1 {{a UMMA accumulates in place: C must be D's tensor-memory view}}
    cute.mma_atom_call %u, %d, %a, %b, %c : !U, !D, !A, !B, !C
    gpu.return
  }
}
}

// -----

!V = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>
// The accumulate flag belongs to tensor-memory atoms.
func.func @accumulate_on_fma(%v: !V, %p: i1) {
  %f = cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
  // expected-error @+1 {{only tensor-memory (UMMA) atoms take an accumulate flag; !cute_nvgpu.atom.universal_fma<f32, f32, f32> accumulates through C}}
  cute.mma_atom_call %f, %v, %v, %v, %v accumulate(%p) : !cute_nvgpu.atom.universal_fma<f32, f32, f32>, !V, !V, !V, !V
  return
}

// -----

// An element kind UMMA does not have, named with the atom.
// expected-error @+1 {{'sm100.mma' has no element-type combination A 'f64', B 'f64'}}
func.func private @f64_umma(!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (f64, f64, f64), frag_kind = ss>)

// -----

// A CTA-pair UMMA (M = 256): each CTA holds half of A (128 rows), not all.
!Bar = !cute.ptr<i64, smem, align<8>>
!A = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>
!B = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
!Pair = !cute_nvgpu.sm100.mma<256x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @pair_whole_a(%a: !A, %b: !B, %d: !D) kernel {
    %atom = cute.make_atom : !Pair
    // expected-error @+1 {{expects Mma atom layout of (128,16):(16,1) for operand A}}
    cute.mma_atom_call %atom, %d, %a, %b, %d : !Pair, !D, !A, !B, !D
    gpu.return
  }
}
}

// -----

// The IMMA payload (spec 000's rewriter output) issues dense UMMAs: a
// block-scaled atom's scale factors come through cute.mma_atom_call.
!A = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(32,1)">>
!B = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(32,1)">>
!BS = !cute_nvgpu.sm100.mma_bs<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @scaled_payload(%a: !A, %b: !B, %t: !cute.ptr<f32, tmem>, %m: !cute.ptr<i64, smem, align<8>>) kernel {
    // expected-error @+1 {{the IMMA payload issues dense UMMAs; !cute_nvgpu.sm100.mma_bs<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32> takes its metadata or scale factors through cute.mma_atom_call}}
    %atom = cute_nvgpu.atom %a, %b, %t, %m : !A, !B, !cute.ptr<f32, tmem>, !cute.ptr<i64, smem, align<8>> -> !BS
    gpu.return
  }
}
}

// -----

// FP4 beside FP8 is kind::mxf8f6f4, which reads e2m1 from shared memory
// unpacked (16 elements to a 16-byte chunk, PTX ISA 9.7.16.10.4.4): a packed
// 4-bit view of A would be read wrong, so it is refused (FP4 x FP4 is
// kind::mxf4, whose packed views examples/gemm_nvfp4_sm100.mlir uses).
!A = !cute.view<!cute.ptr<f4E2M1FN, smem, align<1024>>, !cute.composed_layout<"S<3,5,3> o 0 o (128,32):(256,1)">>
!B = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, tmem>, !cute.layout<"(128,4):(65536,1)">>
!BS = !cute_nvgpu.sm100.mma_bs<128x128x32, ab_major = (k, k), elem_type = (f4E2M1FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @packed_fp4_beside_fp8(%a: !A, %b: !B, %d: !D, %sf: !SF) kernel {
    %atom = cute.make_atom : !BS
    // expected-error @+1 {{operand A: a f4E2M1FN x f8E4M3FN UMMA is kind::mxf8f6f4, which reads 4-bit elements from shared memory unpacked, 16 to a 16-byte chunk (PTX ISA 9.7.16.10.4.4); a packed 4-bit view cannot describe that (FP4 x FP4 is kind::mxf4, packed)}}
    cute.mma_atom_call %atom, %d, %a, %b, %d scales(%sf, %sf : !SF, !SF) : !BS, !D, !A, !B, !D
    gpu.return
  }
}
}
