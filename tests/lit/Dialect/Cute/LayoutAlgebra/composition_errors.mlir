// cute.composition with run-time values: what CuTe decides at compile time
// is checked as it does.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @static_inadmissible(%a: !cute.layout<"(4,?):(1,5)">, %b: !cute.layout<"8:3">) {
  // expected-error @+2 {{shape_div}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.composition(%a, %b) : (!cute.layout<"(4,?):(1,5)">, !cute.layout<"8:3">) -> !cute.layout<"8:?">
  return
}

// -----

func.func @structure(%a: !cute.layout<"(?,?):(1,?)">, %b: !cute.layout<"(6):(1)">) {
  // expected-error @+2 {{inferred type(s) '!cute.layout<"((?,?)):((?,?))">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.composition(%a, %b) : (!cute.layout<"(?,?):(1,?)">, !cute.layout<"(6):(1)">) -> !cute.layout<"(6):(?)">
  return
}

// -----

func.func @basis_out_of_range(%a: !cute.layout<"(4,8):(8,1)">, %b: !cute.layout<"4:1@2">) {
  // expected-error @+2 {{the tiler's basis 1@2 selects no mode of the layout}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.composition(%a, %b) : (!cute.layout<"(4,8):(8,1)">, !cute.layout<"4:1@2">) -> !cute.layout<"4:1">
  return
}
