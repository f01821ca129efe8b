// A Hopper convolution (implicit-GEMM fprop) in cute IR, as CUTLASS's sm90
// TMA + WGMMA conv mainloop builds it: the activation tile of each filter tap
// comes from an im2col TMA load (cp.async.bulk.tensor.4d...im2col), the
// filter tile from a tiled TMA load, both into 128-byte swizzled stages that
// WGMMA reads through GMMA descriptors.
//
//   Y(n,p,q,k) = sum_{r,s,c} X(n, p+r-1, q+s-1, c) * W(k,r,s,c)
//     X: N x H x W x C (NHWC, f16), W: K x 3 x 3 x C (KRSC, f16),
//     Y: N x P x Q x K (NPQK, f32); 3x3 filter, stride 1, padding 1 (P = H,
//     Q = W). As a GEMM: M = N*P*Q output pixels, N = K filters, and the
//     reduction over (r, s, c), c fastest.
//
// * CTA tile 128 pixels x 128 filters x 64 channels, two warpgroups of
//   WGMMA 64x128x16 (as examples/gemm_sm90.mlir).
// * A 4-stage pipeline over the 9 * C/64 k-tiles: thread 0 loads k-tile
//   (rs, cb) as the im2col box of 64 channels x 128 pixels at the CTA's
//   first output pixel's filter base (c = 64 cb, w = q0 - 1, h = p0 - 1,
//   n = n0: PTX ISA 5.5.4, the base in tensor coordinates) with the filter
//   offsets (s, r) = (rs % 3, rs / 3), and the filter box at
//   (rs * C + 64 cb, 128 by). The tap and channel block of the next load
//   are carried through the loops (no division by a run-time value in the
//   main loop; the CTA's pixel is split into (n0, p0, q0) once).
// * Epilogue: the accumulators through a swizzled shared tile and a TMA
//   store of the 128x128 output tile, as the GEMM.
//
// Compile: cute compile examples/conv_fprop_sm90.mlir --chip sm_90a -o conv.ptx
// Launch:  grid (N*P*Q/128, K/128), block 256, the dynamic shared memory that
//          `cute compile --launch-info` reports; tensor maps: X with cuTensorMapEncodeIm2col (rank 4
//          {C, W, H, N}, 64 channels per pixel, 128 pixels per column, pixel
//          box corners {-1, -1} and {-1, -1}: padding 1, 3x3 taps), W with
//          cuTensorMapEncodeTiled ({9C, K}, box {64, 128}), Y ({K, N*P*Q},
//          box {32, 128}); all CU_TENSOR_MAP_SWIZZLE_128B. C a multiple of
//          64, N*P*Q and K multiples of 128.

