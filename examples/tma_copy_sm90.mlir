// A TMA-only copy in cute IR (CuTe's TMA copy tutorial, sm90): each CTA
// moves one 128x64 tile of an f16 matrix from `in` to `out` through shared
// memory, global -> shared with a TMA load completing on an mbarrier, and
// shared -> global with a TMA store completing in a bulk async-group. The
// tile is two 64x64 boxes (64 f16 = one 128-byte swizzled row each).
//
// Compile: cute compile examples/tma_copy_sm90.mlir --chip sm_90a -o copy.ptx
// Launch:  grid (M/128, N/64), block 32; the two tensor maps made with
//          cuTensorMapEncodeTiled: f16 {N, M}, box {64, 64},
//          CU_TENSOR_MAP_SWIZZLE_128B. M a multiple of 128, N of 64.

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Store = !cute_nvgpu.atom.tma_store<f16, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The tile in the tensor maps' dimension order, (N, M): 64 columns
// innermost, 128 rows; 128-byte swizzled as the descriptors say.
!tile_l = !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !tile_l>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @tma_copy(%in: !Desc {cute_nvgpu.grid_constant}, %out: !Desc {cute_nvgpu.grid_constant}) attributes {cute.kernel} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %bx_index = gpu.block_id x
    %by_index = gpu.block_id y
    %bx = arith.index_cast %bx_index : index to i32
    %by = arith.index_cast %by_index : index to i32
    %m0 = arith.muli %bx, %c128 : i32
    %n0 = arith.muli %by, %c64 : i32
    %tid = gpu.thread_id x
    %leader = arith.cmpi eq, %tid, %c0 : index

    %bar = cute.alloc_smem 1 : !Bar
    %tp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %tile_l = cute.static : !tile_l
    %tile = cute.make_view %tp, %tile_l : !Tile
    %load = cute.make_atom %in : !Desc -> : !Load
    %store = cute.make_atom %out : !Desc -> : !Store

    scf.if %leader {
      cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
      nvvm.fence.mbarrier.init
      cute_nvgpu.tma.prefetch %load, %in, [] : !Load, !Desc
    }
    gpu.barrier
    // Global -> shared: the 16 KiB the two boxes bring, then the loads.
    scf.if %leader {
      cute_nvgpu.arch.mbarrier.arrive %bar tx(%tile : !Tile) : !Bar
      cute_nvgpu.tma.copy %load, %in, %tile, [%n0, %m0] mbar(%bar : !Bar) : !Load, !Desc, !Tile
    }
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
    // Shared -> global: TMA reads shared memory through the async proxy,
    // as it wrote it; the store completes before the CTA may exit.
    scf.if %leader {
      cute_nvgpu.tma.copy %store, %out, %tile, [%n0, %m0] : !Store, !Desc, !Tile
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }
}
}
