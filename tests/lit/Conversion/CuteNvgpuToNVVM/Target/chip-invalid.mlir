// Atoms the chip lacks (spec 003's tier rule, applied by cute-check-target
// as the first step of cute-to-nvvm): a diagnostic naming the atom and the
// chip, before any lowering, never an abort of LLVM's back end.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_75})'

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @cp_async_on_sm75() kernel {
    // expected-error @+1 {{'cute.make_atom' op '!cute_nvgpu.atom.simt_async_copy<16>' requires sm_80 or later, but the target is sm_75}}
    %a = cute.make_atom : !cute_nvgpu.atom.simt_async_copy<16>
    gpu.return
  }
}
}

// -----

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @mma_on_sm75() kernel {
    // expected-error @+1 {{'cute.make_atom' op '!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>' requires sm_80 or later, but the target is sm_75}}
    %a = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
    gpu.return
  }
}
}

// -----

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @wgmma_on_sm75(%v: !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>) kernel {
    // expected-error @+1 {{requires sm_90a, but the target is sm_75}}
    %a = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    gpu.return
  }
}
}

// -----

// ldmatrix is SM75: accepted (no diagnostic).
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @ldsm_on_sm75() kernel {
    %a = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x4>
    gpu.return
  }
}
}
