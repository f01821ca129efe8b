// The Blackwell GEMM as users run it: CUTLASS's warp-specialized,
// persistent sm100 kernel (the CuTe DSL's blackwell dense_gemm_persistent.py)
// in cute IR:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)     A: M x K, B: N x K (both K-major),
//                                      C: M x N row-major; bf16 inputs,
//                                      f32 accumulation and output.
//
// * 192 threads, each warp a role: warp 0 issues the TMA loads, warp 1 the
//   UMMAs (tcgen05.mma 128x256x16, one thread), warps 2..5 are the
//   epilogue (warp w reads tensor-memory lanes 32 (w % 4) ..: the lane
//   quarter a warp may access).
// * The accumulator is double-buffered in tensor memory (2 x 256 of the 512
//   columns): the MMA warp computes tile i + 1 into one buffer while the
//   epilogue drains tile i from the other. acc_full[b] (the MMA warp's
//   tcgen05.commit after a tile's last k-tile) and acc_empty[b] (the 128
//   epilogue threads, after their tcgen05.ld of the buffer completed) hand
//   the buffers over.
// * Persistent: CTA b computes tiles b, b + grid, ... of the ceil(M/128) x
//   ceil(N/256) tile grid (cute.idx2crd: a FastDivmod). One 3-stage TMA
//   pipeline runs across the tiles (full[s] armed by the TMA warp, empty[s]
//   committed by the MMA warp when its UMMAs have read the stage).
// * Epilogue: per half tile, 4 x 32 columns through tcgen05.ld into a
//   128-byte swizzled shared C tile (64 KiB, four 32-column boxes), the
//   async-proxy fence, the epilogue warps' named barrier, four TMA stores by
//   one thread, which waits for their reads before the tile is reused.
//
// Compile: cute compile examples/gemm_ws_sm100.mlir --chip sm_100a -o gemm.ptx
// Launch:  grid (min(#SMs, ceil(M/128) * ceil(N/256))), block 192, the
//          dynamic shared memory `cute compile --launch-info` reports;
//          tensor maps as gemm_sm100.mlir's (A bf16 {K, M} box {64, 128},
//          B bf16 {K, N} box {64, 256}, C f32 {N, M} box {32, 128}; 128-byte
//          swizzle, zero fill). K a multiple of 8 and N of 4.

