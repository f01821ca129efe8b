// examples/gemm_ws_sm100.mlir, the warp-specialized persistent Blackwell
// GEMM (a TMA warp, an MMA warp, four epilogue warps, two accumulators in
// tensor memory): compiled to PTX and assembled by ptxas for sm_100a with
// no stack frame and no spills (.minnctapersm 1: without it ptxas keeps to
// 80 registers and spills).
// RUN: %cute compile %examples/gemm_ws_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm(
// CHECK: .reqntid 192, 1, 1
// CHECK-NEXT: .minnctapersm 1
// Both accumulators: all 512 columns, allocated once by warp 0.
// CHECK: mov.b32 [[COLUMNS:%r[0-9]+]], 512;
// CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 {{[[:space:]]*}}[__cute_tmem_slot_0], [[COLUMNS]];
// The roles: the TMA loads, the UMMAs committed to the stages' empty
// barriers and to the accumulators' full ones, the epilogue's tcgen05.ld,
// named barrier of its 128 threads, and TMA stores.
// CHECK-DAG: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-DAG: tcgen05.mma.cta_group::1.kind::f16
// CHECK-DAG: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-DAG: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK-DAG: bar.sync {{[[:space:]]*}}1, 128;
// CHECK-DAG: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-DAG: tcgen05.fence::before_thread_sync
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
