// examples/gemm_epilogue_sm100.mlir, the Blackwell GEMM with the users'
// epilogue (exact in the emulator at ragged shapes:
// tests/emulator.rs::gemm_epilogue_sm100_computes_the_fused_epilogue_at_ragged_shapes):
// the bias tile by a rank-1 TMA load, the accumulator row by tcgen05.ld,
// alpha * acc + bias in packed f32x2 arithmetic, ReLU, bf16 conversion,
// 16-byte shared stores into the swizzled D tile and its TMA store; ptxas
// for sm_100a with no stack frame, no spills and no division. The register
// fragments (accumulator, bias and D chunks) are registers: before the TMEM
// cache placed its allocation after the fragments' allocas, its warp-0
// branch split the entry block and left them below it, unpromoted (a
// 496-byte local frame).
// RUN: %cute compile %examples/gemm_epilogue_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=ACT < %t.ptx
// ACT-DAG: mul.rn.f32x2
// ACT-DAG: add.rn.f32x2
// ACT-DAG: tanh.approx.f32
// ACT-DAG: cvt.rn.bf16x2.f32
// ACT-DAG: st.shared.v4.b32
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm_epilogue(
// CHECK: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// The two activations' blocks (ReLU, GELU with tanh.approx.f32), the bf16
// conversion and the shared stores, wherever the back end lays them out
// (ACT).
// CHECK: fence.proxy.async.shared::cta;
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
