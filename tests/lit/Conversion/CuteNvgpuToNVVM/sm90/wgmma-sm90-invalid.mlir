// WGMMA (sm90.mma) uses that cannot be lowered: each a diagnostic naming the
// atom or the operand, from the verifier (under the target cute-check-target
// sets) or from the lowering, never an abort in LLVM or ptxas.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_90a})'
// WGMMA exists on sm_90a only: not on Ampere, not on Blackwell (tcgen05).
// RUN: not %cute compile %examples/wgmma_sm90.mlir --chip sm_80 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not %cute compile %examples/gemm_sm90.mlir --chip sm_100a 2>&1 | FileCheck %s --check-prefix=SM100
// The example also writes NVVM's WGMMA fence itself: the IR is verified
// after every pass, so NVVM's own chip check (after nvvm-attach-target)
// reports that op first, at its line.
// SM80: wgmma_sm90.mlir":77:5): error: 'nvvm.wgmma.fence.aligned' op is not supported on sm_80
// SM100: gemm_sm90.mlir":{{[0-9]+}}:7): error: 'nvvm.wgmma.fence.aligned' op is not supported on sm_100a
// A kernel of cute atoms only gets the registry's tier rule, naming the atom.
// RUN: sed -n '/^\/\/ ATOM-ONLY-BEGIN/,/^\/\/ ATOM-ONLY-END/p' %s | sed -e '/ATOM-ONLY/d' -e 's|^// ||' > %t.atom.mlir
// RUN: not %cute compile %t.atom.mlir --chip sm_80 2>&1 | FileCheck %s --check-prefix=ATOM80
// RUN: not %cute compile %t.atom.mlir --chip sm_100a 2>&1 | FileCheck %s --check-prefix=ATOM100
// ATOM80: error: 'cute.make_atom' op '!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_80
// ATOM100: error: 'cute.make_atom' op '!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>' requires sm_90a, but the target is sm_100a
// ATOM-ONLY-BEGIN
// module attributes {gpu.container_module} {
//   gpu.module @kernels {
//     gpu.func @k() kernel {
//       %w = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
//       gpu.return
//     }
//   }
// }
// ATOM-ONLY-END

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!A = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
!B = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(128,16):(16,1)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // B in registers: WGMMA reads B through a shared-memory descriptor only.
  gpu.func @register_b(%a: !A, %b: !B, %c: !C) kernel {
    %w = cute.make_atom : !W
    // expected-error @+1 {{'cute.mma_atom_call' op expects smem_desc_view for operand B, but gets B: !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(128,16):(16,1)">>.}}
    cute.mma_atom_call %w, %c, %a, %b, %c : !W, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!A = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(32,1)">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // The 128-byte swizzle over 64-byte rows: no GMMA canonical layout.
  gpu.func @non_canonical_a(%a: !A, %b: !B, %c: !C) kernel {
    %w = cute.make_atom : !W
    // expected-error @+1 {{operand A: not a canonical GMMA K-major layout for 128-byte swizzle}}
    cute.mma_atom_call %w, %c, %a, %b, %c : !W, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!A = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,32):(64,1)">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // A tile of the wrong K extent.
  gpu.func @wrong_k(%a: !A, %b: !B, %c: !C) kernel {
    %w = cute.make_atom : !W
    // expected-error @+1 {{expects Mma atom layout of (64,16):(16,1) for operand A, but got S<3,3,3> o 0 o (64,32):(64,1)}}
    cute.mma_atom_call %w, %c, %a, %b, %c : !W, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!A = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // 32 accumulators per thread for a 64x128 tile (it takes 64).
  gpu.func @short_accumulator(%a: !A, %b: !B, %c: !C) kernel {
    %w = cute.make_atom : !W
    // expected-error @+1 {{a warpgroup thread holds 64 accumulators of the 64x128 tile in registers; operand C is}}
    cute.mma_atom_call %w, %c, %a, %b, %c : !W, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = rs>
!A4 = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // A in registers (rs): each thread holds 64 * 16 / 128 = 8 values.
  gpu.func @rs_a_size(%a: !A4, %b: !B, %c: !C) kernel {
    %w = cute.make_atom : !W
    // expected-error @+1 {{a warpgroup thread holds 8 values of the 64x16 A tile in registers (frag_kind = rs); operand A is}}
    cute.mma_atom_call %w, %c, %a, %b, %c : !W, !C, !A4, !B, !C
    gpu.return
  }
}
}

// -----

!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = rs>
!A = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(2,4):(4,1)">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // Two 16-bit A values share a register: a fragment that splits the pair
  // cannot be one register.
  gpu.func @rs_split_pairs(%a: !A, %b: !B, %c: !C) kernel {
    %w = cute.make_atom : !W
    // expected-error @+1 {{A: 2 values share a register, but !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(2,4):(4,1)">> splits them}}
    cute.mma_atom_call %w, %c, %a, %b, %c : !W, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

// N must be a multiple of 8 in [8, 256].
// expected-error @+1 {{'sm90.mma' has no 64x132x16 shape for f16 inputs; legal: 64xNx16 with N a multiple of 8 in [8, 256]}}
func.func private @illegal_n(!cute_nvgpu.sm90.mma<64x132x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>)

// -----

// Integer WGMMA has fewer N than the float kinds: 8, 24 and the multiples of
// 16 (PTX ISA; the atom sweep found N = 40 verifying, then refused by NVVM).
// expected-error @+1 {{'sm90.mma' has no 64x40x32 shape for i8 inputs; legal: 64xNx32 with N in {8, 24} or a multiple of 16 in [16, 256]}}
func.func private @integer_n(!cute_nvgpu.sm90.mma<64x40x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>)
