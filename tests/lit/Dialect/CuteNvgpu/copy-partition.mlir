// Tiled-copy partitioning with SM75/SM80 copy atoms: their CuTe
// `(thread, value) -> bit` layouts, read in elements of the atom's type.
// RUN: %cute-opt %s | FileCheck %s

// ldmatrix.x4 over a 16x16 f16 tile, tiled by the atom's own register
// layout: each source thread gives one 16-byte row (8 contiguous halves),
// each destination thread holds 2 halves of each of the 4 matrices.
!ldsm = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"(32,(2,4)):(2,(1,64))">, !cute.tile<"[16:1;16:1]">>
!sv = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(16,16):(1,16)">>
!rv = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,16):(1,16)">>

// CHECK-LABEL: @ldsm_x4
func.func @ldsm_x4(%tc: !ldsm, %src: !sv, %dst: !rv, %tid: i32) {
  %t = cute.make_int_tuple(%tid) : (i32) -> !cute.int_tuple<"?">
  // CHECK: cute.tiled.copy.partition_S {{.*}} -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!ldsm, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  // CHECK: cute.tiled.copy.partition_D {{.*}} -> !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(((2,4),1),1,1):(((1,64),0),0,0)">>
  %d = cute.tiled.copy.partition_D %tc, %dst, %t : (!ldsm, !rv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(((2,4),1),1,1):(((1,64),0),0,0)">>
  return
}

// ldmatrix.x2.trans: the register side holds halves 8 rows apart.
!ldsmt = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2.trans, f16>, !cute.layout<"((4,8),(1,2,2)):((16,1),(1,8,64))">, !cute.tile<"[16:1;8:1]">>
!sv8 = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(16,8):(1,16)">>
!rv8 = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,8):(1,16)">>

// CHECK-LABEL: @ldsm_x2_trans
func.func @ldsm_x2_trans(%tc: !ldsmt, %src: !sv8, %dst: !rv8, %tid: i32) {
  %t = cute.make_int_tuple(%tid) : (i32) -> !cute.int_tuple<"?">
  // CHECK: cute.tiled.copy.partition_S {{.*}} -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!ldsmt, !sv8, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  // CHECK: cute.tiled.copy.partition_D {{.*}} -> !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(((2,2),1),1,1):(((8,64),0),0,0)">>
  %d = cute.tiled.copy.partition_D %tc, %dst, %t : (!ldsmt, !rv8, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(((2,2),1),1,1):(((8,64),0),0,0)">>
  return
}

// stmatrix.x4 is ldmatrix.x4 the other way: registers in, rows out.
!stsm = !cute.tiled_copy<!cute_nvgpu.atom.stsm<m8n8.x4, f16>, !cute.layout<"(32,(2,4)):(2,(1,64))">, !cute.tile<"[16:1;16:1]">>

// CHECK-LABEL: @stsm_x4
func.func @stsm_x4(%tc: !stsm, %src: !rv, %dst: !sv, %tid: i32) {
  %t = cute.make_int_tuple(%tid) : (i32) -> !cute.int_tuple<"?">
  // CHECK: cute.tiled.copy.partition_S {{.*}} -> !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(((2,4),1),1,1):(((1,64),0),0,0)">>
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!stsm, !rv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(((2,4),1),1,1):(((1,64),0),0,0)">>
  // CHECK: cute.tiled.copy.partition_D {{.*}} -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  %d = cute.tiled.copy.partition_D %tc, %dst, %t : (!stsm, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),1,1):((1,0),0,0)">>
  return
}

// cp.async of 16 bytes: one thread moves 8 halves; 32 threads of 8
// consecutive halves each fill a 16x16 tile, 2x2 tiles of a 32x32 tensor.
!cpa = !cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<16, f16>, !cute.layout<"(32,8):(8,1)">, !cute.tile<"[16:1;16:1]">>
!gv = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(32,32):(1,32)">>
!sv32 = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(32,32):(1,32)">>

// CHECK-LABEL: @cp_async
func.func @cp_async(%tc: !cpa, %src: !gv, %dst: !sv32, %tid: i32) {
  %t = cute.make_int_tuple(%tid) : (i32) -> !cute.int_tuple<"?">
  // CHECK: cute.tiled.copy.partition_S {{.*}} -> !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"((8,1),2,2):((1,0),16,512)">>
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!cpa, !gv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"((8,1),2,2):((1,0),16,512)">>
  // CHECK: cute.tiled.copy.partition_D {{.*}} -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),2,2):((1,0),16,512)">>
  %d = cute.tiled.copy.partition_D %tc, %dst, %t : (!cpa, !sv32, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((8,1),2,2):((1,0),16,512)">>
  return
}

// A vector element is one value of its full width (CuTe's sizeof_bits), as
// for any other element type.
!tcv = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<vector<2xf16>>, !cute.layout<"(8,4):(1,8)">, !cute.tile<"[8:1;4:1]">>
!gvv = !cute.view<!cute.ptr<vector<2xf16>, gmem>, !cute.layout<"(16,8):(1,16)">>

// CHECK-LABEL: @universal_vector
func.func @universal_vector(%tc: !tcv, %src: !gvv, %t: !cute.int_tuple<"?">) {
  // CHECK: cute.tiled.copy.partition_S {{.*}} -> !cute.view<!cute.ptr<vector<2xf16>, gmem>, !cute.layout<"((1,4),2,2):((0,16),8,64)">>
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!tcv, !gvv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<vector<2xf16>, gmem>, !cute.layout<"((1,4),2,2):((0,16),8,64)">>
  return
}
