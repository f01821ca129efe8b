// cute-kernels-to-gpu-module (issue 27 item 1); extraction: device-module-extract.mlir.
// RUN: %cute-opt --split-input-file --pass-pipeline='builtin.module(cute-kernels-to-gpu-module)' %s | FileCheck %s --check-prefix=OUTLINE

// Spec 002's form: the whole module is device code; its target goes with it.
// OUTLINE-LABEL: module attributes {gpu.container_module} {
// OUTLINE-NEXT:    gpu.module @cute_kernels attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
// OUTLINE-NEXT:      func.func private @helper
// OUTLINE-NEXT:      func.func @k() attributes {cute.kernel} {
// OUTLINE-NEXT:        gpu.thread_id  x
// OUTLINE-NEXT:        call @helper()
// OUTLINE:         }
// OUTLINE-NEXT:  }
// OUTLINE-NEXT: }
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func private @helper()
  func.func @k() attributes {cute.kernel} {
    %t = gpu.thread_id x
    func.call @helper() : () -> ()
    return
  }
}
