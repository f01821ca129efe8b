// The SM90 warpgroup MMA (sm90.mma, frag_kind = ss), one kernel per element
// type, shape, major-ness and swizzle: the A and B tiles stay in shared
// memory and reach wgmma.mma_async as GMMA descriptors packed from their
// layouts (layout::gmma, CuTe's make_gmma_desc); each thread's M*N/128
// accumulators are its registers (16-bit ones in pairs). The kernel owns the
// asynchronous protocol (wgmma.fence, commit, wait), as in CuTe.
// RUN: %cute compile %s --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=DESC < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill stores
// The DESC checks: the descriptors' constant parts (all but the start address), ORed
// into the shared address: CuTe's own values for these layouts
// (tests/fixtures/gmma_descriptors.txt), e.g. 0x4000004000010000 (SW128,
// K-major, SBO 64 x 16 bytes, LBO 1) = 4611686293305360384.

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry f16_f32_64x128x16(
  // DESC-LABEL: .entry f16_f32_64x128x16(
  // DESC-DAG: or.b64 {{.*}}, 4611686293305360384;
  // DESC-DAG: or.b64 {{.*}}, 4611686293305360384;
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @f16_f32_64x128x16(%pc: !cute.ptr<f32, gmem>) kernel {
    %pa = cute.alloc_smem 4048 : !cute.ptr<f16, smem, align<1024>>
    %pb = cute.alloc_smem 8144 : !cute.ptr<f16, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">
    %lb = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
    %rc = cute.alloc_rmem 64 : !cute.ptr<f32, rmem>
    %lc = cute.static : !cute.layout<"64:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %c : f32, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"64:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"64:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry bf16_mn_b_64x256x16(
  // DESC-LABEL: .entry bf16_mn_b_64x256x16(
  // DESC-DAG: or.b64 {{.*}}, 4611686293305360384;
  // DESC-DAG: or.b64 {{.*}}, 4611686293313683456;
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @bf16_mn_b_64x256x16(%pc: !cute.ptr<f32, gmem>) kernel {
    %pa = cute.alloc_smem 4048 : !cute.ptr<bf16, smem, align<1024>>
    %pb = cute.alloc_smem 4096 : !cute.ptr<bf16, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">
    %lb = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o ((64,4),16):((1,1024),64)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,4),16):((1,1024),64)">>
    %rc = cute.alloc_rmem 128 : !cute.ptr<f32, rmem>
    %lc = cute.static : !cute.layout<"128:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %c : f32, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x256x16, ab_major = (k, mn), elem_type = (bf16, bf16, f32), frag_kind = ss>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x256x16, ab_major = (k, mn), elem_type = (bf16, bf16, f32), frag_kind = ss>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,4),16):((1,1024),64)">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"128:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"128:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry f16_f16_interleave_64x64x16(
  // DESC-LABEL: .entry f16_f16_interleave_64x64x16(
  // DESC-DAG: or.b64 {{.*}}, 34363932672;
  // DESC-DAG: or.b64 {{.*}}, 34363932672;
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @f16_f16_interleave_64x64x16(%pc: !cute.ptr<f16, gmem>) kernel {
    %pa = cute.alloc_smem 1024 : !cute.ptr<f16, smem, align<1024>>
    %pb = cute.alloc_smem 1024 : !cute.ptr<f16, smem, align<1024>>
    %la = cute.static : !cute.layout<"(64,(8,2)):(8,(1,512))">
    %lb = cute.static : !cute.layout<"(64,(8,2)):(8,(1,512))">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.layout<"(64,(8,2)):(8,(1,512))">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.layout<"(64,(8,2)):(8,(1,512))">>
    %rc = cute.alloc_rmem 32 : !cute.ptr<f16, rmem>
    %lc = cute.static : !cute.layout<"32:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>
    %zero = arith.constant 0.0 : f16
    cute.fill %zero, %c : f16, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f16, f16, f16), frag_kind = ss>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f16, f16, f16), frag_kind = ss>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.layout<"(64,(8,2)):(8,(1,512))">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.layout<"(64,(8,2)):(8,(1,512))">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"32:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"32:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry tf32_sw64_64x64x8(
  // DESC-LABEL: .entry tf32_sw64_64x64x8(
  // DESC-DAG: or.b64 {{.*}}, -9223371899415756800;
  // DESC-DAG: or.b64 {{.*}}, -9223371899415756800;
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @tf32_sw64_64x64x8(%pc: !cute.ptr<f32, gmem>) kernel {
    %pa = cute.alloc_smem 1016 : !cute.ptr<tf32, smem, align<1024>>
    %pb = cute.alloc_smem 1016 : !cute.ptr<tf32, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">
    %lb = cute.static : !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">>
    %rc = cute.alloc_rmem 32 : !cute.ptr<f32, rmem>
    %lc = cute.static : !cute.layout<"32:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %c : f32, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x64x8, ab_major = (k, k), elem_type = (tf32, tf32, f32), frag_kind = ss>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x64x8, ab_major = (k, k), elem_type = (tf32, tf32, f32), frag_kind = ss>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">>, !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"32:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"32:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry e4m3_f16_sw32_64x128x32(
  // DESC-LABEL: .entry e4m3_f16_sw32_64x128x32(
  // DESC-DAG: or.b64 {{.*}}, -4611685949707845632;
  // DESC-DAG: or.b64 {{.*}}, -4611685949707845632;
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n128k32.f16.e4m3.e4m3
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @e4m3_f16_sw32_64x128x32(%pc: !cute.ptr<f16, gmem>) kernel {
    %pa = cute.alloc_smem 2048 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %pb = cute.alloc_smem 4096 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (64,32):(32,1)">
    %lb = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (64,32):(32,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
    %rc = cute.alloc_rmem 64 : !cute.ptr<f16, rmem>
    %lc = cute.static : !cute.layout<"64:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>
    %zero = arith.constant 0.0 : f16
    cute.fill %zero, %c : f16, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f16), frag_kind = ss>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f16), frag_kind = ss>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (64,32):(32,1)">>, !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"64:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"64:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry s8_s32_64x8x32(
  // DESC-LABEL: .entry s8_s32_64x8x32(
  // DESC-DAG: or.b64 {{.*}}, 4611686293305360384;
  // DESC-DAG: or.b64 {{.*}}, 4611686018427453440;
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @s8_s32_64x8x32(%pc: !cute.ptr<i32, gmem>) kernel {
    %pa = cute.alloc_smem 8096 : !cute.ptr<i8, smem, align<1024>>
    %pb = cute.alloc_smem 1024 : !cute.ptr<i8, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o (64,32):(128,1)">
    %lb = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o (8,32):(128,1)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (64,32):(128,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (8,32):(128,1)">>
    %rc = cute.alloc_rmem 4 : !cute.ptr<i32, rmem>
    %lc = cute.static : !cute.layout<"4:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    %zero = arith.constant 0 : i32
    cute.fill %zero, %c : i32, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x8x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x8x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (64,32):(128,1)">>, !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (8,32):(128,1)">>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<i32>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

}
}
