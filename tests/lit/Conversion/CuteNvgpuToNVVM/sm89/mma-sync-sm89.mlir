// sm89.mma (Ada FP8 mma.sync m16n8k32): LLVM 22's NVVM dialect has no dense
// FP8 mma.sync, so the atom lowers to the PTX instruction as inline
// assembly; ptxas assembles it for sm_89 and later.
// RUN: %cute compile %s --chip sm_89 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_89 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cute compile %s --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// RUN: not %cute compile %s --chip sm_80 2>&1 | FileCheck %s --check-prefix=SM80
// PTXAS: , 0 bytes spill stores
// SM80: requires sm_89 or later, but the target is sm_80

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry mma_e4m3_e5m2(
  // CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
  gpu.func @mma_e4m3_e5m2(%pa: !cute.ptr<f8E4M3FN, gmem>, %pb: !cute.ptr<f8E5M2, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"16:1">
    %lb = cute.static : !cute.layout<"8:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f8E4M3FN, gmem>, !cute.layout<"16:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f8E5M2, gmem>, !cute.layout<"8:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 16 : !cute.ptr<f8E4M3FN, rmem>
    %rb = cute.alloc_rmem 8 : !cute.ptr<f8E5M2, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<f8E5M2, rmem>, !cute.layout<"8:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<f8E4M3FN>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<f8E5M2>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<f8E4M3FN>, !cute.view<!cute.ptr<f8E4M3FN, gmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<f8E5M2>, !cute.view<!cute.ptr<f8E5M2, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f8E5M2, rmem>, !cute.layout<"8:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f8E5M2, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

}
}
