// examples/wgmma_mn_sm90.mlir, one warpgroup MMA tile with B MN-major (N
// contiguous, 128-byte swizzled lines of N): B's descriptor has the 128B
// swizzle, LBO 8192 bytes (the two 64-wide N blocks) and SBO 1024 bytes
// (k-groups of 8 lines), = 0x4000004002000000; each wgmma reads B with
// imm-trans-b = 1, A K-major (0). The emulator runs it exact
// (tests/emulator.rs::wgmma_mn_sm90_reads_b_mn_major).
// RUN: %cute compile %examples/wgmma_mn_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry wgmma_mn_tile(
// CHECK: wgmma.fence.sync.aligned;
// CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611686293338849280;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NOT: div
