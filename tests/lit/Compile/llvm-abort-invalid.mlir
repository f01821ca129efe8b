// A module the verifier accepts can still make LLVM's NVPTX back end give
// up: this raw NVVM op (a relaxed cluster-scope mbarrier arrival) needs PTX
// 8.6, above the 8.4 emitted for sm_90a, and LLVM's report_fatal_error
// aborted the process ("Cannot select: intrinsic ..."). The compile runs
// inside LLVM's crash recovery (dialects-td/lib/RecoveringRun.cpp): an
// error with LLVM's reason, exit status 1, no signal (`not` fails on one).
// RUN: not %cute compile %s --chip sm_90a -o %t.ptx 2>&1 | FileCheck %s
// CHECK: error: LLVM gave up in pass pipeline 'builtin.module(gpu-module-to-binary{format=isa})': Cannot select: intrinsic %llvm.nvvm.mbarrier.arrive.relaxed.scope.cluster.space.cluster

!Bar = !cute.ptr<i64, smem, align<8>>
module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @k() attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %one = arith.constant 1 : i32
    %bar = cute.alloc_smem 1 : !Bar
    cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
    %p = builtin.unrealized_conversion_cast %bar : !Bar to !llvm.ptr<3>
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %r = nvvm.mapa %p, %rank : !llvm.ptr<3> -> !llvm.ptr<7>
    nvvm.mbarrier.arrive %r {relaxed = true, scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
    return
  }
}
}
