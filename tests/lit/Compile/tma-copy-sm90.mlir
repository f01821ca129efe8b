// examples/tma_copy_sm90.mlir, a TMA-only tile copy: two boxes in through
// the mbarrier, two boxes out through a bulk async-group, assembled by
// ptxas for sm_90a.
// RUN: %cute compile %examples/tma_copy_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry tma_copy(
// CHECK-NEXT: .param .align 64 .b8 tma_copy_param_0[128],
// CHECK-NEXT: .param .align 64 .b8 tma_copy_param_1[128]
// CHECK: mbarrier.init.shared.b64
// CHECK: mbarrier.arrive.expect_tx.shared.b64
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group.read 0;
