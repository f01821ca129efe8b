// examples/gemm_2sm_sm100.mlir, the GEMM on CTA pairs (it runs exact in the
// emulator: tests/emulator.rs::gemm_2sm_sm100_computes_a_times_b_transposed_on_cta_pairs):
// the declared cluster of 2, the pair's TMEM allocation, the mbarrier init
// released to the cluster, per k-tile the tiles copied, fenced for the
// async proxy and announced by the cluster barrier, the even CTA's four
// tcgen05.mma.cta_group::2 256x256x16 (idesc 0x10400490: bf16, f32, M 256,
// N 256) committed to both CTAs' mbarriers; ptxas for sm_100a, no spills.
// RUN: %cute compile %examples/gemm_2sm_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm_2sm(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
// CHECK: mbarrier.init.shared.b64
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: mov.b32 [[IDESC:%r[0-9]+]], 272630928;
// CHECK-NEXT: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, [[IDESC]], {{%p[0-9]+}};
// CHECK-COUNT-3: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard
// CHECK: mov.b16 [[MASK:%rs[0-9]+]], 3;
// CHECK-NEXT: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [{{.*}}], [[MASK]];
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32
