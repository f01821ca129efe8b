// cute.equal of two layouts or two tuples of one kind (NVIDIA's spelling);
// cute-desugar turns layouts into shape and stride equality, tuples into
// tuple_eq, and static operands fold.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s --check-prefix=RT
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s --check-prefix=RT
// RUN: %cute-opt %s -split-input-file --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s

// RT-LABEL: @coords
// RT: cute.equal(%{{.*}}, %{{.*}}) : (!cute.coord<"(?,3)">, !cute.coord<"(2,3)">) -> i1
// CHECK-LABEL: @coords
// CHECK: cute.tuple_eq %{{.*}}, %{{.*}} : !cute.coord<"(?,3)">, !cute.coord<"(2,3)">
func.func @coords(%a: !cute.coord<"(?,3)">, %b: !cute.coord<"(2,3)">) -> i1 {
  %e = cute.equal(%a, %b) : (!cute.coord<"(?,3)">, !cute.coord<"(2,3)">) -> i1
  return %e : i1
}

// -----

// RT-LABEL: @layouts
// CHECK-LABEL: @layouts
// CHECK: cute.get_shape
// CHECK: cute.get_stride
// CHECK: arith.andi
func.func @layouts(%a: !cute.layout<"(?,4):(1,?)">, %b: !cute.layout<"(8,4):(1,8)">) -> i1 {
  %e = cute.equal(%a, %b) : (!cute.layout<"(?,4):(1,?)">, !cute.layout<"(8,4):(1,8)">) -> i1
  return %e : i1
}

// -----

// A view compares by its layout (spec 000's view equality): the layouts'
// shapes and strides, not the iterators.
// RT-LABEL: @views
// CHECK-LABEL: @views
// CHECK: cute.get_layout
// CHECK: cute.get_shape
// CHECK: cute.get_stride
// CHECK: cute.get_layout
// CHECK: arith.andi
func.func @views(%a: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,4):(1,?)">>, %b: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(8,4):(1,8)">>) -> i1 {
  %e = cute.equal(%a, %b) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,4):(1,?)">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(8,4):(1,8)">>) -> i1
  return %e : i1
}
