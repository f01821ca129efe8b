// A Blackwell NVFP4 GEMM in cute IR: examples/gemm_blockscaled_sm100.mlir
// on 4-bit operands, the form CUTLASS's example 72 (blackwell nvfp4 GEMM)
// and the CuTe DSL's dense_blockscaled_gemm_persistent.py take for
// Float4E2M1FN with Float8E4M3FN scale factors every 16 elements:
//
//   C(m,n) = sum_k SFA(m,k/16) * A(m,k) * SFB(n,k/16) * B(n,k)
//            A: M x K e2m1, B: N x K e2m1 (both K-major, two elements a
//            byte, the lower k in the low nibble), SFA: M x K/16, SFB:
//            N x K/16 (ue4m3), C: M x N f32 (row-major), f32 accumulation
//            in tensor memory.
//
// * CTA tile 128x128x256, 128 threads. Tensor memory: 128 columns hold the
//   128x128 f32 accumulator; 256 more the scale factors of every 64-wide
//   k-block (one UMMA's K): k-block j's factors of A in columns 4j..4j+3,
//   of B in 128+4j..+3; row r's four factors (one per 16 of K) are the
//   four bytes of column r/32 at lane r%32, duplicated into all four
//   32-lane partitions (PTX ISA 9.7.16.10.7, .scale_vec::4X). K is a
//   multiple of 256 and at most 2048 (32 k-blocks).
// * A 4-stage TMA pipeline into 128-byte swizzled shared memory: a box of
//   128 bytes (256 elements) by 128 rows of A and one of B per stage. TMA
//   moves bytes, so the tensor maps are over bytes (UINT8 {K/2, M}), the
//   same transfer as CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B {K, M} box {256,
//   128}: packed e2m1 in shared memory has no padding (9.7.16.10.4.6). The
//   UMMA views the same bytes as e2m1 (cute.recast).
// * One thread issues the UMMAs: per k-tile, four 128x128x64
//   tcgen05.mma.kind::mxf4nvf4.block_scale.block16, each on its k-block's
//   slices of A and B and its scale-factor columns, commits them to the
//   stage's "empty" mbarrier and refills the stage with the k-tile 4 ahead.
// * Epilogue as examples/gemm_sm100.mlir: a commit to "done", tcgen05.ld
//   of each thread's accumulator row into a swizzled shared C tile, and one
//   thread's TMA store.
//
// Compile: cute compile examples/gemm_nvfp4_sm100.mlir --chip sm_100a -o gemm.ptx
// Launch:  grid (ceil(M/128), ceil(N/128)), block 128, the dynamic shared
//          memory that `cute compile --launch-info` reports; tensor maps
//          made with cuTensorMapEncodeTiled: A u8 {K/2, M} box {128, 128},
//          B u8 {K/2, N} box {128, 128}, C f32 {N, M} box {32, 128}, all
//          CU_TENSOR_MAP_SWIZZLE_128B, out-of-bounds fill zero; SFA, SFB
//          plain pointers to the factors, each row's K/16 bytes in k order
//          (the kernel reads them four at a time, as 32-bit words)
//          (examples/launch/gemm_nvfp4_sm100.launch.json).

