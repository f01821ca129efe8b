// FlashAttention forward on Blackwell in cute IR, with the data flow of
// the CuTe DSL's blackwell/fmha.py: S and O accumulate in tensor memory,
// a softmax warpgroup reads S with tcgen05.ld, writes P back to tensor
// memory with tcgen05.st, corrects O there, and P V reads P from tensor
// memory as the A operand of a `ts` UMMA.
//
//   O = softmax(Q K^T / sqrt(d)) V      per (batch, head); d = 64, f16
//                                       in and out, f32 accumulation.
//
// * Q, K and V are row-stacked (batch * heads * S, 64) tensors behind TMA
//   descriptors (box 64 x 128, 128-byte swizzle); (batch, head) is grid.y.
// * 128 threads, one CTA per 128-row Q tile: thread 0 issues the TMA loads
//   and the UMMAs (S = Q K^T: four 128x128x16 from shared memory into
//   tensor memory columns 0..127; O += P V: eight 128x64x16 `ts`, P from
//   columns 192..255, V MN-major from shared memory, O in 128..191), each
//   committed to its own mbarrier. Thread t owns row t of the tile: tensor
//   memory lane t, read and written by its warp's 32x32b tcgen05.ld / st.
// * The softmax per block: the row of S (128 values, no shuffles), the
//   mask (columns past Sk, and causally after the row, in the blocks that
//   need it, from an identity tensor), the running max and sum, P in f16
//   to tensor memory, O rescaled in tensor memory (the correction step),
//   then tcgen05.fence::before_thread_sync, a CTA barrier, and the P V
//   UMMA. K and V stream through two shared-memory stages: block n + 1
//   loads while block n's softmax runs (the DSL also overlaps two Q tiles
//   and runs the loads and MMAs in warps of their own; the data flow is
//   the same).
// * The end: O / sum per row, f16, the row's 128 bytes stored where the row
//   is in bounds (the keys past Sk are the next head's or TMA's zeros, and
//   masked: their P is exactly 0).
//
// Compile: cute compile examples/fmha_fwd_sm100.mlir --chip sm_100a -o fmha.ptx
// Launch:  grid (ceil(Sq/128), batch*heads), block 128, the dynamic shared
//          memory `cute compile --launch-info` reports; tensor maps as for
//          examples/fmha_fwd_sm90.mlir; scale_log2 = log2(e) / sqrt(64).

