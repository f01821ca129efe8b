// Strides NVIDIA's rules accept: bases with zeros, nested bases that agree.
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// CHECK-LABEL: @accepted
// CHECK-SAME: !cute.stride<"(0,1@0,(1@0@1,1@1@1))">
// CHECK-SAME: !cute.layout<"(4,(2,3)):(1@0,(1@0@1,1@1@1))">
func.func @accepted(%d: !cute.stride<"(0,1@0,(1@0@1,1@1@1))">, %l: !cute.layout<"(4,(2,3)):(1@0,(1@0@1,1@1@1))">) {
  return
}

// -----

// A basis with a run-time coefficient (`?@0`, NVIDIA's IR): one operand
// per such leaf, as for `?`; crd2idx gives a run-time component there.
// CHECK-LABEL: @run_time_basis
// CHECK-SAME: !cute.stride<"(1@0,?@1)">
// CHECK: cute.make_stride(%{{.*}}) : (i32) -> !cute.stride<"(1@0,?@1)">
// CHECK: cute.crd2idx(%{{.*}}, %{{.*}}) : (!cute.coord<"(2,1)">, !cute.layout<"(4,3):(1@0,?@1)">) -> !cute.int_tuple<"(2,?)">
func.func @run_time_basis(%d: !cute.stride<"(1@0,?@1)">, %s: i32, %c: !cute.coord<"(2,1)">, %l: !cute.layout<"(4,3):(1@0,?@1)">) {
  %x = cute.make_stride(%s) : (i32) -> !cute.stride<"(1@0,?@1)">
  %i = cute.crd2idx(%c, %l) : (!cute.coord<"(2,1)">, !cute.layout<"(4,3):(1@0,?@1)">) -> !cute.int_tuple<"(2,?)">
  return
}
