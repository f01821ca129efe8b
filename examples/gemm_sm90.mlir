// A Hopper GEMM in cute IR, written as CUTLASS's sm90 TMA + WGMMA mainloop
// (the CollectiveMma of KernelTma, sm90_mma_tma_gmma_ss) writes it:
//
//   C(m,n) = sum_k A(m,k) * B(n,k)     A: M x K, B: N x K (both K-major),
//                                      C: M x N row-major; f16 inputs,
//                                      f32 accumulation and output.
//
// * CTA tile 128x128x64, 256 threads = two warpgroups, each owning 64 rows
//   (a tiled MMA of 2x1 WGMMA 64x128x16 atoms, 64 f32 accumulators per
//   thread).
// * A 4-stage TMA pipeline with a full and an empty mbarrier per stage
//   (CUTLASS's PipelineTmaAsync): thread 0 loads each k-tile of A and B
//   (one 64x128 box each, 128-byte swizzled: CuTe's
//   GMMA::Layout_K_SW128_Atom) into a stage and arms the stage's full
//   barrier with the 32 KiB it expects; the warpgroups wait on its phase.
// * WGMMA reads A and B straight from shared memory through GMMA
//   descriptors: 4 x 16-deep k-blocks per k-tile, fenced and committed;
//   one batch stays in flight (`wgmma.wait_group 1`, the CuTe DSL's
//   K_PIPE_MMAS = 1). Once a batch is complete, every consumer thread
//   arrives on its stage's empty barrier, and thread 0 waits there before
//   refilling the stage: no CTA barrier in the main loop.
// * Epilogue: the accumulators into a 128-byte swizzled shared tile, the
//   async-proxy fence, and a TMA store of the 128x128 tile (four 32-column
//   boxes) completed in a bulk async-group.
//
// Compile: cute compile examples/gemm_sm90.mlir --chip sm_90a -o gemm.ptx
// Launch:  grid (ceil(M/128), ceil(N/128)), block 256, the dynamic shared
//          memory that `cute compile --launch-info` reports; the three tensor
//          maps made with cuTensorMapEncodeTiled: A and B f16 {K, M/N} with
//          box {64, 128}, C f32 {N, M} with box {32, 128}, all
//          CU_TENSOR_MAP_SWIZZLE_128B, out-of-bounds fill zero.
//          Any M, N, K >= 1 that TMA can describe: a global row stride is a
//          multiple of 16 bytes, so K is a multiple of 8 (f16 rows of A and
//          B) and N of 4 (f32 rows of C). Ragged edges cost nothing in the
//          kernel: a box past M, N or K loads zeros (and still completes
//          its full byte count), so the last k-tile adds zeros, and the
//          store of a tile past M or N is clipped by the TMA unit.

