// cute.make_identity_layout: a unit basis stride per leaf, so the layout maps
// each coordinate to itself (CuTe's identity tensor for predication).
// RUN: %cute-opt %s -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @matrix
// CHECK: cute.make_identity_layout(%{{.*}}) : !cute.shape<"(128,64)"> -> !cute.layout<"(128,64):(1@0,1@1)">
func.func @matrix(%s: !cute.shape<"(128,64)">) -> !cute.layout<"(128,64):(1@0,1@1)"> {
  %l = cute.make_identity_layout(%s) : !cute.shape<"(128,64)"> -> !cute.layout<"(128,64):(1@0,1@1)">
  return %l : !cute.layout<"(128,64):(1@0,1@1)">
}

// -----

// A nested mode: leaf j of mode k gets 1@j@k; a run-time extent keeps its
// basis stride.
// CHECK-LABEL: @nested
// CHECK: -> !cute.layout<"((8,?),4):((1@0@0,1@1@0),1@1)">
func.func @nested(%s: !cute.shape<"((8,?),4)">) -> !cute.layout<"((8,?),4):((1@0@0,1@1@0),1@1)"> {
  %l = cute.make_identity_layout(%s) : !cute.shape<"((8,?),4)"> -> !cute.layout<"((8,?),4):((1@0@0,1@1@0),1@1)">
  return %l : !cute.layout<"((8,?),4):((1@0@0,1@1@0),1@1)">
}

// -----

// CHECK-LABEL: @vector
// CHECK: -> !cute.layout<"32:1">
func.func @vector(%s: !cute.shape<"32">) -> !cute.layout<"32:1"> {
  %l = cute.make_identity_layout(%s) : !cute.shape<"32"> -> !cute.layout<"32:1">
  return %l : !cute.layout<"32:1">
}
