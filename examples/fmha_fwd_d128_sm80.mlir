// FlashAttention-2 forward on Ampere in cute IR for head dimension 128:
// examples/fmha_fwd_sm80.mlir (d = 64) with 256-byte rows, structured as
// the CuTe DSL's ampere/flash_attention_v2.py at head_dim 128 (and
// CUTLASS's FA2 kernel traits for d = 128: 4 warps, 128 x 64 blocks):
//
//   O = softmax(Q K^T / sqrt(d)) V      per (batch, head); Q: Sq x 128,
//                                       K, V: Sk x 128, O: Sq x 128, all
//                                       row-major f16; f32 accumulation.
//
// * One CTA per 128-row Q tile and (batch, head) (grid.y); 128 threads,
//   4 warps along M of a tiled SM80 16x8x16 mma.sync (64 x 8 x 16).
// * Q, K and V tiles in shared memory (64 KiB: dynamic), each 256-byte row
//   two 128-byte halves swizzled by Swizzle<3,3,3> (CuTe's (8, 64) atom
//   tiled over the tile), loaded by 16-byte cp.async; K and V stream in
//   64-row blocks, one buffer each (FA2's pipeline, as for d = 64).
// * The O accumulators take 128 registers a thread, so the operands are
//   read from shared memory one 16-wide k-block at a time, as FA2 does at
//   this width (Q is not kept in registers): ldmatrix x4 for Q, x2 for K,
//   x2.trans for V^T, each k-block's fragment consumed by its MMAs.
// * Online softmax in registers (quad row max and sum by shfl.sync xor,
//   exp2 with log2(e) / sqrt(d) folded in, the running output rescaled);
//   P in f16 reused from registers as the A operand of P V.
// * Any Sq, Sk >= 1 (predicated cp.async, -inf past Sk, rows past Sq not
//   stored); `causal` != 0 masks the columns after each row (top-left
//   aligned, as torch's is_causal) and skips the K/V blocks past the tile.
//
// Compile: cute compile examples/fmha_fwd_d128_sm80.mlir --chip sm_80 -o fmha.ptx
// Launch:  grid (ceil(Sq/128), batch*heads), block 128, the dynamic shared
//          memory `cute compile --launch-info` reports (64 KiB);
//          scale_log2 = log2(e) / sqrt(128).