!DQ = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
!k_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64):(64,1)">
!t_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">
!k2_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64,2):(64,1,8192)">
!t2_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128,2):(1,64,8192)">
!s_k2 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !k2_mma_l>
!t_k2 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !t2_l>
!uk2 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,2):((64,1),0,16,8192)">>
!uv2 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,8,2):((1,64),0,1024,8192)">>
!s_k = !cute.view<!cute.ptr<f16, smem, align<1024>>, !k_mma_l>
!t_k = !cute.view<!cute.ptr<f16, smem, align<1024>>, !t_l>
!atom_s = !cute_nvgpu.sm100.mma<128x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!mma_s = !cute.tiled_mma<!atom_s, !cute.layout<"(1,1,1):(0,0,0)">>
!atom_o = !cute_nvgpu.sm100.mma<128x64x16, ab_major = (k, mn), elem_type = (f16, f16, f32), frag_kind = ts>
!mma_o = !cute.tiled_mma<!atom_o, !cute.layout<"(1,1,1):(0,0,0)">>
!tS = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
!tO = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,64):(65536,1)">>
!tP = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"(128,128):(131072,1)">>
!t_chunk = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!t_chunk16 = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"64:1">>
!r_row = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"128:1">>
!r_chunk = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"32:1">>
!r_chunk16 = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"64:1">>
!og = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,64):(64,1)">>
!store = !cute_nvgpu.atom.universal_copy<f16>
!sw = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,(32,4)):(2097152,(1,32))">>
!ow = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,(32,2)):(2097152,(1,32))">>
!pw = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"(4,(64,2)):(4194304,(1,64))">>
!rs = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(32,4):(1,32)">>
!rp = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(64,2):(1,64)">>
!uq = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>
!us = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"((128,128),1,1):((65536,1),0,0)">>
!up = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"((128,16),1,8):((131072,1),0,16)">>
!uv = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,8):((1,64),0,1024)">>
!uo = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"((128,64),1,1):((65536,1),0,0)">>
!cst = !cute.coord_tensor<"(?{div=128},0)", "(128,128,?):(1@0,1@1,128@1)">
!r_row16 = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"128:1">>
!ro = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(32,2):(1,32)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @fmha(%tmaQ: !DQ {cute_nvgpu.grid_constant}, %tmaK: !DQ {cute_nvgpu.grid_constant},
                  %tmaV: !DQ {cute_nvgpu.grid_constant}, %pO: !cute.ptr<f16, gmem, align<16>>,
                  %Sq: i32, %Sk: i32, %scale_log2: f32, %causal: i32)
      attributes {cute.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c127_i32 = arith.constant 127 : i32
    %c128_i32 = arith.constant 128 : i32
    %c192_i32 = arith.constant 192 : i32
    %lane_stride = arith.constant 65536 : i32
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid = arith.index_cast %tid_index : index to i32
    %leader = arith.cmpi eq, %tid, %zero_i32 : i32

    %q_first = arith.muli %bx, %c128_i32 : i32
    %q_end = arith.addi %q_first, %c128_i32 : i32
    %kv_end = arith.minsi %q_end, %Sk : i32
    %is_causal = arith.cmpi ne, %causal, %zero_i32 : i32
    %kv_len = arith.select %is_causal, %kv_end, %Sk : i32
    %kv127 = arith.addi %kv_len, %c127_i32 : i32
    %n_blocks = arith.shrsi %kv127, %c7_i32 : i32
    %q_row0 = arith.muli %by, %Sq : i32
    %q_row = arith.addi %q_row0, %q_first : i32
    %k_row0 = arith.muli %by, %Sk : i32

    // Shared memory: Q (16 KiB), two stages of K and of V (32 KiB each):
    // block n + 1 loads while block n's softmax runs. Barriers: Q full (0),
    // S done (1), O done (2), K/V full per stage (3, 4).
    %pQ = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %pK = cute.alloc_smem 16384 : !cute.ptr<f16, smem, align<1024>>
    %pV = cute.alloc_smem 16384 : !cute.ptr<f16, smem, align<1024>>
    %bars = cute.alloc_smem 5 : !Bar
    %k_mma_l = cute.static : !k_mma_l
    %t_l = cute.static : !t_l
    %sQ = cute.make_view %pQ, %k_mma_l : !s_k
    %tQ = cute.make_view %pQ, %t_l : !t_k
    %k2_mma_l = cute.static : !k2_mma_l
    %t2_l = cute.static : !t2_l
    %sK = cute.make_view %pK, %k2_mma_l : !s_k2
    %tK = cute.make_view %pK, %t2_l : !t_k2
    // V as the B operand of P V (d x keys, d contiguous: MN-major), the same
    // bytes as the TMA writes them.
    %sVt = cute.make_view %pV, %t2_l : !t_k2
    %tV = cute.make_view %pV, %t2_l : !t_k2
    %load_q = cute.make_atom %tmaQ : !DQ -> : !Load
    %load_k = cute.make_atom %tmaK : !DQ -> : !Load
    %load_v = cute.make_atom %tmaV : !DQ -> : !Load
    %done = cute.add_offset %bars, %one_i32 : !Bar, i32
    %o_done = cute.add_offset %bars, %c2_i32 : !Bar, i32
    %c3_i32 = arith.constant 3 : i32
    %kvf0 = cute.add_offset %bars, %c3_i32 : !Bar, i32

    // Tensor memory, 256 columns: S (128 x 128 f32, columns 0..127), O
    // (128 x 64 f32, 128..191) and P (128 x 128 f16, two a column, 192..255).
    %handle = arith.constant 0 : i32
    %columns = arith.constant 256 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %columns : i32 -> !cute.ptr<f32, tmem>
    %tS_l = cute.static : !cute.layout<"(128,128):(65536,1)">
    %tO_l = cute.static : !cute.layout<"(128,64):(65536,1)">
    %S = cute.make_view %tmem, %tS_l : !tS
    %pOt = cute.add_offset %tmem, %c128_i32 : !cute.ptr<f32, tmem>, i32
    %O = cute.make_view %pOt, %tO_l : !tO
    %pPf = cute.add_offset %tmem, %c192_i32 : !cute.ptr<f32, tmem>, i32
    %pPt = cute.recast %pPf : !cute.ptr<f32, tmem> to !cute.ptr<f16, tmem>
    // A 16-bit TMEM view counts 16-bit elements: a lane is 2 x 65536 of
    // them (CuTe's TMEM::DP<half_t>), a column two.
    %tP_l = cute.static : !cute.layout<"(128,128):(131072,1)">
    %P = cute.make_view %pPt, %tP_l : !tP

    scf.if %leader {
      cute_nvgpu.arch.mbarrier.init %bars, %one_i32 : !Bar
      cute_nvgpu.arch.mbarrier.init %done, %one_i32 : !Bar
      cute_nvgpu.arch.mbarrier.init %o_done, %one_i32 : !Bar
      cute_nvgpu.arch.mbarrier.init %kvf0, %one_i32 : !Bar
      %kvf1 = cute.add_offset %kvf0, %one_i32 : !Bar, i32
      cute_nvgpu.arch.mbarrier.init %kvf1, %one_i32 : !Bar
      nvvm.fence.mbarrier.init
    }
    gpu.barrier

    // The UMMA partitions (one thread issues each whole instruction).
    %atom_s = cute.make_atom : !atom_s
    %mma_s = cute.make_tiled_mma %atom_s : !mma_s
    %atom_o = cute.make_atom : !atom_o
    %mma_o = cute.make_tiled_mma %atom_o : !mma_o
    %zt = cute.make_int_tuple(%zero_i32) : (i32) -> !cute.int_tuple<"?">
    %uQ = cute.tiled.mma.partition_A %mma_s, %sQ, %zt : (!mma_s, !s_k, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>
    %uK = cute.tiled.mma.partition_B %mma_s, %sK, %zt : (!mma_s, !s_k2, !cute.int_tuple<"?">) -> !uk2
    %uS = cute.tiled.mma.partition_C %mma_s, %S, %zt : (!mma_s, !tS, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"((128,128),1,1):((65536,1),0,0)">>
    %uP = cute.tiled.mma.partition_A %mma_o, %P, %zt : (!mma_o, !tP, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"((128,16),1,8):((131072,1),0,16)">>
    %uV = cute.tiled.mma.partition_B %mma_o, %sVt, %zt : (!mma_o, !t_k2, !cute.int_tuple<"?">) -> !uv2
    %uO = cute.tiled.mma.partition_C %mma_o, %O, %zt : (!mma_o, !tO, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"((128,64),1,1):((65536,1),0,0)">>

    // This thread's row: lane tid of tensor memory, which its warp's
    // tcgen05.ld / st address from the warp's first lane (32x32b).
    %warp = arith.shrui %tid, %c5_i32 : i32
    %sw_l = cute.static : !cute.layout<"(4,(32,4)):(2097152,(1,32))">
    %Sw = cute.make_view %tmem, %sw_l : !sw
    %ow_l = cute.static : !cute.layout<"(4,(32,2)):(2097152,(1,32))">
    %Ow = cute.make_view %pOt, %ow_l : !ow
    %pw_l = cute.static : !cute.layout<"(4,(64,2)):(4194304,(1,64))">
    %Pw = cute.make_view %pPt, %pw_l : !pw
    // Its registers: the S row (128 f32), P (128 f16), an O chunk (32 f32).
    %rs_l = cute.static : !cute.layout<"(32,4):(1,32)">
    %rS_p = cute.alloc_rmem 128 : !cute.ptr<f32, rmem, align<16>>
    %rS = cute.make_view %rS_p, %rs_l : !rs
    %row_l = cute.static : !cute.layout<"128:1">
    %rSrow = cute.make_view %rS_p, %row_l : !r_row
    %rp_l = cute.static : !cute.layout<"(64,2):(1,64)">
    %rP_p = cute.alloc_rmem 128 : !cute.ptr<f16, rmem, align<16>>
    %rP = cute.make_view %rP_p, %rp_l : !rp
    %chunk_l = cute.static : !cute.layout<"32:1">
    %rO_p = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
    %rO = cute.make_view %rO_p, %chunk_l : !r_chunk
    %tmem_load = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    %tmem_store = cute.make_atom : !cute_nvgpu.atom.tmem_store<f32>
    %tmem_store16 = cute.make_atom : !cute_nvgpu.atom.tmem_store<f16>
    // The coordinates of this thread's row of S in each K/V block.
    %shS = cute.make_int_tuple(%Sq, %Sk) : (i32, i32) -> !cute.shape<"(?,?)">
    %idS = cute.make_identity_tensor(%shS) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
    %tile_s = cute.static : !cute.tile<"[128:1;128:1]">
    %cqn = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,_)">
    %cS = cute.local_tile(%idS, %tile_s, %cqn) : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,_)">) -> !cute.coord_tensor<"(?{div=128},0)", "(128,128,?):(1@0,1@1,128@1)">
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32

    // Q, and K/V block 0 into stage 0.
    scf.if %leader {
      cute_nvgpu.arch.mbarrier.arrive %bars tx(%tQ : !t_k) : !Bar
      cute_nvgpu.tma.copy %load_q, %tmaQ, %tQ, [%zero_i32, %q_row] mbar(%bars : !Bar) : !Load, !DQ, !t_k
      %any = arith.cmpi sgt, %n_blocks, %zero_i32 : i32
      scf.if %any {
        %st0 = cute.make_int_tuple(%zero_i32) : (i32) -> !cute.coord<"(_,_,?)">
        %k0 = cute.slice(%tK, %st0) : !t_k2, !cute.coord<"(_,_,?)">
        %v0 = cute.slice(%tV, %st0) : !t_k2, !cute.coord<"(_,_,?)">
        cute_nvgpu.arch.mbarrier.arrive %kvf0 tx(%k0, %v0 : !t_k, !t_k) : !Bar
        cute_nvgpu.tma.copy %load_k, %tmaK, %k0, [%zero_i32, %k_row0] mbar(%kvf0 : !Bar) : !Load, !DQ, !t_k
        cute_nvgpu.tma.copy %load_v, %tmaV, %v0, [%zero_i32, %k_row0] mbar(%kvf0 : !Bar) : !Load, !DQ, !t_k
      }
    }
    %ml:2 = scf.for %n = %zero_i32 to %n_blocks step %one_i32 iter_args(%m_old = %ninf, %l_old = %zero) -> (f32, f32) : i32 {
      %phase = arith.andi %n, %one_i32 : i32
      %s = arith.andi %n, %one_i32 : i32
      %use = arith.shrui %n, %one_i32 : i32
      %kv_phase = arith.andi %use, %one_i32 : i32
      %stage = cute.make_int_tuple(%s) : (i32) -> !cute.coord<"(_,_,_,?)">
      // S = Q K_n^T into tensor memory, by one thread, once K_n has landed
      // in stage n % 2; then K/V block n + 1 into the other stage, whose
      // last reader (block n - 1's P V) is done.
      scf.if %leader {
        cute_nvgpu.arch.mbarrier.wait %bars, %zero_i32 : !Bar
        %kvf = cute.add_offset %kvf0, %s : !Bar, i32
        cute_nvgpu.arch.mbarrier.wait %kvf, %kv_phase : !Bar
        %false = arith.constant false
        %k = cute.slice(%uK, %stage) : !uk2, !cute.coord<"(_,_,_,?)">
        cute.gemm %mma_s, %uS, %uQ, %k, %uS accumulate(%false) : !mma_s, !us, !uq, !uq, !us
        cute_nvgpu.arch.sm100.commit %done : !Bar
        %n1 = arith.addi %n, %one_i32 : i32
        %more = arith.cmpi slt, %n1, %n_blocks : i32
        scf.if %more {
          %s1 = arith.xori %s, %one_i32 : i32
          %kvf_next = cute.add_offset %kvf0, %s1 : !Bar, i32
          %st1 = cute.make_int_tuple(%s1) : (i32) -> !cute.coord<"(_,_,?)">
          %k1 = cute.slice(%tK, %st1) : !t_k2, !cute.coord<"(_,_,?)">
          %v1 = cute.slice(%tV, %st1) : !t_k2, !cute.coord<"(_,_,?)">
          %row_n = arith.muli %n1, %c128_i32 : i32
          %row = arith.addi %k_row0, %row_n : i32
          cute_nvgpu.arch.mbarrier.arrive %kvf_next tx(%k1, %v1 : !t_k, !t_k) : !Bar
          cute_nvgpu.tma.copy %load_k, %tmaK, %k1, [%zero_i32, %row] mbar(%kvf_next : !Bar) : !Load, !DQ, !t_k
          cute_nvgpu.tma.copy %load_v, %tmaV, %v1, [%zero_i32, %row] mbar(%kvf_next : !Bar) : !Load, !DQ, !t_k
        }
      }
      cute_nvgpu.arch.mbarrier.wait %done, %phase : !Bar
      cute_nvgpu.arch.sm100.fence "after"
      // The softmax warpgroup: each thread reads its row of S.
      scf.for %c = %c0 to %c4 step %c1 {
        %ci = arith.index_cast %c : index to i32
        %at = cute.make_int_tuple(%warp, %ci) : (i32, i32) -> !cute.coord<"(?,(_,?))">
        %t = cute.slice(%Sw, %at) : !sw, !cute.coord<"(?,(_,?))">
        %rat = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"(_,?)">
        %r = cute.slice(%rS, %rat) : !rs, !cute.coord<"(_,?)">
        cute.copy_atom_call %tmem_load, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(32):(1)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(32):(1)">>
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      // The mask, in the blocks that need it (FA2's column limit per row).
      %blk_first = arith.muli %n, %c128_i32 : i32
      %blk_last = arith.addi %blk_first, %c127_i32 : i32
      %ragged = arith.cmpi sge, %blk_last, %Sk : i32
      %diag = arith.cmpi sgt, %blk_last, %q_first : i32
      %diag_causal = arith.andi %is_causal, %diag : i1
      %need_mask = arith.ori %ragged, %diag_causal : i1
      scf.if %need_mask {
        %kb = cute.make_int_tuple(%n) : (i32) -> !cute.coord<"(_,_,?)">
        %cSn = cute.slice(%cS, %kb) : !cst, !cute.coord<"(_,_,?)">
        %rowc = cute.make_int_tuple(%tid) : (i32) -> !cute.coord<"(?,_)">
        %cRow = cute.slice(%cSn, %rowc) : !cute.coord_tensor<"(?{div=128},?{div=128})", "(128,128):(1@0,1@1)">, !cute.coord<"(?,_)">
        %first = cute.static : !cute.coord<"0">
        %q0 = cute.load %cRow[%first] : !cute.coord_tensor<"(?,?{div=128})", "(128):(1@1)">, !cute.coord<"0">
        %q, %k0 = cute.get_leaves %q0 : !cute.int_tuple<"(?,?)"> -> i32, i32
        %q1 = arith.addi %q, %one_i32 : i32
        %diag_limit = arith.minsi %q1, %Sk : i32
        %limit = arith.select %is_causal, %diag_limit, %Sk : i32
        scf.for %c = %c0 to %c128 step %c1 {
          %ci = arith.index_cast %c : index to i32
          %at = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"?">
          %qk = cute.load %cRow[%at] : !cute.coord_tensor<"(?,?{div=128})", "(128):(1@1)">, !cute.coord<"?">
          %row, %kk = cute.get_leaves %qk : !cute.int_tuple<"(?,?)"> -> i32, i32
          %masked = arith.cmpi sge, %kk, %limit : i32
          %sv = cute.load %rSrow[%at] : !r_row, !cute.coord<"?">
          %sm = arith.select %masked, %ninf, %sv : f32
          cute.store %sm, %rSrow[%at] : !r_row, !cute.coord<"?">
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      }

      // Online softmax of the row (no shuffles: the row is the thread's).
      %mx = scf.for %c = %c0 to %c128 step %c1 iter_args(%a = %ninf) -> (f32) {
        %ci = arith.index_cast %c : index to i32
        %at = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"?">
        %v = cute.load %rSrow[%at] : !r_row, !cute.coord<"?">
        %a2 = arith.maxnumf %a, %v : f32
        scf.yield %a2 : f32
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      %m_new = arith.maxnumf %m_old, %mx : f32
      %all_masked = arith.cmpf oeq, %m_new, %ninf : f32
      %m_scaled0 = arith.mulf %m_new, %scale_log2 : f32
      %m_scaled = arith.select %all_masked, %zero, %m_scaled0 : f32
      %neg_m = arith.negf %m_scaled : f32
      %m_old_scaled = arith.mulf %m_old, %scale_log2 : f32
      %dm = arith.subf %m_old_scaled, %m_scaled : f32
      %corr = math.exp2 %dm fastmath<afn> : f32
      %l_scaled = arith.mulf %l_old, %corr : f32
      %l_new = scf.for %c = %c0 to %c128 step %c1 iter_args(%l = %l_scaled) -> (f32) {
        %ci = arith.index_cast %c : index to i32
        %at = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"?">
        %sv = cute.load %rSrow[%at] : !r_row, !cute.coord<"?">
        %e = math.fma %sv, %scale_log2, %neg_m : f32
        %pv = math.exp2 %e fastmath<afn> : f32
        cute.store %pv, %rSrow[%at] : !r_row, !cute.coord<"?">
        %l2 = arith.addf %l, %pv : f32
        scf.yield %l2 : f32
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      // P in f16 into tensor memory, where P V reads it as A (ts).
      %vs = cute.load_vec %rSrow : !r_row -> vector<128xf32>
      %vp = arith.truncf %vs : vector<128xf32> to vector<128xf16>
      %rProw_l = cute.static : !cute.layout<"128:1">
      %rProw = cute.make_view %rP_p, %rProw_l : !r_row16
      cute.store_vec %vp, %rProw : vector<128xf16>, !r_row16
      scf.for %c = %c0 to %c2 step %c1 {
        %ci = arith.index_cast %c : index to i32
        %at = cute.make_int_tuple(%warp, %ci) : (i32, i32) -> !cute.coord<"(?,(_,?))">
        %t = cute.slice(%Pw, %at) : !pw, !cute.coord<"(?,(_,?))">
        %rat = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"(_,?)">
        %r = cute.slice(%rP, %rat) : !rp, !cute.coord<"(_,?)">
        cute.copy_atom_call %tmem_store16, %r, %t : !cute_nvgpu.atom.tmem_store<f16>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(64):(1)">>, !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"(64):(1)">>
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      // The correction: O (from the previous blocks) times exp2(m_old - m_new).
      %not_first = arith.cmpi sgt, %n, %zero_i32 : i32
      scf.if %not_first {
        scf.for %c = %c0 to %c2 step %c1 {
          %ci = arith.index_cast %c : index to i32
          %at = cute.make_int_tuple(%warp, %ci) : (i32, i32) -> !cute.coord<"(?,(_,?))">
          %t = cute.slice(%Ow, %at) : !ow, !cute.coord<"(?,(_,?))">
          cute.copy_atom_call %tmem_load, %t, %rO : !cute_nvgpu.atom.tmem_load<f32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(32):(1)">>, !r_chunk
          %vo = cute.load_vec %rO : !r_chunk -> vector<32xf32>
          %vc = vector.broadcast %corr : f32 to vector<32xf32>
          %vo2 = arith.mulf %vo, %vc : vector<32xf32>
          cute.store_vec %vo2, %rO : vector<32xf32>, !r_chunk
          cute.copy_atom_call %tmem_store, %rO, %t : !cute_nvgpu.atom.tmem_store<f32>, !r_chunk, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(32):(1)">>
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      }
      // P and O are in tensor memory for every row: O += P V_n, by one thread.
      cute_nvgpu.arch.sm100.fence "before"
      gpu.barrier
      scf.if %leader {
        cute_nvgpu.arch.sm100.fence "after"
        %v = cute.slice(%uV, %stage) : !uv2, !cute.coord<"(_,_,_,?)">
        cute.gemm %mma_o, %uO, %uP, %v, %uO accumulate(%not_first) : !mma_o, !uo, !up, !uv, !uo
        cute_nvgpu.arch.sm100.commit %o_done : !Bar
      }
      cute_nvgpu.arch.mbarrier.wait %o_done, %phase : !Bar
      cute_nvgpu.arch.sm100.fence "after"
      scf.yield %m_new, %l_new : f32, f32
    }

    // Epilogue: O / sum (0 for a row with no column), in f16, the row's 128
    // bytes stored where the row is in bounds.
    %one = arith.constant 1.0 : f32
    %empty = arith.cmpf oeq, %ml#1, %zero : f32
    %inv0 = arith.divf %one, %ml#1 : f32
    %inv = arith.select %empty, %zero, %inv0 : f32
    %vinv = vector.broadcast %inv : f32 to vector<32xf32>
    %rOut_p = cute.alloc_rmem 64 : !cute.ptr<f16, rmem, align<16>>
    %ro_l = cute.static : !cute.layout<"(32,2):(1,32)">
    %rOut = cute.make_view %rOut_p, %ro_l : !ro
    scf.for %c = %c0 to %c2 step %c1 {
      %ci = arith.index_cast %c : index to i32
      %at = cute.make_int_tuple(%warp, %ci) : (i32, i32) -> !cute.coord<"(?,(_,?))">
      %t = cute.slice(%Ow, %at) : !ow, !cute.coord<"(?,(_,?))">
      cute.copy_atom_call %tmem_load, %t, %rO : !cute_nvgpu.atom.tmem_load<f32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(32):(1)">>, !r_chunk
      %vo = cute.load_vec %rO : !r_chunk -> vector<32xf32>
      %vo2 = arith.mulf %vo, %vinv : vector<32xf32>
      %vo16 = arith.truncf %vo2 : vector<32xf32> to vector<32xf16>
      %rat = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"(_,?)">
      %r = cute.slice(%rOut, %rat) : !ro, !cute.coord<"(_,?)">
      cute.store_vec %vo16, %r : vector<32xf16>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(32):(1)">>
    } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    %q_me = arith.addi %q_first, %tid : i32
    %in = arith.cmpi slt, %q_me, %Sq : i32
    scf.if %in {
      %Sq64 = arith.muli %Sq, %c64_i32 : i32
      %offo = arith.muli %by, %Sq64 : i32
      %pOh = cute.add_offset %pO, %offo : !cute.ptr<f16, gmem, align<16>>, i32
      %shO = cute.make_int_tuple(%Sq) : (i32) -> !cute.shape<"(?,64)">
      %rowmajor = cute.static : !cute.stride<"(64,1)">
      %lO = cute.make_layout_raw %shO, %rowmajor : (!cute.shape<"(?,64)">, !cute.stride<"(64,1)">) -> !cute.layout<"(?,64):(64,1)">
      %mO = cute.make_view %pOh, %lO : !og
      %rowo = cute.make_int_tuple(%q_me) : (i32) -> !cute.coord<"(?,_)">
      %gRow = cute.slice(%mO, %rowo) : !og, !cute.coord<"(?,_)">
      %rOrow_l = cute.static : !cute.layout<"64:1">
      %rOrow = cute.make_view %rOut_p, %rOrow_l : !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"64:1">>
      %store = cute.make_atom : !store
      cute.copy %store, %rOrow, %gRow : !store, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(64):(1)">>
    }
    return
  }
}
}
