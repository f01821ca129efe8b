// The bad cases of tiled MMA partitioning and the execution ops.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics

// A structured-sparse MMA stores A compressed: its thread-value layouts are
// not in the registry (partition its operands by hand).
!wg = !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!wg, !cute.layout<"(1,1,1):(0,0,0)">>
func.func @no_thread_value_layouts(%a: !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>, %t: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !wg
  %mma = cute.make_tiled_mma %atom : !mma
  // expected-error @+2 {{the MMA atom does not describe its thread-value layouts, so it cannot be partitioned}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = cute.tiled.mma.partition_A %mma, %a, %t : (!mma, !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"1:1">>
  return
}

// -----

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(2,2,1):(1,2,0)">>
func.func @rank_one_tensor(%a: !cute.view<!cute.ptr<f16, smem>, !cute.layout<"512:1">>, %t: !cute.int_tuple<"?">) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  // expected-error @+2 {{has no (X,Y) modes (rank 2 or more)}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = cute.tiled.mma.partition_C %mma, %a, %t : (!mma, !cute.view<!cute.ptr<f16, smem>, !cute.layout<"512:1">>, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem>, !cute.layout<"1:1">>
  return
}

// -----

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(2,2,1):(1,2,0)">>
func.func @copy_rest_mismatch(%s: !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,2):(1,4)">>, %d: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,4):(1,4)">>) {
  %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // expected-error @+1 {{source and destination must have the same rest modes, got [2] and [4]}}
  cute.copy %st, %s, %d : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,2):(1,4)">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,4):(1,4)">>
  return
}

// -----

func.func @copy_dynamic_rest(%s: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,?):(1,4)">>, %d: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,?):(1,4)">>) {
  %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // expected-error @+1 {{has a run-time rest mode (copy/gemm unroll static rest modes)}}
  cute.copy %st, %s, %d : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,?):(1,4)">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,?):(1,4)">>
  return
}

// -----

!atom = !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
!mma = !cute.tiled_mma<!atom, !cute.layout<"(2,2,1):(1,2,0)">>
!rA = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(8,2,1):(1,8,16)">>
!rB = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(4,2,2):(1,4,8)">>
!rC = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(4,2,2):(1,4,8)">>
func.func @gemm_k_mismatch(%a: !rA, %b: !rB, %c: !rC) {
  %atom = cute.make_atom : !atom
  %mma = cute.make_tiled_mma %atom : !mma
  // expected-error @+1 {{A (V,M,K) [2, 1], B (V,N,K) [2, 2], C [2, 2] and D [2, 2] (V,M,N) do not form a gemm}}
  cute.gemm %mma, %c, %a, %b, %c : !mma, !rC, !rA, !rB, !rC
  return
}

// -----

func.func @fill_dynamic(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"?:1">>) {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{fills a view of static size, got ?:1 (use an scf.for of cute.store)}}
  cute.fill %zero, %v : f32, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"?:1">>
  return
}

// -----

// A swizzled view needs its base aligned to the swizzle's period.
func.func @swizzle_unaligned(%p: !cute.ptr<f16, smem, align<16>>) {
  %l = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">
  // expected-error @+1 {{a view swizzled by S<3,3,3> addresses f16 through the swizzle of its address: its pointer must be aligned to the swizzle's period of 1024 bytes, got align<16>}}
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o (8,64):(64,1)">>
  return
}

// -----

// Packed 4-bit elements: S<3,5,3> over e2m1 is the 128-byte swizzle, whose
// period is 2048 elements, 1024 bytes (not 2048 one-byte elements).
func.func @swizzle_unaligned_sub_byte(%p: !cute.ptr<f4E2M1FN, smem, align<512>>) {
  %l = cute.static : !cute.composed_layout<"S<3,5,3> o 0 o (8,256):(256,1)">
  // expected-error @+1 {{a view swizzled by S<3,5,3> addresses f4E2M1FN through the swizzle of its address: its pointer must be aligned to the swizzle's period of 1024 bytes, got align<512>}}
  %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f4E2M1FN, smem, align<512>>, !cute.composed_layout<"S<3,5,3> o 0 o (8,256):(256,1)">>
  return
}

// -----

func.func @fragment_of_dynamic_shape(%v: !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,?):(1,4)">>) {
  // expected-error @+2 {{a register fragment has a static shape, got (4,?):(1,4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %f = cute.make_fragment_like %v : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,?):(1,4)">> -> !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:1">>
  return
}