!qg = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,128):(128,1)">>
!swq = !cute.composed_layout<"S<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))">
!sq = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swq>
!swk = !cute.composed_layout<"S<3,3,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))">
!sk = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swk>
!swvt = !cute.composed_layout<"S<3,3,3> o 0 o ((64,2),(8,8)):((1,4096),(64,512))">
!svt = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swvt>
!mma_atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!mma_atom, !cute.layout<"(4,1,1):(1,0,0)">>
!cp_atom = !cute_nvgpu.atom.simt_async_copy<16, f16>
!g2s = !cute.tiled_copy<!cp_atom, !cute.layout<"((16,8),8):((64,1),8)">, !cute.tile<"[8:1;128:1]">>
!ldsm_a = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
!ldsm_b = !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
!ldsm_t = !cute_nvgpu.atom.ldsm<m8n8.x2.trans, f16>
!gq = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,128):(128,1)">>
!gk = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(64,128,?):(128,1,8192)">>
!cqt = !cute.coord_tensor<"(?{div=128},0)", "(128,128):(1@0,1@1)">
!ckt = !cute.coord_tensor<"(0,0)", "(64,128,?):(1@0,1@1,64@0)">
!tq_g = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),16,1):((1,0),1024,0)">>
!tq_s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),16,1):((1,0),512,0)">>
!tq_c = !cute.coord_tensor<"(?,?{div=8})", "((8,1),16,1):((1@1,0),8@0,0)">
!tk_g = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),8,1,?):((1,0),1024,0,8192)">>
!tk_s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),8,1):((1,0),512,0)">>
!tk_c = !cute.coord_tensor<"(?,?{div=8})", "((8,1),8,1,?):((1@1,0),8@0,0,64@0)">
!s2r_q = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,4),((2,2,2),(1,1))):((128,1,16),((64,8,512),(0,0)))">, !cute.tile<"[64:1;16:1]">>
!s2r_k = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,4),((2,2),(1,1))):((16,1,0),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>
!s2r_v = !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2.trans, f16>, !cute.layout<"((4,8,4),((2,2),(1,1))):((16,1,0),((8,64),(0,0)))">, !cute.tile<"[8:1;16:1]">>
!tsq = !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<3,3,3> o 0 o ((2,2,2),2,(4,2)):((1,512,8),4096,(16,8192))">>
!tsk = !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<3,3,3> o 0 o ((2,2),8,(4,2)):((1,8),512,(16,4096))">>
!tsvt = !cute.view<!cute.ptr<f16, smem, align<2>>, !cute.composed_layout<"S<3,3,3> o 0 o ((2,2),(8,2),4):((64,512),(8,4096),1024)">>
!tgo = !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"((2,2),2,16):((1,1024),8192,8)">>
!txsq1 = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),2):((1,0),4096)">>
!txsk1 = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),8):((1,0),512)">>
!txsv1 = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),(8,2)):((1,0),(8,4096))">>
!pak = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),2,1):((1,2,8),4,0)">>
!txsq = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),2,(4,2)):((1,0),4096,(16,8192))">>
!txsk = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),8,(4,2)):((1,0),512,(16,4096))">>
!txsv = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),(8,2),4):((1,0),(8,4096),1024)">>
!rq = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),2):((1,2,4),8)">>
!rqk = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),2,1):((1,2,4),8,0)">>
!rk = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8):((1,2),4)">>
!rkk = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8,1):((1,2),4,0)">>
!rv = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),16):((1,2),4)">>
!rvk = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),16,1):((1,2),4,0)">>
!acc = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),2,8):((1,2),4,8)">>
!acco = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),2,16):((1,2),4,8)">>
!pacco = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),2,16):((1,2),4,8)">>
!rco = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),(2,16)):((2,4),(1,8))">>
!pacc = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),2,8):((1,2),4,8)">>
!pa = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),2,4):((1,2,8),4,16)">>
!rc = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),(2,8)):((2,4),(1,8))">>
!row = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"4:1">>
!pv8 = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"8:1">>
!pv16 = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"16:1">>
!tk_c1 = !cute.coord_tensor<"(?,?{div=8})", "((8,1),8,1):((1@1,0),8@0,0)">
!tk_g1 = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),8,1):((1,0),1024,0)">>
!tsc = !cute.coord_tensor<"(?,?{div=2})", "((2,2),2,8,?):((1@1,8@0),64@0,8@1,64@1)">
!tsc1 = !cute.coord_tensor<"(?,?{div=2})", "((2,2),2,8):((1@1,8@0),64@0,8@1)">
!crc = !cute.coord_tensor<"(?,?{div=2})", "((2,2),(2,8)):((8@0,64@0),(1@1,8@1))">
!toc = !cute.coord_tensor<"(?,?{div=2})", "((2,2),2,16):((1@1,8@0),64@0,8@1)">
!co2 = !cute.coord_tensor<"(?,?{div=2})", "(2,(2,2,16)):(1@1,(8@0,64@0,8@1))">
!pv64 = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"64:1">>
!ro2 = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"(2,(2,2,16)):(1,(2,4,8))">>
!go2 = !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"(2,(2,2,16)):(1,(1024,8192,8))">>
!store = !cute_nvgpu.atom.universal_copy<f16>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @fmha(%pQ: !cute.ptr<f16, gmem, align<16>>, %pK: !cute.ptr<f16, gmem, align<16>>,
                 %pV: !cute.ptr<f16, gmem, align<16>>, %pO: !cute.ptr<f16, gmem, align<16>>,
                 %Sq: i32, %Sk: i32, %scale_log2: f32, %causal: i32) kernel {
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">
    %zero_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128d_i32 = arith.constant 128 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %c16_i32 = arith.constant 16 : i32
    // This (batch, head)'s Q, K, V and O: by * S * 128 elements in.
    %Sq64 = arith.muli %Sq, %c128d_i32 : i32
    %Sk64 = arith.muli %Sk, %c128d_i32 : i32
    %offq = arith.muli %by, %Sq64 : i32
    %offk = arith.muli %by, %Sk64 : i32
    %pQh = cute.add_offset %pQ, %offq : !cute.ptr<f16, gmem, align<16>>, i32
    %pKh = cute.add_offset %pK, %offk : !cute.ptr<f16, gmem, align<16>>, i32
    %pVh = cute.add_offset %pV, %offk : !cute.ptr<f16, gmem, align<16>>, i32
    %pOh = cute.add_offset %pO, %offq : !cute.ptr<f16, gmem, align<16>>, i32
    %shQ = cute.make_int_tuple(%Sq) : (i32) -> !cute.shape<"(?,128)">
    %shK = cute.make_int_tuple(%Sk) : (i32) -> !cute.shape<"(?,128)">
    %rowmajor = cute.static : !cute.stride<"(128,1)">
    %lQ = cute.make_layout_raw %shQ, %rowmajor : (!cute.shape<"(?,128)">, !cute.stride<"(128,1)">) -> !cute.layout<"(?,128):(128,1)">
    %lK = cute.make_layout_raw %shK, %rowmajor : (!cute.shape<"(?,128)">, !cute.stride<"(128,1)">) -> !cute.layout<"(?,128):(128,1)">
    %mQ = cute.make_view %pQh, %lQ : !qg
    %mK = cute.make_view %pKh, %lK : !qg
    %mV = cute.make_view %pVh, %lK : !qg
    %mO = cute.make_view %pOh, %lQ : !qg
    %tile_q = cute.static : !cute.tile<"[128:1;128:1]">
    %tile_k = cute.static : !cute.tile<"[64:1;128:1]">
    %cq = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,0)">
    %gQ = cute.local_tile(%mQ, %tile_q, %cq) : (!qg, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,0)">) -> !gq
    %ck = cute.static : !cute.coord<"(_,0)">
    %gK = cute.local_tile(%mK, %tile_k, %ck) : (!qg, !cute.tile<"[64:1;128:1]">, !cute.coord<"(_,0)">) -> !gk
    %gV = cute.local_tile(%mV, %tile_k, %ck) : (!qg, !cute.tile<"[64:1;128:1]">, !cute.coord<"(_,0)">) -> !gk
    %gO = cute.local_tile(%mO, %tile_q, %cq) : (!qg, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,0)">) -> !gq
    %idQ = cute.make_identity_tensor(%shQ) : !cute.shape<"(?,128)"> -> !cute.coord_tensor<"(0,0)", "(?,128):(1@0,1@1)">
    %idK = cute.make_identity_tensor(%shK) : !cute.shape<"(?,128)"> -> !cute.coord_tensor<"(0,0)", "(?,128):(1@0,1@1)">
    %cQ = cute.local_tile(%idQ, %tile_q, %cq) : (!cute.coord_tensor<"(0,0)", "(?,128):(1@0,1@1)">, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,0)">) -> !cqt
    %cK = cute.local_tile(%idK, %tile_k, %ck) : (!cute.coord_tensor<"(0,0)", "(?,128):(1@0,1@1)">, !cute.tile<"[64:1;128:1]">, !cute.coord<"(_,0)">) -> !ckt
    // Shared memory: Q (128 x 64), one K and one V tile (64 x 64), rows of
    // 128 bytes swizzled by Swizzle<3,3,3> (ldmatrix free of bank conflicts).
    %swq = cute.static : !swq
    %swk = cute.static : !swk
    %swvt = cute.static : !swvt
    %sQp = cute.alloc_smem 16384 : !cute.ptr<f16, smem, align<1024>>
    %sQ = cute.make_view %sQp, %swq : !sq
    %sKp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %sK = cute.make_view %sKp, %swk : !sk
    %sVp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %sV = cute.make_view %sVp, %swk : !sk
    %sVt = cute.make_view %sVp, %swvt : !svt
    %cp_atom = cute.make_atom : !cp_atom
    %g2s = cute.make_tiled_copy %cp_atom : !g2s
    %tQgQ = cute.tiled.copy.partition_S %g2s, %gQ, %tid : (!g2s, !gq, !cute.int_tuple<"?">) -> !tq_g
    %tQsQ = cute.tiled.copy.partition_D %g2s, %sQ, %tid : (!g2s, !sq, !cute.int_tuple<"?">) -> !tq_s
    %tQcQ = cute.tiled.copy.partition_S %g2s, %cQ, %tid : (!g2s, !cqt, !cute.int_tuple<"?">) -> !tq_c
    %tKgK = cute.tiled.copy.partition_S %g2s, %gK, %tid : (!g2s, !gk, !cute.int_tuple<"?">) -> !tk_g
    %tKsK = cute.tiled.copy.partition_D %g2s, %sK, %tid : (!g2s, !sk, !cute.int_tuple<"?">) -> !tk_s
    %tVgV = cute.tiled.copy.partition_S %g2s, %gV, %tid : (!g2s, !gk, !cute.int_tuple<"?">) -> !tk_g
    %tVsV = cute.tiled.copy.partition_D %g2s, %sV, %tid : (!g2s, !sk, !cute.int_tuple<"?">) -> !tk_s
    %tKcK = cute.tiled.copy.partition_S %g2s, %cK, %tid : (!g2s, !ckt, !cute.int_tuple<"?">) -> !tk_c
    // The tiled MMA (4 warps along M: 64 x 8 x 16) and this thread's
    // partitions: S = Q K^T (128 x 64 per K tile) and O (128 x 64).
    %mma_atom = cute.make_atom : !mma_atom
    %mma = cute.make_tiled_mma %mma_atom : !mma
    %sS_shape = cute.static : !cute.layout<"(128,64):(64,1)">
    %tSsQ = cute.tiled.mma.partition_A %mma, %sQ, %tid : (!mma, !sq, !cute.int_tuple<"?">) -> !tsq
    %tSsK = cute.tiled.mma.partition_B %mma, %sK, %tid : (!mma, !sk, !cute.int_tuple<"?">) -> !tsk
    %tOsVt = cute.tiled.mma.partition_B %mma, %sVt, %tid : (!mma, !svt, !cute.int_tuple<"?">) -> !tsvt
    %tOgO = cute.tiled.mma.partition_C %mma, %gO, %tid : (!mma, !gq, !cute.int_tuple<"?">) -> !tgo
    %ldsm_a = cute.make_atom : !ldsm_a
    %s2r_q = cute.make_tiled_copy_A %ldsm_a, %mma : (!ldsm_a, !mma) -> !s2r_q
    %ldsm_b = cute.make_atom : !ldsm_b
    %s2r_k = cute.make_tiled_copy_B %ldsm_b, %mma : (!ldsm_b, !mma) -> !s2r_k
    %ldsm_t = cute.make_atom : !ldsm_t
    %s2r_v = cute.make_tiled_copy_B %ldsm_t, %mma : (!ldsm_t, !mma) -> !s2r_v
    %tXsQ = cute.tiled.copy.partition_S %s2r_q, %sQ, %tid : (!s2r_q, !sq, !cute.int_tuple<"?">) -> !txsq
    %tXsK = cute.tiled.copy.partition_S %s2r_k, %sK, %tid : (!s2r_k, !sk, !cute.int_tuple<"?">) -> !txsk
    %tXsVt = cute.tiled.copy.partition_S %s2r_v, %sVt, %tid : (!s2r_v, !svt, !cute.int_tuple<"?">) -> !txsv
    // One k-block (16 wide) of each operand in registers at a time, in the
    // MMA's own fragment order (CuTe's partition_fragment_A/B of a k-block):
    // Q (A: 2 x 8 values), K (B of S: 8 n-tiles x 4), V^T (B of O: 16 x 4),
    // as (values, rest) for the copies and (values, rest, 1) for the MMAs.
    %rq_p = cute.alloc_rmem 16 : !cute.ptr<f16, rmem, align<16>>
    %rq_l = cute.static : !cute.layout<"((2,2,2),2):((1,2,4),8)">
    %rq_kl = cute.static : !cute.layout<"((2,2,2),2,1):((1,2,4),8,0)">
    %tSrQ = cute.make_view %rq_p, %rq_l : !rq
    %tSrQk = cute.make_view %rq_p, %rq_kl : !rqk
    %rk_p = cute.alloc_rmem 32 : !cute.ptr<f16, rmem, align<16>>
    %rk_l = cute.static : !cute.layout<"((2,2),8):((1,2),4)">
    %rk_kl = cute.static : !cute.layout<"((2,2),8,1):((1,2),4,0)">
    %tSrK = cute.make_view %rk_p, %rk_l : !rk
    %tSrKk = cute.make_view %rk_p, %rk_kl : !rkk
    %rv_p = cute.alloc_rmem 64 : !cute.ptr<f16, rmem, align<16>>
    %rv_l = cute.static : !cute.layout<"((2,2),16):((1,2),4)">
    %rv_kl = cute.static : !cute.layout<"((2,2),16,1):((1,2),4,0)">
    %tOrVt = cute.make_view %rv_p, %rv_l : !rv
    %tOrVtk = cute.make_view %rv_p, %rv_kl : !rvk
    %shS = cute.make_int_tuple(%Sq, %Sk) : (i32, i32) -> !cute.shape<"(?,?)">
    %idS = cute.make_identity_tensor(%shS) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
    %cqn = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,_)">
    // S's coordinates: 128 query rows by the K/V blocks' 64 key columns.
    %tile_s = cute.static : !cute.tile<"[128:1;64:1]">
    %cS = cute.local_tile(%idS, %tile_s, %cqn) : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.tile<"[128:1;64:1]">, !cute.coord<"(?,_)">) -> !cute.coord_tensor<"(?{div=128},0)", "(128,64,?):(1@0,1@1,64@1)">
    %tScS = cute.tiled.mma.partition_C %mma, %cS, %tid : (!mma, !cute.coord_tensor<"(?{div=128},0)", "(128,64,?):(1@0,1@1,64@1)">, !cute.int_tuple<"?">) -> !cute.coord_tensor<"(?,?{div=2})", "((2,2),2,8,?):((1@1,8@0),64@0,8@1,64@1)">
    %tOcQ = cute.tiled.mma.partition_C %mma, %cQ, %tid : (!mma, !cqt, !cute.int_tuple<"?">) -> !cute.coord_tensor<"(?,?{div=2})", "((2,2),2,16):((1@1,8@0),64@0,8@1)">

    // Register state: the S and O accumulators (f32, 32 each), P in f16,
    // and each of the thread's four rows' running max and sum.
    %acc_l = cute.static : !cute.layout<"((2,2),2,8):((1,2),4,8)">
    %accS_p = cute.alloc_rmem 64 : !cute.ptr<f32, rmem, align<16>>
    %accS = cute.make_view %accS_p, %acc_l : !acc
    %acco_l = cute.static : !cute.layout<"((2,2),2,16):((1,2),4,8)">
    %accO_p = cute.alloc_rmem 128 : !cute.ptr<f32, rmem, align<16>>
    %accO = cute.make_view %accO_p, %acco_l : !acco
    %rP_p = cute.alloc_rmem 64 : !cute.ptr<f16, rmem, align<16>>
    %rP = cute.make_view %rP_p, %acc_l : !pacc
    // P reused as the A operand of O += P V (CuTe's convert_layout_acc_Aregs):
    // the A fragment's 8 values of a 16 x 16 k-block are the C fragment's
    // 4 values of two adjacent 8-column n-tiles.
    %pa_l = cute.static : !cute.layout<"((2,2,2),2,4):((1,2,8),4,16)">
    %rPa = cute.make_view %rP_p, %pa_l : !pa
    // (row, column) views of the accumulators: row (i, m) is the +8 row
    // half and the 64-row MMA tile, column (j, n) the pair and the n-tile.
    %rc_l = cute.static : !cute.layout<"((2,2),(2,8)):((2,4),(1,8))">
    %S = cute.make_view %accS_p, %rc_l : !rc
    %rco_l = cute.static : !cute.layout<"((2,2),(2,16)):((2,4),(1,8))">
    %O = cute.make_view %accO_p, %rco_l : !rco
    %l4 = cute.static : !cute.layout<"4:1">
    %rowmax_p = cute.alloc_rmem 4 : !cute.ptr<f32, rmem, align<16>>
    %rowmax = cute.make_view %rowmax_p, %l4 : !row
    %rowsum_p = cute.alloc_rmem 4 : !cute.ptr<f32, rmem, align<16>>
    %rowsum = cute.make_view %rowsum_p, %l4 : !row
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    cute.fill %zero, %accO : f32, !acco
    cute.fill %zero, %rowsum : f32, !row
    cute.fill %ninf, %rowmax : f32, !row
    %l8 = cute.static : !cute.layout<"8:1">
    %pkv_p = cute.alloc_rmem 8 : !cute.ptr<i8, rmem>
    %pkv = cute.make_view %pkv_p, %l8 : !pv8
    %l16p = cute.static : !cute.layout<"16:1">
    %pq_p = cute.alloc_rmem 16 : !cute.ptr<i8, rmem>
    %pq = cute.make_view %pq_p, %l16p : !pv16
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index

    // The K/V blocks: ceil(Sk / 64), and with the causal mask only those
    // with a column at or before this Q tile's last row.
    %c63_i32 = arith.constant 63 : i32
    %c128_i32 = arith.constant 128 : i32
    %c6_i32 = arith.constant 6 : i32
    %bx1 = arith.addi %bx, %c1_i32 : i32
    %q_end = arith.muli %bx1, %c128_i32 : i32
    %kv_end = arith.minsi %q_end, %Sk : i32
    %is_causal = arith.cmpi ne, %causal, %zero_i32 : i32
    %kv_len = arith.select %is_causal, %kv_end, %Sk : i32
    %kv63 = arith.addi %kv_len, %c63_i32 : i32
    %n_blocks_i32 = arith.shrsi %kv63, %c6_i32 : i32
    %n_blocks = arith.index_cast %n_blocks_i32 : i32 to index

    // Prologue: Q (rows past Sq zero-filled) and K block 0, then Q into
    // registers once.
    scf.for %m = %c0 to %c16 step %c1 {
      %mi = arith.index_cast %m : index to i32
      %chunk = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"(0,?,0)">
      %at = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"?">
      %cc = cute.load %tQcQ[%chunk] : !tq_c, !cute.coord<"(0,?,0)">
      %row, %col = cute.get_leaves %cc : !cute.int_tuple<"(?,?)"> -> i32, i32
      %in = arith.cmpi slt, %row, %Sq : i32
      %in8 = arith.extui %in : i1 to i8
      cute.store %in8, %pq[%at] : !pv16, !cute.coord<"?">
    } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    cute.copy %g2s, %tQgQ, %tQsQ pred(%pq : !pv16) : !g2s, !tq_g, !tq_s
    %kb0 = cute.make_int_tuple(%zero_i32) : (i32) -> !cute.coord<"(_,_,_,?)">
    %tKcK0 = cute.slice(%tKcK, %kb0) : !tk_c, !cute.coord<"(_,_,_,?)">
    scf.for %m = %c0 to %c8 step %c1 {
      %mi = arith.index_cast %m : index to i32
      %chunk = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"(0,?,0)">
      %at = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"?">
      %cc = cute.load %tKcK0[%chunk] : !cute.coord_tensor<"(?,?{div=8})", "((8,1),8,1):((1@1,0),8@0,0)">, !cute.coord<"(0,?,0)">
      %row, %col = cute.get_leaves %cc : !cute.int_tuple<"(?,?)"> -> i32, i32
      %in = arith.cmpi slt, %row, %Sk : i32
      %in8 = arith.extui %in : i1 to i8
      cute.store %in8, %pkv[%at] : !pv8, !cute.coord<"?">
    } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    %k_src0 = cute.slice(%tKgK, %kb0) : !tk_g, !cute.coord<"(_,_,_,?)">
    cute.copy %g2s, %k_src0, %tKsK pred(%pkv : !pv8) : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),8,1):((1,0),1024,0)">>, !tk_s
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    gpu.barrier

    // Main loop over the K/V blocks (CuTe's FA2 pipeline: one K and one V
    // buffer; V_n loads during S = Q K_n^T and the softmax, K_n+1 during
    // O += P V_n).
    scf.for %n = %c0 to %n_blocks step %c1 {
      %ni = arith.index_cast %n : index to i32
      // K_n has landed, and every thread is done with V_n-1: load V_n.
      nvvm.cp.async.wait.group 0
      gpu.barrier
      %kb = cute.make_int_tuple(%ni) : (i32) -> !cute.coord<"(_,_,_,?)">
      %tKcKn = cute.slice(%tKcK, %kb) : !tk_c, !cute.coord<"(_,_,_,?)">
      scf.for %m = %c0 to %c8 step %c1 {
        %mi = arith.index_cast %m : index to i32
        %chunk = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"(0,?,0)">
        %at = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"?">
        %cc = cute.load %tKcKn[%chunk] : !tk_c1, !cute.coord<"(0,?,0)">
        %row, %col = cute.get_leaves %cc : !cute.int_tuple<"(?,?)"> -> i32, i32
        %in = arith.cmpi slt, %row, %Sk : i32
        %in8 = arith.extui %in : i1 to i8
        cute.store %in8, %pkv[%at] : !pv8, !cute.coord<"?">
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      %v_src = cute.slice(%tVgV, %kb) : !tk_g, !cute.coord<"(_,_,_,?)">
      cute.copy %g2s, %v_src, %tVsV pred(%pkv : !pv8) : !g2s, !tk_g1, !tk_s
      nvvm.cp.async.commit.group

      // S = Q K_n^T
      cute.fill %zero, %accS : f32, !acc
      scf.for %kk = %c0 to %c8 step %c1 {
        %kki = arith.index_cast %kk : index to i32
        %kc = cute.make_int_tuple(%kki) : (i32) -> !cute.coord<"(_,_,?)">
        %q_k = cute.slice(%tXsQ, %kc) : !txsq, !cute.coord<"(_,_,?)">
        cute.copy %s2r_q, %q_k, %tSrQ : !s2r_q, !txsq1, !rq
        %k_k = cute.slice(%tXsK, %kc) : !txsk, !cute.coord<"(_,_,?)">
        cute.copy %s2r_k, %k_k, %tSrK : !s2r_k, !txsk1, !rk
        cute.gemm %mma, %accS, %tSrQk, %tSrKk, %accS : !mma, !acc, !rqk, !rkk, !acc
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}

      // Masking from the coordinates of S, only in the blocks that need it
      // (FA2 masks only those): columns past Sk (the last block), and with
      // the causal mask columns after the row (the blocks reaching past the
      // tile's first row).
      %blk_first = arith.muli %ni, %c64_i32 : i32
      %blk_last = arith.addi %blk_first, %c63_i32 : i32
      %ragged = arith.cmpi sge, %blk_last, %Sk : i32
      %q_first = arith.muli %bx, %c128_i32 : i32
      %diag = arith.cmpi sgt, %blk_last, %q_first : i32
      %diag_causal = arith.andi %is_causal, %diag : i1
      %need_mask = arith.ori %ragged, %diag_causal : i1
      scf.if %need_mask {
        %tScSn = cute.slice(%tScS, %kb) : !tsc, !cute.coord<"(_,_,_,?)">
        %s_origin = cute.get_iter %tScSn : (!tsc1) -> !cute.int_tuple<"(?,?{div=2})">
        %crc_l = cute.static : !cute.layout<"((2,2),(2,8)):((8@0,64@0),(1@1,8@1))">
        %cSrc = cute.make_view %s_origin, %crc_l : !crc
        // Per row, the first masked column (FA2's col_idx_limit): Sk, or
        // with the causal mask min(Sk, row + 1).
        scf.for %r = %c0 to %c4 step %c1 {
          %ri = arith.index_cast %r : index to i32
          %first = cute.make_int_tuple(%ri, %zero_i32) : (i32, i32) -> !cute.coord<"(?,?)">
          %q0 = cute.load %cSrc[%first] : !crc, !cute.coord<"(?,?)">
          %q, %k0 = cute.get_leaves %q0 : !cute.int_tuple<"(?,?)"> -> i32, i32
          %q1 = arith.addi %q, %c1_i32 : i32
          %diag_limit = arith.minsi %q1, %Sk : i32
          %limit = arith.select %is_causal, %diag_limit, %Sk : i32
          scf.for %c = %c0 to %c16 step %c1 {
            %ci = arith.index_cast %c : index to i32
            %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
            %qk = cute.load %cSrc[%at] : !crc, !cute.coord<"(?,?)">
            %row, %k = cute.get_leaves %qk : !cute.int_tuple<"(?,?)"> -> i32, i32
            %masked = arith.cmpi sge, %k, %limit : i32
            %sv = cute.load %S[%at] : !rc, !cute.coord<"(?,?)">
            %sm = arith.select %masked, %ninf, %sv : f32
            cute.store %sm, %S[%at] : !rc, !cute.coord<"(?,?)">
          } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      }

      // Online softmax, row by row: the row max over the quad's four
      // threads (shfl.sync xor 1, 2), the running output and sum rescaled
      // by exp2((m_old - m_new) * scale * log2 e), P = exp2(S * scale * log2 e
      // - m_new * scale * log2 e) (FA2's folded scale; a row with every
      // column masked keeps m = -inf and P = 0).
      scf.for %r = %c0 to %c4 step %c1 {
        %ri = arith.index_cast %r : index to i32
        %rat = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"?">
        %mx = scf.for %c = %c0 to %c16 step %c1 iter_args(%a = %ninf) -> (f32) {
          %ci = arith.index_cast %c : index to i32
          %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
          %v = cute.load %S[%at] : !rc, !cute.coord<"(?,?)">
          %a2 = arith.maxnumf %a, %v : f32
          scf.yield %a2 : f32
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
        %x1, %ok1 = gpu.shuffle xor %mx, %c1_i32, %c32_i32 : f32
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
        scf.for %c = %c0 to %c32 step %c1 {
          %ci = arith.index_cast %c : index to i32
          %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
          %o = cute.load %O[%at] : !rco, !cute.coord<"(?,?)">
          %o2 = arith.mulf %o, %corr : f32
          cute.store %o2, %O[%at] : !rco, !cute.coord<"(?,?)">
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
        %l_new = scf.for %c = %c0 to %c16 step %c1 iter_args(%l = %l_scaled) -> (f32) {
          %ci = arith.index_cast %c : index to i32
          %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
          %sv = cute.load %S[%at] : !rc, !cute.coord<"(?,?)">
          %e = math.fma %sv, %scale_log2, %neg_m : f32
          %p = math.exp2 %e fastmath<afn> : f32
          cute.store %p, %S[%at] : !rc, !cute.coord<"(?,?)">
          %l2 = arith.addf %l, %p : f32
          scf.yield %l2 : f32
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
        cute.store %l_new, %rowsum[%rat] : !row, !cute.coord<"?">
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
      %vs = cute.load_vec %accS : !acc -> vector<64xf32>
      %vp = arith.truncf %vs : vector<64xf32> to vector<64xf16>
      cute.store_vec %vp, %rP : vector<64xf16>, !pacc

      // V_n has landed, and every thread is done with K_n: load K_n+1.
      nvvm.cp.async.wait.group 0
      gpu.barrier
      %n1 = arith.addi %n, %c1 : index
      %more = arith.cmpi slt, %n1, %n_blocks : index
      scf.if %more {
        %n1i = arith.index_cast %n1 : index to i32
        %kb1 = cute.make_int_tuple(%n1i) : (i32) -> !cute.coord<"(_,_,_,?)">
        %tKcKn1 = cute.slice(%tKcK, %kb1) : !tk_c, !cute.coord<"(_,_,_,?)">
        scf.for %m = %c0 to %c8 step %c1 {
          %mi = arith.index_cast %m : index to i32
          %chunk = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"(0,?,0)">
          %at = cute.make_int_tuple(%mi) : (i32) -> !cute.coord<"?">
          %cc = cute.load %tKcKn1[%chunk] : !tk_c1, !cute.coord<"(0,?,0)">
          %row, %col = cute.get_leaves %cc : !cute.int_tuple<"(?,?)"> -> i32, i32
          %in = arith.cmpi slt, %row, %Sk : i32
          %in8 = arith.extui %in : i1 to i8
          cute.store %in8, %pkv[%at] : !pv8, !cute.coord<"?">
        } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
        %k_src = cute.slice(%tKgK, %kb1) : !tk_g, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %k_src, %tKsK pred(%pkv : !pv8) : !g2s, !tk_g1, !tk_s
      }
      nvvm.cp.async.commit.group

      // O += P V_n, P from registers.
      scf.for %kk = %c0 to %c4 step %c1 {
        %kki = arith.index_cast %kk : index to i32
        %kc = cute.make_int_tuple(%kki) : (i32) -> !cute.coord<"(_,_,?)">
        %v_k = cute.slice(%tXsVt, %kc) : !txsv, !cute.coord<"(_,_,?)">
        cute.copy %s2r_v, %v_k, %tOrVt : !s2r_v, !txsv1, !rv
        // P's k-block kk: 16 values from element 16 kk (the k mode's stride).
        %p_off = arith.muli %kki, %c16_i32 : i32
        %p_k_p = cute.add_offset %rP_p, %p_off : !cute.ptr<f16, rmem, align<16>>, i32
        %p_kl = cute.static : !cute.layout<"((2,2,2),2,1):((1,2,8),4,0)">
        %p_k = cute.make_view %p_k_p, %p_kl : !pak
        cute.gemm %mma, %accO, %p_k, %tOrVtk, %accO : !mma, !acco, !pak, !rvk, !acco
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    }

    // Epilogue: each row's sum over its quad, O / sum (0 for a row with no
    // column), in f16, stored a pair of columns (4 bytes) at a time where
    // the row is in bounds.
    scf.for %r = %c0 to %c4 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %rat = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"?">
      %l = cute.load %rowsum[%rat] : !row, !cute.coord<"?">
      %y1, %okl1 = gpu.shuffle xor %l, %c1_i32, %c32_i32 : f32
      %l1 = arith.addf %l, %y1 : f32
      %y2, %okl2 = gpu.shuffle xor %l1, %c2_i32, %c32_i32 : f32
      %l2 = arith.addf %l1, %y2 : f32
      %one = arith.constant 1.0 : f32
      %empty = arith.cmpf oeq, %l2, %zero : f32
      %inv0 = arith.divf %one, %l2 : f32
      %inv = arith.select %empty, %zero, %inv0 : f32
      scf.for %c = %c0 to %c32 step %c1 {
        %ci = arith.index_cast %c : index to i32
        %at = cute.make_int_tuple(%ri, %ci) : (i32, i32) -> !cute.coord<"(?,?)">
        %o = cute.load %O[%at] : !rco, !cute.coord<"(?,?)">
        %o2 = arith.mulf %o, %inv : f32
        cute.store %o2, %O[%at] : !rco, !cute.coord<"(?,?)">
      } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    %vo = cute.load_vec %accO : !acco -> vector<128xf32>
    %vo16 = arith.truncf %vo : vector<128xf32> to vector<128xf16>
    %rO_p = cute.alloc_rmem 128 : !cute.ptr<f16, rmem, align<16>>
    %rO = cute.make_view %rO_p, %acco_l : !pacco
    cute.store_vec %vo16, %rO : vector<128xf16>, !pacco
    // Regrouped as (pair, rest): each rest coordinate has its predicate.
    %pairs_c = cute.static : !cute.layout<"(2,(2,2,16)):(1@1,(8@0,64@0,8@1))">
    %o_origin = cute.get_iter %tOcQ : (!toc) -> !cute.int_tuple<"(?,?{div=2})">
    %cO2 = cute.make_view %o_origin, %pairs_c : !co2
    %l64 = cute.static : !cute.layout<"64:1">
    %po_p = cute.alloc_rmem 64 : !cute.ptr<i8, rmem>
    %po = cute.make_view %po_p, %l64 : !pv64
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c1 {
      %ri = arith.index_cast %r : index to i32
      %first = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"(0,?)">
      %at = cute.make_int_tuple(%ri) : (i32) -> !cute.coord<"?">
      %xy = cute.load %cO2[%first] : !co2, !cute.coord<"(0,?)">
      %row, %col = cute.get_leaves %xy : !cute.int_tuple<"(?,?)"> -> i32, i32
      %in = arith.cmpi slt, %row, %Sq : i32
      %in8 = arith.extui %in : i1 to i8
      cute.store %in8, %po[%at] : !pv64, !cute.coord<"?">
    } {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<full = true>>}
    %pairs = cute.static : !cute.layout<"(2,(2,2,16)):(1,(2,4,8))">
    %rO2 = cute.make_view %rO_p, %pairs : !ro2
    %pairs_g = cute.static : !cute.layout<"(2,(2,2,16)):(1,(1024,8192,8))">
    %gO_p = cute.get_iter %tOgO : (!tgo) -> !cute.ptr<f16, gmem, align<4>>
    %gO2 = cute.make_view %gO_p, %pairs_g : !go2
    %store = cute.make_atom : !store
    cute.copy %store, %rO2, %gO2 pred(%po : !pv64) : !store, !ro2, !go2
    gpu.return
  }
}
}
