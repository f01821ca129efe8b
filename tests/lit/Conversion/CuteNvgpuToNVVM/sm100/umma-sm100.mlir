// The SM100 UMMA (sm100.mma, dense, ss): one tcgen05.mma per atom call on
// the UMMA descriptors of the shared A and B tiles (constant part from
// layout::gmma::make_umma_desc, CuTe's values), the instruction descriptor
// (nvgpu::umma::instr_desc, CuTe's make_instr_desc) and the tensor-memory
// accumulator from the TMEM cache; enable-input-d from the call's
// accumulate flag; tcgen05.commit to an mbarrier.
// RUN: %cute compile %s --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// sm_103a (lowered as sm_100a for LLVM 22's NVVM dialect, its PTX
// retargeted: tests/lit/Compile/gemm-sm100.mlir) has no tcgen05.mma
// .kind::i8 (ptxas: "not supported on .target 'sm_103a'"; nor sm_100f,
// sm_103f): the integer UMMA is refused at its atom, by the registry.
// RUN: not %cute compile %s --chip sm_103a 2>&1 | FileCheck %s --check-prefix=SM103
// SM103: error: 'cute.make_atom' op '!cute_nvgpu.sm100.mma<128x64x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>' requires sm_100a, but the target is sm_103a

!Bar = !cute.ptr<i64, smem, align<8>>
module attributes {gpu.container_module} {
gpu.module @kernels {
  // The instruction descriptor 0x08400490, CuTe's for bf16 x bf16 -> f32, 128x256, K-major; SW32 K-major descriptors 0xc000401000010000.
  // CHECK-LABEL: .entry umma_bf16_128x256x16(
  // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
  // CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -4611615580963667968;
  // CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -4611615580963667968;
  // CHECK: mov.b32 {{%r[0-9]+}}, 138413200;
  // CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}}, {{%p[0-9]+}};
  // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
  // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
  gpu.func @umma_bf16_128x256x16(%first: i1) kernel {
    %pa = cute.alloc_smem 2048 : !cute.ptr<bf16, smem, align<1024>>
    %pb = cute.alloc_smem 4096 : !cute.ptr<bf16, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">
    %lb = cute.static : !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>
    %h = arith.constant 0 : i32
    %cols = arith.constant 256 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %ld = cute.static : !cute.layout<"(128,256):(65536,1)">
    %d = cute.make_view %tmem, %ld : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>
    %true = arith.constant true
    %accumulate = arith.xori %first, %true : i1
    cute.mma_atom_call %atom, %d, %a, %b, %d accumulate(%accumulate) : !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (128,16):(16,1)">>, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    gpu.return
  }

  // The instruction descriptor 0x08200010; SW128 K-major descriptors 0x4000404000010000.
  // CHECK-LABEL: .entry umma_e4m3_128x128x32(
  // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
  // CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611756662049538048;
  // CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611756662049538048;
  // CHECK: mov.b32 {{%r[0-9]+}}, 136314896;
  // CHECK: tcgen05.mma.cta_group::1.kind::f8f6f4.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}}, {{%p[0-9]+}};
  // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
  // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
  gpu.func @umma_e4m3_128x128x32(%first: i1) kernel {
    %pa = cute.alloc_smem 16384 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %pb = cute.alloc_smem 16384 : !cute.ptr<f8E4M3FN, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">
    %lb = cute.static : !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>
    %h = arith.constant 0 : i32
    %cols = arith.constant 128 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %ld = cute.static : !cute.layout<"(128,128):(65536,1)">
    %d = cute.make_view %tmem, %ld : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !cute_nvgpu.sm100.mma<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss>
    %true = arith.constant true
    %accumulate = arith.xori %first, %true : i1
    cute.mma_atom_call %atom, %d, %a, %b, %d accumulate(%accumulate) : !cute_nvgpu.sm100.mma<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>, !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>, !cute.view<!cute.ptr<f8E4M3FN, smem, align<1024>>, !cute.composed_layout<"S<3,4,3> o 0 o (128,32):(128,1)">>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,128):(65536,1)">>
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    gpu.return
  }

