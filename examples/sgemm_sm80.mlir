// A SIMT GEMM kernel in cute IR, as CuTe's tutorial writes it (sgemm_1: the
// same CTA tiling, shared-memory staging and thread partitioning, with the
// FMA spelled as arith instead of a universal_fma atom call, whose lowering
// comes with the SM80 atoms of issue 11).
//
//   C(m,n) = sum_k A(m,k) * B(n,k)      A: M x K, B: N x K, C: M x N,
//                                       all column-major, run-time M, N, K.
//
// One CTA computes a 32x32 tile of C with 256 threads: per 8-wide slice of
// K, each thread copies one element of A's and of B's 32x8 tile into shared
// memory with a universal_copy atom (local_tile by CTA, local_partition by
// thread), then accumulates the C elements (tm, tn + 8j), j < 4, from the
// shared tiles.
// Compile: cute compile examples/sgemm_sm80.mlir --chip sm_80 -o sgemm.ptx
// Launch: grid (M/32, N/32), block 256; M, N multiples of 32, K of 8.

!gv = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>
!gt = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?)">>
!gp = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,1):(0,0)">>
!sv = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"(32,8):(1,32)">>
!sp = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"(1,1):(0,0)">>
!ct = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,32):(1,?)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @sgemm(%pA: !cute.ptr<f32, gmem>, %pB: !cute.ptr<f32, gmem>, %pC: !cute.ptr<f32, gmem>,
                  %M: i32, %N: i32, %K: i32) kernel {
    // The global tensors: column-major, run-time extents and leading dimensions.
    %shA = cute.make_int_tuple(%M, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %stA = cute.make_int_tuple(%M) : (i32) -> !cute.stride<"(1,?)">
    %lA = cute.make_layout_raw %shA, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(1,?)">) -> !cute.layout<"(?,?):(1,?)">
    %mA = cute.make_view %pA, %lA : !gv
    %shB = cute.make_int_tuple(%N, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %stB = cute.make_int_tuple(%N) : (i32) -> !cute.stride<"(1,?)">
    %lB = cute.make_layout_raw %shB, %stB : (!cute.shape<"(?,?)">, !cute.stride<"(1,?)">) -> !cute.layout<"(?,?):(1,?)">
    %mB = cute.make_view %pB, %lB : !gv
    %shC = cute.make_int_tuple(%M, %N) : (i32, i32) -> !cute.shape<"(?,?)">
    %stC = cute.make_int_tuple(%M) : (i32) -> !cute.stride<"(1,?)">
    %lC = cute.make_layout_raw %shC, %stC : (!cute.shape<"(?,?)">, !cute.stride<"(1,?)">) -> !cute.layout<"(?,?):(1,?)">
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

    %zero = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8i = arith.constant 8 : index
    %K_tiles_i32 = arith.divsi %K, %c8 : i32
    %K_tiles = arith.index_cast %K_tiles_i32 : i32 to index
    %tile = cute.static : !cute.tile<"[32:1;8:1]">

    %acc:4 = scf.for %k = %c0 to %K_tiles step %c1 iter_args(%a0 = %zero, %a1 = %zero, %a2 = %zero, %a3 = %zero) -> (f32, f32, f32, f32) {
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

      // Shared -> registers -> FMA over the 8 columns of the slice.
      %r:4 = scf.for %kk = %c0 to %c8i step %c1 iter_args(%b0 = %a0, %b1 = %a1, %b2 = %a2, %b3 = %a3) -> (f32, f32, f32, f32) {
        %kki = arith.index_cast %kk : index to i32
        %ca = cute.make_int_tuple(%tm, %kki) : (i32, i32) -> !cute.coord<"(?,?)">
        %a = cute.load %sA[%ca] : !sv, !cute.coord<"(?,?)">
        %n0 = arith.addi %tn, %c8 : i32
        %n1 = arith.addi %n0, %c8 : i32
        %n2 = arith.addi %n1, %c8 : i32
        %cb0 = cute.make_int_tuple(%tn, %kki) : (i32, i32) -> !cute.coord<"(?,?)">
        %cb1 = cute.make_int_tuple(%n0, %kki) : (i32, i32) -> !cute.coord<"(?,?)">
        %cb2 = cute.make_int_tuple(%n1, %kki) : (i32, i32) -> !cute.coord<"(?,?)">
        %cb3 = cute.make_int_tuple(%n2, %kki) : (i32, i32) -> !cute.coord<"(?,?)">
        %v0 = cute.load %sB[%cb0] : !sv, !cute.coord<"(?,?)">
        %v1 = cute.load %sB[%cb1] : !sv, !cute.coord<"(?,?)">
        %v2 = cute.load %sB[%cb2] : !sv, !cute.coord<"(?,?)">
        %v3 = cute.load %sB[%cb3] : !sv, !cute.coord<"(?,?)">
        %f0 = llvm.intr.fma(%a, %v0, %b0) : (f32, f32, f32) -> f32
        %f1 = llvm.intr.fma(%a, %v1, %b1) : (f32, f32, f32) -> f32
        %f2 = llvm.intr.fma(%a, %v2, %b2) : (f32, f32, f32) -> f32
        %f3 = llvm.intr.fma(%a, %v3, %b3) : (f32, f32, f32) -> f32
        scf.yield %f0, %f1, %f2, %f3 : f32, f32, f32, f32
      }
      gpu.barrier
      scf.yield %r#0, %r#1, %r#2, %r#3 : f32, f32, f32, f32
    }

    // Epilogue: this CTA's 32x32 tile of C.
    %tileC = cute.static : !cute.tile<"[32:1;32:1]">
    %cC = cute.make_int_tuple(%bx, %by) : (i32, i32) -> !cute.coord<"(?,?)">
    %gC = cute.local_tile(%mC, %tileC, %cC) : (!gv, !cute.tile<"[32:1;32:1]">, !cute.coord<"(?,?)">) -> !ct
    %n0 = arith.addi %tn, %c8 : i32
    %n1 = arith.addi %n0, %c8 : i32
    %n2 = arith.addi %n1, %c8 : i32
    %d0 = cute.make_int_tuple(%tm, %tn) : (i32, i32) -> !cute.coord<"(?,?)">
    %d1 = cute.make_int_tuple(%tm, %n0) : (i32, i32) -> !cute.coord<"(?,?)">
    %d2 = cute.make_int_tuple(%tm, %n1) : (i32, i32) -> !cute.coord<"(?,?)">
    %d3 = cute.make_int_tuple(%tm, %n2) : (i32, i32) -> !cute.coord<"(?,?)">
    cute.store %acc#0, %gC[%d0] : !ct, !cute.coord<"(?,?)">
    cute.store %acc#1, %gC[%d1] : !ct, !cute.coord<"(?,?)">
    cute.store %acc#2, %gC[%d2] : !ct, !cute.coord<"(?,?)">
    cute.store %acc#3, %gC[%d3] : !ct, !cute.coord<"(?,?)">
    gpu.return
  }
}
}
