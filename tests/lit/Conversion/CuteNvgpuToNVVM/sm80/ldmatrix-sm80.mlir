// ldsm (ldmatrix, SM75) in CuTe's per-lane form: the lane's row (8
// contiguous 16-bit elements of shared memory) to its 2N register values,
// two per 32-bit register; .trans only changes what lands in them. A
// register fragment whose pairs are not adjacent is written half by half.
// stsm (stmatrix, SM90) is the reverse.
// RUN: %cute compile %s --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: not %cute compile %s --chip sm_80 2>&1 | FileCheck %s --check-prefix=SM80

// SM80: error: 'cute.make_atom' op '!cute_nvgpu.atom.stsm<m8n8.x4, f16>' requires sm_90 or later, but the target is sm_80

!row = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"8:1">>
!r2 = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"2:1">>
!r4 = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
!r8 = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
!r4s = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(2,2):(2,1)">>
!gout = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry ldmatrix(
  gpu.func @ldmatrix(%out: !cute.ptr<f16, gmem>) kernel {
    %l8 = cute.static : !cute.layout<"8:1">
    %l4 = cute.static : !cute.layout<"4:1">
    %l2 = cute.static : !cute.layout<"2:1">
    %s = cute.alloc_smem 64 : !cute.ptr<f16, smem, align<16>>
    %row = cute.make_view %s, %l8 : !row
    %p8 = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %p4 = cute.alloc_rmem 4 : !cute.ptr<f16, rmem>
    %p2 = cute.alloc_rmem 2 : !cute.ptr<f16, rmem>
    %r8 = cute.make_view %p8, %l8 : !r8
    %r4 = cute.make_view %p4, %l4 : !r4
    %r2 = cute.make_view %p2, %l2 : !r2
    %x1 = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x1, f16>
    // CHECK: ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r{{[0-9]+}}}, [{{.*}}];
    cute.copy_atom_call %x1, %row, %r2 : !cute_nvgpu.atom.ldsm<m8n8.x1, f16>, !row, !r2
    %x2 = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
    // CHECK: ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [{{.*}}];
    cute.copy_atom_call %x2, %row, %r4 : !cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !row, !r4
    %x4 = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
    // CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [{{.*}}];
    cute.copy_atom_call %x4, %row, %r8 : !cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !row, !r8
    %t2 = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x2.trans, f16>
    // Pairs 2 apart in the fragment: each register is split in halves.
    // CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
    // CHECK: shr.u32
    %q4 = cute.alloc_rmem 4 : !cute.ptr<f16, rmem>
    %sl = cute.static : !cute.layout<"(2,2):(2,1)">
    %strided = cute.make_view %q4, %sl : !r4s
    cute.copy_atom_call %t2, %row, %strided : !cute_nvgpu.atom.ldsm<m8n8.x2.trans, f16>, !row, !r4s
    %st = cute.make_atom : !cute_nvgpu.atom.stsm<m8n8.x4, f16>
    // CHECK: stmatrix.sync.aligned.m8n8.x4.shared.b16 [{{.*}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
    cute.copy_atom_call %st, %r8, %row : !cute_nvgpu.atom.stsm<m8n8.x4, f16>, !r8, !row
    // Every fragment is stored, so none of the loads is dead.
    %o = cute.make_view %out, %l8 : !gout
    %u = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %u, %r8, %o : !cute_nvgpu.atom.universal_copy<f16>, !r8, !gout
    %o4 = cute.make_view %out, %l4 : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %u, %r4, %o4 : !cute_nvgpu.atom.universal_copy<f16>, !r4, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    %o2 = cute.make_view %out, %l2 : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"2:1">>
    cute.copy_atom_call %u, %r2, %o2 : !cute_nvgpu.atom.universal_copy<f16>, !r2, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"2:1">>
    %qv = cute.make_view %q4, %l4 : !r4
    cute.copy_atom_call %u, %qv, %o4 : !cute_nvgpu.atom.universal_copy<f16>, !r4, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    gpu.return
  }
}
}
