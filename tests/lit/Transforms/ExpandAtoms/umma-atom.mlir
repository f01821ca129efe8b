// The Blackwell IMMA atom rewriter of spec 000, in its two stages:
// 1. cute-nvgpu-expand-atoms (after cute-desugar, which leaves it):
//    `cute_nvgpu.atom.sm100.imma %a, %b` -> the tensor-memory
//    accumulator (retrieve_tmem_ptr of the function's handle 0, 256 f32
//    columns for N = 256), an mbarrier of one arrival, the payload.
// 2. cute-nvgpu-to-nvvm: the TMEM cache allocates the columns; the mbarrier
//    is a shared global, initialized and fenced; the payload is one
//    tcgen05.mma (D = A * B) and a tcgen05.commit to the mbarrier.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar,cute-nvgpu-expand-atoms)' | FileCheck %s --check-prefix=STAGE1
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin

!A = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">>
!B = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>

// STAGE1-LABEL: gpu.func @builder
// STAGE1: %[[TMEM:.*]] = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %{{.*}}, %{{.*}} : i32 -> !cute.ptr<f32, tmem>
// STAGE1: %[[MBAR:.*]] = cute_nvgpu.mbarrier.init %{{.*}} : !cute.ptr<i64, smem, align<8>>
// STAGE1: cute_nvgpu.atom %{{.*}}, %{{.*}}, %[[TMEM]], %[[MBAR]] : {{.*}} -> !cute_nvgpu.sm100.mma<128x256x16
// STAGE1-NOT: cute_nvgpu.atom.sm100.imma

// PTX-LABEL: .entry builder(
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// PTX: mbarrier.init.shared.b64 [__cute_mbarrier_0]
// PTX: fence.mbarrier_init.release.cluster;
// PTX: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [__cute_mbarrier_0];
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @builder() kernel {
    %pa = cute.alloc_smem 2048 : !cute.ptr<bf16, smem, align<1024>>
    %pb = cute.alloc_smem 4096 : !cute.ptr<bf16, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">
    %lb = cute.static : !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">
    %a = cute.make_view %pa, %la : !A
    %b = cute.make_view %pb, %lb : !B
    %atom = cute_nvgpu.atom.sm100.imma %a, %b : !A, !B -> !U
    gpu.return
  }
}
}
