// cute.slice / cute.dice of tuples (NVIDIA's forms; layouts and views are in
// ../memory.mlir and ../algebra.mlir): the modes a coordinate marks with `_`
// are kept (slice) or dropped (dice).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @shape
func.func @shape(%s: !cute.shape<"(4,(8,2),?)">, %c: !cute.coord<"(_,(1,_),0)">) -> (!cute.shape<"(4,2)">, !cute.shape<"(8,?)">) {
  // CHECK: cute.slice(%{{.*}}, %{{.*}}) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  %k = cute.slice(%s, %c) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  // CHECK: cute.dice(%{{.*}}, %{{.*}}) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  %d = cute.dice(%s, %c) : !cute.shape<"(4,(8,2),?)">, !cute.coord<"(_,(1,_),0)">
  return %k, %d : !cute.shape<"(4,2)">, !cute.shape<"(8,?)">
}

// -----

// CHECK-LABEL: @stride
func.func @stride(%s: !cute.stride<"(1,?,64)">, %c: !cute.coord<"(_,0,_)">) -> !cute.stride<"(1,64)"> {
  %k = cute.slice(%s, %c) : !cute.stride<"(1,?,64)">, !cute.coord<"(_,0,_)">
  return %k : !cute.stride<"(1,64)">
}
