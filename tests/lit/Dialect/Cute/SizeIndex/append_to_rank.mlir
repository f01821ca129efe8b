// cute.append_to_rank<N> / the element added on the right until rank N.
// RUN: %cute-opt %s -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// A stride padded with zeros: the result type is inferred.
// CHECK-LABEL: @stride
// CHECK: cute.append_to_rank<3> (%{{.*}}, %{{.*}}) : !cute.stride<"(1,?)">, !cute.stride<"0">
func.func @stride(%d: !cute.stride<"(1,?)">, %z: !cute.stride<"0">) -> !cute.stride<"(1,?,0)"> {
  %r = cute.append_to_rank<3> (%d, %z) : !cute.stride<"(1,?)">, !cute.stride<"0">
  return %r : !cute.stride<"(1,?,0)">
}

// -----

// A swizzled layout pads its outer layout.
// CHECK-LABEL: @composed
func.func @composed(%l: !cute.composed_layout<"S<2,4,3> o 0 o (16,4):(4,1)">, %e: !cute.layout<"1:0">)
    -> !cute.composed_layout<"S<2,4,3> o 0 o (16,4,1):(4,1,0)"> {
  %r = cute.append_to_rank<3> (%l, %e) : !cute.composed_layout<"S<2,4,3> o 0 o (16,4):(4,1)">, !cute.layout<"1:0">
  return %r : !cute.composed_layout<"S<2,4,3> o 0 o (16,4,1):(4,1,0)">
}

// -----

// Already of the rank: unchanged.
// CHECK-LABEL: @kept
func.func @kept(%c: !cute.coord<"(1,2,3)">, %z: !cute.coord<"0">) -> !cute.coord<"(1,2,3)"> {
  %r = cute.append_to_rank<2> (%c, %z) : !cute.coord<"(1,2,3)">, !cute.coord<"0">
  return %r : !cute.coord<"(1,2,3)">
}
