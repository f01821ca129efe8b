// An Ampere tensor-core GEMM in cute IR, written the way CuTe's sm80 GEMM
// (CUTLASS's cute tutorial / the CuTe DSL's ampere tensorop_gemm) writes it:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)     A: M x K, B: N x K (both K-major,
//                                      "TN"), C: M x N row-major;
//                                      f16 inputs, f32 accumulation.
//
// * CTA tile 128x128x32, 128 threads, a 3-stage cp.async pipeline
//   global -> shared (16-byte cp.async.cg per thread and row chunk).
// * Shared tiles are swizzled (Swizzle<2,3,3> over 64-byte rows), so the
//   ldmatrix reads are free of bank conflicts.
// * Shared -> registers with ldmatrix (x4 for A, x2 for B), tiled like the
//   MMA's A and B operands (make_tiled_copy_A/B).
// * A 2x2 grid of SM80 16x8x16 mma.sync atoms (tiled MMA 32x16x16), each
//   thread accumulating its 64 f32 values of the 128x128 tile in registers.
// * Epilogue: the accumulators straight to global memory (tile-aligned:
//   M and N multiples of 128, K a multiple of 32).
//
// Compile: cute compile examples/gemm_sm80.mlir --chip sm_80 -o gemm.ptx
// Launch:  grid (M/128, N/128), block 128; pointers 16-byte aligned.
//
// The leading dimensions are `?{div=8,i64}` strides (issue 35): every
// global offset is computed in 64 bits, so A, B and C may hold more than
// 2^31 elements (an LM head: N = 152,064 x K = 16,384), while the extents
// stay i32 and the main loop's in-tile offsets 32-bit (the same 140
// instructions per 64 MMAs as with i32 strides).

