// A Blackwell GEMM in cute IR, written as CUTLASS's sm100 UMMA + TMA
// mainloop (the CuTe DSL's blackwell dense_gemm, one CTA, no cluster)
// writes it:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)     A: M x K, B: N x K (both K-major),
//                                      C: M x N row-major; bf16 inputs,
//                                      f32 accumulation in tensor memory.
//
// * CTA tile 128x256x64, 128 threads. Tensor memory: 256 columns of the
//   128 lanes hold the 128x256 f32 accumulator (the per-function TMEM cache
//   allocates them once, warp 0, and frees them before exit).
// * A 4-stage TMA pipeline into 128-byte swizzled shared memory (a 64x128
//   box of A and a 64x256 box of B per stage, 48 KiB) on "full" mbarriers.
// * One thread issues everything, as CuTe's elected thread does: it waits
//   for a stage, issues the k-tile's 4 UMMAs 128x256x16 (tcgen05.mma from
//   GMMA-style shared-memory descriptors; the first k-tile overwrites the
//   accumulator), commits them to the stage's "empty" mbarrier, and once
//   they have read the stage refills it with the k-tile 4 ahead.
// * Epilogue (CUTLASS's TMA epilogue): a commit to a "done" mbarrier; then
//   each warp reads its 32 lanes of the accumulator, 32 columns at a time
//   (tcgen05.ld 32x32b.x32), into a 128-byte swizzled shared C tile (in
//   B's stages, which the finished UMMAs no longer read); the async-proxy
//   fence, a CTA barrier, and one thread's TMA store of the 128x256 tile
//   (eight 32-column boxes) in a bulk async-group.
//
// Compile: cute compile examples/gemm_sm100.mlir --chip sm_100a -o gemm.ptx
// Launch:  grid (ceil(M/128), ceil(N/256)), block 128, the dynamic shared
//          memory that `cute compile --launch-info` reports; tensor maps
//          made with cuTensorMapEncodeTiled: A bf16 {K, M} box {64, 128},
//          B bf16 {K, N} box {64, 256}, C f32 {N, M} box {32, 128}, all
//          CU_TENSOR_MAP_SWIZZLE_128B, out-of-bounds fill zero.
//          Any M, N, K >= 1 that TMA can describe (16-byte row strides: K a
//          multiple of 8, N of 4): boxes past M, N or K load zeros (and
//          still complete their bytes), the residue k-tile adds them, and
//          the TMA store clips the edge tiles.

