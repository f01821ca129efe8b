// Products: the block is static (NVIDIA's rule; CuTe complements it at
// compile time).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @run_time_block(%a: !cute.layout<"(?,8):(1,4)">, %b: !cute.layout<"(2,4):(1,2)">) {
  // expected-error @+2 {{the block (?,8):(1,4) must be static, but `?` is not}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.zipped_product(%a, %b) : (!cute.layout<"(?,8):(1,4)">, !cute.layout<"(2,4):(1,2)">) -> !cute.layout<"((?,8),(2,4)):((1,4),(?,?))">
  return
}

// -----

func.func @coordinates_overlap(%a: !cute.layout<"(2,2):(1@0,1@0)">, %b: !cute.layout<"2:1">) {
  // expected-error @+2 {{non-injective layout}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = cute.logical_product(%a, %b) : (!cute.layout<"(2,2):(1@0,1@0)">, !cute.layout<"2:1">) -> !cute.layout<"((2,2),2):((1@0,1@0),2@0)">
  return
}
