// The binary register MMA (sm80.mma 16x8x128 with i1 inputs, CuTe's
// SM80_16x8x128_S32U1U1S32_TN_ANDPOPC): nvvm.mma.sync with b1 operands and
// b1Op and_popc, 32 bits a register (A two registers, B one, C/D four s32);
// ptxas assembles it for SM80 and SM90. The emulator runs it against the
// ISA's tables: tests/emulator_atoms.rs::binary_register_mma_counts_the_and_of_bits.
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: %cute compile %s --chip sm_90a -o %t.90.ptx && %ptxas -arch=sm_90a %t.90.ptx -o %t.cubin
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_80})' | FileCheck %s --check-prefix=NVVM
// CHECK: mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc
// NVVM: nvvm.mma.sync {{.*}}b1Op = #nvvm.mma_b1op<and_popc>{{.*}}multiplicandAPtxType = #nvvm.mma_type<b1>{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 128>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>

!A = !cute.view<!cute.ptr<i1, rmem>, !cute.layout<"64:1">>
!B = !cute.view<!cute.ptr<i1, rmem>, !cute.layout<"32:1">>
!C = !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"4:1">>
!M = !cute_nvgpu.sm80.mma<16x8x128, elem_type = (i1, i1, i32)>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%pc: !cute.ptr<i32, gmem>) kernel {
    %la = cute.static : !cute.layout<"64:1">
    %lb = cute.static : !cute.layout<"32:1">
    %lc = cute.static : !cute.layout<"4:1">
    %ra = cute.alloc_rmem 64 : !cute.ptr<i1, rmem>
    %rb = cute.alloc_rmem 32 : !cute.ptr<i1, rmem>
    %rc = cute.alloc_rmem 4 : !cute.ptr<i32, rmem>
    %a = cute.make_view %ra, %la : !A
    %b = cute.make_view %rb, %lb : !B
    %c = cute.make_view %rc, %lc : !C
    %gc = cute.make_view %pc, %lc : !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    %mma = cute.make_atom : !M
    cute.mma_atom_call %mma, %c, %a, %b, %c : !M, !C, !A, !B, !C
    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
    cute.copy_atom_call %cc, %c, %gc : !cute_nvgpu.atom.universal_copy<i32>, !C, !cute.view<!cute.ptr<i32, gmem>, !cute.layout<"4:1">>
    gpu.return
  }
}
}
