// Diagnostics of the pointer, view and memory ops.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{pointer alignment must be a power of two, got 12}}
func.func private @bad_align(!cute.ptr<f32, gmem, align<12>>)

// -----

// expected-error @+1 {{unknown address space 'lmem'}}
func.func private @bad_space(!cute.ptr<f32, lmem>)

// -----

// expected-error @+1 {{view iterator must be a !cute.ptr, a memref, a !cute.desc_iter or a !cute.int_tuple (a coordinate tensor), got 'f32'}}
func.func private @bad_view(!cute.view<f32, !cute.layout<"4:1">>)

// -----

func.func @recast_space(%p: !cute.ptr<f32, gmem>) {
  // expected-error @+1 {{'cute.recast' op cannot recast across address spaces}}
  %q = cute.recast %p : !cute.ptr<f32, gmem> to !cute.ptr<f32, smem>
  return
}

// -----

func.func @recast_align(%p: !cute.ptr<f32, gmem, align<4>>) {
  // expected-error @+1 {{'cute.recast' op cannot raise the alignment from 4 to 16}}
  %q = cute.recast %p : !cute.ptr<f32, gmem, align<4>> to !cute.ptr<f32, gmem, align<16>>
  return
}

// -----

func.func @load_coord(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, %c: !cute.coord<"(1,2,3)">) {
  // expected-error @+1 {{'cute.load' op coordinate (1,2,3) is not weakly congruent to the shape (4,8)}}
  %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(1,2,3)">
  return
}

// -----

func.func @load_type(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, %c: !cute.coord<"(1,2)">) {
  // expected-error @+1 {{'cute.load' op failed to verify that the result is the view's element type}}
  %x = "cute.load"(%v, %c) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(1,2)">) -> f16
  return
}

// -----

func.func @iter_of_view(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>) {
  // expected-error @+1 {{'cute.get_iter' op result type !cute.ptr<f16, gmem> must be the iterator type !cute.ptr<f32, gmem> of the view}}
  %p = cute.get_iter %v : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>) -> !cute.ptr<f16, gmem>
  return
}

// -----

func.func @desc_iter(%p: !cute.ptr<f32, gmem>, %n: i32) {
  // expected-error @+1 {{'cute.get_iter' op result type !cute.desc_iter<!cute.ptr<f16, gmem>> must be !cute.desc_iter<!cute.ptr<f32, gmem>>}}
  %it = cute.get_iter %p, %n, %n, %n : (!cute.ptr<f32, gmem>, i32, i32, i32) -> !cute.desc_iter<!cute.ptr<f16, gmem>>
  return
}

// -----

func.func @slice_everything(%p: !cute.ptr<f32, gmem>, %l: !cute.layout<"(4,8):(1,4)">, %c: !cute.coord<"(1,2)">) {
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(1,4)">>
  // The result type is inferred while parsing: the algebra's error is the diagnostic.
  // expected-error @+1 {{no mode is kept: the result would be an empty view}}
  %s = cute.slice(%v, %c) : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(1,4)">>, !cute.coord<"(1,2)">
  return
}

// -----

// expected-error @+1 {{pointer element type must be a scalar, complex or vector type, got 'memref<4xf32>'}}
func.func private @bad_element(!cute.ptr<memref<4xf32>, gmem>)

// -----

// expected-error @+1 {{view layout must be a !cute.layout or !cute.composed_layout, got '!cute.shape<"(4)">'}}
func.func private @bad_view_layout(!cute.view<!cute.ptr<f32, gmem>, !cute.shape<"(4)">>)

// -----

func.func @store_underscore(%x: f32, %v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, %c: !cute.coord<"(_,2)">) {
  // expected-error @+1 {{'cute.store' op coordinate (_,2) selects a single element; it cannot hold '_'}}
  cute.store %x, %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(_,2)">
  return
}

// -----

func.func @view_form_extras(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, %n: i32) {
  // expected-error @+1 {{'cute.get_iter' op the view form takes no extent, tile shape or stride}}
  %it = "cute.get_iter"(%v, %n, %n, %n) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, i32, i32, i32) -> !cute.ptr<f32, gmem>
  return
}

// -----

func.func @desc_form_missing(%p: !cute.ptr<f32, gmem>) {
  // expected-error @+1 {{'cute.get_iter' op the descriptor form needs a base pointer, an extent, a tile shape and a stride}}
  %it = cute.get_iter %p : (!cute.ptr<f32, gmem>) -> !cute.desc_iter<!cute.ptr<f32, gmem>>
  return
}

