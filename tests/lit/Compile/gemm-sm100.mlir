// examples/gemm_sm100.mlir, the Blackwell GEMM (128x256x64 tile, bf16 in,
// f32 accumulated in tensor memory, a 4-stage TMA pipeline with full and
// empty mbarriers, tcgen05.mma from shared-memory descriptors issued by one
// thread, an epilogue reading TMEM with tcgen05.ld into a swizzled shared C
// tile stored by TMA): compiled to PTX and
// assembled by ptxas for sm_100a with no stack frame and no spills.
// RUN: %cute compile %examples/gemm_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// The other chips with tcgen05 (the PTX ISA's tcgen05 targets): LLVM 22's NVVM
// dialect refuses tcgen05 on them, so the module is lowered as sm_100a (one
// atom surface) and its PTX retargeted; ptxas checks it for the chip
// (compile::Chip::nvvm_chip, issue 27 item 6).
// RUN: %cute compile %examples/gemm_sm100.mlir --chip sm_100f -o %t.100f.ptx
// RUN: FileCheck %s --check-prefix=T100F < %t.100f.ptx
// RUN: %ptxas -arch=sm_100f %t.100f.ptx -o %t.cubin
// RUN: %cute compile %examples/gemm_sm100.mlir --chip sm_103a -o %t.103a.ptx
// RUN: FileCheck %s --check-prefix=T103A < %t.103a.ptx
// RUN: %ptxas -arch=sm_103a %t.103a.ptx -o %t.cubin
// RUN: %cute compile %examples/gemm_sm100.mlir --chip sm_103f -o %t.103f.ptx
// RUN: FileCheck %s --check-prefix=T103F < %t.103f.ptx
// RUN: %ptxas -arch=sm_103f %t.103f.ptx -o %t.cubin
// T100F: .target sm_100f
// T100F: tcgen05.mma.cta_group::1.kind::f16
// T103A: .target sm_103a
// T103A: tcgen05.mma.cta_group::1.kind::f16
// T103F: .target sm_103f
// T103F: tcgen05.mma.cta_group::1.kind::f16
// CHECK: .extern .shared .align 1024 .b8 __cute_dynamic_smem[];
// CHECK-LABEL: .entry gemm(
// CHECK-NEXT: .param .align 64 .b8 gemm_param_0[128],
// CHECK-NEXT: .param .align 64 .b8 gemm_param_1[128],
// CHECK-NEXT: .param .align 64 .b8 gemm_param_2[128],
// The accumulator's 256 columns, allocated once by warp 0.
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// Main loop: wait full, four UMMAs (bf16 = kind::f16), commit to empty.
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// Refill after the stage's UMMAs completed.
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// Epilogue: 32 columns of the thread's row per tcgen05.ld, eight 16-byte
// shared stores into its swizzled row of the C tile; the loaded registers
// pass through the wait (nothing reads them before). Then the async-proxy
// fence, the CTA barrier, and the TMA store of eight 32-column boxes.
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK-NEXT: // begin inline asm
// CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
// CHECK-NEXT: // end inline asm
// CHECK-COUNT-8: st.shared.v4.b32
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-8: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group.read 0;
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
