// A Blackwell structured-sparse GEMM in cute IR: A is 2:4 sparse (in every
// four consecutive values of a row of K, two are zero), stored compressed
// with its metadata, as CUTLASS's sm100 sparse GEMM takes it:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)   A: M x K, 2:4 sparse along K, given as
//                                    Ac: M x K/2 f16 (the kept values) and
//                                    META: M x K/32 x 2 u16 (per row and
//                                    32-wide k-block, two 16-bit words for
//                                    its two halves of 16: four 4-bit
//                                    nibbles, one per group of four, each
//                                    two 2-bit indices: where in the group
//                                    the group's first and second kept
//                                    value go, PTX ISA 9.7.16.10.8.2);
//                                    B: N x K f16, K-major; C: M x N f32.
//
// * CTA tile 128x128, k-tiles of 64, 128 threads. Tensor memory: 128
//   columns hold the f32 accumulator, 128 more the metadata of every
//   32-wide k-block (one column each, as the UMMA reads it: rows m and
//   m + 8 of each 16 share a lane, the low and high 16 bits, and the two
//   halves of the k-block go to lanes L and L + 8, CUTLASS's tmem_e_frg;
//   written by tcgen05.st, each thread its own lane). K a multiple of 64,
//   at most 4096.
// * A 4-stage TMA pipeline: a 32x128 box of Ac (64-byte rows, 64-byte
//   swizzle) and a 64x128 box of B (128-byte swizzle) per stage.
// * One thread issues the UMMAs: per k-tile, two 128x128x32
//   tcgen05.mma.sp.kind::f16, each on its k-block's 16 kept values of A,
//   32 of B and its metadata column, commits them to the stage's "empty"
//   mbarrier and refills the stage with the k-tile 4 ahead.
// * Epilogue as examples/gemm_sm100.mlir.
//
// Compile: cute compile examples/gemm_sparse_sm100.mlir --chip sm_100a -o gemm.ptx
// Launch:  examples/launch/gemm_sparse_sm100.launch.json (tensor maps: Ac
//          f16 {K/2, M} box {32, 128} 64-byte swizzle, B f16 {K, N} box
//          {64, 128} and C f32 {N, M} box {32, 128} 128-byte swizzle).

