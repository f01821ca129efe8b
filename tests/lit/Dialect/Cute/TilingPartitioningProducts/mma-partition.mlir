// Tiled MMA partitioning (CuTe's thrfrg_A/B/C, partition_A/B/C,
// make_tiled_copy_A/B/C): result types inferred by the Rust algebra, whose
// values are CuTe's (tests/fixtures/mma_partitions.json, from the CuTe DSL).
// View slicing (tensor(_,_,k)), cute.copy / cute.gemm / cute.fill.
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(2,2,1):(1,2,0)">>
!sA = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(128,32):(32,1)">>
!sB = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(128,32):(32,1)">>
!gC = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(128,128):(1,128)">>

// CHECK-LABEL: func @partitions
func.func @partitions(%a: !sA, %b: !sB, %c: !gC, %t: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  // CHECK: cute.tiled.mma.partition_A {{.*}} -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),4,2):((1,256,8),1024,16)">>
  %pa = cute.tiled.mma.partition_A %mma, %a, %t : (!mma, !sA, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),4,2):((1,256,8),1024,16)">>
  // CHECK: cute.tiled.mma.partition_B {{.*}} -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2),8,2):((1,8),512,16)">>
  %pb = cute.tiled.mma.partition_B %mma, %b, %t : (!mma, !sB, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2),8,2):((1,8),512,16)">>
  // CHECK: cute.tiled.mma.partition_C {{.*}} -> !cute.view<!cute.ptr<f32, gmem, align<4>>, !cute.layout<"((2,2),4,8):((128,8),32,2048)">>
  %pc = cute.tiled.mma.partition_C %mma, %c, %t : (!mma, !gC, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<4>>, !cute.layout<"((2,2),4,8):((128,8),32,2048)">>
  %ldsm = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
  // CHECK: cute.make_tiled_copy_A {{.*}} -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>
  %ca = cute.make_tiled_copy_A %ldsm, %mma : (!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>
  %ldsm2 = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
  // CHECK: cute.make_tiled_copy_B {{.*}} !cute.tile<"[16:1;16:1]">>
  %cb = cute.make_tiled_copy_B %ldsm2, %mma : (!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
  %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // CHECK: cute.make_tiled_copy_C {{.*}} !cute.tile<"[32:1;16:1]">>
  %cc = cute.make_tiled_copy_C %st, %mma : (!cute_nvgpu.atom.universal_copy<f32>, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))">, !cute.tile<"[32:1;16:1]">>
  // Register fragments shaped like the partitions (CuTe's make_layout_like:
  // compact in the partition's stride order).
  // CHECK: cute.make_fragment_like %{{.*}} -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>
  %fa = cute.make_fragment_like %pa : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),4,2):((1,256,8),1024,16)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>
  // DESUGAR: cute.alloc_rmem 64 : !cute.ptr<f16, rmem, align<16>>
  // A view slice: the k-block 1 of the A partition, its pointer moved by 16.
  // CHECK: cute.slice(%{{.*}}, %{{.*}}) : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),4,2):((1,256,8),1024,16)">>, !cute.coord<"(_,_,1)">
  %k1 = cute.static : !cute.coord<"(_,_,1)">
  %a1 = cute.slice(%pa, %k1) : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),4,2):((1,256,8),1024,16)">>, !cute.coord<"(_,_,1)">
  return
}

!rA = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),2,1):((1,2,4),8,16)">>
!rB = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),2,1):((1,2),4,8)">>
!rC = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),2,2):((1,2),4,8)">>
!gR = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"((2,2),2,2):((1,2),64,128)">>

// DESUGAR-LABEL: func @execution
// Fill: 16 stores at static coordinates.
// DESUGAR-COUNT-16: cute.store %{{.*}}, %{{.*}}[%{{.*}}] : !cute.view<!cute.ptr<f32, rmem, align<16>>
// The gemm: M 2 x N 2 x K 1 = 4 atom calls.
// DESUGAR-COUNT-4: cute.mma_atom_call
// The copy: one atom call per rest coordinate (2 x 2).
// DESUGAR-COUNT-4: cute.copy_atom_call
// DESUGAR-NOT: cute.copy
// DESUGAR-NOT: cute.gemm
func.func @execution(%a: !rA, %b: !rB, %c: !rC, %g: !gR) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %zero = arith.constant 0.0 : f32
  // CHECK: cute.fill %{{.*}}, %{{.*}} : f32, !cute.view
  cute.fill %zero, %c : f32, !rC
  // CHECK: cute.gemm %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !cute.tiled_mma
  cute.gemm %mma, %c, %a, %b, %c : !mma, !rC, !rA, !rB, !rC
  %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // CHECK: cute.copy %{{.*}}, %{{.*}}, %{{.*}} : !cute_nvgpu.atom.universal_copy<f32>
  cute.copy %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, !rC, !gR
  return
}

// -----

// A `ts` UMMA (A in tensor memory: attention's P V) partitions as an `ss`
// one: one thread owns the whole instruction, so the A partition is the
// TMEM view cut into 16-wide k-blocks (examples/fmha_fwd_sm100.mlir).
!ts_atom = !cute_nvgpu.sm100.mma<128x64x16, ab_major = (k, mn), elem_type = (f16, f16, f32), frag_kind = ts>
!ts_mma = !cute.tiled_mma<!ts_atom, !cute.layout<"(1,1,1):(0,0,0)">>
!tP = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"(128,128):(131072,1)">>
!sVt = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
// CHECK-LABEL: func @ts_partitions
func.func @ts_partitions(%p: !tP, %v: !sVt, %t: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !ts_atom
  %mma = cute.make_tiled_mma %atom : !ts_mma
  // CHECK: -> !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"((128,16),1,8):((131072,1),0,16)">>
  %a = cute.tiled.mma.partition_A %mma, %p, %t : (!ts_mma, !tP, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"((128,16),1,8):((131072,1),0,16)">>
  // CHECK: -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,8):((1,64),0,1024)">>
  %b = cute.tiled.mma.partition_B %mma, %v, %t : (!ts_mma, !sVt, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,8):((1,64),0,1024)">>
  return
}
