// S2T copies (cute_nvgpu.cp_async.s2t) that cannot be issued: each named.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_100a})'

!Tile = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
// A one-CTA copy has one partition.
func.func @partition(%t: !Tile, %tmem: !cute.ptr<i8, tmem>, %bar: !cute.ptr<i64, smem>) {
  %one = arith.constant 1 : i32
  // expected-error @+1 {{'!cute_nvgpu.atom.s2t_copy<i8>': partition 1 of a 1-CTA copy (0..0)}}
  %tok = cute_nvgpu.cp_async.s2t %t, %tmem, %bar, %one {atom = !cute_nvgpu.atom.s2t_copy<i8>} : !Tile, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
  return
}

// -----

!Tile = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
func.func @cta_group(%t: !Tile, %tmem: !cute.ptr<i8, tmem>, %bar: !cute.ptr<i64, smem>) {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{copies for one CTA or a CTA pair: cta_group 1 or 2, got 4}}
  %tok = cute_nvgpu.cp_async.s2t %t, %tmem, %bar, %zero {atom = !cute_nvgpu.atom.s2t_copy<i8>, cta_group = 4 : i32} : !Tile, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
  return
}

// -----

!Tile = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(64,32):(32,1)">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @shape(%t: !Tile, %tmem: !cute.ptr<i8, tmem>, %bar: !cute.ptr<i64, smem>) kernel {
    %zero = arith.constant 0 : i32
    // expected-error @+1 {{cp_async.s2t copies a 128x256b or 128x128b tile, got 64x256b ((64,32):(32,1)); the 4x256b copy and the warp-broadcast 64x128b and 32x128b copies take a descriptor built by hand: arch.copy.SM100.copy_s2t}}
    %tok = cute_nvgpu.cp_async.s2t %t, %tmem, %bar, %zero {atom = !cute_nvgpu.atom.s2t_copy<i8>} : !Tile, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
    gpu.return
  }
}
}

// -----

// A 4-row tile (tcgen05.cp's 4x256b) is no canonical UMMA layout (8-row
// core matrices): the raw copy's, with a descriptor built by hand.
!Short = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(4,32):(32,1)">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @short(%t: !Short, %tmem: !cute.ptr<i8, tmem>, %bar: !cute.ptr<i64, smem>) kernel {
    %zero = arith.constant 0 : i32
    // expected-error @+1 {{cp_async.s2t copies a 128x256b or 128x128b tile, got 4x256b ((4,32):(32,1)); the 4x256b copy and the warp-broadcast 64x128b and 32x128b copies take a descriptor built by hand: arch.copy.SM100.copy_s2t}}
    %tok = cute_nvgpu.cp_async.s2t %t, %tmem, %bar, %zero {atom = !cute_nvgpu.atom.s2t_copy<i8>} : !Short, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
    gpu.return
  }
}
}

// -----

// The atom called on views: the TMEM side is the tile's footprint, its rows
// in lanes and each row's 16 bytes in 4 columns.
!Narrow = !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(128,16):(16,1)">>
func.func @footprint(%s: !Narrow, %t: !cute.view<!cute.ptr<i8, tmem>, !cute.layout<"2048:1">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.s2t_copy<i8>
  // expected-error @+1 {{'!cute_nvgpu.atom.s2t_copy<i8>' writes the 128x16 shared tile into 128 TMEM lanes of 4 32-bit columns: the destination is (128,16):(65536,1), got 2048:1}}
  cute.copy_atom_call %atom, %s, %t : !cute_nvgpu.atom.s2t_copy<i8>, !Narrow, !cute.view<!cute.ptr<i8, tmem>, !cute.layout<"2048:1">>
  return
}
