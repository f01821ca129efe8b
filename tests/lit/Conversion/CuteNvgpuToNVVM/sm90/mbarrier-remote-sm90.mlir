// An arrival on another CTA's mbarrier (`cute_nvgpu.arch.mbarrier.arrive
// %bar cta(%rank)`, CuTe's ClusterBarrier::arrive(cta_id, pred)): the
// consumer of a multicast stage releases it in every CTA that wrote into
// it. `mapa` maps the local mbarrier to the peer's shared::cluster address,
// and the arrival has the default semantics (release at CTA scope), as
// CUTLASS's: `.release.cluster` would put a MEMBAR.ALL.GPU before it.
// RUN: %cute-opt %s | %cute-opt | FileCheck %s --check-prefix=ROUND
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-kernels-to-gpu-module,cute-to-llvm,cute-nvgpu-to-nvvm)' | FileCheck %s --check-prefix=NVVM
// RUN: %cute compile %s --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

!Bar = !cute.ptr<i64, smem, align<8>>

module attributes {gpu.container_module} {
gpu.module @kernels {
  // ROUND: cute_nvgpu.arch.mbarrier.arrive %{{.*}} cta(%{{.*}}) : !cute.ptr<i64, smem, align<8>>
  // NVVM: %[[REMOTE:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
  // NVVM: nvvm.mbarrier.arrive %[[REMOTE]] : !llvm.ptr<7>
  // CHECK-LABEL: .entry release_peer(
  // CHECK: mapa.shared::cluster.u64 [[PEER:%rd[0-9]+]], {{%rd[0-9]+}}, {{%r[0-9]+}};
  // CHECK: mbarrier.arrive.shared::cluster.b64 _, [[[PEER]]], {{%r[0-9]+}};
  // CHECK-NOT: release.cluster.shared::cluster
  func.func @release_peer() attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %one = arith.constant 1 : i32
    %bar = cute.alloc_smem 1 : !Bar
    cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
    nvvm.fence.mbarrier.init
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %peer = arith.xori %rank, %one : i32
    cute_nvgpu.arch.mbarrier.arrive %bar cta(%peer) : !Bar
    nvvm.cluster.arrive
    nvvm.cluster.wait
    return
  }
}
}
