// Block-scaled UMMA (sm100.mma_bs) through cute.mma_atom_call: the A and B
// scale factors are tensor-memory views, the instruction descriptor is
// CuTe's make_instr_desc_block_scaled (src/dialect/nvgpu/umma.rs, goldens in
// tests/fixtures/umma_descriptors.txt), the kind follows the element types
// and the scale-vector size. Through ptxas for sm_100a.
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
!Bar = !cute.ptr<i64, smem, align<1024>>
!S = !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>
!D = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, tmem>, !cute.layout<"(128,4):(65536,1)">>
!BS = !cute_nvgpu.sm100.mma_bs<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // e4m3 x e4m3, ue8m0 scales: kind::mxf8f6f4, idesc 0x08a00000 = 144703488.
  // CHECK-LABEL: .entry umma_mxf8(
  // CHECK: mov.b32 {{%r[0-9]+}}, 144703488;
  // CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}}, [{{%r[0-9]+}}], [{{%r[0-9]+}}], {{%p[0-9]+}};
  // CHECK: tcgen05.commit.cta_group::1
  gpu.func @umma_mxf8(%first: i1) kernel {
    %pa = cute.alloc_smem 4096 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %pb = cute.alloc_smem 4096 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %ls = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">
    %a = cute.make_view %pa, %ls : !S
    %b = cute.make_view %pb, %ls : !S
    %h = arith.constant 0 : i32
    %cols = arith.constant 256 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %ld = cute.static : !cute.layout<"(128,128):(65536,1)">
    %d = cute.make_view %tmem, %ld : !D
    %sfp = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f8E8M0FNU, tmem>
    %lsf = cute.static : !cute.layout<"(128,4):(65536,1)">
    %sfa = cute.make_view %sfp, %lsf : !SF
    %sfb = cute.make_view %sfp, %lsf : !SF
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !BS
    %true = arith.constant true
    %accumulate = arith.xori %first, %true : i1
    cute.mma_atom_call %atom, %d, %a, %b, %d scales(%sfa, %sfb : !SF, !SF) accumulate(%accumulate) : !BS, !D, !S, !S, !D
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    gpu.return
  }
}
}
