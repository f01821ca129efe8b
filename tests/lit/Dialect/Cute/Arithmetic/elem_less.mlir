// cute.elem_less: the bounds predicate of CuTe's predicated copies; leaves
// compared pairwise after cute-desugar, constants when static.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar,canonicalize)' | FileCheck %s --check-prefix=DESUGAR

// CHECK-LABEL: @residue
// CHECK: cute.elem_less(%{{.*}}, %{{.*}}) : (!cute.coord<"(?,(?,?))">, !cute.shape<"(?,(2,8))">) -> i1
// DESUGAR-LABEL: @residue
// DESUGAR-COUNT-3: arith.cmpi slt
// DESUGAR-NOT: cute.elem_less
func.func @residue(%c: !cute.coord<"(?,(?,?))">, %s: !cute.shape<"(?,(2,8))">) -> i1 {
  %p = cute.elem_less(%c, %s) : (!cute.coord<"(?,(?,?))">, !cute.shape<"(?,(2,8))">) -> i1
  return %p : i1
}

// -----

// Static operands: 3 < 4 but not 5 < 5.
// DESUGAR-LABEL: @static_false
// DESUGAR: %false = arith.constant false
// DESUGAR: return %false
func.func @static_false(%a: !cute.int_tuple<"(3,5)">, %b: !cute.int_tuple<"(4,5)">) -> i1 {
  %p = cute.elem_less(%a, %b) : (!cute.int_tuple<"(3,5)">, !cute.int_tuple<"(4,5)">) -> i1
  return %p : i1
}
