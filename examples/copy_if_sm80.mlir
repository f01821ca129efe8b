// Predicated copies (CuTe's copy_if) at ragged edges, sm80: each thread of
// a 32-thread CTA moves one 64-wide row of f16 through shared memory in
// eight 16-byte chunks, for any M rows and N columns (N a multiple of 8, so
// that a chunk is wholly in or out).
//  1. The predicate fragment: one byte per chunk, row < M and column < N.
//  2. `cute.copy` of the cp.async atom with `pred(...)`: an in-bounds chunk
//     is copied, an out-of-bounds one reads nothing and zero-fills its
//     shared chunk (src-size 0; the row was filled with 7s first, so a chunk
//     left alone would show).
//  3. The shared row to the 64-wide `tile` output, unpredicated: the zeros
//     of step 2 are visible there.
//  4. The shared row back to `dst` (M x N, row-major) with the same
//     predicate on a universal copy: out-of-bounds chunks are not stored
//     (one past N would land on the next row, one past M outside dst).
// Launch: grid (ceil(M/32), 1), block 32; args src (M x N), tile
// (32 * grid x 64), dst (M x N), M, N.

!gv = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,?):(?{div=8,i64},1)">>
!gt = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(32,64):(?{div=8,i64},1)">>
!grow = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(64):(1)">>
!tt = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,64):(64,1)">>
!tt32 = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(32,64):(64,1)">>
!st = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(32,64):(64,1)">>
!srow = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(64):(1)">>
!g8 = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,8):(1,8)">>
!s8 = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,8):(1,8)">>
!pv = !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"8:1">>
!cp = !cute_nvgpu.atom.simt_async_copy<16, f16>
!uc = !cute_nvgpu.atom.universal_copy<f16>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @copy_if(%src: !cute.ptr<f16, gmem, align<16>>, %tile: !cute.ptr<f16, gmem, align<16>>,
                    %dst: !cute.ptr<f16, gmem, align<16>>, %M: i32, %N: i32) kernel {
    %c8_i32 = arith.constant 8 : i32
    %c32 = arith.constant 32 : i32
    %zero_i32 = arith.constant 0 : i32
    %N64 = arith.extui %N : i32 to i64
    %shape = cute.make_int_tuple(%M, %N) : (i32, i32) -> !cute.shape<"(?,?)">
    %stride = cute.make_int_tuple(%N64) : (i64) -> !cute.stride<"(?{div=8,i64},1)">
    %l = cute.make_layout_raw %shape, %stride : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mS = cute.make_view %src, %l : !gv
    %mD = cute.make_view %dst, %l : !gv
    %bx_index = gpu.block_id x
    %bx = arith.index_cast %bx_index : index to i32
    %tid_index = gpu.thread_id x
    %tid = arith.index_cast %tid_index : index to i32
    %tiler = cute.static : !cute.tile<"[32:1;64:1]">
    %cta = cute.make_int_tuple(%bx, %zero_i32) : (i32, i32) -> !cute.coord<"(?,?)">
    %gS = cute.local_tile(%mS, %tiler, %cta) : (!gv, !cute.tile<"[32:1;64:1]">, !cute.coord<"(?,?)">) -> !gt
    %gD = cute.local_tile(%mD, %tiler, %cta) : (!gv, !cute.tile<"[32:1;64:1]">, !cute.coord<"(?,?)">) -> !gt
    %row_at = cute.make_int_tuple(%tid) : (i32) -> !cute.coord<"(?,_)">
    %gS_row = cute.slice(%gS, %row_at) : !gt, !cute.coord<"(?,_)">
    %gD_row = cute.slice(%gD, %row_at) : !gt, !cute.coord<"(?,_)">
    %chunks = cute.static : !cute.layout<"(8,8):(1,8)">
    %pS = cute.get_iter %gS_row : (!grow) -> !cute.ptr<f16, gmem, align<16>>
    %pD = cute.get_iter %gD_row : (!grow) -> !cute.ptr<f16, gmem, align<16>>
    %gS8 = cute.make_view %pS, %chunks : !g8
    %gD8 = cute.make_view %pD, %chunks : !g8
    // 1. One predicate per 16-byte chunk: the thread's row and the chunk's
    // first column in bounds.
    %row_base = arith.muli %bx, %c32 : i32
    %row = arith.addi %row_base, %tid : i32
    %row_in = arith.cmpi slt, %row, %M : i32
    %pp = cute.alloc_rmem 8 : !cute.ptr<i8, rmem>
    %pl = cute.static : !cute.layout<"8:1">
    %pred = cute.make_view %pp, %pl : !pv
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.for %c = %c0 to %c8 step %c1 {
      %ci = arith.index_cast %c : index to i32
      %col = arith.muli %ci, %c8_i32 : i32
      %col_in = arith.cmpi slt, %col, %N : i32
      %in_i1 = arith.andi %row_in, %col_in : i1
      %in = arith.extui %in_i1 : i1 to i8
      %at = cute.make_int_tuple(%ci) : (i32) -> !cute.coord<"?">
      cute.store %in, %pred[%at] : !pv, !cute.coord<"?">
    }
    // 2. The thread's shared row, filled with 7s, then the predicated
    // cp.async: zeros where out of bounds.
    %sp = cute.alloc_smem 2048 : !cute.ptr<f16, smem, align<16>>
    %sl = cute.static : !cute.layout<"(32,64):(64,1)">
    %sT = cute.make_view %sp, %sl : !st
    %s_row = cute.slice(%sT, %row_at) : !st, !cute.coord<"(?,_)">
    %pR = cute.get_iter %s_row : (!srow) -> !cute.ptr<f16, smem, align<16>>
    %sR8 = cute.make_view %pR, %chunks : !s8
    %seven = arith.constant 7.0 : f16
    cute.fill %seven, %sR8 : f16, !s8
    %cp = cute.make_atom : !cp
    cute.copy %cp, %gS8, %sR8 pred(%pred : !pv) : !cp, !g8, !s8
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    // 3. The whole shared row to `tile` (the zero-filled chunks included).
    %grid_x = gpu.grid_dim x
    %gx = arith.index_cast %grid_x : index to i32
    %tile_rows = arith.muli %gx, %c32 : i32
    %tshape = cute.make_int_tuple(%tile_rows) : (i32) -> !cute.shape<"(?,64)">
    %tstride = cute.static : !cute.stride<"(64,1)">
    %tl = cute.make_layout_raw %tshape, %tstride : (!cute.shape<"(?,64)">, !cute.stride<"(64,1)">) -> !cute.layout<"(?,64):(64,1)">
    %mT = cute.make_view %tile, %tl : !tt
    %gT = cute.local_tile(%mT, %tiler, %cta) : (!tt, !cute.tile<"[32:1;64:1]">, !cute.coord<"(?,?)">) -> !tt32
    %gT_row = cute.slice(%gT, %row_at) : !tt32, !cute.coord<"(?,_)">
    %pT = cute.get_iter %gT_row : (!grow) -> !cute.ptr<f16, gmem, align<16>>
    %gT8 = cute.make_view %pT, %chunks : !g8
    %uc = cute.make_atom : !uc
    cute.copy %uc, %sR8, %gT8 : !uc, !s8, !g8
    // 4. The row back to dst under the same predicate: chunks out of bounds
    // are not stored.
    cute.copy %uc, %sR8, %gD8 pred(%pred : !pv) : !uc, !s8, !g8
    gpu.return
  }
}
}
