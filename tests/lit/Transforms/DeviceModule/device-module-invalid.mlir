// The refusals of cute-kernels-to-gpu-module and cute-extract-device-module.
// RUN: %cute-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(cute-kernels-to-gpu-module)' %s
// RUN: not %cute-opt --pass-pipeline='builtin.module(cute-extract-device-module)' %S/Inputs/no-gpu-module.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not %cute-opt --pass-pipeline='builtin.module(cute-extract-device-module)' %S/Inputs/clashing-gpu-modules.mlir 2>&1 | FileCheck %s --check-prefix=CLASH
// RUN: not %cute-opt %examples/copy_sm80.mlir --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_80 extract-device-module=maybe})' 2>&1 | FileCheck %s --check-prefix=OPTION

// NONE: error: 'builtin.module' op cute-extract-device-module: the module has no gpu.module (no device code to extract)
// CLASH: error: 'llvm.func' op cute-extract-device-module: symbol "k" is defined in gpu.module @a and in another gpu.module; one translation unit needs unique symbols
// OPTION: cute-to-nvvm: unknown option 'extract-device-module=maybe' (expected chip=<sm_XX> or extract-device-module=true|false)

// A kernel outside the gpu.modules of a module that has some.
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  // expected-error @+1 {{'func.func' op is a cute.kernel outside the module's gpu.modules: move it into one of them}}
  func.func @k() attributes {cute.kernel} {
    return
  }
}
