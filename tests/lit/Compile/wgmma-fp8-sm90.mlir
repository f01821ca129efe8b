// examples/wgmma_fp8_sm90.mlir, one warpgroup's FP8 WGMMA tile (it runs
// exact in the emulator: tests/emulator.rs::wgmma_fp8_sm90_computes_one_warpgroup_tile_in_e4m3):
// 128-byte swizzled K-major descriptors of 8-bit values (layout type 1 in
// bits 62..63, SBO 64 = 1024 bytes: 8 rows of 128), four m64n128k32 e4m3
// WGMMAs; ptxas for sm_90a with no spills.
// RUN: %cute compile %examples/wgmma_fp8_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry wgmma_fp8(
// CHECK: fence.proxy.async.shared::cta;
// CHECK: wgmma.fence.sync.aligned;
// CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611686293305360384;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
