// Round trip of the layout-algebra ops; every result type is inferred by the
// Rust algebra and checked by the verifier.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// The generic form round-trips too (every op and type through its generic
// printer and back to the custom form).
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

// CHECK-LABEL: @algebra
func.func @algebra(%a: !cute.layout<"(4,2):(1,4)">, %b: !cute.layout<"(2,2):(1,2)">,
                   %m: !cute.layout<"(8,8):(1,8)">, %t: !cute.tile<"[2:1;4:1]">) {
  // CHECK: cute.composition(%{{.*}}, %{{.*}}) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(2,2):(1,2)">
  %0 = cute.composition(%a, %b) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(2,2):(1,2)">
  // CHECK: cute.composition(%{{.*}}, %{{.*}}) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"[2:1;4:1]">) -> !cute.layout<"(2,4):(1,8)">
  %1 = cute.composition(%m, %t) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"[2:1;4:1]">) -> !cute.layout<"(2,4):(1,8)">
  // CHECK: cute.compose
  %2 = cute.compose %a, %b : !cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)"> -> !cute.layout<"(2,2):(1,2)">
  %c24 = cute.static : !cute.int_tuple<"24">
  %l42 = cute.static : !cute.layout<"4:2">
  // CHECK: cute.complement(%{{.*}}, %{{.*}}) : (!cute.layout<"4:2">, !cute.int_tuple<"24">) -> !cute.layout<"(2,3):(1,8)">
  %3 = cute.complement(%l42, %c24) : (!cute.layout<"4:2">, !cute.int_tuple<"24">) -> !cute.layout<"(2,3):(1,8)">
  // CHECK: cute.coalesce(%{{.*}}) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1">
  %4 = cute.coalesce(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1">
  %p = cute.static : !cute.int_tuple<"(1,1)">
  // CHECK: cute.coalesce(%{{.*}}, %{{.*}}) : (!cute.layout<"(4,2):(1,4)">, !cute.int_tuple<"(1,1)">) -> !cute.layout<"(4,2):(1,4)">
  %5 = cute.coalesce(%a, %p) : (!cute.layout<"(4,2):(1,4)">, !cute.int_tuple<"(1,1)">) -> !cute.layout<"(4,2):(1,4)">
  // CHECK: cute.filter_zeros
  %6 = cute.filter_zeros(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"(4,2):(1,4)">
  // CHECK: cute.filter
  %7 = cute.filter(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1">
  // CHECK: cute.group_modes<0, 2>(%{{.*}}) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"((4,2)):((1,4))">
  %8 = cute.group_modes<0, 2>(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"((4,2)):((1,4))">
  // CHECK: cute.right_inverse
  %9 = cute.right_inverse(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1">
  // CHECK: cute.left_inverse
  %10 = cute.left_inverse(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1">
  // CHECK: cute.logical_divide(%{{.*}}, %{{.*}}) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"[2:1;4:1]">) -> !cute.layout<"((2,4),(4,2)):((1,2),(8,32))">
  %11 = cute.logical_divide(%m, %t) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"[2:1;4:1]">) -> !cute.layout<"((2,4),(4,2)):((1,2),(8,32))">
  // CHECK: cute.zipped_divide({{.*}} -> !cute.layout<"((2,4),(4,2)):((1,8),(2,32))">
  %12 = cute.zipped_divide(%m, %t) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"[2:1;4:1]">) -> !cute.layout<"((2,4),(4,2)):((1,8),(2,32))">
  // CHECK: cute.tiled_divide({{.*}} -> !cute.layout<"((2,4),4,2):((1,8),2,32)">
  %13 = cute.tiled_divide(%m, %t) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"[2:1;4:1]">) -> !cute.layout<"((2,4),4,2):((1,8),2,32)">
  // CHECK: cute.flat_divide({{.*}} -> !cute.layout<"(2,4,4,2):(1,8,2,32)">
  %14 = cute.flat_divide(%m, %t) : (!cute.layout<"(8,8):(1,8)">, !cute.tile<"[2:1;4:1]">) -> !cute.layout<"(2,4,4,2):(1,8,2,32)">
  // CHECK: cute.logical_product({{.*}} -> !cute.layout<"((4,2),(2,2)):((1,4),(8,16))">
  %15 = cute.logical_product(%a, %b) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"((4,2),(2,2)):((1,4),(8,16))">
  // CHECK: cute.blocked_product({{.*}} -> !cute.layout<"((4,2),(2,2)):((1,8),(4,16))">
  %16 = cute.blocked_product(%a, %b) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"((4,2),(2,2)):((1,8),(4,16))">
  // CHECK: cute.raked_product({{.*}} -> !cute.layout<"((2,4),(2,2)):((8,1),(16,4))">
  %17 = cute.raked_product(%a, %b) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"((2,4),(2,2)):((8,1),(16,4))">
  // Current CuTe (CUTLASS 3.8+) zips the padded logical product without
  // coalescing each mode (3.4 to 3.7 gave (6,(2,4)):(2,(1,12)) here).
  %rm = cute.static : !cute.layout<"(2,2):(2,1)">
  %t34 = cute.static : !cute.layout<"(3,4):(1,3)">
  // CHECK: cute.blocked_product({{.*}} -> !cute.layout<"((2,3),(2,4)):((2,4),(1,12))">
  %bp = cute.blocked_product(%rm, %t34) : (!cute.layout<"(2,2):(2,1)">, !cute.layout<"(3,4):(1,3)">) -> !cute.layout<"((2,3),(2,4)):((2,4),(1,12))">
  // CHECK: cute.raked_product({{.*}} -> !cute.layout<"((3,2),(4,2)):((4,2),(12,1))">
  %rp = cute.raked_product(%rm, %t34) : (!cute.layout<"(2,2):(2,1)">, !cute.layout<"(3,4):(1,3)">) -> !cute.layout<"((3,2),(4,2)):((4,2),(12,1))">
  %b23 = cute.static : !cute.layout<"(2,3):(1,2)">
  // CHECK: cute.zipped_product({{.*}} -> !cute.layout<"((2,2),(2,3)):((1,2),(4,8))">
  %zp = cute.zipped_product(%b, %b23) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(1,2)">) -> !cute.layout<"((2,2),(2,3)):((1,2),(4,8))">
  // CHECK: cute.tiled_product({{.*}} -> !cute.layout<"((2,2),2,3):((1,2),4,8)">
  %tp = cute.tiled_product(%b, %b23) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(1,2)">) -> !cute.layout<"((2,2),2,3):((1,2),4,8)">
  // CHECK: cute.flat_product({{.*}} -> !cute.layout<"(2,2,2,3):(1,2,4,8)">
  %fp = cute.flat_product(%b, %b23) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(2,3):(1,2)">) -> !cute.layout<"(2,2,2,3):(1,2,4,8)">
  // CHECK: cute.size (%{{.*}}) : (!cute.layout<"(4,2):(1,4)">) -> !cute.int_tuple<"8">
  %18 = cute.size(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.int_tuple<"8">
  // CHECK: cute.cosize (%{{.*}}) : (!cute.layout<"(4,2):(1,4)">) -> !cute.int_tuple<"8">
  %19 = cute.cosize(%a) : (!cute.layout<"(4,2):(1,4)">) -> !cute.int_tuple<"8">
  %crd = cute.static : !cute.coord<"(1,1)">
  // CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<"(1,1)">, !cute.layout<"(4,2):(1,4)">) -> !cute.int_tuple<"5">
  %20 = cute.crd2idx(%crd, %a) : (!cute.coord<"(1,1)">, !cute.layout<"(4,2):(1,4)">) -> !cute.int_tuple<"5">
  %i15 = cute.static : !cute.int_tuple<"15">
  %sh = cute.static : !cute.shape<"(4,(3,2))">
  // CHECK: cute.idx2crd(%{{.*}}, %{{.*}}) : (!cute.int_tuple<"15">, !cute.shape<"(4,(3,2))">) -> !cute.coord<"(3,(0,1))">
  %21 = cute.idx2crd(%i15, %sh) : (!cute.int_tuple<"15">, !cute.shape<"(4,(3,2))">) -> !cute.coord<"(3,(0,1))">
  %s48 = cute.static : !cute.shape<"(4,8)">
  %two = cute.static : !cute.int_tuple<"2">
  // CHECK: cute.shape_div(%{{.*}}, %{{.*}}) {mode = "exact"} : (!cute.shape<"(4,8)">, !cute.int_tuple<"2">) -> !cute.shape<"(2,4)">
  %22 = cute.shape_div(%s48, %two) {mode = "exact"} : (!cute.shape<"(4,8)">, !cute.int_tuple<"2">) -> !cute.shape<"(2,4)">
  // Spec 001's other rounding modes, where a leaf does not divide.
  %s58 = cute.static : !cute.shape<"(5,8)">
  // CHECK: cute.shape_div(%{{.*}}, %{{.*}}) {mode = "ceil"} : (!cute.shape<"(5,8)">, !cute.int_tuple<"2">) -> !cute.shape<"(3,4)">
  %ceil = cute.shape_div(%s58, %two) {mode = "ceil"} : (!cute.shape<"(5,8)">, !cute.int_tuple<"2">) -> !cute.shape<"(3,4)">
  // CHECK: cute.shape_div(%{{.*}}, %{{.*}}) {mode = "floor"} : (!cute.shape<"(5,8)">, !cute.int_tuple<"2">) -> !cute.shape<"(2,4)">
  %floor = cute.shape_div(%s58, %two) {mode = "floor"} : (!cute.shape<"(5,8)">, !cute.int_tuple<"2">) -> !cute.shape<"(2,4)">
  %t108 = cute.static : !cute.int_tuple<"(10,8)">
  %t48 = cute.static : !cute.int_tuple<"(4,8)">
  // CHECK: cute.ceil_div(%{{.*}}, %{{.*}}) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(4,8)">) -> !cute.int_tuple<"(3,1)">
  %23 = cute.ceil_div(%t108, %t48) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(4,8)">) -> !cute.int_tuple<"(3,1)">
  // CHECK: cute.tuple_sub({{.*}} -> !cute.int_tuple<"(6,0)">
  %ts = cute.tuple_sub(%t108, %t48) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(4,8)">) -> !cute.int_tuple<"(6,0)">
  // CHECK: cute.tuple_mul({{.*}} -> !cute.int_tuple<"(40,64)">
  %tm = cute.tuple_mul(%t108, %t48) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(4,8)">) -> !cute.int_tuple<"(40,64)">
  // CHECK: cute.tuple_div({{.*}} -> !cute.int_tuple<"(2,1)">
  %td = cute.tuple_div(%t108, %t48) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(4,8)">) -> !cute.int_tuple<"(2,1)">
  // CHECK: cute.tuple_mod({{.*}} -> !cute.int_tuple<"(2,0)">
  %tmod = cute.tuple_mod(%t108, %t48) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(4,8)">) -> !cute.int_tuple<"(2,0)">
  // CHECK: cute.get_shape(%{{.*}}) : !cute.layout<"(4,2):(1,4)"> -> !cute.shape<"(4,2)">
  %24 = cute.get_shape(%a) : !cute.layout<"(4,2):(1,4)"> -> !cute.shape<"(4,2)">
  // CHECK: cute.get_stride(%{{.*}}) : !cute.layout<"(4,2):(1,4)"> -> !cute.stride<"(1,4)">
  %25 = cute.get_stride(%a) : !cute.layout<"(4,2):(1,4)"> -> !cute.stride<"(1,4)">
  return
}

// A mixed static/dynamic module: dynamic leaves propagate through inference.
// CHECK-LABEL: @mixed
func.func @mixed(%m: index, %ld: i64) -> !cute.int_tuple<"?"> {
  %l = cute.make_layout(shape = (%m : index), stride = (%ld : i64)) : !cute.layout<"(?,64):(1,?{i64})">
  // CHECK: cute.size (%{{.*}}) : (!cute.layout<"(?,64):(1,?{i64})">) -> !cute.int_tuple<"?{div=64}">
  %n = cute.size(%l) : (!cute.layout<"(?,64):(1,?{i64})">) -> !cute.int_tuple<"?{div=64}">
  %c = cute.make_coord(%m) : (index) -> !cute.coord<"(?,3)">
  // CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<"(?,3)">, !cute.layout<"(?,64):(1,?{i64})">) -> !cute.int_tuple<"?">
  %i = cute.crd2idx(%c, %l) : (!cute.coord<"(?,3)">, !cute.layout<"(?,64):(1,?{i64})">) -> !cute.int_tuple<"?">
  return %i : !cute.int_tuple<"?">
}

// crd2idx over scaled-basis strides (an identity layout) is a basis tuple:
// static where the coordinate is, `?` where a run-time coordinate reaches.
// CHECK-LABEL: @identity_crd2idx
func.func @identity_crd2idx(%m: index, %n: index) {
  %id = cute.static : !cute.layout<"(4,3):(1@0,1@1)">
  %c = cute.static : !cute.coord<"(2,1)">
  // CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<"(2,1)">, !cute.layout<"(4,3):(1@0,1@1)">) -> !cute.int_tuple<"(2,1)">
  %i = cute.crd2idx(%c, %id) : (!cute.coord<"(2,1)">, !cute.layout<"(4,3):(1@0,1@1)">) -> !cute.int_tuple<"(2,1)">
  %d = cute.make_coord(%m, %n) : (index, index) -> !cute.coord<"(?,?)">
  // CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<"(?,?)">, !cute.layout<"(4,3):(1@0,1@1)">) -> !cute.int_tuple<"(?,?)">
  %j = cute.crd2idx(%d, %id) : (!cute.coord<"(?,?)">, !cute.layout<"(4,3):(1@0,1@1)">) -> !cute.int_tuple<"(?,?)">
  %k = cute.make_coord(%m) : (index) -> !cute.coord<"(?,1)">
  // CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<"(?,1)">, !cute.layout<"(4,3):(1@1,1@0)">) -> !cute.int_tuple<"(1,?)">
  %t = cute.static : !cute.layout<"(4,3):(1@1,1@0)">
  %x = cute.crd2idx(%k, %t) : (!cute.coord<"(?,1)">, !cute.layout<"(4,3):(1@1,1@0)">) -> !cute.int_tuple<"(1,?)">
  return
}

// Run-time sized tensors tiled by static tiles (the GEMM case): dynamic
// extents tile with ceil, known divisibility is kept.
// CHECK-LABEL: @dynamic_tiling
func.func @dynamic_tiling(%m: index, %n: index, %ld: i64,
                          %v: !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(?{div=256},?):(1,?{i64})">>) {
  %l = cute.make_layout(shape = (%m, %n : index, index), stride = (%ld : i64)) : !cute.layout<"(?,?):(1,?{i64})">
  %t = cute.static : !cute.tile<"[128:1;64:1]">
  // CHECK: cute.zipped_divide({{.*}} -> !cute.layout<"((128,64),(?,?)):((1,?{i64}),(128,?{div=64,i64}))">
  %z = cute.zipped_divide(%l, %t) : (!cute.layout<"(?,?):(1,?{i64})">, !cute.tile<"[128:1;64:1]">) -> !cute.layout<"((128,64),(?,?)):((1,?{i64}),(128,?{div=64,i64}))">
  // CHECK: cute.composition({{.*}} -> !cute.layout<"(128,64):(1,?{i64})">
  %c = cute.composition(%l, %t) : (!cute.layout<"(?,?):(1,?{i64})">, !cute.tile<"[128:1;64:1]">) -> !cute.layout<"(128,64):(1,?{i64})">
  %crd = cute.make_coord(%m, %n) : (index, index) -> !cute.coord<"(?,?)">
  // CHECK: cute.local_tile({{.*}} -> !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(128,64):(1,?{i64})">>
  %tile = cute.local_tile(%v, %t, %crd) : (!cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(?{div=256},?):(1,?{i64})">>, !cute.tile<"[128:1;64:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"(128,64):(1,?{i64})">>
  return
}

// Spec 001 "Algebra Rules" / 004: a declared result that is the same function
// as the inferred one (same size, equal after coalesce) is accepted.
// CHECK-LABEL: func @equivalent_declared_results
func.func @equivalent_declared_results(%a: !cute.layout<"(2,4):(1,2)">, %b: !cute.layout<"(4,1):(1,0)">) -> (!cute.layout<"(2,4):(1,2)">, !cute.layout<"(4,1):(1,7)">) {
  // CHECK: cute.coalesce(%{{.*}}) : (!cute.layout<"(2,4):(1,2)">) -> !cute.layout<"(2,4):(1,2)">
  %c = cute.coalesce(%a) : (!cute.layout<"(2,4):(1,2)">) -> !cute.layout<"(2,4):(1,2)">
  // A size-1 mode written with another stride.
  // CHECK: cute.filter(%{{.*}}) : (!cute.layout<"(4,1):(1,0)">) -> !cute.layout<"(4,1):(1,7)">
  %f = cute.filter(%b) : (!cute.layout<"(4,1):(1,0)">) -> !cute.layout<"(4,1):(1,7)">
  return %c, %f : !cute.layout<"(2,4):(1,2)">, !cute.layout<"(4,1):(1,7)">
}

// NVIDIA's CuTe IR ops with CuTe's semantics (issue 15): layout_eval,
// flatten, tuple_product, tuple_product_each.
// CHECK-LABEL: func @nvidia_named_ops
func.func @nvidia_named_ops(%l: !cute.layout<"((2,3),4):((1,2),6)">, %c: !cute.coord<"(1,2)">,
                            %m: !cute.layout<"(2,4):(1,2)">, %s: !cute.shape<"((2,3),4)">, %d: !cute.shape<"(?,4)">) {
  // CHECK: cute.layout_eval(%{{.*}}, %{{.*}}) : (!cute.coord<"(1,2)">, !cute.layout<"(2,4):(1,2)">) -> !cute.int_tuple<"5">
  %e = cute.layout_eval(%c, %m) : (!cute.coord<"(1,2)">, !cute.layout<"(2,4):(1,2)">) -> !cute.int_tuple<"5">
  // CHECK: cute.flatten(%{{.*}}) : (!cute.layout<"((2,3),4):((1,2),6)">) -> !cute.layout<"(2,3,4):(1,2,6)">
  %f = cute.flatten(%l) : (!cute.layout<"((2,3),4):((1,2),6)">) -> !cute.layout<"(2,3,4):(1,2,6)">
  // CHECK: cute.flatten(%{{.*}}) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"(2,3,4)">
  %g = cute.flatten(%s) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"(2,3,4)">
  // CHECK: cute.tuple_product(%{{.*}}) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"24">
  %p = cute.tuple_product(%s) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"24">
  // CHECK: cute.tuple_product_each(%{{.*}}) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"(6,4)">
  %q = cute.tuple_product_each(%s) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"(6,4)">
  // A run-time extent makes the product run-time.
  // CHECK: cute.tuple_product(%{{.*}}) : (!cute.shape<"(?,4)">) -> !cute.shape<"?">
  %r = cute.tuple_product(%d) : (!cute.shape<"(?,4)">) -> !cute.shape<"?">
  return
}

// cute.get / cute.select (NVIDIA's CuTe IR accessors, CuTe's get<I...> and
// select<I...>): a mode path; select always returns a tuple of modes.
// CHECK-LABEL: func @get_and_select
func.func @get_and_select(%l: !cute.layout<"(4,8):(1,4)">, %t: !cute.int_tuple<"(3,(4,5))">, %u: !cute.int_tuple<"(1,2,3)">) {
  // CHECK: cute.get (%{{.*}}) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"(4,8):(1,4)">
  %r = cute.get (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"(4,8):(1,4)">
  // CHECK: cute.get<[0]> (%{{.*}}) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"4:1">
  %a = cute.get<[0]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"4:1">
  // CHECK: cute.get<[1, 0]> (%{{.*}}) : !cute.int_tuple<"(3,(4,5))"> -> !cute.int_tuple<"4">
  %b = cute.get<[1, 0]> (%t) : !cute.int_tuple<"(3,(4,5))"> -> !cute.int_tuple<"4">
  // CHECK: cute.select<[0]> (%{{.*}}) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"(4):(1)">
  %c = cute.select<[0]> (%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.layout<"(4):(1)">
  // CHECK: cute.select<[0, 2]> (%{{.*}}) : !cute.int_tuple<"(1,2,3)"> -> !cute.int_tuple<"(1,3)">
  %d = cute.select<[0, 2]> (%u) : !cute.int_tuple<"(1,2,3)"> -> !cute.int_tuple<"(1,3)">
  return
}

// size<[path]> / cosize<[path]>: of the sub-tuple or sub-layout get<path>
// selects (NVIDIA's spelling).
// CHECK-LABEL: func @size_of_a_mode
func.func @size_of_a_mode(%s: !cute.shape<"(1,(2,4),9)">, %l: !cute.layout<"(4,(16,32)):(1,(4,64))">, %c: !cute.layout<"(4,3,2):(1,4,12)">) {
  // CHECK: cute.size<[1]> (%{{.*}}) : (!cute.shape<"(1,(2,4),9)">) -> !cute.int_tuple<"8">
  %a = cute.size<[1]> (%s) : (!cute.shape<"(1,(2,4),9)">) -> !cute.int_tuple<"8">
  // CHECK: cute.size<[1, 0]> (%{{.*}}) : (!cute.layout<"(4,(16,32)):(1,(4,64))">) -> !cute.int_tuple<"16">
  %b = cute.size<[1, 0]> (%l) : (!cute.layout<"(4,(16,32)):(1,(4,64))">) -> !cute.int_tuple<"16">
  // CHECK: cute.cosize<[1]> (%{{.*}}) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"9">
  %d = cute.cosize<[1]> (%c) : (!cute.layout<"(4,3,2):(1,4,12)">) -> !cute.int_tuple<"9">
  return
}

// Kind conversions (NVIDIA's to_int_tuple / to_shape / to_stride / to_coord).
// CHECK-LABEL: func @kind_conversions
func.func @kind_conversions(%s: !cute.shape<"(4,?)">, %t: !cute.int_tuple<"(1,4)">) {
  // CHECK: cute.to_int_tuple(%{{.*}}) : !cute.shape<"(4,?)"> -> !cute.int_tuple<"(4,?)">
  %a = cute.to_int_tuple(%s) : !cute.shape<"(4,?)"> -> !cute.int_tuple<"(4,?)">
  // CHECK: cute.to_shape(%{{.*}}) : !cute.int_tuple<"(1,4)"> -> !cute.shape<"(1,4)">
  %b = cute.to_shape(%t) : !cute.int_tuple<"(1,4)"> -> !cute.shape<"(1,4)">
  // CHECK: cute.to_stride(%{{.*}}) : !cute.int_tuple<"(1,4)"> -> !cute.stride<"(1,4)">
  %c = cute.to_stride(%t) : !cute.int_tuple<"(1,4)"> -> !cute.stride<"(1,4)">
  // CHECK: cute.to_coord(%{{.*}}) : !cute.int_tuple<"(1,4)"> -> !cute.coord<"(1,4)">
  %d = cute.to_coord(%t) : !cute.int_tuple<"(1,4)"> -> !cute.coord<"(1,4)">
  return
}
