// Round trip of the SM90/SM100 ops the atom lowering consumes (spec 000).
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// The generic form round-trips too (every op and type through its generic
// printer and back to the custom form).
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

!As = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>
!Bs = !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(128,16):(16,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>

// CHECK-LABEL: @hopper_wgmma
// CHECK: %[[ATOM:.*]] = cute_nvgpu.atom.sm90.wgmma %arg0, %arg1 : !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>, !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(128,16):(16,1)">> -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
// CHECK: %[[DA:.*]] = cute_nvgpu.gmma.descriptor %arg0 : !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">> -> i64
// CHECK: %[[DB:.*]] = cute_nvgpu.gmma.descriptor %arg1
// CHECK: %[[ACC:.*]] = cute_nvgpu.register.accumulator !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss> : vector<64xf32>
// CHECK: cute_nvgpu.atom %[[DA]], %[[DB]], %[[ACC]] : i64, i64, vector<64xf32> -> !cute_nvgpu.sm90.mma<64x128x16
func.func @hopper_wgmma(%a: !As, %b: !Bs) -> (!W, !W) {
  %atom = cute_nvgpu.atom.sm90.wgmma %a, %b : !As, !Bs -> !W
  %desc_a = cute_nvgpu.gmma.descriptor %a : !As -> i64
  %desc_b = cute_nvgpu.gmma.descriptor %b : !Bs -> i64
  %acc = cute_nvgpu.register.accumulator !W : vector<64xf32>
  %payload = cute_nvgpu.atom %desc_a, %desc_b, %acc : i64, i64, vector<64xf32> -> !W
  return %atom, %payload : !W, !W
}

!Ab = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(128,16):(16,1)">>
!Bb = !cute.view<!cute.desc_iter<!cute.ptr<bf16, smem>>, !cute.layout<"(256,16):(16,1)">>
!U = !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>

// CHECK-LABEL: @blackwell_imma
// CHECK: cute_nvgpu.atom.sm100.imma %arg0, %arg1 : {{.*}} -> !cute_nvgpu.sm100.mma<128x256x16
// CHECK: %[[TMEM:.*]] = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %arg2, %{{.*}} : i32 -> !cute.ptr<f32, tmem>
// CHECK: %[[MBAR:.*]] = cute_nvgpu.mbarrier.init %{{.*}} : !cute.ptr<i64, smem, align<8>>
// CHECK: cute_nvgpu.atom %arg0, %arg1, %[[TMEM]], %[[MBAR]] : {{.*}}, !cute.ptr<f32, tmem>, !cute.ptr<i64, smem, align<8>> -> !cute_nvgpu.sm100.mma<128x256x16
func.func @blackwell_imma(%a: !Ab, %b: !Bb, %handle: i32) -> (!U, !U) {
  %atom = cute_nvgpu.atom.sm100.imma %a, %b : !Ab, !Bb -> !U
  %cols = arith.constant 256 : i32
  %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<f32, tmem>
  %ticks = arith.constant 1 : i32
  %mbar = cute_nvgpu.mbarrier.init %ticks : !cute.ptr<i64, smem, align<8>>
  %payload = cute_nvgpu.atom %a, %b, %tmem, %mbar : !Ab, !Bb, !cute.ptr<f32, tmem>, !cute.ptr<i64, smem, align<8>> -> !U
  return %atom, %payload : !U, !U
}

!S = !cute.view<!cute.ptr<i8, smem>, !cute.layout<"128:1">>

// CHECK-LABEL: @s2t_and_tmem
// CHECK: cute_nvgpu.cp_async.s2t %arg0, %arg1, %arg2, %{{.*}} {atom = !cute_nvgpu.atom.s2t_copy<i8>} : !cute.view<!cute.ptr<i8, smem>, !cute.layout<"128:1">>, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
// CHECK: cute_nvgpu.arch.copy.SM100.copy_s2t %arg1, %arg3, %arg2 : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
// CHECK: cute_nvgpu.arch.sm100.tmem_alloc %arg4, %{{.*}} : !cute.ptr<i32, smem>
// CHECK: cute_nvgpu.arch.sm100.tmem_load %arg5 : !cute.ptr<f32, tmem> -> vector<32xf32>
// CHECK: cute_nvgpu.arch.sm100.tmem_store %arg5, %{{.*}} : !cute.ptr<f32, tmem>, vector<32xf32>
// CHECK: cute_nvgpu.arch.sm100.tmem_dealloc %arg5, %{{.*}} : !cute.ptr<f32, tmem>
func.func @s2t_and_tmem(%src: !S, %dst: !cute.ptr<i8, tmem>, %mbar: !cute.ptr<i64, smem>, %desc: i64,
                        %slot: !cute.ptr<i32, smem>, %tmem: !cute.ptr<f32, tmem>) -> i32 {
  %part = arith.constant 0 : i32
  %tok = cute_nvgpu.cp_async.s2t %src, %dst, %mbar, %part {atom = !cute_nvgpu.atom.s2t_copy<i8>}
      : !S, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
  cute_nvgpu.arch.copy.SM100.copy_s2t %dst, %desc, %mbar : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
  %cols = arith.constant 128 : i32
  cute_nvgpu.arch.sm100.tmem_alloc %slot, %cols : !cute.ptr<i32, smem>
  %v = cute_nvgpu.arch.sm100.tmem_load %tmem : !cute.ptr<f32, tmem> -> vector<32xf32>
  cute_nvgpu.arch.sm100.tmem_store %tmem, %v : !cute.ptr<f32, tmem>, vector<32xf32>
  cute_nvgpu.arch.sm100.tmem_dealloc %tmem, %cols : !cute.ptr<f32, tmem>
  return %tok : i32
}
