// cute-extract-device-module (issue 27 item 1) keeps the gpu.modules' bodies,
// drops host code and cute attributes; cute-kernels-to-gpu-module leaves a
// module without top-level cute.kernel functions alone.
// RUN: %cute-opt --pass-pipeline='builtin.module(cute-extract-device-module)' %s | FileCheck %s --check-prefix=EXTRACT
// RUN: %cute-opt --pass-pipeline='builtin.module(cute-kernels-to-gpu-module)' %s | FileCheck %s --check-prefix=KEEP
// KEEP: gpu.module @a {
// KEEP: gpu.module @b {
// KEEP: func.func @host
// EXTRACT-LABEL: module attributes {llvm.target_triple = "nvptx64-nvidia-cuda"} {
// EXTRACT-NEXT:    llvm.func @k1() attributes {nvvm.kernel} {
// EXTRACT:         llvm.func @k2() attributes {nvvm.kernel} {
// EXTRACT-NOT:     func.func @host
// EXTRACT-NOT:     cute
module attributes {gpu.container_module} {
  gpu.module @a {
    llvm.func @k1() attributes {nvvm.kernel, cute.dynamic_smem_bytes = 16 : i64} {
      llvm.return
    }
  }
  gpu.module @b {
    llvm.func @k2() attributes {nvvm.kernel} {
      llvm.return
    }
  }
  func.func @host() {
    return
  }
}
