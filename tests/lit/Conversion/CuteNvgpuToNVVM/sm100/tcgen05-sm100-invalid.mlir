// The tcgen05 ops where they cannot lower: on chips without tensor memory
// the SM100 populator registers nothing and the legality check names the op
// and the chip; a raw S2T copy from a bare shared pointer has no descriptor.
// RUN: not %cute compile %s --chip sm_90a 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not %cute compile %s --chip sm_120a 2>&1 | FileCheck %s --check-prefix=SM120
// SM90: error: 'cute_nvgpu.arch.sm100.fence' op cute-nvgpu-to-nvvm: failed to legalize 'cute_nvgpu.arch.sm100.fence' for sm_90a
// SM120: error: 'cute_nvgpu.arch.sm100.fence' op cute-nvgpu-to-nvvm: failed to legalize 'cute_nvgpu.arch.sm100.fence' for sm_120a
// RUN: not %cute compile %s --chip sm_100a 2>&1 | FileCheck %s --check-prefix=PTR
// PTR: error: 'cute_nvgpu.arch.copy.SM100.copy_s2t' op cute-nvgpu-to-nvvm: copy_s2t from a bare shared-memory pointer: tcgen05.cp reads the matrix through its UMMA descriptor; pass the i64 descriptor, or copy a shared view with cp_async.s2t, which builds it
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%t: !cute.ptr<f32, tmem>, %s: !cute.ptr<i8, smem>, %b: !cute.ptr<i64, smem>) kernel {
    cute_nvgpu.arch.sm100.fence "before"
    cute_nvgpu.arch.sm100.shift %t : !cute.ptr<f32, tmem>
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %s, %b : !cute.ptr<f32, tmem>, !cute.ptr<i8, smem>, !cute.ptr<i64, smem>
    gpu.return
  }
}
}
