// The packaged S2T copy (cute_nvgpu.cp_async.s2t) picks the tcgen05.cp shape
// from the shared tile: (rows, row bits) of 128x128b, besides the 128x256b
// of examples/s2t_sm100.mlir, from the tile's K-major UMMA descriptor,
// committed to the mbarrier, through ptxas for sm_100a. A 4-row tile is no
// canonical UMMA layout (its descriptor is the raw copy's to build).
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// CHECK-LABEL: .entry shapes(
// CHECK: tcgen05.cp.cta_group::1.128x128b [{{%r[0-9]+}}], {{%rd[0-9]+}};
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// The atom called with cute.copy_atom_call (CuTe's `copy(SM100_UTCCP_*, ...)`,
// issue 27 item 6): the tcgen05.cp alone, into the view's columns; the
// kernel commits it, as after an UMMA call.
// CHECK-LABEL: .entry atom_call(
// CHECK: tcgen05.cp.cta_group::1.128x128b [{{%r[0-9]+}}], {{%rd[0-9]+}};
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
!Narrow = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(128,16):(16,1)">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @shapes(%n: !Narrow, %tmem: !cute.ptr<i8, tmem>, %bar: !cute.ptr<i64, smem>) kernel {
    %zero = arith.constant 0 : i32
    %t0 = cute_nvgpu.cp_async.s2t %n, %tmem, %bar, %zero {atom = !cute_nvgpu.atom.s2t_copy<i8>} : !Narrow, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
    gpu.return
  }
  gpu.func @atom_call(%s: !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(128,16):(16,1)">>, %bar: !cute.ptr<i64, smem>) kernel {
    %h = arith.constant 0 : i32
    %cols = arith.constant 32 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<i8, tmem>
    %lt = cute.static : !cute.layout<"(128,16):(65536,1)">
    %t = cute.make_view %tmem, %lt : !cute.view<!cute.ptr<i8, tmem>, !cute.layout<"(128,16):(65536,1)">>
    %atom = cute.make_atom : !cute_nvgpu.atom.s2t_copy<i8>
    cute.copy_atom_call %atom, %s, %t : !cute_nvgpu.atom.s2t_copy<i8>, !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(128,16):(16,1)">>, !cute.view<!cute.ptr<i8, tmem>, !cute.layout<"(128,16):(65536,1)">>
    cute_nvgpu.arch.sm100.commit %bar : !cute.ptr<i64, smem>
    gpu.return
  }
}
}
