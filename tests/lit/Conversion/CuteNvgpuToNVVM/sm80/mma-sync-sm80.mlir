// The SM80 register MMAs (sm80.mma, sm80.sparse_mma), one kernel per
// element type and shape: each lane's A, B, C fragments (CuTe's value order)
// are packed into 32-bit registers and fed to mma.sync / mma.sp.sync.
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cute compile %s --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// RUN: %cute compile %s --chip sm_120a -o %t.120.ptx && %ptxas -arch=sm_120a %t.120.ptx -o %t.cubin
// PTXAS-NOT: {{[1-9][0-9]*}} bytes spill stores

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: .entry mma_f16_16x8x16(
  // CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  gpu.func @mma_f16_16x8x16(%pa: !cute.ptr<f16, gmem>, %pb: !cute.ptr<f16, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %lb = cute.static : !cute.layout<"4:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %rb = cute.alloc_rmem 4 : !cute.ptr<f16, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry mma_f16_16x8x8(
  // CHECK: mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32
  gpu.func @mma_f16_16x8x8(%pa: !cute.ptr<f16, gmem>, %pb: !cute.ptr<f16, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"4:1">
    %lb = cute.static : !cute.layout<"2:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"2:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 4 : !cute.ptr<f16, rmem>
    %rb = cute.alloc_rmem 2 : !cute.ptr<f16, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"2:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"2:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"2:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x8, elem_type = (f16, f16, f32)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm80.mma<16x8x8, elem_type = (f16, f16, f32)>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"2:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry mma_f16acc_16x8x16(
  // CHECK: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
  gpu.func @mma_f16acc_16x8x16(%pa: !cute.ptr<f16, gmem>, %pb: !cute.ptr<f16, gmem>, %pc: !cute.ptr<f16, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %lb = cute.static : !cute.layout<"4:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %rb = cute.alloc_rmem 4 : !cute.ptr<f16, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f16, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f16)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f16)>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry mma_bf16_16x8x16(
  // CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
  gpu.func @mma_bf16_16x8x16(%pa: !cute.ptr<bf16, gmem>, %pb: !cute.ptr<bf16, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %lb = cute.static : !cute.layout<"4:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"8:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"4:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<bf16, rmem>
    %rb = cute.alloc_rmem 4 : !cute.ptr<bf16, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"8:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"4:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<bf16>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<bf16>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<bf16>, !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"8:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<bf16>, !cute.view<!cute.ptr<bf16, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (bf16, bf16, f32)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm80.mma<16x8x16, elem_type = (bf16, bf16, f32)>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry mma_tf32_16x8x8(
  // CHECK: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
  gpu.func @mma_tf32_16x8x8(%pa: !cute.ptr<tf32, gmem>, %pb: !cute.ptr<tf32, gmem>, %pc: !cute.ptr<f32, gmem>) kernel {
    %la = cute.static : !cute.layout<"4:1">
    %lb = cute.static : !cute.layout<"2:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<tf32, gmem>, !cute.layout<"4:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<tf32, gmem>, !cute.layout<"2:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 4 : !cute.ptr<tf32, rmem>
    %rb = cute.alloc_rmem 2 : !cute.ptr<tf32, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"4:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"2:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<tf32>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<tf32>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<tf32>, !cute.view<!cute.ptr<tf32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<tf32>, !cute.view<!cute.ptr<tf32, gmem>, !cute.layout<"2:1">>, !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"2:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x8, elem_type = (tf32, tf32, f32)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm80.mma<16x8x8, elem_type = (tf32, tf32, f32)>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<tf32, rmem>, !cute.layout<"2:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry mma_s8_16x8x32(
  // CHECK: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
  gpu.func @mma_s8_16x8x32(%pa: !cute.ptr<si8, gmem>, %pb: !cute.ptr<si8, gmem>, %pc: !cute.ptr<i32, gmem>) kernel {
    %la = cute.static : !cute.layout<"16:1">
    %lb = cute.static : !cute.layout<"8:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<si8, gmem>, !cute.layout<"16:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<si8, gmem>, !cute.layout<"8:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 16 : !cute.ptr<si8, rmem>
    %rb = cute.alloc_rmem 8 : !cute.ptr<si8, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<i32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<si8, rmem>, !cute.layout<"16:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<si8, rmem>, !cute.layout<"8:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<si8>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<si8>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<si8>, !cute.view<!cute.ptr<si8, gmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<si8, rmem>, !cute.layout<"16:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<si8>, !cute.view<!cute.ptr<si8, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<si8, rmem>, !cute.layout<"8:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<i32>, !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.mma<16x8x32, elem_type = (si8, si8, i32)>
    cute.mma_atom_call %mma, %c, %a, %b, %c : !cute_nvgpu.sm80.mma<16x8x32, elem_type = (si8, si8, i32)>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<si8, rmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<si8, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<i32>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

  // CHECK-LABEL: .entry mma_sparse_f16_16x8x32(
  // CHECK: mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32
  gpu.func @mma_sparse_f16_16x8x32(%pa: !cute.ptr<f16, gmem>, %pb: !cute.ptr<f16, gmem>, %pc: !cute.ptr<f32, gmem>, %pe: !cute.ptr<i32, gmem>) kernel {
    %la = cute.static : !cute.layout<"8:1">
    %lb = cute.static : !cute.layout<"8:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ga = cute.make_view %pa, %la : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
    %gb = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    %ra = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %rb = cute.alloc_rmem 8 : !cute.ptr<f16, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    %a = cute.make_view %ra, %la : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %b = cute.make_view %rb, %lb : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    %c = cute.make_view %rc, %lc : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %ca = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cb = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %ca, %ga, %a : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    cute.copy_atom_call %cb, %gb, %b : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>
    cute.copy_atom_call %cc, %gc, %c : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>
    %le = cute.static : !cute.layout<"1:1">
    %ge = cute.make_view %pe, %le : !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"1:1">>
    %re = cute.alloc_rmem 1 : !cute.ptr<i32, rmem>
    %e = cute.make_view %re, %le : !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"1:1">>
    %ce = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
    cute.copy_atom_call %ce, %ge, %e : !cute_nvgpu.atom.universal_copy<i32>, !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"1:1">>, !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"1:1">>
    cute.mma_atom_call %mma, %c, %a, %b, %c metadata(%e : !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"1:1">>) : !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }

}
}
