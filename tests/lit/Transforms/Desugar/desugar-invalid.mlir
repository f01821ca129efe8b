// cute-desugar reports what it cannot expand on the op, and fails.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' -split-input-file -verify-diagnostics

func.func @dynamic_layout_print(%l: !cute.layout<"(?,4):(1,?)">) {
  // expected-error @+1 {{'cute.print' op cute-desugar: printing the dynamic value !cute.layout<"(?,4):(1,?)"> is not supported; print its shape and stride, a view or a static value}}
  cute.print(%l) : !cute.layout<"(?,4):(1,?)">
  return
}

// -----

func.func @f16_view(%v: !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>) {
  // expected-error @+1 {{'cute.print' op cute-desugar: cannot print elements of type f16 (f32, f64 and integers print)}}
  cute.print(%v) : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
  return
}
