// examples/gemm_sparse_sm100.mlir, the Blackwell 2:4 sparse GEMM (128x128
// tile, k-tiles of 64; A's kept values by TMA with a 64-byte swizzle, B's
// with 128): the metadata of every 32-wide k-block written to tensor
// memory by tcgen05.st, fenced around the CTA barrier before the elected
// thread's two tcgen05.mma.sp.kind::f16 a k-tile. Assembled by ptxas for
// sm_100a with no stack frame and no spills. Run: tests/emulator.rs
// (gemm_sparse_sm100_places_a_by_its_metadata).
// RUN: %cute compile %examples/gemm_sparse_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not grep -E '(div|rem)\.' %t.ptx
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: .entry gemm(
// CHECK: tcgen05.st.sync.aligned.32x32b.x1.b32
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK: bar.sync 0;
// CHECK: tcgen05.fence::after_thread_sync;
// The instruction descriptor: M 128, N 128, f16 x f16 -> f32, sparse
// (0x08200014).
// CHECK: mov.b32 {{%r[0-9]+}}, 136314900;
// CHECK-COUNT-2: tcgen05.mma.sp.cta_group::1.kind::f16.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, [{{%r[0-9]+}}], {{%r[0-9]+}}, {{%p[0-9]+}};
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
