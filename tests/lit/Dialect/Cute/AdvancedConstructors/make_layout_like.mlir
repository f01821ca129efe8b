// cute.make_layout_like: the source's shape with compact strides in the
// order of the source's stride magnitudes (broadcast modes stay stride 0).
// RUN: %cute-opt %s -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @row_major_padded
// CHECK: cute.make_layout_like(%{{.*}}) : !cute.layout<"(3,5):(8,1)"> -> !cute.layout<"(3,5):(5,1)">
func.func @row_major_padded(%l: !cute.layout<"(3,5):(8,1)">) -> !cute.layout<"(3,5):(5,1)"> {
  %r = cute.make_layout_like(%l) : !cute.layout<"(3,5):(8,1)"> -> !cute.layout<"(3,5):(5,1)">
  return %r : !cute.layout<"(3,5):(5,1)">
}

// -----

// CHECK-LABEL: @broadcast
// CHECK: -> !cute.layout<"(4,2,3):(1,0,4)">
func.func @broadcast(%l: !cute.layout<"(4,2,3):(2,0,16)">) -> !cute.layout<"(4,2,3):(1,0,4)"> {
  %r = cute.make_layout_like(%l) : !cute.layout<"(4,2,3):(2,0,16)"> -> !cute.layout<"(4,2,3):(1,0,4)">
  return %r : !cute.layout<"(4,2,3):(1,0,4)">
}

// -----

// A swizzled layout: its outer layout decides.
// CHECK-LABEL: @composed
// CHECK: -> !cute.layout<"(16,4):(4,1)">
func.func @composed(%l: !cute.composed_layout<"S<2,4,3> o 0 o (16,4):(64,1)">) -> !cute.layout<"(16,4):(4,1)"> {
  %r = cute.make_layout_like(%l) : !cute.composed_layout<"S<2,4,3> o 0 o (16,4):(64,1)"> -> !cute.layout<"(16,4):(4,1)">
  return %r : !cute.layout<"(16,4):(4,1)">
}

// -----

// Run-time strides: the static ones first (in increasing order), then the
// run-time ones in mode order, each taking the compact stride so far.
// CHECK-LABEL: @run_time_strides
// CHECK: -> !cute.layout<"(8,?,4,?):(?,?,?,1)">
func.func @run_time_strides(%l: !cute.layout<"(8,?,4,?):(?,?,?,1)">) {
  %r = cute.make_layout_like(%l) : !cute.layout<"(8,?,4,?):(?,?,?,1)"> -> !cute.layout<"(8,?,4,?):(?,?,?,1)">
  return
}

// -----

// CHECK-LABEL: @mixed
// CHECK: -> !cute.layout<"(4,?,2):(2,8,1)">
func.func @mixed(%l: !cute.layout<"(4,?,2):(6,?,3)">) {
  %r = cute.make_layout_like(%l) : !cute.layout<"(4,?,2):(6,?,3)"> -> !cute.layout<"(4,?,2):(2,8,1)">
  return
}
