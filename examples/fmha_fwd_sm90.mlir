// FlashAttention forward on Hopper in cute IR, structured as the CuTe
// DSL's hopper/fmha.py (CUTLASS's FMHA): a warp-specialized producer and
// two consumer warpgroups, TMA and mbarriers, WGMMA ss for S = Q K^T and
// WGMMA rs for O += P V with P in registers.
//
//   O = softmax(Q K^T / sqrt(d)) V      per (batch, head); d = 64, f16
//                                       in and out, f32 accumulation.
//
// * Q, K and V are row-stacked (batch * heads * S, 64) tensors behind TMA
//   descriptors (box 64 x 128, 128-byte swizzle); (batch, head) is
//   grid.y, and its rows start at head * S. O is a plain pointer, the same
//   row-stacked layout.
// * 384 threads: warpgroup 0 produces (setmaxnreg down to 40), one thread
//   issuing the TMA loads: Q once, then K and V blocks of 128 rows through
//   two stages, K and V each with its own full barrier (so that Q K^T
//   starts before V lands) and one empty barrier per stage that the 256
//   consumer threads arrive on when P V has read it.
// * Warpgroups 1 and 2 consume (setmaxnreg up to 232), 64 Q rows each (a
//   tiled MMA of 2 x 1 atoms): S = Q K^T by four WGMMA 64x128x16 from
//   shared memory; the online softmax in registers (each thread's two rows,
//   the quad's max by shfl.sync, exp2 with the scale folded in); P in f16
//   reused as the A operand of eight WGMMA 64x64x16 rs, V read MN-major
//   (d contiguous) through its descriptor.
// * Any Sq, Sk >= 1: the keys of a block past Sk (the next head's rows in
//   the stacked K, or TMA's zero fill past the tensor) are masked to -inf,
//   so their P is exactly 0; rows of O past Sq are not stored. `causal` != 0
//   masks the keys after each row (top-left aligned) and skips the blocks
//   past the tile's last row.
//
// Compile: cute compile examples/fmha_fwd_sm90.mlir --chip sm_90a -o fmha.ptx
// Launch:  grid (ceil(Sq/128), batch*heads), block 384, the dynamic shared
//          memory `cute compile --launch-info` reports; tensor maps over Q,
//          K, V as f16 {64, rows}, box {64, 128}, 128-byte swizzle, zero
//          fill; scale_log2 = log2(e) / sqrt(64).

