// Issue 9: every optimized build died with SIGSEGV on the first op whose
// result type is inferred (`cute_rs_infer_types` parsed the type through a
// `&Context` that pointed at a dead stack slot). CI runs this suite against
// an optimized build too (ci/test), where the old code crashes here.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute opt %s --pipeline 'builtin.module(canonicalize)' | FileCheck %s --check-prefix=CANON
// RUN: %cute-opt --pass-pipeline='builtin.module(cute-desugar)' %s | FileCheck %s --check-prefix=DESUGAR

// CHECK-LABEL: func.func @f1
// CHECK: cute.coalesce(%{{.*}}) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1">
// CANON-LABEL: func.func @f1
// CANON: !cute.layout<"8:1">
func.func @f1(%a0: !cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1"> {
  %r = cute.coalesce(%a0) : (!cute.layout<"(4,2):(1,4)">) -> !cute.layout<"8:1">
  return %r : !cute.layout<"8:1">
}

// The desugar walk borrows the context of the root op and of each rewritten
// op: the other two sites of the bug.
// DESUGAR-LABEL: func.func @f2
// DESUGAR: cute.make_int_tuple
// DESUGAR-NOT: cute.make_shape
func.func @f2(%m: index) -> !cute.shape<"(?,8)"> {
  %s = cute.make_shape(%m) : (index) -> !cute.shape<"(?,8)">
  return %s : !cute.shape<"(?,8)">
}
