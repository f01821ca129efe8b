// Views over memrefs (spec 000: a view's iterator is a !cute.ptr, a memref
// or a descriptor iterator) lower to the memref descriptor's aligned pointer
// moved by its offset, in the memref's address space: a global memref
// argument and a workgroup attribution (#gpu.address_space<workgroup>,
// shared memory). The kernel reverses 32 floats through shared memory.
// Executed on the CPU: tests/lowering_jit.rs::views_over_memrefs_load_and_store_through_the_descriptor.
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// CHECK-LABEL: .entry k(
// CHECK: ld.global.b32
// CHECK: st.shared.b32
// CHECK: bar.sync
// CHECK: ld.shared.b32 {{.*}}+124]
// CHECK: st.global.b32
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%m: memref<?xf32>) workgroup(%s: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
    %l = cute.static : !cute.layout<"32:1">
    %v = cute.make_view %m, %l : !cute.view<memref<?xf32>, !cute.layout<"32:1">>
    %w = cute.make_view %s, %l : !cute.view<memref<32xf32, #gpu.address_space<workgroup>>, !cute.layout<"32:1">>
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %c = cute.make_int_tuple(%t) : (i32) -> !cute.coord<"?">
    %x = cute.load %v[%c] : !cute.view<memref<?xf32>, !cute.layout<"32:1">>, !cute.coord<"?">
    cute.store %x, %w[%c] : !cute.view<memref<32xf32, #gpu.address_space<workgroup>>, !cute.layout<"32:1">>, !cute.coord<"?">
    gpu.barrier
    %t2 = arith.constant 31 : i32
    %r = arith.subi %t2, %t : i32
    %c2 = cute.make_int_tuple(%r) : (i32) -> !cute.coord<"?">
    %y = cute.load %w[%c2] : !cute.view<memref<32xf32, #gpu.address_space<workgroup>>, !cute.layout<"32:1">>, !cute.coord<"?">
    cute.store %y, %v[%c] : !cute.view<memref<?xf32>, !cute.layout<"32:1">>, !cute.coord<"?">
    gpu.return
  }
}
}
