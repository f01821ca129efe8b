// The Hopper GEMM of gemm_sm90.mlir with the epilogue users run, as
// CUTLASS's sm90 TMA epilogue structures it (C in by TMA, D out by TMA):
//
//   D(m,n) = bf16(act(alpha * sum_k A(m,k) B(n,k) + beta * C(m,n) + bias(n)))
//   act: ReLU, or GELU (tanh form) when the last argument is nonzero
//
// A, B f16 (K-major), C f32 (M x N row-major), bias f32 (N), D bf16 (M x N
// row-major).
// * The main loop is gemm_sm90's: 4-stage TMA pipeline on full/empty
//   mbarriers, two warpgroups of WGMMA 64x128x16, one batch in flight.
// * Before the main loop thread 0 also loads the CTA's C tile (four
//   32-column f32 boxes into the 128-byte swizzled C tile) and its 128 bias
//   values (a rank-1 box) on an epilogue mbarrier; both are zero past M and
//   N, so ragged edges need no predicate.
// * Epilogue (CuTe DSL style, cute ops on register fragments): each thread
//   copies its C and bias values, partitioned by the tiled MMA like its
//   accumulators, into registers, computes alpha * acc + beta * c + bias,
//   ReLU and bf16 on whole fragments (`cute.load_vec` / `cute.store_vec`),
//   and writes D into a 128-byte swizzled bf16 tile over A's stages (free
//   once every warpgroup's WGMMAs are done: a CTA barrier); then the
//   async-proxy fence and a TMA store of two 64-column boxes, clipped at M
//   and N.
//
// Compile: cute compile examples/gemm_epilogue_sm90.mlir --chip sm_90a
// Launch:  grid (ceil(M/128), ceil(N/128)), block 256, the dynamic shared
//          memory `cute compile --launch-info` reports; tensor maps
//          (cuTensorMapEncodeTiled, out-of-bounds fill zero): A, B f16
//          {K, M/N} box {64, 128} swizzle 128B; C f32 {N, M} box {32, 128}
//          swizzle 128B; bias f32 {N} box {128}; D bf16 {N, M} box {64, 128}
//          swizzle 128B. K and N multiples of 8 (16-byte row strides of A, B
//          and D).

