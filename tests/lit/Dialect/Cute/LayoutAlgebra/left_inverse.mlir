// cute.left_inverse(%l) : (L) -> R with R(L(i)) = i on an injective L:
// integer strides as CuTe inverts them, coordinate layouts (scaled-basis
// strides) one codomain mode at a time.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// Stride 3 leaves gaps: index 3k maps back to k, the gap is a stride-0 mode.
// CHECK-LABEL: @gaps
// CHECK: cute.left_inverse(%{{.*}}) : (!cute.layout<"5:3">) -> !cute.layout<"(3,5):(0,1)">
func.func @gaps(%l: !cute.layout<"5:3">) {
  %r = cute.left_inverse(%l) : (!cute.layout<"5:3">) -> !cute.layout<"(3,5):(0,1)">
  return
}

// -----

// Basis 0 has coefficients 1 then 3 (index strides 1, 4), basis 1 has 2
// (index stride 2): each codomain mode is the left inverse of its part.
// CHECK-LABEL: @coordinates
// CHECK: -> !cute.layout<"((3,2),(2,2)):((1,4),(0,2))">
func.func @coordinates(%l: !cute.layout<"(2,2,2):(1@0,2@1,3@0)">) {
  %r = cute.left_inverse(%l) : (!cute.layout<"(2,2,2):(1@0,2@1,3@0)">) -> !cute.layout<"((3,2),(2,2)):((1,4),(0,2))">
  return
}

// -----

// Zero strides reach no codomain mode.
// CHECK-LABEL: @zeros
// CHECK: -> !cute.layout<"(6,4):(8,1)">
func.func @zeros(%l: !cute.layout<"(4,2,6):(1@1,0,1@0)">) {
  %r = cute.left_inverse(%l) : (!cute.layout<"(4,2,6):(1@1,0,1@0)">) -> !cute.layout<"(6,4):(8,1)">
  return
}
