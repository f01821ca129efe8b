// Issue 34: a kernel's declared block shape reaches the PTX as .reqntid
// (the driver refuses another launch), and a declared block smaller than
// what the kernel's tiled copies and MMAs partition over is a compile error.
// RUN: %cute compile %S/../../fixtures/copy_sm80_block32.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: sed -e 's/%%K: i32) kernel {/%%K: i32) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {/' %examples/gemm_sm80.mlir > %t.small.mlir
// RUN: not %cute compile %t.small.mlir --chip sm_80 2>&1 | FileCheck %s --check-prefix=SMALL
// CHECK: .reqntid 32, 1, 1
// CHECK-NOT: .maxntid
// SMALL: error: 'gpu.func' op declares a block of 64 threads ([64, 1, 1]), but !cute.tiled_copy<{{.*}}> partitions over 128
