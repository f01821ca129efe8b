// examples/gemm_sm80.mlir, the Ampere tensor-core GEMM (128x128x32 CTA
// tile, 3-stage cp.async pipeline, swizzled shared memory, ldmatrix,
// mma.sync): compiled to PTX and assembled by ptxas with no stack frame and
// no spills, for sm_80 and the later chips that run Ampere's instructions.
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=SWIZZLE < %t.ptx
// RUN: not grep -E '(div|rem)\.' %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_86 -o %t.86.ptx && %ptxas -arch=sm_86 %t.86.ptx -o %t.cubin
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_89 -o %t.89.ptx && %ptxas -arch=sm_89 %t.89.ptx -o %t.cubin
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_120a -o %t.120.ptx && %ptxas -arch=sm_120a %t.120.ptx -o %t.cubin
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_110a -o %t.110.ptx && %ptxas13 -arch=sm_110a %t.110.ptx -o %t.cubin
// The kernels as LLVM IR (--emit llvm), which llc-22 and ptxas take too.
// RUN: %cute compile %examples/gemm_sm80.mlir --chip sm_80 --emit llvm -o %t.ll
// RUN: FileCheck %s --check-prefix=LLVM < %t.ll
// RUN: llc-22 -march=nvptx64 -mcpu=sm_80 -mattr=+ptx71 %t.ll -o %t.llc.ptx && %ptxas -arch=sm_80 %t.llc.ptx -o %t.cubin
// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: define ptx_kernel void @gemm(
// LLVM: call {{.*}} @llvm.nvvm.mma.m16n8k16.row.col.f32.f32

// The shared tiles' Swizzle<2,3,3> (of f16 elements: bits 7-8 of the byte
// offset into bits 4-5) is applied to the cp.async destinations.
// SWIZZLE: shr.u64 [[S:%rd[0-9]+]], [[OFF:%rd[0-9]+]], 3;
// SWIZZLE-NEXT: and.b64 [[M:%rd[0-9]+]], [[S]], 48;
// SWIZZLE-NEXT: and.b64 [[K:%rd[0-9]+]], [[OFF]], {{[0-9]+}};
// SWIZZLE-NEXT: xor.b64 [[X:%rd[0-9]+]], [[M]], [[K]];
// SWIZZLE: cp.async.cg.shared.global [[[X]]]

// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CHECK: .visible .entry gemm(
// Issue 35: the CTA's tile bases, blockIdx * 128 * K, in 64 bits (the
// i64 leading dimensions), so B may hold more than 2^31 elements.
// CHECK: mul.wide.s32 [[TILE:%rd[0-9]+]], %r{{[0-9]+}}, 128;
// CHECK: mul.lo.s64 %rd{{[0-9]+}}, [[TILE]], %rd{{[0-9]+}};
// No integer division anywhere (static layout math is folded; the thread's
// coordinates are shifts and masks).
// CHECK-NOT: {{(div|rem)\.}}
// The prologue's global -> shared copies, predicated (issue 31): a chunk
// past M or N, or before column 0 in the residue k-tile, reads 0 bytes
// (src-size) and is zero-filled.
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// The main loop (rotated by the back end, so its wait and barrier close the block).
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-DAG: cp.async.wait_group{{[[:space:]]+}}1;
// CHECK-DAG: bar.sync{{[[:space:]]+}}0;
// The epilogue: 8-byte vector stores of the accumulators, each under its
// coordinate's elem_less (a branch around it).
// CHECK: setp.lt.s32
// CHECK: @%p{{[0-9]+}} bra
// CHECK-NEXT: st.global.v2.b32
// CHECK-NOT: {{(div|rem)\.}}
// The predicate bytes stay in registers (the PTXAS line: no stack frame):
// the loops that compute them are unrolled (loop_annotation unroll full).
