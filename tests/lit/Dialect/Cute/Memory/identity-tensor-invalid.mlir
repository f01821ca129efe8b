// Diagnostics of coordinate tensors: they are read with cute.load only.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{invalid !cute.coord_tensor layout "(4,6):(1@0": at column 11}}
func.func private @bad_layout(!cute.coord_tensor<"(0,0)", "(4,6):(1@0">)

// -----

// expected-error @+1 {{a coordinate view's layout must be a !cute.layout}}
func.func private @swizzled(!cute.view<!cute.int_tuple<"(0,0)">, !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">>)

// -----

// expected-error @+1 {{a coordinate view's iterator must be a !cute.int_tuple, got '!cute.coord<"(0,0)">'}}
func.func private @shape_iterator(!cute.view<!cute.coord<"(0,0)">, !cute.layout<"(4,6):(1@0,1@1)">>)

// -----

func.func @store(%c: !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">, %v: !cute.int_tuple<"(?,?)">) {
  %at = cute.static : !cute.coord<"(1,1)">
  // expected-error @+1 {{cute.store cannot write a coordinate tensor}}
  cute.store %v, %c[%at] : !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">, !cute.coord<"(1,1)">
  return
}

// -----

func.func @fill(%c: !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">, %v: !cute.int_tuple<"(?,?)">) {
  // expected-error @+1 {{cute.fill cannot write a coordinate tensor}}
  cute.fill %v, %c : !cute.int_tuple<"(?,?)">, !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">
  return
}

// -----

func.func @copy(%c: !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">, %d: !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"(4,6):(1,4)">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
  // expected-error @+1 {{cute.copy cannot move a coordinate tensor}}
  cute.copy %atom, %c, %d : !cute_nvgpu.atom.universal_copy<i32>, !cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">, !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"(4,6):(1,4)">>
  return
}

// -----

func.func @wrong_origin(%s: !cute.shape<"(4,6)">) {
  // expected-error @+2 {{inferred type(s) '!cute.coord_tensor<"(0,0)", "(4,6):(1@0,1@1)">' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = cute.make_identity_tensor(%s) : !cute.shape<"(4,6)"> -> !cute.coord_tensor<"(1,0)", "(4,6):(1@0,1@1)">
  return
}
