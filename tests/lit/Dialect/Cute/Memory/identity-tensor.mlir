// CuTe's identity (coordinate) tensors: make_identity_tensor, the NVIDIA IR
// spelling !cute.coord_tensor<"origin", "layout"> (a !cute.view over a
// !cute.int_tuple iterator), and the partitions that move the origin by a
// scaled-basis offset. Every result type below is inferred: a wrong one
// fails to parse. Run-time behaviour: tests/lowering_jit.rs
// identity_tensors_give_each_thread_its_coordinates_and_predicate_the_edges.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s

!TC = !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<i32>, !cute.layout<"(32,4):(4,1)">, !cute.tile<"[32:1;4:1]">>

// CHECK-LABEL: func.func @identity
// CHECK: cute.make_identity_tensor(%{{.*}}) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
// CHECK: cute.local_tile({{.*}}) -> !cute.coord_tensor<"(?{div=32},?{div=4})", "(32,4):(1@0,1@1)">
// CHECK: cute.tiled.copy.partition_S {{.*}} -> !cute.coord_tensor<"(?{div=4},?)", "((1,4),1,1):((0,1@0),0,0)">
// CHECK: cute.load {{.*}} : !cute.coord_tensor<"(?{div=4},?)", "((1,4),1,1):((0,1@0),0,0)">, !cute.coord<"(2,0,0)">
// CHECK: cute.elem_less
func.func @identity(%m: i32, %n: i32, %tid: i32, %bx: i32, %by: i32) -> i1 {
  %shape = cute.make_int_tuple(%m, %n) : (i32, i32) -> !cute.shape<"(?,?)">
  %c = cute.make_identity_tensor(%shape) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
  %tiler = cute.static : !cute.tile<"[32:1;4:1]">
  %cta = cute.make_int_tuple(%bx, %by) : (i32, i32) -> !cute.coord<"(?,?)">
  %gc = cute.local_tile(%c, %tiler, %cta) : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.tile<"[32:1;4:1]">, !cute.coord<"(?,?)">) -> !cute.coord_tensor<"(?{div=32},?{div=4})", "(32,4):(1@0,1@1)">
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
  %tc = cute.make_tiled_copy %atom : !TC
  %t = cute.make_int_tuple(%tid) : (i32) -> !cute.int_tuple<"?">
  %pc = cute.tiled.copy.partition_S %tc, %gc, %t : (!TC, !cute.coord_tensor<"(?{div=32},?{div=4})", "(32,4):(1@0,1@1)">, !cute.int_tuple<"?">) -> !cute.coord_tensor<"(?{div=4},?)", "((1,4),1,1):((0,1@0),0,0)">
  %at = cute.static : !cute.coord<"(2,0,0)">
  %xy = cute.load %pc[%at] : !cute.coord_tensor<"(?{div=4},?)", "((1,4),1,1):((0,1@0),0,0)">, !cute.coord<"(2,0,0)">
  %in = cute.elem_less(%xy, %shape) : (!cute.int_tuple<"(?,?)">, !cute.shape<"(?,?)">) -> i1
  return %in : i1
}

// A static identity tensor, a slice of one row, its origin and layout; the
// `!cute.view` spelling is the same type.
// CHECK-LABEL: func.func @static_slice
// CHECK: cute.slice({{.*}}) : !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">, !cute.coord<"(3,_)">
// CHECK: cute.get_iter {{.*}} : (!cute.coord_tensor<"(3,0)", "(6):(1@1)">) -> !cute.int_tuple<"(3,0)">
func.func @static_slice() -> !cute.int_tuple<"(3,0)"> {
  %shape = cute.static : !cute.shape<"(4,6)">
  %c = cute.make_identity_tensor(%shape) : !cute.shape<"(4,6)"> -> !cute.view<!cute.int_tuple<"(0,0)">, !cute.layout<"(4,6):(1@0,1@1)">>
  %row = cute.static : !cute.coord<"(3,_)">
  %r = cute.slice(%c, %row) : !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">, !cute.coord<"(3,_)">
  %o = cute.get_iter %r : (!cute.coord_tensor<"(3,0)", "(6):(1@1)">) -> !cute.int_tuple<"(3,0)">
  return %o : !cute.int_tuple<"(3,0)">
}

// A nested shape keeps its tree in the origin.
// CHECK-LABEL: func.func @nested
// CHECK: !cute.coord_tensor<"(0,(0,0))", "(4,(2,3)):(1@0,(1@0@1,1@1@1))">
func.func @nested(%s: !cute.shape<"(4,(2,3))">) {
  %c = cute.make_identity_tensor(%s) : !cute.shape<"(4,(2,3))"> -> !cute.coord_tensor<"(0,(0,0))", "(4,(2,3)):(1@0,(1@0@1,1@1@1))">
  return
}
