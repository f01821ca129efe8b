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
// * Any M, N >= 1 and K >= 8 a multiple of 8 (cp.async moves 16-byte
//   chunks: a row of A or B starts on 16 bytes), predicated CuTe's way
//   (CUTLASS's sm80 mainloop with residue): identity tensors tiled and
//   partitioned like A, B and C give every thread the coordinates of its
//   chunks and elements. The K residue is the first k-tile: A and B are
//   viewed from `ceil(K/32) * 32 - K` elements before their start, so
//   k-tile 0 holds the residue (its chunks before column 0 are zero-filled
//   by a predicated cp.async, src-size 0) and every later k-tile is whole;
//   the main loop predicates only the rows past M or N (zero-filled, never
//   read from memory). The epilogue stores each pair of adjacent
//   accumulators (8 bytes) whose coordinate is in bounds (`elem_less`).
//
// Compile: cute compile examples/gemm_sm80.mlir --chip sm_80 -o gemm.ptx
// Launch:  grid (ceil(M/128), ceil(N/128)), block 128; pointers 16-byte
//          aligned; K a multiple of 8, N of 4 (C's 16-byte rows).
//
// The leading dimensions are `?{div=8,i64}` strides (issue 35): every
// global offset is computed in 64 bits, so A, B and C may hold more than
// 2^31 elements (an LM head: N = 152,064 x K = 16,384), while the extents
// stay i32 and the main loop's in-tile offsets 32-bit.

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
!ct = !cute.coord_tensor<"(?,?)", "(?,?):(1@0,1@1)">
!ctile = !cute.coord_tensor<"(?,?)", "(128,32,?):(1@0,1@1,32@1)">
!cpart = !cute.coord_tensor<"(?,?)", "((8,1),4,1,?):((1@1,0),32@0,0,32@1)">
!pv4 = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"4:1">>
!pv64 = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"64:1">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm(%pA: !cute.ptr<f16, gmem, align<16>>, %pB: !cute.ptr<f16, gmem, align<16>>,
                 %pC: !cute.ptr<f32, gmem, align<16>>, %M: i32, %N: i32, %K: i32) kernel {
    // The k-tiles, ceil(K/32), and the residue shift: A and B are viewed
    // from `shift` elements before their start (CUTLASS's domain_offset by
    // the k residue), so that k-tile 0 is the partial one.
    %c5_i32 = arith.constant 5 : i32
    %c31_i32 = arith.constant 31 : i32
    %zero_i32 = arith.constant 0 : i32
    %K31 = arith.addi %K, %c31_i32 : i32
    %k_tiles_i32 = arith.shrsi %K31, %c5_i32 : i32
    %Kp = arith.shli %k_tiles_i32, %c5_i32 : i32
    %shift = arith.subi %Kp, %K : i32
    %pAs = cute.add_offset %pA, %shift rewind : !cute.ptr<f16, gmem, align<16>>, i32
    %pBs = cute.add_offset %pB, %shift rewind : !cute.ptr<f16, gmem, align<16>>, i32

    // The global tensors (K-major A and B, row-major C), A and B shifted.
    %shA = cute.make_int_tuple(%M, %Kp) : (i32, i32) -> !cute.shape<"(?,?)">
    %K64 = arith.extsi %K : i32 to i64
    %stA = cute.make_int_tuple(%K64) : (i64) -> !cute.stride<"(?{div=8,i64},1)">
    %lA = cute.make_layout_raw %shA, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mA = cute.make_view %pAs, %lA : !gv
    %shB = cute.make_int_tuple(%N, %Kp) : (i32, i32) -> !cute.shape<"(?,?)">
    %lB = cute.make_layout_raw %shB, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mB = cute.make_view %pBs, %lB : !gv
    // Their identity tensors over the same shifted k: origin (0, -shift).
    %neg_shift = arith.subi %zero_i32, %shift : i32
    %origin = cute.make_int_tuple(%zero_i32, %neg_shift) : (i32, i32) -> !cute.int_tuple<"(?,?)">
    %idA = cute.make_identity_layout(%shA) : !cute.shape<"(?,?)"> -> !cute.layout<"(?,?):(1@0,1@1)">
    %idtA = cute.make_view %origin, %idA : !ct
    %idB = cute.make_identity_layout(%shB) : !cute.shape<"(?,?)"> -> !cute.layout<"(?,?):(1@0,1@1)">
    %idtB = cute.make_view %origin, %idB : !ct
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
    %gcA = cute.local_tile(%idtA, %tile_k, %cA) : (!ct, !cute.tile<"[128:1;32:1]">, !cute.coord<"(?,_)">) -> !ctile
    %gcB = cute.local_tile(%idtB, %tile_k, %cB) : (!ct, !cute.tile<"[128:1;32:1]">, !cute.coord<"(?,_)">) -> !ctile
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

    %tAcA = cute.tiled.copy.partition_S %g2s, %gcA, %tid : (!g2s, !ctile, !cute.int_tuple<"?">) -> !cpart
    %tBcB = cute.tiled.copy.partition_S %g2s, %gcB, %tid : (!g2s, !ctile, !cute.int_tuple<"?">) -> !cpart

    // The copies' predicates, one byte per 16-byte chunk (the thread's four
    // rows): the row is in bounds (pAm, pBm), and in k-tile 0 the chunk is
    // not before column 0 (pA0, pB0). Computed once, before the pipeline.
    %l4 = cute.static : !cute.layout<"4:1">
    %pAm_p = cute.alloc_rmem 4 : !cute.ptr<i8, rmem>
    %pAm = cute.make_view %pAm_p, %l4 : !pv4
    %pA0_p = cute.alloc_rmem 4 : !cute.ptr<i8, rmem>
    %pA0 = cute.make_view %pA0_p, %l4 : !pv4
    %pBm_p = cute.alloc_rmem 4 : !cute.ptr<i8, rmem>
    %pBm = cute.make_view %pBm_p, %l4 : !pv4
    %pB0_p = cute.alloc_rmem 4 : !cute.ptr<i8, rmem>
    %pB0 = cute.make_view %pB0_p, %l4 : !pv4
    %p0 = arith.constant 0 : index
    %p1 = arith.constant 1 : index
    %p4 = arith.constant 4 : index
    scf.for %m = %p0 to %p4 step %p1 {
      %mi = arith.index_cast %m : index to i32
      %chunk = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"(0,?,0,0)">
      %at = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"?">
      %ca = cute.load %tAcA[%chunk] : !cpart, !cute.coord<"(0,?,0,0)">
      %ra, %ka = cute.get_leaves %ca : !cute.int_tuple<"(?,?)"> -> i32, i32
      %ra_in = arith.cmpi slt, %ra, %M : i32
      %ka_in = arith.cmpi sge, %ka, %zero_i32 : i32
      %a0_in = arith.andi %ra_in, %ka_in : i1
      %am8 = arith.extui %ra_in : i1 to i8
      %a08 = arith.extui %a0_in : i1 to i8
      cute.store %am8, %pAm[%at] : !pv4, !cute.coord<"?">
      cute.store %a08, %pA0[%at] : !pv4, !cute.coord<"?">
      %cb = cute.load %tBcB[%chunk] : !cpart, !cute.coord<"(0,?,0,0)">
      %rb, %kb = cute.get_leaves %cb : !cute.int_tuple<"(?,?)"> -> i32, i32
      %rb_in = arith.cmpi slt, %rb, %N : i32
      %kb_in = arith.cmpi sge, %kb, %zero_i32 : i32
      %b0_in = arith.andi %rb_in, %kb_in : i1
      %bm8 = arith.extui %rb_in : i1 to i8
      %b08 = arith.extui %b0_in : i1 to i8
      cute.store %bm8, %pBm[%at] : !pv4, !cute.coord<"?">
      cute.store %b08, %pB0[%at] : !pv4, !cute.coord<"?">
    } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}

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

    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index

    // Prologue: k-tile 0 (the residue) into stage 0, k-tile 1 into stage 1
    // (one cp.async group each).
    %one_i32 = arith.constant 1 : i32
    %kg0 = cute.make_int_tuple(%zero_i32) : (i32) -> !cute.coord<"(_,_,_,?)">
    %a_src0 = cute.slice(%tAgA, %kg0) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
    %a_dst0 = cute.slice(%tAsA, %kg0) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
    cute.copy %g2s, %a_src0, %a_dst0 pred(%pA0 : !pv4) : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
    %b_src0 = cute.slice(%tBgB, %kg0) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
    %b_dst0 = cute.slice(%tBsB, %kg0) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
    cute.copy %g2s, %b_src0, %b_dst0 pred(%pB0 : !pv4) : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
    nvvm.cp.async.commit.group
    %second = arith.cmpi sgt, %k_tiles_i32, %one_i32 : i32
    scf.if %second {
        %kg1 = cute.make_int_tuple(%one_i32) : (i32) -> !cute.coord<"(_,_,_,?)">
        %a_src1 = cute.slice(%tAgA, %kg1) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %a_dst1 = cute.slice(%tAsA, %kg1) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %a_src1, %a_dst1 pred(%pAm : !pv4) : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
        %b_src1 = cute.slice(%tBgB, %kg1) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %b_dst1 = cute.slice(%tBsB, %kg1) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %b_src1, %b_dst1 pred(%pBm : !pv4) : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
    }
    nvvm.cp.async.commit.group

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
        cute.copy %g2s, %a_src, %a_dst pred(%pAm : !pv4) : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
        %b_src = cute.slice(%tBgB, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %b_dst = cute.slice(%tBsB, %ks) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %b_src, %b_dst pred(%pBm : !pv4) : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
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

    // Epilogue: each thread's accumulators to its partition of C, a pair
    // of adjacent columns (8 bytes) per store where its coordinate is in
    // bounds. The partitions are regrouped as (2, rest): the value mode is
    // the pair, each rest coordinate (row, pair) has its predicate.
    %idtC = cute.make_identity_tensor(%shC) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
    %gcC = cute.local_tile(%idtC, %tile_c, %cC) : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,?)">) -> !cute.coord_tensor<"(?{div=128},?{div=128})", "(128,128):(1@0,1@1)">
    %tCcC = cute.tiled.mma.partition_C %mma, %gcC, %tid : (!mma, !cute.coord_tensor<"(?{div=128},?{div=128})", "(128,128):(1@0,1@1)">, !cute.int_tuple<"?">) -> !cute.coord_tensor<"(?,?{div=2})", "((2,2),4,8):((1@1,8@0),32@0,16@1)">
    %pairs_c = cute.static : !cute.layout<"(2,(2,4,8)):(1@1,(8@0,32@0,16@1))">
    %cC_origin = cute.get_iter %tCcC : (!cute.coord_tensor<"(?,?{div=2})", "((2,2),4,8):((1@1,8@0),32@0,16@1)">) -> !cute.int_tuple<"(?,?{div=2})">
    %cC2 = cute.make_view %cC_origin, %pairs_c : !cute.coord_tensor<"(?,?{div=2})", "(2,(2,4,8)):(1@1,(8@0,32@0,16@1))">
    %l64 = cute.static : !cute.layout<"64:1">
    %predC_p = cute.alloc_rmem 64 : !cute.ptr<i8, rmem>
    %predC = cute.make_view %predC_p, %l64 : !pv64
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %first = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"(0,?)">
      %at = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"?">
      %xy = cute.load %cC2[%first] : !cute.coord_tensor<"(?,?{div=2})", "(2,(2,4,8)):(1@1,(8@0,32@0,16@1))">, !cute.coord<"(0,?)">
      %in = cute.elem_less(%xy, %shC) : (!cute.int_tuple<"(?,?)">, !cute.shape<"(?,?)">) -> i1
      %in8 = arith.extui %in : i1 to i8
      cute.store %in8, %predC[%at] : !pv64, !cute.coord<"?">
    } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    %pairs = cute.static : !cute.layout<"(2,(2,4,8)):(1,(2,4,16))">
    %acc_p = cute.get_iter %acc : (!cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>) -> !cute.ptr<f32, rmem, align<16>>
    %acc2 = cute.make_view %acc_p, %pairs : !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(2,(2,4,8)):(1,(2,4,16))">>
    %gl = cute.get_layout %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">>
    %gf = cute.flatten(%gl) : (!cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">) -> !cute.layout<"(2,2,4,8):(1,?{div=32,i64},?{div=128,i64},16)">
    %gg = cute.group_modes<1, 4>(%gf) : (!cute.layout<"(2,2,4,8):(1,?{div=32,i64},?{div=128,i64},16)">) -> !cute.layout<"(2,(2,4,8)):(1,(?{div=32,i64},?{div=128,i64},16))">
    %gC_p = cute.get_iter %tCgC : (!cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">>) -> !cute.ptr<f32, gmem, align<8>>
    %gC2 = cute.make_view %gC_p, %gg : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"(2,(2,4,8)):(1,(?{div=32,i64},?{div=128,i64},16))">>
    %store = cute.make_atom : !store
    cute.copy %store, %acc2, %gC2 pred(%predC : !pv64) : !store, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(2,(2,4,8)):(1,(2,4,16))">>, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"(2,(2,4,8)):(1,(?{div=32,i64},?{div=128,i64},16))">>
    gpu.return
  }
}
}
