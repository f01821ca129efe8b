// examples/gemm_blockscaled_sm100.mlir, the Blackwell MXFP8 GEMM (128x128x128
// tile, e4m3 in with ue8m0 scale factors one per 32 of K, f32 accumulated in
// tensor memory): the scale factors written to tensor memory by tcgen05.st,
// then fenced around the CTA barrier before the elected thread's UMMAs;
// four tcgen05.mma.kind::mxf8f6f4.block_scale a k-tile, each with its
// k-block's scale-factor columns. Assembled by ptxas for sm_100a with no
// stack frame and no spills. Run: tests/emulator.rs
// (gemm_blockscaled_sm100_applies_each_blocks_scales_from_tensor_memory).
// RUN: %cute compile %examples/gemm_blockscaled_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm(
// The scale factors' 256 columns allocated before the accumulator's 128:
// the columns allocated may not increase from one allocation to the next.
// CHECK: mov.b32 [[WIDE:%r[0-9]+]], 256;
// CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 {{.*}}, [[WIDE]];
// CHECK-NEXT: mov.b32 [[NARROW:%r[0-9]+]], 128;
// CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 {{.*}}, [[NARROW]];
// CHECK: tcgen05.st.sync.aligned.32x32b.x4.b32
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK: bar.sync 0;
// CHECK: tcgen05.fence::after_thread_sync;
// The instruction descriptor: M 128, N 128, e4m3 x e4m3, UE8M0 (0x08a00000).
// CHECK: mov.b32 {{%r[0-9]+}}, 144703488;
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}}, [{{%r[0-9]+}}], [{{%r[0-9]+}}], {{%p[0-9]+}};
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
