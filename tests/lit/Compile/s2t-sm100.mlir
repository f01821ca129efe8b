// examples/s2t_sm100.mlir, the S2T copy of a CTA pair (it runs exact in the
// emulator: tests/emulator.rs::s2t_sm100_copies_the_issuers_tile_into_both_ctas_of_the_pair): the cluster rank
// selects the issuing CTA (rank & 1 == partition), tcgen05.cp.cta_group::2
// of the 128x256b tile from its UMMA-style shared-memory descriptor, the
// commit to the mbarrier of both CTAs of the pair (.multicast::cluster with
// the pair's ranks as mask: without it only the issuer's mbarrier gets the
// arrival and the peer waits forever, PTX ISA 9.7.16.12.1; the emulator
// reported that deadlock, issue 30); the kernel's TMEM allocation uses the
// same CTA group, as every tcgen05 instruction of a kernel must.
// RUN: %cute compile %examples/s2t_sm100.mlir --chip sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// CHECK-LABEL: .entry s2t(
// CHECK: .reqnctapercluster 2, 1, 1
// CHECK: tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32
// CHECK: tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned;
// The selector (LLVM folds rank & 1 to rank: a 2-CTA cluster's ranks are 0
// and 1) guards the copy.
// CHECK: mov.u32 [[RANK:%r[0-9]+]], %cluster_ctarank;
// CHECK: fence.proxy.async.shared::cta;
// The peer's mbarrier initialized before the commit arrives on it: the
// cluster barrier between (the emulator reports its absence, issue 30).
// CHECK: mbarrier.init.shared.b64
// CHECK-NEXT: fence.mbarrier_init.release.cluster;
// CHECK: barrier.cluster.arrive;
// CHECK-NEXT: barrier.cluster.wait;
// The copy runs only where (thread, rank) is (0, 0): a compare of the or'ed
// selector and a branch around it.
// CHECK-NEXT: or.b32 [[SEL:%r[0-9]+]], {{%r[0-9]+}}, [[RANK]];
// CHECK-NEXT: setp.ne.b32 [[P:%p[0-9]+]], [[SEL]], 0;
// CHECK-NEXT: @[[P]] bra [[SKIP:\$L__BB[0-9_]+]];
// SW32 K-major descriptor: layout type 6, version 1, SBO 16 (8 rows x 32 B).
// CHECK: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, -4611615580963667968;
// CHECK: tcgen05.cp.cta_group::2.128x256b [{{%r[0-9]+}}], {{%rd[0-9]+}};
// The pair's mask folds to 0b11 (the issuer is rank 0).
// CHECK-NEXT: mov.b16 [[MASK:%rs[0-9]+]], 3;
// CHECK-NEXT: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [{{.*}}], [[MASK]];
// CHECK-NEXT: [[SKIP]]:
// CHECK: mbarrier.try_wait.parity.shared.b64
// Each CTA reads its tensor memory back, lane t to thread t.
// CHECK: tcgen05.ld.sync.aligned.32x32b.x8.b32
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.dealloc.cta_group::2.sync.aligned.b32
