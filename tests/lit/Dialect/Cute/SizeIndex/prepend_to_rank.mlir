// cute.prepend_to_rank<N>: the element added on the left until rank N.
// RUN: %cute-opt %s -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @layout
// CHECK: cute.prepend_to_rank<4> (%{{.*}}, %{{.*}}) : !cute.layout<"(8,2):(2,1)">, !cute.layout<"1:0">
func.func @layout(%l: !cute.layout<"(8,2):(2,1)">, %e: !cute.layout<"1:0">) -> !cute.layout<"(1,1,8,2):(0,0,2,1)"> {
  %r = cute.prepend_to_rank<4> (%l, %e) : !cute.layout<"(8,2):(2,1)">, !cute.layout<"1:0">
  return %r : !cute.layout<"(1,1,8,2):(0,0,2,1)">
}

// -----

// A scalar is a rank-1 tuple.
// CHECK-LABEL: @scalar
func.func @scalar(%s: !cute.int_tuple<"?">, %e: !cute.int_tuple<"1">) -> !cute.int_tuple<"(1,1,?)"> {
  %r = cute.prepend_to_rank<3> (%s, %e) : !cute.int_tuple<"?">, !cute.int_tuple<"1">
  return %r : !cute.int_tuple<"(1,1,?)">
}
