// What a view over a memref cannot do: give back a memref (the view keeps
// only the element address), or live in a memory space NVVM has no
// address space for.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-lower-to-llvm)'

func.func @iterator_of_a_memref_view(%m: memref<?xf32>) {
  %l = cute.static : !cute.layout<"32:1">
  %v = cute.make_view %m, %l : !cute.view<memref<?xf32>, !cute.layout<"32:1">>
  // expected-error @+1 {{get_iter of a view over memref<?xf32> is not lowered: the view's iterator is the memref it was made from; use that value}}
  %i = cute.get_iter %v : (!cute.view<memref<?xf32>, !cute.layout<"32:1">>) -> memref<?xf32>
  return
}

// -----

func.func @unknown_memory_space(%m: memref<?xf32, "weird">) {
  %l = cute.static : !cute.layout<"32:1">
  // expected-error @+1 {{the memory space has no NVVM address space}}
  %v = cute.make_view %m, %l : !cute.view<memref<?xf32, "weird">, !cute.layout<"32:1">>
  return
}
