// The tcgen05 ops of the SM100 populator beyond retrieve_tmem_ptr and the
// alloc/dealloc/load/store four (docs/nvgpu-decisions.md "The ten tcgen05
// ops"): every data-path shape of tcgen05.ld/st, load_b8x256/store_b8x256,
// the separate wait and fences, shift, relinquish, commit (CTA pair and
// multicast), the raw S2T copy in every tcgen05.cp shape, and the raw UMMA
// in its dense, sparse and block-scaled forms, through ptxas for sm_100a.
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// The same ops round-trip (custom and generic form).
// RUN: %cute-opt %s | %cute-opt | FileCheck %s --check-prefix=IR
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s --check-prefix=IR
// IR: cute_nvgpu.arch.sm100.tmem_load %{{.*}} {shape = "16x32bx2", split = 8 : i64} : !cute.ptr<f32, tmem> -> vector<4xf32>
// IR: cute_nvgpu.arch.sm100.load_b8x256 %{{.*}} : !cute.ptr<f32, tmem> -> vector<16xf32>
// IR: cute_nvgpu.arch.sm100.fence "before"
// IR: cute_nvgpu.arch.sm100.wait "load"
// IR: cute_nvgpu.arch.sm100.commit_multicast %{{.*}}, %{{.*}} {cta_group = 2 : i32} : !cute.ptr<i64, smem, align<8>>
// IR: cute_nvgpu.arch.copy.SM100.copy_s2t %{{.*}}, %{{.*}}, %{{.*}} {multicast = "warpx4", shape = "32x128b"}
// IR: cute_nvgpu.arch.sm100.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} metadata(%{{.*}} : !cute.ptr<i32, tmem>) {kind = "f16"}
// IR: cute_nvgpu.arch.sm100.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} scales(%{{.*}}, %{{.*}} : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {block_scale = "block16", kind = "mxf4nvf4"}

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry shapes(
  // Each shape's .num is the register count over the registers of one
  // repetition; every access waits before its registers are used (a load's
  // registers pass through its wait: no use is scheduled between the two).
  // CHECK: tcgen05.ld.sync.aligned.32x32b.x8.b32
  // CHECK-NEXT: // begin inline asm
  // CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.ld.sync.aligned.16x64b.x8.b32
  // CHECK-NEXT: // begin inline asm
  // CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.ld.sync.aligned.16x128b.x4.b32
  // CHECK-NEXT: // begin inline asm
  // CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.ld.sync.aligned.16x256b.x2.b32
  // CHECK-NEXT: // begin inline asm
  // CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.ld.sync.aligned.16x32bx2.x4.b32 {{.*}}, 8;
  // CHECK-NEXT: // begin inline asm
  // CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.ld.sync.aligned.16x256b.x4.b32
  // CHECK-NEXT: // begin inline asm
  // CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.st.sync.aligned.16x128b.x4.b32
  // CHECK-NEXT: tcgen05.wait::st.sync.aligned;
  // CHECK: tcgen05.st.sync.aligned.16x256b.x4.b32
  // CHECK-NEXT: tcgen05.wait::st.sync.aligned;
  // CHECK: tcgen05.st.sync.aligned.32x32b.x4.b32
  // CHECK-NEXT: tcgen05.wait::st.sync.aligned;
  // CHECK: tcgen05.st.sync.aligned.32x32b.x8.b32
  // CHECK-NEXT: tcgen05.wait::st.sync.aligned;
  gpu.func @shapes(%th: !cute.ptr<f16, tmem>) kernel {
    %h = arith.constant 0 : i32
    %cols = arith.constant 128 : i32
    %t = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %a = cute_nvgpu.arch.sm100.tmem_load %t : !cute.ptr<f32, tmem> -> vector<8xf32>
    %b = cute_nvgpu.arch.sm100.tmem_load %t {shape = "16x64b"} : !cute.ptr<f32, tmem> -> vector<8xf32>
    %c = cute_nvgpu.arch.sm100.tmem_load %t {shape = "16x128b"} : !cute.ptr<f32, tmem> -> vector<8xf32>
    %d = cute_nvgpu.arch.sm100.tmem_load %t {shape = "16x256b"} : !cute.ptr<f32, tmem> -> vector<8xf32>
    %e = cute_nvgpu.arch.sm100.tmem_load %t {shape = "16x32bx2", split = 8} : !cute.ptr<f32, tmem> -> vector<4xf32>
    %f = cute_nvgpu.arch.sm100.load_b8x256 %t : !cute.ptr<f32, tmem> -> vector<16xf32>
    cute_nvgpu.arch.sm100.tmem_store %t, %a {shape = "16x128b"} : !cute.ptr<f32, tmem>, vector<8xf32>
    cute_nvgpu.arch.sm100.store_b8x256 %t, %f : !cute.ptr<f32, tmem>, vector<16xf32>
    // 16-bit values: 8 halves are 4 registers.
    %hv = arith.constant dense<1.0> : vector<8xf16>
    cute_nvgpu.arch.sm100.tmem_store %th, %hv : !cute.ptr<f16, tmem>, vector<8xf16>
    %s0 = arith.addf %a, %b : vector<8xf32>
    %s1 = arith.addf %s0, %c : vector<8xf32>
    %s2 = arith.addf %s1, %d : vector<8xf32>
    %e0 = vector.extract %e[0] : f32 from vector<4xf32>
    %s3 = vector.broadcast %e0 : f32 to vector<8xf32>
    %s4 = arith.addf %s2, %s3 : vector<8xf32>
    cute_nvgpu.arch.sm100.tmem_store %t, %s4 : !cute.ptr<f32, tmem>, vector<8xf32>
    gpu.return
  }

  // CHECK-LABEL: .entry sync_ops(
  // CHECK: tcgen05.fence::before_thread_sync;
  // CHECK: bar.sync 0;
  // CHECK: tcgen05.fence::after_thread_sync;
  // CHECK: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.wait::st.sync.aligned;
  // CHECK: tcgen05.shift.cta_group::1.down
  // CHECK: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
  // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
  // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 {{.*}}, %rs{{[0-9]+}};
  gpu.func @sync_ops(%slot: !cute.ptr<i32, smem>, %t: !cute.ptr<f32, tmem>, %bar: !cute.ptr<i64, smem, align<8>>, %mask: i16) kernel {
    cute_nvgpu.arch.sm100.fence "before"
    gpu.barrier
    cute_nvgpu.arch.sm100.fence "after"
    cute_nvgpu.arch.sm100.wait "load"
    cute_nvgpu.arch.sm100.wait "store"
    cute_nvgpu.arch.sm100.shift %t : !cute.ptr<f32, tmem>
    %cols = arith.constant 32 : i32
    cute_nvgpu.arch.sm100.tmem_alloc %slot, %cols : !cute.ptr<i32, smem>
    cute_nvgpu.arch.sm100.relinquish_alloc_permit
    cute_nvgpu.arch.sm100.commit %bar : !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.sm100.commit_multicast %bar, %mask : !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.sm100.tmem_dealloc %t, %cols : !cute.ptr<f32, tmem>
    gpu.return
  }

  // CTA-pair forms (one kernel, one CTA group).
  // CHECK-LABEL: .entry pair_ops(
  // CHECK: tcgen05.shift.cta_group::2.down
  // CHECK: tcgen05.cp.cta_group::2.128x256b
  // CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.b64
  // CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
  // CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
  gpu.func @pair_ops(%t: !cute.ptr<i8, tmem>, %desc: i64, %bar: !cute.ptr<i64, smem, align<8>>, %mask: i16) kernel attributes {nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    cute_nvgpu.arch.sm100.shift %t {cta_group = 2 : i32} : !cute.ptr<i8, tmem>
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %desc, %bar {cta_group = 2 : i32} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.sm100.commit_multicast %bar, %mask {cta_group = 2 : i32} : !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.sm100.relinquish_alloc_permit {cta_group = 2 : i32}
    gpu.return
  }

  // The raw S2T copy in every tcgen05.cp shape, each committed.
  // CHECK-LABEL: .entry copies(
  // CHECK: tcgen05.cp.cta_group::1.128x256b [%r{{[0-9]+}}], %rd{{[0-9]+}};
  // CHECK: tcgen05.commit.cta_group::1
  // CHECK: tcgen05.cp.cta_group::1.4x256b
  // CHECK: tcgen05.cp.cta_group::1.128x128b
  // CHECK: tcgen05.cp.cta_group::1.64x128b.warpx2::02_13
  // CHECK: tcgen05.cp.cta_group::1.64x128b.warpx2::01_23
  // CHECK: tcgen05.cp.cta_group::1.32x128b.warpx4
  gpu.func @copies(%t: !cute.ptr<i8, tmem>, %desc: i64, %bar: !cute.ptr<i64, smem, align<8>>) kernel {
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %desc, %bar : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %desc, %bar {shape = "4x256b"} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %desc, %bar {shape = "128x128b"} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %desc, %bar {shape = "64x128b", multicast = "warpx2_02_13"} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %desc, %bar {shape = "64x128b", multicast = "warpx2_01_23"} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.copy.SM100.copy_s2t %t, %desc, %bar {shape = "32x128b", multicast = "warpx4"} : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem, align<8>>
    gpu.return
  }

  // The raw UMMA: dense, sparse (metadata in TMEM), block-scaled (scale
  // factors in TMEM), sparse block-scaled.
  // CHECK-LABEL: .entry raw_mma(
  // CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, %p{{[0-9]+}};
  // CHECK: tcgen05.mma.cta_group::1.kind::tf32.collector::a::discard [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}}
  // CHECK: tcgen05.mma.sp.cta_group::1.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, [%r{{[0-9]+}}], %r{{[0-9]+}}, %p{{[0-9]+}};
  // CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, [%r{{[0-9]+}}], [%r{{[0-9]+}}], %p{{[0-9]+}};
  // CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16
  // CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32
  // CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf8f6f4.block_scale
  gpu.func @raw_mma(%d: !cute.ptr<f32, tmem>, %at: !cute.ptr<f32, tmem>, %ad: i64, %bd: i64, %idesc: i32, %acc: i1,
                    %meta: !cute.ptr<i32, tmem>, %sfa: !cute.ptr<f8E4M3FN, tmem>, %sfb: !cute.ptr<f8E4M3FN, tmem>) kernel {
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "f16"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %at, %bd, %idesc, %acc {kind = "tf32"} : !cute.ptr<f32, tmem>, !cute.ptr<f32, tmem>
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "f16"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf8f6f4"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4nvf4", block_scale = "block16"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4", block_scale = "block32"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf8f6f4"} : !cute.ptr<f32, tmem>, i64
    gpu.return
  }
}
}
