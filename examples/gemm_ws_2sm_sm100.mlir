// The Blackwell GEMM on CTA pairs as users run it: CUTLASS's
// warp-specialized, persistent sm100 kernel with 2-SM UMMA (the CuTe DSL's
// blackwell dense_gemm_persistent.py with use_2cta_instrs) in cute IR:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)     A: M x K, B: N x K (both K-major),
//                                      C: M x N row-major; bf16 inputs,
//                                      f32 accumulation and output.
//
// * Clusters of 2 CTAs (a CTA pair) compute 256 x 256 tiles of C with one
//   tcgen05.mma.cta_group::2 256x256x16 per k-block, issued by the even
//   CTA's MMA thread: each CTA of the pair holds 128 rows of A (its half of
//   the tile's M), 128 rows of B (its half of N) and, in its tensor memory,
//   its 128 rows of the accumulator (all 256 columns).
// * 192 threads a CTA, each warp a role as in gemm_ws_sm100.mlir: warp 0
//   issues the TMA loads of the CTA's halves, warp 1 the UMMAs (the even
//   CTA's) or relays the odd CTA's loads to it (below), warps 2..5 the
//   epilogue of the CTA's 128 rows.
// * One 3-stage TMA pipeline across the tiles in each CTA. full[s]: the
//   CTA's own loads of stage s (armed with their 32 KiB); the even CTA's
//   MMA thread waits on its full[s] and on peer_full[s], which the odd
//   CTA's relay thread arrives on (through mapa) once the odd CTA's full[s]
//   completed: the UMMA reads both CTAs' stage. empty[s]: the UMMAs of the
//   stage complete on the empty[s] of both CTAs (tcgen05.commit multicast,
//   mask 0b11), which frees each CTA's producer.
// * The accumulator is double-buffered in tensor memory (2 x 256 columns:
//   all 512, allocated by the pair together): acc_full[b] of both CTAs by
//   a multicast commit after a tile's last k-tile; acc_empty[b] of the even
//   CTA takes the 256 epilogue threads of both CTAs (the odd CTA's through
//   mapa) once their tcgen05.ld of the buffer completed.
// * Persistent: cluster c computes the cluster tiles c, c + clusters, ...
//   of the ceil(M/256) x ceil(N/256) tile grid (cute.idx2crd: a
//   FastDivmod); rows or columns past M or N are zero-filled by TMA and
//   clipped by its stores. Cluster barriers after the mbarrier
//   initialization and before exit keep every remote arrival and
//   multicast commit inside both CTAs' lifetimes.
// * Epilogue per CTA, as gemm_ws_sm100.mlir's: per half of its 128 x 256
//   rows, 4 x 32 columns through tcgen05.ld into a 128-byte swizzled shared
//   C tile, the async-proxy fence, a named barrier, four TMA stores.
//
// Compile: cute compile examples/gemm_ws_2sm_sm100.mlir --chip sm_100a -o gemm.ptx
// Launch:  grid (2 x the clusters, at most #SMs), cluster (2, 1, 1), block
//          192, the dynamic shared memory `cute compile --launch-info`
//          reports; tensor maps A bf16 {K, M} box {64, 128}, B bf16 {K, N}
//          box {64, 128} (a CTA's half), C f32 {N, M} box {32, 128};
//          128-byte swizzle, zero fill. K a multiple of 8 and N of 4.

