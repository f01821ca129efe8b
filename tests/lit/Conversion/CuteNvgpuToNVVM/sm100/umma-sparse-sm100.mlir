// Structured-sparse UMMA (sm100.mma_sp and the sparse block-scaled
// sm100.mma_bs_sp) through cute.mma_atom_call: A is stored compressed in
// shared memory (half its K values: a 128x16 f16 tile for K = 32), the
// metadata words are a tensor-memory view, the instruction descriptor is
// CuTe's make_instr_desc with is_sparse (tests/fixtures/umma_descriptors.txt
// section instr_sparse). Through ptxas for sm_100a.
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
!Bar = !cute.ptr<i64, smem, align<8>>
!A = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<2,3,3> o 0 o (256,32):(32,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
!E = !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"(128,1):(65536,1)">>
!SP = !cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
!A8 = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
!B8 = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<2,4,3> o 0 o (128,64):(64,1)">>
!D8 = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, tmem>, !cute.layout<"(128,4):(65536,1)">>
!BSP = !cute_nvgpu.sm100.mma_bs_sp<128x128x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // f16 x f16 -> f32, 128x256x32 sparse: idesc 0x08400014 = 138412052.
  // CHECK-LABEL: .entry umma_sparse_f16(
  // CHECK: mov.b32 {{%r[0-9]+}}, 138412052;
  // CHECK: tcgen05.mma.sp.cta_group::1.kind::f16.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, [{{%r[0-9]+}}], {{%r[0-9]+}}, {{%p[0-9]+}};
  gpu.func @umma_sparse_f16(%first: i1) kernel {
    %pa = cute.alloc_smem 2048 : !cute.ptr<f16, smem, align<1024>>
    %pb = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">
    %lb = cute.static : !cute.composed_layout<"S<2,3,3> o 0 o (256,32):(32,1)">
    %a = cute.make_view %pa, %la : !A
    %b = cute.make_view %pb, %lb : !B
    %h = arith.constant 0 : i32
    %cols = arith.constant 512 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %ld = cute.static : !cute.layout<"(128,256):(65536,1)">
    %d = cute.make_view %tmem, %ld : !D
    %meta_p = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<i32, tmem>
    %le = cute.static : !cute.layout<"(128,1):(65536,1)">
    %e = cute.make_view %meta_p, %le : !E
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !SP
    %true = arith.constant true
    %accumulate = arith.xori %first, %true : i1
    cute.mma_atom_call %atom, %d, %a, %b, %d metadata(%e : !E) accumulate(%accumulate) : !SP, !D, !A, !B, !D
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    gpu.return
  }

  // e4m3 sparse block-scaled, 128x128x64: kind::mxf8f6f4, idesc 0x08a00004.
  // CHECK-LABEL: .entry umma_sparse_mxf8(
  // CHECK: mov.b32 {{%r[0-9]+}}, 144703492;
  // CHECK: tcgen05.mma.sp.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard
  gpu.func @umma_sparse_mxf8(%first: i1) kernel {
    %pa = cute.alloc_smem 4096 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %pb = cute.alloc_smem 8192 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">
    %lb = cute.static : !cute.composed_layout<"S<2,4,3> o 0 o (128,64):(64,1)">
    %a = cute.make_view %pa, %la : !A8
    %b = cute.make_view %pb, %lb : !B8
    %h = arith.constant 0 : i32
    %cols = arith.constant 512 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %ld = cute.static : !cute.layout<"(128,128):(65536,1)">
    %d = cute.make_view %tmem, %ld : !D8
    %meta_p = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<i32, tmem>
    %le = cute.static : !cute.layout<"(128,1):(65536,1)">
    %e = cute.make_view %meta_p, %le : !E
    %sfp = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f8E8M0FNU, tmem>
    %lsf = cute.static : !cute.layout<"(128,4):(65536,1)">
    %sf = cute.make_view %sfp, %lsf : !SF
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !BSP
    %true = arith.constant true
    %accumulate = arith.xori %first, %true : i1
    cute.mma_atom_call %atom, %d, %a, %b, %d metadata(%e : !E) scales(%sf, %sf : !SF, !SF) accumulate(%accumulate) : !BSP, !D8, !A8, !B8, !D8
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    gpu.return
  }
}
}
