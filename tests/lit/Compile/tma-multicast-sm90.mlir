// examples/tma_multicast_sm90.mlir, TMA multicast across a 2x1 cluster (it
// runs exact in the emulator:
// tests/emulator.rs::tma_multicast_sm90_fills_both_ctas_of_the_cluster):
// the declared cluster, the mbarrier init released to the cluster and a
// cluster barrier before any load completes bytes on the peer's mbarrier,
// the whole tile's bytes expected, one multicast load of the CTA's half
// with the pair's mask, and the TMA store of the whole tile.
// RUN: %cute compile %examples/tma_multicast_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry tma_multicast(
// CHECK: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// CHECK: mbarrier.init.shared.b64
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: mov.u32 {{%r[0-9]+}}, %cluster_ctarank;
// CHECK: mov.b32 [[BYTES:%r[0-9]+]], 16384;
// CHECK-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{%rd[0-9]+}}, [{{.*}}], [[BYTES]];
// CHECK: mov.b16 [[MASK:%rs[0-9]+]], 3;
// CHECK-NEXT: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{%rd[0-9]+}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}}], [{{.*}}], [[MASK]];
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.wait_group.read 0;