  // The instruction descriptor 0x081004a0 (s8 x s8 -> s32); SW32 descriptors.
  // CHECK-LABEL: .entry umma_i8_128x64x32(
  // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
  // CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -4611615580963667968;
  // CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -4611615580963667968;
  // CHECK: mov.b32 {{%r[0-9]+}}, 135267488;
  // CHECK: tcgen05.mma.cta_group::1.kind::i8.collector::a::discard [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%rd[0-9]+}}, {{%r[0-9]+}}, {{%p[0-9]+}};
  // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
  // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
  gpu.func @umma_i8_128x64x32(%first: i1) kernel {
    %pa = cute.alloc_smem 4096 : !cute.ptr<i8, smem, align<1024>>
    %pb = cute.alloc_smem 2048 : !cute.ptr<i8, smem, align<1024>>
    %la = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">
    %lb = cute.static : !cute.composed_layout<"S<1,4,3> o 0 o (64,32):(32,1)">
    %a = cute.make_view %pa, %la : !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (64,32):(32,1)">>
    %h = arith.constant 0 : i32
    %cols = arith.constant 64 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<i32, tmem>
    %ld = cute.static : !cute.layout<"(128,64):(65536,1)">
    %d = cute.make_view %tmem, %ld : !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"(128,64):(65536,1)">>
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !cute_nvgpu.sm100.mma<128x64x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>
    %true = arith.constant true
    %accumulate = arith.xori %first, %true : i1
    cute.mma_atom_call %atom, %d, %a, %b, %d accumulate(%accumulate) : !cute_nvgpu.sm100.mma<128x64x32, ab_major = (k, k), elem_type = (i8, i8, i32), frag_kind = ss>, !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"(128,64):(65536,1)">>, !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (128,32):(32,1)">>, !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.composed_layout<"S<1,4,3> o 0 o (64,32):(32,1)">>, !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"(128,64):(65536,1)">>
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    gpu.return
  }

  // ts: A from tensor memory (its address, not a descriptor), B from shared
  // memory; the instruction descriptor is the ss one's.
  // CHECK-LABEL: .entry umma_ts_bf16_128x256x16(
  // CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -4611615580963667968;
  // CHECK: mov.b32 {{%r[0-9]+}}, 138413200;
  // CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [{{%r[0-9]+}}], [{{%r[0-9]+}}], {{%rd[0-9]+}}, {{%r[0-9]+}}, {{%p[0-9]+}};
  gpu.func @umma_ts_bf16_128x256x16(%first: i1) kernel {
    %pb = cute.alloc_smem 4096 : !cute.ptr<bf16, smem, align<1024>>
    %lb = cute.static : !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">
    %b = cute.make_view %pb, %lb : !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>
    %h = arith.constant 0 : i32
    %cols = arith.constant 256 : i32
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f32, tmem>
    %ld = cute.static : !cute.layout<"(128,256):(65536,1)">
    %d = cute.make_view %tmem, %ld : !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
    %h1 = arith.constant 1 : i32
    %acols = arith.constant 32 : i32
    %atmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h1, %acols : i32 -> !cute.ptr<bf16, tmem>
    %la = cute.static : !cute.layout<"(128,16):(65536,1)">
    %a = cute.make_view %atmem, %la : !cute.view<!cute.ptr<bf16, tmem>, !cute.layout<"(128,16):(65536,1)">>
    %bar = cute.alloc_smem 1 : !Bar
    %atom = cute.make_atom : !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ts>
    cute.mma_atom_call %atom, %d, %a, %b, %d : !cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ts>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>, !cute.view<!cute.ptr<bf16, tmem>, !cute.layout<"(128,16):(65536,1)">>, !cute.view<!cute.ptr<bf16, smem, align<1024>>, !cute.composed_layout<"S<1,3,3> o 0 o (256,16):(16,1)">>, !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(128,256):(65536,1)">>
    cute_nvgpu.arch.sm100.commit %bar : !Bar
    gpu.return
  }
}
}
