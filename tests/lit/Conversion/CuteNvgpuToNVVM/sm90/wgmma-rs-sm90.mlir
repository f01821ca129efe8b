// WGMMA with A in registers (sm90.mma, frag_kind = rs; CUTLASS's
// SM90_64xNxK_*_RS atoms, what attention kernels use for P * V), one kernel
// per element type, accumulator, B major-ness and swizzle: each thread's
// M*K/128 A values are four 32-bit registers (32 / bits values each, in the
// atom's value order), B stays in shared memory behind its GMMA descriptor.
// LLVM 22's nvvm.wgmma.mma_async takes an A descriptor only, so the
// instruction is inline PTX; B's transpose is an immediate of the 16-bit
// types only. Issue 27 item 6; run in the emulator by
// tests/emulator.rs::wgmma_rs_sm90_computes_one_warpgroup_tile_with_a_in_registers.
// RUN: %cute compile %s --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill stores

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry f16_f32_64x128x16(
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 0;
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @f16_f32_64x128x16(%pa: !cute.ptr<f16, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %ld, %ga, %a : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %pb = cute.alloc_smem 8144 : !cute.ptr<f16, smem, align<1024>>
    %lb = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
    %rc = cute.alloc_rmem 64 : !cute.ptr<f32, rmem>
    %lc = cute.static : !cute.layout<"64:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %c : f32, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = rs>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = rs>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"64:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"64:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry bf16_mn_b_64x256x16(
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @bf16_mn_b_64x256x16(%pa: !cute.ptr<bf16, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"8:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<bf16, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"8:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.universal_copy<bf16>
    cute.copy_atom_call %ld, %ga, %a : !cute_nvgpu.atom.universal_copy<bf16>, !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"8:1">>
    %pb = cute.alloc_smem 4096 : !cute.ptr<bf16, smem, align<1024>>
    %lb = cute.static : !cute.composed_layout<"S<3,3,3> o 0 o ((64,4),16):((1,1024),64)">
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,4),16):((1,1024),64)">>
    %rc = cute.alloc_rmem 128 : !cute.ptr<f32, rmem>
    %lc = cute.static : !cute.layout<"128:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %c : f32, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x256x16, ab_major = (k, mn), elem_type = (bf16, bf16, f32), frag_kind = rs>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x256x16, ab_major = (k, mn), elem_type = (bf16, bf16, f32), frag_kind = rs>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>, !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((64,4),16):((1,1024),64)">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"128:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"128:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"128:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry f16_f16_64x64x16(
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 0;
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @f16_f16_64x64x16(%pa: !cute.ptr<f16, gmem>, %pc: !cute.ptr<f16, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %ld, %ga, %a : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %pb = cute.alloc_smem 1024 : !cute.ptr<f16, smem, align<1024>>
    %lb = cute.static : !cute.layout<"(64,(8,2)):(8,(1,512))">
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.layout<"(64,(8,2)):(8,(1,512))">>
    %rc = cute.alloc_rmem 32 : !cute.ptr<f16, rmem>
    %lc = cute.static : !cute.layout<"32:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>
    %zero = arith.constant 0.0 : f16
    cute.fill %zero, %c : f16, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f16, f16, f16), frag_kind = rs>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x64x16, ab_major = (k, k), elem_type = (f16, f16, f16), frag_kind = rs>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.layout<"(64,(8,2)):(8,(1,512))">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"32:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"32:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry tf32_64x64x8(
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @tf32_64x64x8(%pa: !cute.ptr<tf32, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<tf32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 4 : !cute.ptr<tf32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"4:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.universal_copy<tf32>
    cute.copy_atom_call %ld, %ga, %a : !cute_nvgpu.atom.universal_copy<tf32>, !cute.view<!cute.ptr<tf32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"4:1">>
    %pb = cute.alloc_smem 1016 : !cute.ptr<tf32, smem, align<1024>>
    %lb = cute.static : !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">>
    %rc = cute.alloc_rmem 32 : !cute.ptr<f32, rmem>
    %lc = cute.static : !cute.layout<"32:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %c : f32, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x64x8, ab_major = (k, k), elem_type = (tf32, tf32, f32), frag_kind = rs>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x64x8, ab_major = (k, k), elem_type = (tf32, tf32, f32), frag_kind = rs>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<tf32, smem, align<1024>>, !cute.composed_layout<"S<2,2,3> o 0 o (64,8):(16,1)">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"32:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"32:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry e4m3_f16_64x128x32(
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n128k32.f16.e4m3.e4m3 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @e4m3_f16_64x128x32(%pa: !cute.ptr<f8E4M3FN, gmem>, %pc: !cute.ptr<f16, gmem>) kernel {
    %la = cute.static : !cute.layout<"16:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f8E4M3FN, gmem>, !cute.layout<"16:1">>
    %ra = cute.alloc_rmem 16 : !cute.ptr<f8E4M3FN, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.universal_copy<f8E4M3FN>
    cute.copy_atom_call %ld, %ga, %a : !cute_nvgpu.atom.universal_copy<f8E4M3FN>, !cute.view<!cute.ptr<f8E4M3FN, gmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>
    %pb = cute.alloc_smem 4096 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %lb = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
    %rc = cute.alloc_rmem 64 : !cute.ptr<f16, rmem>
    %lc = cute.static : !cute.layout<"64:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>
    %zero = arith.constant 0.0 : f16
    cute.fill %zero, %c : f16, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f16), frag_kind = rs>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f16), frag_kind = rs>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"64:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"64:1">>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"64:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry s8_s32_64x8x32(
  // CHECK: wgmma.fence.sync.aligned
  // CHECK: wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {{.*}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p;
  // CHECK: wgmma.commit_group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0
  gpu.func @s8_s32_64x8x32(%pa: !cute.ptr<i8, gmem>, %pc: !cute.ptr<i32, gmem>) kernel {
    %la = cute.static : !cute.layout<"16:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<i8, gmem>, !cute.layout<"16:1">>
    %ra = cute.alloc_rmem 16 : !cute.ptr<i8, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"16:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.universal_copy<i8>
    cute.copy_atom_call %ld, %ga, %a : !cute_nvgpu.atom.universal_copy<i8>, !cute.view<!cute.ptr<i8, gmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"16:1">>
    %pb = cute.alloc_smem 1024 : !cute.ptr<i8, smem, align<1024>>
    %lb = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o (8,32):(128,1)">
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (8,32):(128,1)">>
    %rc = cute.alloc_rmem 4 : !cute.ptr<i32, rmem>
    %lc = cute.static : !cute.layout<"4:1">
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    %zero = arith.constant 0 : i32
    cute.fill %zero, %c : i32, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    %atom = cute.make_atom : !cute_nvgpu.sm90.mma<64x8x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = rs>
    nvvm.wgmma.fence.aligned
    cute.mma_atom_call %atom, %c, %a, %b, %c : !cute_nvgpu.sm90.mma<64x8x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = rs>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (8,32):(128,1)">>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0
    %g = cute.make_view %pc, %lc : !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
    cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<i32>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

}
}
