// Composition and the divides of coordinate layouts (scaled-basis strides,
// what make_identity_layout builds for predication): CuTe multiplies the
// strides by integers, so a basis stride scales and keeps its basis.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @zipped
// CHECK: cute.zipped_divide(%{{.*}}, %{{.*}}) : (!cute.layout<"(8,6):(1@0,1@1)">, !cute.tile<"[4:1;3:1]">) -> !cute.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">
func.func @zipped(%a: !cute.layout<"(8,6):(1@0,1@1)">, %t: !cute.tile<"[4:1;3:1]">) {
  %r = cute.zipped_divide(%a, %t) : (!cute.layout<"(8,6):(1@0,1@1)">, !cute.tile<"[4:1;3:1]">) -> !cute.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">
  return
}

// -----

// A strided tile of a transposed coordinate layout: every other row.
// CHECK-LABEL: @strided
// CHECK: -> !cute.layout<"((4,2),(3,1)):((2@1,1@1),(1@0,0))">
func.func @strided(%a: !cute.layout<"(8,3):(1@1,1@0)">, %t: !cute.tile<"[4:2;3:1]">) {
  %r = cute.logical_divide(%a, %t) : (!cute.layout<"(8,3):(1@1,1@0)">, !cute.tile<"[4:2;3:1]">) -> !cute.layout<"((4,2),(3,1)):((2@1,1@1),(1@0,0))">
  return
}

// -----

// Modes of one basis merge as CuTe coalesces them (2 * 1@0 == 2@0).
// CHECK-LABEL: @merged
// CHECK: -> !cute.layout<"4:2@0">
func.func @merged(%a: !cute.layout<"(2,4):(1@0,2@0)">, %b: !cute.layout<"4:2">) {
  %r = cute.composition(%a, %b) : (!cute.layout<"(2,4):(1@0,2@0)">, !cute.layout<"4:2">) -> !cute.layout<"4:2@0">
  return
}

// -----

// A declared stride on an extent-1 mode is not checked: it is never used.
// CHECK-LABEL: @unit_mode
// CHECK: -> !cute.layout<"((2,3),(2,1)):((1@0,1@1),(2@0,3@1))">
func.func @unit_mode(%a: !cute.layout<"(4,3):(1@0,1@1)">, %s: !cute.shape<"(2,3)">) {
  %r = cute.zipped_divide(%a, %s) : (!cute.layout<"(4,3):(1@0,1@1)">, !cute.shape<"(2,3)">) -> !cute.layout<"((2,3),(2,1)):((1@0,1@1),(2@0,3@1))">
  return
}

// -----

// A coordinate tiler: 2:32@0 takes rows 0 and 32 of mode 0 (A's mode 0 has
// stride 1@1); the rest is the complement in A's coordinate box (64,16).
// CHECK-LABEL: @coordinate_tiler
// CHECK: -> !cute.layout<"(2,(32,16)):(32@1,(1@1,1@0))">
func.func @coordinate_tiler(%a: !cute.layout<"(64,16):(1@1,1@0)">, %b: !cute.layout<"2:32@0">) {
  %r = cute.logical_divide(%a, %b) : (!cute.layout<"(64,16):(1@1,1@0)">, !cute.layout<"2:32@0">) -> !cute.layout<"(2,(32,16)):(32@1,(1@1,1@0))">
  return
}
