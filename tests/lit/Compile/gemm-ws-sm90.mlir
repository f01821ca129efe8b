// examples/gemm_ws_sm90.mlir, the warp-specialized persistent clustered
// Hopper GEMM (CUTLASS's KernelTmaWarpSpecializedCooperative with
// ClusterShape<2,1,1>, B multicast): compiled to PTX and
// assembled by ptxas for sm_90a with no stack frame and no spills, and
// with setmaxnreg honoured (ptxas ignores it, with info C7508, when the
// register count at entry is unknown: .reqntid and .minnctapersm give it).
// RUN: %cute compile %examples/gemm_ws_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS-NOT: C7508
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Used 168 registers
// CHECK-LABEL: .entry gemm(
// CHECK: .reqntid 384, 1, 1
// CHECK-NEXT: .minnctapersm 1
// CHECK-NEXT: .explicitcluster
// CHECK-NEXT: .reqnctapercluster 2, 1, 1
// No CTA-wide barrier: a cluster barrier after the mbarrier initialization
// and one before exit.
// CHECK-NOT: bar.sync {{[[:space:]]*}}0;
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// The producer warpgroup gives registers away, the consumers take them.
// CHECK-DAG: setmaxnreg.dec.sync.aligned.u32 {{[[:space:]]*}}40;
// CHECK-DAG: setmaxnreg.inc.sync.aligned.u32 {{[[:space:]]*}}232;
// The producer: armed full barriers, A's TMA load and B's half multicast
// into both CTAs per k-tile.
// CHECK-DAG: mbarrier.arrive.expect_tx.shared.b64
// CHECK-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [
// CHECK-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// The consumers release each stage in both CTAs: a local arrival and one
// on the peer's mbarrier through mapa.
// CHECK-DAG: mapa.shared::cluster.u64
// CHECK-DAG: mbarrier.arrive.shared::cluster.b64 _,
// The consumers: WGMMA with one batch in flight, the epilogue's named
// barrier of the 256 consumer threads, and the TMA store.
// CHECK-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-DAG: wgmma.wait_group.sync.aligned {{[[:space:]]*}}1;
// CHECK-DAG: bar.sync {{[[:space:]]*}}1, 256;
// CHECK-DAG: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
