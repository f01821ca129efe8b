// examples/gemm_epilogue_sm80.mlir, the sm80 GEMM with the users' epilogue
// (exact in the emulator:
// tests/emulator.rs::gemm_epilogue_sm80_computes_the_fused_epilogue_in_bf16):
// D staged through a swizzled shared tile and stored in 16-byte chunks
// (issue 31: 128-bit stores on sm80); ptxas for sm_80 with no stack frame
// and no spills.
// RUN: %cute compile %examples/gemm_epilogue_sm80.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// Exactly 16 global stores (the count of 16 v4.b32 stores below makes them
// all 16-byte vectors), and no scalar or v2 store of any type.
// RUN: grep -cE 'st\.global' %t.ptx | FileCheck %s --check-prefix=STORES
// RUN: not grep -E 'st\.global\.(v2\.)?[bfsu](8|16|32|64)' %t.ptx
// STORES: {{^}}16{{$}}
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm_epilogue(
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// The GELU branch: the approximate tanh of each of the 128 values.
// CHECK-COUNT-128: tanh.approx.f32
// CHECK: cvt.rn.bf16x2.f32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-16: st.global.v4.b32