!DA = !cute_nvgpu.tma_descriptor<i8, box = [128, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!LoadA = !cute_nvgpu.atom.tma_load<i8, rank = 2>
!StoreC = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The stages of A and of B as the UMMA reads them, in e2m1 elements (M/N,
// (K within a k-block, k-block), stage), and as TMA writes them, in bytes
// (K/2, M/N, stage): the 128-byte swizzle S<3,4,3> of bytes is S<3,5,3>
// of the packed 4-bit elements.
!mma_l = !cute.composed_layout<"S<3,5,3> o 0 o (128,(64,4),4):(256,(1,64),32768)">
!tma_l = !cute.composed_layout<"S<3,4,3> o 0 o (128,128,4):(1,128,16384)">
!s_mma = !cute.view<!cute.ptr<f4E2M1FN, smem, align<1024>>, !mma_l>
!s_tma = !cute.view<!cute.ptr<i8, smem, align<1024>>, !tma_l>
!tma_stage = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,128):(1,128)">>
!kblock = !cute.view<!cute.ptr<f4E2M1FN, smem, align<32>>, !cute.composed_layout<"S<3,5,3> o 0 o (128,64):(256,1)">>
// The accumulator in tensor memory: lane m, column n.
!acc = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
// The scale factors of every k-block in tensor memory (a word a row: the
// four ue4m3 factors of its 64 elements, one per 16):
// (rows, the 4 columns of a k-block, k-block, A or B).
!sf_all_l = !cute.layout<"(128,4,32,2):(65536,4,16,512)">
!sf_all = !cute.view<!cute.ptr<f8E4M3FN, tmem>, !sf_all_l>
!sf = !cute.view<!cute.ptr<f8E4M3FN, tmem>, !cute.layout<"(128,4):(65536,4)">>
!umma = !cute_nvgpu.sm100.mma_bs<128x128x64, ab_major = (k, k), elem_type = (f4E2M1FN, f4E2M1FN, f32), frag_kind = ss, sf_type = f8E4M3FN, sf_vec = 16>
// A thread's scale-factor words of one k-block (4 columns of its lane), in
// registers and in tensor memory.
!w4 = !cute.layout<"4:1">
!r_words = !cute.view<!cute.ptr<i32, rmem, align<16>>, !w4>
!t_words = !cute.view<!cute.ptr<i32, tmem>, !w4>
// The scale factors in global memory as words: (rows, k-blocks), k-block-major.
!g_sf = !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"(?,?):(?,1)">>
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
  func.func @gemm(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DA {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant},
                  %pSFA: !cute.ptr<i32, gmem>, %pSFB: !cute.ptr<i32, gmem>,
                  %M: i32, %N: i32, %K: i32) attributes {cute.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c5_i32 = arith.constant 5 : i32
    %c32_i32 = arith.constant 32 : i32
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
    %c6_i32 = arith.constant 6 : i32
    %c256_i32 = arith.constant 256 : i32
    %k_tiles_i32 = arith.divui %K, %c256_i32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
    %k_blocks_i32 = arith.shrui %K, %c6_i32 : i32
    %k_blocks = arith.index_cast %k_blocks_i32 : i32 to index

    // Shared memory: 4 stages of A and of B (16 KiB each), the mbarriers.
    %pA = cute.alloc_smem 65536 : !cute.ptr<i8, smem, align<1024>>
    %pB = cute.alloc_smem 65536 : !cute.ptr<i8, smem, align<1024>>
    %pA4 = cute.recast %pA : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f4E2M1FN, smem, align<1024>>
    %pB4 = cute.recast %pB : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f4E2M1FN, smem, align<1024>>
    %full = cute.alloc_smem 4 : !Bar
    %empty = cute.alloc_smem 4 : !Bar
    %done = cute.alloc_smem 1 : !Bar
    %mma_l = cute.static : !mma_l
    %tma_l = cute.static : !tma_l
    %sA = cute.make_view %pA4, %mma_l : !s_mma
    %tA = cute.make_view %pA, %tma_l : !s_tma
    %sB = cute.make_view %pB4, %mma_l : !s_mma
    %tB = cute.make_view %pB, %tma_l : !s_tma
    %load_a = cute.make_atom %tmaA : !DA -> : !LoadA
    %load_b = cute.make_atom %tmaB : !DA -> : !LoadA

    // Tensor memory: the accumulator, and the scale factors.
    %acc_handle = arith.constant 0 : i32
    %acc_columns = arith.constant 128 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %acc_handle, %acc_columns : i32 -> !cute.ptr<f32, tmem>
    %acc_l = cute.static : !cute.layout<"(128,128):(65536,1)">
    %acc = cute.make_view %tmem, %acc_l : !acc
    %sf_handle = arith.constant 1 : i32
    %sf_columns = arith.constant 256 : i32
    %sf_words = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %sf_handle, %sf_columns : i32 -> !cute.ptr<i32, tmem>
    %sf_bytes = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %sf_handle, %sf_columns : i32 -> !cute.ptr<f8E4M3FN, tmem>
    %sf_all_l = cute.static : !sf_all_l
    %tSF = cute.make_view %sf_bytes, %sf_all_l : !sf_all

    // The scale factors into tensor memory: thread t (warp w, lane l)
    // writes lane t; column 4j + c of k-block j holds row 32c + l's four
    // factors, byte s that of elements 16s..16s+15 of the k-block. Every
    // warp writes the same 32 rows a column, so each factor is in all four
    // lane partitions.
    %kb_stride = cute.make_int_tuple(%k_blocks_i32) : (i32) -> !cute.stride<"(?,1)">
    %sfa_shape = cute.make_int_tuple(%M, %k_blocks_i32) : (i32, i32) -> !cute.shape<"(?,?)">
    %sfa_l = cute.make_layout_raw %sfa_shape, %kb_stride : (!cute.shape<"(?,?)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,?):(?,1)">
    %mSFA = cute.make_view %pSFA, %sfa_l : !g_sf
    %sfb_shape = cute.make_int_tuple(%N, %k_blocks_i32) : (i32, i32) -> !cute.shape<"(?,?)">
    %sfb_l = cute.make_layout_raw %sfb_shape, %kb_stride : (!cute.shape<"(?,?)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,?):(?,1)">
    %mSFB = cute.make_view %pSFB, %sfb_l : !g_sf
    %warp = arith.shrui %tid, %c5_i32 : i32
    %c31_i32 = arith.constant 31 : i32
    %lane = arith.andi %tid, %c31_i32 : i32
    %warp_row = arith.muli %warp, %c32_i32 : i32
    // tcgen05.st 32x32b: lane l of the warp writes the address's lane + l.
    %lane_base = arith.muli %warp_row, %lane_stride : i32
    %w4 = cute.static : !w4
    %words_p = cute.alloc_rmem 4 : !cute.ptr<i32, rmem, align<16>>
    %words = cute.make_view %words_p, %w4 : !r_words
    %tmem_store = cute.make_atom : !cute_nvgpu.atom.tmem_store<i32>
    scf.for %j = %c0 to %k_blocks step %c1 {
      %ji = arith.index_cast %j : index to i32
      // A's factors, then B's (128 columns on).
      scf.for %c = %c0 to %c4 step %c1 {
        %ci = arith.index_cast %c : index to i32
        %row32 = arith.muli %ci, %c32_i32 : i32
        %row = arith.addi %row32, %lane : i32
        %ma = arith.addi %m0, %row : i32
        %in_m = arith.cmpi slt, %ma, %M : i32
        %va = scf.if %in_m -> (i32) {
          %at = cute.make_int_tuple(%ma, %ji) : (i32, i32) -> !cute.coord<"(?,?)">
          %w = cute.load %mSFA[%at] : !g_sf, !cute.coord<"(?,?)">
          scf.yield %w : i32
        } else {
          scf.yield %zero_i32 : i32
        }
        %at_c = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"?">
        cute.store %va, %words[%at_c] : !r_words, !cute.coord<"?">
      }
      %col_a = arith.muli %ji, %c4_i32 : i32
      %off_a = arith.addi %lane_base, %col_a : i32
      %ta_p = cute.add_offset %sf_words, %off_a : !cute.ptr<i32, tmem>, i32
      %ta = cute.make_view %ta_p, %w4 : !t_words
      cute.copy_atom_call %tmem_store, %words, %ta : !cute_nvgpu.atom.tmem_store<i32>, !r_words, !t_words
      scf.for %c = %c0 to %c4 step %c1 {
        %ci = arith.index_cast %c : index to i32
        %row32 = arith.muli %ci, %c32_i32 : i32
        %row = arith.addi %row32, %lane : i32
        %nb = arith.addi %n0, %row : i32
        %in_n = arith.cmpi slt, %nb, %N : i32
        %vb = scf.if %in_n -> (i32) {
          %at = cute.make_int_tuple(%nb, %ji) : (i32, i32) -> !cute.coord<"(?,?)">
          %w = cute.load %mSFB[%at] : !g_sf, !cute.coord<"(?,?)">
          scf.yield %w : i32
        } else {
          scf.yield %zero_i32 : i32
        }
        %at_c = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"?">
        cute.store %vb, %words[%at_c] : !r_words, !cute.coord<"?">
      }
      %col_b = arith.addi %col_a, %c128_i32 : i32
      %off_b = arith.addi %lane_base, %col_b : i32
      %tb_p = cute.add_offset %sf_words, %off_b : !cute.ptr<i32, tmem>, i32
      %tb = cute.make_view %tb_p, %w4 : !t_words
      cute.copy_atom_call %tmem_store, %words, %tb : !cute_nvgpu.atom.tmem_store<i32>, !r_words, !t_words
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
          %a = cute.slice(%tA, %stage) : !s_tma, !cute.coord<"(_,_,?)">
          %b = cute.slice(%tB, %stage) : !s_tma, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %f tx(%a, %b : !tma_stage, !tma_stage) : !Bar
          %k0 = arith.muli %si, %c128_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %a, [%k0, %m0] mbar(%f : !Bar) : !LoadA, !DA, !tma_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %b, [%k0, %n0] mbar(%f : !Bar) : !LoadA, !DA, !tma_stage
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
        scf.for %kb = %c0 to %c4 step %c1 {
          %kbi = arith.index_cast %kb : index to i32
          %at = cute.make_int_tuple(%kbi, %si) : (i32, i32) -> !cute.coord<"(_,(_,?),?)">
          %a = cute.slice(%sA, %at) : !s_mma, !cute.coord<"(_,(_,?),?)">
          %b = cute.slice(%sB, %at) : !s_mma, !cute.coord<"(_,(_,?),?)">
          %kt4 = arith.muli %kti, %c4_i32 : i32
          %j = arith.addi %kt4, %kbi : i32
          %ja = cute.make_int_tuple(%j) : (i32) -> !cute.coord<"(_,_,?,0)">
          %jb = cute.make_int_tuple(%j) : (i32) -> !cute.coord<"(_,_,?,1)">
          %sfa = cute.slice(%tSF, %ja) : !sf_all, !cute.coord<"(_,_,?,0)">
          %sfb = cute.slice(%tSF, %jb) : !sf_all, !cute.coord<"(_,_,?,1)">
          %later = arith.cmpi ne, %j, %zero_i32 : i32
          cute.mma_atom_call %atom, %acc, %a, %b, %acc scales(%sfa, %sfb : !sf, !sf) accumulate(%later) : !umma, !acc, !kblock, !kblock, !acc
        }
        cute_nvgpu.arch.sm100.commit %e : !Bar
        %next = arith.addi %kt, %c4 : index
        %more = arith.cmpi slt, %next, %k_tiles : index
        scf.if %more {
          // The stage is free once this k-tile's UMMAs have read it.
          cute_nvgpu.arch.mbarrier.wait %e, %phase : !Bar
          %st = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,?)">
          %ta = cute.slice(%tA, %st) : !s_tma, !cute.coord<"(_,_,?)">
          %tb = cute.slice(%tB, %st) : !s_tma, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %f tx(%ta, %tb : !tma_stage, !tma_stage) : !Bar
          %next_i32 = arith.index_cast %next : index to i32
          %k0 = arith.muli %next_i32, %c128_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %ta, [%k0, %m0] mbar(%f : !Bar) : !LoadA, !DA, !tma_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %tb, [%k0, %n0] mbar(%f : !Bar) : !LoadA, !DA, !tma_stage
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
    %pCs = cute.recast %pB : !cute.ptr<i8, smem, align<1024>> to !cute.ptr<f32, smem, align<1024>>
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
