// The SM90 TMA atoms and mbarriers: a tensor-map descriptor arrives as a
// grid-constant kernel parameter (by value, 64-byte aligned, in .param
// space: CUtensorMap's alignment) and every box of a shared tile is one
// cp.async.bulk.tensor; loads complete on an mbarrier whose expected
// transaction bytes come from the tile's layout, stores and reductions in a
// bulk async-group. The two prefetch kinds: the descriptor
// (prefetch.tensormap) and a box into L2 (cp.async.bulk.prefetch.tensor).
// RUN: %cute compile %s --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Store = !cute_nvgpu.atom.tma_store<f16, rank = 2>
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!Bar = !cute.ptr<i64, smem, align<8>>

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry tma_load_store(
  // CHECK-NEXT: .param .align 64 .b8 tma_load_store_param_0[128],
  // CHECK-NEXT: .param .align 64 .b8 tma_load_store_param_1[128],
  // CHECK: mbarrier.init.shared.b64
  // CHECK: fence.mbarrier_init.release.cluster;
  // CHECK: prefetch{{.*}}tensormap
  // The two 64x64 boxes of the 64x128 tile: 16 KiB expected.
  // CHECK: mov.b32 [[TX:%r[0-9]+]], 16384;
  // CHECK-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[TX]];
  // The second box is 64 rows further (y + 64) and 8 KiB into the tile.
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [[[MAP:%rd[0-9]+]], {[[X:%r[0-9]+]], [[Y:%r[0-9]+]]}]
  // CHECK: add.s32 [[Y64:%r[0-9]+]], [[Y]], 64;
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [[[MAP]], {[[X]], [[Y64]]}]
  // CHECK: mbarrier.try_wait.parity.shared.b64
  // CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [{{.*}}, {[[X]], [[Y]]}], [__cute_smem_[[S:[0-9]+]]];
  // CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [{{.*}}, {[[X]], [[Y64]]}], [__cute_smem_[[S]]+8192];
  // CHECK: cp.async.bulk.commit_group;
  // CHECK: cp.async.bulk.wait_group.read 0;
  func.func @tma_load_store(%in: !Desc {cute_nvgpu.grid_constant}, %out: !Desc {cute_nvgpu.grid_constant},
                            %x: i32, %y: i32) attributes {cute.kernel} {
    %bar = cute.alloc_smem 1 : !Bar
    %tp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">
    %tile = cute.make_view %tp, %l : !Tile
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %leader = arith.cmpi eq, %tid, %c0 : index
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    %load = cute.make_atom %in : !Desc -> : !Load
    scf.if %leader {
      cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    scf.if %leader {
      cute_nvgpu.tma.prefetch %load, %in, [] : !Load, !Desc
      cute_nvgpu.arch.mbarrier.arrive %bar tx(%tile : !Tile) : !Bar
      cute_nvgpu.tma.copy %load, %in, %tile, [%x, %y] mbar(%bar : !Bar) : !Load, !Desc, !Tile
    }
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
    %store = cute.make_atom %out : !Desc -> : !Store
    scf.if %leader {
      cute_nvgpu.tma.copy %store, %out, %tile, [%x, %y] : !Store, !Desc, !Tile
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    return
  }

  // A multicast load needs a cluster launch: the kernel declares its
  // cluster shape with the NVVM attribute (PTX .reqnctapercluster).
  // CHECK-LABEL: .entry tma_multicast_reduce(
  // CHECK: .explicitcluster
  // CHECK-NEXT: .reqnctapercluster 2, 1, 1
  // CHECK: cp.async.bulk.prefetch.tensor.2d.L2.global.tile [{{.*}}];
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint
  // CHECK: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
  func.func @tma_multicast_reduce(%in: !Desc {cute_nvgpu.grid_constant}, %acc: !cute_nvgpu.tma_descriptor<f32, box = [32, 16], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero"> {cute_nvgpu.grid_constant},
                                  %x: i32, %y: i32, %mask: i16, %policy: i64) attributes {cute.kernel, nvvm.cluster_dim = array<i32: 2, 1, 1>} {
    %bar = cute.alloc_smem 1 : !Bar
    %tp = cute.alloc_smem 4096 : !cute.ptr<f16, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">
    %tile = cute.make_view %tp, %l : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
    nvvm.fence.mbarrier.init
    %load = cute.make_atom %in : !Desc -> : !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>
    %prefetch = cute.make_atom %in : !Desc -> : !Load
    cute_nvgpu.tma.prefetch %prefetch, %in, [%x, %y] : !Load, !Desc
    cute_nvgpu.arch.mbarrier.arrive %bar tx(%tile : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>) : !Bar
    cute_nvgpu.tma.copy %load, %in, %tile, [%x, %y] mbar(%bar : !Bar) mask(%mask) hint(%policy)
        : !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>, !Desc, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
    // f32 partial sums reduced into global memory.
    %sp = cute.alloc_smem 512 : !cute.ptr<f32, smem, align<1024>>
    %ls = cute.static : !cute.composed_layout<"S<3,2,3> o 0 o (32,16):(1,32)">
    %sums = cute.make_view %sp, %ls : !cute.view<!cute.ptr<f32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o (32,16):(1,32)">>
    %reduce = cute.make_atom %acc : !cute_nvgpu.tma_descriptor<f32, box = [32, 16], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero"> -> : !cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>
    cute_nvgpu.tma.copy %reduce, %acc, %sums, [%x, %y]
        : !cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>, !cute_nvgpu.tma_descriptor<f32, box = [32, 16], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">, !cute.view<!cute.ptr<f32, smem, align<1024>>, !cute.composed_layout<"S<3,2,3> o 0 o (32,16):(1,32)">>
    nvvm.cp.async.bulk.commit.group
    nvvm.cp.async.bulk.wait_group 0
    return
  }

  // The reduction is the atom's: a rank-1 box of 32-bit integers reduced
  // into global memory by max, then by xor (PTX's .redOp).
  // CHECK-LABEL: .entry tma_reduce_ops(
  // CHECK: cp.reduce.async.bulk.tensor.1d.global.shared::cta.max.tile.bulk_group
  // CHECK: cp.reduce.async.bulk.tensor.1d.global.shared::cta.xor.tile.bulk_group
  func.func @tma_reduce_ops(%acc: !cute_nvgpu.tma_descriptor<i32, box = [64], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero"> {cute_nvgpu.grid_constant}, %x: i32) attributes {cute.kernel} {
    %p = cute.alloc_smem 64 : !cute.ptr<i32, smem, align<128>>
    %l = cute.static : !cute.layout<"64:1">
    %v = cute.make_view %p, %l : !cute.view<!cute.ptr<i32, smem, align<128>>, !cute.layout<"64:1">>
    %max = cute.make_atom %acc : !cute_nvgpu.tma_descriptor<i32, box = [64], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero"> -> : !cute_nvgpu.atom.tma_reduce<max, i32, rank = 1>
    cute_nvgpu.tma.copy %max, %acc, %v, [%x]
        : !cute_nvgpu.atom.tma_reduce<max, i32, rank = 1>, !cute_nvgpu.tma_descriptor<i32, box = [64], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero">, !cute.view<!cute.ptr<i32, smem, align<128>>, !cute.layout<"64:1">>
    %xor = cute.make_atom %acc : !cute_nvgpu.tma_descriptor<i32, box = [64], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero"> -> : !cute_nvgpu.atom.tma_reduce<xor, i32, rank = 1>
    cute_nvgpu.tma.copy %xor, %acc, %v, [%x]
        : !cute_nvgpu.atom.tma_reduce<xor, i32, rank = 1>, !cute_nvgpu.tma_descriptor<i32, box = [64], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero">, !cute.view<!cute.ptr<i32, smem, align<128>>, !cute.layout<"64:1">>
    nvvm.cp.async.bulk.commit.group
    nvvm.cp.async.bulk.wait_group 0
    return
  }

  // A TMA atom made non-executing (CuTe's make_tma_atom result before
  // .with(mbar)) is bound to its mbarrier by the copy: the same load.
  // CHECK-LABEL: .entry tma_non_exec_load(
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
  func.func @tma_non_exec_load(%in: !Desc {cute_nvgpu.grid_constant}, %x: i32, %y: i32) attributes {cute.kernel} {
    %bar = cute.alloc_smem 1 : !Bar
    %tp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">
    %tile = cute.make_view %tp, %l : !Tile
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
    nvvm.fence.mbarrier.init
    %load = cute.make_atom %in : !Desc -> : !cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>
    cute_nvgpu.arch.mbarrier.arrive %bar tx(%tile : !Tile) : !Bar
    cute_nvgpu.tma.copy %load, %in, %tile, [%x, %y] mbar(%bar : !Bar) : !cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>, !Desc, !Tile
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
    return
  }

  // Boxes of rank 5 (the most a tensor map has): five coordinates.
  // CHECK-LABEL: .entry tma_rank5_load(
  // CHECK: cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{.*}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}]
  func.func @tma_rank5_load(%in: !cute_nvgpu.tma_descriptor<f16, box = [8, 4, 2, 2, 2], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero"> {cute_nvgpu.grid_constant},
                            %a: i32, %b: i32, %c: i32, %d: i32, %e: i32) attributes {cute.kernel} {
    %bar = cute.alloc_smem 1 : !Bar
    %tp = cute.alloc_smem 256 : !cute.ptr<f16, smem, align<128>>
    %l = cute.static : !cute.layout<"(8,4,2,2,2):(1,8,32,64,128)">
    %tile = cute.make_view %tp, %l : !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(8,4,2,2,2):(1,8,32,64,128)">>
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
    nvvm.fence.mbarrier.init
    %load = cute.make_atom %in : !cute_nvgpu.tma_descriptor<f16, box = [8, 4, 2, 2, 2], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero"> -> : !cute_nvgpu.atom.tma_load<f16, rank = 5>
    cute_nvgpu.arch.mbarrier.arrive %bar tx(%tile : !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(8,4,2,2,2):(1,8,32,64,128)">>) : !Bar
    cute_nvgpu.tma.copy %load, %in, %tile, [%a, %b, %c, %d, %e] mbar(%bar : !Bar)
        : !cute_nvgpu.atom.tma_load<f16, rank = 5>, !cute_nvgpu.tma_descriptor<f16, box = [8, 4, 2, 2, 2], swizzle = 0, interleave = 0, l2_promotion = 0, oob_fill = "zero">, !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(8,4,2,2,2):(1,8,32,64,128)">>
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
    return
  }
}
}
