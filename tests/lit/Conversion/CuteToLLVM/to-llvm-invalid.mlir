// cute-to-llvm reports what it cannot lower on the op, naming it and its
// types, and fails; nothing is guessed.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,cute-nvgpu-to-nvvm)' -split-input-file -verify-diagnostics

// Sugar must be desugared first.
func.func @sugar(%m: i32) {
  // expected-error @+1 {{cute-to-llvm: failed to legalize 'cute.make_shape' with types (i32, !cute.shape<"(?,8)">) (sugar: run cute-desugar first)}}
  %s = cute.make_shape(%m) : (i32) -> !cute.shape<"(?,8)">
  return
}

// -----

// An op with no lowering here (an SM100 tcgen05 op outside a gpu.module
// for a chip with tensor memory: the SM100 patterns decline) is named with
// its types, never dropped.
func.func @no_lowering(%dst: !cute.ptr<i8, tmem>, %desc: i64, %mbar: !cute.ptr<i64, smem>) {
  // expected-error @+1 {{cute-nvgpu-to-nvvm: failed to legalize 'cute_nvgpu.arch.copy.SM100.copy_s2t' with types (!cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>)}}
  cute_nvgpu.arch.copy.SM100.copy_s2t %dst, %desc, %mbar : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
  return
}

// -----

// A type with no LLVM form yet is reported at the function.
// expected-error @+1 {{cute-to-llvm: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>: views over descriptor iterators have no LLVM form yet}}
func.func @iterator_view(%v: !cute.view<!cute.desc_iter<!cute.ptr<f16, smem>>, !cute.layout<"4:1">>) {
  return
}

// -----

// A composed layout with a layout inner part has no LLVM form yet: named.
func.func @layout_inner(%c: !cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)">) -> !cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)"> {
  // expected-error @+1 {{the composed layout (8,4):(4,1) o 3 o (2,2):(1,2) has a layout inner part or a run-time offset; this operation takes a swizzled one, S<B,M,S> o offset o layout}}
  return %c : !cute.composed_layout<"(8,4):(4,1) o 3 o (2,2):(1,2)">
}
