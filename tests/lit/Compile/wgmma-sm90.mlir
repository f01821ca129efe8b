// examples/wgmma_sm90.mlir, one warpgroup MMA tile (64x128x64 from shared
// memory with the 128-byte swizzle): cp.async fills, the async-proxy fence,
// four wgmma.mma_async on GMMA descriptors between fence and commit/wait,
// assembled by ptxas for sm_90a with no stack frame and no spills.
// RUN: %cute compile %examples/wgmma_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry wgmma_tile(
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.wait_group 0;
// CHECK: fence.proxy.async.shared::cta;
// CHECK: wgmma.fence.sync.aligned;
// The k-blocks 1..3 start 32, 64, 96 bytes into the swizzled rows: one
// descriptor per k-block, the same constant part (0x4000004000010000).
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: div
// CHECK-NOT: rem