!DA = !cute_nvgpu.tma_descriptor<f16, box = [32, 128], swizzle = 64, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DB = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!StoreC = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The stages of Ac and of B as the UMMA reads them, (M/N, (K within a
// k-block, k-block), stage), and as TMA writes them, (K, M/N, stage).
!a_mma_l = !cute.composed_layout<"S<2,3,3> o 0 o (128,(16,2),4):(32,(1,16),4096)">
!a_tma_l = !cute.composed_layout<"S<2,3,3> o 0 o (32,128,4):(1,32,4096)">
!b_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,(32,2),4):(64,(1,32),8192)">
!b_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128,4):(1,64,8192)">
!sa = !cute.view<!cute.ptr<f16, smem, align<1024>>, !a_mma_l>
!ta = !cute.view<!cute.ptr<f16, smem, align<1024>>, !a_tma_l>
!sb = !cute.view<!cute.ptr<f16, smem, align<1024>>, !b_mma_l>
!tb = !cute.view<!cute.ptr<f16, smem, align<1024>>, !b_tma_l>
!ta_stage = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<2,3,3> o 0 o (32,128):(1,32)">>
!tb_stage = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!a_kblock = !cute.view<!cute.ptr<f16, smem, align<32>>, !cute.composed_layout<"S<2,3,3> o 0 o (128,16):(32,1)">>
!b_kblock = !cute.view<!cute.ptr<f16, smem, align<64>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,32):(64,1)">>
// The accumulator in tensor memory: lane m, column n.
!acc = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
// The metadata of every k-block in tensor memory, (lanes, k-block), and
// one k-block's column as the UMMA takes it.
!e_all = !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"(128,128):(65536,1)">>
!e = !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"(128):(65536)">>
!umma = !cute_nvgpu.sm100.mma_sp<128x128x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
// A thread's metadata word of one k-block, in a register and in tensor
// memory.
!w1 = !cute.layout<"1:1">
!r_word = !cute.view<!cute.ptr<i32, rmem, align<4>>, !w1>
!t_word = !cute.view<!cute.ptr<i32, tmem>, !w1>
// The metadata in global memory: (rows, k-blocks, halves).
!g_meta = !cute.view<!cute.ptr<i16, gmem>, !cute.layout<"(?,?,2):(?,2,1)">>
// One thread's chunk of its accumulator row: 32 columns.
!t_chunk = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!r_chunk = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"32:1">>
// The C tile in shared memory as the threads write it, (M, N), and as TMA
// stores it, (N, M): four 32-column boxes of 128-byte swizzled rows.
!c_smem_l = !cute.composed_layout<"S<3,2,3> o 0 o (128,(32,4)):(32,(1,4096))">
!c_tma_l = !cute.composed_layout<"S<3,2,3> o 0 o ((32,4),128):((1,4096),32)">
!c_smem = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_smem_l>
!c_tma = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_tma_l>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @gemm(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DB {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %pMeta: !cute.ptr<i16, gmem>,
                  %M: i32, %K: i32) attributes {cute.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c3_i32 = arith.constant 3 : i32
    %c4_i32 = arith.constant 4 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %lane_stride = arith.constant 65536 : i32
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid = arith.index_cast %tid_index : index to i32
    %m0 = arith.muli %bx, %c128_i32 : i32
    %n0 = arith.muli %by, %c128_i32 : i32
    %leader = arith.cmpi eq, %tid_index, %c0 : index
    %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
    %k_blocks_i32 = arith.shrui %K, %c5_i32 : i32
    %k_blocks = arith.index_cast %k_blocks_i32 : i32 to index

    // Shared memory: 4 stages of Ac (8 KiB) and B (16 KiB), the mbarriers.
    %pA = cute.alloc_smem 16384 : !cute.ptr<f16, smem, align<1024>>
    %pB = cute.alloc_smem 32768 : !cute.ptr<f16, smem, align<1024>>
    %full = cute.alloc_smem 4 : !Bar
    %empty = cute.alloc_smem 4 : !Bar
    %done = cute.alloc_smem 1 : !Bar
    %a_mma_l = cute.static : !a_mma_l
    %a_tma_l = cute.static : !a_tma_l
    %b_mma_l = cute.static : !b_mma_l
    %b_tma_l = cute.static : !b_tma_l
    %sA = cute.make_view %pA, %a_mma_l : !sa
    %tA = cute.make_view %pA, %a_tma_l : !ta
    %sB = cute.make_view %pB, %b_mma_l : !sb
    %tB = cute.make_view %pB, %b_tma_l : !tb
    %load_a = cute.make_atom %tmaA : !DA -> : !Load
    %load_b = cute.make_atom %tmaB : !DB -> : !Load

    // Tensor memory: the accumulator, and the metadata.
    %acc_handle = arith.constant 0 : i32
    %acc_columns = arith.constant 128 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %acc_handle, %acc_columns : i32 -> !cute.ptr<f32, tmem>
    %acc_l = cute.static : !cute.layout<"(128,128):(65536,1)">
    %acc = cute.make_view %tmem, %acc_l : !acc
    %e_handle = arith.constant 1 : i32
    %e_columns = arith.constant 128 : i32
    %e_words = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %e_handle, %e_columns : i32 -> !cute.ptr<i32, tmem>
    %e_all_l = cute.static : !cute.layout<"(128,128):(65536,1)">
    %tE = cute.make_view %e_words, %e_all_l : !e_all

    // The metadata into tensor memory: thread t writes lane t, column j
    // for k-block j: rows r = 16 (t / 16) + t % 8 (low 16 bits) and r + 8
    // (high), the k-block's half (t / 8) % 2.
    %meta_shape = cute.make_int_tuple(%M, %k_blocks_i32) : (i32, i32) -> !cute.shape<"(?,?,2)">
    %row_stride = arith.muli %k_blocks_i32, %c2_i32 : i32
    %meta_stride = cute.make_int_tuple(%row_stride) : (i32) -> !cute.stride<"(?,2,1)">
    %meta_l = cute.make_layout_raw %meta_shape, %meta_stride : (!cute.shape<"(?,?,2)">, !cute.stride<"(?,2,1)">) -> !cute.layout<"(?,?,2):(?,2,1)">
    %mMeta = cute.make_view %pMeta, %meta_l : !g_meta
    %warp = arith.shrui %tid, %c5_i32 : i32
    %warp_row = arith.muli %warp, %c32_i32 : i32
    // tcgen05.st 32x32b: lane l of the warp writes the address's lane + l.
    %lane_base = arith.muli %warp_row, %lane_stride : i32
    %sixteens = arith.shrui %tid, %c4_i32 : i32
    %group_row = arith.muli %sixteens, %c16_i32 : i32
    %in_eight = arith.andi %tid, %c7_i32 : i32
    %row_lo = arith.addi %group_row, %in_eight : i32
    %row_hi = arith.addi %row_lo, %c8_i32 : i32
    %m_lo = arith.addi %m0, %row_lo : i32
    %m_hi = arith.addi %m0, %row_hi : i32
    %eighths = arith.shrui %tid, %c3_i32 : i32
    %half = arith.andi %eighths, %one_i32 : i32
    %w1 = cute.static : !w1
    %word_p = cute.alloc_rmem 1 : !cute.ptr<i32, rmem, align<4>>
    %word = cute.make_view %word_p, %w1 : !r_word
    %tmem_store = cute.make_atom : !cute_nvgpu.atom.tmem_store<i32>
    %first = cute.make_int_tuple() : () -> !cute.coord<"0">
    scf.for %j = %c0 to %k_blocks step %c1 {
      %ji = arith.index_cast %j : index to i32
      %lo_in = arith.cmpi slt, %m_lo, %M : i32
      %lo = scf.if %lo_in -> (i32) {
        %at = cute.make_int_tuple(%m_lo, %ji, %half) : (i32, i32, i32) -> !cute.coord<"(?,?,?)">
        %h = cute.load %mMeta[%at] : !g_meta, !cute.coord<"(?,?,?)">
        %w = arith.extui %h : i16 to i32
        scf.yield %w : i32
      } else {
        scf.yield %zero_i32 : i32
      }
      %hi_in = arith.cmpi slt, %m_hi, %M : i32
      %hi = scf.if %hi_in -> (i32) {
        %at = cute.make_int_tuple(%m_hi, %ji, %half) : (i32, i32, i32) -> !cute.coord<"(?,?,?)">
        %h = cute.load %mMeta[%at] : !g_meta, !cute.coord<"(?,?,?)">
        %w = arith.extui %h : i16 to i32
        scf.yield %w : i32
      } else {
        scf.yield %zero_i32 : i32
      }
      %hi_shifted = arith.shli %hi, %c16_i32 : i32
      %both = arith.ori %lo, %hi_shifted : i32
      cute.store %both, %word[%first] : !r_word, !cute.coord<"0">
      %off = arith.addi %lane_base, %ji : i32
      %tp = cute.add_offset %e_words, %off : !cute.ptr<i32, tmem>, i32
      %t = cute.make_view %tp, %w1 : !t_word
      cute.copy_atom_call %tmem_store, %word, %t : !cute_nvgpu.atom.tmem_store<i32>, !r_word, !t_word
    }
    // The stores before the elected thread's UMMAs: tcgen05.st waited for
    // (the atom's wait::st), then fence, CTA barrier, fence.
    cute_nvgpu.arch.sm100.fence "before"

    scf.if %leader {
      scf.for %s = %c0 to %c4 step %c1 {
        %si = arith.index_cast %s : index to i32
        %f = cute.add_offset %full, %si : !Bar, i32
        %e = cute.add_offset %empty, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %f, %one_i32 : !Bar
        cute_nvgpu.arch.mbarrier.init %e, %one_i32 : !Bar
      }
      cute_nvgpu.arch.mbarrier.init %done, %one_i32 : !Bar
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    cute_nvgpu.arch.sm100.fence "after"

    scf.if %leader {
      %atom = cute.make_atom : !umma
      // Prologue: k-tiles 0..3 into stages 0..3.
      scf.for %s = %c0 to %c4 step %c1 {
        %valid = arith.cmpi slt, %s, %k_tiles : index
        scf.if %valid {
          %si = arith.index_cast %s : index to i32
          %f = cute.add_offset %full, %si : !Bar, i32
          %stage = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,?)">
          %a = cute.slice(%tA, %stage) : !ta, !cute.coord<"(_,_,?)">
          %b = cute.slice(%tB, %stage) : !tb, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %f tx(%a, %b : !ta_stage, !tb_stage) : !Bar
          %ka = arith.muli %si, %c32_i32 : i32
          %kb = arith.muli %si, %c64_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %a, [%ka, %m0] mbar(%f : !Bar) : !Load, !DA, !ta_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %b, [%kb, %n0] mbar(%f : !Bar) : !Load, !DB, !tb_stage
        }
      }
      // Main loop.
      scf.for %kt = %c0 to %k_tiles step %c1 {
        %s = arith.remui %kt, %c4 : index
        %use = arith.divui %kt, %c4 : index
        %si = arith.index_cast %s : index to i32
        %kti = arith.index_cast %kt : index to i32
        %use_i32 = arith.index_cast %use : index to i32
        %phase = arith.andi %use_i32, %one_i32 : i32
        %f = cute.add_offset %full, %si : !Bar, i32
        %e = cute.add_offset %empty, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.wait %f, %phase : !Bar
        scf.for %kb = %c0 to %c2 step %c1 {
          %kbi = arith.index_cast %kb : index to i32
          %at = cute.make_int_tuple(%kbi, %si) : (i32, i32) -> !cute.coord<"(_,(_,?),?)">
          %a = cute.slice(%sA, %at) : !sa, !cute.coord<"(_,(_,?),?)">
          %b = cute.slice(%sB, %at) : !sb, !cute.coord<"(_,(_,?),?)">
          %kt2 = arith.muli %kti, %c2_i32 : i32
          %j = arith.addi %kt2, %kbi : i32
          %jt = cute.make_int_tuple(%j) : (i32) -> !cute.coord<"(_,?)">
          %meta = cute.slice(%tE, %jt) : !e_all, !cute.coord<"(_,?)">
          %later = arith.cmpi ne, %j, %zero_i32 : i32
          cute.mma_atom_call %atom, %acc, %a, %b, %acc metadata(%meta : !e) accumulate(%later) : !umma, !acc, !a_kblock, !b_kblock, !acc
        }
        cute_nvgpu.arch.sm100.commit %e : !Bar
        %next = arith.addi %kt, %c4 : index
        %more = arith.cmpi slt, %next, %k_tiles : index
        scf.if %more {
          // The stage is free once this k-tile's UMMAs have read it.
          cute_nvgpu.arch.mbarrier.wait %e, %phase : !Bar
          %st = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,?)">
          %ta = cute.slice(%tA, %st) : !ta, !cute.coord<"(_,_,?)">
          %tb = cute.slice(%tB, %st) : !tb, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %f tx(%ta, %tb : !ta_stage, !tb_stage) : !Bar
          %next_i32 = arith.index_cast %next : index to i32
          %ka = arith.muli %next_i32, %c32_i32 : i32
          %kb = arith.muli %next_i32, %c64_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %ta, [%ka, %m0] mbar(%f : !Bar) : !Load, !DA, !ta_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %tb, [%kb, %n0] mbar(%f : !Bar) : !Load, !DB, !tb_stage
        }
      }
      cute_nvgpu.arch.sm100.commit %done : !Bar
    }

    // Epilogue: wait for the last UMMAs, then each thread moves its row of
    // the accumulator (lane 32 * warp + lane) to C, 32 columns at a time.
    cute_nvgpu.arch.mbarrier.wait %done, %zero_i32 : !Bar
    %tmem_load = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    %to_smem = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    %chunk_l = cute.static : !cute.layout<"32:1">
    %frag = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
    %r = cute.make_view %frag, %chunk_l : !r_chunk
    // The C tile over B's stages: the UMMAs that read them are done.
    %pCs = cute.recast %pB : !cute.ptr<f16, smem, align<1024>> to !cute.ptr<f32, smem, align<1024>>
    %c_smem_l = cute.static : !c_smem_l
    %sC = cute.make_view %pCs, %c_smem_l : !c_smem
    scf.for %c = %c0 to %c4 step %c1 {
      %ci = arith.index_cast %c : index to i32
      %col = arith.muli %ci, %c32_i32 : i32
      %t_offset = arith.addi %lane_base, %col : i32
      %tp = cute.add_offset %tmem, %t_offset : !cute.ptr<f32, tmem>, i32
      %t = cute.make_view %tp, %chunk_l : !t_chunk
      cute.copy_atom_call %tmem_load, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !t_chunk, !r_chunk
      %at = cute.make_int_tuple(%tid, %ci) : (i32, i32) -> !cute.coord<"(?,(_,?))">
      %s_row = cute.slice(%sC, %at) : !c_smem, !cute.coord<"(?,(_,?))">
      cute.copy_atom_call %to_smem, %r, %s_row : !cute_nvgpu.atom.universal_copy<f32>, !r_chunk, !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.composed_layout<"S<3,2,3> o 0 o (32):(1)">>
    }
    // The TMA store reads the tile through the async proxy.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %leader {
      %c_tma_l = cute.static : !c_tma_l
      %tC = cute.make_view %pCs, %c_tma_l : !c_tma
      %store = cute.make_atom %tmaC : !DC -> : !StoreC
      cute_nvgpu.tma.copy %store, %tmaC, %tC, [%n0, %m0] : !StoreC, !DC, !c_tma
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }
}
}
