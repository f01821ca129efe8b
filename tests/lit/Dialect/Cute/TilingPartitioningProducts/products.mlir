// The products with a run-time tiler (CuTe's algorithm on run-time values)
// and of coordinate blocks (the complement per codomain mode, NVIDIA's IR).
// Static products: ../algebra.mlir.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// cosize(B) is run-time, so is the complement's extent; its stride 6 is
// static.
// CHECK-LABEL: @run_time_tiler
// CHECK: cute.logical_product(%{{.*}}, %{{.*}}) : (!cute.layout<"(2,3):(3,1)">, !cute.layout<"(?,?):(1,2)">) -> !cute.layout<"((2,3),(?,?)):((3,1),(6,12))">
func.func @run_time_tiler(%a: !cute.layout<"(2,3):(3,1)">, %b: !cute.layout<"(?,?):(1,2)">) {
  %r = cute.logical_product(%a, %b) : (!cute.layout<"(2,3):(3,1)">, !cute.layout<"(?,?):(1,2)">) -> !cute.layout<"((2,3),(?,?)):((3,1),(6,12))">
  return
}

// -----

// CHECK-LABEL: @blocked_run_time
// CHECK: -> !cute.layout<"((2,?),(3,?)):((3,6),(1,12))">
func.func @blocked_run_time(%a: !cute.layout<"(2,3):(3,1)">, %b: !cute.layout<"(?,?):(1,2)">) {
  %r = cute.blocked_product(%a, %b) : (!cute.layout<"(2,3):(3,1)">, !cute.layout<"(?,?):(1,2)">) -> !cute.layout<"((2,?),(3,?)):((3,6),(1,12))">
  return
}

// -----

// A coordinate block is repeated along its last codomain mode.
// CHECK-LABEL: @coordinates
// CHECK: -> !cute.layout<"((2,4),(3,2)):((1@0,1@1),(4@1,12@1))">
func.func @coordinates(%a: !cute.layout<"(2,4):(1@0,1@1)">, %b: !cute.layout<"(3,2):(1,3)">) {
  %r = cute.logical_product(%a, %b) : (!cute.layout<"(2,4):(1@0,1@1)">, !cute.layout<"(3,2):(1,3)">) -> !cute.layout<"((2,4),(3,2)):((1@0,1@1),(4@1,12@1))">
  return
}

// -----

// A strided coordinate block fills its gaps first.
// CHECK-LABEL: @strided_coordinates
// CHECK: -> !cute.layout<"(3,(2,4)):(2@0,(1@0,6@0))">
func.func @strided_coordinates(%a: !cute.layout<"3:2@0">, %b: !cute.layout<"(2,4):(1,2)">) {
  %r = cute.logical_product(%a, %b) : (!cute.layout<"3:2@0">, !cute.layout<"(2,4):(1,2)">) -> !cute.layout<"(3,(2,4)):(2@0,(1@0,6@0))">
  return
}
