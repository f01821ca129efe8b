// examples/fmha_fwd_sm90.mlir, FMHA on Hopper (a TMA producer warpgroup
// and two consumer warpgroups; WGMMA ss for Q K^T, WGMMA rs for P V with P
// in registers; online softmax): compiled to PTX and assembled by ptxas
// with no stack frame and no spills. Its results:
// tests/emulator_attention.rs.
// RUN: %cute compile %examples/fmha_fwd_sm90.mlir --chip sm_90a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CHECK: .visible .entry fmha(
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// P V takes P from registers: the rs form's A operand is a vector of four
// 32-bit registers (f16 pairs), then V's descriptor.
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{]}}{{.*}}{{[}]}}, {{[{]}}%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}{{[}]}}, %rd{{[0-9]+}},
// No local memory, no integer division.
// CHECK-NOT: {{(ld|st)\.local}}
// CHECK-NOT: {{(div|rem)\.}}
// CHECK: ret;

// Per K/V block (the loop body is one copy): 4 WGMMA 64x128x16 for S and
// 8 WGMMA 64x64x16 rs for P V; 64 exp2 of P and 2 row rescales; the quad's
// row max and (at the end) row sum by 2 shuffles per row of the thread's
// 2; P (in the loop) and O (at the end) to f16; each warpgroup's setmaxnreg.
// RUN: grep -c wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 %t.ptx | FileCheck %s --check-prefix=SS
// SS: {{^}}4{{$}}
// RUN: grep -c wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 %t.ptx | FileCheck %s --check-prefix=RS
// RS: {{^}}8{{$}}
// RUN: grep -c ex2.approx.f32 %t.ptx | FileCheck %s --check-prefix=EX2
// EX2: {{^}}66{{$}}
// RUN: grep -c shfl.sync.bfly.b32 %t.ptx | FileCheck %s --check-prefix=SHFL
// SHFL: {{^}}8{{$}}
// RUN: grep -c cvt.rn.f16x2.f32 %t.ptx | FileCheck %s --check-prefix=CVT
// CVT: {{^}}48{{$}}
// RUN: grep -c setmaxnreg %t.ptx | FileCheck %s --check-prefix=MAXNREG
// MAXNREG: {{^}}2{{$}}
