// The im2col TMA load (spec 003 SM90 TMA family: atom.tma_load_im2col, rank
// 3..5): one cp.async.bulk.tensor.NDIM...im2col of the descriptor's
// (channels, pixels) box at the tensor's coordinates, with the rank - 2
// filter offsets, completing on the mbarrier; through ptxas for sm_90a.
// RUN: %cute compile %s --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: %cute-opt %s | %cute-opt | FileCheck %s --check-prefix=IR
// IR: cute_nvgpu.tma.copy %{{.*}}, %{{.*}}, %{{.*}}, [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] im2col[%{{.*}}, %{{.*}}] mbar(%{{.*}} : !cute.ptr<i64, smem, align<8>>)

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Desc3 = !cute_nvgpu.tma_descriptor<f16, box = [32, 64], swizzle = 64, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Im2col = !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>
!Im2col3 = !cute_nvgpu.atom.tma_load_im2col<f16, rank = 3>
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!Tile3 = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<2,3,3> o 0 o (32,64):(1,32)">>
!Bar = !cute.ptr<i64, smem, align<8>>

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry im2col_loads(
  // 4-D NHWC activations: coordinates (c, w, h, n), offsets (s, r).
  // CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [{{.*}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}], [{{.*}}], {{{%rs[0-9]+}}, {{%rs[0-9]+}}};
  // 3-D NWC activations: one offset.
  // CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [{{.*}}], [{{%rd[0-9]+}}, {{{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}}], [{{.*}}], {{{%rs[0-9]+}}};
  func.func @im2col_loads(%act: !Desc {cute_nvgpu.grid_constant}, %act3: !Desc3 {cute_nvgpu.grid_constant},
                          %c: i32, %w: i32, %h: i32, %n: i32, %s: i16, %r: i16) attributes {cute.kernel} {
    %bar = cute.alloc_smem 1 : !Bar
    %tp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">
    %tile = cute.make_view %tp, %l : !Tile
    %tp3 = cute.alloc_smem 2048 : !cute.ptr<f16, smem, align<1024>>
    %l3 = cute.static : !cute.composed_layout<"S<2,3,3> o 0 o (32,64):(1,32)">
    %tile3 = cute.make_view %tp3, %l3 : !Tile3
    %one = arith.constant 1 : i32
    %load = cute.make_atom %act : !Desc -> : !Im2col
    %load3 = cute.make_atom %act3 : !Desc3 -> : !Im2col3
    cute_nvgpu.arch.mbarrier.init %bar, %one : !Bar
    cute_nvgpu.tma.prefetch %load, %act, [] : !Im2col, !Desc
    cute_nvgpu.arch.mbarrier.arrive %bar tx(%tile, %tile3 : !Tile, !Tile3) : !Bar
    cute_nvgpu.tma.copy %load, %act, %tile, [%c, %w, %h, %n] im2col[%s, %r] mbar(%bar : !Bar) : !Im2col, !Desc, !Tile
    cute_nvgpu.tma.copy %load3, %act3, %tile3, [%c, %w, %n] im2col[%s] mbar(%bar : !Bar) : !Im2col3, !Desc3, !Tile3
    %phase = arith.constant 0 : i32
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !Bar
    return
  }
}
}