!DA = !cute_nvgpu.tma_descriptor<bf16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DB = !cute_nvgpu.tma_descriptor<bf16, box = [64, 256], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!LoadA = !cute_nvgpu.atom.tma_load<bf16, rank = 2>
!StoreC = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The stages of A and B as UMMA reads them, (M/N, K, stage), and as TMA
// writes them, (K, M/N, stage).
!a_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64,4):(64,1,8192)">
!a_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128,4):(1,64,8192)">
!b_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (256,64,4):(64,1,16384)">
!b_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,256,4):(1,64,16384)">
!sa = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !a_mma_l>
!ta = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !a_tma_l>
!sb = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !b_mma_l>
!tb = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !b_tma_l>
!ta_stage = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!tb_stage = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,256):(1,64)">>
// The accumulator in tensor memory: lane m, column n (address m << 16 | n).
!acc_l = !cute.layout<"(128,256):(65536,1)">
!acc = !cute.view<!cute.ptr<f32, tmem>, !acc_l>
!umma_atom = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
!umma = !cute.tiled_mma<!umma_atom, !cute.layout<"(1,1,1):(0,0,0)">>
// One thread's chunk of its accumulator row: 32 columns, in TMEM and in
// registers.
!t_chunk = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!r_chunk = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"32:1">>
// The C tile in shared memory as the threads write it, (M, N), and as TMA
// stores it, (N, M): eight 32-column boxes of 128-byte swizzled rows.
!c_smem_l = !cute.composed_layout<"S<3,2,3> o 0 o (128,(32,8)):(32,(1,4096))">
!c_tma_l = !cute.composed_layout<"S<3,2,3> o 0 o ((32,8),128):((1,4096),32)">
!c_smem = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_smem_l>
!c_tma = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_tma_l>
// The elected thread's partitions (the whole tiles: UMMA is one thread's).
!pa = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,4):((64,1),0,16,8192)">>
!pb = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((256,16),1,4,4):((64,1),0,16,16384)">>
!pc = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"((128,256),1,1):((65536,1),0,0)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @gemm(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DB {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %K: i32) attributes {cute.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %lane_stride = arith.constant 65536 : i32
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid = arith.index_cast %tid_index : index to i32
    %m0 = arith.muli %bx, %c128_i32 : i32
    %n0 = arith.muli %by, %c256_i32 : i32
    %leader = arith.cmpi eq, %tid_index, %c0 : index
    // ceil(K / 64): the residue k-tile is zero-filled past K by the TMA.
    %c63_i32 = arith.constant 63 : i32
    %k_round = arith.addi %K, %c63_i32 : i32
    %k_tiles_i32 = arith.divui %k_round, %c64_i32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index

    // Shared memory: 4 stages of A (16 KiB) and B (32 KiB), and the
    // mbarriers: full[4] (TMA -> MMA), empty[4] (MMA -> TMA), done.
    %pA = cute.alloc_smem 32768 : !cute.ptr<bf16, smem, align<1024>>
    %pB = cute.alloc_smem 65536 : !cute.ptr<bf16, smem, align<1024>>
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
    %load_a = cute.make_atom %tmaA : !DA -> : !LoadA
    %load_b = cute.make_atom %tmaB : !DB -> : !LoadA

    // The accumulator: 256 TMEM columns (allocated once, freed at exit).
    %handle = arith.constant 0 : i32
    %columns = arith.constant 256 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %columns : i32 -> !cute.ptr<f32, tmem>
    %acc_l = cute.static : !acc_l
    %acc = cute.make_view %tmem, %acc_l : !acc

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

    // The elected thread runs the pipeline.
    scf.if %leader {
      %umma_atom = cute.make_atom : !umma_atom
      %umma = cute.make_tiled_mma %umma_atom : !umma
      %zero_tid = cute.make_int_tuple(%zero_i32) : (i32) -> !cute.int_tuple<"?">
      %tCsA = cute.tiled.mma.partition_A %umma, %sA, %zero_tid : (!umma, !sa, !cute.int_tuple<"?">) -> !pa
      %tCsB = cute.tiled.mma.partition_B %umma, %sB, %zero_tid : (!umma, !sb, !cute.int_tuple<"?">) -> !pb
      %tCtC = cute.tiled.mma.partition_C %umma, %acc, %zero_tid : (!umma, !acc, !cute.int_tuple<"?">) -> !pc
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
          %k0 = arith.muli %si, %c64_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %a, [%k0, %m0] mbar(%f : !Bar) : !LoadA, !DA, !ta_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %b, [%k0, %n0] mbar(%f : !Bar) : !LoadA, !DB, !tb_stage
        }
      }
      // Main loop.
      scf.for %kt = %c0 to %k_tiles step %c1 {
        %s = arith.remui %kt, %c4 : index
        %use = arith.divui %kt, %c4 : index
        %si = arith.index_cast %s : index to i32
        %use_i32 = arith.index_cast %use : index to i32
        %phase = arith.andi %use_i32, %one_i32 : i32
        %f = cute.add_offset %full, %si : !Bar, i32
        %e = cute.add_offset %empty, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.wait %f, %phase : !Bar
        %stage = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,_,?)">
        %a = cute.slice(%tCsA, %stage) : !pa, !cute.coord<"(_,_,_,?)">
        %b = cute.slice(%tCsB, %stage) : !pb, !cute.coord<"(_,_,_,?)">
        %not_first = arith.cmpi ne, %kt, %c0 : index
        cute.gemm %umma, %tCtC, %a, %b, %tCtC accumulate(%not_first) : !umma, !pc, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((256,16),1,4):((64,1),0,16)">>, !pc
        cute_nvgpu.arch.sm100.commit %e : !Bar
        %next = arith.addi %kt, %c4 : index
        %more = arith.cmpi slt, %next, %k_tiles : index
        scf.if %more {
          // The stage is free once this k-tile's UMMAs have read it.
          cute_nvgpu.arch.mbarrier.wait %e, %phase : !Bar
          %sa = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,?)">
          %ta = cute.slice(%tA, %sa) : !ta, !cute.coord<"(_,_,?)">
          %tb = cute.slice(%tB, %sa) : !tb, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %f tx(%ta, %tb : !ta_stage, !tb_stage) : !Bar
          %next_i32 = arith.index_cast %next : index to i32
          %k0 = arith.muli %next_i32, %c64_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %ta, [%k0, %m0] mbar(%f : !Bar) : !LoadA, !DA, !ta_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %tb, [%k0, %n0] mbar(%f : !Bar) : !LoadA, !DB, !tb_stage
        }
      }
      cute_nvgpu.arch.sm100.commit %done : !Bar
    }

    // Epilogue: wait for the last UMMAs, then each thread moves its row of
    // the accumulator (lane 32 * warp + lane) to C, 32 columns at a time.
    cute_nvgpu.arch.mbarrier.wait %done, %zero_i32 : !Bar
    %five = arith.constant 5 : i32
    %warp = arith.shrui %tid, %five : i32
    %warp_row = arith.muli %warp, %c32_i32 : i32
    %lane_base = arith.muli %warp_row, %lane_stride : i32
    %tmem_load = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    %to_smem = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    %chunk_l = cute.static : !cute.layout<"32:1">
    %frag = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
    %r = cute.make_view %frag, %chunk_l : !r_chunk
    // The C tile over B's stages: the UMMAs that read them are done.
    %pCs = cute.recast %pB : !cute.ptr<bf16, smem, align<1024>> to !cute.ptr<f32, smem, align<1024>>
    %c_smem_l = cute.static : !c_smem_l
    %sC = cute.make_view %pCs, %c_smem_l : !c_smem
    scf.for %c = %c0 to %c8 step %c1 {
      %ci = arith.index_cast %c : index to i32
      %col = arith.muli %ci, %c32_i32 : i32
      %t_offset = arith.addi %lane_base, %col : i32
      %tp = cute.add_offset %tmem, %t_offset : !cute.ptr<f32, tmem>, i32
      %t = cute.make_view %tp, %chunk_l : !t_chunk
      cute.copy_atom_call %tmem_load, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !t_chunk, !r_chunk
      // Row tid, box c of the shared tile: one swizzled 128-byte row.
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
