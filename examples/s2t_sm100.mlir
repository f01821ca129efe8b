// The SM100 shared-to-tensor-memory copy (spec 000's S2T walk) for a CTA
// pair: each of the two CTAs of a cluster stages a 128x32-byte tile (say,
// the scale factors of a block-scaled MMA) in shared memory; the CTA whose
// cluster rank & 1 is the copy's partition issues tcgen05.cp.cta_group::2,
// which moves the tile into tensor memory, and tcgen05.commit arrives on
// the mbarrier when it is done.
//
// Compile: cute compile examples/s2t_sm100.mlir --chip sm_100a -o s2t.ptx
// Launch:  a cluster of 2 CTAs (the kernel declares it), block 128.

!Tile = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
!Bar = !cute.ptr<i64, smem, align<8>>

module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @s2t(%p: !cute.ptr<i8, gmem, align<16>>) attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %tid_index = gpu.thread_id x
    %tid = arith.index_cast %tid_index : index to i32
    %leader = arith.cmpi eq, %tid_index, %c0 : index

    // The tile: thread t copies row t (32 bytes) from global memory.
    %sp = cute.alloc_smem 4096 : !cute.ptr<i8, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">
    %tile = cute.make_view %sp, %l : !Tile
    %row = cute.make_int_tuple(%tid) : (i32) -> !cute.coord<"(?,_)">
    %s_row = cute.slice(%tile, %row) : !Tile, !cute.coord<"(?,_)">
    %offset = arith.muli %tid, %c32 : i32
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
    %handle = arith.constant 0 : i32
    %cols = arith.constant 32 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<i8, tmem>
    scf.if %leader {
      %token = cute_nvgpu.cp_async.s2t %tile, %tmem, %bar, %zero {atom = !cute_nvgpu.atom.s2t_copy<i8>, cta_group = 2 : i32}
          : !Tile, !cute.ptr<i8, tmem>, !Bar
    }
    cute_nvgpu.arch.mbarrier.wait %bar, %zero : !Bar
    return
  }
}
}