!gv = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,?):(?{div=8,i64},1)">>
!cv = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(?,?):(?{div=4,i64},1)">>
!swz = !cute.composed_layout<"S<2,3,3> o 0 o (128,32,3):(32,1,4096)">
!sv = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swz>
!mma_atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!mma_atom, !cute.layout<"(2,2,1):(1,2,0)">>
!cp_atom = !cute_nvgpu.atom.simt_async_copy<16, f16>
!g2s = !cute.tiled_copy<!cp_atom, !cute.layout<"((4,32),8):((256,1),32)">, !cute.tile<"[32:1;32:1]">>
!ldsm_a = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
!ldsm_b = !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
!store = !cute_nvgpu.atom.universal_copy<f32>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm(%pA: !cute.ptr<f16, gmem, align<16>>, %pB: !cute.ptr<f16, gmem, align<16>>,
                 %pC: !cute.ptr<f32, gmem, align<16>>, %M: i32, %N: i32, %K: i32) kernel {
    // The global tensors (K-major A and B, row-major C).
    %shA = cute.make_int_tuple(%M, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %K64 = arith.extsi %K : i32 to i64
    %stA = cute.make_int_tuple(%K64) : (i64) -> !cute.stride<"(?{div=8,i64},1)">
    %lA = cute.make_layout_raw %shA, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mA = cute.make_view %pA, %lA : !gv
    %shB = cute.make_int_tuple(%N, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %lB = cute.make_layout_raw %shB, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mB = cute.make_view %pB, %lB : !gv
    %shC = cute.make_int_tuple(%M, %N) : (i32, i32) -> !cute.shape<"(?,?)">
    %N64 = arith.extsi %N : i32 to i64
    %stC = cute.make_int_tuple(%N64) : (i64) -> !cute.stride<"(?{div=4,i64},1)">
    %lC = cute.make_layout_raw %shC, %stC : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=4,i64},1)">) -> !cute.layout<"(?,?):(?{div=4,i64},1)">
    %mC = cute.make_view %pC, %lC : !cv

    // This CTA's tiles: A and B as (128, 32, k-tiles), C as 128x128.
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">
    %tile_k = cute.static : !cute.tile<"[128:1;32:1]">
    %cA = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,_)">
    %gA = cute.local_tile(%mA, %tile_k, %cA) : (!gv, !cute.tile<"[128:1;32:1]">, !cute.coord<"(?,_)">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>
    %cB = cute.make_int_tuple(%by) : (i32) -> !cute.coord<"(?,_)">
    %gB = cute.local_tile(%mB, %tile_k, %cB) : (!gv, !cute.tile<"[128:1;32:1]">, !cute.coord<"(?,_)">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>
    %tile_c = cute.static : !cute.tile<"[128:1;128:1]">
    %cC = cute.make_int_tuple(%bx, %by) : (i32, i32) -> !cute.coord<"(?,?)">
    %gC = cute.local_tile(%mC, %tile_c, %cC) : (!cv, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(128,128):(?{div=4,i64},1)">>

    // Shared memory: three swizzled 128x32 stages of A and of B (2 x 24 KiB).
    %swz = cute.static : !swz
    %sAp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<1024>>
    %sA = cute.make_view %sAp, %swz : !sv
    %sBp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<1024>>
    %sB = cute.make_view %sBp, %swz : !sv

    // Global -> shared: 128 threads as 32 rows x 4 chunks of 8 halves.
    %cp_atom = cute.make_atom : !cp_atom
    %g2s = cute.make_tiled_copy %cp_atom : !g2s
    %tAgA = cute.tiled.copy.partition_S %g2s, %gA, %tid : (!g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>
    %tAsA = cute.tiled.copy.partition_D %g2s, %sA, %tid : (!g2s, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>
    %tBgB = cute.tiled.copy.partition_S %g2s, %gB, %tid : (!g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>
    %tBsB = cute.tiled.copy.partition_D %g2s, %sB, %tid : (!g2s, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>

    // The tiled MMA and this thread's partitions.
    %mma_atom = cute.make_atom : !mma_atom
    %mma = cute.make_tiled_mma %mma_atom : !mma
    %tCgC = cute.tiled.mma.partition_C %mma, %gC, %tid : (!mma, !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(128,128):(?{div=4,i64},1)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">>

    // Register fragments: CuTe's make_fragment_like of this thread's MMA
    // partitions (A and B of one pipeline stage, and C).
    %tCsA = cute.tiled.mma.partition_A %mma, %sA, %tid : (!mma, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2,2),4,2,3):((1,256,8),1024,16,4096)">>
    %tCsB = cute.tiled.mma.partition_B %mma, %sB, %tid : (!mma, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2),8,2,3):((1,8),512,16,4096)">>
    %stage0 = cute.static : !cute.coord<"(_,_,_,0)">
    %tCsA0 = cute.slice(%tCsA, %stage0) : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2,2),4,2,3):((1,256,8),1024,16,4096)">>, !cute.coord<"(_,_,_,0)">
    %tCsB0 = cute.slice(%tCsB, %stage0) : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2),8,2,3):((1,8),512,16,4096)">>, !cute.coord<"(_,_,_,0)">
    %tCrA = cute.make_fragment_like %tCsA0 : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2,2),4,2):((1,256,8),1024,16)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>
    %tCrB = cute.make_fragment_like %tCsB0 : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2),8,2):((1,8),512,16)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8,2):((1,2),8,4)">>
    %acc = cute.make_fragment_like %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index

    // Shared -> registers: ldmatrix tiled like the MMA's A and B.
    %ldsm_a = cute.make_atom : !ldsm_a
    %s2r_a = cute.make_tiled_copy_A %ldsm_a, %mma : (!ldsm_a, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>
    %tXsA = cute.tiled.copy.partition_S %s2r_a, %sA, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,2,3):((1,0),1024,16,4096)">>
    %ldsm_b = cute.make_atom : !ldsm_b
    %s2r_b = cute.make_tiled_copy_B %ldsm_b, %mma : (!ldsm_b, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
    %tXsB = cute.tiled.copy.partition_S %s2r_b, %sB, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),8,2,3):((1,0),512,16,4096)">>

    %c32 = arith.constant 32 : i32
    %k_tiles_i32 = arith.divsi %K, %c32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index

    // Prologue: k-tiles 0 and 1 into stages 0 and 1 (one cp.async group each).
    scf.for %s = %c0 to %c2 step %c1 {
      %valid = arith.cmpi slt, %s, %k_tiles : index
      scf.if %valid {
        %si = arith.index_cast %s : index to i32
        %kg = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,_,?)">
        %a_src = cute.slice(%tAgA, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %a_dst = cute.slice(%tAsA, %kg) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %a_src, %a_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
        %b_src = cute.slice(%tBgB, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %b_dst = cute.slice(%tBsB, %kg) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %b_src, %b_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
      }
      nvvm.cp.async.commit.group
    }

    // Main loop: wait for k-tile kt, issue k-tile kt+2 into the stage read
    // one iteration ago, then ldmatrix + mma.sync over the two 16-wide
    // k-blocks of stage kt % 3.
    scf.for %kt = %c0 to %k_tiles step %c1 {
      nvvm.cp.async.wait.group 1
      gpu.barrier
      %next = arith.addi %kt, %c2 : index
      %more = arith.cmpi slt, %next, %k_tiles : index
      scf.if %more {
        %ni = arith.index_cast %next : index to i32
        %ns = arith.remui %next, %c3 : index
        %nsi = arith.index_cast %ns : index to i32
        %kg = cute.make_int_tuple(%ni) : (i32) -> !cute.coord<"(_,_,_,?)">
        %ks = cute.make_int_tuple(%nsi) : (i32) -> !cute.coord<"(_,_,_,?)">
        %a_src = cute.slice(%tAgA, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %a_dst = cute.slice(%tAsA, %ks) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %a_src, %a_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
        %b_src = cute.slice(%tBgB, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %b_dst = cute.slice(%tBsB, %ks) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %b_src, %b_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
      }
      nvvm.cp.async.commit.group
      %stage = arith.remui %kt, %c3 : index
      %stage_i = arith.index_cast %stage : index to i32
      %cs = cute.make_int_tuple(%stage_i) : (i32) -> !cute.coord<"(_,_,_,?)">
      %xa = cute.slice(%tXsA, %cs) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,2,3):((1,0),1024,16,4096)">>, !cute.coord<"(_,_,_,?)">
      cute.copy %s2r_a, %xa, %tCrA : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,2):((1,0),1024,16)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>
      %xb = cute.slice(%tXsB, %cs) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),8,2,3):((1,0),512,16,4096)">>, !cute.coord<"(_,_,_,?)">
      cute.copy %s2r_b, %xb, %tCrB : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),8,2):((1,0),512,16)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8,2):((1,2),8,4)">>
      cute.gemm %mma, %acc, %tCrA, %tCrB, %acc : !mma, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8,2):((1,2),8,4)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    }

    // Epilogue: each thread's accumulators to its partition of C.
    %store = cute.make_atom : !store
    cute.copy %store, %acc, %tCgC : !store, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">>
    gpu.return
  }
}
}