!DX = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Im2col = !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>
!DA = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!DC = !cute_nvgpu.tma_descriptor<f32, box = [32, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Store = !cute_nvgpu.atom.tma_store<f32, rank = 2>
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
  func.func @conv_fprop(%tmaA: !DX {cute_nvgpu.grid_constant}, %tmaB: !DA {cute_nvgpu.grid_constant},
                        %tmaC: !DC {cute_nvgpu.grid_constant}, %C: i32, %P: i32, %Q: i32) attributes {cute.kernel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero_i32 = arith.constant 0 : i32
    %one_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
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
    // The reduction: 9 taps x C/64 channel blocks.
    %cblocks = arith.divui %C, %c64_i32 : i32
    %c9_i32 = arith.constant 9 : i32
    %k_tiles_i32 = arith.muli %cblocks, %c9_i32 : i32
    %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
    // The CTA's first output pixel (n0, p0, q0). The im2col coordinates
    // are the filter base of that pixel in tensor coordinates (PTX ISA
    // 5.5.4): with stride 1 and padding 1, (w, h, n) = (q0 - 1, p0 - 1, n0),
    // inside the pixel box -1 ..= Q - 2 that the descriptor's corners
    // (-1, -1) give; the hardware walks the box from there, row by row and
    // image by image, and the tap's offsets (s, r) move the reads.
    %PQ = arith.muli %P, %Q : i32
    %img = arith.divui %m0, %PQ : i32
    %pix = arith.remui %m0, %PQ : i32
    %row = arith.divui %pix, %Q : i32
    %col = arith.remui %pix, %Q : i32
    %base_w = arith.subi %col, %one_i32 : i32
    %base_h = arith.subi %row, %one_i32 : i32
    %c3_i32 = arith.constant 3 : i32

    // Shared memory: 4 stages of A and B (64 KiB each), the C tile (64 KiB)
    // and a full-barrier per stage.
    %pA = cute.alloc_smem 32768 : !cute.ptr<f16, smem, align<1024>>
    %pB = cute.alloc_smem 32768 : !cute.ptr<f16, smem, align<1024>>
    %pC = cute.alloc_smem 16384 : !cute.ptr<f32, smem, align<1024>>
    %bars = cute.alloc_smem 4 : !Bar
    %mma_l = cute.static : !mma_l
    %tma_l = cute.static : !tma_l
    %sA = cute.make_view %pA, %mma_l : !s_mma
    %sB = cute.make_view %pB, %mma_l : !s_mma
    %tA = cute.make_view %pA, %tma_l : !s_tma
    %tB = cute.make_view %pB, %tma_l : !s_tma
    %load_a = cute.make_atom %tmaA : !DX -> : !Im2col
    %load_b = cute.make_atom %tmaB : !DA -> : !Load

    scf.if %leader {
      scf.for %s = %c0 to %c4 step %c1 {
        %si = arith.index_cast %s : index to i32
        %bar = cute.add_offset %bars, %si : !Bar, i32
        cute_nvgpu.arch.mbarrier.init %bar, %one_i32 : !Bar
      }
      nvvm.fence.mbarrier.init
      cute_nvgpu.tma.prefetch %load_a, %tmaA, [] : !Im2col, !DX
      cute_nvgpu.tma.prefetch %load_b, %tmaB, [] : !Load, !DA
    }
    gpu.barrier

    // Prologue: k-tiles 0..3 into stages 0..3. (rs, cb): the tap and the
    // channel block of the next k-tile to load.
    %first:2 = scf.for %s = %c0 to %c4 step %c1 iter_args(%rs = %zero_i32, %cb = %zero_i32) -> (i32, i32) {
      %valid = arith.cmpi slt, %s, %k_tiles : index
      %issue = arith.andi %leader, %valid : i1
      scf.if %issue {
        %si = arith.index_cast %s : index to i32
        %bar = cute.add_offset %bars, %si : !Bar, i32
        %stage = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,?)">
        %a = cute.slice(%tA, %stage) : !s_tma, !cute.coord<"(_,_,?)">
        %b = cute.slice(%tB, %stage) : !s_tma, !cute.coord<"(_,_,?)">
        cute_nvgpu.arch.mbarrier.arrive %bar tx(%a, %b : !t_stage, !t_stage) : !Bar
        func.call @load_k_tile(%load_a, %tmaA, %a, %load_b, %tmaB, %b, %bar, %rs, %cb, %C, %base_w, %base_h, %img, %n0)
          : (!Im2col, !DX, !t_stage, !Load, !DA, !t_stage, !Bar, i32, i32, i32, i32, i32, i32, i32) -> ()
      }
      %adv:2 = func.call @advance(%rs, %cb, %cblocks) : (i32, i32, i32) -> (i32, i32)
      scf.yield %adv#0, %adv#1 : i32, i32
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

    // Main loop: wait for k-tile kt in stage kt % 4, four WGMMA k-blocks
    // on it, then (all warpgroups done) refill the stage with k-tile kt + 4.
    %last:2 = scf.for %kt = %c0 to %k_tiles step %c1 iter_args(%rs = %first#0, %cb = %first#1) -> (i32, i32) {
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
      nvvm.wgmma.wait.group.sync.aligned 0
      gpu.barrier
      %next = arith.addi %kt, %c4 : index
      %more = arith.cmpi slt, %next, %k_tiles : index
      %issue = arith.andi %leader, %more : i1
      scf.if %issue {
        %sa = cute.make_int_tuple(%si) : (i32) -> !cute.coord<"(_,_,?)">
        %ta = cute.slice(%tA, %sa) : !s_tma, !cute.coord<"(_,_,?)">
        %tb = cute.slice(%tB, %sa) : !s_tma, !cute.coord<"(_,_,?)">
        cute_nvgpu.arch.mbarrier.arrive %bar tx(%ta, %tb : !t_stage, !t_stage) : !Bar
        func.call @load_k_tile(%load_a, %tmaA, %ta, %load_b, %tmaB, %tb, %bar, %rs, %cb, %C, %base_w, %base_h, %img, %n0)
          : (!Im2col, !DX, !t_stage, !Load, !DA, !t_stage, !Bar, i32, i32, i32, i32, i32, i32, i32) -> ()
      }
      %adv:2 = func.call @advance(%rs, %cb, %cblocks) : (i32, i32, i32) -> (i32, i32)
      scf.yield %adv#0, %adv#1 : i32, i32
    }

    // Epilogue: accumulators -> swizzled shared C tile -> TMA store.
    %r2s = cute.make_atom : !r2s
    cute.copy %r2s, %acc, %tCsC : !r2s, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,(4,4)),1,1):((1,8,(2,16)),0,0)">>, !pc
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %leader {
      %c_tma_l = cute.static : !c_tma_l
      %tC = cute.make_view %pC, %c_tma_l : !c_tma
      %store = cute.make_atom %tmaC : !DC -> : !Store
      cute_nvgpu.tma.copy %store, %tmaC, %tC, [%n0, %m0] : !Store, !DC, !c_tma
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }

  // The next k-tile after (tap rs, channel block cb): the next channel
  // block, or the first of the next tap.
  func.func private @advance(%rs: i32, %cb: i32, %cblocks: i32) -> (i32, i32) attributes {llvm.linkage = #llvm.linkage<internal>} {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %cb1 = arith.addi %cb, %one : i32
    %wrap = arith.cmpi eq, %cb1, %cblocks : i32
    %rs1 = arith.addi %rs, %one : i32
    %cb2 = arith.select %wrap, %zero, %cb1 : i32
    %rs2 = arith.select %wrap, %rs1, %rs : i32
    return %rs2, %cb2 : i32, i32
  }

  // K-tile (rs, cb) into a stage: the im2col box of 64 channels x 128
  // pixels at the CTA's first pixel with the tap's filter offsets (s, r),
  // and the 64 x 128 filter box at (rs * C + 64 cb, n0).
  func.func private @load_k_tile(%load_a: !Im2col, %tmaA: !DX, %a: !t_stage, %load_b: !Load, %tmaB: !DA, %b: !t_stage,
                                 %bar: !Bar, %rs: i32, %cb: i32, %C: i32, %w: i32, %h: i32, %n: i32, %n0: i32)
      attributes {llvm.linkage = #llvm.linkage<internal>} {
    %c3 = arith.constant 3 : i32
    %c64 = arith.constant 64 : i32
    %r = arith.divui %rs, %c3 : i32
    %s = arith.remui %rs, %c3 : i32
    %r16 = arith.trunci %r : i32 to i16
    %s16 = arith.trunci %s : i32 to i16
    %c0 = arith.muli %cb, %c64 : i32
    cute_nvgpu.tma.copy %load_a, %tmaA, %a, [%c0, %w, %h, %n] im2col[%s16, %r16] mbar(%bar : !Bar) : !Im2col, !DX, !t_stage
    %tap = arith.muli %rs, %C : i32
    %k0 = arith.addi %tap, %c0 : i32
    cute_nvgpu.tma.copy %load_b, %tmaB, %b, [%k0, %n0] mbar(%bar : !Bar) : !Load, !DA, !t_stage
    return
  }
}
}
