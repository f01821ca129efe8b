// examples/gemm_ws_2sm_sm100.mlir, the warp-specialized persistent
// Blackwell GEMM on CTA pairs (2-SM UMMA, 256 x 256 tiles): compiled to
// PTX and assembled by ptxas for sm_100a with no stack frame and no
// spills. Its results: tests/emulator.rs
// (gemm_ws_2sm_sm100_is_exact_persistent_on_cta_pairs).
// RUN: %cute compile %examples/gemm_ws_2sm_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm(
// CHECK: .reqntid 192, 1, 1
// CHECK: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// Both accumulators, allocated by the pair together, and the cluster
// barrier that orders both CTAs' mbarrier initialization before any
// remote use.
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// The roles: each CTA's TMA loads, the odd CTA's relay to the even CTA's
// peer_full and the odd epilogue's release of the accumulator (mapa to
// rank 0, an arrival with the default semantics: no MEMBAR.ALL.GPU), the
// pair's UMMAs committed to both CTAs' barriers, the epilogue's tcgen05.ld
// and TMA stores.
// CHECK-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-DAG: mapa.shared::cluster.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 0;
// CHECK-DAG: mbarrier.arrive.shared::cluster.b64 _,
// CHECK-DAG: tcgen05.mma.cta_group::2.kind::f16
// CHECK-DAG: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
// CHECK-DAG: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK-DAG: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT: release.cluster.shared::cluster
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32
