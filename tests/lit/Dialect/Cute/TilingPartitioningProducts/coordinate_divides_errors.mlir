// The divides of coordinate layouts: CuTe's admissibility applies.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @inadmissible(%a: !cute.layout<"(4,6):(1@0,1@1)">, %b: !cute.layout<"4:3">) {
  // expected-error @+2 {{inadmissible}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.composition(%a, %b) : (!cute.layout<"(4,6):(1@0,1@1)">, !cute.layout<"4:3">) -> !cute.layout<"4:3@0">
  return
}

// -----

func.func @wrong_basis(%a: !cute.layout<"(8,6):(1@0,1@1)">, %t: !cute.tile<"[4:1;3:1]">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.zipped_divide(%a, %t) : (!cute.layout<"(8,6):(1@0,1@1)">, !cute.tile<"[4:1;3:1]">) -> !cute.layout<"((4,3),(2,2)):((1@0,1@1),(4@1,3@0))">
  return
}

// -----

func.func @tiler_mode_out_of_box(%a: !cute.layout<"(64,16):(1@1,1@0)">, %b: !cute.layout<"2:1@2">) {
  // expected-error @+2 {{is not a mode of the cotarget (64,16)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.zipped_divide(%a, %b) : (!cute.layout<"(64,16):(1@1,1@0)">, !cute.layout<"2:1@2">) -> !cute.layout<"(2,(64,16)):(1@1,(1@1,1@0))">
  return
}
