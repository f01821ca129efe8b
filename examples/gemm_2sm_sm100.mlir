// A Blackwell GEMM on a CTA pair (CuTe's 2x1SM UMMA atoms, the CuTe DSL's
// dense_gemm with use_2cta_instrs), in its plainest form:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)     A: M x K, B: N x K (both K-major),
//                                      C: M x N row-major; bf16 inputs,
//                                      f32 accumulation in tensor memory.
//
// * A cluster of 2 CTAs computes a 256x256 tile of C with one
//   tcgen05.mma.cta_group::2 256x256x16 per k-block: each CTA of the pair
//   holds 128 rows of A, 128 rows of B (its half of N) and, in its tensor
//   memory, its 128 rows of the accumulator (256 columns, allocated by the
//   pair together: the TMEM cache's tcgen05.alloc.cta_group::2).
// * Each k-tile (64 deep): every thread copies its row of the CTA's A and B
//   halves from global memory into 128-byte swizzled shared tiles, fences
//   them for the async proxy, and the cluster barrier tells the even CTA
//   both halves are in; its thread 0 issues the four UMMAs of the k-tile
//   and commits them to the "mma" mbarrier of both CTAs
//   (`commit_multicast`, mask 0b11), on which every thread of both waits
//   before the tiles are overwritten. The mbarriers are initialized before
//   the first cluster barrier, which orders them before the commit.
// * Epilogue: each thread reads its accumulator row (its CTA's lane tid)
//   32 columns at a time (tcgen05.ld) and stores it to C.
//
// Compile: cute compile examples/gemm_2sm_sm100.mlir --chip sm_100a
// Launch:  grid (M/128, N/256), block 128, clusters of 2 along x (the
//          kernel declares them); M a multiple of 256, N of 256, K of 64
//          (examples/launch/gemm_2sm_sm100.launch.json).

