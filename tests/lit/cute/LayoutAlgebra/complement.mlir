// cute.complement in NVIDIA's forms: without a cotarget (CuTe's
// complement(layout): up to the layout's cosize) and with a layout
// cotarget (its shape), besides the tuple cotarget of algebra.mlir.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// cosize((2,3):(3,1)) = 6: the layout covers it all, the complement is 1:6.
// CHECK-LABEL: @no_cotarget
// CHECK: cute.complement(%{{.*}}) : (!cute.layout<"(2,3):(3,1)">) -> !cute.layout<"1:6">
func.func @no_cotarget(%l: !cute.layout<"(2,3):(3,1)">) {
  %c = cute.complement(%l) : (!cute.layout<"(2,3):(3,1)">) -> !cute.layout<"1:6">
  return
}

// -----

// A gap: cosize(4:3) = 10, the complement fills the stride-3 holes.
// CHECK-LABEL: @gaps
// CHECK: -> !cute.layout<"3:1">
func.func @gaps(%l: !cute.layout<"4:3">) {
  %c = cute.complement(%l) : (!cute.layout<"4:3">) -> !cute.layout<"3:1">
  return
}

// -----

// A layout cotarget stands for its shape: complement(2:4, (8,4)).
// CHECK-LABEL: @layout_cotarget
// CHECK: cute.complement(%{{.*}}, %{{.*}}) : (!cute.layout<"2:4">, !cute.layout<"(8,4):(1,8)">) -> !cute.layout<"(4,4):(1,8)">
func.func @layout_cotarget(%l: !cute.layout<"2:4">, %t: !cute.layout<"(8,4):(1,8)">) {
  %c = cute.complement(%l, %t) : (!cute.layout<"2:4">, !cute.layout<"(8,4):(1,8)">) -> !cute.layout<"(4,4):(1,8)">
  return
}
