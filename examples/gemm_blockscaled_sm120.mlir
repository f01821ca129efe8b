// A block-scaled FP8 GEMM for consumer Blackwell (sm_120a / sm_121a) in cute
// IR, the MX format of CUTLASS's SM120 block-scaled GEMMs on its register
// MMA (SM120_16x8x32_TN_VS: kind::mxf8f6f4, one ue8m0 scale per 32 values):
//
//   C(m,n) = sum_k SFA(m,k/32) * A(m,k) * SFB(n,k/32) * B(n,k)
//            A: M x K e4m3, B: N x K e4m3 (both K-major), SFA: M x K/32,
//            SFB: N x K/32 (ue8m0, K/32-major), C: M x N f32 (row-major).
//
// One CTA of 4 warps computes a 32x16 tile of C with the tiled MMA (2,2,1)
// of the 16x8x32 atom. Per 32-wide slice of K, each thread copies its A and
// B fragments (partition_A / partition_B of the CTA's tiles) into registers
// and its scale bytes (CuTe's SFALayout: the lane of row 8*(l%2) + l/4 of
// the warp's 16; SFBLayout: column l/4 of the warp's 8), then issues the
// block-scaled MMA; the epilogue stores its partition of C.
// Compile: cute compile examples/gemm_blockscaled_sm120.mlir --chip sm_120a -o gemm.ptx
// Launch: grid (M/32, N/16), block 128; M a multiple of 32, N of 16, K of 32.

