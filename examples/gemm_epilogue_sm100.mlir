// The Blackwell GEMM of gemm_sm100.mlir with the epilogue users run
// (issue 31 item 2), computed on each thread's accumulator row in
// registers as the CuTe DSL's epilogue examples do:
//
//   D(m,n) = act(alpha * sum_k A(m,k) B(n,k) + beta * C(m,n) + bias(n))
//   D: bf16 M x N, C: f32 M x N; act: ReLU, or GELU (tanh form) when the
//   last argument is nonzero
//
// * The bias tile (256 f32 of the CTA's columns) comes in by a rank-1 TMA
//   load on its own mbarrier at the start (zero past N).
// * C (128 x 256 f32, eight 32-column boxes of 128-byte swizzled rows) is
//   loaded by TMA once the main loop is done, over B's finished stages
//   (128 KiB), as CUTLASS's epilogue loads its source; zero past M and N.
// * Epilogue: each thread reads its accumulator row 32 columns at a time
//   (tcgen05.ld), loads the matching 32 values of its row of C and of the
//   bias from shared memory, computes alpha * acc + beta * C + bias, ReLU,
//   converts to bf16 (vector ops on the fragments: cute.load_vec /
//   cute.store_vec), and writes them into its half of a 128-byte swizzled
//   bf16 row of the shared D tile (over A's finished stages, 64 KiB); then
//   the async-proxy fence, a CTA barrier and one TMA store of the 128x256
//   bf16 tile (four 64-column boxes), clipped at M and N.
//
// Compile: cute compile examples/gemm_epilogue_sm100.mlir --chip sm_100a
// Launch:  grid (ceil(M/128), ceil(N/256)), block 128, the dynamic shared
//          memory `cute compile --launch-info` reports; tensor maps: A bf16
//          {K, M} box {64, 128}, B bf16 {K, N} box {64, 256} (128-byte
//          swizzle), C f32 {N, M} box {32, 128} (128-byte swizzle), bias
//          f32 {N} box {256} (no swizzle), D bf16 {N, M}
//          box {64, 128} (128-byte swizzle); K a multiple of 8, N of 8
//          (examples/launch/gemm_epilogue_sm100.launch.json).

