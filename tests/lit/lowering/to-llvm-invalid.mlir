// cute-to-llvm reports what it cannot lower on the op, naming it and its
// types, and fails; nothing is guessed.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' -split-input-file -verify-diagnostics

// Sugar must be desugared first.
func.func @sugar(%m: i32) {
  // expected-error @+1 {{cute-to-llvm: failed to legalize 'cute.make_shape' with types (i32, !cute.shape<"(?,8)">) (sugar: run cute-desugar first)}}
  %s = cute.make_shape(%m) : (i32) -> !cute.shape<"(?,8)">
  return
}

// -----

// An op with no lowering yet is named, never dropped.
func.func @no_lowering(%x: !cute.int_tuple<"(?,1)">, %y: !cute.int_tuple<"(2,2)">) -> i1 {
  // expected-error @+1 {{cute-to-llvm: failed to legalize 'cute.tuple_eq' with types (!cute.int_tuple<"(?,1)">, !cute.int_tuple<"(2,2)">, i1) (no lowering for this op yet)}}
  %eq = cute.tuple_eq %x, %y : !cute.int_tuple<"(?,1)">, !cute.int_tuple<"(2,2)">
  return %eq : i1
}

// -----

// A type with no LLVM form yet is reported at the function.
// expected-error @+1 {{cute-to-llvm: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>: views over descriptor iterators have no LLVM form yet}}
func.func @iterator_view(%v: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>) {
  return
}
