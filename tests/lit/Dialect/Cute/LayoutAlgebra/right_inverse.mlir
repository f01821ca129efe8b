// cute.right_inverse(%l) : (L) -> R with L(R(i)) = i: integer strides as
// CuTe inverts them, run-time strides skipped (the chain follows static
// strides only), and coordinate layouts (scaled-basis strides) inverted one
// codomain mode at a time.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// Row-major 3x2: the inverse walks the columns first.
// CHECK-LABEL: @row_major
// CHECK: cute.right_inverse(%{{.*}}) : (!cute.layout<"(3,2):(2,1)">) -> !cute.layout<"(2,3):(3,1)">
func.func @row_major(%l: !cute.layout<"(3,2):(2,1)">) {
  %r = cute.right_inverse(%l) : (!cute.layout<"(3,2):(2,1)">) -> !cute.layout<"(2,3):(3,1)">
  return
}

// -----

// The run-time stride of mode 2 is skipped: stride 1 (mode 1, index stride
// 3) then stride 8 (mode 0, index stride 1).
// CHECK-LABEL: @run_time_stride
// CHECK: -> !cute.layout<"(8,3):(3,1)">
func.func @run_time_stride(%l: !cute.layout<"(3,8,5):(8,1,?)">) {
  %r = cute.right_inverse(%l) : (!cute.layout<"(3,8,5):(8,1,?)">) -> !cute.layout<"(8,3):(3,1)">
  return
}

// -----

// No static stride 1: the inverse is the empty walk 1:0.
// CHECK-LABEL: @no_unit_stride
// CHECK: -> !cute.layout<"1:0">
func.func @no_unit_stride(%l: !cute.layout<"(6,2):(?,12)">) {
  %r = cute.right_inverse(%l) : (!cute.layout<"(6,2):(?,12)">) -> !cute.layout<"1:0">
  return
}

// -----

// A transposed coordinate layout: codomain mode 0 is reached by mode 1
// (index stride 3), mode 1 by mode 0.
// CHECK-LABEL: @transposed_coordinates
// CHECK: (!cute.layout<"(3,7):(1@1,1@0)">) -> !cute.layout<"(7,3):(3,1)">
func.func @transposed_coordinates(%l: !cute.layout<"(3,7):(1@1,1@0)">) {
  %r = cute.right_inverse(%l) : (!cute.layout<"(3,7):(1@1,1@0)">) -> !cute.layout<"(7,3):(3,1)">
  return
}

// -----

// Per codomain mode the chain 1, 2 of basis 0 (index strides 1, 6) and leaf 1 of mode 2, nested
// codomain modes keep their nesting, an unreached mode is 1:0.
// CHECK-LABEL: @nested_codomain
// CHECK: -> !cute.layout<"((2,2),1,(1,3)):((1,6),0,(0,2))">
func.func @nested_codomain(%l: !cute.layout<"(2,3,2):(1@0,1@1@2,2@0)">) {
  %r = cute.right_inverse(%l) : (!cute.layout<"(2,3,2):(1@0,1@1@2,2@0)">) -> !cute.layout<"((2,2),1,(1,3)):((1,6),0,(0,2))">
  return
}