!DA = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Store = !cute_nvgpu.atom.tma_store<f32, rank = 2>
!DD = !cute_nvgpu.tma_descriptor<bf16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DBias = !cute_nvgpu.tma_descriptor<f32, box = [128], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!LoadC = !cute_nvgpu.atom.tma_load<f32, rank = 2>
!LoadBias = !cute_nvgpu.atom.tma_load<f32, rank = 1>
!StoreD = !cute_nvgpu.atom.tma_store<bf16, rank = 2>
!bias_smem = !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.layout<"128:1">>
// The bias as an (M, N) tile: one value per column.
!bias_mn = !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.layout<"(128,128):(0,1)">>
// The D tile (bf16) as the fragments write it, (M, N), and as TMA stores
// it, (N, M): two 64-column boxes of 128-byte swizzled rows.
!d_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,(64,2)):(64,(1,8192))">
!d_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o ((64,2),128):((1,8192),64)">
!d_mma = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !d_mma_l>
!d_tma = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !d_tma_l>
!acc_t = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>
// D's fragment into the shared tile by stmatrix (CuTe's SM90_U32x4_STSM_N
// tiled like the accumulators: make_tiled_copy_C): each x4 stores four 8x8
// bf16 matrices, a warp's 16 rows x 16 columns, 16 bytes a row.
!r2s_d = !cute.tiled_copy<!cute_nvgpu.atom.stsm<m8n8.x4, bf16>, !cute.layout<"((4,8,8),((2,2,16),(1,1))):((256,1,16),((128,8,1024),(0,0)))">, !cute.tile<"[128:1;128:1]">>
!tdsd = !cute.view<!cute.ptr<bf16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,(4,2)),1,1):((1,(16,8192)),0,0)">>
!pbias = !cute.view<!cute.ptr<f32, smem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,0,8),0,0)">>
!pd = !cute.view<!cute.ptr<bf16, smem, align<4>>, !cute.composed_layout<"S<3,3,3> o 0 o ((2,2,(8,2)),1,1):((1,512,(8,8192)),0,0)">>
!bias_frag_t = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,0,2),0,0)">>
!d_frag_t = !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"((2,2,(8,2)),1,1):((1,16,(2,32)),0,0)">>
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
  func.func @gemm_epilogue(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DA {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %tmaBias: !DBias {cute_nvgpu.grid_constant},
                  %tmaD: !DD {cute_nvgpu.grid_constant}, %K: i32, %alpha: f32, %beta: f32, %gelu: i32) attributes {cute.kernel} {
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
    %epi_bar = cute.alloc_smem 1 : !Bar
    %pBias = cute.alloc_smem 128 : !cute.ptr<f32, smem, align<128>>
    %bias_l = cute.static : !cute.layout<"128:1">
    %sBias = cute.make_view %pBias, %bias_l : !bias_smem
    %c_tma_l = cute.static : !c_tma_l
    %tC = cute.make_view %pC, %c_tma_l : !c_tma
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
      cute_nvgpu.arch.mbarrier.init %epi_bar, %one_i32 : !Bar
      nvvm.fence.mbarrier.init
      cute_nvgpu.tma.prefetch %load_a, %tmaA, [] : !Load, !DA
      cute_nvgpu.tma.prefetch %load_b, %tmaB, [] : !Load, !DA
    }
    gpu.barrier

    // The epilogue's inputs, early: the CTA's C tile and 128 bias values
    // (zeros past M and N), complete on the epilogue barrier.
    scf.if %leader {
      %load_c = cute.make_atom %tmaC : !DC -> : !LoadC
      %load_bias = cute.make_atom %tmaBias : !DBias -> : !LoadBias
      cute_nvgpu.arch.mbarrier.arrive %epi_bar tx(%tC, %sBias : !c_tma, !bias_smem) : !Bar
      cute_nvgpu.tma.copy %load_c, %tmaC, %tC, [%n0, %m0] mbar(%epi_bar : !Bar) : !LoadC, !DC, !c_tma
      cute_nvgpu.tma.copy %load_bias, %tmaBias, %sBias, [%n0] mbar(%epi_bar : !Bar) : !LoadBias, !DBias, !bias_smem
    }

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
    // Epilogue: C, bias and the accumulators as register fragments of the
    // same partition; D = bf16(relu(alpha * acc + beta * c + bias)).
    cute_nvgpu.arch.mbarrier.wait %epi_bar, %zero_i32 : !Bar
    %r2r = cute.make_atom : !r2s
    %c_frag = cute.make_fragment_like %tCsC : !pc -> !acc_t
    cute.copy %r2r, %tCsC, %c_frag : !r2s, !pc, !acc_t
    %bias_mn_l = cute.static : !cute.layout<"(128,128):(0,1)">
    %sBiasMN = cute.make_view %pBias, %bias_mn_l : !bias_mn
    %tCsBias = cute.tiled.mma.partition_C %mma, %sBiasMN, %tid : (!mma, !bias_mn, !cute.int_tuple<"?">) -> !pbias
    %bias_frag = cute.make_fragment_like %tCsBias : !pbias -> !bias_frag_t
    cute.copy %r2r, %tCsBias, %bias_frag : !r2s, !pbias, !bias_frag_t
    %vacc = cute.load_vec %acc : !acc_t -> vector<64xf32>
    %vc = cute.load_vec %c_frag : !acc_t -> vector<64xf32>
    %vbias = cute.load_vec %bias_frag : !bias_frag_t -> vector<64xf32>
    %valpha = vector.broadcast %alpha : f32 to vector<64xf32>
    %vbeta = vector.broadcast %beta : f32 to vector<64xf32>
    %vzero = vector.broadcast %zero : f32 to vector<64xf32>
    %scaled = arith.mulf %valpha, %vacc : vector<64xf32>
    %cterm = arith.mulf %vbeta, %vc : vector<64xf32>
    %sum = arith.addf %scaled, %cterm : vector<64xf32>
    %biased = arith.addf %sum, %vbias : vector<64xf32>
    // The activation (uniform): ReLU, or GELU's tanh form with the
    // approximate tanh (tanh.approx.f32) when %gelu is nonzero.
    %no_gelu = arith.constant 0 : i32
    %use_gelu = arith.cmpi ne, %gelu, %no_gelu : i32
    %activated = scf.if %use_gelu -> (vector<64xf32>) {
      %x2 = arith.mulf %biased, %biased : vector<64xf32>
      %x3 = arith.mulf %x2, %biased : vector<64xf32>
      %k3 = arith.constant dense<0.044715> : vector<64xf32>
      %cubic = arith.mulf %k3, %x3 : vector<64xf32>
      %inner = arith.addf %biased, %cubic : vector<64xf32>
      %s2pi = arith.constant dense<0.7978845608> : vector<64xf32>
      %arg = arith.mulf %s2pi, %inner : vector<64xf32>
      %th = math.tanh %arg fastmath<afn> : vector<64xf32>
      %vone = arith.constant dense<1.0> : vector<64xf32>
      %onep = arith.addf %vone, %th : vector<64xf32>
      %vhalf = arith.constant dense<0.5> : vector<64xf32>
      %halfx = arith.mulf %vhalf, %biased : vector<64xf32>
      %g = arith.mulf %halfx, %onep : vector<64xf32>
      scf.yield %g : vector<64xf32>
    } else {
      %relu = arith.maximumf %biased, %vzero : vector<64xf32>
      scf.yield %relu : vector<64xf32>
    }
    %vd = arith.truncf %activated : vector<64xf32> to vector<64xbf16>
    // D over A's stages: every warpgroup's WGMMAs have read them.
    %pD = cute.recast %pA : !cute.ptr<f16, smem, align<1024>> to !cute.ptr<bf16, smem, align<1024>>
    %d_mma_l = cute.static : !d_mma_l
    %sD = cute.make_view %pD, %d_mma_l : !d_mma
    %tCsD = cute.tiled.mma.partition_C %mma, %sD, %tid : (!mma, !d_mma, !cute.int_tuple<"?">) -> !pd
    %d_frag = cute.make_fragment_like %tCsD : !pd -> !d_frag_t
    cute.store_vec %vd, %d_frag : vector<64xbf16>, !d_frag_t
    gpu.barrier
    %stsm = cute.make_atom : !cute_nvgpu.atom.stsm<m8n8.x4, bf16>
    %r2s_d = cute.make_tiled_copy_C %stsm, %mma : (!cute_nvgpu.atom.stsm<m8n8.x4, bf16>, !mma) -> !r2s_d
    %tDsD = cute.tiled.copy.partition_D %r2s_d, %sD, %tid : (!r2s_d, !d_mma, !cute.int_tuple<"?">) -> !tdsd
    cute.copy %r2s_d, %d_frag, %tDsD : !r2s_d, !d_frag_t, !tdsd
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %leader {
      %d_tma_l = cute.static : !d_tma_l
      %tD = cute.make_view %pD, %d_tma_l : !d_tma
      %store = cute.make_atom %tmaD : !DD -> : !StoreD
      cute_nvgpu.tma.copy %store, %tmaD, %tD, [%n0, %m0] : !StoreD, !DD, !d_tma
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }
}
}
