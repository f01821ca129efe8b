// The Hopper GEMM as users run it: CUTLASS's warp-specialized, persistent
// kernel (KernelTmaWarpSpecializedCooperative, the CuTe DSL's
// dense_gemm_persistent.py) in cute IR:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)     A: M x K, B: N x K (both K-major),
//                                      C: M x N row-major; f16 inputs,
//                                      f32 accumulation and output.
//
// * 384 threads: warpgroup 0 is the producer, warpgroups 1 and 2 the
//   consumers, which share each 128x128 tile (64 rows each, a tiled MMA of
//   2x1 WGMMA 64x128x16 atoms). `setmaxnreg` moves registers from the
//   producer (down to 40 a thread) to the consumers (up to 232).
// * Clustered 2x1 (CUTLASS's ClusterShape<2,1,1>): the two CTAs of a
//   cluster compute vertically adjacent tiles, the same 128 columns of B,
//   and each loads half of B's 128-row stage by TMA multicast into both
//   CTAs (rows 64 * rank, mask 0b11): B's traffic halves.
// * Persistent: the grid is at most the number of SMs (even); cluster c
//   computes the tiles c, c + clusters, ... of the ceil(ceil(M/128)/2) x
//   ceil(N/128) grid of cluster tiles (coordinates by `cute.idx2crd`, a
//   FastDivmod: no division in the loop), its CTA of rank r the M tile
//   2 * row + r (past M when ceil(M/128) is odd: zero-filled loads,
//   clipped stores, still loading its half of B for its peer).
// * One pipeline over all of a CTA's k-tiles, across tile boundaries: 4
//   stages, a full mbarrier (the producer thread arms it with the 32 KiB it
//   expects: its A tile, its half of B and its peer's) and an empty one per
//   stage, which the first lane of each consumer warp of both CTAs arrives
//   on once its WGMMAs reading the stage are complete (16 arrivals: the
//   peer's multicast writes this CTA's stage too, so both must release it;
//   remote arrivals through `mapa`); the stage and phase run on with the
//   k-tile count. A cluster barrier after the mbarrier inits and another
//   before exit keep every multicast and remote arrival inside both CTAs'
//   lifetimes.
// * Consumers: per k-tile, wait on the full barrier, 4 WGMMA k-blocks,
//   commit, `wgmma.wait_group 1` (one batch in flight), release the previous
//   k-tile's stage. No CTA barrier in the main loop.
// * Epilogue per tile, by the consumers only (named barrier 1 of 256
//   threads): the accumulators into a 128-byte swizzled shared C tile, the
//   async-proxy fence, and a TMA store by one consumer thread, which waits
//   until the store has read the tile before the next tile's epilogue
//   overwrites it.
//
// Compile: cute compile examples/gemm_ws_sm90.mlir --chip sm_90a -o gemm.ptx
// Launch:  grid (an even number up to #SMs), cluster (2, 1, 1), block 384,
//          the dynamic shared memory `cute compile --launch-info` reports;
//          tensor maps A f16 {K, M} box {64, 128}, B f16 {K, N} box {64, 64}
//          (a multicast half), C f32 {N, M} box {32, 128}; 128-byte
//          swizzle, zero fill.
//          K a multiple of 8 and N of 4 (16-byte TMA row strides).