// -----

func.func @tile_strides(%base: !cute.ptr<f16, smem>, %l: !cute.layout<"(128,64):(1,128)">, %c: !cute.coord<"(?,?)">) {
  // expected-error @+1 {{'cute.tile_partition' op the tile layout (32,32):(1,32) must keep the rank and strides of (128,64):(1,128)}}
  %p, %t = cute.tile_partition %base, %l, %c : !cute.ptr<f16, smem>, !cute.layout<"(128,64):(1,128)">, !cute.coord<"(?,?)"> -> !cute.ptr<f16, smem>, !cute.layout<"(32,32):(1,32)">
  return
}

// -----

func.func @tile_extent(%base: !cute.ptr<f16, smem>, %l: !cute.layout<"(128,64):(1,128)">, %c: !cute.coord<"(?,?)">) {
  // expected-error @+1 {{'cute.tile_partition' op tile extent 48 does not divide the extent 128 of (128,64):(1,128)}}
  %p, %t = cute.tile_partition %base, %l, %c : !cute.ptr<f16, smem>, !cute.layout<"(128,64):(1,128)">, !cute.coord<"(?,?)"> -> !cute.ptr<f16, smem>, !cute.layout<"(48,32):(1,128)">
  return
}

// -----

func.func @tile_coord(%base: !cute.ptr<f16, smem>, %l: !cute.layout<"(128,64):(1,128)">, %c: !cute.coord<"(?,?,?)">) {
  // expected-error @+1 {{'cute.tile_partition' op coordinate (?,?,?) is not weakly congruent to the shape (128,64)}}
  %p, %t = cute.tile_partition %base, %l, %c : !cute.ptr<f16, smem>, !cute.layout<"(128,64):(1,128)">, !cute.coord<"(?,?,?)"> -> !cute.ptr<f16, smem>, !cute.layout<"(32,32):(1,128)">
  return
}

// -----

// A copy atom that does not describe its thread-value layouts cannot be
// partitioned (the tensor-memory loads do not yet).
!tmem = !cute.tiled_copy<!cute_nvgpu.atom.tmem_load<f32>, !cute.layout<"(8,4):(1,8)">, !cute.tile<"[8:1;4:1]">>
func.func @partition_without_layouts(%tc: !tmem, %src: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(16,8):(1,16)">>, %t: !cute.int_tuple<"?">) {
  // expected-error @+2 {{'cute.tiled.copy.partition_S' op the copy atom does not describe its thread-value layouts, so it cannot be partitioned}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!tmem, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(16,8):(1,16)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:1">>
  return
}

// -----

// The atom's layouts are in bits: an element without a storage width
// (`index`) cannot be counted in them.
!tci = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<index>, !cute.layout<"(8,4):(1,8)">, !cute.tile<"[8:1;4:1]">>
func.func @partition_index(%tc: !tci, %src: !cute.view<!cute.ptr<index, gmem>, !cute.layout<"(16,8):(1,16)">>, %t: !cute.int_tuple<"?">) {
  // expected-error @+2 {{'cute.tiled.copy.partition_S' op the copy atom's element type has no bit width, so it cannot be partitioned}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!tci, !cute.view<!cute.ptr<index, gmem>, !cute.layout<"(16,8):(1,16)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<index, gmem>, !cute.layout<"1:1">>
  return
}

// -----

// Spec 000 (copy_s2t walk): TMEM is not addressable from generic pointers.
func.func @load_from_tmem(%v: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>, %c: !cute.coord<"(1,2)">) {
  // expected-error @+1 {{'cute.load' op tensor memory is not addressable by generic loads and stores (!cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>); move it with the tcgen05 copy atoms: atom.tmem_load / atom.tmem_store (tcgen05.ld / tcgen05.st) or atom.s2t_copy (tcgen05.cp)}}
  %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(1,2)">
  return
}

// -----

func.func @store_to_tmem(%x: f32, %v: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>, %c: !cute.coord<"(1,2)">) {
  // expected-error @+1 {{'cute.store' op tensor memory is not addressable by generic loads and stores}}
  cute.store %x, %v[%c] : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(1,2)">
  return
}

// -----

func.func @alloc_smem_in_global_memory() {
  // expected-error @+1 {{'cute.alloc_smem' op the result !cute.ptr<f32, gmem> must be a shared-memory pointer (!cute.ptr<T, smem>)}}
  %s = cute.alloc_smem 16 : !cute.ptr<f32, gmem>
  return
}

// -----

