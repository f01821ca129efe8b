// SM120.mma_bs (consumer Blackwell block-scaled mma.sync): the lane's A, B, C
// registers as for FP8 mma.sync, each operand's scale register from the
// call's scales(...) fragments (the lane's scale bytes, selectors 0 as
// CuTe's SM120 atoms pass them), through nvvm.mma.block_scale; ptxas
// assembles it for sm_120a and sm_121a (one surface).
// RUN: %cute compile %s --chip sm_120a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_120a %t.ptx -o %t.cubin
// RUN: %cute compile %s --chip sm_121a -o %t.121.ptx && %ptxas -arch=sm_121a %t.121.ptx -o %t.121.cubin
// RUN: not %cute compile %s --chip sm_100a 2>&1 | FileCheck %s --check-prefix=SM100
// SM100: requires sm_120a, sm_120f, sm_121a or sm_121f, but the target is sm_100a

!F8 = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>
!F8B = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"8:1">>
!F4 = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"32:1">>
!F4B = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"16:1">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!G = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
!SF1 = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"1:1">>
!SF4 = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"4:1">>
!MX8 = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
!NV4 = !cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E4M3FN, sf_vec = 16>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry mxf8(
  // CHECK: mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0
  gpu.func @mxf8(%pc: !cute.ptr<f32, gmem>) kernel {
    %ra = cute.alloc_rmem 16 : !cute.ptr<f8E4M3FN, rmem>
    %rb = cute.alloc_rmem 8 : !cute.ptr<f8E4M3FN, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %rs = cute.alloc_rmem 2 : !cute.ptr<f8E8M0FNU, rmem>
    %la = cute.static : !cute.layout<"16:1">
    %lb = cute.static : !cute.layout<"8:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ls = cute.static : !cute.layout<"1:1">
    %a = cute.make_view %ra, %la : !F8
    %b = cute.make_view %rb, %lb : !F8B
    %c = cute.make_view %rc, %lc : !C
    %sfa = cute.make_view %rs, %ls : !SF1
    %sfb = cute.make_view %rs, %ls : !SF1
    %mma = cute.make_atom : !MX8
    cute.mma_atom_call %mma, %c, %a, %b, %c scales(%sfa, %sfb : !SF1, !SF1) : !MX8, !C, !F8, !F8B, !C
    %gc = cute.make_view %pc, %lc : !G
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !C, !G
    gpu.return
  }

  // CHECK-LABEL: .entry nvf4(
  // CHECK: mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3
  gpu.func @nvf4(%pc: !cute.ptr<f32, gmem>) kernel {
    %ra = cute.alloc_rmem 32 : !cute.ptr<f4E2M1FN, rmem>
    %rb = cute.alloc_rmem 16 : !cute.ptr<f4E2M1FN, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %rs = cute.alloc_rmem 4 : !cute.ptr<f8E4M3FN, rmem>
    %la = cute.static : !cute.layout<"32:1">
    %lb = cute.static : !cute.layout<"16:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ls = cute.static : !cute.layout<"4:1">
    %a = cute.make_view %ra, %la : !F4
    %b = cute.make_view %rb, %lb : !F4B
    %c = cute.make_view %rc, %lc : !C
    %sf = cute.make_view %rs, %ls : !SF4
    %mma = cute.make_atom : !NV4
    cute.mma_atom_call %mma, %c, %a, %b, %c scales(%sf, %sf : !SF4, !SF4) : !NV4, !C, !F4, !F4B, !C
    %gc = cute.make_view %pc, %lc : !G
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !C, !G
    gpu.return
  }
}
}
