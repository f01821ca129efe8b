// One warpgroup's TF32 WGMMA tile (sm90): C (64x128, f32) = A (64x32,
// tf32) * B (128x32, tf32)^T, both K-major, through 128-byte swizzled
// shared memory (CuTe's GMMA::Layout_K_SW128_Atom for 32-bit types: 32
// values of K a row) and four wgmma.mma_async m64n128k8.f32.tf32.tf32.
// Each thread copies a row of A and of B into its swizzled shared row.
// (tf32 is f32 in memory; the tensor cores read its top 19 bits.)
//
// Compile: cute compile examples/wgmma_tf32_sm90.mlir --chip sm_90a
// Launch:  grid 1, block 128 (examples/launch/wgmma_tf32_sm90.launch.json).

!swa = !cute.composed_layout<"S<3,2,3> o 0 o (64,32):(32,1)">
!swb = !cute.composed_layout<"S<3,2,3> o 0 o (128,32):(32,1)">
!sa = !cute.view<!cute.ptr<tf32, smem, align<1024>>, !swa>
!sb = !cute.view<!cute.ptr<tf32, smem, align<1024>>, !swb>
!s_row = !cute.view<!cute.ptr<tf32, smem, align<128>>, !cute.composed_layout<"S<3,2,3> o 0 o (32):(1)">>
!g_row = !cute.view<!cute.ptr<tf32, gmem, align<16>>, !cute.layout<"32:1">>
!gc = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(64,128):(128,1)">>
!mma_atom = !cute_nvgpu.sm90.mma<64x128x8, ab_major = (k, k), elem_type = (tf32, tf32, f32), frag_kind = ss>
!mma = !cute.tiled_mma<!mma_atom, !cute.layout<"(1,1,1):(0,0,0)">>
!copy32 = !cute_nvgpu.atom.universal_copy<tf32>
!store = !cute_nvgpu.atom.universal_copy<f32>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @wgmma_tf32(%pA: !cute.ptr<tf32, gmem, align<16>>, %pB: !cute.ptr<tf32, gmem, align<16>>,
                      %pC: !cute.ptr<f32, gmem, align<16>>) kernel {
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %tid_index = gpu.thread_id x
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">
    %swa = cute.static : !swa
    %swb = cute.static : !swb
    %sAp = cute.alloc_smem 2048 : !cute.ptr<tf32, smem, align<1024>>
    %sA = cute.make_view %sAp, %swa : !sa
    %sBp = cute.alloc_smem 4096 : !cute.ptr<tf32, smem, align<1024>>
    %sB = cute.make_view %sBp, %swb : !sb

    // Thread t copies row t of B, and threads 0..63 row t of A.
    %copy = cute.make_atom : !copy32
    %row_l = cute.static : !cute.layout<"32:1">
    %at = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.coord<"(?,_)">
    %c32 = arith.constant 32 : i32
    %offset = arith.muli %tid_i32, %c32 : i32
    %gb = cute.add_offset %pB, %offset : !cute.ptr<tf32, gmem, align<16>>, i32
    %gb_row = cute.make_view %gb, %row_l : !g_row
    %sb_row = cute.slice(%sB, %at) : !sb, !cute.coord<"(?,_)">
    cute.copy_atom_call %copy, %gb_row, %sb_row : !copy32, !g_row, !s_row
    %in_a = arith.cmpi slt, %tid_i32, %c64 : i32
    scf.if %in_a {
      %ga = cute.add_offset %pA, %offset : !cute.ptr<tf32, gmem, align<16>>, i32
      %ga_row = cute.make_view %ga, %row_l : !g_row
      %sa_row = cute.slice(%sA, %at) : !sa, !cute.coord<"(?,_)">
      cute.copy_atom_call %copy, %ga_row, %sa_row : !copy32, !g_row, !s_row
    }
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier

    %lc = cute.static : !cute.layout<"(64,128):(128,1)">
    %gC = cute.make_view %pC, %lc : !gc
    %mma_atom = cute.make_atom : !mma_atom
    %mma = cute.make_tiled_mma %mma_atom : !mma
    %tCsA = cute.tiled.mma.partition_A %mma, %sA, %tid : (!mma, !sa, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o ((64,8),1,4):((32,1),0,8)">>
    %tCsB = cute.tiled.mma.partition_B %mma, %sB, %tid : (!mma, !sb, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o ((128,8),1,4):((32,1),0,8)">>
    %tCgC = cute.tiled.mma.partition_C %mma, %gC, %tid : (!mma, !gc, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">>
    %acc = cute.make_fragment_like %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    nvvm.wgmma.fence.aligned
    cute.gemm %mma, %acc, %tCsA, %tCsB, %acc : !mma, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>, !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o ((64,8),1,4):((32,1),0,8)">>, !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o ((128,8),1,4):((32,1),0,8)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0

    %store = cute.make_atom : !store
    cute.copy %store, %acc, %tCgC : !store, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">>
    gpu.return
  }
}
}