!DQ = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
!mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64,2):(64,1,8192)">
!tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128,2):(1,64,8192)">
!q_mma_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,64):(64,1)">
!q_tma_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">
!s_kv = !cute.view<!cute.ptr<f16, smem, align<1024>>, !mma_l>
!s_vt = !cute.view<!cute.ptr<f16, smem, align<1024>>, !tma_l>
!t_kv = !cute.view<!cute.ptr<f16, smem, align<1024>>, !tma_l>
!s_q = !cute.view<!cute.ptr<f16, smem, align<1024>>, !q_mma_l>
!t_q = !cute.view<!cute.ptr<f16, smem, align<1024>>, !q_tma_l>
!t_stage = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!atom_s = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!mma_s = !cute.tiled_mma<!atom_s, !cute.layout<"(2,1,1):(1,0,0)">>
!atom_o = !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, mn), elem_type = (f16, f16, f32), frag_kind = rs>
!mma_o = !cute.tiled_mma<!atom_o, !cute.layout<"(2,1,1):(1,0,0)">>
!accs = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,2,4),0,0)">>
!acco = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,8),1,1):((1,2,4),0,0)">>
!pacc = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,2,4),0,0)">>
!pa = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,8):((1,2,4),0,8)">>
!rcs = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(2,(2,16)):(2,(1,4))">>
!rco = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(2,(2,8)):(2,(1,4))">>
!row = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"2:1">>
!og = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,64):(64,1)">>
!store = !cute_nvgpu.atom.universal_copy<f16>
!tssq = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">>
!tssk = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,2):((64,1),0,16,8192)">>
!tssk1 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>
!tosv = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,8,2):((1,64),0,1024,8192)">>
!tosv1 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,8):((1,64),0,1024)">>
!tscs = !cute.coord_tensor<"(?,?{div=2})", "((2,2,16),1,1,?):((1@1,8@0,8@1),0,0,128@1)">
!tscs1 = !cute.coord_tensor<"(?,?{div=2})", "((2,2,16),1,1):((1@1,8@0,8@1),0,0)">
!crc = !cute.coord_tensor<"(?,?{div=2})", "(2,(2,16)):(8@0,(1@1,8@1))">
!togo = !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"((2,2,8),1,1):((1,512,8),0,0)">>
!toco = !cute.coord_tensor<"(?,?{div=2})", "((2,2,8),1,1):((1@1,8@0,8@1),0,0)">
!oacc = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,8),1,1):((1,2,4),0,0)">>
!co2 = !cute.coord_tensor<"(?,?{div=2})", "(2,(2,8)):(1@1,(8@0,8@1))">
!pv16 = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"16:1">>
!ro2 = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(2,(2,8)):(1,(2,4))">>
!go2 = !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"(2,(2,8)):(1,(512,8))">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @fmha(%tmaQ: !DQ {cute_nvgpu.grid_constant}, %tmaK: !DQ {cute_nvgpu.grid_constant},
                  %tmaV: !DQ {cute_nvgpu.grid_constant}, %pO: !cute.ptr<f16, gmem, align<16>>,
                  %Sq: i32, %Sk: i32, %scale_log2: f32, %causal: i32)
      attributes {cute.kernel, nvvm.reqntid = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c3_i32 = arith.constant 3 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c127_i32 = arith.constant 127 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %warpgroup = arith.shrui %tid_i32, %c7_i32 : i32
    %producer = arith.cmpi eq, %warpgroup, %zero_i32 : i32
    %leader = arith.cmpi eq, %tid_i32, %zero_i32 : i32

    // This Q tile's first row and the K/V blocks: ceil(Sk / 128), and with
    // the causal mask only those with a column at or before its last row.
    %q_first = arith.muli %bx, %c128_i32 : i32
    %q_end = arith.addi %q_first, %c128_i32 : i32
    %kv_end = arith.minsi %q_end, %Sk : i32
    %is_causal = arith.cmpi ne, %causal, %zero_i32 : i32
    %kv_len = arith.select %is_causal, %kv_end, %Sk : i32
    %kv127 = arith.addi %kv_len, %c127_i32 : i32
    %n_blocks = arith.shrsi %kv127, %c7_i32 : i32
    // The rows of this (batch, head) in the row-stacked Q, K, V tensors.
    %q_row0 = arith.muli %by, %Sq : i32
    %q_row = arith.addi %q_row0, %q_first : i32
    %k_row0 = arith.muli %by, %Sk : i32

    // Shared memory: Q (16 KiB), two stages of K and of V (32 KiB each);
    // barriers: Q full (0), K full (1, 2), V full (3, 4), K/V empty (5, 6).
    %pQ = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %pK = cute.alloc_smem 16384 : !cute.ptr<f16, smem, align<1024>>
    %pV = cute.alloc_smem 16384 : !cute.ptr<f16, smem, align<1024>>
    %bars = cute.alloc_smem 8 : !Bar
    %mma_l = cute.static : !mma_l
    %tma_l = cute.static : !tma_l
    %q_mma_l = cute.static : !q_mma_l
    %q_tma_l = cute.static : !q_tma_l
    %sQ = cute.make_view %pQ, %q_mma_l : !s_q
    %tQ = cute.make_view %pQ, %q_tma_l : !t_q
    %sK = cute.make_view %pK, %mma_l : !s_kv
    %tK = cute.make_view %pK, %tma_l : !t_kv
    // V as the B operand of P V (d x keys, d contiguous: MN-major) is the
    // same bytes as TMA writes them.
    %sVt = cute.make_view %pV, %tma_l : !s_vt
    %tV = cute.make_view %pV, %tma_l : !t_kv
    %load_q = cute.make_atom %tmaQ : !DQ -> : !Load
    %load_k = cute.make_atom %tmaK : !DQ -> : !Load
    %load_v = cute.make_atom %tmaV : !DQ -> : !Load

    scf.if %leader {
      cute_nvgpu.arch.mbarrier.init %bars, %one_i32 : !Bar
      scf.for %s = %c0 to %c2 step %c1 {
        %si = arith.index_cast %s : index to i32
        %kf_i = arith.addi %si, %one_i32 : i32
        %kf = cute.add_offset %bars, %kf_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %kf, %one_i32 : !Bar
        %vf_i = arith.addi %si, %c3_i32 : i32
        %vf = cute.add_offset %bars, %vf_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %vf, %one_i32 : !Bar
        %em_i = arith.addi %si, %c5_i32 : i32
        %em = cute.add_offset %bars, %em_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %em, %c256_i32 : !Bar
      }
      nvvm.fence.mbarrier.init
    }
    gpu.barrier

    scf.if %producer {
      nvvm.setmaxregister decrease 40
      scf.if %leader {
        cute_nvgpu.arch.mbarrier.arrive %bars tx(%tQ : !t_q) : !Bar
        cute_nvgpu.tma.copy %load_q, %tmaQ, %tQ, [%zero_i32, %q_row] mbar(%bars : !Bar) : !Load, !DQ, !t_q
        scf.for %n = %zero_i32 to %n_blocks step %one_i32 : i32 {
          %s = arith.andi %n, %one_i32 : i32
          %use = arith.shrui %n, %one_i32 : i32
          %reused = arith.cmpi uge, %n, %c2_i32 : i32
          scf.if %reused {
            %em_i = arith.addi %s, %c5_i32 : i32
            %em = cute.add_offset %bars, %em_i : !Bar, i32
            %prev_use = arith.subi %use, %one_i32 : i32
            %phase = arith.andi %prev_use, %one_i32 : i32
            cute_nvgpu.arch.mbarrier.wait %em, %phase : !Bar
          }
          %stage = cute.make_int_tuple(%s) : (i32) -> !cute.coord<"(_,_,?)">
          %row_n = arith.muli %n, %c128_i32 : i32
          %row = arith.addi %k_row0, %row_n : i32
          %kf_i = arith.addi %s, %one_i32 : i32
          %kf = cute.add_offset %bars, %kf_i : !Bar, i32
          %k = cute.slice(%tK, %stage) : !t_kv, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %kf tx(%k : !t_stage) : !Bar
          cute_nvgpu.tma.copy %load_k, %tmaK, %k, [%zero_i32, %row] mbar(%kf : !Bar) : !Load, !DQ, !t_stage
          %vf_i = arith.addi %s, %c3_i32 : i32
          %vf = cute.add_offset %bars, %vf_i : !Bar, i32
          %v = cute.slice(%tV, %stage) : !t_kv, !cute.coord<"(_,_,?)">
          cute_nvgpu.arch.mbarrier.arrive %vf tx(%v : !t_stage) : !Bar
          cute_nvgpu.tma.copy %load_v, %tmaV, %v, [%zero_i32, %row] mbar(%vf : !Bar) : !Load, !DQ, !t_stage
        }
      }
    } else {
      nvvm.setmaxregister increase 232
      %ctid_i32 = arith.subi %tid_i32, %c128_i32 : i32
      %ctid = cute.make_int_tuple(%ctid_i32) : (i32) -> !cute.int_tuple<"?">
      %atom_s = cute.make_atom : !atom_s
      %mma_s = cute.make_tiled_mma %atom_s : !mma_s
      %atom_o = cute.make_atom : !atom_o
      %mma_o = cute.make_tiled_mma %atom_o : !mma_o
      %tSsQ = cute.tiled.mma.partition_A %mma_s, %sQ, %ctid : (!mma_s, !s_q, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,4):((64,1),0,16)">>
      %tSsK = cute.tiled.mma.partition_B %mma_s, %sK, %ctid : (!mma_s, !s_kv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4,2):((64,1),0,16,8192)">>
      %tOsV = cute.tiled.mma.partition_B %mma_o, %sVt, %ctid : (!mma_o, !s_vt, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,16),1,8,2):((1,64),0,1024,8192)">>
      %shS = cute.make_int_tuple(%Sq, %Sk) : (i32, i32) -> !cute.shape<"(?,?)">
      %idS = cute.make_identity_tensor(%shS) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
      %tile_s = cute.static : !cute.tile<"[128:1;128:1]">
      %cqn = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,_)">
      %cS = cute.local_tile(%idS, %tile_s, %cqn) : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,_)">) -> !cute.coord_tensor<"(?{div=128},0)", "(128,128,?):(1@0,1@1,128@1)">
      %tScS = cute.tiled.mma.partition_C %mma_s, %cS, %ctid : (!mma_s, !cute.coord_tensor<"(?{div=128},0)", "(128,128,?):(1@0,1@1,128@1)">, !cute.int_tuple<"?">) -> !cute.coord_tensor<"(?,?{div=2})", "((2,2,16),1,1,?):((1@1,8@0,8@1),0,0,128@1)">
      // O of this (batch, head), its 128-row tile and its coordinates.
      %Sq64 = arith.muli %Sq, %c64_i32 : i32
      %offo = arith.muli %by, %Sq64 : i32
      %pOh = cute.add_offset %pO, %offo : !cute.ptr<f16, gmem, align<16>>, i32
      %shO = cute.make_int_tuple(%Sq) : (i32) -> !cute.shape<"(?,64)">
      %rowmajor = cute.static : !cute.stride<"(64,1)">
      %lO = cute.make_layout_raw %shO, %rowmajor : (!cute.shape<"(?,64)">, !cute.stride<"(64,1)">) -> !cute.layout<"(?,64):(64,1)">
      %mO = cute.make_view %pOh, %lO : !og
      %tile_o = cute.static : !cute.tile<"[128:1;64:1]">
      %co = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,0)">
      %gO = cute.local_tile(%mO, %tile_o, %co) : (!og, !cute.tile<"[128:1;64:1]">, !cute.coord<"(?,0)">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,64):(64,1)">>
      %tOgO = cute.tiled.mma.partition_C %mma_o, %gO, %ctid : (!mma_o, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,64):(64,1)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"((2,2,8),1,1):((1,512,8),0,0)">>
      %idO = cute.make_identity_tensor(%shO) : !cute.shape<"(?,64)"> -> !cute.coord_tensor<"(0,0)", "(?,64):(1@0,1@1)">
      %cO = cute.local_tile(%idO, %tile_o, %co) : (!cute.coord_tensor<"(0,0)", "(?,64):(1@0,1@1)">, !cute.tile<"[128:1;64:1]">, !cute.coord<"(?,0)">) -> !cute.coord_tensor<"(?{div=128},0)", "(128,64):(1@0,1@1)">
      %tOcO = cute.tiled.mma.partition_C %mma_o, %cO, %ctid : (!mma_o, !cute.coord_tensor<"(?{div=128},0)", "(128,64):(1@0,1@1)">, !cute.int_tuple<"?">) -> !cute.coord_tensor<"(?,?{div=2})", "((2,2,8),1,1):((1@1,8@0,8@1),0,0)">
      // Register state: S (64 f32) and O (32 f32) of the thread's 2 rows,
      // P in f16, each row's running max and sum.
      %accs_l = cute.static : !cute.layout<"((2,2,16),1,1):((1,2,4),0,0)">
      %acco_l = cute.static : !cute.layout<"((2,2,8),1,1):((1,2,4),0,0)">
      %accS_p = cute.alloc_rmem 64 : !cute.ptr<f32, rmem, align<16>>
      %accS = cute.make_view %accS_p, %accs_l : !accs
      %accO_p = cute.alloc_rmem 32 : !cute.ptr<f32, rmem, align<16>>
      %accO = cute.make_view %accO_p, %acco_l : !acco
      %rP_p = cute.alloc_rmem 64 : !cute.ptr<f16, rmem, align<16>>
      %rP = cute.make_view %rP_p, %accs_l : !pacc
      // P as the A operand of the rs WGMMA: k-block kk of 16 keys is the
      // C fragment's n-tiles 2kk and 2kk + 1.
      %pa_l = cute.static : !cute.layout<"((2,2,2),1,8):((1,2,4),0,8)">
      %rPa = cute.make_view %rP_p, %pa_l : !pa
      %rcs_l = cute.static : !cute.layout<"(2,(2,16)):(2,(1,4))">
      %S = cute.make_view %accS_p, %rcs_l : !rcs
      %rco_l = cute.static : !cute.layout<"(2,(2,8)):(2,(1,4))">
      %O = cute.make_view %accO_p, %rco_l : !rco
      %l2 = cute.static : !cute.layout<"2:1">
      %rowmax_p = cute.alloc_rmem 2 : !cute.ptr<f32, rmem, align<16>>
      %rowmax = cute.make_view %rowmax_p, %l2 : !row
      %rowsum_p = cute.alloc_rmem 2 : !cute.ptr<f32, rmem, align<16>>
      %rowsum = cute.make_view %rowsum_p, %l2 : !row
      %zero = arith.constant 0.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      cute.fill %zero, %accO : f32, !acco
      cute.fill %zero, %rowsum : f32, !row
      cute.fill %ninf, %rowmax : f32, !row

      cute_nvgpu.arch.mbarrier.wait %bars, %zero_i32 : !Bar
      scf.for %n = %zero_i32 to %n_blocks step %one_i32 : i32 {
        %s = arith.andi %n, %one_i32 : i32
        %use = arith.shrui %n, %one_i32 : i32
        %phase = arith.andi %use, %one_i32 : i32
        %stage = cute.make_int_tuple(%s) : (i32) -> !cute.coord<"(_,_,_,?)">
        // S = Q K_n^T once K_n has landed.
        %kf_i = arith.addi %s, %one_i32 : i32
        %kf = cute.add_offset %bars, %kf_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.wait %kf, %phase : !Bar
        %k = cute.slice(%tSsK, %stage) : !tssk, !cute.coord<"(_,_,_,?)">
        cute.fill %zero, %accS : f32, !accs
        nvvm.wgmma.fence.aligned
        cute.gemm %mma_s, %accS, %tSsQ, %k, %accS : !mma_s, !accs, !tssq, !tssk1, !accs
        nvvm.wgmma.commit.group.sync.aligned
        nvvm.wgmma.wait.group.sync.aligned 0

        // The mask, in the blocks that need it: keys past Sk (in the
        // row-stacked K these are the next head's, or TMA's zeros past the
        // tensor) and, causally, keys after the row.
        %blk_first = arith.muli %n, %c128_i32 : i32
        %blk_last = arith.addi %blk_first, %c127_i32 : i32
        %ragged = arith.cmpi sge, %blk_last, %Sk : i32
        %diag = arith.cmpi sgt, %blk_last, %q_first : i32
        %diag_causal = arith.andi %is_causal, %diag : i1
        %need_mask = arith.ori %ragged, %diag_causal : i1
        scf.if %need_mask {
          %kb = cute.make_int_tuple(%n) : (i32) -> !cute.coord<"(_,_,_,?)">
          %tScSn = cute.slice(%tScS, %kb) : !tscs, !cute.coord<"(_,_,_,?)">
          %s_origin = cute.get_iter %tScSn : (!tscs1) -> !cute.int_tuple<"(?,?{div=2})">
          %crc_l = cute.static : !cute.layout<"(2,(2,16)):(8@0,(1@1,8@1))">
          %cSrc = cute.make_view %s_origin, %crc_l : !crc
          scf.for %r = %c0 to %c2 step %c1 {
            %ri = arith.index_cast %r : index to i32
            %first = cute.make_int_tuple(%ri, %zero_i32) : (i32, i32) -> !cute.coord<"(?,?)">
            %q0 = cute.load %cSrc[%first] : !crc, !cute.coord<"(?,?)">
            %q, %k0 = cute.get_leaves %q0 : !cute.int_tuple<"(?,?)"> -> i32, i32
            %q1 = arith.addi %q, %one_i32 : i32
            %diag_limit = arith.minsi %q1, %Sk : i32
            %limit = arith.select %is_causal, %diag_limit, %Sk : i32
            scf.for %c = %c0 to %c32 step %c1 {
              %ci = arith.index_cast %c : index to i32
              %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
              %qk = cute.load %cSrc[%at] : !crc, !cute.coord<"(?,?)">
              %row, %kk = cute.get_leaves %qk : !cute.int_tuple<"(?,?)"> -> i32, i32
              %masked = arith.cmpi sge, %kk, %limit : i32
              %sv = cute.load %S[%at] : !rcs, !cute.coord<"(?,?)">
              %sm = arith.select %masked, %ninf, %sv : f32
              cute.store %sm, %S[%at] : !rcs, !cute.coord<"(?,?)">
            } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
          } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
        }

        // Online softmax per row (as examples/fmha_fwd_sm80.mlir): the
        // quad's row max, the rescale of O and of the sum, P = exp2(...).
        scf.for %r = %c0 to %c2 step %c1 {
          %ri = arith.index_cast %r : index to i32
          %rat = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"?">
          %mx = scf.for %c = %c0 to %c32 step %c1 iter_args(%a = %ninf) -> (f32) {
            %ci = arith.index_cast %c : index to i32
            %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
            %v = cute.load %S[%at] : !rcs, !cute.coord<"(?,?)">
            %a2 = arith.maxnumf %a, %v : f32
            scf.yield %a2 : f32
          } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
          %x1, %ok1 = gpu.shuffle xor %mx, %one_i32, %c32_i32 : f32
          %mx1 = arith.maxnumf %mx, %x1 : f32
          %x2, %ok2 = gpu.shuffle xor %mx1, %c2_i32, %c32_i32 : f32
          %mx2 = arith.maxnumf %mx1, %x2 : f32
          %m_old = cute.load %rowmax[%rat] : !row, !cute.coord<"?">
          %m_new = arith.maxnumf %m_old, %mx2 : f32
          cute.store %m_new, %rowmax[%rat] : !row, !cute.coord<"?">
          %all_masked = arith.cmpf oeq, %m_new, %ninf : f32
          %m_scaled0 = arith.mulf %m_new, %scale_log2 : f32
          %m_scaled = arith.select %all_masked, %zero, %m_scaled0 : f32
          %neg_m = arith.negf %m_scaled : f32
          %m_old_scaled = arith.mulf %m_old, %scale_log2 : f32
          %dm = arith.subf %m_old_scaled, %m_scaled : f32
          %corr = math.exp2 %dm fastmath<afn> : f32
          %l_old = cute.load %rowsum[%rat] : !row, !cute.coord<"?">
          %l_scaled = arith.mulf %l_old, %corr : f32
          scf.for %c = %c0 to %c16 step %c1 {
            %ci = arith.index_cast %c : index to i32
            %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
            %o = cute.load %O[%at] : !rco, !cute.coord<"(?,?)">
            %o2 = arith.mulf %o, %corr : f32
            cute.store %o2, %O[%at] : !rco, !cute.coord<"(?,?)">
          } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
          %l_new = scf.for %c = %c0 to %c32 step %c1 iter_args(%l = %l_scaled) -> (f32) {
            %ci = arith.index_cast %c : index to i32
            %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
            %sv = cute.load %S[%at] : !rcs, !cute.coord<"(?,?)">
            %e = math.fma %sv, %scale_log2, %neg_m : f32
            %p = math.exp2 %e fastmath<afn> : f32
            cute.store %p, %S[%at] : !rcs, !cute.coord<"(?,?)">
            %l2n = arith.addf %l, %p : f32
            scf.yield %l2n : f32
          } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
          cute.store %l_new, %rowsum[%rat] : !row, !cute.coord<"?">
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
        %vs = cute.load_vec %accS : !accs -> vector<64xf32>
        %vp = arith.truncf %vs : vector<64xf32> to vector<64xf16>
        cute.store_vec %vp, %rP : vector<64xf16>, !pacc

        // O += P V_n once V_n has landed (P from registers: WGMMA rs), then
        // the stage goes back to the producer.
        %vf_i = arith.addi %s, %c3_i32 : i32
        %vf = cute.add_offset %bars, %vf_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.wait %vf, %phase : !Bar
        %v = cute.slice(%tOsV, %stage) : !tosv, !cute.coord<"(_,_,_,?)">
        nvvm.wgmma.fence.aligned
        cute.gemm %mma_o, %accO, %rPa, %v, %accO : !mma_o, !acco, !pa, !tosv1, !acco
        nvvm.wgmma.commit.group.sync.aligned
        nvvm.wgmma.wait.group.sync.aligned 0
        %em_i = arith.addi %s, %c5_i32 : i32
        %em = cute.add_offset %bars, %em_i : !Bar, i32
        cute_nvgpu.arch.mbarrier.arrive %em : !Bar
      }

      // Epilogue: the quad's row sums, O / sum, in f16, a pair of columns
      // a store where the row is in bounds.
      scf.for %r = %c0 to %c2 step %c1 {
        %ri = arith.index_cast %r : index to i32
        %rat = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"?">
        %l = cute.load %rowsum[%rat] : !row, !cute.coord<"?">
        %y1, %okl1 = gpu.shuffle xor %l, %one_i32, %c32_i32 : f32
        %l1 = arith.addf %l, %y1 : f32
        %y2, %okl2 = gpu.shuffle xor %l1, %c2_i32, %c32_i32 : f32
        %lsum = arith.addf %l1, %y2 : f32
        %one = arith.constant 1.0 : f32
        %empty = arith.cmpf oeq, %lsum, %zero : f32
        %inv0 = arith.divf %one, %lsum : f32
        %inv = arith.select %empty, %zero, %inv0 : f32
        scf.for %c = %c0 to %c16 step %c1 {
          %ci = arith.index_cast %c : index to i32
          %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
          %o = cute.load %O[%at] : !rco, !cute.coord<"(?,?)">
          %o2 = arith.mulf %o, %inv : f32
          cute.store %o2, %O[%at] : !rco, !cute.coord<"(?,?)">
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      %vo = cute.load_vec %accO : !acco -> vector<32xf32>
      %vo16 = arith.truncf %vo : vector<32xf32> to vector<32xf16>
      %rO_p = cute.alloc_rmem 32 : !cute.ptr<f16, rmem, align<16>>
      %rO = cute.make_view %rO_p, %acco_l : !oacc
      cute.store_vec %vo16, %rO : vector<32xf16>, !oacc
      %pairs_c = cute.static : !cute.layout<"(2,(2,8)):(1@1,(8@0,8@1))">
      %o_origin = cute.get_iter %tOcO : (!toco) -> !cute.int_tuple<"(?,?{div=2})">
      %cO2 = cute.make_view %o_origin, %pairs_c : !co2
      %l16 = cute.static : !cute.layout<"16:1">
      %po_p = cute.alloc_rmem 16 : !cute.ptr<i8, rmem>
      %po = cute.make_view %po_p, %l16 : !pv16
      scf.for %r = %c0 to %c16 step %c1 {
        %ri = arith.index_cast %r : index to i32
        %first = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"(0,?)">
        %at = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"?">
        %xy = cute.load %cO2[%first] : !co2, !cute.coord<"(0,?)">
        %row, %col = cute.get_leaves %xy : !cute.int_tuple<"(?,?)"> -> i32, i32
        %in = arith.cmpi slt, %row, %Sq : i32
        %in8 = arith.extui %in : i1 to i8
        cute.store %in8, %po[%at] : !pv16, !cute.coord<"?">
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      %pairs = cute.static : !cute.layout<"(2,(2,8)):(1,(2,4))">
      %rO2 = cute.make_view %rO_p, %pairs : !ro2
      %pairs_g = cute.static : !cute.layout<"(2,(2,8)):(1,(512,8))">
      %gO_p = cute.get_iter %tOgO : (!togo) -> !cute.ptr<f16, gmem, align<4>>
      %gO2 = cute.make_view %gO_p, %pairs_g : !go2
      %store = cute.make_atom : !store
      cute.copy %store, %rO2, %gO2 pred(%po : !pv16) : !store, !ro2, !go2
    }
    return
  }
}
}
