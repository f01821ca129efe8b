// Every kind, scale-vector spelling, sparsity and CTA group of the raw UMMA
// (arch.sm100.mma) that its verifier accepts lowers to an NVVM op that
// LLVM selects and ptxas assembles for sm_100a (the combinations it rejects
// are in tests/lit/Dialect/CuteNvgpu/tcgen05-invalid.mlir).
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// CHECK-LABEL: .entry kinds(
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.block32.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf8f6f4.block_scale.block32.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf4.block_scale.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block32.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf4nvf4.block_scale.block32.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::f16.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::tf32.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::tf32.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::f8f6f4.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::f8f6f4.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::1.kind::i8.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::1.kind::i8.collector::a::discard [
// CHECK-LABEL: .entry pair_kinds(
// CHECK: tcgen05.mma.cta_group::2.kind::f16.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::2.kind::f16.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::2.kind::tf32.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::2.kind::tf32.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::2.kind::f8f6f4.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::2.kind::f8f6f4.collector::a::discard [
// CHECK: tcgen05.mma.cta_group::2.kind::i8.collector::a::discard [
// CHECK: tcgen05.mma.sp.cta_group::2.kind::i8.collector::a::discard [

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @kinds(%d: !cute.ptr<f32, tmem>, %ad: i64, %bd: i64, %idesc: i32, %acc: i1,
                    %meta: !cute.ptr<i32, tmem>, %sfa: !cute.ptr<f8E4M3FN, tmem>, %sfb: !cute.ptr<f8E4M3FN, tmem>) kernel {
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf8f6f4"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf8f6f4"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf8f6f4", block_scale = "block32"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf8f6f4", block_scale = "block32"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4", block_scale = "block32"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4", block_scale = "block32"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4nvf4", block_scale = "block16"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4nvf4", block_scale = "block16"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4nvf4", block_scale = "block32"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) scales(%sfa, %sfb : !cute.ptr<f8E4M3FN, tmem>, !cute.ptr<f8E4M3FN, tmem>) {kind = "mxf4nvf4", block_scale = "block32"} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "f16", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "f16", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "tf32", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "tf32", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "f8f6f4", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "f8f6f4", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "i8", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "i8", cta_group = 1 : i32} : !cute.ptr<f32, tmem>, i64
    gpu.return
  }

  // The CTA-pair forms, in a kernel of their own (one CTA group per kernel).
  gpu.func @pair_kinds(%d: !cute.ptr<f32, tmem>, %ad: i64, %bd: i64, %idesc: i32, %acc: i1,
                    %meta: !cute.ptr<i32, tmem>, %sfa: !cute.ptr<f8E4M3FN, tmem>, %sfb: !cute.ptr<f8E4M3FN, tmem>) kernel attributes {nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "f16", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "f16", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "tf32", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "tf32", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "f8f6f4", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "f8f6f4", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc {kind = "i8", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    cute_nvgpu.arch.sm100.mma %d, %ad, %bd, %idesc, %acc metadata(%meta : !cute.ptr<i32, tmem>) {kind = "i8", cta_group = 2 : i32} : !cute.ptr<f32, tmem>, i64
    gpu.return
  }
}
}
