// Issue 27 item 1: the third way in. examples/gemm_sm80.mlir reaches PTX through
// the stock tools only (mlir-opt-22 with the plugin for the lowering, then
// mlir-translate-22 and llc-22), in both kernel forms, with the same kernel
// entries as `cute compile`, and ptxas assembles it.
//
// Kernels in a gpu.module (the example as written):
// RUN: %cute-opt --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_80 extract-device-module=true})' %examples/gemm_sm80.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=IR --implicit-check-not=cute. --implicit-check-not=cute_nvgpu --implicit-check-not=gpu.module < %t.mlir
// RUN: mlir-translate-22 --mlir-to-llvmir %t.mlir -o %t.ll
// RUN: llc-22 -march=nvptx64 -mcpu=sm_80 -mattr=+ptx71 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_80 -o %t.cute.ptx
// RUN: grep '\.entry' %t.ptx > %t.entries
// RUN: grep '\.entry' %t.cute.ptx > %t.cute.entries
// RUN: diff %t.entries %t.cute.entries
// RUN: FileCheck %s --check-prefix=PTX < %t.entries
//
// Spec 002's form: the same kernel as a top-level cute.kernel function of a
// module that carries its target (no gpu.module; a gpu.func kernel becomes
// a func.func marked cute.kernel).
// RUN: sed -e '/^gpu.module @kernels {$/d' -e '$d' -e 's/^\( *\)gpu.func @gemm(/\1func.func @gemm(/' -e 's/) kernel {$/) attributes {cute.kernel} {/' -e 's/gpu.return/return/' -e 's/^module attributes {gpu.container_module} {/module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {/' %examples/gemm_sm80.mlir > %t.top.mlir
// RUN: FileCheck %s --check-prefix=TOP < %t.top.mlir
// RUN: %cute-opt --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_80 extract-device-module=true})' %t.top.mlir -o %t.top.out.mlir
// RUN: FileCheck %s --check-prefix=IR --implicit-check-not=cute. --implicit-check-not=cute_nvgpu --implicit-check-not=gpu.module < %t.top.out.mlir
// RUN: mlir-translate-22 --mlir-to-llvmir %t.top.out.mlir | llc-22 -march=nvptx64 -mcpu=sm_80 -mattr=+ptx71 -o %t.top.ptx
// RUN: %ptxas -arch=sm_80 %t.top.ptx -o %t.cubin
// RUN: %cute compile %t.top.mlir --chip sm_80 -o %t.top.cute.ptx
// RUN: grep '\.entry' %t.top.ptx > %t.top.entries
// RUN: grep '\.entry' %t.top.cute.ptx > %t.top.cute.entries
// RUN: diff %t.top.entries %t.cute.entries
// RUN: diff %t.top.cute.entries %t.cute.entries

// IR: module attributes {llvm.target_triple = "nvptx64-nvidia-cuda"}
// IR: llvm.func @gemm(
// IR-SAME: nvvm.kernel

// PTX: .visible .entry gemm(
// PTX-NOT: .entry

// TOP-NOT: gpu.module
// TOP: module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
// TOP: func.func @gemm(
// TOP: {cute.kernel}
