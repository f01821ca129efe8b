// examples/wgmma_tf32_sm90.mlir, one warpgroup's TF32 WGMMA tile (it runs
// exact in the emulator: tests/emulator.rs::wgmma_tf32_sm90_computes_one_warpgroup_tile):
// 128-byte swizzled K-major descriptors of 32-bit values, four m64n128k8
// tf32 WGMMAs; ptxas for sm_90a with no stack frame and no spills.
// RUN: %cute compile %examples/wgmma_tf32_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry wgmma_tf32(
// CHECK: fence.proxy.async.shared::cta;
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
