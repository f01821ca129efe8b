// Input of umma-pair-sm100.mlir: a CTA-pair UMMA committed with cta_group::1.
!Bar = !cute.ptr<i64, smem, align<8>>
!A = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
!Pair = !cute_nvgpu.sm100.mma<256x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // bf16 x bf16 -> f32, M = 256, N = 256: idesc 0x10400490 = 272630928.
  // CHECK-LABEL: .entry umma_pair(
  // CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
  // CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
  // CHECK: mov.b32 {{%r[0-9]+}}, 272630928;
  // CHECK: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard
  // CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
  // CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32
  func.func @umma_pair(%first: i1, %mask: i16) attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %pa = cute.alloc_smem 2048 : !cute.ptr<bf16, smem, align<1024>>
    %pb = cute.alloc_smem 2048 : !cute.ptr<bf16, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">
    %a = cute.make_view %pa, %l : !A
    %b = cute.make_view %pb, %l : !A
    %h = arith.constant 0 : i32
    %cols = arith.constant 256 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %ld = cute.static : !cute.layout<"(128,256):(65536,1)">
    %d = cute.make_view %tmem, %ld : !D
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !Pair
    %true = arith.constant true
    %accumulate = arith.xori %first, %true : i1
    cute.mma_atom_call %atom, %d, %a, %b, %d accumulate(%accumulate) : !Pair, !D, !A, !A, !D
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    return
  }
}
}
