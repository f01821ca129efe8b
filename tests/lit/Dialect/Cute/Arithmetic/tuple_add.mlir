// cute.tuple_add / cute.tuple_sub: leaf by leaf over the common modes; the
// longer operand's extra modes are kept (CuTe pads a sum with zeros), a
// scalar 0 is the empty tuple.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @longer_right
// CHECK: cute.tuple_add(%{{.*}}, %{{.*}}) : (!cute.shape<"(2,3)">, !cute.shape<"(10,20,7)">) -> !cute.shape<"(12,23,7)">
func.func @longer_right(%a: !cute.shape<"(2,3)">, %b: !cute.shape<"(10,20,7)">) {
  %r = cute.tuple_add(%a, %b) : (!cute.shape<"(2,3)">, !cute.shape<"(10,20,7)">) -> !cute.shape<"(12,23,7)">
  return
}

// -----

// A difference keeps the subtrahend's extra modes as they are, at any depth.
// CHECK-LABEL: @nested_difference
// CHECK: -> !cute.int_tuple<"((7,?),(1,9))">
func.func @nested_difference(%a: !cute.int_tuple<"((9,?),(4))">, %b: !cute.int_tuple<"((2,1),(3,9))">) {
  %r = cute.tuple_sub(%a, %b) : (!cute.int_tuple<"((9,?),(4))">, !cute.int_tuple<"((2,1),(3,9))">) -> !cute.int_tuple<"((7,?),(1,9))">
  return
}

// -----

// CHECK-LABEL: @zero_scalar
// CHECK: (!cute.coord<"0">, !cute.coord<"(?,5)">) -> !cute.coord<"(?,5)">
func.func @zero_scalar(%a: !cute.coord<"0">, %b: !cute.coord<"(?,5)">) {
  %r = cute.tuple_add(%a, %b) : (!cute.coord<"0">, !cute.coord<"(?,5)">) -> !cute.coord<"(?,5)">
  return
}
