// cute.increment_coord: the column-major successor of a coordinate; static
// operands give a static result, run-time ones a carry chain after
// cute-desugar (tests/lowering_jit.rs runs it).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s --check-prefix=DESUGAR

// A nested coordinate carries through both leaves of mode 0 into mode 1.
// CHECK-LABEL: @carry_twice
// CHECK: cute.increment_coord(%{{.*}}, %{{.*}}) : (!cute.coord<"((1,2),0)">, !cute.shape<"((2,3),5)">) -> !cute.coord<"((0,0),1)">
// DESUGAR-LABEL: @carry_twice
// DESUGAR: cute.static : !cute.coord<"((0,0),1)">
func.func @carry_twice(%c: !cute.coord<"((1,2),0)">, %s: !cute.shape<"((2,3),5)">) -> !cute.coord<"((0,0),1)"> {
  %n = cute.increment_coord(%c, %s) : (!cute.coord<"((1,2),0)">, !cute.shape<"((2,3),5)">) -> !cute.coord<"((0,0),1)">
  return %n : !cute.coord<"((0,0),1)">
}

// -----

// The last mode counts on without wrapping.
// CHECK-LABEL: @last_mode
// CHECK: -> !cute.coord<"(0,4)">
func.func @last_mode(%c: !cute.coord<"(2,3)">, %s: !cute.shape<"(3,4)">) -> !cute.coord<"(0,4)"> {
  %n = cute.increment_coord(%c, %s) : (!cute.coord<"(2,3)">, !cute.shape<"(3,4)">) -> !cute.coord<"(0,4)">
  return %n : !cute.coord<"(0,4)">
}

// -----

// A run-time extent makes every leaf run-time.
// DESUGAR-LABEL: @dynamic
// DESUGAR: arith.addi
// DESUGAR: arith.cmpi sge
// DESUGAR: arith.select
// DESUGAR: cute.make_int_tuple(%{{.*}}, %{{.*}}) : (index, index) -> !cute.coord<"(?,?)">
func.func @dynamic(%c: !cute.coord<"(1,1)">, %s: !cute.shape<"(?,4)">) -> !cute.coord<"(?,?)"> {
  %n = cute.increment_coord(%c, %s) : (!cute.coord<"(1,1)">, !cute.shape<"(?,4)">) -> !cute.coord<"(?,?)">
  return %n : !cute.coord<"(?,?)">
}
