// The SM100 shared-to-tensor-memory copy (spec 000's S2T walk) for a CTA
// pair: each of the two CTAs of a cluster stages a 128x32-byte tile (say,
// the scale factors of a block-scaled MMA) in shared memory, CTA rank r
// the r-th tile of %p; the CTA whose cluster rank & 1 is the copy's
// partition (rank 0) issues tcgen05.cp.cta_group::2, which moves its tile
// into the tensor memory of both CTAs, and tcgen05.commit arrives on the
// mbarrier of both when it is done. Each CTA then reads its tensor memory
// back (tcgen05.ld, lane t to thread t) into %out[rank]: both hold tile 0.
//
// The commit arrives on the peer's mbarrier, so the peer's mbarrier.init
// must be ordered before it: a cluster barrier (arrive, release; wait,
// acquire) stands between the inits and the copy, as CUTLASS's
// cluster_sync after its pipelines' set-up.
//
// Compile: cute compile examples/s2t_sm100.mlir --chip sm_100a -o s2t.ptx
// Launch:  a cluster of 2 CTAs (the kernel declares it), block 128
//          (examples/launch/s2t_sm100.launch.json).

!Tile = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
!Bar = !cute.ptr<i64, smem, align<8>>
// One thread's row of the tile in tensor memory (8 columns of 32 bits),
// in registers and in %out.
!t_row = !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"8:1">>
!r_row = !cute.view<!cute.ptr<i32, rmem, align<16>>, !cute.layout<"8:1">>
!g_row = !cute.view<!cute.ptr<i32, gmem, align<16>>, !cute.layout<"8:1">>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @s2t(%p: !cute.ptr<i8, gmem, align<16>>, %out: !cute.ptr<i32, gmem, align<16>>) attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %tid_index = gpu.thread_id x
    %tid = arith.index_cast %tid_index : index to i32
    %leader = arith.cmpi eq, %tid_index, %c0 : index
    %rank = nvvm.read.ptx.sreg.cluster.ctarank : i32
    %c4096 = arith.constant 4096 : i32
    %tile_offset = arith.muli %rank, %c4096 : i32

    // The tile: thread t copies row t (32 bytes) from global memory.
    %sp = cute.alloc_smem 4096 : !cute.ptr<i8, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">
    %tile = cute.make_view %sp, %l : !Tile
    %row = cute.make_int_tuple(%tid) : (i32) -> !cute.coord<"(?,_)">
    %s_row = cute.slice(%tile, %row) : !Tile, !cute.coord<"(?,_)">
    %row_offset = arith.muli %tid, %c32 : i32
    %offset = arith.addi %tile_offset, %row_offset : i32
    %gp = cute.add_offset %p, %offset : !cute.ptr<i8, gmem, align<16>>, i32
    %rl = cute.static : !cute.layout<"32:1">
    %g_row = cute.make_view %gp, %rl : !cute.view<!cute.ptr<i8, gmem, align<16>>, !cute.layout<"32:1">>
    %copy = cute.make_atom : !cute_nvgpu.atom.universal_copy<i8>
    cute.copy_atom_call %copy, %g_row, %s_row : !cute_nvgpu.atom.universal_copy<i8>, !cute.view<!cute.ptr<i8, gmem, align<16>>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<i8, smem, align<32>>, !cute.composed_layout<"S<1,4,3> o 0 o (32):(1)">>
    // tcgen05.cp reads shared memory through the async proxy.
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}

    %bar = cute.alloc_smem 1 : !Bar
    scf.if %leader {
      cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    // Every mbarrier of the cluster initialized before any CTA arrives on
    // another's (the copy's commit arrives on both of the pair's).
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %handle = arith.constant 0 : i32
    %cols = arith.constant 32 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<i8, tmem>
    scf.if %leader {
      %token = cute_nvgpu.cp_async.s2t %tile, %tmem, %bar, %zero {atom = !cute_nvgpu.atom.s2t_copy<i8>, cta_group = 2 : i32}
          : !Tile, !cute.ptr<i8, tmem>, !Bar
    }
    cute_nvgpu.arch.mbarrier.wait %bar, %zero : !Bar

    // Thread t reads lane t: warp w's tcgen05.ld reaches lanes 32w..32w+31
    // (lane offset 32w << 16), 8 columns from the allocation's first.
    %words = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<i32, tmem>
    %five = arith.constant 5 : i32
    %warp = arith.shrui %tid, %five : i32
    %warp_lane = arith.muli %warp, %c32 : i32
    %lane_stride = arith.constant 65536 : i32
    %lane_offset = arith.muli %warp_lane, %lane_stride : i32
    %tp = cute.add_offset %words, %lane_offset : !cute.ptr<i32, tmem>, i32
    %row_l = cute.static : !cute.layout<"8:1">
    %t = cute.make_view %tp, %row_l : !t_row
    %frag = cute.alloc_rmem 8 : !cute.ptr<i32, rmem, align<16>>
    %r = cute.make_view %frag, %row_l : !r_row
    %tmem_load = cute.make_atom : !cute_nvgpu.atom.tmem_load<i32>
    cute.copy_atom_call %tmem_load, %t, %r : !cute_nvgpu.atom.tmem_load<i32>, !t_row, !r_row
    // %out[rank][t]: 8 words a row, 128 rows a CTA.
    %c1024 = arith.constant 1024 : i32
    %out_tile = arith.muli %rank, %c1024 : i32
    %eight = arith.constant 8 : i32
    %out_row = arith.muli %tid, %eight : i32
    %out_offset = arith.addi %out_tile, %out_row : i32
    %op = cute.add_offset %out, %out_offset : !cute.ptr<i32, gmem, align<16>>, i32
    %g = cute.make_view %op, %row_l : !g_row
    %store = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
    cute.copy_atom_call %store, %r, %g : !cute_nvgpu.atom.universal_copy<i32>, !r_row, !g_row
    return
  }
}
}
