// cute-desugar (spec 002): construction sugar becomes primitive ops.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar)' | FileCheck %s
// The same pass through the Rust API (the `cute` CLI) gives the same IR.
// RUN: %cute opt %s --pipeline='builtin.module(cute-desugar)' | FileCheck %s

// CHECK-LABEL: func @layout
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index, %[[S:.*]]: i32)
func.func @layout(%m: index, %n: index, %s: i32) -> !cute.layout<"(?,(4,?)):(1,(?,64))"> {
  // CHECK-NEXT: %[[SH:.*]] = cute.make_int_tuple(%[[M]], %[[N]]) : (index, index) -> !cute.shape<"(?,(4,?))">
  // CHECK-NEXT: %[[ST:.*]] = cute.make_int_tuple(%[[S]]) : (i32) -> !cute.stride<"(1,(?,64))">
  // CHECK-NEXT: %[[L:.*]] = cute.make_layout_raw %[[SH]], %[[ST]] : (!cute.shape<"(?,(4,?))">, !cute.stride<"(1,(?,64))">) -> !cute.layout<"(?,(4,?)):(1,(?,64))">
  // CHECK-NEXT: return %[[L]]
  // CHECK-NOT: cute.make_layout(
  %l = cute.make_layout(shape = (%m, %n : index, index), stride = (%s : i32)) : !cute.layout<"(?,(4,?)):(1,(?,64))">
  return %l : !cute.layout<"(?,(4,?)):(1,(?,64))">
}

// CHECK-LABEL: func @static_layout
func.func @static_layout() -> !cute.layout<"(8,4):(1,8)"> {
  // CHECK-NEXT: %[[SH:.*]] = cute.make_int_tuple() : () -> !cute.shape<"(8,4)">
  // CHECK-NEXT: %[[ST:.*]] = cute.make_int_tuple() : () -> !cute.stride<"(1,8)">
  // CHECK-NEXT: cute.make_layout_raw %[[SH]], %[[ST]]
  %l = cute.make_layout(shape = (), stride = ()) : !cute.layout<<8:1, 4:8>>
  return %l : !cute.layout<"(8,4):(1,8)">
}

// CHECK-LABEL: func @tuple_sugar
func.func @tuple_sugar(%m: index, %d: i64) -> (!cute.shape<"(?,8)">, !cute.stride<"(1,?{i64})">) {
  // CHECK-NEXT: cute.make_int_tuple(%{{.*}}) : (index) -> !cute.shape<"(?,8)">
  // CHECK-NEXT: cute.make_int_tuple(%{{.*}}) : (i64) -> !cute.stride<"(1,?{i64})">
  // CHECK-NOT: cute.make_shape
  // CHECK-NOT: cute.make_stride
  %s = cute.make_shape(%m) : (index) -> !cute.shape<"(?,8)">
  %t = cute.make_stride(%d) : (i64) -> !cute.stride<"(1,?{i64})">
  return %s, %t : !cute.shape<"(?,8)">, !cute.stride<"(1,?{i64})">
}

// CHECK-LABEL: func @composed_and_compose
func.func @composed_and_compose(%l: !cute.layout<"(8,64):(64,1)">, %a: !cute.layout<"(4,2):(1,4)">,
                                %b: !cute.layout<"(2,2):(1,2)">) -> (!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, !cute.layout<"(2,2):(1,2)">, i1) {
  // CHECK-NEXT: %[[SW:.*]] = cute.make_swizzle 3, 4, 3 : !cute.swizzle<"S<3,4,3>">
  // CHECK-NEXT: %[[OFF:.*]] = cute.make_int_tuple() : () -> !cute.int_tuple<"0">
  // CHECK-NEXT: cute.make_composed_layout_raw %{{.*}}, %[[SW]], %[[OFF]]
  %c = cute.make_composed_layout %l {swizzle = array<i64: 3, 4, 3>} : (!cute.layout<"(8,64):(64,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
  // CHECK-NEXT: cute.composition(%{{.*}}, %{{.*}}) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">) -> !cute.layout<"(2,2):(1,2)">
  %r = cute.compose %a, %b : !cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)"> -> !cute.layout<"(2,2):(1,2)">
  // CHECK-NEXT: %[[S1:.*]] = cute.get_shape
  // CHECK-NEXT: %[[T1:.*]] = cute.get_stride
  // CHECK-NEXT: %[[S2:.*]] = cute.get_shape
  // CHECK-NEXT: %[[T2:.*]] = cute.get_stride
  // CHECK-NEXT: %[[E1:.*]] = cute.tuple_eq %[[S1]], %[[S2]]
  // CHECK-NEXT: %[[E2:.*]] = cute.tuple_eq %[[T1]], %[[T2]]
  // CHECK-NEXT: arith.andi %[[E1]], %[[E2]] : i1
  %e = cute.equal(%a, %a) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(4,2):(1,4)">) -> i1
  return %c, %r, %e : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, !cute.layout<"(2,2):(1,2)">, i1
}

// make_atom is rebuilt through the result type's atom interface (spec 002).
// CHECK-LABEL: func @atoms
func.func @atoms() {
  // CHECK-NEXT: cute.make_atom {atom = {copy_bits = 32 : i32, kind = "copy", value_type = f32}} : !cute_nvgpu.atom.universal_copy<f32>
  %c = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  // CHECK-NEXT: cute.make_atom {atom = {element_types = [f16, f16, f32], kind = "mma", shape_mnk = #cute.shape<"(1,1,1)">}} : !cute_nvgpu.atom.universal_fma<f16, f16, f32>
  %m = cute.make_atom : !cute_nvgpu.atom.universal_fma<f16, f16, f32>
  // Every registry atom, not only copy and MMA atoms (spec 002: "an MMA,
  // copy, prefetch, or other atom-like value"): a non-executing TMA atom.
  // CHECK-NEXT: cute.make_atom {atom = {direction = "load", kind = "tma", mode = "tile", rank = 2 : i32, value_type = f16}} : !cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>
  %t = cute.make_atom : !cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>
  // CHECK-NEXT: cute.make_atom {atom = {copy_bits = 128 : i32, kind = "copy", value_type = i8}} : !cute_nvgpu.atom.simt_async_copy<16>
  %a = cute.make_atom : !cute_nvgpu.atom.simt_async_copy<16>
  return
}