func.func @alloc_smem_of_nothing() {
  // expected-error @+1 {{'cute.alloc_smem' op the element count 0 must be positive}}
  %s = cute.alloc_smem 0 : !cute.ptr<f32, smem>
  return
}

// -----

func.func @alloc_rmem_in_shared_memory() {
  // expected-error @+1 {{'cute.alloc_rmem' op the result !cute.ptr<f32, smem> must be a register pointer (!cute.ptr<T, rmem>)}}
  %f = cute.alloc_rmem 4 : !cute.ptr<f32, smem>
  return
}

// -----

// Issue 27 item 3: no generic access of tensor memory passes the verifier.
func.func @fill_tmem(%x: f32, %v: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>) {
  // expected-error @+1 {{'cute.fill' op tensor memory is not addressable by generic loads and stores (!cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>); move it with the tcgen05 copy atoms: atom.tmem_load / atom.tmem_store (tcgen05.ld / tcgen05.st) or atom.s2t_copy (tcgen05.cp)}}
  cute.fill %x, %v : f32, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(4,8):(8,1)">>
  return
}

// -----

func.func @universal_copy_atom_call_from_tmem(%s: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>, %d: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // expected-error @+1 {{'cute.copy_atom_call' op !cute_nvgpu.atom.universal_copy<f32> works through generic memory: tensor memory is not addressable by generic loads and stores (!cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>)}}
  cute.copy_atom_call %atom, %s, %d : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
  return
}

// -----

func.func @universal_copy_to_tmem(%s: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(1,4):(0,1)">>, %d: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(1,4):(0,1)">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // expected-error @+1 {{'cute.copy' op !cute_nvgpu.atom.universal_copy<f32> works through generic memory: tensor memory is not addressable by generic loads and stores}}
  cute.copy %atom, %s, %d : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(1,4):(0,1)">>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(1,4):(0,1)">>
  return
}

// -----

func.func @universal_fma_on_tmem(%x: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, %t: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"1:0">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
  // expected-error @+1 {{'cute.mma_atom_call' op !cute_nvgpu.atom.universal_fma<f32, f32, f32> works through generic memory: tensor memory is not addressable by generic loads and stores}}
  cute.mma_atom_call %atom, %t, %x, %x, %t : !cute_nvgpu.atom.universal_fma<f32, f32, f32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"1:0">>
  return
}

// -----

func.func @print_tmem(%v: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>) {
  // expected-error @+1 {{'cute.print' op tensor memory is not addressable by generic loads and stores}}
  cute.print(%v) : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>
  return
}

// -----

func.func @load_vec_wrong_length(%f: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">>) {
  // expected-error @+1 {{the view holds 4 f32 elements: expected vector<4xf32>, got vector<8xf32>}}
  %v = cute.load_vec %f : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">> -> vector<8xf32>
  return
}

// -----

func.func @store_vec_wrong_element(%v: vector<4xf16>, %f: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">>) {
  // expected-error @+1 {{the view holds 4 f32 elements: expected vector<4xf32>, got vector<4xf16>}}
  cute.store_vec %v, %f : vector<4xf16>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">>
  return
}

// -----

func.func @load_vec_dynamic(%f: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,2):(1,?)">>) {
  // expected-error @+1 {{the view's size (?,2) is not static}}
  %v = cute.load_vec %f : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,2):(1,?)">> -> vector<4xf32>
  return
}

// -----

func.func @load_vec_tmem(%f: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>) {
  // expected-error @+1 {{tmem}}
  %v = cute.load_vec %f : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">> -> vector<4xf32>
  return
}

// -----

func.func @store_vec_tmem(%v: vector<4xf32>, %f: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>) {
  // expected-error @+1 {{'cute.store_vec' op tensor memory is not addressable by generic loads and stores}}
  cute.store_vec %v, %f : vector<4xf32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"4:1">>
  return
}

// -----

func.func @gemm_universal_fma_on_tmem(%x: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, %t: !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"1:0">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
  // expected-error @+1 {{'cute.gemm' op !cute_nvgpu.atom.universal_fma<f32, f32, f32> works through generic memory: tensor memory is not addressable by generic loads and stores}}
  cute.gemm %atom, %t, %x, %x, %t : !cute_nvgpu.atom.universal_fma<f32, f32, f32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"1:0">>
  return
}

// -----

func.func @load_vec_packed(%f: !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"4:1">>) {
  // expected-error @+1 {{f4E2M1FN elements are packed below a byte; move them with a copy atom}}
  %v = cute.load_vec %f : !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"4:1">> -> vector<4xf4E2M1FN>
  return
}
