// cute.make_ordered_layout: compact strides assigned in increasing order
// value; NVIDIA's CuTe IR spelling. Round trip (custom and generic form) and
// the inferred result.
// RUN: %cute-opt %s -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// Mode 2 varies fastest, then mode 0, then mode 1.
// CHECK-LABEL: @three_modes
// CHECK: cute.make_ordered_layout(%{{.*}}, %{{.*}}) : (!cute.shape<"(2,3,5)">, !cute.int_tuple<"(1,2,0)">) -> !cute.layout<"(2,3,5):(5,10,1)">
func.func @three_modes(%s: !cute.shape<"(2,3,5)">, %o: !cute.int_tuple<"(1,2,0)">) -> !cute.layout<"(2,3,5):(5,10,1)"> {
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(2,3,5)">, !cute.int_tuple<"(1,2,0)">) -> !cute.layout<"(2,3,5):(5,10,1)">
  return %l : !cute.layout<"(2,3,5):(5,10,1)">
}

// -----

// A leaf of the order ranks a whole nested mode; an extent-1 mode is a
// broadcast (stride 0), as CuTe's compact strides.
// CHECK-LABEL: @nested_and_unit
// CHECK: -> !cute.layout<"((2,2),1,3):((3,6),0,1)">
func.func @nested_and_unit(%s: !cute.shape<"((2,2),1,3)">, %o: !cute.int_tuple<"(1,2,0)">) -> !cute.layout<"((2,2),1,3):((3,6),0,1)"> {
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"((2,2),1,3)">, !cute.int_tuple<"(1,2,0)">) -> !cute.layout<"((2,2),1,3):((3,6),0,1)">
  return %l : !cute.layout<"((2,2),1,3):((3,6),0,1)">
}

// -----

// A run-time extent: strides assigned after it (in order) are run-time.
// CHECK-LABEL: @run_time_extent
// CHECK: -> !cute.layout<"(4,?,8):(1,32,4)">
func.func @run_time_extent(%s: !cute.shape<"(4,?,8)">, %o: !cute.int_tuple<"(0,2,1)">) -> !cute.layout<"(4,?,8):(1,32,4)"> {
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,?,8)">, !cute.int_tuple<"(0,2,1)">) -> !cute.layout<"(4,?,8):(1,32,4)">
  return %l : !cute.layout<"(4,?,8):(1,32,4)">
}

// -----

// CHECK-LABEL: @after_run_time
// CHECK: -> !cute.layout<"(?,4):(1,?)">
func.func @after_run_time(%s: !cute.shape<"(?,4)">, %o: !cute.int_tuple<"(0,1)">) -> !cute.layout<"(?,4):(1,?)"> {
  %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(?,4)">, !cute.int_tuple<"(0,1)">) -> !cute.layout<"(?,4):(1,?)">
  return %l : !cute.layout<"(?,4):(1,?)">
}