!DA = !cute_nvgpu.tma_descriptor<bf16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DB = !cute_nvgpu.tma_descriptor<bf16, box = [64, 256], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DD = !cute_nvgpu.tma_descriptor<bf16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!LoadC = !cute_nvgpu.atom.tma_load<f32, rank = 2>
// The C tile in shared memory as the threads read it, (M, N), and as TMA
// writes it, (N, M): eight 32-column boxes of 128-byte swizzled rows.
!c_smem_l = !cute.composed_layout<"S<3,2,3> o 0 o (128,(32,8)):(32,(1,4096))">
!c_tma_l = !cute.composed_layout<"S<3,2,3> o 0 o ((32,8),128):((1,4096),32)">
!c_smem = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_smem_l>
!c_tma = !cute.view<!cute.ptr<f32, smem, align<1024>>, !c_tma_l>
!c_box = !cute.view<!cute.ptr<f32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o (32,128):(1,32)">>
!DBias = !cute_nvgpu.tma_descriptor<f32, box = [256], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!LoadBias = !cute_nvgpu.atom.tma_load<f32, rank = 1>
!bias_smem = !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.layout<"256:1">>
!LoadA = !cute_nvgpu.atom.tma_load<bf16, rank = 2>
!StoreD = !cute_nvgpu.atom.tma_store<bf16, rank = 2>
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
// The D tile in shared memory as the threads write it, (M, N), each
// thread a half of a 128-byte swizzled row of 64 bf16 at a time, and as
// TMA stores it, (N, M): four 64-column boxes.
!d_smem_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,((32,2),4)):(64,((1,32),8192))">
!d_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o ((64,4),128):((1,8192),64)">
!d_smem = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !d_smem_l>
!d_tma = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !d_tma_l>
!rd_chunk = !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"32:1">>
// The elected thread's partitions (the whole tiles: UMMA is one thread's).
!pa = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,4):((64,1),0,16,8192)">>
!pb = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((256,16),1,4,4):((64,1),0,16,16384)">>
!pc = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"((128,256),1,1):((65536,1),0,0)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @gemm_epilogue(%tmaA: !DA {cute_nvgpu.grid_constant}, %tmaB: !DB {cute_nvgpu.grid_constant},
                  %tmaC: !DC {cute_nvgpu.grid_constant}, %tmaBias: !DBias {cute_nvgpu.grid_constant},
                  %tmaD: !DD {cute_nvgpu.grid_constant},
                  %K: i32, %alpha: f32, %beta: f32, %gelu: i32) attributes {cute.kernel} {
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
    %bias_bar = cute.alloc_smem 1 : !Bar
    %c_bar = cute.alloc_smem 1 : !Bar
    %pBias = cute.alloc_smem 256 : !cute.ptr<f32, smem, align<128>>
    %bias_l = cute.static : !cute.layout<"256:1">
    %sBias = cute.make_view %pBias, %bias_l : !bias_smem
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
      cute_nvgpu.arch.mbarrier.init %bias_bar, %one_i32 : !Bar
      cute_nvgpu.arch.mbarrier.init %c_bar, %one_i32 : !Bar
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    // The CTA's 256 bias values, zero past N.
    scf.if %leader {
      %load_bias = cute.make_atom %tmaBias : !DBias -> : !LoadBias
      cute_nvgpu.arch.mbarrier.arrive %bias_bar tx(%sBias : !bias_smem) : !Bar
      cute_nvgpu.tma.copy %load_bias, %tmaBias, %sBias, [%n0] mbar(%bias_bar : !Bar) : !LoadBias, !DBias, !bias_smem
    }

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
    // C over B's stages, which the finished UMMAs no longer read.
    %pCs = cute.recast %pB : !cute.ptr<bf16, smem, align<1024>> to !cute.ptr<f32, smem, align<1024>>
    scf.if %leader {
      %c_tma_l = cute.static : !c_tma_l
      %tC = cute.make_view %pCs, %c_tma_l : !c_tma
      %load_c = cute.make_atom %tmaC : !DC -> : !LoadC
      cute_nvgpu.arch.mbarrier.arrive %c_bar tx(%tC : !c_tma) : !Bar
      scf.for %box = %c0 to %c8 step %c1 {
        %bi = arith.index_cast %box : index to i32
        %at = cute.make_int_tuple(%bi) : (i32) -> !cute.coord<"((_,?),_)">
        %cb = cute.slice(%tC, %at) : !c_tma, !cute.coord<"((_,?),_)">
        %col = arith.muli %bi, %c32_i32 : i32
        %n = arith.addi %n0, %col : i32
        cute_nvgpu.tma.copy %load_c, %tmaC, %cb, [%n, %m0] mbar(%c_bar : !Bar) : !LoadC, !DC, !c_box
      }
    }
    %five = arith.constant 5 : i32
    %warp = arith.shrui %tid, %five : i32
    %warp_row = arith.muli %warp, %c32_i32 : i32
    %lane_base = arith.muli %warp_row, %lane_stride : i32
    cute_nvgpu.arch.mbarrier.wait %bias_bar, %zero_i32 : !Bar
    %tmem_load = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    %copy_f32 = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    %to_smem = cute.make_atom : !cute_nvgpu.atom.universal_copy<bf16>
    %chunk_l = cute.static : !cute.layout<"32:1">
    %frag = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
    %r = cute.make_view %frag, %chunk_l : !r_chunk
    %c_frag = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
    %rc = cute.make_view %c_frag, %chunk_l : !r_chunk
    %c_smem_l = cute.static : !c_smem_l
    %sC = cute.make_view %pCs, %c_smem_l : !c_smem
    %vbeta = vector.broadcast %beta : f32 to vector<32xf32>
    cute_nvgpu.arch.mbarrier.wait %c_bar, %zero_i32 : !Bar
    %bias_frag = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
    %rb = cute.make_view %bias_frag, %chunk_l : !r_chunk
    %d_frag = cute.alloc_rmem 32 : !cute.ptr<bf16, rmem, align<16>>
    %rd = cute.make_view %d_frag, %chunk_l : !rd_chunk
    %no_gelu = arith.constant 0 : i32
    %use_gelu = arith.cmpi ne, %gelu, %no_gelu : i32
    %valpha = vector.broadcast %alpha : f32 to vector<32xf32>
    %zero_f = arith.constant 0.0 : f32
    %vzero = vector.broadcast %zero_f : f32 to vector<32xf32>
    // The D tile over B's stages: the UMMAs that read them are done.
    %d_smem_l = cute.static : !d_smem_l
    %sD = cute.make_view %pA, %d_smem_l : !d_smem
    %two = arith.constant 2 : i32
    scf.for %c = %c0 to %c8 step %c1 {
      %ci = arith.index_cast %c : index to i32
      %col = arith.muli %ci, %c32_i32 : i32
      %t_offset = arith.addi %lane_base, %col : i32
      %tp = cute.add_offset %tmem, %t_offset : !cute.ptr<f32, tmem>, i32
      %t = cute.make_view %tp, %chunk_l : !t_chunk
      cute.copy_atom_call %tmem_load, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !t_chunk, !r_chunk
      %bp = cute.add_offset %pBias, %col : !cute.ptr<f32, smem, align<128>>, i32
      %b = cute.make_view %bp, %chunk_l : !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.layout<"32:1">>
      cute.copy_atom_call %copy_f32, %b, %rb : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.layout<"32:1">>, !r_chunk
      // alpha * acc + bias, ReLU, bf16.
      %c_at = cute.make_int_tuple(%tid, %ci) : (i32, i32) -> !cute.coord<"(?,(_,?))">
      %c_row = cute.slice(%sC, %c_at) : !c_smem, !cute.coord<"(?,(_,?))">
      cute.copy_atom_call %copy_f32, %c_row, %rc : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, smem, align<128>>, !cute.composed_layout<"S<3,2,3> o 0 o (32):(1)">>, !r_chunk
      %vacc = cute.load_vec %r : !r_chunk -> vector<32xf32>
      %vc = cute.load_vec %rc : !r_chunk -> vector<32xf32>
      %vbias = cute.load_vec %rb : !r_chunk -> vector<32xf32>
      %scaled = arith.mulf %valpha, %vacc : vector<32xf32>
      %scaled_c = arith.mulf %vbeta, %vc : vector<32xf32>
      %blended = arith.addf %scaled, %scaled_c : vector<32xf32>
      %biased = arith.addf %blended, %vbias : vector<32xf32>
      // ReLU, or GELU's tanh form (tanh.approx.f32) when %gelu is nonzero.
      %activated = scf.if %use_gelu -> (vector<32xf32>) {
        %x2 = arith.mulf %biased, %biased : vector<32xf32>
        %x3 = arith.mulf %x2, %biased : vector<32xf32>
        %k3 = arith.constant dense<0.044715> : vector<32xf32>
        %cubic = arith.mulf %k3, %x3 : vector<32xf32>
        %inner = arith.addf %biased, %cubic : vector<32xf32>
        %s2pi = arith.constant dense<0.7978845608> : vector<32xf32>
        %arg = arith.mulf %s2pi, %inner : vector<32xf32>
        %th = math.tanh %arg fastmath<afn> : vector<32xf32>
        %vone = arith.constant dense<1.0> : vector<32xf32>
        %onep = arith.addf %vone, %th : vector<32xf32>
        %vhalf = arith.constant dense<0.5> : vector<32xf32>
        %halfx = arith.mulf %vhalf, %biased : vector<32xf32>
        %g = arith.mulf %halfx, %onep : vector<32xf32>
        scf.yield %g : vector<32xf32>
      } else {
        %relu = arith.maximumf %biased, %vzero : vector<32xf32>
        scf.yield %relu : vector<32xf32>
      }
      %vd = arith.truncf %activated : vector<32xf32> to vector<32xbf16>
      cute.store_vec %vd, %rd : vector<32xbf16>, !rd_chunk
      // Row tid, half (c % 2) of box c / 2 of the shared tile.
      %box = arith.divui %ci, %two : i32
      %half = arith.remui %ci, %two : i32
      %at = cute.make_int_tuple(%tid, %half, %box) : (i32, i32, i32) -> !cute.coord<"(?,((_,?),?))">
      %s_row = cute.slice(%sD, %at) : !d_smem, !cute.coord<"(?,((_,?),?))">
      cute.copy_atom_call %to_smem, %rd, %s_row : !cute_nvgpu.atom.universal_copy<bf16>, !rd_chunk, !cute.view<!cute.ptr<bf16, smem, align<64>>, !cute.composed_layout<"S<3,3,3> o 0 o (32):(1)">>
    }
    // The TMA store reads the tile through the async proxy.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %leader {
      %d_tma_l = cute.static : !d_tma_l
      %tD = cute.make_view %pA, %d_tma_l : !d_tma
      %store = cute.make_atom %tmaD : !DD -> : !StoreD
      cute_nvgpu.tma.copy %store, %tmaD, %tD, [%n0, %m0] : !StoreD, !DD, !d_tma
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }
}
}
