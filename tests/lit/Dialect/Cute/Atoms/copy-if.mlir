// CuTe's copy_if: `cute.copy ... pred(%p : view)` and
// `cute.copy_atom_call ... pred(%b)` (copy-if-invalid.mlir: the bad cases).
// Round trip, then cute-desugar: one predicate byte loaded per rest
// coordinate; a universal copy goes under scf.if, a cp.async keeps its
// predicate (lowered to src-size 0: a zero fill, checked in PTX below).
// RUN: %cute-opt %s | %cute-opt | FileCheck %s --check-prefix=ROUND
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

!g = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,2):(1,8)">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,2):(1,8)">>
!p = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"2:1">>
!cp = !cute_nvgpu.atom.simt_async_copy<16, f16>
!uc = !cute_nvgpu.atom.universal_copy<f16>

module attributes {gpu.container_module} {
gpu.module @kernels {
  // ROUND-LABEL: gpu.func @copy_if(
  // ROUND: cute.copy %{{.*}}, %{{.*}}, %{{.*}} pred(%{{.*}} : !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"2:1">>) : !cute_nvgpu.atom.simt_async_copy<16, f16>
  // ROUND: cute.copy_atom_call %{{.*}}, %{{.*}}, %{{.*}} pred(%{{.*}}) : !cute_nvgpu.atom.universal_copy<f16>
  // CHECK-LABEL: gpu.func @copy_if(
  // CHECK: %[[B0:.*]] = cute.load %{{.*}}[%{{.*}}] : !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"2:1">>, !cute.coord<"0">
  // CHECK: %[[P0:.*]] = arith.cmpi ne, %[[B0]], %{{.*}} : i8
  // CHECK: cute.copy_atom_call %{{.*}}, %{{.*}}, %{{.*}} pred(%[[P0]]) : !cute_nvgpu.atom.simt_async_copy<16, f16>
  // CHECK: cute.load %{{.*}}[%{{.*}}] : {{.*}}, !cute.coord<"1">
  // CHECK: cute.copy_atom_call %{{.*}} pred(%{{.*}}) : !cute_nvgpu.atom.simt_async_copy<16, f16>
  // The universal copy's instances: each under its predicate.
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: cute.copy_atom_call %{{.*}}, %{{.*}}, %{{.*}} : !cute_nvgpu.atom.universal_copy<f16>
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: cute.copy_atom_call %{{.*}}, %{{.*}}, %{{.*}} : !cute_nvgpu.atom.universal_copy<f16>
  // The one-off call with its own i1.
  // CHECK: scf.if %{{.*}} {
  // CHECK-NEXT: cute.copy_atom_call %{{.*}}, %{{.*}}, %{{.*}} : !cute_nvgpu.atom.universal_copy<f16>
  // PTX-LABEL: .entry copy_if(
  // PTX: cp.async.cg.shared.global [__cute_smem_0], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
  // PTX: cp.async.cg.shared.global [__cute_smem_0+16], [%rd{{[0-9]+}}+16], 16, %r{{[0-9]+}};
  // PTX: @%p{{[0-9]+}} bra
  gpu.func @copy_if(%src: !cute.ptr<f16, gmem, align<16>>, %dst: !cute.ptr<f16, gmem, align<16>>, %n: i32) kernel {
    %l = cute.static : !cute.layout<"(8,2):(1,8)">
    %g = cute.make_view %src, %l : !g
    %d = cute.make_view %dst, %l : !g
    %sp = cute.alloc_smem 16 : !cute.ptr<f16, smem, align<16>>
    %s = cute.make_view %sp, %l : !s
    %pp = cute.alloc_rmem 2 : !cute.ptr<i8, rmem>
    %pl = cute.static : !cute.layout<"2:1">
    %pred = cute.make_view %pp, %pl : !p
    %zero = arith.constant 0 : i32
    %in = arith.cmpi sgt, %n, %zero : i32
    %byte = arith.extui %in : i1 to i8
    %c0 = cute.static : !cute.coord<"0">
    %c1 = cute.static : !cute.coord<"1">
    cute.store %byte, %pred[%c0] : !p, !cute.coord<"0">
    cute.store %byte, %pred[%c1] : !p, !cute.coord<"1">
    %cp = cute.make_atom : !cp
    cute.copy %cp, %g, %s pred(%pred : !p) : !cp, !g, !s
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    %uc = cute.make_atom : !uc
    cute.copy %uc, %s, %d pred(%pred : !p) : !uc, !s, !g
    cute.copy_atom_call %uc, %s, %d pred(%in) : !uc, !s, !g
    gpu.return
  }
}
}
