// Strides NVIDIA's rules accept: bases with zeros, nested bases that agree.
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// CHECK-LABEL: @accepted
// CHECK-SAME: !cute.stride<"(0,1@0,(1@0@1,1@1@1))">
// CHECK-SAME: !cute.layout<"(4,(2,3)):(1@0,(1@0@1,1@1@1))">
func.func @accepted(%d: !cute.stride<"(0,1@0,(1@0@1,1@1@1))">, %l: !cute.layout<"(4,(2,3)):(1@0,(1@0@1,1@1@1))">) {
  return
}
