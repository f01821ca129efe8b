// cute.slice / cute.dice of tuples (NVIDIA's forms; layouts and views are in
// ../memory.mlir and ../algebra.mlir): the modes a coordinate marks with `_`
// are kept (slice) or dropped (dice).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @shape
func.func @shape(%s: !cute.shape<"(4,(8,2),?)">, %c: !cute.coord<"(_,(1,_),0)">) -> (!cute.shape<"(4,2)">, !cute.shape<"(8,?)">) {
  // CHECK: cute.slice(%{{.*}}, %{{.*}}) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  %k = cute.slice(%s, %c) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  // CHECK: cute.dice(%{{.*}}, %{{.*}}) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  %d = cute.dice(%s, %c) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  return %k, %d : !cute.shape<"(4,2)">, !cute.shape<"(8,?)">
}

// -----

// CHECK-LABEL: @stride
func.func @stride(%s: !cute.stride<"(1,?,64)">, %c: !cute.coord<"(_,0,_)">) -> !cute.stride<"(1,64)"> {
  %k = cute.slice(%s, %c) : !cute.stride<"(1,?,64)">, !cute.coord<"(_,0,_)">
  return %k : !cute.stride<"(1,64)">
}

// -----

// A composed layout with a layout inner part: the removed mode's offset
// (row 2 of a stride-1 mode) joins the composed offset 3.
// CHECK-LABEL: @composed_layout_inner
// CHECK-SAME: -> !cute.composed_layout<"(6,4):(1,6) o 5 o (4):(5)">
// CHECK: cute.slice(%{{.*}}, %{{.*}}) : !cute.composed_layout<"(6,4):(1,6) o 3 o (5,4):(1,5)">, !cute.coord<"(2,_)">
func.func @composed_layout_inner(%l: !cute.composed_layout<"(6,4):(1,6) o 3 o (5,4):(1,5)">, %c: !cute.coord<"(2,_)">) -> !cute.composed_layout<"(6,4):(1,6) o 5 o (4):(5)"> {
  %s = cute.slice(%l, %c) : !cute.composed_layout<"(6,4):(1,6) o 3 o (5,4):(1,5)">, !cute.coord<"(2,_)">
  return %s : !cute.composed_layout<"(6,4):(1,6) o 5 o (4):(5)">
}

// -----

// A run-time coordinate makes the composed offset run-time.
// CHECK-LABEL: @composed_run_time_offset
// CHECK-SAME: -> !cute.composed_layout<"(6,4):(1,6) o ? o (4):(5)">
// CHECK: cute.slice(%{{.*}}, %{{.*}}) : !cute.composed_layout<"(6,4):(1,6) o 3 o (5,4):(1,5)">, !cute.coord<"(?,_)">
func.func @composed_run_time_offset(%l: !cute.composed_layout<"(6,4):(1,6) o 3 o (5,4):(1,5)">, %c: !cute.coord<"(?,_)">) -> !cute.composed_layout<"(6,4):(1,6) o ? o (4):(5)"> {
  %s = cute.slice(%l, %c) : !cute.composed_layout<"(6,4):(1,6) o 3 o (5,4):(1,5)">, !cute.coord<"(?,_)">
  return %s : !cute.composed_layout<"(6,4):(1,6) o ? o (4):(5)">
}

// -----

// A swizzle keeps its offset: the slice's offset moves the pointer.
// CHECK-LABEL: @swizzled
// CHECK-SAME: -> !cute.composed_layout<"S<2,3,3> o 0 o (16):(32)">
// CHECK: cute.slice(%{{.*}}, %{{.*}}) : !cute.composed_layout<"S<2,3,3> o 0 o (32,16):(1,32)">, !cute.coord<"(7,_)">
func.func @swizzled(%l: !cute.composed_layout<"S<2,3,3> o 0 o (32,16):(1,32)">, %c: !cute.coord<"(7,_)">) -> !cute.composed_layout<"S<2,3,3> o 0 o (16):(32)"> {
  %s = cute.slice(%l, %c) : !cute.composed_layout<"S<2,3,3> o 0 o (32,16):(1,32)">, !cute.coord<"(7,_)">
  return %s : !cute.composed_layout<"S<2,3,3> o 0 o (16):(32)">
}

// -----

// dice keeps the other modes; it has no offset to move.
// CHECK-LABEL: @dice_composed
// CHECK-SAME: -> !cute.composed_layout<"S<2,3,3> o 0 o (16):(32)">
// CHECK: cute.dice(%{{.*}}, %{{.*}}) : !cute.composed_layout<"S<2,3,3> o 0 o (32,16,2):(1,32,512)">, !cute.coord<"(_,3,_)">
func.func @dice_composed(%l: !cute.composed_layout<"S<2,3,3> o 0 o (32,16,2):(1,32,512)">, %c: !cute.coord<"(_,3,_)">) -> !cute.composed_layout<"S<2,3,3> o 0 o (16):(32)"> {
  %s = cute.dice(%l, %c) : !cute.composed_layout<"S<2,3,3> o 0 o (32,16,2):(1,32,512)">, !cute.coord<"(_,3,_)">
  return %s : !cute.composed_layout<"S<2,3,3> o 0 o (16):(32)">
}

// -----

// Every mode sliced away: the empty layout (CuTe's slice by integers).
// CHECK-LABEL: @everything
// CHECK-SAME: -> !cute.layout<"():()">
func.func @everything(%l: !cute.layout<"(2,3,4):(1,2,6)">, %c: !cute.coord<"(1,0,2)">) -> !cute.layout<"():()"> {
  %s = cute.slice(%l, %c) : !cute.layout<"(2,3,4):(1,2,6)">, !cute.coord<"(1,0,2)">
  return %s : !cute.layout<"():()">
}
