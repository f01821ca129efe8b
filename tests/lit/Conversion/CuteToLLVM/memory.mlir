// cute-to-llvm: pointers, views and descriptor iterators (spec 000's
// get_iter four-op sequence, advance/rewind, tile_partition walk).
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' | FileCheck %s
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' | FileCheck %s --check-prefix=SMEM

// CHECK-LABEL: func @iterator
// CHECK-SAME: (%[[BASE:.*]]: !llvm.ptr<3>, %[[STRIDE:.*]]: i32, %[[K:.*]]: i32)
func.func @iterator(%base: !cute.ptr<f16, smem>, %stride: i32, %k: i32) -> !cute.ptr<f16, smem> {
  %extent = arith.constant 128 : i32
  %tile = arith.constant 64 : i32
  // The four-op sequence: undef, base, index 0, stride.
  // CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK: %[[I0:.*]] = llvm.insertvalue %[[BASE]], %[[U]][0] : !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK: %[[I1:.*]] = llvm.insertvalue %{{.*}}, %[[I0]][1] : !llvm.struct<(ptr<3>, i32, i32)>
  // CHECK: %[[IT:.*]] = llvm.insertvalue %[[STRIDE]], %[[I1]][2] : !llvm.struct<(ptr<3>, i32, i32)>
  %it = cute.get_iter %base, %extent, %tile, %stride : (!cute.ptr<f16, smem>, i32, i32, i32) -> !cute.desc_iter<!cute.ptr<f16, smem>>
  // Advance: extractvalue, add, insertvalue.
  // CHECK: %[[IX:.*]] = llvm.extractvalue %[[IT]][1]
  // CHECK: %[[ADV:.*]] = llvm.add %[[IX]], %[[K]] : i32
  // CHECK: %[[NEXT:.*]] = llvm.insertvalue %[[ADV]], %[[IT]][1]
  %next = cute.add_offset %it, %k : !cute.desc_iter<!cute.ptr<f16, smem>>, i32
  // Rewind: the same with a sub.
  // CHECK: %[[IX2:.*]] = llvm.extractvalue %[[NEXT]][1]
  // CHECK: llvm.sub %[[IX2]], %[[K]] : i32
  %prev = cute.add_offset %next, %k rewind : !cute.desc_iter<!cute.ptr<f16, smem>>, i32
  // Deref: base + index * stride elements.
  // CHECK: %[[B:.*]] = llvm.extractvalue %{{.*}}[0]
  // CHECK: %[[I:.*]] = llvm.extractvalue %{{.*}}[1]
  // CHECK: %[[S:.*]] = llvm.extractvalue %{{.*}}[2]
  // CHECK: %[[O:.*]] = llvm.mul %[[I]], %[[S]] : i32
  // CHECK: llvm.getelementptr %[[B]][%[[O]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %p = cute.deref_desc_iter %prev : !cute.desc_iter<!cute.ptr<f16, smem>>
  return %p : !cute.ptr<f16, smem>
}

// Spec 000's tile_partition walk: the offset is the coordinate's dot
// product with the strides; the tile keeps the parent's strides and the
// pointer its address space.
// CHECK-LABEL: func @tile_partition
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<3>, %[[C:.*]]: !llvm.struct<(i32, i32)>)
func.func @tile_partition(%base: !cute.ptr<f16, smem>, %c: !cute.coord<2>) -> (!cute.ptr<f16, smem>, !cute.layout<<32:1, 32:128>>) {
  %l = cute.static : !cute.layout<<128:1, 64:128>>
  // CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %[[C]][0]
  // CHECK-DAG: %[[C1:.*]] = llvm.extractvalue %[[C]][1]
  // CHECK-DAG: %[[O1:.*]] = llvm.mul %[[C1]], %{{.*}} : i32
  // CHECK: %[[OFF:.*]] = llvm.add %[[C0]], %[[O1]] : i32
  // CHECK: %[[SUB:.*]] = llvm.getelementptr %[[P]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK: llvm.mlir.constant([32 : i32, 1 : i32, 32 : i32, 128 : i32]) : !llvm.struct<(i32, i32, i32, i32)>
  %p, %t = cute.tile_partition %base, %l, %c : !cute.ptr<f16, smem>, !cute.layout<<128:1, 64:128>>, !cute.coord<2> -> !cute.ptr<f16, smem>, !cute.layout<<32:1, 32:128>>
  return %p, %t : !cute.ptr<f16, smem>, !cute.layout<<32:1, 32:128>>
}

