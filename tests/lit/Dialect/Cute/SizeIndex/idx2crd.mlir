// cute.idx2crd(%i, %s): the coordinate of an index in a shape; a tuple
// index converts mode by mode (CuTe's idx2crd of a tuple).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @tuple_index
// CHECK: cute.idx2crd(%{{.*}}, %{{.*}}) : (!cute.int_tuple<"(3,5)">, !cute.shape<"(4,(3,2))">) -> !cute.coord<"(3,(2,1))">
func.func @tuple_index(%i: !cute.int_tuple<"(3,5)">, %s: !cute.shape<"(4,(3,2))">) {
  %c = cute.idx2crd(%i, %s) : (!cute.int_tuple<"(3,5)">, !cute.shape<"(4,(3,2))">) -> !cute.coord<"(3,(2,1))">
  return
}

// -----

// The last mode of a tuple shape wraps too (CuTe: (idx / stride) % extent);
// only a scalar shape returns the index unchanged.
// CHECK-LABEL: @run_time_extent
// CHECK: -> !cute.coord<"(1,?)">
func.func @run_time_extent(%i: !cute.int_tuple<"9">, %s: !cute.shape<"(4,?)">) {
  %c = cute.idx2crd(%i, %s) : (!cute.int_tuple<"9">, !cute.shape<"(4,?)">) -> !cute.coord<"(1,?)">
  return
}
