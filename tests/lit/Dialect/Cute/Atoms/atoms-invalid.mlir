// Atom-instance and kernel-ABI diagnostics, decided through the atom type
// interfaces (never by SM tier in `cute`).
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

func.func @copy_types(%s: !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>,
                      %d: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // expected-error @+1 {{'cute.copy_atom_call' op atom.universal_copy moves 'f32' but the source holds 'f16'}}
  cute.copy_atom_call %atom, %s, %d : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
  return
}

// -----

func.func @copy_sizes(%s: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"8:1">>,
                      %d: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // expected-error @+1 {{'cute.copy_atom_call' op source and destination sizes differ (8 vs 4)}}
  cute.copy_atom_call %atom, %s, %d : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
  return
}

// -----

func.func @mma_types(%x: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, %h: !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"1:0">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
  // expected-error @+1 {{'cute.mma_atom_call' op atom.universal_fma expects A of 'f32', got 'f16'}}
  cute.mma_atom_call %atom, %x, %h, %x, %x : !cute_nvgpu.atom.universal_fma<f32, f32, f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>
  return
}

// -----

func.func @not_an_atom() {
  // expected-error @+1 {{'cute.make_atom' op result #0 must be a type implementing an atom interface, but got 'f32'}}
  %a = cute.make_atom : f32
  return
}

// -----

// A descriptor view is a registry type but no atom.
func.func @make_atom_of_a_descriptor_view() {
  // expected-error @+1 {{'cute.make_atom' op result #0 must be a type implementing an atom interface, but got '!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>'}}
  %a = cute.make_atom : !cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>
  return
}

// -----

func.func @tiled_copy_overflow(%atom: !cute_nvgpu.atom.universal_copy<f32>) {
  // expected-error @+1 {{'cute.make_tiled_copy' op the thread-value layout (32,8):(8,1) reaches 256 elements, more than the 128 of the tile [32:1;4:1]}}
  %tc = cute.make_tiled_copy %atom : !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"(32,8):(8,1)">, !cute.tile<"[32:1;4:1]">>
  return
}

// -----

// expected-error @+1 {{tiled_mma atom '!cute_nvgpu.atom.universal_copy<f32>' does not implement the MMA-atom interface}}
func.func private @tiled_mma_of_copy(!cute.tiled_mma<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"1:0">>)

// -----

// expected-error @+1 {{'cute_nvgpu.grid_constant' on argument #0 is only valid on a 'cute.kernel' function}}
func.func @not_a_kernel(%desc: !llvm.ptr {cute_nvgpu.grid_constant}) {
  return
}

// -----

// expected-error @+1 {{'cute.kernel' marks functions; 'builtin.module' is not a function}}
module attributes {cute.kernel} {
}

// -----

func.func @accumulators(%x: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">>, %y: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>) {
  %atom = cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
  // expected-error @+1 {{'cute.mma_atom_call' op the accumulators D and C must have the same shape, got (2,2) and 4}}
  cute.mma_atom_call %atom, %x, %y, %y, %y : !cute_nvgpu.atom.universal_fma<f32, f32, f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
  return
}

// -----

// expected-error @+1 {{tiled_copy atom '!cute_nvgpu.atom.universal_fma<f32, f32, f32>' does not implement the copy-atom interface}}
func.func private @tiled_copy_of_fma(!cute.tiled_copy<!cute_nvgpu.atom.universal_fma<f32, f32, f32>, !cute.layout<"1:0">, !cute.tile<"[1:1]">>)

// -----

// expected-error @+1 {{tiled_copy tiler must be a !cute.tile, got '!cute.shape<"(4)">'}}
func.func private @tiled_copy_tiler(!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"1:0">, !cute.shape<"(4)">>)

// -----

// expected-error @+1 {{'cute.kernel' must be a unit attribute}}
func.func @kernel_value() attributes {cute.kernel = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{unknown cute attribute 'cute.entry'}}
func.func @unknown_attr() attributes {cute.entry} {
  return
}

// -----

// expected-error @+1 {{'cute_nvgpu.grid_constant' must be a unit attribute}}
func.func @grid_value(%p: !llvm.ptr {cute_nvgpu.grid_constant = 1 : i32}) attributes {cute.kernel} {
  return
}

// -----

// The atom's dialect checks residencies through cute's AtomDialectInterface,
// with or without a target attribute (`cute` itself never looks at tiers).
!D = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!As = !cute.view<!cute.ptr<f8E4M3FN, smem>, !cute.layout<"16:1">>
!B = !cute.view<!cute.ptr<f8E5M2, rmem>, !cute.layout<"8:1">>
func.func @residency_without_target(%d: !D, %a: !As, %b: !B) {
  %m = cute.make_atom : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>
  // expected-error @+1 {{'cute.mma_atom_call' op expects rmem for input operands, but got A: }}
  cute.mma_atom_call %m, %d, %a, %b, %d : !cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>, !D, !As, !B, !D
  return
}