!DA = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Store = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
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
  func.func @gemm(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DA {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %K: i32) attributes {cute.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c4_i32 = arith.constant 4 : i32
    %c256_i32 = arith.constant 256 : i32
    %c3 = arith.constant 3 : index
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">
    %m0 = arith.muli %bx, %c128_i32 : i32
    %n0 = arith.muli %by, %c128_i32 : i32
    %leader = arith.cmpi eq, %tid_index, %c0 : index
    // ceil(K / 64): the residue k-tile is zero-filled past K by the TMA.
    %c63_i32 = arith.constant 63 : i32
    %k_round = arith.addi %K, %c63_i32 : i32
    %k_tiles_i32 = arith.divui %k_round, %c64_i32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index

    // Shared memory: 4 stages of A and B (64 KiB each), the C tile (64 KiB),
    // a full barrier per stage (0..3: the TMA bytes landed) and an empty
    // one (4..7: all 256 consumer threads are done reading it).
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
    %load_b = cute.make_atom %tmaB : !DA -> : !Load

    scf.if %leader {
      scf.for %s = %c0 to %c4 step %c1 {
        %si = arith.index_cast %s : index to i32
        %bar = cute.add_offset %bars, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %bar, %one_i32 : !Bar
        %empty_i = arith.addi %si, %c4_i32 : i32
        %empty = cute.add_offset %bars, %empty_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %empty, %c256_i32 : !Bar
      }
      nvvm.fence.mbarrier.init
      cute_nvgpu.tma.prefetch %load_a, %tmaA, [] : !Load, !DA
      cute_nvgpu.tma.prefetch %load_b, %tmaB, [] : !Load, !DA
    }
    gpu.barrier

    // Prologue: k-tiles 0..3 into stages 0..3.
    scf.if %leader {
      scf.for %s = %c0 to %c4 step %c1 {
        %valid = arith.cmpi slt, %s, %k_tiles : index
        scf.if %valid {
          %si = arith.index_cast %s : index to i32
          %bar = cute.add_offset %bars, %si : !Bar, i32
          %stage = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,?)">
          %a = cute.slice(%tA, %stage) : !s_tma, !cute.coord<"(_,_,?)">
          %b = cute.slice(%tB, %stage) : !s_tma, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %bar tx(%a, %b : !t_stage, !t_stage) : !Bar
          %k0 = arith.muli %si, %c64_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %a, [%k0, %m0] mbar(%bar : !Bar) : !Load, !DA, !t_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %b, [%k0, %n0] mbar(%bar : !Bar) : !Load, !DA, !t_stage
        }
      }
    }

    // The warpgroups' MMA partitions and accumulators.
    %mma_atom = cute.make_atom : !mma_atom
    %mma = cute.make_tiled_mma %mma_atom : !mma
    %c_mma_l = cute.static : !c_mma_l
    %sC = cute.make_view %pC, %c_mma_l : !c_mma
    %tCsA = cute.tiled.mma.partition_A %mma, %sA, %tid : (!mma, !s_mma, !cute.int_tuple<"?">) -> !pa
    %tCsB = cute.tiled.mma.partition_B %mma, %sB, %tid : (!mma, !s_mma, !cute.int_tuple<"?">) -> !pb
    %tCsC = cute.tiled.mma.partition_C %mma, %sC, %tid : (!mma, !c_mma, !cute.int_tuple<"?">) -> !pc
    %acc = cute.make_fragment_like %tCsC : !pc -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>

    // Main loop: wait for k-tile kt in stage kt % 4 and issue its four
    // WGMMA k-blocks; wait until only this batch is in flight, so k-tile
    // kt - 1's batch is complete: release its stage (every thread arrives
    // on the empty barrier) and thread 0, once all have, refills that
    // stage with k-tile kt + 3.
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %s = arith.remui %kt, %c4 : index
      %use = arith.divui %kt, %c4 : index
      %si = arith.index_cast %s : index to i32
      %use_i32 = arith.index_cast %use : index to i32
      %phase = arith.andi %use_i32, %one_i32 : i32
      %bar = cute.add_offset %bars, %si : !Bar, i32
      cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
      %stage = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,_,?)">
      %a = cute.slice(%tCsA, %stage) : !pa, !cute.coord<"(_,_,_,?)">
      %b = cute.slice(%tCsB, %stage) : !pb, !cute.coord<"(_,_,_,?)">
      nvvm.wgmma.fence.aligned
      cute.gemm %mma, %acc, %a, %b, %acc : !mma, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>
      nvvm.wgmma.commit.group.sync.aligned
      nvvm.wgmma.wait.group.sync.aligned 1
      %after_first = arith.cmpi ugt, %kt, %c0 : index
      scf.if %after_first {
        %prev = arith.subi %kt, %c1 : index
        %ps = arith.remui %prev, %c4 : index
        %ps_i32 = arith.index_cast %ps : index to i32
        %empty_i = arith.addi %ps_i32, %c4_i32 : i32
        %empty = cute.add_offset %bars, %empty_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.arrive %empty : !Bar
        %next = arith.addi %kt, %c3 : index
        %more = arith.cmpi slt, %next, %k_tiles : index
        %issue = arith.andi %leader, %more : i1
        scf.if %issue {
          %puse = arith.divui %prev, %c4 : index
          %puse_i32 = arith.index_cast %puse : index to i32
          %pphase = arith.andi %puse_i32, %one_i32 : i32
          cute_nvgpu.arch.mbarrier.wait %empty, %pphase : !Bar
          %full = cute.add_offset %bars, %ps_i32 : !Bar, i32
          %sa = cute.make_int_tuple(%ps_i32) : (i32) -> !cute.coord<"(_,_,?)">
          %ta = cute.slice(%tA, %sa) : !s_tma, !cute.coord<"(_,_,?)">
          %tb = cute.slice(%tB, %sa) : !s_tma, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %full tx(%ta, %tb : !t_stage, !t_stage) : !Bar
          %next_i32 = arith.index_cast %next : index to i32
          %k0 = arith.muli %next_i32, %c64_i32 : i32
          cute_nvgpu.tma.copy %load_a, %tmaA, %ta, [%k0, %m0] mbar(%full : !Bar) : !Load, !DA, !t_stage
          cute_nvgpu.tma.copy %load_b, %tmaB, %tb, [%k0, %n0] mbar(%full : !Bar) : !Load, !DA, !t_stage
        }
      }
    }
    nvvm.wgmma.wait.group.sync.aligned 0
    // Epilogue: accumulators -> swizzled shared C tile -> TMA store.
    %r2s = cute.make_atom : !r2s
    cute.copy %r2s, %acc, %tCsC : !r2s, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>, !pc
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %leader {
      %c_tma_l = cute.static : !c_tma_l
      %tC = cute.make_view %pC, %c_tma_l : !c_tma
      %store = cute.make_atom %tmaC : !DC -> : !Store
      cute_nvgpu.tma.copy %store, %tmaC, %tC, [%n0, %m0] : !Store, !DC, !c_tma
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }
}
}
