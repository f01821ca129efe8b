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
// LLVM-LABEL: @tuples
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