!DA = !cute_nvgpu.tma_descriptor<bf16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<bf16, rank = 2>
!StoreC = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The stages of A and B (each a 128 x 64 half of the pair's), as TMA
// writes them, (K, rows, stage), and as the UMMA reads them, ((rows, 16),
// 1, 4 k-blocks, stage).
!tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128,3):(1,64,8192)">
!t_all = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !tma_l>
!t_stage = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!mma_l = !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,3):((64,1),0,16,8192)">
!m_all = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !mma_l>
!m_stage = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>
// The CTA's half of an accumulator: lane m, column n (address m << 16 | n).
!acc_l = !cute.layout<"((128,256),1,1):((65536,1),0,0)">
!Acc = !cute.view<!cute.ptr<f32, tmem>, !acc_l>
!Pair = !cute_nvgpu.sm100.mma<256x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
!t_chunk = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!r_chunk = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"32:1">>
!c_smem_l = !cute.composed_layout<"S<3,2,3> o 0 o (128,(32,4)):(32,(1,4096))">
!c_tma_l = !cute.composed_layout<"S<3,2,3> o 0 o ((32,4),128):((1,4096),32)">
!c_smem = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_smem_l>
!c_tma = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_tma_l>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @gemm(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DA {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %M: i32, %N: i32, %K: i32)
      attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>, nvvm.reqntid = array<i32: 192, 1, 1>, nvvm.minctasm = 1 : i32} {
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
    %c8_i32 = arith.constant 8 : i32
    %c31_i32 = arith.constant 31 : i32
    %c32_i32 = arith.constant 32 : i32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c255_i32 = arith.constant 255 : i32
    %c256_i32 = arith.constant 256 : i32
    %lane_stride = arith.constant 65536 : i32
    %pair_mask = arith.constant 3 : i16
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
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %even = arith.cmpi eq, %rank, %zero_i32 : i32
    %odd = arith.cmpi ne, %rank, %zero_i32 : i32
    // This cluster and the clusters of the grid (clusters run along x).
    %cluster = arith.shrui %bid, %one_i32 : i32
    %clusters = arith.shrui %grid, %one_i32 : i32
    // This CTA's half of a tile's rows of A (and C) and of B.
    %half = arith.muli %rank, %c128_i32 : i32

    // The grid of 256 x 256 cluster tiles and ceil(K / 64) k-tiles.
    %M255 = arith.addi %M, %c255_i32 : i32
    %tiles_m = arith.shrui %M255, %c8_i32 : i32
    %N255 = arith.addi %N, %c255_i32 : i32
    %tiles_n = arith.shrui %N255, %c8_i32 : i32
    %tiles = arith.muli %tiles_m, %tiles_n : i32
    %tgrid = cute.make_int_tuple(%tiles_m, %tiles_n) : (i32, i32) -> !cute.shape<"(?,?)">
    %K63 = arith.addi %K, %c63_i32 : i32
    %k_tiles = arith.shrui %K63, %c6_i32 : i32

    // Shared memory: 3 stages of the CTA's A and B halves (16 KiB each),
    // the C tile (64 KiB), and the mbarriers.
    %pA = cute.alloc_smem 24576 : !cute.ptr<bf16, smem, align<1024>>
    %pB = cute.alloc_smem 24576 : !cute.ptr<bf16, smem, align<1024>>
    %pC = cute.alloc_smem 16384 : !cute.ptr<f32, smem, align<1024>>
    %full = cute.alloc_smem 3 : !Bar
    %peer_full = cute.alloc_smem 3 : !Bar
    %empty = cute.alloc_smem 3 : !Bar
    %acc_full = cute.alloc_smem 2 : !Bar
    %acc_empty = cute.alloc_smem 2 : !Bar
    %tma_l = cute.static : !tma_l
    %mma_l = cute.static : !mma_l
    %tA = cute.make_view %pA, %tma_l : !t_all
    %tB = cute.make_view %pB, %tma_l : !t_all
    %mA = cute.make_view %pA, %mma_l : !m_all
    %mB = cute.make_view %pB, %mma_l : !m_all

    // The two accumulators: 512 TMEM columns in each CTA of the pair.
    %handle = arith.constant 0 : i32
    %columns = arith.constant 512 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %columns : i32 -> !cute.ptr<f32, tmem>

    scf.if %leader {
      scf.for %s = %c0 to %c3 step %c1 {
        %si = arith.index_cast %s : index to i32
        %f = cute.add_offset %full, %si : !Bar, i32
        %pf = cute.add_offset %peer_full, %si : !Bar, i32
        %e = cute.add_offset %empty, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %f, %one_i32 : !Bar
        cute_nvgpu.arch.mbarrier.init %pf, %one_i32 : !Bar
        cute_nvgpu.arch.mbarrier.init %e, %one_i32 : !Bar
      }
      scf.for %b = %c0 to %c2 step %c1 {
        %bi = arith.index_cast %b : index to i32
        %af = cute.add_offset %acc_full, %bi : !Bar, i32
        %ae = cute.add_offset %acc_empty, %bi : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %af, %one_i32 : !Bar
        cute_nvgpu.arch.mbarrier.init %ae, %c256_i32 : !Bar
      }
      nvvm.fence.mbarrier.init
    }
    // Both CTAs' mbarriers are initialized before either uses the peer's.
    nvvm.cluster.arrive
    nvvm.cluster.wait

    %is_tma = arith.cmpi eq, %warp, %zero_i32 : i32
    %is_mma = arith.cmpi eq, %warp, %one_i32 : i32
    %tma_thread = arith.andi %is_tma, %lane0 : i1
    %mma_lane = arith.andi %is_mma, %lane0 : i1
    %mma_thread = arith.andi %mma_lane, %even : i1
    %relay_thread = arith.andi %mma_lane, %odd : i1
    %is_epilogue = arith.cmpi uge, %warp, %c2_i32 : i32
    scf.if %tma_thread {
      // The TMA warp: the CTA's halves of every k-tile of every tile.
      %load = cute.make_atom %tmaA : !DA -> : !Load
      %last = scf.for %t = %cluster to %tiles step %clusters iter_args(%it0 = %zero_i32) -> (i32) : i32 {
        %t_tuple = cute.make_int_tuple(%t) : (i32) -> !cute.int_tuple<"?">
        %mn = cute.idx2crd(%t_tuple, %tgrid) : (!cute.int_tuple<"?">, !cute.shape<"(?,?)">) -> !cute.coord<"(?,?)">
        %mt, %nt = cute.get_leaves %mn : !cute.coord<"(?,?)"> -> i32, i32
        %m_tile = arith.muli %mt, %c256_i32 : i32
        %m0 = arith.addi %m_tile, %half : i32
        %n_tile = arith.muli %nt, %c256_i32 : i32
        %n0 = arith.addi %n_tile, %half : i32
        %it_end = scf.for %kt = %zero_i32 to %k_tiles step %one_i32 iter_args(%it = %it0) -> (i32) : i32 {
          %s = arith.remui %it, %c3_i32 : i32
          %use = arith.divui %it, %c3_i32 : i32
          %reused = arith.cmpi uge, %it, %c3_i32 : i32
          %e = cute.add_offset %empty, %s : !Bar, i32
          scf.if %reused {
            // The pair's UMMAs that read the stage's previous k-tile are done.
            %prev_use = arith.subi %use, %one_i32 : i32
            %phase = arith.andi %prev_use, %one_i32 : i32
            cute_nvgpu.arch.mbarrier.wait %e, %phase : !Bar
          }
          %f = cute.add_offset %full, %s : !Bar, i32
          %stage = cute.make_int_tuple(%s) : (i32) -> !cute.coord<"(_,_,?)">
          %a = cute.slice(%tA, %stage) : !t_all, !cute.coord<"(_,_,?)">
          %b = cute.slice(%tB, %stage) : !t_all, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %f tx(%a, %b : !t_stage, !t_stage) : !Bar
          %k0 = arith.muli %kt, %c64_i32 : i32
          cute_nvgpu.tma.copy %load, %tmaA, %a, [%k0, %m0] mbar(%f : !Bar) : !Load, !DA, !t_stage
          cute_nvgpu.tma.copy %load, %tmaB, %b, [%k0, %n0] mbar(%f : !Bar) : !Load, !DA, !t_stage
          %next = arith.addi %it, %one_i32 : i32
          scf.yield %next : i32
        }
        scf.yield %it_end : i32
      }
    }
    scf.if %relay_thread {
      // The odd CTA's MMA warp: each stage its TMA filled, relayed to the
      // even CTA's peer_full (the UMMA reads this CTA's half from there).
      %last = scf.for %t = %cluster to %tiles step %clusters iter_args(%it0 = %zero_i32) -> (i32) : i32 {
        %it_end = scf.for %kt = %zero_i32 to %k_tiles step %one_i32 iter_args(%it = %it0) -> (i32) : i32 {
          %s = arith.remui %it, %c3_i32 : i32
          %use = arith.divui %it, %c3_i32 : i32
          %phase = arith.andi %use, %one_i32 : i32
          %f = cute.add_offset %full, %s : !Bar, i32
          cute_nvgpu.arch.mbarrier.wait %f, %phase : !Bar
          %pf = cute.add_offset %peer_full, %s : !Bar, i32
          cute_nvgpu.arch.mbarrier.arrive %pf cta(%zero_i32) : !Bar
          %next = arith.addi %it, %one_i32 : i32
          scf.yield %next : i32
        }
        scf.yield %it_end : i32
      }
    }
    scf.if %mma_thread {
      // The even CTA's MMA warp: tile j into accumulator j % 2 of both CTAs,
      // once both epilogues have drained it (tile j - 2).
      %umma = cute.make_atom : !Pair
      %acc_l = cute.static : !acc_l
      %last:2 = scf.for %t = %cluster to %tiles step %clusters iter_args(%it0 = %zero_i32, %j = %zero_i32) -> (i32, i32) : i32 {
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
        %acc = cute.make_view %acc_p, %acc_l : !Acc
        %it_end = scf.for %kt = %zero_i32 to %k_tiles step %one_i32 iter_args(%it = %it0) -> (i32) : i32 {
          %s = arith.remui %it, %c3_i32 : i32
          %use = arith.divui %it, %c3_i32 : i32
          %phase = arith.andi %use, %one_i32 : i32
          %f = cute.add_offset %full, %s : !Bar, i32
          %pf = cute.add_offset %peer_full, %s : !Bar, i32
          %e = cute.add_offset %empty, %s : !Bar, i32
          cute_nvgpu.arch.mbarrier.wait %f, %phase : !Bar
          cute_nvgpu.arch.mbarrier.wait %pf, %phase : !Bar
          %stage = cute.make_int_tuple(%s) : (i32) -> !cute.coord<"(_,_,_,?)">
          %a = cute.slice(%mA, %stage) : !m_all, !cute.coord<"(_,_,_,?)">
          %b = cute.slice(%mB, %stage) : !m_all, !cute.coord<"(_,_,_,?)">
          %not_first = arith.cmpi ne, %kt, %zero_i32 : i32
          cute.gemm %umma, %acc, %a, %b, %acc accumulate(%not_first) : !Pair, !Acc, !m_stage, !m_stage, !Acc
          // The stage is read in both CTAs: free it in both.
          cute_nvgpu.arch.sm100.commit_multicast %e, %pair_mask {cta_group = 2 : i32} : !Bar
          %next = arith.addi %it, %one_i32 : i32
          scf.yield %next : i32
        }
        // The tile's UMMAs complete on acc_full[buf] of both CTAs.
        %ready = cute.add_offset %acc_full, %buf : !Bar, i32
        cute_nvgpu.arch.sm100.commit_multicast %ready, %pair_mask {cta_group = 2 : i32} : !Bar
        %j1 = arith.addi %j, %one_i32 : i32
        scf.yield %it_end, %j1 : i32, i32
      }
    }
    scf.if %is_epilogue {
      // The epilogue warps: thread e of 0..127 drains the CTA's accumulator
      // row 32 (warp % 4) + lane.
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
      %last = scf.for %t = %cluster to %tiles step %clusters iter_args(%j = %zero_i32) -> (i32) : i32 {
        %t_tuple = cute.make_int_tuple(%t) : (i32) -> !cute.int_tuple<"?">
        %mn = cute.idx2crd(%t_tuple, %tgrid) : (!cute.int_tuple<"?">, !cute.shape<"(?,?)">) -> !cute.coord<"(?,?)">
        %mt, %nt = cute.get_leaves %mn : !cute.coord<"(?,?)"> -> i32, i32
        %m_tile = arith.muli %mt, %c256_i32 : i32
        %m0 = arith.addi %m_tile, %half : i32
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
        // The accumulator half is read: tell the even CTA's MMA warp.
        cute_nvgpu.arch.sm100.fence "before"
        %drained = cute.add_offset %acc_empty, %buf : !Bar, i32
        scf.if %even {
          cute_nvgpu.arch.mbarrier.arrive %drained : !Bar
        } else {
          cute_nvgpu.arch.mbarrier.arrive %drained cta(%zero_i32) : !Bar
        }
        %j1 = arith.addi %j, %one_i32 : i32
        scf.yield %j1 : i32
      }
    }
    // No CTA exits while its peer may still arrive on its mbarriers or
    // read its shared memory.
    nvvm.cluster.arrive
    nvvm.cluster.wait
    return
  }
}
}
