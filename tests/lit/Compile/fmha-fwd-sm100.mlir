// examples/fmha_fwd_sm100.mlir, FMHA on Blackwell (S and O in tensor
// memory; the softmax warpgroup reads S with tcgen05.ld and writes P with
// tcgen05.st; P V as a ts UMMA, P the A operand from tensor memory):
// compiled to PTX and assembled by ptxas with no stack frame and no
// spills. Its results: tests/emulator_attention.rs.
// RUN: %cute compile %examples/fmha_fwd_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^ *}}0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CHECK: .visible .entry fmha(
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
// S = Q K^T: A and B from shared memory (descriptors).
// CHECK: tcgen05.mma.cta_group::1.kind::f16{{.*}} [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}},
// The softmax reads S, stores P and waits for the stores before the fence
// and the barrier that hand P to the MMA thread.
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK: bar.sync
// O += P V: A (P) from tensor memory, an address, not a descriptor.
// CHECK: tcgen05.mma.cta_group::1.kind::f16{{.*}} [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}},
// CHECK: tcgen05.dealloc
// CHECK-NOT: {{(ld|st)\.local}}
// RUN: not grep -q shfl.sync %t.ptx

// Per K/V block (one copy of the loop body): 4 UMMAs for S, 8 for P V;
// the row of S in 4 loads of 32 columns, O's correction in 2 loads and 2
// stores, P in 2 stores (64 f16 a store) and O read twice at the end; 128
// exp2 of P and 1 rescale; no shuffle (a thread owns its row).
// RUN: grep -c tcgen05.mma.cta_group::1.kind::f16 %t.ptx | FileCheck %s --check-prefix=UMMA
// UMMA: {{^}}12{{$}}
// RUN: grep -c tcgen05.ld.sync.aligned.32x32b.x32 %t.ptx | FileCheck %s --check-prefix=LD
// LD: {{^}}8{{$}}
// RUN: grep -c tcgen05.st.sync.aligned.32x32b.x32 %t.ptx | FileCheck %s --check-prefix=ST
// ST: {{^}}4{{$}}
// RUN: grep -c ex2.approx.f32 %t.ptx | FileCheck %s --check-prefix=EX2
// EX2: {{^}}129{{$}}
