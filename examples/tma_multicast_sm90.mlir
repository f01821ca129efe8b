// TMA multicast across a 2x1 cluster (sm90): the two CTAs of a cluster need
// the same 128x64 f16 tile (as the CTAs of a GEMM that share an A tile);
// each loads half of it, 64 rows, with one multicast TMA load that writes
// the half into the shared memory of both CTAs (`.multicast::cluster`, mask
// 0b11) and completes its bytes on each CTA's own mbarrier. So each CTA's
// mbarrier expects the whole tile (16 KiB), half from its own load, half
// from its peer's. The loads arrive on the peer's mbarrier, so every
// mbarrier.init is ordered before them by a cluster barrier. Each CTA then
// stores its tile with a TMA store: out rows 128x.. hold in rows 128(x/2)..
//
// Compile: cute compile examples/tma_multicast_sm90.mlir --chip sm_90a
// Launch:  grid (2 * M/128, N/64), block 32, clusters of 2 along x (the
//          kernel declares them); in M x N, out 2M x N, both f16, box
//          {64, 64}, 128-byte swizzle (examples/launch/tma_multicast_sm90.launch.json).

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Multicast = !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>
!Store = !cute_nvgpu.atom.tma_store<f16, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The tile in the tensor maps' dimension order, (N, M): 64 columns
// innermost, 128 rows, 128-byte swizzled; a half is 64 rows.
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!Half = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @tma_multicast(%in: !Desc {cute_nvgpu.grid_constant}, %out: !Desc {cute_nvgpu.grid_constant})
      attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %both = arith.constant 3 : i16
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    // The cluster's tile: rows 128 * (x / 2), columns 64 * y; this CTA's
    // half starts 64 * rank rows further.
    %cluster_x = arith.shrui %bx, %one : i32
    %m0 = arith.muli %cluster_x, %c128 : i32
    %n0 = arith.muli %by, %c64 : i32
    %half_rows = arith.muli %rank, %c64 : i32
    %m_half = arith.addi %m0, %half_rows : i32
    %out_m = arith.muli %bx, %c128 : i32
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index

    %bar = cute.alloc_smem 1 : !Bar
    %tp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %tile_l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">
    %tile = cute.make_view %tp, %tile_l : !Tile
    %half_l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">
    %c4096 = arith.constant 4096 : i32
    %tp1 = cute.add_offset %tp, %c4096 : !cute.ptr<f16, smem, align<1024>>, i32
    %half0 = cute.make_view %tp, %half_l : !Half
    %half1 = cute.make_view %tp1, %half_l : !Half
    %load = cute.make_atom %in : !Desc -> : !Multicast
    %store = cute.make_atom %out : !Desc -> : !Store
    scf.if %leader {
      cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
      nvvm.fence.mbarrier.init
    }
    // Both CTAs' mbarriers initialized before either CTA's load completes
    // bytes on the other's.
    nvvm.cluster.arrive
    nvvm.cluster.wait
    scf.if %leader {
      // The whole tile's 16 KiB: this CTA's half and its peer's.
      cute_nvgpu.arch.mbarrier.arrive %bar tx(%tile : !Tile) : !Bar
      %first = arith.cmpi eq, %rank, %phase : i32
      scf.if %first {
        cute_nvgpu.tma.copy %load, %in, %half0, [%n0, %m_half] mbar(%bar : !Bar) mask(%both) : !Multicast, !Desc, !Half
      } else {
        cute_nvgpu.tma.copy %load, %in, %half1, [%n0, %m_half] mbar(%bar : !Bar) mask(%both) : !Multicast, !Desc, !Half
      }
    }
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
    scf.if %leader {
      cute_nvgpu.tma.copy %store, %out, %tile, [%n0, %out_m] : !Store, !Desc, !Tile
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }
}
}
