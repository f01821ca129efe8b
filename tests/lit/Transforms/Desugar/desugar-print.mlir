// cute-desugar of cute.print (spec 002 "Dynamic print → coord loop").
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | %cute-opt --pass-pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=CANON

!v = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,(2,2)):(1,(2,4))">>

// CHECK-LABEL: func @print_view
// CHECK-SAME: (%[[V:.*]]: !cute.view
func.func @print_view(%v: !v, %l: !cute.layout<"(4,2):(1,4)">) {
  // CHECK: gpu.printf "layout: (4,2):(1,4)\0A"
  // CHECK: %[[L:.*]] = cute.get_layout %[[V]]
  // CHECK: %[[S:.*]] = cute.get_shape(%[[L]])
  // CHECK: %[[N:.*]] = cute.size (%[[L]])
  // CHECK: %[[T:.*]] = cute.get_leaves %[[N]] : !cute.int_tuple<"8"> -> index
  // CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[T]] step %{{.*}} {
  // CHECK:   %[[F:.*]] = cute.make_int_tuple(%[[I]]) : (index) -> !cute.int_tuple<"?">
  // CHECK:   %[[C:.*]] = cute.idx2crd(%[[F]], %[[S]]) : (!cute.int_tuple<"?">, !cute.shape<"(2,(2,2))">) -> !cute.coord<"(?,(?,?))">
  // CHECK:   %[[E:.*]] = cute.load %[[V]][%[[C]]]
  // CHECK:   gpu.printf "layout: (2,(2,2)):(1,(2,4)) [%lld] = %f\0A", %[[I]], %[[E]] : index, f32
  // CHECK-NOT: cute.print
  cute.print(%l, %v) {prefix = "layout: "} : !cute.layout<"(4,2):(1,4)">, !v
  return
}

// A dynamic tuple prints its notation with the leaves read at run time.
// CHECK-LABEL: func @print_tuple
func.func @print_tuple(%m: index) {
  %s = cute.make_shape(%m) : (index) -> !cute.shape<"((?,2),4)">
  // CHECK: %[[L:.*]]:3 = cute.get_leaves %{{.*}} : !cute.shape<"((?,2),4)"> -> index, index, index
  // CHECK: gpu.printf "shape: ((%lld,2),4)\0A", %[[L]]#0 : index
  cute.print(%s) {prefix = "shape: "} : !cute.shape<"((?,2),4)">
  return
}

// CANON-LABEL: func @print_view
// CANON: scf.for
