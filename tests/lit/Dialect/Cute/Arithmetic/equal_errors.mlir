// cute.equal compares values of one kind.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @shape_and_stride(%a: !cute.shape<"(2,3)">, %b: !cute.stride<"(2,3)">) {
  // expected-error @+1 {{compares values of one kind, got !cute.shape<"(2,3)"> and !cute.stride<"(2,3)">}}
  %e = cute.equal(%a, %b) : (!cute.shape<"(2,3)">, !cute.stride<"(2,3)">) -> i1
  return
}

// -----

func.func @layout_and_shape(%a: !cute.layout<"4:1">, %b: !cute.shape<"4">) {
  // expected-error @+1 {{compares values of one kind, got !cute.layout<"4:1"> and !cute.shape<"4">}}
  %e = cute.equal(%a, %b) : (!cute.layout<"4:1">, !cute.shape<"4">) -> i1
  return
}

// -----

func.func @tiles(%a: !cute.tile<"[2:1;_]">) {
  // expected-error @+1 {{compares layouts, int-tuples, shapes, strides or coordinates, not tiles: !cute.tile<"[2:1;_]">}}
  %e = cute.equal(%a, %a) : (!cute.tile<"[2:1;_]">, !cute.tile<"[2:1;_]">) -> i1
  return
}

// -----

func.func @view_and_layout(%a: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, %b: !cute.layout<"4:1">) {
  // expected-error @+1 {{compares values of one kind, got !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">> and !cute.layout<"4:1">}}
  %e = cute.equal(%a, %b) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, !cute.layout<"4:1">) -> i1
  return
}
