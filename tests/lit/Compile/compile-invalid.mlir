// `cute compile` refuses what it cannot compile with a clean error and exit
// code 1: an unknown chip, a module without kernels, an op with no lowering.
// RUN: not %cute compile %examples/copy_sm80.mlir --chip sm_42 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not %cute compile %s --chip sm_90a 2>&1 | FileCheck %s --check-prefix=OP
// The "op with no lowering" case on the chip the op is for (issue 37: it had
// become a wrong-chip case when copy_s2t gained its lowering; then the S2T
// copy_atom_call gained one, and the 16-bit TMEM load it used next, issue 27 item 6).
// RUN: not %cute compile %S/Inputs/no-lowering-sm100.mlir --chip sm_100a 2>&1 | FileCheck %s --check-prefix=NOLOWERING
// A math op that becomes a libdevice call (nothing links libdevice): refused
// at the op, by cute compile and by mlir-opt with the plugin alike, instead
// of PTX with an unresolved extern that ptxas refuses.
// RUN: not %cute compile %S/Inputs/libdevice-call.mlir --chip sm_90a 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// RUN: not %cute-opt %S/Inputs/libdevice-call.mlir --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_80})' 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// LIBDEVICE-DAG: libdevice-call.mlir{{"?}}:12:10{{\)?}}: error: 'llvm.call' op cute-kernel-to-nvvm: calls the libdevice function __nv_expf
// LIBDEVICE-DAG: libdevice-call.mlir{{"?}}:11:10{{\)?}}: error: 'llvm.call' op cute-kernel-to-nvvm: calls the libdevice function __nv_tanhf (what convert-gpu-to-nvvm makes of a math op with no PTX instruction, such as math.tanh), and this pipeline links no libdevice: ptxas would refuse the unresolved call
// RUN: not %cute-opt %examples/copy_sm80.mlir --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_42})' 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not %cute-opt %examples/copy_sm80.mlir --pass-pipeline='builtin.module(cute-to-nvvm{arch=sm_80})' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not %cute-opt %examples/copy_sm80.mlir --pass-pipeline='builtin.module(cute-lower-to-llvm{chip=sm_80})' 2>&1 | FileCheck %s --check-prefix=NOOPTION

// CHIP: unsupported chip 'sm_42' (cute compiles for sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_100f, sm_103, sm_103a, sm_103f, sm_110, sm_110a, sm_110f, sm_120, sm_120a, sm_120f, sm_121, sm_121a, sm_121f)
// OPTION: cute-to-nvvm: unknown option 'arch=sm_80' (expected chip=<sm_XX> or extract-device-module=true|false)
// NOOPTION: cute-lower-to-llvm takes no options, got 'chip=sm_80'

// NOLOWERING: no-lowering-sm100.mlir":13:7): error: 'cute.copy_atom_call' op cute-nvgpu-to-nvvm: atom.s2t_copy copies a 128x256b or 128x128b tile, got 4x256b ((4,32):(32,1)); the 4x256b copy and the warp-broadcast 64x128b and 32x128b copies take a descriptor built by hand: arch.copy.SM100.copy_s2t

// OP: error: 'cute_nvgpu.arch.copy.SM100.copy_s2t' op cute-nvgpu-to-nvvm: failed to legalize 'cute_nvgpu.arch.copy.SM100.copy_s2t' for sm_90a

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%dst: !cute.ptr<i8, tmem>, %desc: i64, %mbar: !cute.ptr<i64, smem>) kernel {
      cute_nvgpu.arch.copy.SM100.copy_s2t %dst, %desc, %mbar : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
      gpu.return
    }
  }
}
