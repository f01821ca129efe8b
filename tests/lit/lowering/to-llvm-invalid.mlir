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

// An op with no lowering yet (the SM90 GMMA descriptor: issue 12) is named
// with its types, never dropped.
func.func @no_lowering(%a: !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>) -> i64 {
  // expected-error @+1 {{cute-to-llvm: failed to legalize 'cute_nvgpu.gmma.descriptor' with types (!cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>, i64) (no lowering for this op yet)}}
  %d = cute_nvgpu.gmma.descriptor %a : !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">> -> i64
  return %d : i64
}

// -----

// A type with no LLVM form yet is reported at the function.
// expected-error @+1 {{cute-to-llvm: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>: views over descriptor iterators have no LLVM form yet}}
func.func @iterator_view(%v: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>) {
  return
}
