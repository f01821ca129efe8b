// Tensor memory (SM100): the per-function TMEM allocation cache of
// retrieve_tmem_ptr (spec 000), tcgen05.ld / st with their waits, and the
// explicit alloc / dealloc ops, through ptxas for sm_100a.
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// The same through mlir-opt-22 and the plugin (its multi-threaded pass
// manager: the pass declares the dialects its sequences use).
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_100a})' | FileCheck %s --check-prefix=NVVM
// NVVM-LABEL: llvm.func @three_retrievals(
// NVVM: nvvm.tcgen05.alloc
// NVVM-NOT: nvvm.tcgen05.alloc
// NVVM: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// NVVM: llvm.inttoptr %[[A]] : i32 to !llvm.ptr<6>
// NVVM-NOT: nvvm.tcgen05.alloc
// NVVM: nvvm.tcgen05.dealloc
// No tensor memory on Hopper or consumer Blackwell: the TMEM atoms are
// refused before lowering (tmem-sm100-invalid.mlir: the bare ops).
// RUN: not %cute compile %s --chip sm_90a 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not %cute compile %s --chip sm_120a 2>&1 | FileCheck %s --check-prefix=SM120
// SM90: error: 'cute.make_atom' op '!cute_nvgpu.atom.tmem_load<f32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_90a
// SM120: error: 'cute.make_atom' op '!cute_nvgpu.atom.tmem_load<f32>' requires sm_100a, sm_100f, sm_103a or sm_103f, but the target is sm_120a