!DA = !cute_nvgpu.tma_descriptor<bf16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DB = !cute_nvgpu.tma_descriptor<bf16, box = [64, 256], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!LoadA = !cute_nvgpu.atom.tma_load<bf16, rank = 2>
!StoreC = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The stages of A and B as UMMA reads them, (M/N, K, stage), and as TMA
// writes them, (K, M/N, stage).
!a_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64,3):(64,1,8192)">
!a_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128,3):(1,64,8192)">
!b_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (256,64,3):(64,1,16384)">
!b_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,256,3):(1,64,16384)">
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
!c_smem_l = !cute.composed_layout<"S<3,2,3> o 0 o (128,(32,4)):(32,(1,4096))">
!c_tma_l = !cute.composed_layout<"S<3,2,3> o 0 o ((32,4),128):((1,4096),32)">
!c_box = !cute.view<!cute.ptr<f32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o (32,128):(1,32)">>
!c_smem = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_smem_l>
!c_tma = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_tma_l>
// The elected thread's partitions (the whole tiles: UMMA is one thread's).
!pa = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,3):((64,1),0,16,8192)">>
!pb = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((256,16),1,4,3):((64,1),0,16,16384)">>
!a_k = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>
!b_k = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((256,16),1,4):((64,1),0,16)">>
!pc = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"((128,256),1,1):((65536,1),0,0)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @gemm(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DB {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %M: i32, %N: i32, %K: i32)
      attributes {cute.kernel, nvvm.reqntid = array<i32: 192, 1, 1>, nvvm.minctasm = 1 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c3_i32 = arith.constant 3 : i32
    %c4_i32 = arith.constant 4 : i32
    %c5_i32 = arith.constant 5 : i32
    %c6_i32 = arith.constant 6 : i32
    %c7_i32 = arith.constant 7 : i32
    %c8_i32 = arith.constant 8 : i32
    %c31_i32 = arith.constant 31 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c255_i32 = arith.constant 255 : i32
    %c256_i32 = arith.constant 256 : i32
    %lane_stride = arith.constant 65536 : i32
    %bid_index = gpu.block_id x
    %grid_index = gpu.grid_dim x
    %tid_index = gpu.thread_id x
    %bid = arith.index_cast %bid_index : index to i32
    %grid = arith.index_cast %grid_index : index to i32
    %tid = arith.index_cast %tid_index : index to i32
    %warp = arith.shrui %tid, %c5_i32 : i32
    %lane = arith.andi %tid, %c31_i32 : i32
    %lane0 = arith.cmpi eq, %lane, %zero_i32 : i32
    %leader = arith.cmpi eq, %tid, %zero_i32 : i32

    // The tile grid (128 x 256 tiles) and ceil(K / 64) k-tiles.
    %M127 = arith.addi %M, %c128_i32 : i32
    %M127b = arith.subi %M127, %one_i32 : i32
    %tiles_m = arith.shrui %M127b, %c7_i32 : i32
    %N255 = arith.addi %N, %c255_i32 : i32
    %tiles_n = arith.shrui %N255, %c8_i32 : i32
    %tiles = arith.muli %tiles_m, %tiles_n : i32
    %tgrid = cute.make_int_tuple(%tiles_m, %tiles_n) : (i32, i32) -> !cute.shape<"(?,?)">
    %c63_i32 = arith.constant 63 : i32
    %K63 = arith.addi %K, %c63_i32 : i32
    %k_tiles = arith.shrui %K63, %c6_i32 : i32

    // Shared memory: 3 stages of A (16 KiB) and B (32 KiB), the C tile
    // (64 KiB), and the mbarriers: full[3], empty[3], acc_full[2],
    // acc_empty[2].
    %pA = cute.alloc_smem 24576 : !cute.ptr<bf16, smem, align<1024>>
    %pB = cute.alloc_smem 49152 : !cute.ptr<bf16, smem, align<1024>>
    %pC = cute.alloc_smem 16384 : !cute.ptr<f32, smem, align<1024>>
    %full = cute.alloc_smem 3 : !Bar
    %empty = cute.alloc_smem 3 : !Bar
    %acc_full = cute.alloc_smem 2 : !Bar
    %acc_empty = cute.alloc_smem 2 : !Bar
    %a_mma_l = cute.static : !a_mma_l
    %a_tma_l = cute.static : !a_tma_l
    %b_mma_l = cute.static : !b_mma_l
    %b_tma_l = cute.static : !b_tma_l
    %sA = cute.make_view %pA, %a_mma_l : !sa
    %tA = cute.make_view %pA, %a_tma_l : !ta
    %sB = cute.make_view %pB, %b_mma_l : !sb
    %tB = cute.make_view %pB, %b_tma_l : !tb

    // The two accumulators: 512 TMEM columns (allocated once, freed at exit).
    %handle = arith.constant 0 : i32
    %columns = arith.constant 512 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %columns : i32 -> !cute.ptr<f32, tmem>

    scf.if %leader {
      scf.for %s = %c0 to %c3 step %c1 {
        %si = arith.index_cast %s : index to i32
        %f = cute.add_offset %full, %si : !Bar, i32
        %e = cute.add_offset %empty, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %f, %one_i32 : !Bar
        cute_nvgpu.arch.mbarrier.init %e, %one_i32 : !Bar
      }
      scf.for %b = %c0 to %c2 step %c1 {
        %bi = arith.index_cast %b : index to i32
        %af = cute.add_offset %acc_full, %bi : !Bar, i32
        %ae = cute.add_offset %acc_empty, %bi : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %af, %one_i32 : !Bar
        cute_nvgpu.arch.mbarrier.init %ae, %c128_i32 : !Bar
      }
      nvvm.fence.mbarrier.init
    }
    gpu.barrier

    %is_tma = arith.cmpi eq, %warp, %zero_i32 : i32
    %is_mma = arith.cmpi eq, %warp, %one_i32 : i32
    %tma_thread = arith.andi %is_tma, %lane0 : i1
    %mma_thread = arith.andi %is_mma, %lane0 : i1
    %is_epilogue = arith.cmpi uge, %warp, %c2_i32 : i32
    scf.if %tma_thread {
      // The TMA warp: every k-tile of every tile through the 3 stages.
      %load_a = cute.make_atom %tmaA : !DA -> : !LoadA
      %load_b = cute.make_atom %tmaB : !DB -> : !LoadA
      %last = scf.for %t = %bid to %tiles step %grid iter_args(%it0 = %zero_i32) -> (i32) : i32 {
        %t_tuple = cute.make_int_tuple(%t) : (i32) -> !cute.int_tuple<"?">
        %mn = cute.idx2crd(%t_tuple, %tgrid) : (!cute.int_tuple<"?">, !cute.shape<"(?,?)">) -> !cute.coord<"(?,?)">
        %mt, %nt = cute.get_leaves %mn : !cute.coord<"(?,?)"> -> i32, i32
        %m0 = arith.muli %mt, %c128_i32 : i32
        %n0 = arith.muli %nt, %c256_i32 : i32
        %it_end = scf.for %kt = %zero_i32 to %k_tiles step %one_i32 iter_args(%it = %it0) -> (i32) : i32 {
          %s = arith.remui %it, %c3_i32 : i32
          %use = arith.divui %it, %c3_i32 : i32
          %reused = arith.cmpi uge, %it, %c3_i32 : i32
          %e = cute.add_offset %empty, %s : !Bar, i32
          scf.if %reused {
            // The UMMAs that read the stage's previous k-tile are done.
            %prev_use = arith.subi %use, %one_i32 : i32
            %phase = arith.andi %prev_use, %one_i32 : i32
            cute_nvgpu.arch.mbarrier.wait %e, %phase : !Bar
          }
          %f = cute.add_offset %full, %s : !Bar, i32
          %stage = cute.make_int_tuple(%s) : (i32) -> !cute.coord<"(_,_,?)">
          %a = cute.slice(%tA, %stage) : !ta, !cute.coord<"(_,_,?)">
          %b = cute.slice(%tB, %stage) : !tb, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %f tx(%a, %b : !ta_stage, !tb_stage) : !Bar
          %k0 = arith.muli %kt, %c64_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %a, [%k0, %m0] mbar(%f : !Bar) : !LoadA, !DA, !ta_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %b, [%k0, %n0] mbar(%f : !Bar) : !LoadA, !DB, !tb_stage
          %next = arith.addi %it, %one_i32 : i32
          scf.yield %next : i32
        }
        scf.yield %it_end : i32
      }
    }
    scf.if %mma_thread {
      // The MMA warp: tile j into accumulator j % 2, once the epilogue has
      // drained it (tile j - 2).
      %umma_atom = cute.make_atom : !umma_atom
      %umma = cute.make_tiled_mma %umma_atom : !umma
      %zero_tid = cute.make_int_tuple(%zero_i32) : (i32) -> !cute.int_tuple<"?">
      %tCsA = cute.tiled.mma.partition_A %umma, %sA, %zero_tid : (!umma, !sa, !cute.int_tuple<"?">) -> !pa
      %tCsB = cute.tiled.mma.partition_B %umma, %sB, %zero_tid : (!umma, !sb, !cute.int_tuple<"?">) -> !pb
      %acc_l = cute.static : !acc_l
      %last:2 = scf.for %t = %bid to %tiles step %grid iter_args(%it0 = %zero_i32, %j = %zero_i32) -> (i32, i32) : i32 {
        %buf = arith.andi %j, %one_i32 : i32
        %round = arith.shrui %j, %one_i32 : i32
        %drained = cute.add_offset %acc_empty, %buf : !Bar, i32
        %reused = arith.cmpi uge, %j, %c2_i32 : i32
        scf.if %reused {
          %prev_round = arith.subi %round, %one_i32 : i32
          %phase = arith.andi %prev_round, %one_i32 : i32
          cute_nvgpu.arch.mbarrier.wait %drained, %phase : !Bar
        }
        %col0 = arith.muli %buf, %c256_i32 : i32
        %acc_p = cute.add_offset %tmem, %col0 : !cute.ptr<f32, tmem>, i32
        %acc = cute.make_view %acc_p, %acc_l : !acc
        %tCtC = cute.tiled.mma.partition_C %umma, %acc, %zero_tid : (!umma, !acc, !cute.int_tuple<"?">) -> !pc
        %it_end = scf.for %kt = %zero_i32 to %k_tiles step %one_i32 iter_args(%it = %it0) -> (i32) : i32 {
          %s = arith.remui %it, %c3_i32 : i32
          %use = arith.divui %it, %c3_i32 : i32
          %phase = arith.andi %use, %one_i32 : i32
          %f = cute.add_offset %full, %s : !Bar, i32
          %e = cute.add_offset %empty, %s : !Bar, i32
          cute_nvgpu.arch.mbarrier.wait %f, %phase : !Bar
          %stage = cute.make_int_tuple(%s) : (i32) -> !cute.coord<"(_,_,_,?)">
          %a = cute.slice(%tCsA, %stage) : !pa, !cute.coord<"(_,_,_,?)">
          %b = cute.slice(%tCsB, %stage) : !pb, !cute.coord<"(_,_,_,?)">
          %not_first = arith.cmpi ne, %kt, %zero_i32 : i32
          cute.gemm %umma, %tCtC, %a, %b, %tCtC accumulate(%not_first) : !umma, !pc, !a_k, !b_k, !pc
          cute_nvgpu.arch.sm100.commit %e : !Bar
          %next = arith.addi %it, %one_i32 : i32
          scf.yield %next : i32
        }
        // The tile's UMMAs complete on acc_full[buf].
        %ready = cute.add_offset %acc_full, %buf : !Bar, i32
        cute_nvgpu.arch.sm100.commit %ready : !Bar
        %j1 = arith.addi %j, %one_i32 : i32
        scf.yield %it_end, %j1 : i32, i32
      }
    }
    scf.if %is_epilogue {
      // The epilogue warps: thread e of 0..127 drains accumulator row
      // 32 (warp % 4) + lane.
      %quarter = arith.andi %warp, %c3_i32 : i32
      %row_base = arith.muli %quarter, %c32_i32 : i32
      %my_row = arith.addi %row_base, %lane : i32
      %lane_base = arith.muli %row_base, %lane_stride : i32
      %etid = arith.subi %tid, %c64_i32 : i32
      %eleader = arith.cmpi eq, %etid, %zero_i32 : i32
      %named = arith.constant 1 : i32
      %tmem_load = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
      %to_smem = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
      %chunk_l = cute.static : !cute.layout<"32:1">
      %frag = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
      %r = cute.make_view %frag, %chunk_l : !r_chunk
      %c_smem_l = cute.static : !c_smem_l
      %sC = cute.make_view %pC, %c_smem_l : !c_smem
      %c_tma_l = cute.static : !c_tma_l
      %tC = cute.make_view %pC, %c_tma_l : !c_tma
      %store = cute.make_atom %tmaC : !DC -> : !StoreC
      %last = scf.for %t = %bid to %tiles step %grid iter_args(%j = %zero_i32) -> (i32) : i32 {
        %t_tuple = cute.make_int_tuple(%t) : (i32) -> !cute.int_tuple<"?">
        %mn = cute.idx2crd(%t_tuple, %tgrid) : (!cute.int_tuple<"?">, !cute.shape<"(?,?)">) -> !cute.coord<"(?,?)">
        %mt, %nt = cute.get_leaves %mn : !cute.coord<"(?,?)"> -> i32, i32
        %m0 = arith.muli %mt, %c128_i32 : i32
        %n0 = arith.muli %nt, %c256_i32 : i32
        %buf = arith.andi %j, %one_i32 : i32
        %round = arith.shrui %j, %one_i32 : i32
        %phase = arith.andi %round, %one_i32 : i32
        %ready = cute.add_offset %acc_full, %buf : !Bar, i32
        cute_nvgpu.arch.mbarrier.wait %ready, %phase : !Bar
        %col0 = arith.muli %buf, %c256_i32 : i32
        %tbase = arith.addi %lane_base, %col0 : i32
        scf.for %h = %c0 to %c2 step %c1 {
          %hi = arith.index_cast %h : index to i32
          // The previous store has read the C tile (its issuer waited).
          nvvm.barrier id = %named number_of_threads = %c128_i32
          scf.for %c = %c0 to %c4 step %c1 {
            %ci = arith.index_cast %c : index to i32
            %h4 = arith.muli %hi, %c4_i32 : i32
            %box = arith.addi %h4, %ci : i32
            %col = arith.muli %box, %c32_i32 : i32
            %t_offset = arith.addi %tbase, %col : i32
            %tp = cute.add_offset %tmem, %t_offset : !cute.ptr<f32, tmem>, i32
            %tv = cute.make_view %tp, %chunk_l : !t_chunk
            cute.copy_atom_call %tmem_load, %tv, %r : !cute_nvgpu.atom.tmem_load<f32>, !t_chunk, !r_chunk
            %at = cute.make_int_tuple(%my_row, %ci) : (i32, i32) -> !cute.coord<"(?,(_,?))">
            %s_row = cute.slice(%sC, %at) : !c_smem, !cute.coord<"(?,(_,?))">
            cute.copy_atom_call %to_smem, %r, %s_row : !cute_nvgpu.atom.universal_copy<f32>, !r_chunk, !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.composed_layout<"S<3,2,3> o 0 o (32):(1)">>
          }
          nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
          nvvm.barrier id = %named number_of_threads = %c128_i32
          scf.if %eleader {
            %h128 = arith.muli %hi, %c128_i32 : i32
            %nh = arith.addi %n0, %h128 : i32
            cute_nvgpu.tma.copy %store, %tmaC, %tC, [%nh, %m0] : !StoreC, !DC, !c_tma
            nvvm.cp.async.bulk.commit.group
            nvvm.cp.async.bulk.wait_group 0 {read}
          }
        }
        // The accumulator is read: hand it back to the MMA warp.
        cute_nvgpu.arch.sm100.fence "before"
        %drained = cute.add_offset %acc_empty, %buf : !Bar, i32
        cute_nvgpu.arch.mbarrier.arrive %drained : !Bar
        %j1 = arith.addi %j, %one_i32 : i32
        scf.yield %j1 : i32
      }
    }
    return
  }
}
}
