// cute.crd2idx(%c, %l) (and its NVIDIA name cute.layout_eval): a layout, a
// composed layout, or a shape (its compact column-major layout, CuTe's
// crd2idx(coord, shape)); the coordinate is a !cute.coord.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// (1,(2,3)) in (4,(3,5)): 1 + 4 * (2 + 3 * 3) = 45.
// CHECK-LABEL: @shape
// CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<"(1,(2,3))">, !cute.shape<"(4,(3,5))">) -> !cute.int_tuple<"45">
func.func @shape(%c: !cute.coord<"(1,(2,3))">, %s: !cute.shape<"(4,(3,5))">) {
  %i = cute.crd2idx(%c, %s) : (!cute.coord<"(1,(2,3))">, !cute.shape<"(4,(3,5))">) -> !cute.int_tuple<"45">
  return
}

// -----

// A run-time extent makes the later strides run-time.
// CHECK-LABEL: @run_time_shape
// CHECK: -> !cute.int_tuple<"?">
func.func @run_time_shape(%c: !cute.coord<"(1,2)">, %s: !cute.shape<"(?,8)">) {
  %i = cute.crd2idx(%c, %s) : (!cute.coord<"(1,2)">, !cute.shape<"(?,8)">) -> !cute.int_tuple<"?">
  return
}

// -----

// Nested bases: `c@j@k` is component j of mode k.
// CHECK-LABEL: @nested_basis
// CHECK: cute.layout_eval(%{{.*}}, %{{.*}}) : (!cute.coord<"5">, !cute.layout<"((2,3),4):((2@0@0,3@1@0),5@1)">) -> !cute.int_tuple<"((2,6),0)">
func.func @nested_basis(%c: !cute.coord<"5">, %l: !cute.layout<"((2,3),4):((2@0@0,3@1@0),5@1)">) {
  %i = cute.layout_eval(%c, %l) : (!cute.coord<"5">, !cute.layout<"((2,3),4):((2@0@0,3@1@0),5@1)">) -> !cute.int_tuple<"((2,6),0)">
  return
}

// -----

// Issue 37: the case of the removed `crd_basis_nesting` negative test. Since
// nested bases read `c@j@k` as component j of mode k, 1@0 (component 0) and
// 1@0@1 (component 0 of mode 1) name different components: (1,1) gives
// (1,(1)). Bases that do nest differently are refused (crd2idx_errors.mlir).
// CHECK-LABEL: @bases_at_different_components
// CHECK: -> !cute.int_tuple<"(1,(1))">
func.func @bases_at_different_components(%c: !cute.coord<"(1,1)">, %l: !cute.layout<"(2,3):(1@0,1@0@1)">) {
  %i = cute.crd2idx(%c, %l) : (!cute.coord<"(1,1)">, !cute.layout<"(2,3):(1@0,1@0@1)">) -> !cute.int_tuple<"(1,(1))">
  return
}
