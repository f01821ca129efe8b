// examples/gemm_blockscaled_sm120.mlir, the block-scaled FP8 GEMM of consumer
// Blackwell: per 32-wide slice of K each thread loads its A and B fragments
// as 32-bit words and its two scale bytes, and issues the block-scaled
// mma.sync (LLVM unrolls the k loop by two); the epilogue stores its 2x2
// accumulators as 64-bit pairs. ptxas assembles it for sm_120a and sm_121a
// (one surface), with no spill and no division.
// RUN: %cute compile %examples/gemm_blockscaled_sm120.mlir --chip sm_120a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_120a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cute compile %examples/gemm_blockscaled_sm120.mlir --chip sm_121a -o %t.121.ptx
// RUN: %ptxas -arch=sm_121a %t.121.ptx -o %t.121.cubin
// CHECK-LABEL: .entry gemm_mxf8(
// CHECK-NOT: div.
// CHECK: ld.global.b32
// CHECK: ld.global.b8
// CHECK: ld.global.b8
// CHECK: mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0
// CHECK-NOT: div.
// CHECK: st.global.b64
// PTXAS: , 0 bytes spill stores, 0 bytes spill loads
