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

// -----

// Run-time values follow CuTe's algorithm: a rank-1 run-time stride leaves
// a run-time gap below it and a run-time rest above.
// CHECK-LABEL: @run_time_stride
// CHECK: (!cute.layout<"5:?">, !cute.shape<"40">) -> !cute.layout<"(?,?):(1,?)">
func.func @run_time_stride(%l: !cute.layout<"5:?">, %t: !cute.shape<"40">) {
  %c = cute.complement(%l, %t) : (!cute.layout<"5:?">, !cute.shape<"40">) -> !cute.layout<"(?,?):(1,?)">
  return
}

// -----

// A run-time cotarget: the gap below stride 3 is static, the rest is not.
// CHECK-LABEL: @run_time_cotarget
// CHECK: (!cute.layout<"4:3">, !cute.shape<"?">) -> !cute.layout<"(3,?):(1,12)">
func.func @run_time_cotarget(%l: !cute.layout<"4:3">, %t: !cute.shape<"?">) {
  %c = cute.complement(%l, %t) : (!cute.layout<"4:3">, !cute.shape<"?">) -> !cute.layout<"(3,?):(1,12)">
  return
}

// -----

// Static strides of a run-time extent sort at compile time; the span
// 16 * ? is run-time, so is each leaf of the rest ceil_div((3,?), 16 * ?).
// CHECK-LABEL: @run_time_extent
// CHECK: -> !cute.layout<"(2,?,?):(1,?,?)">
func.func @run_time_extent(%l: !cute.layout<"(8,?):(2,16)">, %t: !cute.shape<"(3,?)">) {
  %c = cute.complement(%l, %t) : (!cute.layout<"(8,?):(2,16)">, !cute.shape<"(3,?)">) -> !cute.layout<"(2,?,?):(1,?,?)">
  return
}

// -----

// A stride-0 layout complements to the compact cotarget.
// CHECK-LABEL: @zero_stride
// CHECK: -> !cute.layout<"(4,?):(1,4)">
func.func @zero_stride(%l: !cute.layout<"8:0">, %t: !cute.shape<"(4,?)">) {
  %c = cute.complement(%l, %t) : (!cute.layout<"8:0">, !cute.shape<"(4,?)">) -> !cute.layout<"(4,?):(1,4)">
  return
}

// -----

// A coordinate layout complements per codomain mode: gaps below each
// stride, then the rest to the mode's cosize; an unreached mode is 1:1@p.
// CHECK-LABEL: @coordinates
// CHECK: (!cute.layout<"(2,4):(3@1,1@0)">) -> !cute.layout<"((1),(3,1)):((4@0),(1@1,6@1))">
func.func @coordinates(%l: !cute.layout<"(2,4):(3@1,1@0)">) {
  %c = cute.complement(%l) : (!cute.layout<"(2,4):(3@1,1@0)">) -> !cute.layout<"((1),(3,1)):((4@0),(1@1,6@1))">
  return
}
