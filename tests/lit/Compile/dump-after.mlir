// `cute compile` / `cute opt --dump-after all|PASS` show the IR after each
// stage (issue 27 item 5), as mlir-opt's --mlir-print-ir-after-all does.
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_80 --dump-after cute-to-llvm -o %t.ptx 2> %t.stages
// RUN: FileCheck %s --check-prefix=ONE < %t.stages
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_80 --dump-after all -o %t.ptx 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %cute opt %examples/tile_layouts.mlir --pipeline 'builtin.module(cute-desugar)' --dump-after cute-desugar 2>&1 >/dev/null | FileCheck %s --check-prefix=OPT
// RUN: not %cute compile %examples/copy_sm80.mlir --chip sm_80 --dump-after cute-no-such-pass 2>&1 | FileCheck %s --check-prefix=NONE

// ONE: // -----// IR Dump After cute-to-llvm on builtin_module_no-symbol-name //----- //
// ONE-NEXT: module attributes {gpu.container_module} {
// ONE-NOT: IR Dump After

// ALL: IR Dump After cute-kernels-to-gpu-module
// ALL: IR Dump After cute-desugar
// ALL: IR Dump After cute-nvgpu-expand-atoms
// ALL: IR Dump After cute-to-llvm
// ALL: IR Dump After cute-nvgpu-to-nvvm
// ALL: IR Dump After convert-gpu-to-nvvm on builtin_module_no-symbol-name/gpu_module_kernels
// ALL: llvm.func @copy
// ALL: IR Dump After cute-kernel-to-nvvm
// ALL: IR Dump After gpu-module-to-binary

// OPT: IR Dump After cute-desugar on builtin_module_no-symbol-name
// OPT-NEXT: module {

// NONE: cute: error: --dump-after cute-no-such-pass: no pass of that name ran in the pipeline
