// The tensor-memory ops on chips without tensor memory (Hopper, consumer
// Blackwell): no lowering is installed there, and the legality check names
// the op and the chip (spec 000: the SM100 populator registers nothing).
// sm_103a has tensor memory: tests/lit/Conversion/CuteNvgpuToNVVM/sm100/umma-sm100.mlir.
// RUN: not %cute compile %s --chip sm_90a 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not %cute compile %s --chip sm_120a 2>&1 | FileCheck %s --check-prefix=SM120
// SM90: error: 'cute_nvgpu.arch.sm100.retrieve_tmem_ptr' op cute-nvgpu-to-nvvm: failed to legalize 'cute_nvgpu.arch.sm100.retrieve_tmem_ptr' for sm_90a
// SM120: error: 'cute_nvgpu.arch.sm100.retrieve_tmem_ptr' op cute-nvgpu-to-nvvm: failed to legalize 'cute_nvgpu.arch.sm100.retrieve_tmem_ptr' for sm_120a
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k() kernel {
    %h = arith.constant 0 : i32
    %cols = arith.constant 32 : i32
    %t = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %v = cute_nvgpu.arch.sm100.tmem_load %t : !cute.ptr<f32, tmem> -> vector<4xf32>
    gpu.return
  }
}
}
