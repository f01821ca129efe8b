// Round trip of pointers, views, descriptor iterators and memory ops.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// The generic form round-trips too (every op and type through its generic
// printer and back to the custom form).
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR

// CHECK-LABEL: @types
// CHECK-SAME: !cute.ptr<f16, smem, align<16>>
// CHECK-SAME: !cute.ptr<f32, gmem>
// CHECK-SAME: !cute.ptr<i8, 7>
// CHECK-SAME: !cute.ptr<f32, tmem>
// CHECK-SAME: !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>
// CHECK-SAME: !cute.view<memref<?xf32>, !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">>
func.func private @types(!cute.ptr<f16, smem, align<16>>, !cute.ptr<f32, gmem, align<1>>, !cute.ptr<i8, 7>,
                         !cute.ptr<f32, 6>, !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>,
                         !cute.view<memref<?xf32>, !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">>)

// CHECK-LABEL: @memory
func.func @memory(%p: !cute.ptr<f32, gmem, align<16>>, %l: !cute.layout<"(4,8):(8,1)">,
                  %i: index, %j: index, %x: f32, %addr: i64) -> f32 {
  // CHECK: cute.make_view %{{.*}}, %{{.*}} : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(4,8):(8,1)">>
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(4,8):(8,1)">>
  // DESUGAR: cute.make_view
  // DESUGAR-NOT: cute.make_tensor
  %t = cute.make_tensor %p, %l : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(4,8):(8,1)">>
  // CHECK: cute.get_layout %{{.*}} : !cute.view
  %gl = cute.get_layout %v : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(4,8):(8,1)">>
  // CHECK: cute.get_iter %{{.*}} : (!cute.view<{{.*}}>) -> !cute.ptr<f32, gmem, align<16>>
  %gi = cute.get_iter %v : (!cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(4,8):(8,1)">>) -> !cute.ptr<f32, gmem, align<16>>
  %c = cute.make_coord(%i, %j) : (index, index) -> !cute.coord<"(?,?)">
  // CHECK: cute.load %{{.*}}[%{{.*}}] : !cute.view<{{.*}}>, !cute.coord<"(?,?)">
  %e = cute.load %v[%c] : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(?,?)">
  // CHECK: cute.store %{{.*}}, %{{.*}}[%{{.*}}] : !cute.view<{{.*}}>, !cute.coord<"(?,?)">
  cute.store %x, %v[%c] : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(?,?)">
  // CHECK: cute.inttoptr %{{.*}} : i64 to !cute.ptr<f32, gmem, align<16>>
  %q = cute.inttoptr %addr : i64 to !cute.ptr<f32, gmem, align<16>>
  // CHECK: cute.ptrtoint %{{.*}} : !cute.ptr<f32, gmem, align<16>> to i64
  %a = cute.ptrtoint %q : !cute.ptr<f32, gmem, align<16>> to i64
  // CHECK: cute.recast %{{.*}} : !cute.ptr<f32, gmem, align<16>> to !cute.ptr<i32, gmem, align<4>>
  %r = cute.recast %q : !cute.ptr<f32, gmem, align<16>> to !cute.ptr<i32, gmem, align<4>>
  // CHECK: cute.print(%{{.*}}) {prefix = "layout: "} : !cute.layout<"(4,8):(8,1)">
  cute.print(%l) {prefix = "layout: "} : !cute.layout<"(4,8):(8,1)">
  return %e : f32
}

// CHECK-LABEL: @descriptors
func.func @descriptors(%base: !cute.ptr<f16, smem, align<16>>, %n: i32, %t: i32, %s: i32, %one: i32)
    -> !cute.ptr<f16, smem, align<16>> {
  // CHECK: cute.get_iter %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (!cute.ptr<f16, smem, align<16>>, i32, i32, i32) -> !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>
  %it = cute.get_iter %base, %n, %t, %s : (!cute.ptr<f16, smem, align<16>>, i32, i32, i32) -> !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>
  // CHECK: cute.add_offset %{{.*}}, %{{.*}} : !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>, i32
  %next = cute.add_offset %it, %one : !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>, i32
  // CHECK: cute.add_offset %{{.*}}, %{{.*}} rewind : !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>, i32
  %back = cute.add_offset %next, %one rewind : !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>, i32
  // CHECK: cute.deref_desc_iter %{{.*}} : !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>
  %p = cute.deref_desc_iter %back : !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>
  return %p : !cute.ptr<f16, smem, align<16>>
}

// CHECK-LABEL: @partition
func.func @partition(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(8,8):(1,8)">>,
                     %l: !cute.layout<"(8,8):(1,8)">, %i: index, %tid: i32) {
  %tile = cute.static : !cute.tile<"[2:1;4:1]">
  %c = cute.make_coord(%i, %i) : (index, index) -> !cute.coord<"(?,?)">
  // CHECK: cute.local_tile({{.*}} -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,4):(1,8)">>
  %t = cute.local_tile(%v, %tile, %c) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(8,8):(1,8)">>, !cute.tile<"[2:1;4:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,4):(1,8)">>
  %thr = cute.static : !cute.layout<"(2,4):(1,2)">
  %idx = cute.make_int_tuple(%tid) : (i32) -> !cute.int_tuple<"?">
  // CHECK: cute.local_partition({{.*}} -> !cute.layout<"(4,2):(2,32)">
  %p = cute.local_partition(%l, %thr, %idx) : (!cute.layout<"(8,8):(1,8)">, !cute.layout<"(2,4):(1,2)">, !cute.int_tuple<"?">) -> !cute.layout<"(4,2):(2,32)">
  %sc = cute.make_coord(%i) : (index) -> !cute.coord<"(_,?)">
  // slice and dice print no result type (NVIDIA's format): it is inferred,
  // and the uses below declare it.
  // CHECK: cute.slice(%{{.*}}, %{{.*}}) : !cute.layout<"(8,8):(1,8)">, !cute.coord<"(_,?)">
  %s = cute.slice(%l, %sc) : !cute.layout<"(8,8):(1,8)">, !cute.coord<"(_,?)">
  // CHECK: cute.dice(%{{.*}}, %{{.*}}) : !cute.layout<"(8,8):(1,8)">, !cute.coord<"(_,?)">
  %d = cute.dice(%l, %sc) : !cute.layout<"(8,8):(1,8)">, !cute.coord<"(_,?)">
  // CHECK: cute.size (%{{.*}}) : (!cute.layout<"(8):(1)">) -> !cute.int_tuple<"8">
  %ss = cute.size(%s) : (!cute.layout<"(8):(1)">) -> !cute.int_tuple<"8">
  // CHECK: cute.size (%{{.*}}) : (!cute.layout<"(8):(8)">) -> !cute.int_tuple<"8">
  %ds = cute.size(%d) : (!cute.layout<"(8):(8)">) -> !cute.int_tuple<"8">
  return
}

// CHECK-LABEL: @tile_partition
func.func @tile_partition(%base: !cute.ptr<f16, smem>, %l: !cute.layout<"(128,64):(1,128)">, %c: !cute.coord<"(?,?)">) {
  // CHECK: cute.tile_partition %{{.*}}, %{{.*}}, %{{.*}} : !cute.ptr<f16, smem>, !cute.layout<"(128,64):(1,128)">, !cute.coord<"(?,?)"> -> !cute.ptr<f16, smem>, !cute.layout<"(32,32):(1,128)">
  %p, %t = cute.tile_partition %base, %l, %c : !cute.ptr<f16, smem>, !cute.layout<"(128,64):(1,128)">, !cute.coord<"(?,?)"> -> !cute.ptr<f16, smem>, !cute.layout<"(32,32):(1,128)">
  return
}

!tc = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"(8,4):(1,8)">, !cute.tile<"[8:1;4:1]">>
!gv = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(16,8):(1,16)">>
!rv = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(1,16)">>

// CuTe ThrCopy::partition_S/D: ((atom values, rest values), copies along M, along N).
// CHECK-LABEL: @tiled_copy_partition
func.func @tiled_copy_partition(%tc: !tc, %src: !gv, %dst: !rv, %tid: i32) {
  %t = cute.make_int_tuple(%tid) : (i32) -> !cute.int_tuple<"?">
  // CHECK: cute.tiled.copy.partition_S {{.*}} -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"((1,4),2,2):((0,16),8,64)">>
  %s = cute.tiled.copy.partition_S %tc, %src, %t : (!tc, !gv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"((1,4),2,2):((0,16),8,64)">>
  // CHECK: cute.tiled.copy.partition_D {{.*}} -> !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"((1,4),2,2):((0,16),8,64)">>
  %d = cute.tiled.copy.partition_D %tc, %dst, %t : (!tc, !rv, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"((1,4),2,2):((0,16),8,64)">>
  return
}

// A kernel's shared-memory storage.
// CHECK-LABEL: @shared_storage
func.func @shared_storage() -> !cute.ptr<f32, smem, align<16>> {
  // CHECK: cute.alloc_smem 1024 : !cute.ptr<f32, smem, align<16>>
  %s = cute.alloc_smem 1024 : !cute.ptr<f32, smem, align<16>>
  return %s : !cute.ptr<f32, smem, align<16>>
}

// A thread's register fragment.
// CHECK-LABEL: @register_fragment
func.func @register_fragment() -> !cute.ptr<f32, rmem> {
  // CHECK: cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
  %f = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
  return %f : !cute.ptr<f32, rmem>
}

// A whole register fragment as one vector and back (the CuTe DSL's
// `tensor.load()` / `tensor.store(v)`).
// CHECK-LABEL: @fragment_vectors
// CHECK: %[[V:.*]] = cute.load_vec %{{.*}} : !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(2,(2,2)):(1,(2,4))">> -> vector<8xf32>
// CHECK: cute.store_vec %{{.*}}, %{{.*}} : vector<8xbf16>, !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"(2,(2,2)):(1,(2,4))">>
func.func @fragment_vectors(%f: !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(2,(2,2)):(1,(2,4))">>, %g: !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"(2,(2,2)):(1,(2,4))">>) {
  %v = cute.load_vec %f : !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"(2,(2,2)):(1,(2,4))">> -> vector<8xf32>
  %h = arith.truncf %v : vector<8xf32> to vector<8xbf16>
  cute.store_vec %h, %g : vector<8xbf16>, !cute.view<!cute.ptr<bf16, rmem, align<16>>, !cute.layout<"(2,(2,2)):(1,(2,4))">>
  return
}

// tf32 is 32 bits in memory (its precision, what MLIR calls its width, is
// 19): a row slice of a 1024-aligned (128,32) tf32 view moves by 128 bytes
// a row, so the row's pointer is align<128>. It kept align<1024> while the
// inference took the width as 19 bits (found by examples/wgmma_tf32_sm90).
// CHECK-LABEL: @tf32_row_alignment
// CHECK: return %{{.*}} : !cute.view<!cute.ptr<tf32, smem, align<128>>, !cute.layout<"(32):(1)">>
func.func @tf32_row_alignment(%p: !cute.ptr<tf32, smem, align<1024>>, %t: i32) -> !cute.view<!cute.ptr<tf32, smem, align<128>>, !cute.layout<"(32):(1)">> {
  %l = cute.static : !cute.layout<"(128,32):(32,1)">
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.layout<"(128,32):(32,1)">>
  %at = cute.make_int_tuple(%t) : (i32) -> !cute.coord<"(?,_)">
  %r = cute.slice(%v, %at) : !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.layout<"(128,32):(32,1)">>, !cute.coord<"(?,_)">
  return %r : !cute.view<!cute.ptr<tf32, smem, align<128>>, !cute.layout<"(32):(1)">>
}
