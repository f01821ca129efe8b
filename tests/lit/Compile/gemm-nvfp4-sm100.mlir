// examples/gemm_nvfp4_sm100.mlir, the Blackwell NVFP4 GEMM (128x128x256
// tile, e2m1 two a byte in with ue4m3 scale factors one per 16 of K, f32
// accumulated in tensor memory): TMA moves the packed bytes, the UMMA reads
// them as e2m1 through 128-byte swizzled descriptors (the k-block's start
// advancing 32 bytes, 64 elements, per UMMA); four
// tcgen05.mma.kind::mxf4nvf4.block_scale.block16 a k-tile, each with its
// k-block's scale-factor word. Assembled by ptxas for sm_100a with no stack
// frame and no spills. Run: tests/emulator.rs
// (gemm_nvfp4_sm100_multiplies_packed_e2m1_by_ue4m3_scales_every_16).
// RUN: %cute compile %examples/gemm_nvfp4_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm(
// The scale factors: one 32-bit word a row and k-block, no byte shuffling.
// CHECK: tcgen05.st.sync.aligned.32x32b.x4.b32
// A 128x128 box of bytes (256 e2m1 by 128 rows) of A and of B a stage.
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// The instruction descriptor (PTX ISA table 47): M 128, N 128, e2m1 (1) x
// e2m1 (1), UE4M3 (bit 23 clear), scale-factor IDs 0 (0x08200480).
// CHECK: mov.b32 {{%r[0-9]+}}, 136316032;
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}}, [{{%r[0-9]+}}], [{{%r[0-9]+}}], {{%p[0-9]+}};
// The next k-block's descriptors: 32 bytes on.
// CHECK-NEXT: add.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 32;
// CHECK-COUNT-3: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
