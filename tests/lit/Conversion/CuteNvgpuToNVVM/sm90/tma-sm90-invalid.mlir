// TMA and mbarrier uses that cannot work: each a diagnostic naming the atom
// (or the mbarrier), never an abort in LLVM or ptxas.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// A 64x96 tile is not a whole number of 64x64 boxes.
func.func @box_does_not_divide(%d: !Desc, %s: !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,96):(1,64)">>, %bar: !Bar, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !Load
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load<f16, rank = 2>': the TMA box [64, 64] does not divide the tile (64,96):(1,64): dimension 1 has 96 elements, the box 64}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !Bar) : !Load, !Desc, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,96):(1,64)">>
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// The descriptor swizzles 128 bytes; the tile is laid out with 64.
func.func @swizzle_mismatch(%d: !Desc, %s: !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<2,3,3> o 0 o (64,64):(1,64)">>, %bar: !Bar, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !Load
  // expected-error @+1 {{the descriptor swizzles 128 bytes, but the shared tile S<2,3,3> o 0 o (64,64):(1,64) is swizzled by S<2,4,3> over bytes}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !Bar) : !Load, !Desc, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<2,3,3> o 0 o (64,64):(1,64)">>
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
// A box is written densely, innermost first: a row-major tile is not.
func.func @not_box_contiguous(%d: !Desc, %s: !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,64):(64,1)">>, %bar: !cute.ptr<i64, smem>, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !Load
  // expected-error @+1 {{is not box-contiguous}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !cute.ptr<i64, smem>) : !Load, !Desc, !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,64):(64,1)">>
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!S = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,64):(1,64)">>
// A load without its mbarrier.
func.func @load_without_mbarrier(%d: !Desc, %s: !S, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !Load
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load<f16, rank = 2>' completes on an mbarrier: add mbar(%bar : !cute.ptr<i64, smem>)}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] : !Load, !Desc, !S
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!S = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,64):(1,64)">>
// A multicast load names the CTAs it writes.
func.func @multicast_without_mask(%d: !Desc, %s: !S, %bar: !cute.ptr<i64, smem>, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>
  // expected-error @+1 {{needs the CTA mask of its multicast: mask(%mask : i16)}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !cute.ptr<i64, smem>) : !cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>, !Desc, !S
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!S = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,64):(1,64)">>
// A store completes in a bulk async-group: an mbarrier is refused.
func.func @store_with_mbarrier(%d: !Desc, %s: !S, %bar: !cute.ptr<i64, smem>, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !cute_nvgpu.atom.tma_store<f16, rank = 2>
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_store<f16, rank = 2>' completes in a bulk async-group, not on an mbarrier}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !cute.ptr<i64, smem>) : !cute_nvgpu.atom.tma_store<f16, rank = 2>, !Desc, !S
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!S = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,64):(1,64)">>
// A CTA mask on a load that writes one CTA.
func.func @mask_without_multicast(%d: !Desc, %s: !S, %bar: !cute.ptr<i64, smem>, %x: i32, %m: i16) {
  %a = cute.make_atom %d : !Desc -> : !cute_nvgpu.atom.tma_load<f16, rank = 2>
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load<f16, rank = 2>' is not a multicast load; mask(...) belongs to tma_load_multicast}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !cute.ptr<i64, smem>) mask(%m) : !cute_nvgpu.atom.tma_load<f16, rank = 2>, !Desc, !S
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!S = !cute.view<!cute.ptr<f16, smem, align<128>>, !cute.layout<"(64,64):(1,64)">>
// Three coordinates for a rank-2 box.
func.func @coordinates(%d: !Desc, %s: !S, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !cute_nvgpu.atom.tma_store<f16, rank = 2>
  // expected-error @+1 {{addresses a box of rank 2 with 2 coordinates, got 3}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x, %x] : !cute_nvgpu.atom.tma_store<f16, rank = 2>, !Desc, !S
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
// Only loads prefetch (spec 003: tma_load is the prefetch interface's only atom).
func.func @store_prefetch(%d: !Desc) {
  %a = cute.make_atom %d : !Desc -> : !cute_nvgpu.atom.tma_store<f16, rank = 2>
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_store<f16, rank = 2>' does not implement the prefetch interface (only tma_load prefetches)}}
  cute_nvgpu.tma.prefetch %a, %d, [] : !cute_nvgpu.atom.tma_store<f16, rank = 2>, !Desc
  return
}

// -----

// An mbarrier is a 64-bit word in shared memory.
func.func @mbarrier_in_global(%bar: !cute.ptr<i64, gmem>, %n: i32) {
  // expected-error @+1 {{an mbarrier is an i64 in shared memory (!cute.ptr<i64, smem>), got !cute.ptr<i64, gmem>}}
  cute_nvgpu.arch.mbarrier.init %bar, %n : !cute.ptr<i64, gmem>
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 0, interleave = 0, l2_promotion = 128, oob_fill = "zero">
// A bf16 atom bound to an f16 descriptor.
func.func @binding(%d: !Desc) {
  // expected-error @+1 {{moves bf16 boxes of rank 2, but is bound to}}
  %a = cute.make_atom %d : !Desc -> : !cute_nvgpu.atom.tma_load<bf16, rank = 2>
  return
}

// -----

// im2col loads: one box of (channels, pixels), rank - 2 filter offsets.
!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Im2col = !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!Bar = !cute.ptr<i64, smem, align<8>>
func.func @im2col_offsets(%d: !Desc, %t: !Tile, %bar: !Bar, %x: i32, %o: i16) {
  %a = cute.make_atom %d : !Desc -> : !Im2col
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>' takes 2 im2col offsets (one per spatial dimension: im2col [%o : i16, ...]), got 1}}
  cute_nvgpu.tma.copy %a, %d, %t, [%x, %x, %x, %x] im2col[%o] mbar(%bar : !Bar) : !Im2col, !Desc, !Tile
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Im2col = !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!Bar = !cute.ptr<i64, smem, align<8>>
func.func @im2col_coordinates(%d: !Desc, %t: !Tile, %bar: !Bar, %x: i32, %o: i16) {
  %a = cute.make_atom %d : !Desc -> : !Im2col
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>' addresses a tensor of rank 4 with 4 coordinates, got 2}}
  cute_nvgpu.tma.copy %a, %d, %t, [%x, %x] im2col[%o, %o] mbar(%bar : !Bar) : !Im2col, !Desc, !Tile
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Im2col = !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!Bar = !cute.ptr<i64, smem, align<8>>
func.func @im2col_two_boxes(%d: !Desc, %t: !Tile, %bar: !Bar, %x: i32, %o: i16) {
  %a = cute.make_atom %d : !Desc -> : !Im2col
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>' loads one im2col box of [64, 64] (channels, pixels); the shared tile S<3,3,3> o 0 o (64,128):(1,64) holds 2}}
  cute_nvgpu.tma.copy %a, %d, %t, [%x, %x, %x, %x] im2col[%o, %o] mbar(%bar : !Bar) : !Im2col, !Desc, !Tile
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,128):(1,64)">>
!Bar = !cute.ptr<i64, smem, align<8>>
func.func @offsets_on_a_tile_load(%d: !Desc, %t: !Tile, %bar: !Bar, %x: i32, %o: i16) {
  %a = cute.make_atom %d : !Desc -> : !Load
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load<f16, rank = 2>' is not an im2col load; im2col [...] belongs to tma_load_im2col}}
  cute_nvgpu.tma.copy %a, %d, %t, [%x, %x] im2col[%o] mbar(%bar : !Bar) : !Load, !Desc, !Tile
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 128], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Im2col = !cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>
func.func @im2col_box_prefetch(%d: !Desc, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !Im2col
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>' prefetches its descriptor only (no coordinates): the L2 prefetch of an im2col box is not lowered}}
  cute_nvgpu.tma.prefetch %a, %d, [%x, %x, %x, %x] : !Im2col, !Desc
  return
}

// -----

// An im2col descriptor's box is 2-D whatever the tensor's rank.
!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 8, 16], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
func.func @im2col_box_rank(%d: !Desc) {
  // expected-error @+1 {{moves f16 boxes of rank 2, but is bound to}}
  %a = cute.make_atom %d : !Desc -> : !cute_nvgpu.atom.tma_load_im2col<f16, rank = 3>
  return
}

// -----

// A remote arrival carries no transaction bytes: the CTA whose shared
// memory receives them expects them.
!RBar = !cute.ptr<i64, smem, align<8>>
!RTile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>
func.func @remote_arrival_with_bytes(%bar: !RBar, %peer: i32, %t: !RTile) {
  // expected-error @+1 {{an arrival on another CTA's mbarrier (`cta`) carries no transaction bytes}}
  cute_nvgpu.arch.mbarrier.arrive %bar cta(%peer) tx(%t : !RTile) : !RBar
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f16, box = [64, 4], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f16, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// Each box of a 128-byte swizzled tile starts on the swizzle's 1024-byte
// period; the second 64x4 box of f16 starts 512 bytes in.
func.func @box_off_the_swizzle_period(%d: !Desc, %s: !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,8):(1,64)">>, %bar: !Bar, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !Load
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load<f16, rank = 2>': the box at [0, 4] starts 512 bytes into the tile, not on a 1024-byte boundary}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !Bar) : !Load, !Desc, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,8):(1,64)">>
  return
}

// -----

!Desc = !cute_nvgpu.tma_descriptor<f4E2M1FN, box = [256, 4], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
!Load = !cute_nvgpu.atom.tma_load<f4E2M1FN, rank = 2>
!Bar = !cute.ptr<i64, smem, align<8>>
// Packed 4-bit elements count in bits: the second 256x4 box of e2m1 starts
// 1024 elements, 512 bytes, in (not 1024 bytes, one a byte).
func.func @sub_byte_box_off_the_swizzle_period(%d: !Desc, %s: !cute.view<!cute.ptr<f4E2M1FN, smem, align<1024>>, !cute.composed_layout<"S<3,5,3> o 0 o (256,8):(1,256)">>, %bar: !Bar, %x: i32) {
  %a = cute.make_atom %d : !Desc -> : !Load
  // expected-error @+1 {{'!cute_nvgpu.atom.tma_load<f4E2M1FN, rank = 2>': the box at [0, 4] starts 512 bytes into the tile, not on a 1024-byte boundary}}
  cute_nvgpu.tma.copy %a, %d, %s, [%x, %x] mbar(%bar : !Bar) : !Load, !Desc, !cute.view<!cute.ptr<f4E2M1FN, smem, align<1024>>, !cute.composed_layout<"S<3,5,3> o 0 o (256,8):(1,256)">>
  return
}