// A view is (pointer, layout); load and store address ptr + crd2idx.
// CHECK-LABEL: func @view
func.func @view(%p: !cute.ptr<f32, gmem>, %ld: i32, %i: i32, %j: i32) {
  %s = cute.static : !cute.shape<"(4,8)">
  %d = cute.make_int_tuple(%ld) : (i32) -> !cute.stride<"(1,?)">
  %l = cute.make_layout_raw %s, %d : (!cute.shape<"(4,8)">, !cute.stride<"(1,?)">) -> !cute.layout<"(4,8):(1,?)">
  // The view struct is read through by load and store, then erased as dead.
  // CHECK-NOT: llvm.mlir.undef : !llvm.struct<(ptr<1>
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(1,?)">>
  %c = cute.make_int_tuple(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  // The offset i + j * ld is 64-bit: (4,8):(1,?) reaches 7 * ld, beyond
  // i32 for an i32 ld above 2^31 / 7 (issue 35: no silent wrap).
  // CHECK: %[[A:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  // CHECK: %[[X:.*]] = llvm.load %[[A]] : !llvm.ptr<1> -> f32
  %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(1,?)">>, !cute.coord<"(?,?)">
  // CHECK: llvm.store %[[X]], %{{.*}} : f32, !llvm.ptr<1>
  cute.store %x, %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(1,?)">>, !cute.coord<"(?,?)">
  return
}

// local_tile / local_partition of a view: the pointer moves by the
// partition's offset (crd2idx of the coordinate in the divided layout), the
// layout is the partition's; get_layout reads the layout field back.
// CHECK-LABEL: func @partitions
// CHECK-SAME: (%[[V:.*]]: !llvm.struct<(ptr<1>, struct<(i32, i32, i32, i32)>)>, %[[BX:[^:]*]]: i32, %[[TID:[^:]*]]: i32)
func.func @partitions(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>, %bx: i32, %tid: i32)
    -> !cute.layout<"(1,8):(0,?)"> {
  %tile = cute.static : !cute.tile<"[32:1;8:1]">
  %c = cute.make_int_tuple(%bx) : (i32) -> !cute.coord<"(?,0)">
  // The view's run-time column stride, read once.
  // CHECK: %[[LD:.*]] = llvm.extractvalue %arg0[1, 3]
  // The block's tile starts bx * 32 elements in.
  // CHECK: %[[OFF:.*]] = llvm.mul %{{.*}}, %{{.*}} : i64
  // CHECK: llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  %t = cute.local_tile(%v, %tile, %c) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>, !cute.tile<"[32:1;8:1]">, !cute.coord<"(?,0)">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?)">>
  %i = cute.make_int_tuple(%tid) : (i32) -> !cute.coord<"?">
  %thr = cute.static : !cute.layout<"(32,1):(1,0)">
  // CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
  // CHECK-DAG: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i32)
  // CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32)
  // The thread's column starts tid elements into the tile.
  // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  %p = cute.local_partition(%t, %thr, %i) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?)">>, !cute.layout<"(32,1):(1,0)">, !cute.coord<"?">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,8):(0,?)">>
  // The partition's layout (1,8):(0,?) is built field by field, its
  // run-time stride the view's own (field [1, 3] of the argument), and
  // returned (issue 37: the values, not only the type).
  // CHECK: %[[F0:.*]] = llvm.insertvalue %[[ONE]], %{{.*}}[0]
  // CHECK: %[[F1:.*]] = llvm.insertvalue %[[ZERO]], %[[F0]][1]
  // CHECK: %[[F2:.*]] = llvm.insertvalue %[[EIGHT]], %[[F1]][2]
  // CHECK: %[[F3:.*]] = llvm.insertvalue %[[LD]], %[[F2]][3]
  // CHECK: %[[L:.*]] = builtin.unrealized_conversion_cast %[[F3]]
  // CHECK: %[[R:.*]] = builtin.unrealized_conversion_cast %[[L]]
  // CHECK: return %[[R]] : !llvm.struct<(i32, i32, i32, i32)>
  %l = cute.get_layout %p : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,8):(0,?)">>
  return %l : !cute.layout<"(1,8):(0,?)">
}

// spec 000's TilePartition: a thread's partition of a view under a tiled
// copy; the pointer moves by the thread's offset: thread t holds rows
// 4*(t%8).. of column t/8 of the 32x4 tile, so (t % 8) * 4 + (t / 8) * ld.
!tc = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"(32,4):(4,1)">, !cute.tile<"[32:1;4:1]">>
!gv = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>
!pv = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"((1,4),?,?):((0,1),32,?{div=4})">>
// CHECK-LABEL: func @tiled_copy
func.func @tiled_copy(%tc: !tc, %v: !gv, %t: !cute.int_tuple<"?">) -> (!pv, !pv) {
  // CHECK: %[[R:.*]] = llvm.srem %{{.*}}, %{{.*}} : i64
  // CHECK: %[[R4:.*]] = llvm.mul %[[R]], %{{.*}} : i64
  // CHECK: %[[Q:.*]] = llvm.sdiv %{{.*}}, %{{.*}} : i64
  // CHECK: %[[QLD:.*]] = llvm.mul %[[Q]], %{{.*}} : i64
  // CHECK: %[[OFF:.*]] = llvm.add %[[R4]], %[[QLD]] : i64
  // CHECK: llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
  %s = cute.tiled.copy.partition_S %tc, %v, %t : (!tc, !gv, !cute.int_tuple<"?">) -> !pv
  %d = cute.tiled.copy.partition_D %tc, %v, %t : (!tc, !gv, !cute.int_tuple<"?">) -> !pv
  return %s, %d : !pv, !pv
}

