// cute.tile_to_shape: a block replicated to cover a target shape, as CuTe
// builds a shared-memory stage from a swizzle atom.
// RUN: %cute-opt %s -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// The 128B-swizzle K-major f16 atom (8x64) tiled to a 128x64 stage with 3
// pipeline stages: the atom repeats down M, then across stages.
// CHECK-LABEL: @smem_stage
// CHECK: cute.tile_to_shape(%{{.*}}, %{{.*}}) : (!cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, !cute.shape<"(128,64,3)">) -> !cute.composed_layout<"S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">
func.func @smem_stage(%atom: !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, %s: !cute.shape<"(128,64,3)">) {
  %r = cute.tile_to_shape(%atom, %s) : (!cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">, !cute.shape<"(128,64,3)">) -> !cute.composed_layout<"S<3,3,3> o 0 o ((8,16),(64,1),(1,3)):((64,512),(1,0),(0,8192))">
  return
}

// -----

// A target that the block does not divide is covered by rounding up.
// CHECK-LABEL: @round_up
// CHECK: -> !cute.layout<"((2,3),(4,2)):((1,8),(2,24))">
func.func @round_up(%b: !cute.layout<"(2,4):(1,2)">, %s: !cute.shape<"(5,7)">) {
  %r = cute.tile_to_shape(%b, %s) : (!cute.layout<"(2,4):(1,2)">, !cute.shape<"(5,7)">) -> !cute.layout<"((2,3),(4,2)):((1,8),(2,24))">
  return
}

// -----

// An order that tiles mode 1 first changes only the replicas' strides.
// CHECK-LABEL: @mode_one_first
// CHECK: -> !cute.layout<"((4,2),(4,3)):((1,48),(4,16))">
func.func @mode_one_first(%b: !cute.layout<"(4,4):(1,4)">, %s: !cute.shape<"(8,12)">, %o: !cute.int_tuple<"(1,0)">) {
  %r = cute.tile_to_shape(%b, %s, %o) : (!cute.layout<"(4,4):(1,4)">, !cute.shape<"(8,12)">, !cute.int_tuple<"(1,0)">) -> !cute.layout<"((4,2),(4,3)):((1,48),(4,16))">
  return
}

// -----

// A run-time target: ceil(? / 2) replicas of mode 1, at run time.
// CHECK-LABEL: @run_time_target
// CHECK: -> !cute.layout<"((2,2),(2,?)):((1,4),(2,8))">
func.func @run_time_target(%b: !cute.layout<"(2,2):(1,2)">, %s: !cute.shape<"(4,?)">) {
  %r = cute.tile_to_shape(%b, %s) : (!cute.layout<"(2,2):(1,2)">, !cute.shape<"(4,?)">) -> !cute.layout<"((2,2),(2,?)):((1,4),(2,8))">
  return
}

// -----

// A composed layout with a layout inner part tiles its outer layout.
// CHECK-LABEL: @layout_inner
// CHECK: -> !cute.composed_layout<"(4,5):(1,4) o 1 o ((2,2),(2,2)):((1,4),(2,8))">
func.func @layout_inner(%c: !cute.composed_layout<"(4,5):(1,4) o 1 o (2,2):(1,2)">, %s: !cute.shape<"(4,4)">) {
  %r = cute.tile_to_shape(%c, %s) : (!cute.composed_layout<"(4,5):(1,4) o 1 o (2,2):(1,2)">, !cute.shape<"(4,4)">) -> !cute.composed_layout<"(4,5):(1,4) o 1 o ((2,2),(2,2)):((1,4),(2,8))">
  return
}