module attributes {gpu.container_module} {
gpu.module @kernels {
  // Three retrievals of one handle (one in a loop, one in a branch): one
  // allocation at entry, by warp 0, published through the fenced barrier;
  // one deallocation before the return.
  // CHECK-LABEL: .entry three_retrievals(
  // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__cute_tmem_slot_[[SLOT:[0-9]+]]], %r{{[0-9]+}};
  // CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
  // CHECK: tcgen05.fence::before_thread_sync;
  // CHECK-NEXT: bar.sync 0;
  // CHECK-NEXT: tcgen05.fence::after_thread_sync;
  // Every thread loads the address the allocation wrote, and the TMEM
  // accesses use it (not a constant address).
  // CHECK-NEXT: ld.shared.b32 [[ADDR:%r[0-9]+]], [__cute_tmem_slot_[[SLOT]]];
  // CHECK-NOT: tcgen05.alloc
  // CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32 {{{.*}}}, [[[ADDR]]];
  // CHECK: tcgen05.wait::ld.sync.aligned;
  // CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
  // CHECK: tcgen05.wait::st.sync.aligned;
  // CHECK-NOT: tcgen05.alloc
  // CHECK: bar.sync 0;
  // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
  // CHECK-NOT: tcgen05.alloc
  gpu.func @three_retrievals(%out: !cute.ptr<f32, gmem>, %n: index, %flag: i1) kernel {
    %handle = arith.constant 0 : i32
    %cols = arith.constant 128 : i32
    %t0 = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<f32, tmem>
    %v = cute_nvgpu.arch.sm100.tmem_load %t0 : !cute.ptr<f32, tmem> -> vector<32xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %t1 = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<f32, tmem>
      cute_nvgpu.arch.sm100.tmem_store %t1, %v : !cute.ptr<f32, tmem>, vector<32xf32>
    }
    scf.if %flag {
      %t2 = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<f32, tmem>
      %w = cute_nvgpu.arch.sm100.tmem_load %t2 : !cute.ptr<f32, tmem> -> vector<32xf32>
      %x = vector.extract %w[0] : f32 from vector<32xf32>
      %l = cute.static : !cute.layout<"1:0">
      %g = cute.make_view %out, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>
      %c = cute.static : !cute.coord<"0">
      cute.store %x, %g[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>, !cute.coord<"0">
    }
    gpu.return
  }

  // Two handles: two allocations before the one relinquish (no allocation
  // may follow it), the widest first whatever the order of retrieval ("the
  // number of columns allocated should not increase between any two
  // allocations", PTX ISA 9.7.16.7.1: the emulator refused 64 then 256),
  // two deallocations after one barrier.
  // CHECK: mov.b32 [[WIDE:%r[0-9]+]], 256;
  // CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 {{.*}}, [[WIDE]];
  // CHECK-NEXT: mov.b32 [[NARROW:%r[0-9]+]], 64;
  // CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 {{.*}}, [[NARROW]];
  // CHECK-NEXT: tcgen05.relinquish_alloc_permit
  // CHECK: tcgen05.wait::st.sync.aligned;
  // CHECK-NEXT: tcgen05.fence::before_thread_sync;
  // CHECK-NEXT: bar.sync 0;
  // CHECK-NEXT: tcgen05.fence::after_thread_sync;
  // CHECK-NOT: bar.sync
  // CHECK-COUNT-2: tcgen05.dealloc.cta_group::1
  gpu.func @two_handles() kernel {
    %h0 = arith.constant 0 : i32
    %h1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c256 = arith.constant 256 : i32
    %a = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h0, %c64 : i32 -> !cute.ptr<f32, tmem>
    %b = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h1, %c256 : i32 -> !cute.ptr<f32, tmem>
    %v = cute_nvgpu.arch.sm100.tmem_load %a : !cute.ptr<f32, tmem> -> vector<4xf32>
    cute_nvgpu.arch.sm100.tmem_store %b, %v : !cute.ptr<f32, tmem>, vector<4xf32>
    gpu.return
  }

  // The TMEM copy atoms (cute.copy_atom_call): tcgen05.ld / st of the TMEM
  // view's 16 columns at the warp's lanes, the register fragment's values.
  // The allocation goes after the fragment's alloca: its warp-0 branch
  // splits the entry block, and an alloca below it would stay in local
  // memory (a stack frame) instead of registers.
  // NVVM-LABEL: llvm.func @copy_atoms(
  // NVVM-NOT: ^bb
  // NVVM: llvm.alloca
  // NVVM-NOT: ^bb
  // NVVM: llvm.cond_br
  // NVVM-NEXT: ^bb1:
  // NVVM-NEXT: nvvm.tcgen05.alloc
  // CHECK-LABEL: .entry copy_atoms(
  // CHECK-NOT: __local_depot
  // CHECK: tcgen05.ld.sync.aligned.32x32b.x16.b32
  // CHECK-NEXT: // begin inline asm
  // CHECK-NEXT: tcgen05.wait::ld.sync.aligned;
  // CHECK-NEXT: // end inline asm
  // CHECK: tcgen05.st.sync.aligned.32x32b.x16.b32
  // CHECK-NEXT: tcgen05.wait::st.sync.aligned;
  gpu.func @copy_atoms() kernel {
    %h = arith.constant 0 : i32
    %cols = arith.constant 32 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %l = cute.static : !cute.layout<"16:1">
    %t = cute.make_view %tmem, %l : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"16:1">>
    %c16 = arith.constant 16 : i32
    %tp2 = cute.add_offset %tmem, %c16 : !cute.ptr<f32, tmem>, i32
    %t2 = cute.make_view %tp2, %l : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"16:1">>
    %rp = cute.alloc_rmem 16 : !cute.ptr<f32, rmem, align<16>>
    %r = cute.make_view %rp, %l : !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"16:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    %st = cute.make_atom : !cute_nvgpu.atom.tmem_store<f32>
    cute.copy_atom_call %ld, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"16:1">>
    cute.copy_atom_call %st, %r, %t2 : !cute_nvgpu.atom.tmem_store<f32>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"16:1">>
    gpu.return
  }

  // The explicit ops, 1:1 (the kernel owns the warp and the barrier).
  // CHECK-LABEL: .entry explicit(
  // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
  // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
  gpu.func @explicit(%tmem: !cute.ptr<f32, tmem>) kernel {
    %slot = cute.alloc_smem 1 : !cute.ptr<i32, smem, align<4>>
    %cols = arith.constant 32 : i32
    cute_nvgpu.arch.sm100.tmem_alloc %slot, %cols : !cute.ptr<i32, smem, align<4>>
    cute_nvgpu.arch.sm100.tmem_dealloc %tmem, %cols : !cute.ptr<f32, tmem>
    gpu.return
  }
}
}
