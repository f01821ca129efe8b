// One Hopper warpgroup MMA tile with B MN-major: C(64x128) = A(64x64) * B
// where B is 64x128 row-major (N contiguous, the "NN" GEMM's B), WGMMA
// 64x128x16 reading B transposed (imm-trans-b = 1) through its GMMA
// descriptor, as CuTe's sm90 mainloop does for an MN-major operand:
//
// * A K-major with the 128-byte swizzle, as examples/wgmma_sm90.mlir.
// * B MN-major with the 128-byte swizzle (CuTe's
//   GMMA::Layout_MN_SW128_Atom<half_t>: S<3,3,3> over 64-element lines of N,
//   one per k): two 64-wide N blocks of 64 k lines, 8 KiB apart (the
//   descriptor's leading byte offset), k-groups of 8 lines 1 KiB apart
//   (its stride byte offset).
// * cp.async fills both (16 bytes per thread and chunk), fence.proxy.async,
//   four wgmma.mma_async between wgmma.fence and commit/wait.
//
// Compile: cute compile examples/wgmma_mn_sm90.mlir --chip sm_90a -o wgmma_mn.ptx
// Launch:  grid 1, block 128; pointers 16-byte aligned, A 64x64 row-major
//          (K contiguous), B 64x128 row-major (N contiguous), C 64x128
//          row-major.

!sw = !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(64,1)">
!swb = !cute.composed_layout<"S<3,3,3> o 0 o ((64,2),64):((1,4096),64)">
!sa = !cute.view<!cute.ptr<f16, smem, align<1024>>, !sw>
!sb = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swb>
!ga = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(64,64):(64,1)">>
!gb = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,64):(1,128)">>
!gc = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(64,128):(128,1)">>
!mma_atom = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, mn), elem_type = (f16, f16, f32), frag_kind = ss>
!mma = !cute.tiled_mma<!mma_atom, !cute.layout<"(1,1,1):(0,0,0)">>
!cp_atom = !cute_nvgpu.atom.simt_async_copy<16, f16>
!g2s = !cute.tiled_copy<!cp_atom, !cute.layout<"((8,16),8):((128,1),16)">, !cute.tile<"[16:1;64:1]">>
// B's copy: 64 N x 16 k a pass, 8 threads a k line, 8 halves each.
!g2s_b = !cute.tiled_copy<!cp_atom, !cute.layout<"((8,16),8):((8,64),1)">, !cute.tile<"[64:1;16:1]">>
!store = !cute_nvgpu.atom.universal_copy<f32>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @wgmma_mn_tile(%pA: !cute.ptr<f16, gmem, align<16>>, %pB: !cute.ptr<f16, gmem, align<16>>,
                       %pC: !cute.ptr<f32, gmem, align<16>>) kernel {
    %la = cute.static : !cute.layout<"(64,64):(64,1)">
    %lb = cute.static : !cute.layout<"(128,64):(1,128)">
    %lc = cute.static : !cute.layout<"(64,128):(128,1)">
    %gA = cute.make_view %pA, %la : !ga
    %gB = cute.make_view %pB, %lb : !gb
    %gC = cute.make_view %pC, %lc : !gc
    %tid_index = gpu.thread_id x
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">

    %swa = cute.static : !sw
    %swb = cute.static : !swb
    %sAp = cute.alloc_smem 4096 : !cute.ptr<f16, smem, align<1024>>
    %sA = cute.make_view %sAp, %swa : !sa
    %sBp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %sB = cute.make_view %sBp, %swb : !sb

    // Global -> shared with cp.async: A 16 rows x 8 chunks of 8 halves a
    // pass, B 16 k lines x 8 chunks.
    %cp_atom = cute.make_atom : !cp_atom
    %g2s = cute.make_tiled_copy %cp_atom : !g2s
    %g2s_b = cute.make_tiled_copy %cp_atom : !g2s_b
    %tAgA = cute.tiled.copy.partition_S %g2s, %gA, %tid : (!g2s, !ga, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),1024,0)">>
    %tAsA = cute.tiled.copy.partition_D %g2s, %sA, %tid : (!g2s, !sa, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
    %tBgB = cute.tiled.copy.partition_S %g2s_b, %gB, %tid : (!g2s_b, !gb, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),2,4):((1,0),64,2048)">>
    %tBsB = cute.tiled.copy.partition_D %g2s_b, %sB, %tid : (!g2s_b, !sb, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),2,4):((1,0),4096,1024)">>
    cute.copy %g2s, %tAgA, %tAsA : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),1024,0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
    cute.copy %g2s_b, %tBgB, %tBsB : !g2s_b, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),2,4):((1,0),64,2048)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),2,4):((1,0),4096,1024)">>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier

    // The warpgroup's MMA: A and B stay in shared memory (descriptors).
    %mma_atom = cute.make_atom : !mma_atom
    %mma = cute.make_tiled_mma %mma_atom : !mma
    %tCsA = cute.tiled.mma.partition_A %mma, %sA, %tid : (!mma, !sa, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">>
    %tCsB = cute.tiled.mma.partition_B %mma, %sB, %tid : (!mma, !sb, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (((64,2),16),1,4):(((1,4096),64),0,1024)">>
    %tCgC = cute.tiled.mma.partition_C %mma, %gC, %tid : (!mma, !gc, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">>
    %acc = cute.make_fragment_like %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    nvvm.wgmma.fence.aligned
    cute.gemm %mma, %acc, %tCsA, %tCsB, %acc : !mma, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (((64,2),16),1,4):(((1,4096),64),0,1024)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0

    %store = cute.make_atom : !store
    cute.copy %store, %acc, %tCgC : !store, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">>
    gpu.return
  }
}
}
