// The Ampere GEMM of gemm_sm80.mlir with the epilogue users run: the
// CuTe DSL's elementwise epilogue on the accumulator fragment,
//
//   D(m,n) = act(alpha * sum_k A(m,k) B(n,k) + beta * C(m,n) + bias(n))
//
// act: ReLU, or GELU in its tanh form when the last argument is nonzero,
// in f32 registers, then D converted to bf16. C is f32 (M x N row-major),
// bias f32 (N), D bf16 (M x N row-major). The fragments of C, of the bias
// (a (M,N):(0,1) view: one value per column) and of D are partitioned by
// the tiled MMA like the accumulator; `cute.load_vec` / `cute.store_vec`
// move a whole fragment as one vector. D is staged through a swizzled
// shared tile and stored in 16-byte chunks (128-bit stores).
//
// Compile: cute compile examples/gemm_epilogue_sm80.mlir --chip sm_80
// Launch:  grid (M/128, N/128), block 128, the 80 KiB of dynamic shared
//          memory `cute compile --launch-info` reports; M, N multiples of
//          128, K of 32.
// The leading dimensions are `?{div=N,i64}` strides: global offsets are
// 64-bit, for operands beyond 2^31 elements (as in gemm_sm80.mlir).

!gv = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(?,?):(?{div=8,i64},1)">>
!cv = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(?,?):(?{div=4,i64},1)">>
!swz = !cute.composed_layout<"S<2,3,3> o 0 o (128,32,3):(32,1,4096)">
!sv = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swz>
!mma_atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!mma_atom, !cute.layout<"(2,2,1):(1,2,0)">>
!cp_atom = !cute_nvgpu.atom.simt_async_copy<16, f16>
!g2s = !cute.tiled_copy<!cp_atom, !cute.layout<"((4,32),8):((256,1),32)">, !cute.tile<"[32:1;32:1]">>
!ldsm_a = !cute_nvgpu.atom.ldsm<m8n8.x4, f16>
!ldsm_b = !cute_nvgpu.atom.ldsm<m8n8.x2, f16>
!store = !cute_nvgpu.atom.universal_copy<f32>
!store16 = !cute_nvgpu.atom.universal_copy<bf16>
!dv = !cute.view<!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(?,?):(?{div=8,i64},1)">>
// The D tile in shared memory (128-byte swizzled rows of 128 bf16) and the
// tiled copy that stores it: 128 threads x 8 values, 16 threads a row
// (thread t: row t / 16, columns 8 (t % 16) .. +8), over 8 x 128 tiles.
!sd_l = !cute.composed_layout<"S<3,3,3> o 0 o (128,128):(128,1)">
!sdv = !cute.view<!cute.ptr<bf16, smem, align<1024>>, !sd_l>
!s2g = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<bf16>, !cute.layout<"((16,8),8):((64,1),8)">, !cute.tile<"[8:1;128:1]">>
!tcsd = !cute.view<!cute.ptr<bf16, smem, align<4>>, !cute.composed_layout<"S<3,3,3> o 0 o ((2,2),4,8):((1,1024),4096,16)">>
!tdsd = !cute.view<!cute.ptr<bf16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((1,8),16,1):((0,1),1024,0)">>
!tdgd = !cute.view<!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"((1,8),16,1):((0,1),?{div=64,i64},0)">>
!biasv = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(?,?):(0,1)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @gemm_epilogue(%pA: !cute.ptr<f16, gmem, align<16>>, %pB: !cute.ptr<f16, gmem, align<16>>,
                 %pC: !cute.ptr<f32, gmem, align<16>>, %pBias: !cute.ptr<f32, gmem, align<16>>,
                 %pD: !cute.ptr<bf16, gmem, align<16>>, %M: i32, %N: i32, %K: i32, %alpha: f32, %beta: f32, %gelu: i32) kernel {
    // The global tensors (K-major A and B, row-major C).
    %shA = cute.make_int_tuple(%M, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %K64 = arith.extsi %K : i32 to i64
    %stA = cute.make_int_tuple(%K64) : (i64) -> !cute.stride<"(?{div=8,i64},1)">
    %lA = cute.make_layout_raw %shA, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mA = cute.make_view %pA, %lA : !gv
    %shB = cute.make_int_tuple(%N, %K) : (i32, i32) -> !cute.shape<"(?,?)">
    %lB = cute.make_layout_raw %shB, %stA : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mB = cute.make_view %pB, %lB : !gv
    %shC = cute.make_int_tuple(%M, %N) : (i32, i32) -> !cute.shape<"(?,?)">
    %N64 = arith.extsi %N : i32 to i64
    %stC = cute.make_int_tuple(%N64) : (i64) -> !cute.stride<"(?{div=4,i64},1)">
    %lC = cute.make_layout_raw %shC, %stC : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=4,i64},1)">) -> !cute.layout<"(?,?):(?{div=4,i64},1)">
    %mC = cute.make_view %pC, %lC : !cv

    // This CTA's tiles: A and B as (128, 32, k-tiles), C as 128x128.
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %tid_index = gpu.thread_id x
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">
    %tile_k = cute.static : !cute.tile<"[128:1;32:1]">
    %cA = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,_)">
    %gA = cute.local_tile(%mA, %tile_k, %cA) : (!gv, !cute.tile<"[128:1;32:1]">, !cute.coord<"(?,_)">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>
    %cB = cute.make_int_tuple(%by) : (i32) -> !cute.coord<"(?,_)">
    %gB = cute.local_tile(%mB, %tile_k, %cB) : (!gv, !cute.tile<"[128:1;32:1]">, !cute.coord<"(?,_)">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>
    %tile_c = cute.static : !cute.tile<"[128:1;128:1]">
    %cC = cute.make_int_tuple(%bx, %by) : (i32, i32) -> !cute.coord<"(?,?)">
    %gC = cute.local_tile(%mC, %tile_c, %cC) : (!cv, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(128,128):(?{div=4,i64},1)">>

    // Shared memory: three swizzled 128x32 stages of A and of B (2 x 24 KiB).
    %swz = cute.static : !swz
    %sAp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<1024>>
    %sA = cute.make_view %sAp, %swz : !sv
    %sBp = cute.alloc_smem 12288 : !cute.ptr<f16, smem, align<1024>>
    %sB = cute.make_view %sBp, %swz : !sv

    // Global -> shared: 128 threads as 32 rows x 4 chunks of 8 halves.
    %cp_atom = cute.make_atom : !cp_atom
    %g2s = cute.make_tiled_copy %cp_atom : !g2s
    %tAgA = cute.tiled.copy.partition_S %g2s, %gA, %tid : (!g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>
    %tAsA = cute.tiled.copy.partition_D %g2s, %sA, %tid : (!g2s, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>
    %tBgB = cute.tiled.copy.partition_S %g2s, %gB, %tid : (!g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,32,?):(?{div=8,i64},1,32)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>
    %tBsB = cute.tiled.copy.partition_D %g2s, %sB, %tid : (!g2s, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>

    // The tiled MMA and this thread's partitions.
    %mma_atom = cute.make_atom : !mma_atom
    %mma = cute.make_tiled_mma %mma_atom : !mma
    %tCgC = cute.tiled.mma.partition_C %mma, %gC, %tid : (!mma, !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(128,128):(?{div=4,i64},1)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">>

    // Register fragments: CuTe's make_fragment_like of this thread's MMA
    // partitions (A and B of one pipeline stage, and C).
    %tCsA = cute.tiled.mma.partition_A %mma, %sA, %tid : (!mma, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2,2),4,2,3):((1,256,8),1024,16,4096)">>
    %tCsB = cute.tiled.mma.partition_B %mma, %sB, %tid : (!mma, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2),8,2,3):((1,8),512,16,4096)">>
    %stage0 = cute.static : !cute.coord<"(_,_,_,0)">
    %tCsA0 = cute.slice(%tCsA, %stage0) : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2,2),4,2,3):((1,256,8),1024,16,4096)">>, !cute.coord<"(_,_,_,0)">
    %tCsB0 = cute.slice(%tCsB, %stage0) : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2),8,2,3):((1,8),512,16,4096)">>, !cute.coord<"(_,_,_,0)">
    %tCrA = cute.make_fragment_like %tCsA0 : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2,2),4,2):((1,256,8),1024,16)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>
    %tCrB = cute.make_fragment_like %tCsB0 : !cute.view<!cute.ptr<f16, smem, align<4>>, !cute.composed_layout<"S<2,3,3> o 0 o ((2,2),8,2):((1,8),512,16)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8,2):((1,2),8,4)">>
    %acc = cute.make_fragment_like %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index

    // Shared -> registers: ldmatrix tiled like the MMA's A and B.
    %ldsm_a = cute.make_atom : !ldsm_a
    %s2r_a = cute.make_tiled_copy_A %ldsm_a, %mma : (!ldsm_a, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>
    %tXsA = cute.tiled.copy.partition_S %s2r_a, %sA, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,2,3):((1,0),1024,16,4096)">>
    %ldsm_b = cute.make_atom : !ldsm_b
    %s2r_b = cute.make_tiled_copy_B %ldsm_b, %mma : (!ldsm_b, !mma) -> !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>
    %tXsB = cute.tiled.copy.partition_S %s2r_b, %sB, %tid : (!cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !sv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),8,2,3):((1,0),512,16,4096)">>

    %c32 = arith.constant 32 : i32
    %k_tiles_i32 = arith.divsi %K, %c32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index

    // Prologue: k-tiles 0 and 1 into stages 0 and 1 (one cp.async group each).
    scf.for %s = %c0 to %c2 step %c1 {
      %valid = arith.cmpi slt, %s, %k_tiles : index
      scf.if %valid {
        %si = arith.index_cast %s : index to i32
        %kg = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,_,?)">
        %a_src = cute.slice(%tAgA, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %a_dst = cute.slice(%tAsA, %kg) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %a_src, %a_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
        %b_src = cute.slice(%tBgB, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %b_dst = cute.slice(%tBsB, %kg) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %b_src, %b_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
      }
      nvvm.cp.async.commit.group
    }

    // Main loop: wait for k-tile kt, issue k-tile kt+2 into the stage read
    // one iteration ago, then ldmatrix + mma.sync over the two 16-wide
    // k-blocks of stage kt % 3.
    scf.for %kt = %c0 to %k_tiles step %c1 {
      nvvm.cp.async.wait.group 1
      gpu.barrier
      %next = arith.addi %kt, %c2 : index
      %more = arith.cmpi slt, %next, %k_tiles : index
      scf.if %more {
        %ni = arith.index_cast %next : index to i32
        %ns = arith.remui %next, %c3 : index
        %nsi = arith.index_cast %ns : index to i32
        %kg = cute.make_int_tuple(%ni) : (i32) -> !cute.coord<"(_,_,_,?)">
        %ks = cute.make_int_tuple(%nsi) : (i32) -> !cute.coord<"(_,_,_,?)">
        %a_src = cute.slice(%tAgA, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %a_dst = cute.slice(%tAsA, %ks) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %a_src, %a_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
        %b_src = cute.slice(%tBgB, %kg) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1,?):((1,0),?{div=256,i64},0,32)">>, !cute.coord<"(_,_,_,?)">
        %b_dst = cute.slice(%tBsB, %ks) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1,3):((1,0),1024,0,4096)">>, !cute.coord<"(_,_,_,?)">
        cute.copy %g2s, %b_src, %b_dst : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),4,1):((1,0),?{div=256,i64},0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)">>
      }
      nvvm.cp.async.commit.group
      %stage = arith.remui %kt, %c3 : index
      %stage_i = arith.index_cast %stage : index to i32
      %cs = cute.make_int_tuple(%stage_i) : (i32) -> !cute.coord<"(_,_,_,?)">
      %xa = cute.slice(%tXsA, %cs) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,2,3):((1,0),1024,16,4096)">>, !cute.coord<"(_,_,_,?)">
      cute.copy %s2r_a, %xa, %tCrA : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.layout<"((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))">, !cute.tile<"[32:1;16:1]">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),4,2):((1,0),1024,16)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>
      %xb = cute.slice(%tXsB, %cs) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),8,2,3):((1,0),512,16,4096)">>, !cute.coord<"(_,_,_,?)">
      cute.copy %s2r_b, %xb, %tCrB : !cute.tiled_copy<!cute_nvgpu.atom.ldsm<m8n8.x2, f16>, !cute.layout<"((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))">, !cute.tile<"[16:1;16:1]">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<2,3,3> o 0 o ((8,1),8,2):((1,0),512,16)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8,2):((1,2),8,4)">>
      cute.gemm %mma, %acc, %tCrA, %tCrB, %acc : !mma, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,8,2),16,4)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2),8,2):((1,2),8,4)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    }

    // Epilogue: C, the bias and D partitioned by the tiled MMA like the
    // accumulator; the arithmetic on whole fragments.
    %ld = cute.make_atom : !store
    %tCrC = cute.make_fragment_like %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    cute.copy %ld, %tCgC, %tCrC : !store, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,?{div=32,i64}),?{div=128,i64},16)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    %stBias = cute.static : !cute.stride<"(0,1)">
    %lBias = cute.make_layout_raw %shC, %stBias : (!cute.shape<"(?,?)">, !cute.stride<"(0,1)">) -> !cute.layout<"(?,?):(0,1)">
    %mBias = cute.make_view %pBias, %lBias : !biasv
    %gBias = cute.local_tile(%mBias, %tile_c, %cC) : (!biasv, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(128,128):(0,1)">>
    %tCgBias = cute.tiled.mma.partition_C %mma, %gBias, %tid : (!mma, !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(128,128):(0,1)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,0),0,16)">>
    // CuTe's make_fragment_like keeps the broadcast (stride-0) modes: 16
    // registers of bias for the 128 accumulators.
    %tCrBias = cute.make_fragment_like %tCgBias : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,0),0,16)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,0),0,2)">>
    cute.copy %ld, %tCgBias, %tCrBias : !store, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2),4,8):((1,0),0,16)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,0),0,2)">>
    %vacc = cute.load_vec %acc : !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">> -> vector<128xf32>
    %vc = cute.load_vec %tCrC : !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">> -> vector<128xf32>
    %vbias = cute.load_vec %tCrBias : !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,0),0,2)">> -> vector<128xf32>
    %valpha = vector.broadcast %alpha : f32 to vector<128xf32>
    %vbeta = vector.broadcast %beta : f32 to vector<128xf32>
    %scaled = arith.mulf %valpha, %vacc : vector<128xf32>
    %scaled_c = arith.mulf %vbeta, %vc : vector<128xf32>
    %blended = arith.addf %scaled, %scaled_c : vector<128xf32>
    %biased = arith.addf %blended, %vbias : vector<128xf32>
    // The activation (uniform across the CTA): ReLU, or GELU in its tanh
    // form, 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), with the
    // approximate tanh (fastmath<afn>: tanh.approx.f32, as the CuTe DSL's
    // cute.math.tanh(x, fastmath=True)).
    %no_gelu = arith.constant 0 : i32
    %use_gelu = arith.cmpi ne, %gelu, %no_gelu : i32
    %activated = scf.if %use_gelu -> (vector<128xf32>) {
      %x2 = arith.mulf %biased, %biased : vector<128xf32>
      %x3 = arith.mulf %x2, %biased : vector<128xf32>
      %k3 = arith.constant dense<0.044715> : vector<128xf32>
      %cubic = arith.mulf %k3, %x3 : vector<128xf32>
      %inner = arith.addf %biased, %cubic : vector<128xf32>
      %s2pi = arith.constant dense<0.7978845608> : vector<128xf32>
      %arg = arith.mulf %s2pi, %inner : vector<128xf32>
      %th = math.tanh %arg fastmath<afn> : vector<128xf32>
      %vone = arith.constant dense<1.0> : vector<128xf32>
      %onep = arith.addf %vone, %th : vector<128xf32>
      %vhalf = arith.constant dense<0.5> : vector<128xf32>
      %halfx = arith.mulf %vhalf, %biased : vector<128xf32>
      %g = arith.mulf %halfx, %onep : vector<128xf32>
      scf.yield %g : vector<128xf32>
    } else {
      %vzero = arith.constant dense<0.0> : vector<128xf32>
      %positive = arith.cmpf ogt, %biased, %vzero : vector<128xf32>
      %relu = arith.select %positive, %biased, %vzero : vector<128xi1>, vector<128xf32>
      scf.yield %relu : vector<128xf32>
    }
    %vd = arith.truncf %activated : vector<128xf32> to vector<128xbf16>
    // D: row-major bf16, this CTA's tile partitioned like C.
    %stD = cute.make_int_tuple(%N64) : (i64) -> !cute.stride<"(?{div=8,i64},1)">
    %lD = cute.make_layout_raw %shC, %stD : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8,i64},1)">) -> !cute.layout<"(?,?):(?{div=8,i64},1)">
    %mD = cute.make_view %pD, %lD : !dv
    %gD = cute.local_tile(%mD, %tile_c, %cC) : (!dv, !cute.tile<"[128:1;128:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(128,128):(?{div=8,i64},1)">>
    %tCgD = cute.tiled.mma.partition_C %mma, %gD, %tid : (!mma, !cute.view<!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(128,128):(?{div=8,i64},1)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<bf16, gmem, align<4>>, !cute.layout<"((2,2),4,8):((1,?{div=64,i64}),?{div=256,i64},16)">>
    %tCrD = cute.make_fragment_like %tCgD : !cute.view<!cute.ptr<bf16, gmem, align<4>>, !cute.layout<"((2,2),4,8):((1,?{div=64,i64}),?{div=256,i64},16)">> -> !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    cute.store_vec %vd, %tCrD : vector<128xbf16>, !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    // D goes out through shared memory, as CUTLASS's epilogue does: the
    // fragment into a 128-byte swizzled bf16 tile (4-byte stores), then
    // each thread moves 16-byte chunks of rows to global memory (16 threads
    // a row: coalesced 128-bit loads and stores).
    %st = cute.make_atom : !store16
    %sDp = cute.alloc_smem 16384 : !cute.ptr<bf16, smem, align<1024>>
    %sd_l = cute.static : !sd_l
    %sD = cute.make_view %sDp, %sd_l : !sdv
    %tCsD = cute.tiled.mma.partition_C %mma, %sD, %tid : (!mma, !sdv, !cute.int_tuple<"?">) -> !tcsd
    cute.copy %st, %tCrD, %tCsD : !store16, !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>, !tcsd
    gpu.barrier
    %s2g = cute.make_tiled_copy %st : !s2g
    %tDsD = cute.tiled.copy.partition_S %s2g, %sD, %tid : (!s2g, !sdv, !cute.int_tuple<"?">) -> !tdsd
    %tDgD = cute.tiled.copy.partition_D %s2g, %gD, %tid : (!s2g, !cute.view<!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(128,128):(?{div=8,i64},1)">>, !cute.int_tuple<"?">) -> !tdgd
    cute.copy %s2g, %tDsD, %tDgD : !s2g, !tdsd, !tdgd
    gpu.return
  }
}
}
