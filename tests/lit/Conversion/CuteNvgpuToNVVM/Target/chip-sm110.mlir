// sm_110a (Jetson Thor, spec 003's SM110 note): no MMA atom family of its
// own; MMA resolves to universal_fma or an earlier-tier register MMA, and
// the diagnostic for any other MMA atom says so.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_110a})'

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @umma_on_sm110() kernel {
    // expected-error @+1 {{requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_110a; SM110 has no MMA atom of its own: MMA resolves to universal_fma or an earlier-tier register MMA (sm80.mma, sm89.mma)}}
    %a = cute.make_atom : !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
    gpu.return
  }
}
}

// -----

// The register MMAs of earlier tiers and the universal atoms are accepted.
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @register_mma_on_sm110() kernel {
    %a = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
    %b = cute.make_atom : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>
    %c = cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
    gpu.return
  }
}
}
