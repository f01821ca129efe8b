// examples/fmha_fwd_d128_sm80.mlir, FlashAttention-2 forward at head
// dimension 128 (128-row Q tile, 64-row K/V blocks through cp.async,
// 256-byte swizzled rows in 64 KiB of dynamic shared memory): compiled to
// PTX and assembled by ptxas with no stack frame and no spills: its O
// accumulators take 128 registers a thread, so Q, K and V^T are read from
// shared memory one 16-wide k-block at a time, as FA2 does at this width.
// Its results: tests/emulator_attention.rs.
// RUN: %cute compile %examples/fmha_fwd_d128_sm80.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cute compile %examples/fmha_fwd_d128_sm80.mlir --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CHECK: .visible .entry fmha(
// CHECK-NOT: {{(ld|st)\.local}}
// CHECK-NOT: {{(div|rem)\.}}
// CHECK: ret;

// What each K/V block costs (the loop body is one copy): S = Q K^T, 8
// k-blocks x 2 x 8 mma.sync, and O += P V, 4 k-blocks x 2 x 16; per
// k-block Q by 2 ldmatrix x4 and K by 8 x2, V^T by 16 x2.trans; 40
// cp.async of 16 bytes (Q once, 8 chunks of K and of V a thread per block,
// K twice in the code: the prologue and the loop); P (in the loop) and O
// (at the end) to f16: 32 + 64 cvt.
// RUN: grep -c mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 %t.ptx | FileCheck %s --check-prefix=MMA
// MMA: {{^}}256{{$}}
// RUN: grep -c ldmatrix.sync.aligned.m8n8.x4 %t.ptx | FileCheck %s --check-prefix=LDQ
// LDQ: {{^}}16{{$}}
// RUN: grep -c ldmatrix.sync.aligned.m8n8.x2.shared %t.ptx | FileCheck %s --check-prefix=LDK
// LDK: {{^}}64{{$}}
// RUN: grep -c ldmatrix.sync.aligned.m8n8.x2.trans %t.ptx | FileCheck %s --check-prefix=LDV
// LDV: {{^}}64{{$}}
// RUN: grep -c cp.async.cg %t.ptx | FileCheck %s --check-prefix=CPASYNC
// CPASYNC: {{^}}40{{$}}
// RUN: grep -c cvt.rn.f16x2.f32 %t.ptx | FileCheck %s --check-prefix=CVT
// CVT: {{^}}96{{$}}