!Bar = !cute.ptr<i64, smem, align<8>>
!tile_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64):(64,1)">
!Tile = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !tile_l>
!s_row = !cute.view<!cute.ptr<bf16, smem, align<128>>, !cute.composed_layout<"S<3,3,3> o 0 o (64):(1)">>
!g_row = !cute.view<!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"64:1">>
// The k-tile as cute.gemm takes it: (V, M, K) with V one UMMA's 128x16
// share of this CTA, four k-blocks of 16.
!mma_l = !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">
!MmaTile = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !mma_l>
!acc_l = !cute.layout<"((128,256),1,1):((65536,1),0,0)">
!Acc = !cute.view<!cute.ptr<f32, tmem>, !acc_l>
!Pair = !cute_nvgpu.sm100.mma<256x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
!t_chunk = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!r_chunk = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"32:1">>
!g_chunk = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"32:1">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @gemm_2sm(%pA: !cute.ptr<bf16, gmem, align<16>>, %pB: !cute.ptr<bf16, gmem, align<16>>,
                      %pC: !cute.ptr<f32, gmem, align<16>>, %N: i32, %K: i32)
      attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c256 = arith.constant 256 : i32
    %pair_mask = arith.constant 3 : i16
    %lane_stride = arith.constant 65536 : i32
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid = arith.index_cast %tid_index : index to i32
    %leader = arith.cmpi eq, %tid_index, %c0 : index
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %even = arith.cmpi eq, %rank, %zero : i32
    %issuer = arith.andi %leader, %even : i1
    // This CTA's rows of A and C (128 of the pair's 256) and of B (its half
    // of the pair's 256 columns of C).
    %m_row = arith.muli %bx, %c128 : i32
    %n0 = arith.muli %by, %c256 : i32
    %b_half = arith.muli %rank, %c128 : i32
    %n_row = arith.addi %n0, %b_half : i32
    %k_tiles_i32 = arith.divui %K, %c64 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index

    %pSA = cute.alloc_smem 8192 : !cute.ptr<bf16, smem, align<1024>>
    %pSB = cute.alloc_smem 8192 : !cute.ptr<bf16, smem, align<1024>>
    %mma_bar = cute.alloc_smem 1 : !Bar
    %tile_l = cute.static : !tile_l
    %sA = cute.make_view %pSA, %tile_l : !Tile
    %sB = cute.make_view %pSB, %tile_l : !Tile
    %mma_l = cute.static : !mma_l
    %mA = cute.make_view %pSA, %mma_l : !MmaTile
    %mB = cute.make_view %pSB, %mma_l : !MmaTile
    %handle = arith.constant 0 : i32
    %columns = arith.constant 256 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %columns : i32 -> !cute.ptr<f32, tmem>
    %acc_l = cute.static : !acc_l
    %acc = cute.make_view %tmem, %acc_l : !Acc
    %copy = cute.make_atom : !cute_nvgpu.atom.universal_copy<bf16>
    %row_l = cute.static : !cute.layout<"64:1">
    scf.if %leader {
      cute_nvgpu.arch.mbarrier.init %mma_bar, %one : !Bar
      nvvm.fence.mbarrier.init
    }
    // Thread t's rows: A row m_row + t, B row n_row + t (K elements apart).
    %a_row = arith.addi %m_row, %tid : i32
    %b_row = arith.addi %n_row, %tid : i32
    %a_base = arith.muli %a_row, %K : i32
    %b_base = arith.muli %b_row, %K : i32
    %at = cute.make_int_tuple(%tid) : (i32) -> !cute.coord<"(?,_)">
    %sa_row = cute.slice(%sA, %at) : !Tile, !cute.coord<"(?,_)">
    %sb_row = cute.slice(%sB, %at) : !Tile, !cute.coord<"(?,_)">
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %kt_i32 = arith.index_cast %kt : index to i32
      %k0 = arith.muli %kt_i32, %c64 : i32
      %a_off = arith.addi %a_base, %k0 : i32
      %b_off = arith.addi %b_base, %k0 : i32
      %ga = cute.add_offset %pA, %a_off : !cute.ptr<bf16, gmem, align<16>>, i32
      %gb = cute.add_offset %pB, %b_off : !cute.ptr<bf16, gmem, align<16>>, i32
      %ga_row = cute.make_view %ga, %row_l : !g_row
      %gb_row = cute.make_view %gb, %row_l : !g_row
      cute.copy_atom_call %copy, %ga_row, %sa_row : !cute_nvgpu.atom.universal_copy<bf16>, !g_row, !s_row
      cute.copy_atom_call %copy, %gb_row, %sb_row : !cute_nvgpu.atom.universal_copy<bf16>, !g_row, !s_row
      // UMMA reads the tiles through the async proxy; the cluster barrier
      // tells the even CTA both CTAs' halves are in.
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      nvvm.cluster.arrive
      nvvm.cluster.wait
      scf.if %issuer {
        %umma = cute.make_atom : !Pair
        %not_first = arith.cmpi ne, %kt, %c0 : index
        cute.gemm %umma, %acc, %mA, %mB, %acc accumulate(%not_first) : !Pair, !Acc, !MmaTile, !MmaTile, !Acc
        cute_nvgpu.arch.sm100.commit_multicast %mma_bar, %pair_mask {cta_group = 2 : i32} : !Bar
      }
      // The k-tile's UMMAs are done: the tiles may be overwritten, and after
      // the last one the accumulator is complete.
      %phase = arith.andi %kt_i32, %one : i32
      cute_nvgpu.arch.mbarrier.wait %mma_bar, %phase : !Bar
    }

    // Epilogue: thread t moves its accumulator row (lane t) to C.
    %five = arith.constant 5 : i32
    %warp = arith.shrui %tid, %five : i32
    %warp_row = arith.muli %warp, %c32 : i32
    %lane_base = arith.muli %warp_row, %lane_stride : i32
    %c_row = arith.muli %a_row, %N : i32
    %c_start = arith.addi %c_row, %n0 : i32
    %tmem_load = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    %store = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    %chunk_l = cute.static : !cute.layout<"32:1">
    %frag = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
    %r = cute.make_view %frag, %chunk_l : !r_chunk
    scf.for %c = %c0 to %c8 step %c1 {
      %ci = arith.index_cast %c : index to i32
      %col = arith.muli %ci, %c32 : i32
      %t_offset = arith.addi %lane_base, %col : i32
      %tp = cute.add_offset %tmem, %t_offset : !cute.ptr<f32, tmem>, i32
      %t = cute.make_view %tp, %chunk_l : !t_chunk
      cute.copy_atom_call %tmem_load, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !t_chunk, !r_chunk
      %g_offset = arith.addi %c_start, %col : i32
      %gp = cute.add_offset %pC, %g_offset : !cute.ptr<f32, gmem, align<16>>, i32
      %g = cute.make_view %gp, %chunk_l : !g_chunk
      cute.copy_atom_call %store, %r, %g : !cute_nvgpu.atom.universal_copy<f32>, !r_chunk, !g_chunk
    }
    return
  }
}
}
