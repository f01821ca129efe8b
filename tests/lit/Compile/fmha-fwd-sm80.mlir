// examples/fmha_fwd_sm80.mlir, FlashAttention-2 forward (128-row Q tile,
// d = 64, K/V streamed in 64-row blocks through cp.async, mma.sync for
// Q K^T and for P V with P from registers, online softmax): compiled to
// PTX and assembled by ptxas with no stack frame and no spills, for sm_80
// and the later chips that run Ampere's instructions. Its results:
// tests/emulator_attention.rs.
// RUN: %cute compile %examples/fmha_fwd_sm80.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cute compile %examples/fmha_fwd_sm80.mlir --chip sm_89 -o %t.89.ptx && %ptxas -arch=sm_89 %t.89.ptx -o %t.cubin
// RUN: %cute compile %examples/fmha_fwd_sm80.mlir --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CHECK: .visible .entry fmha(
// No local memory (every fragment in registers), no integer division.
// CHECK-NOT: {{(ld|st)\.local}}
// CHECK-NOT: {{(div|rem)\.}}
// CHECK: ret;

// What each K/V block costs, counted over the kernel (the loop body is
// one copy): S = Q K^T and O += P V, 64 mma.sync each; K by 32 ldmatrix
// x2 and V^T by 32 ldmatrix x2.trans; Q by 8 ldmatrix x4 once; 64 exp2 of
// P and 4 row rescales as ex2.approx.f32; the quad's row max (per block)
// and row sum (at the end) by 2 shfl.sync.bfly per row of the thread's 4;
// P (in the loop) and O (at the end) to f16, 32 cvt each; 1 / sum by 4 rcp.
// RUN: grep -c mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 %t.ptx | FileCheck %s --check-prefix=MMA
// MMA: {{^}}128{{$}}
// RUN: grep -c ldmatrix.sync.aligned.m8n8.x2.shared %t.ptx | FileCheck %s --check-prefix=LDK
// LDK: {{^}}32{{$}}
// RUN: grep -c ldmatrix.sync.aligned.m8n8.x2.trans %t.ptx | FileCheck %s --check-prefix=LDV
// LDV: {{^}}32{{$}}
// RUN: grep -c ldmatrix.sync.aligned.m8n8.x4 %t.ptx | FileCheck %s --check-prefix=LDQ
// LDQ: {{^}}8{{$}}
// RUN: grep -c ex2.approx.f32 %t.ptx | FileCheck %s --check-prefix=EX2
// EX2: {{^}}68{{$}}
// RUN: grep -c shfl.sync.bfly.b32 %t.ptx | FileCheck %s --check-prefix=SHFL
// SHFL: {{^}}16{{$}}
// RUN: grep -c cvt.rn.f16x2.f32 %t.ptx | FileCheck %s --check-prefix=CVT
// CVT: {{^}}64{{$}}
// RUN: grep -c rcp.rn.f32 %t.ptx | FileCheck %s --check-prefix=RCP
// RCP: {{^}}4{{$}}
