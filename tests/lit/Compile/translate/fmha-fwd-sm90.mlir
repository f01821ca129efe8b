// The third way in for examples/fmha_fwd_sm90.mlir: mlir-opt-22 with the plugin
// lowers it, mlir-translate-22 and llc-22 make PTX, ptxas assembles it, and
// its kernel entry is the one `cute compile` makes (as gemm-sm90.mlir).
// RUN: %cute-opt --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_90a extract-device-module=true})' %examples/fmha_fwd_sm90.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=IR --implicit-check-not=cute. --implicit-check-not=cute_nvgpu --implicit-check-not=gpu.module < %t.mlir
// RUN: mlir-translate-22 --mlir-to-llvmir %t.mlir -o %t.ll
// RUN: llc-22 -march=nvptx64 -mcpu=sm_90a -mattr=+ptx84 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %cute compile %examples/fmha_fwd_sm90.mlir --chip sm_90a -o %t.cute.ptx
// RUN: grep '\.entry' %t.ptx > %t.entries
// RUN: grep '\.entry' %t.cute.ptx > %t.cute.entries
// RUN: diff %t.entries %t.cute.entries
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// IR: module attributes {llvm.target_triple = "nvptx64-nvidia-cuda"}
// IR: llvm.func @fmha(
// IR-SAME: nvvm.kernel

// PTX: .visible .entry fmha(
// The launch bounds and the register hand-over survive the route:
// PTX: .reqntid 384, 1, 1
// PTX-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// PTX-NOT: .entry
