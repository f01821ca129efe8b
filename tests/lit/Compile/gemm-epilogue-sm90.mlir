// examples/gemm_epilogue_sm90.mlir, the Hopper GEMM with the users'
// epilogue (exact in the emulator at ragged shapes:
// tests/emulator.rs::gemm_epilogue_sm90_computes_the_fused_epilogue_at_ragged_shapes):
// gemm_sm90's pipeline, C and the bias loaded by TMA on an epilogue
// mbarrier, alpha * acc + beta * c + bias, ReLU and bf16 on register
// fragments, D through a swizzled shared tile (stmatrix) and a TMA store; ptxas for
// sm_90a with no stack frame, no spills and no division.
// RUN: %cute compile %examples/gemm_epilogue_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm_epilogue(
// Eight pipeline barriers and the epilogue's.
// CHECK-COUNT-9: mbarrier.init.shared.b64
// C's four boxes and the bias box, on one expect_tx.
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.wait_group.sync.aligned 1;
// The epilogue: its barrier, the arithmetic, bf16, D's two boxes out.
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: mul.rn.f32
// CHECK: max.NaN.f32
// CHECK: cvt.rn.bf16x2.f32
// D's fragment into the swizzled tile by stmatrix (make_tiled_copy_C of
// the stsm atom): 8 x4 stores of 16-byte rows, no narrower shared store.
// CHECK-COUNT-8: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: st.shared
// CHECK: fence.proxy.async.shared::cta;
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