!gv = !cute.view<!cute.ptr<f8E4M3FN, gmem, align<16>>, !cute.layout<"(?,?):(?{div=16},1)">>
!sfv = !cute.view<!cute.ptr<f8E8M0FNU, gmem>, !cute.layout<"(?,?):(?,1)">>
!cv = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(?,?):(?{div=4},1)">>
!atom = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(2,2,1):(1,2,0)">>
!gA = !cute.view<!cute.ptr<f8E4M3FN, gmem, align<16>>, !cute.layout<"(32,32,?):(?{div=16},1,32)">>
!gB = !cute.view<!cute.ptr<f8E4M3FN, gmem, align<16>>, !cute.layout<"(16,32,?):(?{div=16},1,32)">>
!gC = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(32,16):(?{div=4},1)">>
!sf1 = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"1:1">>
!copy8 = !cute_nvgpu.atom.universal_copy<f8E4M3FN>
!copy32 = !cute_nvgpu.atom.universal_copy<f32>
!TCGA = !cute.view<!cute.ptr<f8E4M3FN, gmem, align<4>>, !cute.layout<"((4,2,2),1,1,?):((1,?{div=128},16),0,0,32)">>
!TCGB = !cute.view<!cute.ptr<f8E4M3FN, gmem, align<4>>, !cute.layout<"((4,2),1,1,?):((1,16),0,0,32)">>
!TCGC = !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),1,1):((1,?{div=32}),0,0)">>
!TCGA0 = !cute.view<!cute.ptr<f8E4M3FN, gmem, align<4>>, !cute.layout<"((4,2,2),1,1):((1,?{div=128},16),0,0)">>
!TCGB0 = !cute.view<!cute.ptr<f8E4M3FN, gmem, align<4>>, !cute.layout<"((4,2),1,1):((1,16),0,0)">>
!RA = !cute.view<!cute.ptr<f8E4M3FN, rmem, align<16>>, !cute.layout<"((4,2,2),1,1):((1,4,8),0,0)">>
!RB = !cute.view<!cute.ptr<f8E4M3FN, rmem, align<16>>, !cute.layout<"((4,2),1,1):((1,4),0,0)">>
!RC = !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),1,1):((1,2),0,0)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_mxf8(%pA: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pB: !cute.ptr<f8E4M3FN, gmem, align<16>>,
                      %pSFA: !cute.ptr<f8E8M0FNU, gmem>, %pSFB: !cute.ptr<f8E8M0FNU, gmem>,
                      %pC: !cute.ptr<f32, gmem, align<16>>, %M: i32, %N: i32, %K: i32) kernel {
    // The global tensors.
    %c32 = arith.constant 32 : i32
    %shA = cute.make_int_tuple(%M, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %stK = cute.make_int_tuple(%K) : (i32) -> !cute.stride<"(?{div=16},1)">
    %lA = cute.make_layout_raw %shA, %stK : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=16},1)">) -> !cute.layout<"(?,?):(?{div=16},1)">
    %mA = cute.make_view %pA, %lA : !gv
    %shB = cute.make_int_tuple(%N, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %lB = cute.make_layout_raw %shB, %stK : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=16},1)">) -> !cute.layout<"(?,?):(?{div=16},1)">
    %mB = cute.make_view %pB, %lB : !gv
    %kb = arith.divui %K, %c32 : i32
    %shSFA = cute.make_int_tuple(%M, %kb) : (i32, i32) -> !cute.shape<"(?,?)">
    %stSF = cute.make_int_tuple(%kb) : (i32) -> !cute.stride<"(?,1)">
    %lSFA = cute.make_layout_raw %shSFA, %stSF : (!cute.shape<"(?,?)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,?):(?,1)">
    %mSFA = cute.make_view %pSFA, %lSFA : !sfv
    %shSFB = cute.make_int_tuple(%N, %kb) : (i32, i32) -> !cute.shape<"(?,?)">
    %lSFB = cute.make_layout_raw %shSFB, %stSF : (!cute.shape<"(?,?)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,?):(?,1)">
    %mSFB = cute.make_view %pSFB, %lSFB : !sfv
    %shC = cute.make_int_tuple(%M, %N) : (i32, i32) -> !cute.shape<"(?,?)">
    %stC = cute.make_int_tuple(%N) : (i32) -> !cute.stride<"(?{div=4},1)">
    %lC = cute.make_layout_raw %shC, %stC : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=4},1)">) -> !cute.layout<"(?,?):(?{div=4},1)">
    %mC = cute.make_view %pC, %lC : !cv

    // This CTA's tiles: A as (32, 32, k-tiles), B as (16, 32, k-tiles), C 32x16.
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">
    %tile_a = cute.static : !cute.tile<"[32:1;32:1]">
    %tile_b = cute.static : !cute.tile<"[16:1;32:1]">
    %tile_c = cute.static : !cute.tile<"[32:1;16:1]">
    %cA = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,_)">
    %gA = cute.local_tile(%mA, %tile_a, %cA) : (!gv, !cute.tile<"[32:1;32:1]">, !cute.coord<"(?,_)">) -> !gA
    %cB = cute.make_int_tuple(%by) : (i32) -> !cute.coord<"(?,_)">
    %gB = cute.local_tile(%mB, %tile_b, %cB) : (!gv, !cute.tile<"[16:1;32:1]">, !cute.coord<"(?,_)">) -> !gB
    %cC = cute.make_int_tuple(%bx, %by) : (i32, i32) -> !cute.coord<"(?,?)">
    %gC = cute.local_tile(%mC, %tile_c, %cC) : (!cv, !cute.tile<"[32:1;16:1]">, !cute.coord<"(?,?)">) -> !gC

    // The tiled MMA and this thread's partitions.
    %atom = cute.make_atom : !atom
    %mma = cute.make_tiled_mma %atom : !mma
    %tCgA = cute.tiled.mma.partition_A %mma, %gA, %tid : (!mma, !gA, !cute.int_tuple<"?">) -> !TCGA
    %tCgB = cute.tiled.mma.partition_B %mma, %gB, %tid : (!mma, !gB, !cute.int_tuple<"?">) -> !TCGB
    %tCgC = cute.tiled.mma.partition_C %mma, %gC, %tid : (!mma, !gC, !cute.int_tuple<"?">) -> !TCGC

    // Register fragments (CuTe's make_fragment_like of one k-tile's
    // partitions) and the zeroed accumulators.
    %k0 = cute.static : !cute.coord<"(_,_,_,0)">
    %tCgA0 = cute.slice(%tCgA, %k0) : !TCGA, !cute.coord<"(_,_,_,0)">
    %tCgB0 = cute.slice(%tCgB, %k0) : !TCGB, !cute.coord<"(_,_,_,0)">
    %tCrA = cute.make_fragment_like %tCgA0 : !TCGA0 -> !RA
    %tCrB = cute.make_fragment_like %tCgB0 : !TCGB0 -> !RB
    %acc = cute.make_fragment_like %tCgC : !TCGC -> !RC
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !RC

    // This lane's scale factors: row 8*(l%2) + l/4 of its warp's 16 rows of
    // A, column l/4 of its warp's 8 columns of B (CuTe's SFALayout and
    // SFBLayout of the atom; the warp's place in the (2,2) warp grid).
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %lane = arith.remui %tid_i32, %c32 : i32
    %warp = arith.divui %tid_i32, %c32 : i32
    %warp_m = arith.remui %warp, %c2 : i32
    %warp_n = arith.divui %warp, %c2 : i32
    %quad = arith.divui %lane, %c4 : i32
    %half = arith.remui %lane, %c2 : i32
    %half8 = arith.muli %half, %c8 : i32
    %wm16 = arith.muli %warp_m, %c16 : i32
    %bx32 = arith.muli %bx, %c32 : i32
    %row0 = arith.addi %bx32, %wm16 : i32
    %row1 = arith.addi %row0, %half8 : i32
    %row = arith.addi %row1, %quad : i32
    %wn8 = arith.muli %warp_n, %c8 : i32
    %by16 = arith.muli %by, %c16 : i32
    %col0 = arith.addi %by16, %wn8 : i32
    %col = arith.addi %col0, %quad : i32
    %one = cute.static : !cute.layout<"1:1">
    %rSFAp = cute.alloc_rmem 1 : !cute.ptr<f8E8M0FNU, rmem>
    %rSFA = cute.make_view %rSFAp, %one : !sf1
    %rSFBp = cute.alloc_rmem 1 : !cute.ptr<f8E8M0FNU, rmem>
    %rSFB = cute.make_view %rSFBp, %one : !sf1
    %first = cute.static : !cute.coord<"0">

    %copy8 = cute.make_atom : !copy8
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k_tiles_i32 = arith.divui %K, %c32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
    scf.for %kt = %c0 to %k_tiles step %c1 {
      %kti = arith.index_cast %kt : index to i32
      // The k-tile's fragments of A and B, global -> registers.
      %kc = cute.make_int_tuple(%kti) : (i32) -> !cute.coord<"(_,_,_,?)">
      %a_src = cute.slice(%tCgA, %kc) : !TCGA, !cute.coord<"(_,_,_,?)">
      %b_src = cute.slice(%tCgB, %kc) : !TCGB, !cute.coord<"(_,_,_,?)">
      cute.copy_atom_call %copy8, %a_src, %tCrA : !copy8, !TCGA0, !RA
      cute.copy_atom_call %copy8, %b_src, %tCrB : !copy8, !TCGB0, !RB
      // The lane's two scale bytes of this 32-wide slice of K.
      %ca = cute.make_int_tuple(%row, %kti) : (i32, i32) -> !cute.coord<"(?,?)">
      %sfa = cute.load %mSFA[%ca] : !sfv, !cute.coord<"(?,?)">
      cute.store %sfa, %rSFA[%first] : !sf1, !cute.coord<"0">
      %cb = cute.make_int_tuple(%col, %kti) : (i32, i32) -> !cute.coord<"(?,?)">
      %sfb = cute.load %mSFB[%cb] : !sfv, !cute.coord<"(?,?)">
      cute.store %sfb, %rSFB[%first] : !sf1, !cute.coord<"0">
      cute.mma_atom_call %atom, %acc, %tCrA, %tCrB, %acc scales(%rSFA, %rSFB : !sf1, !sf1) : !atom, !RC, !RA, !RB, !RC
    }

    // Epilogue: the accumulators to this thread's partition of C.
    %copy32 = cute.make_atom : !copy32
    cute.copy_atom_call %copy32, %acc, %tCgC : !copy32, !RC, !TCGC
    gpu.return
  }
}
}
