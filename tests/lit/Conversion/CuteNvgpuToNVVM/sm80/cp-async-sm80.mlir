// simt_async_copy (SM80 cp.async): 4 and 8 bytes lower to cp.async.ca, 16
// to cp.async.cg; a view of several atoms' worth issues one per run; a
// swizzled shared-memory destination gets its XOR address arithmetic.
// Completion is the kernel's: nvvm.cp.async.commit.group / wait.group.
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %cute compile %s --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// RUN: not %cute compile %s --chip sm_75 2>&1 | FileCheck %s --check-prefix=SM75

// SM75: error: 'cute.make_atom' op '!cute_nvgpu.atom.simt_async_copy<4, f32>' requires sm_80 or later, but the target is sm_75

!g1 = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:1">>
!s1 = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"1:1">>
!g2 = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"2:1">>
!s2 = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"2:1">>
!g16 = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(8,2):(1,64)">>
!s16 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (8,2):(1,64)">>
!a4 = !cute_nvgpu.atom.simt_async_copy<4, f32>
!a8 = !cute_nvgpu.atom.simt_async_copy<8, f32>
!a16 = !cute_nvgpu.atom.simt_async_copy<16, f16>

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry cp_async(
  gpu.func @cp_async(%g: !cute.ptr<f32, gmem>, %h: !cute.ptr<f16, gmem>) kernel {
    %l1 = cute.static : !cute.layout<"1:1">
    %l2 = cute.static : !cute.layout<"2:1">
    %s = cute.alloc_smem 8 : !cute.ptr<f32, smem, align<16>>
    %g1 = cute.make_view %g, %l1 : !g1
    %s1 = cute.make_view %s, %l1 : !s1
    %c4 = cute.make_atom : !a4
    // CHECK: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
    cute.copy_atom_call %c4, %g1, %s1 : !a4, !g1, !s1
    %g2 = cute.make_view %g, %l2 : !g2
    %s2 = cute.make_view %s, %l2 : !s2
    %c8 = cute.make_atom : !a8
    // CHECK: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 8;
    cute.copy_atom_call %c8, %g2, %s2 : !a8, !g2, !s2
    // Two 16-byte runs (64 elements apart) into a 128-byte swizzled tile.
    %l16 = cute.static : !cute.layout<"(8,2):(1,64)">
    %sw = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (8,2):(1,64)">
    %t = cute.alloc_smem 512 : !cute.ptr<f16, smem, align<1024>>
    %g16 = cute.make_view %h, %l16 : !g16
    %s16 = cute.make_view %t, %sw : !s16
    %c16 = cute.make_atom : !a16
    // The second run's row is swizzled (the first one's offset 0 is not).
    // CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
    // CHECK: xor.b32
    // CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
    cute.copy_atom_call %c16, %g16, %s16 : !a16, !g16, !s16
    // CHECK: cp.async.commit_group;
    nvvm.cp.async.commit.group
    // CHECK: cp.async.wait_group 0;
    nvvm.cp.async.wait.group 0
    gpu.return
  }
}
}
