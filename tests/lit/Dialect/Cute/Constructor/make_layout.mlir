// cute.make_layout in NVIDIA's spelling, a shape and a stride tuple, next to
// spec 002's leaf form (../construction.mlir); both desugar to
// make_layout_raw and lower.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: @tuples
// CHECK: cute.make_layout(%{{.*}}, %{{.*}}) : (!cute.shape<"((2,?),4)">, !cute.stride<"((1,?),64)">) -> !cute.layout<"((2,?),4):((1,?),64)">
// DESUGAR-LABEL: @tuples
// DESUGAR: cute.make_layout_raw
// The layout struct interleaves shape and stride per mode: ((2,1),(?,?)),
// (4,64), the run-time extent from the shape tuple, the stride from the
// stride tuple.
// LLVM-LABEL: @tuples
// LLVM-DAG: %[[M:.*]] = llvm.extractvalue %arg0[0, 1]
// LLVM-DAG: %[[LD:.*]] = llvm.extractvalue %arg1[0, 1]
// LLVM-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// LLVM-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32)
// LLVM-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32)
// LLVM-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32)
// LLVM: %[[L0:.*]] = llvm.insertvalue %[[C2]], %{{.*}}[0, 0]
// LLVM: %[[L1:.*]] = llvm.insertvalue %[[C1]], %[[L0]][0, 1]
// LLVM: %[[L2:.*]] = llvm.insertvalue %[[M]], %[[L1]][0, 2]
// LLVM: %[[L3:.*]] = llvm.insertvalue %[[LD]], %[[L2]][0, 3]
// LLVM: %[[L4:.*]] = llvm.insertvalue %[[C4]], %[[L3]][1]
// LLVM: %[[L5:.*]] = llvm.insertvalue %[[C64]], %[[L4]][2]
// LLVM: llvm.return %[[L5]]
// LLVM-NOT: cute.
func.func @tuples(%s: !cute.shape<"((2,?),4)">, %d: !cute.stride<"((1,?),64)">) -> !cute.layout<"((2,?),4):((1,?),64)"> {
  %l = cute.make_layout(%s, %d) : (!cute.shape<"((2,?),4)">, !cute.stride<"((1,?),64)">) -> !cute.layout<"((2,?),4):((1,?),64)">
  return %l : !cute.layout<"((2,?),4):((1,?),64)">
}

// -----

// Both spellings in one function.
// CHECK-LABEL: @both
// CHECK: cute.make_layout(shape = (%{{.*}} : index), stride = ()) : !cute.layout<"(?,8):(8,1)">
// CHECK: cute.make_layout(%{{.*}}, %{{.*}}) : (!cute.shape<"(3,8)">, !cute.stride<"(8,1)">) -> !cute.layout<"(3,8):(8,1)">
func.func @both(%m: index, %s: !cute.shape<"(3,8)">, %d: !cute.stride<"(8,1)">) {
  %a = cute.make_layout(shape = (%m : index), stride = ()) : !cute.layout<"(?,8):(8,1)">
  %b = cute.make_layout(%s, %d) : (!cute.shape<"(3,8)">, !cute.stride<"(8,1)">) -> !cute.layout<"(3,8):(8,1)">
  return
}
