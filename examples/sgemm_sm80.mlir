// A SIMT GEMM kernel in cute IR, written the way CuTe's tutorial writes it
// (sgemm_1): CTA tiling, shared-memory staging, thread partitions, a register
// fragment of accumulators, and the universal atoms (universal_copy for the
// copies, universal_fma for the multiply-accumulate).
//
//   C(m,n) = sum_k A(m,k) * B(n,k)      A: M x K, B: N x K, C: M x N,
//                                       all column-major, run-time M, N, K.
//
// One CTA computes a 32x32 tile of C with 256 threads. Per 8-wide slice of
// K, each thread copies one element of A's and of B's 32x8 tile into shared
// memory (local_tile by CTA, local_partition by thread), then accumulates
// its 4 C elements (tm, tn + 8j) in registers from the shared tiles; the
// epilogue copies the fragment to its partition of C.
// Compile: cute compile examples/sgemm_sm80.mlir --chip sm_80 -o sgemm.ptx
// Launch: grid (M/32, N/32), block 256; M, N multiples of 32, K of 8.
// The leading dimensions are `?{i64}` strides (issue 35): global offsets
// are 64-bit, for operands beyond 2^31 elements.

!gv = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?{i64})">>
!gt = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?{i64})">>
!gp = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,1):(0,0)">>
!sv = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"(32,8):(1,32)">>
!sp = !cute.view<!cute.ptr<f32, smem, align<4>>, !cute.layout<"(1,1):(0,0)">>
!ct = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,32):(1,?{i64})">>
!rv = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!r1 = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(1):(1)">>
!s1 = !cute.view<!cute.ptr<f32, smem, align<4>>, !cute.layout<"(1,1):(1,32)">>
!cp = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,4):(0,?{div=8,i64})">>
!ra = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:1">>
!fma = !cute_nvgpu.atom.universal_fma<f32, f32, f32>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @sgemm(%pA: !cute.ptr<f32, gmem>, %pB: !cute.ptr<f32, gmem>, %pC: !cute.ptr<f32, gmem>,
                  %M: i32, %N: i32, %K: i32) kernel {
    // The global tensors: column-major, run-time extents and leading dimensions.
    %shA = cute.make_int_tuple(%M, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %M64 = arith.extsi %M : i32 to i64
    %N64 = arith.extsi %N : i32 to i64
    %stA = cute.make_int_tuple(%M64) : (i64) -> !cute.stride<"(1,?{i64})">
    %lA = cute.make_layout_raw %shA, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(1,?{i64})">) -> !cute.layout<"(?,?):(1,?{i64})">
    %mA = cute.make_view %pA, %lA : !gv
    %shB = cute.make_int_tuple(%N, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %stB = cute.make_int_tuple(%N64) : (i64) -> !cute.stride<"(1,?{i64})">
    %lB = cute.make_layout_raw %shB, %stB : (!cute.shape<"(?,?)">, !cute.stride<"(1,?{i64})">) -> !cute.layout<"(?,?):(1,?{i64})">
    %mB = cute.make_view %pB, %lB : !gv
    %shC = cute.make_int_tuple(%M, %N) : (i32, i32) -> !cute.shape<"(?,?)">
    %stC = cute.make_int_tuple(%M64) : (i64) -> !cute.stride<"(1,?{i64})">
    %lC = cute.make_layout_raw %shC, %stC : (!cute.shape<"(?,?)">, !cute.stride<"(1,?{i64})">) -> !cute.layout<"(?,?):(1,?{i64})">
    %mC = cute.make_view %pC, %lC : !gv

    // Shared-memory tiles of A and B: 32x8, column-major.
    %tile_smem = cute.static : !cute.layout<"(32,8):(1,32)">
    %sAp = cute.alloc_smem 256 : !cute.ptr<f32, smem, align<16>>
    %sA = cute.make_view %sAp, %tile_smem : !sv
    %sBp = cute.alloc_smem 256 : !cute.ptr<f32, smem, align<16>>
    %sB = cute.make_view %sBp, %tile_smem : !sv

    // CTA and thread indices.
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid = arith.index_cast %tid_index : index to i32
    %t = cute.make_int_tuple(%tid) : (i32) -> !cute.coord<"?">

    // The copy partition: thread t copies element t of each 32x8 tile.
    %threads = cute.static : !cute.layout<"(32,8):(1,32)">
    %copy = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    %tAs = cute.local_partition(%sA, %threads, %t) : (!sv, !cute.layout<"(32,8):(1,32)">, !cute.coord<"?">) -> !sp
    %tBs = cute.local_partition(%sB, %threads, %t) : (!sv, !cute.layout<"(32,8):(1,32)">, !cute.coord<"?">) -> !sp

    // The compute partition: thread t owns C(tm, tn + 8j), j < 4.
    %c32 = arith.constant 32 : i32
    %c8 = arith.constant 8 : i32
    %tm = arith.remsi %tid, %c32 : i32
    %tn = arith.divsi %tid, %c32 : i32

    // This thread's accumulators: a register fragment of 4, zeroed.
    %zero = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8i = arith.constant 8 : index
    %rCp = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %frag = cute.static : !cute.layout<"4:1">
    %rC = cute.make_view %rCp, %frag : !rv
    scf.for %j = %c0 to %c4 step %c1 {
      %ji = arith.index_cast %j : index to i32
      %cj = cute.make_int_tuple(%ji) : (i32) -> !cute.coord<"?">
      cute.store %zero, %rC[%cj] : !rv, !cute.coord<"?">
    }
    // Register fragments of the operands: A(tm, kk) and B(tn + 8j, kk).
    %rAp = cute.alloc_rmem 1 : !cute.ptr<f32, rmem>
    %single = cute.static : !cute.layout<"1:1">
    %rA = cute.make_view %rAp, %single : !ra
    %rBp = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %rB = cute.make_view %rBp, %frag : !rv
    %fma = cute.make_atom : !fma
    %one = cute.static : !cute.tile<"[1:1;1:1]">
    %one1 = cute.static : !cute.tile<"[1:1]">

    %K_tiles_i32 = arith.divsi %K, %c8 : i32
    %K_tiles = arith.index_cast %K_tiles_i32 : i32 to index
    %tile = cute.static : !cute.tile<"[32:1;8:1]">

    scf.for %k = %c0 to %K_tiles step %c1 {
      %ki = arith.index_cast %k : index to i32
      // Global -> shared: this CTA's k-th tiles of A and B, one element per thread.
      %cA = cute.make_int_tuple(%bx, %ki) : (i32, i32) -> !cute.coord<"(?,?)">
      %gA = cute.local_tile(%mA, %tile, %cA) : (!gv, !cute.tile<"[32:1;8:1]">, !cute.coord<"(?,?)">) -> !gt
      %tAg = cute.local_partition(%gA, %threads, %t) : (!gt, !cute.layout<"(32,8):(1,32)">, !cute.coord<"?">) -> !gp
      cute.copy_atom_call %copy, %tAg, %tAs : !cute_nvgpu.atom.universal_copy<f32>, !gp, !sp
      %cB = cute.make_int_tuple(%by, %ki) : (i32, i32) -> !cute.coord<"(?,?)">
      %gB = cute.local_tile(%mB, %tile, %cB) : (!gv, !cute.tile<"[32:1;8:1]">, !cute.coord<"(?,?)">) -> !gt
      %tBg = cute.local_partition(%gB, %threads, %t) : (!gt, !cute.layout<"(32,8):(1,32)">, !cute.coord<"?">) -> !gp
      cute.copy_atom_call %copy, %tBg, %tBs : !cute_nvgpu.atom.universal_copy<f32>, !gp, !sp
      gpu.barrier

      // Shared -> registers, then C(tm, tn + 8j) += A(tm, kk) * B(tn + 8j, kk)
      // with the FMA atom.
      scf.for %kk = %c0 to %c8i step %c1 {
        %kki = arith.index_cast %kk : index to i32
        %ca = cute.make_int_tuple(%tm, %kki) : (i32, i32) -> !cute.coord<"(?,?)">
        %a = cute.local_tile(%sA, %one, %ca) : (!sv, !cute.tile<"[1:1;1:1]">, !cute.coord<"(?,?)">) -> !s1
        cute.copy_atom_call %copy, %a, %rA : !cute_nvgpu.atom.universal_copy<f32>, !s1, !ra
        scf.for %j = %c0 to %c4 step %c1 {
          %ji = arith.index_cast %j : index to i32
          %j8 = arith.muli %ji, %c8 : i32
          %n = arith.addi %tn, %j8 : i32
          %cb = cute.make_int_tuple(%n, %kki) : (i32, i32) -> !cute.coord<"(?,?)">
          %b = cute.local_tile(%sB, %one, %cb) : (!sv, !cute.tile<"[1:1;1:1]">, !cute.coord<"(?,?)">) -> !s1
          %cj = cute.make_int_tuple(%ji) : (i32) -> !cute.coord<"?">
          %rBj = cute.local_tile(%rB, %one1, %cj) : (!rv, !cute.tile<"[1:1]">, !cute.coord<"?">) -> !r1
          cute.copy_atom_call %copy, %b, %rBj : !cute_nvgpu.atom.universal_copy<f32>, !s1, !r1
          %c = cute.local_tile(%rC, %one1, %cj) : (!rv, !cute.tile<"[1:1]">, !cute.coord<"?">) -> !r1
          cute.mma_atom_call %fma, %c, %rA, %rBj, %c : !fma, !r1, !ra, !r1, !r1
        }
      }
      gpu.barrier
    }

    // Epilogue: the fragment to this thread's partition of the CTA's C tile.
    %tileC = cute.static : !cute.tile<"[32:1;32:1]">
    %cC = cute.make_int_tuple(%bx, %by) : (i32, i32) -> !cute.coord<"(?,?)">
    %gC = cute.local_tile(%mC, %tileC, %cC) : (!gv, !cute.tile<"[32:1;32:1]">, !cute.coord<"(?,?)">) -> !ct
    %tCg = cute.local_partition(%gC, %threads, %t) : (!ct, !cute.layout<"(32,8):(1,32)">, !cute.coord<"?">) -> !cp
    cute.copy_atom_call %copy, %rC, %tCg : !cute_nvgpu.atom.universal_copy<f32>, !rv, !cp
    gpu.return
  }
}
}
