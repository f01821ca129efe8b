// Issue 34: a kernel that issues for a CTA pair or multicasts a TMA load
// must declare the cluster it needs (nvvm.cluster_dim, PTX
// .reqnctapercluster): launched without one, its instructions address CTAs
// that do not exist. Declared kernels: umma-pair-sm100.mlir, s2t-sm100.mlir,
// tma-sm90.mlir (@tma_multicast_reduce), tcgen05-sm100.mlir (@pair_ops).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_100a})'

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @pair_without_cluster(%t: !cute.ptr<i8, tmem>) kernel {
    // expected-error @+1 {{issues for a CTA pair (cta_group::2), but its kernel declares no cluster (nvvm.cluster_dim): declare an even cluster, e.g. nvvm.cluster_dim = array<i32: 2, 1, 1>}}
    cute_nvgpu.arch.sm100.shift %t {cta_group = 2 : i32} : !cute.ptr<i8, tmem>
    gpu.return
  }
}
}

// -----

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @pair_in_odd_cluster(%t: !cute.ptr<i8, tmem>) kernel attributes {nvvm.cluster_dim = array<i32: 3, 1, 1>} {
    // expected-error @+1 {{issues for a CTA pair (cta_group::2), but its kernel declares the cluster [3, 1, 1] (3 CTAs): declare an even cluster}}
    cute_nvgpu.arch.sm100.shift %t {cta_group = 2 : i32} : !cute.ptr<i8, tmem>
    gpu.return
  }
}
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>
module {
  func.func @multicast_without_cluster(%in: !Desc {cute_nvgpu.grid_constant}, %x: i32, %y: i32, %mask: i16) attributes {cute.kernel} {
    %bar = cute.alloc_smem 1 : !cute.ptr<i64, smem, align<8>>
    %tp = cute.alloc_smem 4096 : !cute.ptr<f16, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">
    %tile = cute.make_view %tp, %l : !Tile
    %load = cute.make_atom %in : !Desc -> : !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>
    // expected-error @+1 {{multicasts a TMA load to the CTAs of its cluster, but its kernel declares no cluster (nvvm.cluster_dim): declare the cluster it multicasts to (nvvm.cluster_dim)}}
    cute_nvgpu.tma.copy %load, %in, %tile, [%x, %y] mbar(%bar : !cute.ptr<i64, smem, align<8>>) mask(%mask)
        : !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>, !Desc, !Tile
    return
  }
}
