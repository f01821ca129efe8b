// examples/conv_fprop_sm90.mlir, the Hopper implicit-GEMM convolution: the
// activation tile of each filter tap is an im2col TMA load (4-D, with the
// tap's two filter offsets), the filter tile a tiled TMA load, both feeding
// WGMMA from swizzled stages; ptxas assembles it for sm_90a with no spill,
// and the only divisions by run-time values split the CTA's first pixel
// before the main loop (the tap and channel block are carried). Its helper
// functions (@advance, @load_k_tile) are inlined, and no host C interface of
// theirs (`_mlir_ciface_`) is left as a visible .func (issue 30: the
// emulator found them).
// RUN: %cute compile %examples/conv_fprop_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// CHECK-LABEL: .entry conv_fprop(
// CHECK: div.u32
// CHECK: div.u32
// CHECK-NOT: div.
// CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [{{.*}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}], [{{.*}}], {{{%rs[0-9]+}}, {{%rs[0-9]+}}};
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-NOT: div.
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: div.
// CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.im2col
// CHECK-NOT: div.
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT: .func
// PTXAS: , 0 bytes spill stores, 0 bytes spill loads
