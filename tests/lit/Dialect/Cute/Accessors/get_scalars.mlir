// cute.get_scalars: the integers of a cute value, all or only the run-time
// ones; cute-desugar makes the static ones constants and reads the others.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM

// A strided layout with a run-time extent and leading dimension: shape
// leaves, then stride leaves.
// CHECK-LABEL: @layout_all
// CHECK: %{{.*}}:6 = cute.get_scalars (%{{.*}}) : !cute.layout<"((2,?),4):((1,?),64)">
// DESUGAR-LABEL: @layout_all
// DESUGAR: cute.get_shape
// DESUGAR: cute.get_stride
// DESUGAR: arith.constant 2 : i32
// The values, in order: 2, the run-time extent (field [0, 2] of the
// layout struct), 4, 1, the run-time stride ([0, 3]), 64.
// LLVM-LABEL: @layout_all
// LLVM-DAG: %[[M:.*]] = llvm.extractvalue %arg0[0, 2]
// LLVM-DAG: %[[LD:.*]] = llvm.extractvalue %arg0[0, 3]
// LLVM-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// LLVM-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32)
// LLVM-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32)
// LLVM-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32)
// LLVM: %[[R0:.*]] = llvm.insertvalue %[[C2]], %{{.*}}[0]
// LLVM: %[[R1:.*]] = llvm.insertvalue %[[M]], %[[R0]][1]
// LLVM: %[[R2:.*]] = llvm.insertvalue %[[C4]], %[[R1]][2]
// LLVM: %[[R3:.*]] = llvm.insertvalue %[[C1]], %[[R2]][3]
// LLVM: %[[R4:.*]] = llvm.insertvalue %[[LD]], %[[R3]][4]
// LLVM: %[[R5:.*]] = llvm.insertvalue %[[C64]], %[[R4]][5]
// LLVM: llvm.return %[[R5]]
// LLVM-NOT: cute.
func.func @layout_all(%l: !cute.layout<"((2,?),4):((1,?),64)">) -> (i32, i32, i32, i32, i32, i32) {
  %a, %b, %c, %d, %e, %f = cute.get_scalars (%l) : !cute.layout<"((2,?),4):((1,?),64)">
  return %a, %b, %c, %d, %e, %f : i32, i32, i32, i32, i32, i32
}

// -----

// Only the run-time leaves; a 64-bit leaf is an i64.
// CHECK-LABEL: @only_dynamic
// CHECK: cute.get_scalars <{only_dynamic}>(%{{.*}}) : !cute.stride<"(1,?{i64},?)">
func.func @only_dynamic(%d: !cute.stride<"(1,?{i64},?)">) -> (i64, i32) {
  %a, %b = cute.get_scalars<{only_dynamic}> (%d) : !cute.stride<"(1,?{i64},?)">
  return %a, %b : i64, i32
}

// -----

// A composed layout: its swizzle's bits, base and shift, its offset, then
// its layout's leaves; all static here, so all constants.
// DESUGAR-LABEL: @composed
// DESUGAR-DAG: arith.constant 3 : i32
// DESUGAR-DAG: arith.constant 16 : i32
// DESUGAR-NOT: cute.get_scalars
func.func @composed(%c: !cute.composed_layout<"S<3,4,3> o 16 o (8,64):(64,1)">) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %a, %b, %s, %o, %m, %n, %x, %y = cute.get_scalars (%c) : !cute.composed_layout<"S<3,4,3> o 16 o (8,64):(64,1)">
  return %a, %b, %s, %o, %m, %n, %x, %y : i32, i32, i32, i32, i32, i32, i32, i32
}