// Pointer casts: inttoptr / ptrtoint, and recast (an opaque LLVM pointer
// has no element type, so the value is unchanged).
// CHECK-LABEL: func @pointer_casts
// CHECK-SAME: (%[[A:.*]]: i64) -> i64
func.func @pointer_casts(%addr: i64) -> i64 {
  // CHECK: %[[P:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr<3>
  %p = cute.inttoptr %addr : i64 to !cute.ptr<f16, smem, align<16>>
  %q = cute.recast %p : !cute.ptr<f16, smem, align<16>> to !cute.ptr<i32, smem, align<16>>
  // CHECK: %[[I:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<3> to i64
  // CHECK: return %[[I]] : i64
  %i = cute.ptrtoint %q : !cute.ptr<i32, smem, align<16>> to i64
  return %i : i64
}

// A swizzled (composed-layout) view: the address is the linear element
// address with CuTe's Swizzle<3,3,3> applied to its bytes (Swizzle<3,4,3>
// for 2-byte f16: x ^ ((x & 0x380) >> 3)), the swizzle pointer of CuTe.
!swz = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">>
// CHECK-LABEL: func @swizzled
func.func @swizzled(%p: !cute.ptr<f16, smem, align<1024>>, %c: !cute.coord<"(?,?)">) -> f16 {
  %l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">
  %v = cute.make_view %p, %l : !swz
  // CHECK: %[[X:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
  // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[X]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  // CHECK: %[[I:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<3> to i32
  // CHECK: %[[K:.*]] = llvm.mlir.constant(896 : i32) : i32
  // CHECK: %[[M:.*]] = llvm.and %[[I]], %[[K]] : i32
  // CHECK: %[[S:.*]] = llvm.lshr %[[M]], %{{.*}} : i32
  // CHECK: %[[A:.*]] = llvm.xor %[[I]], %[[S]] : i32
  // CHECK: llvm.inttoptr %[[A]] : i32 to !llvm.ptr<3>
  %x = cute.load %v[%c] : !swz, !cute.coord<"(?,?)">
  return %x : f16
}

// alloc_smem: a global in address space 3 of the nearest module, and its
// address (CuTe's __shared__ storage).
// SMEM-DAG: llvm.mlir.global internal @__cute_smem_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x f32>
// SMEM-DAG: llvm.mlir.global internal @__cute_smem_2() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8 x f32>
// SMEM-LABEL: func @shared
// SMEM: llvm.mlir.addressof @__cute_smem_0 : !llvm.ptr<3>
func.func @shared() -> !cute.ptr<f32, smem, align<16>> {
  %s = cute.alloc_smem 256 : !cute.ptr<f32, smem, align<16>>
  return %s : !cute.ptr<f32, smem, align<16>>
}

// A name already taken (a module lowered before) is skipped.
// SMEM-LABEL: func @second
// SMEM: llvm.mlir.addressof @__cute_smem_2 : !llvm.ptr<3>
llvm.mlir.global internal @__cute_smem_1() {addr_space = 3 : i32} : !llvm.array<1 x f32>
func.func @second() -> !cute.ptr<f32, smem> {
  %s = cute.alloc_smem 8 : !cute.ptr<f32, smem>
  return %s : !cute.ptr<f32, smem>
}

// load_vec / store_vec: value i of the vector is the view's element i in
// the order of its shape, at the offset the layout gives it: (2,2):(2,1)
// puts values 0, 1, 2, 3 at offsets 0, 2, 1, 3.
// CHECK-LABEL: func @fragment_vectors
// CHECK: %[[O1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[O2:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[A1:.*]] = llvm.getelementptr %arg0[%[[O1]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: %[[A2:.*]] = llvm.getelementptr %arg0[%[[O2]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: llvm.load
// CHECK: llvm.insertelement
// CHECK: %[[X1:.*]] = llvm.load %[[A1]] : !llvm.ptr<1> -> f32
// CHECK: llvm.insertelement %[[X1]], %{{.*}}[%{{.*}} : i64] : vector<4xf32>
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : vector<4xf32> to vector<4xbf16>
// CHECK-COUNT-4: llvm.extractelement %[[T]]
func.func @fragment_vectors(%p: !cute.ptr<f32, gmem>, %q: !cute.ptr<bf16, gmem>) {
  %l = cute.static : !cute.layout<"(2,2):(2,1)">
  %f = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,2):(2,1)">>
  %g = cute.make_view %q, %l : !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"(2,2):(2,1)">>
  %v = cute.load_vec %f : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,2):(2,1)">> -> vector<4xf32>
  %h = arith.truncf %v : vector<4xf32> to vector<4xbf16>
  cute.store_vec %h, %g : vector<4xbf16>, !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"(2,2):(2,1)">>
  return
}
