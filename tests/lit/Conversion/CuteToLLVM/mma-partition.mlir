// cute-to-llvm of tiled MMA partitions: the thread's coordinate in the
// atom layout ((t / 32) % 2, (t / 64) % 2 for a (2,2,1) layout, the lane
// t % 32) and its offset come from the same algebra as the types; the
// pointer moves by the offset. make_tiled_copy_A/B/C carry no run-time
// state (an empty struct, like every atom).
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' | FileCheck %s

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(2,2,1):(1,2,0)">>
!sA = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,16):(16,1)">>
!pA = !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),2,1):((1,128,8),512,0)">>

// CHECK-LABEL: func @partition_a
func.func @partition_a(%a: !sA, %t: !cute.int_tuple<"?">) -> !pA {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  // The lane's row (t % 32) / 4 and column 2 * (t % 4), and the M-warp
  // (t / 32) % 2 (16 rows each).
  // CHECK: llvm.srem
  // CHECK: llvm.sdiv
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK-NOT: cute.tiled.mma
  %p = cute.tiled.mma.partition_A %mma, %a, %t : (!mma, !sA, !cute.int_tuple<"?">) -> !pA
  return %p : !pA
}

!sB = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(32,16):(16,1)">>
!gC = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(64,32):(?{div=4},1)">>

// B by the N-warp (t / 64) % 2, C by both warps; C's run-time stride enters
// the offset as a multiplication.
// CHECK-LABEL: func @partition_b_c
func.func @partition_b_c(%b: !sB, %c: !gC, %t: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %pb = cute.tiled.mma.partition_B %mma, %b, %t : (!mma, !sB, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2),2,1):((1,8),256,0)">>
  // CHECK: llvm.mul
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  %pc = cute.tiled.mma.partition_C %mma, %c, %t : (!mma, !gC, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),2,2):((1,?{div=32}),?{div=128},16)">>
  return
}

// CHECK-LABEL: func @copy_for_mma
func.func @copy_for_mma() {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  %ldsm = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
  // CHECK-NOT: cute.make_tiled_copy_A
  %ca = cute.make_tiled_copy_A %ldsm, %mma : (!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>
  %ldsm2 = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
  %cb = cute.make_tiled_copy_B %ldsm2, %mma : (!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
  %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  %cc = cute.make_tiled_copy_C %st, %mma : (!cute_nvgpu.atom.universal_copy<f32>, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))">, !cute.tile<"[32:1;16:1]">>
  return
}

// CHECK-LABEL: func @view_slice
func.func @view_slice(%a: !pA, %k: !cute.coord<"(_,?,_)">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),1):((1,128,8),0)">> {
  // The pointer moves by 512 * k elements.
  // CHECK: %[[C:.*]] = llvm.mlir.constant(512 : i32) : i32
  // CHECK: llvm.mul %{{.*}}, %[[C]] : i32
  // CHECK: llvm.getelementptr
  %s = cute.slice(%a, %k) : !pA, !cute.coord<"(_,?,_)">
  return %s : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),1):((1,128,8),0)">>
}

// retile keeps the pointer and packs the retiled static layout.
// CHECK-LABEL: func @retile
func.func @retile(%f: !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,1):((1,4,2),0,0)">>) -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(((2,2),2),1,1):(((1,4),2),0,0)">> {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>
  %ld = cute.make_atom : !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
  %s2r = cute.make_tiled_copy_A %ld, %mma : (!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
  // CHECK-NOT: cute.tiled.copy.retile
  // CHECK: %[[P:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(ptr<5>
  // CHECK: llvm.insertvalue %[[P]], %{{.*}}[0]
  %r = cute.tiled.copy.retile %s2r, %f : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,1):((1,4,2),0,0)">>) -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(((2,2),2),1,1):(((1,4),2),0,0)">>
  return %r : !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(((2,2),2),1,1):(((1,4),2),0,0)">>
}
