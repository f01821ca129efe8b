// examples/sgemm_sm80.mlir, CuTe's tutorial SIMT GEMM written in cute IR
// (the README's main job): PTX for sm_80 that ptxas assembles with no spills
// and a 0-byte stack frame (the register fragments are registers);
// the inner loop is FMAs on shared-memory operands, and no division by a
// run-time value is left anywhere (the block and thread arithmetic is static
// or FastDivmod-free multiplications).
// RUN: %cute compile %examples/sgemm_sm80.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cute compile %examples/sgemm_sm80.mlir --chip sm_90a -o %t.sm90a.ptx && %ptxas -arch=sm_90a %t.sm90a.ptx -o %t.cubin

// CHECK: .visible .entry sgemm(
// CHECK-DAG: .shared .align 16 .b8 __cute_smem_0[1024];
// CHECK-DAG: .shared .align 16 .b8 __cute_smem_1[1024];
// CHECK-NOT: div.
// CHECK-NOT: rem.
// CHECK: ld.global.b32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: fma.rn.f32
// CHECK: st.global.b32
// CHECK-NOT: div.
// CHECK-NOT: rem.

// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: used 1 barriers, 2048 bytes smem
