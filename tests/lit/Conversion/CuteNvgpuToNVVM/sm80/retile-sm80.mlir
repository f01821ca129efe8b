// ldmatrix x2 feeding an MMA fragment through CuTe's retile: the A
// fragment ((2,2,2),1,1) of a 16x16 tile is two x2 instances per
// k-block; cute.copy unrolls mode 0's instances.
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// CHECK-COUNT-2: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(1,1,1):(0,0,0)">>
!ldsm = !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
!sv = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(16,16):(16,1)">>
!bv = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(8,16):(16,1)">>
!cv = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(16,8):(8,1)">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @retile(%pc: !cute.ptr<f32, gmem, align<16>>) kernel {
    %tid_index = gpu.thread_id x
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">
    %la = cute.static : !cute.layout<"(16,16):(16,1)">
    %pa = cute.alloc_smem 256 : !cute.ptr<f16, smem, align<128>>
    %sA = cute.make_view %pa, %la : !sv
    %lb = cute.static : !cute.layout<"(8,16):(16,1)">
    %pb = cute.alloc_smem 128 : !cute.ptr<f16, smem, align<128>>
    %sB = cute.make_view %pb, %lb : !bv
    %lc = cute.static : !cute.layout<"(16,8):(8,1)">
    %gC = cute.make_view %pc, %lc : !cv
    %atom = cute.make_atom : !atom
    %mma = cute.make_tiled_mma %atom : !mma
    %tCsA = cute.tiled.mma.partition_A %mma, %sA, %tid : (!mma, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),1,1):((1,128,8),0,0)">>
    %tCsB = cute.tiled.mma.partition_B %mma, %sB, %tid : (!mma, !bv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2),1,1):((1,8),0,0)">>
    %tCgC = cute.tiled.mma.partition_C %mma, %gC, %tid : (!mma, !cv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),1,1):((1,64),0,0)">>
    %tCrA = cute.make_fragment_like %tCsA : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2,2),1,1):((1,128,8),0,0)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,1):((1,4,2),0,0)">>
    %tCrB = cute.make_fragment_like %tCsB : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2),1,1):((1,8),0,0)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>
    %acc = cute.make_fragment_like %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),1,1):((1,64),0,0)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>
    %ld = cute.make_atom : !ldsm
    %s2r = cute.make_tiled_copy_A %ld, %mma : (!ldsm, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
    %src = cute.tiled.copy.partition_S %s2r, %sA, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<32>>, !cute.layout<"((8,2),1,1):((1,8),0,0)">>
    %dst = cute.tiled.copy.retile %s2r, %tCrA : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,1):((1,4,2),0,0)">>) -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(((2,2),2),1,1):(((1,4),2),0,0)">>
    cute.copy %s2r, %src, %dst : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8),((2,2,2),(1,1))):((32,1),((16,8,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !cute.view<!cute.ptr<f16, smem, align<32>>, !cute.layout<"((8,2),1,1):((1,8),0,0)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(((2,2),2),1,1):(((1,4),2),0,0)">>
    %u = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy %u, %tCsB, %tCrB : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.layout<"((2,2),1,1):((1,8),0,0)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>
    cute.gemm %mma, %acc, %tCrA, %tCrB, %acc : !mma, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,1):((1,4,2),0,0)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy %st, %acc, %tCgC : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),1,1):((1,64),0,0)">>
    gpu.return
  }
}
}
