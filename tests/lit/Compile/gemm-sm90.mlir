// examples/gemm_sm90.mlir, the Hopper GEMM (128x128x64 CTA tile, two
// warpgroups, a 4-stage TMA pipeline on full and empty mbarriers into 128-byte swizzled
// shared memory, WGMMA 64x128x16 from GMMA descriptors, a TMA-store
// epilogue): compiled to PTX and assembled by ptxas for sm_90a with no
// stack frame and no spills.
// RUN: %cute compile %examples/gemm_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// No integer division or remainder anywhere (the stage index and phase are masks).
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// The 192 KiB of stages and C tile are dynamic shared memory.
// CHECK: .extern .shared .align 1024 .b8 __cute_dynamic_smem[];
// CHECK-LABEL: .entry gemm(
// The three tensor maps, by value in .param space.
// CHECK-NEXT: .param .align 64 .b8 gemm_param_0[128],
// CHECK-NEXT: .param .align 64 .b8 gemm_param_1[128],
// CHECK-NEXT: .param .align 64 .b8 gemm_param_2[128],
// A full and an empty barrier per stage.
// CHECK-COUNT-8: mbarrier.init.shared.b64
// CHECK: fence.mbarrier_init.release.cluster;
// CHECK: prefetch.param.tensormap
// The prologue arms each stage with the 32 KiB of its A and B boxes.
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// The main loop: wait on the stage's full barrier, four WGMMAs, one batch
// left in flight, the previous stage released on its empty barrier, and
// thread 0 refilling it once every consumer has: no CTA barrier.
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK-NOT: bar.sync
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NOT: bar.sync
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-NOT: bar.sync
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// After the loop, the last batch is waited for.
// CHECK: wgmma.wait_group.sync.aligned 0;
// Epilogue: 8-byte shared stores, the proxy fence, four boxes stored.
// CHECK: st.shared.v2.b32
// CHECK: fence.proxy.async.shared::cta;
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group.read 0;
