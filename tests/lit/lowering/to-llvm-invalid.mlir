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

// An op with no lowering yet (the SM100 shared-to-tensor-memory copy:
// issue 13) is named with its types, never dropped.
func.func @no_lowering(%src: !cute.view<!cute.ptr<i8, smem>, !cute.layout<"128:1">>, %dst: !cute.ptr<i8, tmem>, %mbar: !cute.ptr<i64, smem>, %part: i32) -> i32 {
  // expected-error @+1 {{cute-to-llvm: failed to legalize 'cute_nvgpu.cp_async.s2t' with types (!cute.view<!cute.ptr<i8, smem>, !cute.layout<"128:1">>, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>, i32, i32) (no lowering for this op yet)}}
  %tok = cute_nvgpu.cp_async.s2t %src, %dst, %mbar, %part {atom = !cute_nvgpu.atom.s2t_copy<i8>} : !cute.view<!cute.ptr<i8, smem>, !cute.layout<"128:1">>, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
  return %tok : i32
}

// -----

// A type with no LLVM form yet is reported at the function.
// expected-error @+1 {{cute-to-llvm: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>: views over descriptor iterators have no LLVM form yet}}
func.func @iterator_view(%v: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>) {
  return
}
