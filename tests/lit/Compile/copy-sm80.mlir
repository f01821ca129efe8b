// `cute compile` (issue 11's path): examples/copy_sm80.mlir, a block of 32
// threads copying its 32x8 tile of a run-time sized column-major tensor
// (local_tile by block, local_partition by thread, load/store), compiled to
// PTX and assembled by ptxas for every chip of the roster ptxas 12.9 knows.
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_80 -o %t.sm80.ptx
// RUN: FileCheck %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_75 -o %t.sm75.ptx && %ptxas -arch=sm_75 %t.sm75.ptx -o %t.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_86 -o %t.sm86.ptx && %ptxas -arch=sm_86 %t.sm86.ptx -o %t.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_89 -o %t.sm89.ptx && %ptxas -arch=sm_89 %t.sm89.ptx -o %t.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_90a -o %t.sm90a.ptx && %ptxas -arch=sm_90a %t.sm90a.ptx -o %t.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_100a -o %t.sm100a.ptx && %ptxas -arch=sm_100a %t.sm100a.ptx -o %t.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_103a -o %t.sm103a.ptx && %ptxas -arch=sm_103a %t.sm103a.ptx -o %t.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_120a -o %t.sm120a.ptx && %ptxas -arch=sm_120a %t.sm120a.ptx -o %t.cubin
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_121a -o %t.sm121a.ptx && %ptxas -arch=sm_121a %t.sm121a.ptx -o %t.cubin
// sm_110a needs PTX 9.0, which ptxas 12.9 does not know: ptxas 13.5 assembles it.
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_110a -o %t.sm110a.ptx && %ptxas13 -arch=sm_110a %t.sm110a.ptx -o %t.cubin
// RUN: FileCheck %s --check-prefix=SM110 < %t.sm110a.ptx
// The NVVM-dialect form, and the same passes as mlir-opt's cute-to-nvvm{chip=...}.
// RUN: %cute compile %examples/copy_sm80.mlir --chip sm_80 --emit nvvm | FileCheck %s --check-prefix=NVVM
// RUN: %cute-opt %examples/copy_sm80.mlir --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_80})' -o %t.nvvm.mlir
// RUN: FileCheck %s --check-prefix=NVVM < %t.nvvm.mlir
// RUN: mlir-opt-22 --pass-pipeline='builtin.module(gpu-module-to-binary{format=isa})' %t.nvvm.mlir | FileCheck %s --check-prefix=BINARY
// BINARY: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx71">, {{.*}}.visible .entry copy(

// CHECK: .version 7.1
// CHECK: .target sm_80
// CHECK: .visible .entry copy(
// The block's and the thread's offsets: no division by a run-time value.
// CHECK-NOT: div.s32
// CHECK: mov.u32 {{.*}}%ctaid.x;
// CHECK: mov.u32 {{.*}}%tid.x;
// CHECK: ld.global.b32
// CHECK: st.global.b32
// CHECK-NOT: div.s32

// SM110: .version 9.0
// SM110: .target sm_110a

// The atoms are lowered: cute_nvgpu.target is gone, so stock mlir-opt-22
// (gpu-module-to-binary) reads the result without the plugin.
// NVVM: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx71">] {
// NVVM-NOT: cute_nvgpu
// NVVM: llvm.func @copy(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32) attributes {gpu.kernel, nvvm.kernel}
// NVVM-NOT: cute.
