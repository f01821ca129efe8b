// copy_if's bad cases (copy-if.mlir: the good ones): the predicate view
// holds bytes, one per rest coordinate; an atom call's predicate is an i1.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

!g = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,2):(1,8)">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,2):(1,8)">>
func.func @bits(%a: !cute_nvgpu.atom.simt_async_copy<16, f16>, %g: !g, %s: !s, %p: !cute.view<!cute.ptr<i1, rmem>, !cute.layout<"2:1">>) {
  // expected-error @+1 {{'cute.copy' op the predicate must be a view of i8 (a byte per predicate, nonzero true), got !cute.view<!cute.ptr<i1, rmem>, !cute.layout<"2:1">>}}
  cute.copy %a, %g, %s pred(%p : !cute.view<!cute.ptr<i1, rmem>, !cute.layout<"2:1">>) : !cute_nvgpu.atom.simt_async_copy<16, f16>, !g, !s
  return
}

// -----

!g = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,2):(1,8)">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,2):(1,8)">>
func.func @one_per_element(%a: !cute_nvgpu.atom.simt_async_copy<16, f16>, %g: !g, %s: !s, %p: !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"16:1">>) {
  // expected-error @+1 {{'cute.copy' op the predicate holds one value per rest coordinate of the copy (2, rest modes [2]), but its layout is 16:1}}
  cute.copy %a, %g, %s pred(%p : !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"16:1">>) : !cute_nvgpu.atom.simt_async_copy<16, f16>, !g, !s
  return
}

// -----

!g = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,2):(1,8)">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,2):(1,8)">>
func.func @not_a_view(%a: !cute_nvgpu.atom.simt_async_copy<16, f16>, %g: !g, %s: !s, %p: i1) {
  // expected-error @+1 {{'cute.copy' op operand #3 must be !cute.view, but got 'i1'}}
  cute.copy %a, %g, %s pred(%p : i1) : !cute_nvgpu.atom.simt_async_copy<16, f16>, !g, !s
  return
}

// -----

!g = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"8:1">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"8:1">>
// expected-note @+1 {{prior use here}}
func.func @call_takes_i1(%a: !cute_nvgpu.atom.simt_async_copy<16, f16>, %g: !g, %s: !s, %p: i8) {
  // expected-error @+1 {{use of value '%p' expects different type than prior uses: 'i1' vs 'i8'}}
  cute.copy_atom_call %a, %g, %s pred(%p) : !cute_nvgpu.atom.simt_async_copy<16, f16>, !g, !s
  return
}
