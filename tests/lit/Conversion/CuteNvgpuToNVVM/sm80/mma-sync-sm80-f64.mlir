// The f64 register MMA (sm80.mma 8x8x4, DMMA): NVVM's MmaOp verifier reads
// the operand PTX types, so the lowering always gives them (without them it
// aborted the process, issue 27 item 2); ptxas assembles the kernel.
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %cute compile %s --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_80})' | FileCheck %s --check-prefix=NVVM
// CHECK: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// NVVM: nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%pc: !cute.ptr<f64, gmem>) kernel {
    %la = cute.static : !cute.layout<"1:1">
    %lc = cute.static : !cute.layout<"2:1">
    %ra = cute.alloc_rmem 1 : !cute.ptr<f64, rmem>
    %rb = cute.alloc_rmem 1 : !cute.ptr<f64, rmem>
    %rc = cute.alloc_rmem 2 : !cute.ptr<f64, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"1:1">>
    %b = cute.make_view %rb, %la : !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"1:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"2:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f64, gmem>, !cute.layout<"2:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.mma<8x8x4, elem_type = (f64, f64, f64)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm80.mma<8x8x4, elem_type = (f64, f64, f64)>, !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"2:1">>, !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"1:1">>, !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"1:1">>, !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"2:1">>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f64>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f64>, !cute.view<!cute.ptr<f64, rmem>, !cute.layout<"2:1">>, !cute.view<!cute.ptr<f64, gmem>, !cute.layout<"2:1">>
    gpu.return
  }
}
}
