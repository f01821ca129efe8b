// cute.composition(%a, %b) : (A, B) -> R, R(i) = A(B(i)), with run-time
// values: CuTe's algorithm step by step (A coalesced first, B's tree kept),
// `?` where CuTe computes at run time (static cases: ../algebra.mlir).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// A single-mode A scales B's strides.
// CHECK-LABEL: @single_mode
// CHECK: cute.composition(%{{.*}}, %{{.*}}) : (!cute.layout<"?:?">, !cute.layout<"(4,?):(2,8)">) -> !cute.layout<"(4,?):(?,?)">
func.func @single_mode(%a: !cute.layout<"?:?">, %b: !cute.layout<"(4,?):(2,8)">) {
  %r = cute.composition(%a, %b) : (!cute.layout<"?:?">, !cute.layout<"(4,?):(2,8)">) -> !cute.layout<"(4,?):(?,?)">
  return
}

// -----

// A coalesces to 24:1 first, so a run-time B stride only scales.
// CHECK-LABEL: @coalesced_first
// CHECK: -> !cute.layout<"(3,2):(1,?)">
func.func @coalesced_first(%a: !cute.layout<"(4,6):(1,4)">, %b: !cute.layout<"(3,2):(1,?)">) {
  %r = cute.composition(%a, %b) : (!cute.layout<"(4,6):(1,4)">, !cute.layout<"(3,2):(1,?)">) -> !cute.layout<"(3,2):(1,?)">
  return
}

// -----

// Run-time extents of A: each B leaf spans both modes of A at run time.
// CHECK-LABEL: @run_time_extents
// CHECK: -> !cute.layout<"((?,?)):((?,?))">
func.func @run_time_extents(%a: !cute.layout<"(?,?):(1,?)">, %b: !cute.layout<"(6):(1)">) {
  %r = cute.composition(%a, %b) : (!cute.layout<"(?,?):(1,?)">, !cute.layout<"(6):(1)">) -> !cute.layout<"((?,?)):((?,?))">
  return
}

// -----

// A static decision stays static: 2:1 fits in mode 0 (extent 4) of A.
// CHECK-LABEL: @static_decision
// CHECK: -> !cute.layout<"2:1">
func.func @static_decision(%a: !cute.layout<"(4,?):(1,4)">, %b: !cute.layout<"2:1">) {
  %r = cute.composition(%a, %b) : (!cute.layout<"(4,?):(1,4)">, !cute.layout<"2:1">) -> !cute.layout<"2:1">
  return
}

// -----

// A composed layout composes its outer layout.
// CHECK-LABEL: @composed
// CHECK: -> !cute.composed_layout<"(4,5):(1,4) o 2 o (?,3):(1,2)">
func.func @composed(%a: !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">, %b: !cute.layout<"(?,3):(1,2)">) {
  %r = cute.composition(%a, %b) : (!cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">, !cute.layout<"(?,3):(1,2)">) -> !cute.composed_layout<"(4,5):(1,4) o 2 o (?,3):(1,2)">
  return
}

// -----

// A tiler with basis strides (CuTe's special case): leaf s:c@p composes
// mode p of A with s:c; here it transposes (4,8):(8,1).
// CHECK-LABEL: @basis_tiler
// CHECK: -> !cute.layout<"(8,4):(1,8)">
func.func @basis_tiler(%a: !cute.layout<"(4,8):(8,1)">, %b: !cute.layout<"(8,4):(1@1,1@0)">) {
  %r = cute.composition(%a, %b) : (!cute.layout<"(4,8):(8,1)">, !cute.layout<"(8,4):(1@1,1@0)">) -> !cute.layout<"(8,4):(1,8)">
  return
}

// -----

// A nested basis picks a sub-mode: 2:2@1@1 takes every other element of
// mode (1,1) (extent 6, stride 1).
// CHECK-LABEL: @nested_basis_tiler
// CHECK: -> !cute.layout<"(2,3):(2,5)">
func.func @nested_basis_tiler(%a: !cute.layout<"(5,(2,6)):(5,(30,1))">, %b: !cute.layout<"(2,3):(2@1@1,1@0)">) {
  %r = cute.composition(%a, %b) : (!cute.layout<"(5,(2,6)):(5,(30,1))">, !cute.layout<"(2,3):(2@1@1,1@0)">) -> !cute.layout<"(2,3):(2,5)">
  return
}