!DA = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DB = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Multicast = !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>
!t_half = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>
!Store = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
!acc_t = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>
!a_k = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">>
!b_k = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>
// The stages of A (and B) as WGMMA reads them, (M, K, stage), and as TMA
// writes them, (K, M, stage): the same 128-byte swizzled bytes.
!mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64,4):(64,1,8192)">
!tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128,4):(1,64,8192)">
!s_mma = !cute.view<!cute.ptr<f16, smem, align<1024>>, !mma_l>
!s_tma = !cute.view<!cute.ptr<f16, smem, align<1024>>, !tma_l>
!t_stage = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
// The C tile as the accumulators write it, (M, N), and as TMA stores it,
// (N, M): four 32-column boxes of 128-byte swizzled rows.
!c_mma_l = !cute.composed_layout<"S<3,2,3> o 0 o (128,(32,4)):(32,(1,4096))">
!c_tma_l = !cute.composed_layout<"S<3,2,3> o 0 o ((32,4),128):((1,4096),32)">
!c_mma = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_mma_l>
!c_tma = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_tma_l>
!mma_atom = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!mma = !cute.tiled_mma<!mma_atom, !cute.layout<"(2,1,1):(1,0,0)">>
!r2s = !cute_nvgpu.atom.universal_copy<f32>
// This thread's partitions: its warpgroup's 64 rows of A (all 4 k-blocks,
// all stages), all of B, and its 64 accumulators of C.
!pa = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,4,4):((64,1),0,16,8192)">>
!pb = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,4):((64,1),0,16,8192)">>
!pc = !cute.view<!cute.ptr<f32, smem, align<8>>, !cute.composed_layout<"S<3,2,3> o 0 o ((2,2,(4,4)),1,1):((1,256,(8,4096)),0,0)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @gemm(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DB {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %M: i32, %N: i32, %K: i32)
      attributes {cute.kernel, nvvm.reqntid = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c6_i32 = arith.constant 6 : i32
    %c7_i32 = arith.constant 7 : i32
    %c64_i32 = arith.constant 64 : i32
    %c127_i32 = arith.constant 127 : i32
    %c4096_i32 = arith.constant 4096 : i32
    %c255_i32 = arith.constant 255 : i32
    %c8_i32 = arith.constant 8 : i32
    %c16_i32 = arith.constant 16 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %bid_index = gpu.block_id x
    %grid_index = gpu.grid_dim x
    %tid_index = gpu.thread_id x
    %bid = arith.index_cast %bid_index : index to i32
    %grid = arith.index_cast %grid_index : index to i32
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %warpgroup = arith.shrui %tid_i32, %c7_i32 : i32
    %producer = arith.cmpi eq, %warpgroup, %zero_i32 : i32
    %leader = arith.cmpi eq, %tid_i32, %zero_i32 : i32
    // This CTA's rank in its 2x1 cluster, its peer, the clusters.
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %peer = arith.xori %rank, %one_i32 : i32
    %cluster = arith.shrui %bid, %one_i32 : i32
    %clusters = arith.shrui %grid, %one_i32 : i32
    %c31_i32 = arith.constant 31 : i32
    %lane = arith.andi %tid_i32, %c31_i32 : i32
    %warp_leader = arith.cmpi eq, %lane, %zero_i32 : i32
    %both = arith.constant 3 : i16

    // The grid of cluster tiles and the k-tiles: ceil(ceil(M/128)/2) x
    // ceil(N/128) cluster tiles (two M tiles each), ceil(K/64) k-tiles (the
    // residue zero-filled past K by the TMA).
    %M255 = arith.addi %M, %c255_i32 : i32
    %tiles_m = arith.shrui %M255, %c8_i32 : i32
    %N127 = arith.addi %N, %c127_i32 : i32
    %tiles_n = arith.shrui %N127, %c7_i32 : i32
    %tiles = arith.muli %tiles_m, %tiles_n : i32
    %tgrid = cute.make_int_tuple(%tiles_m, %tiles_n) : (i32, i32) -> !cute.shape<"(?,?)">
    %c63_i32 = arith.constant 63 : i32
    %K63 = arith.addi %K, %c63_i32 : i32
    %k_tiles = arith.shrui %K63, %c6_i32 : i32
    %k_tiles_index = arith.index_cast %k_tiles : i32 to index

    // Shared memory: 4 stages of A and B (64 KiB each), the C tile (64 KiB),
    // a full barrier per stage (0..3) and an empty one (4..7).
    %pA = cute.alloc_smem 32768 : !cute.ptr<f16, smem, align<1024>>
    %pB = cute.alloc_smem 32768 : !cute.ptr<f16, smem, align<1024>>
    %pC = cute.alloc_smem 16384 : !cute.ptr<f32, smem, align<1024>>
    %bars = cute.alloc_smem 8 : !Bar
    %mma_l = cute.static : !mma_l
    %tma_l = cute.static : !tma_l
    %sA = cute.make_view %pA, %mma_l : !s_mma
    %sB = cute.make_view %pB, %mma_l : !s_mma
    %tA = cute.make_view %pA, %tma_l : !s_tma
    %tB = cute.make_view %pB, %tma_l : !s_tma
    %load_a = cute.make_atom %tmaA : !DA -> : !Load
    %load_b = cute.make_atom %tmaB : !DB -> : !Multicast

    scf.if %leader {
      scf.for %s = %c0 to %c4 step %c1 {
        %si = arith.index_cast %s : index to i32
        %bar = cute.add_offset %bars, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %bar, %one_i32 : !Bar
        %empty_i = arith.addi %si, %c4_i32 : i32
        %empty = cute.add_offset %bars, %empty_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %empty, %c16_i32 : !Bar
      }
      nvvm.fence.mbarrier.init
      cute_nvgpu.tma.prefetch %load_a, %tmaA, [] : !Load, !DA
      cute_nvgpu.tma.prefetch %load_b, %tmaB, [] : !Multicast, !DB
    }
    // The only cluster-wide barrier before the end: both CTAs' mbarriers
    // are initialized before either multicasts into or arrives on them.
    nvvm.cluster.arrive
    nvvm.cluster.wait

    scf.if %producer {
      // The producer warpgroup gives its registers to the consumers.
      nvvm.setmaxregister decrease 40
      scf.if %leader {
        // Every k-tile of every tile of this CTA, through the 4 stages: the
        // k-tile count `it` runs on across tiles.
        %last = scf.for %t = %cluster to %tiles step %clusters iter_args(%it0 = %zero_i32) -> (i32) : i32 {
          %t_tuple = cute.make_int_tuple(%t) : (i32) -> !cute.int_tuple<"?">
          %mn = cute.idx2crd(%t_tuple, %tgrid) : (!cute.int_tuple<"?">, !cute.shape<"(?,?)">) -> !cute.coord<"(?,?)">
          %mc, %nt = cute.get_leaves %mn : !cute.coord<"(?,?)"> -> i32, i32
          %mc2 = arith.shli %mc, %one_i32 : i32
          %mt = arith.addi %mc2, %rank : i32
          %m0 = arith.muli %mt, %c128_i32 : i32
          %n0 = arith.muli %nt, %c128_i32 : i32
          %it_end = scf.for %kt = %zero_i32 to %k_tiles step %one_i32 iter_args(%it = %it0) -> (i32) : i32 {
            %s4 = arith.remui %it, %c4_i32 : i32
            %use = arith.shrui %it, %c2_i32 : i32
            // A stage used before waits for its release by the consumers
            // (the phase of its previous use).
            %reused = arith.cmpi uge, %it, %c4_i32 : i32
            scf.if %reused {
              %empty_i = arith.addi %s4, %c4_i32 : i32
              %empty = cute.add_offset %bars, %empty_i : !Bar, i32
              %prev_use = arith.subi %use, %one_i32 : i32
              %phase = arith.andi %prev_use, %one_i32 : i32
              cute_nvgpu.arch.mbarrier.wait %empty, %phase : !Bar
            }
            %full = cute.add_offset %bars, %s4 : !Bar, i32
            %stage = cute.make_int_tuple(%s4) : (i32) -> !cute.coord<"(_,_,?)">
            %a = cute.slice(%tA, %stage) : !s_tma, !cute.coord<"(_,_,?)">
            %b = cute.slice(%tB, %stage) : !s_tma, !cute.coord<"(_,_,?)">
            cute_nvgpu.arch.mbarrier.arrive %full tx(%a, %b : !t_stage, !t_stage) : !Bar
            %k0 = arith.muli %kt, %c64_i32 : i32
            cute_nvgpu.tma.copy %load_a, %tmaA, %a, [%k0, %m0] mbar(%full : !Bar) : !Load, !DA, !t_stage
            // This CTA's half of B (64 rows) into both CTAs' stage.
            %half_off = arith.muli %rank, %c4096_i32 : i32
            %b_base = cute.get_iter %b : (!t_stage) -> !cute.ptr<f16, smem, align<1024>>
            %b_half_p = cute.add_offset %b_base, %half_off : !cute.ptr<f16, smem, align<1024>>, i32
            %half_l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">
            %b_half = cute.make_view %b_half_p, %half_l : !t_half
            %half_rows = arith.muli %rank, %c64_i32 : i32
            %n_half = arith.addi %n0, %half_rows : i32
            cute_nvgpu.tma.copy %load_b, %tmaB, %b_half, [%k0, %n_half] mbar(%full : !Bar) mask(%both) : !Multicast, !DB, !t_half
            %next = arith.addi %it, %one_i32 : i32
            scf.yield %next : i32
          }
          scf.yield %it_end : i32
        }
      }
    } else {
      nvvm.setmaxregister increase 232
      // The consumers: thread c of 0..255 in the tiled MMA.
      %ctid_i32 = arith.subi %tid_i32, %c128_i32 : i32
      %ctid = cute.make_int_tuple(%ctid_i32) : (i32) -> !cute.int_tuple<"?">
      %cleader = arith.cmpi eq, %ctid_i32, %zero_i32 : i32
      %mma_atom = cute.make_atom : !mma_atom
      %mma = cute.make_tiled_mma %mma_atom : !mma
      %c_mma_l = cute.static : !c_mma_l
      %sC = cute.make_view %pC, %c_mma_l : !c_mma
      %tCsA = cute.tiled.mma.partition_A %mma, %sA, %ctid : (!mma, !s_mma, !cute.int_tuple<"?">) -> !pa
      %tCsB = cute.tiled.mma.partition_B %mma, %sB, %ctid : (!mma, !s_mma, !cute.int_tuple<"?">) -> !pb
      %tCsC = cute.tiled.mma.partition_C %mma, %sC, %ctid : (!mma, !c_mma, !cute.int_tuple<"?">) -> !pc
      %acc = cute.make_fragment_like %tCsC : !pc -> !acc_t
      %zero = arith.constant 0.0 : f32
      %r2s = cute.make_atom : !r2s
      %c_tma_l = cute.static : !c_tma_l
      %tC = cute.make_view %pC, %c_tma_l : !c_tma
      %store = cute.make_atom %tmaC : !DC -> : !Store
      %named = arith.constant 1 : i32
      %last = scf.for %t = %cluster to %tiles step %clusters iter_args(%it0 = %zero_i32) -> (i32) : i32 {
        %t_tuple = cute.make_int_tuple(%t) : (i32) -> !cute.int_tuple<"?">
        %mn = cute.idx2crd(%t_tuple, %tgrid) : (!cute.int_tuple<"?">, !cute.shape<"(?,?)">) -> !cute.coord<"(?,?)">
        %mc, %nt = cute.get_leaves %mn : !cute.coord<"(?,?)"> -> i32, i32
        %mc2 = arith.shli %mc, %one_i32 : i32
        %mt = arith.addi %mc2, %rank : i32
        %m0 = arith.muli %mt, %c128_i32 : i32
        %n0 = arith.muli %nt, %c128_i32 : i32
        cute.fill %zero, %acc : f32, !acc_t
        // The main loop: no CTA barrier, one WGMMA batch in flight.
        %it_end = scf.for %kt = %zero_i32 to %k_tiles step %one_i32 iter_args(%it = %it0) -> (i32) : i32 {
          %s4 = arith.remui %it, %c4_i32 : i32
          %use = arith.shrui %it, %c2_i32 : i32
          %phase = arith.andi %use, %one_i32 : i32
          %full = cute.add_offset %bars, %s4 : !Bar, i32
          cute_nvgpu.arch.mbarrier.wait %full, %phase : !Bar
          %stage = cute.make_int_tuple(%s4) : (i32) -> !cute.coord<"(_,_,_,?)">
          %a = cute.slice(%tCsA, %stage) : !pa, !cute.coord<"(_,_,_,?)">
          %b = cute.slice(%tCsB, %stage) : !pb, !cute.coord<"(_,_,_,?)">
          nvvm.wgmma.fence.aligned
          cute.gemm %mma, %acc, %a, %b, %acc : !mma, !acc_t, !a_k, !b_k, !acc_t
          nvvm.wgmma.commit.group.sync.aligned
          nvvm.wgmma.wait.group.sync.aligned 1
          // The previous k-tile's batch is complete: release its stage.
          %after_first = arith.cmpi ugt, %kt, %zero_i32 : i32
          scf.if %after_first {
            %prev = arith.subi %it, %one_i32 : i32
            %ps = arith.remui %prev, %c4_i32 : i32
            %empty_i = arith.addi %ps, %c4_i32 : i32
            %empty = cute.add_offset %bars, %empty_i : !Bar, i32
            // One arrival per consumer warp in each CTA of the cluster.
            scf.if %warp_leader {
              cute_nvgpu.arch.mbarrier.arrive %empty : !Bar
              cute_nvgpu.arch.mbarrier.arrive %empty cta(%peer) : !Bar
            }
          }
          %next = arith.addi %it, %one_i32 : i32
          scf.yield %next : i32
        }
        // The tile's last batch, then its stage.
        nvvm.wgmma.wait.group.sync.aligned 0
        %has_k = arith.cmpi ugt, %k_tiles, %zero_i32 : i32
        scf.if %has_k {
          %prev = arith.subi %it_end, %one_i32 : i32
          %ps = arith.remui %prev, %c4_i32 : i32
          %empty_i = arith.addi %ps, %c4_i32 : i32
          %empty = cute.add_offset %bars, %empty_i : !Bar, i32
          scf.if %warp_leader {
            cute_nvgpu.arch.mbarrier.arrive %empty : !Bar
            cute_nvgpu.arch.mbarrier.arrive %empty cta(%peer) : !Bar
          }
        }
        // Epilogue: the previous tile's store has read the C tile (its
        // issuer waited before arriving here), so the accumulators may go
        // into it; then the async-proxy fence, the consumers' barrier, and
        // one thread's TMA store.
        nvvm.barrier id = %named number_of_threads = %c256_i32
        cute.copy %r2s, %acc, %tCsC : !r2s, !acc_t, !pc
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
        nvvm.barrier id = %named number_of_threads = %c256_i32
        scf.if %cleader {
          cute_nvgpu.tma.copy %store, %tmaC, %tC, [%n0, %m0] : !Store, !DC, !c_tma
          nvvm.cp.async.bulk.commit.group
          nvvm.cp.async.bulk.wait_group 0 {read}
        }
        scf.yield %it_end : i32
      }
    }
    // Neither CTA exits while its peer may still multicast into it or
    // arrive on its mbarriers.
    nvvm.cluster.arrive
    nvvm.cluster.wait
    return
  }
}
}
