// FP8 mma.sync with an f16 accumulator needs PTX 8.7 (issue 27 item 2): the
// registry's min_ptx raises the module's target above sm_89's own 8.4, so
// ptxas accepts what the compiler emits; --emit llvm names the llc command.
// RUN: %cute compile %s --chip sm_89 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_89 %t.ptx -o %t.cubin
// RUN: %cute compile %s --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// RUN: %cute compile %s --chip sm_89 --emit llvm | FileCheck %s --check-prefix=LLVM
// CHECK: .version 8.7
// CHECK: .target sm_89
// CHECK: mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16
// LLVM: ; llc-22 -march=nvptx64 -mcpu=sm_89 -mattr=+ptx87

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%pc: !cute.ptr<f16, gmem>) kernel {
    %la = cute.static : !cute.layout<"16:1">
    %lb = cute.static : !cute.layout<"8:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ra = cute.alloc_rmem 16 : !cute.ptr<f8E4M3FN, rmem>
    %rb = cute.alloc_rmem 8 : !cute.ptr<f8E4M3FN, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f16, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"8:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f16)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f16)>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    gpu.return
  }
}
}
