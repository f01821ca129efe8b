// Round trip of the construction ops.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// The generic form round-trips too (every op and type through its generic
// printer and back to the custom form).
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

// CHECK-LABEL: func @construct
func.func @construct(%m: index, %n: index, %s: i32) -> !cute.layout<"(?,(4,?)):(1,(?,64))"> {
  // CHECK: cute.make_int_tuple(%{{.*}}, %{{.*}}) : (index, index) -> !cute.int_tuple<"(?,?)">
  %t = cute.make_int_tuple(%m, %n) : (index, index) -> !cute.int_tuple<"(?,?)">
  // CHECK: cute.make_shape(%{{.*}}) : (index) -> !cute.shape<"(?,8)">
  %sh = cute.make_shape(%m) : (index) -> !cute.shape<"(?,8)">
  // CHECK: cute.make_stride(%{{.*}}) : (i32) -> !cute.stride<"(1,?)">
  %st = cute.make_stride(%s) : (i32) -> !cute.stride<"(1,?)">
  // CHECK: cute.make_layout_raw %{{.*}}, %{{.*}} : (!cute.shape<"(?,8)">, !cute.stride<"(1,?)">) -> !cute.layout<"(?,8):(1,?)">
  %r = cute.make_layout_raw %sh, %st : (!cute.shape<"(?,8)">, !cute.stride<"(1,?)">) -> !cute.layout<"(?,8):(1,?)">
  // CHECK: cute.make_layout(shape = (%{{.*}}, %{{.*}} : index, index), stride = (%{{.*}} : i32)) : !cute.layout<"(?,(4,?)):(1,(?,64))">
  %l = cute.make_layout(shape = (%m, %n : index, index), stride = (%s : i32)) : !cute.layout<"(?,(4,?)):(1,(?,64))">
  // CHECK: cute.make_layout(shape = (), stride = ()) : !cute.layout<"(8,4):(1,8)">
  %c = cute.make_layout(shape = (), stride = ()) : !cute.layout<"(8,4):(1,8)">
  return %l : !cute.layout<"(?,(4,?)):(1,(?,64))">
}

// CHECK-LABEL: @swizzles
func.func @swizzles(%l: !cute.layout<"(8,64):(64,1)">, %s: !cute.shape<"(?,8)">)
    -> (!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, index, index) {
  // CHECK: cute.static : !cute.swizzle<"S<3,4,3>">
  %sw0 = cute.static : !cute.swizzle<"Sw<3,4,3>">
  // CHECK: cute.make_swizzle 3, 4, 3 : !cute.swizzle<"S<3,4,3>">
  %sw = cute.make_swizzle 3, 4, 3 : !cute.swizzle<"S<3,4,3>">
  // CHECK: cute.make_composed_layout %{{.*}} {swizzle = array<i64: 3, 4, 3>} : (!cute.layout<"(8,64):(64,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
  %c = cute.make_composed_layout %l {swizzle = array<i64: 3, 4, 3>} : (!cute.layout<"(8,64):(64,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
  %off = cute.static : !cute.int_tuple<"0">
  // CHECK: cute.make_composed_layout_raw %{{.*}}, %{{.*}}, %{{.*}} : (!cute.layout<"(8,64):(64,1)">, !cute.swizzle<"S<3,4,3>">, !cute.int_tuple<"0">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
  %r = cute.make_composed_layout_raw %l, %sw, %off : (!cute.layout<"(8,64):(64,1)">, !cute.swizzle<"S<3,4,3>">, !cute.int_tuple<"0">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
  // CHECK: cute.get_shape(%{{.*}}) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)"> -> !cute.shape<"(8,64)">
  %sh = cute.get_shape(%r) : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)"> -> !cute.shape<"(8,64)">
  // CHECK: cute.get_leaves %{{.*}} : !cute.shape<"(?,8)"> -> index, index
  %m, %k = cute.get_leaves %s : !cute.shape<"(?,8)"> -> index, index
  // CHECK: cute.derefine %{{.*}} : !cute.layout<"(8,64):(64,1)"> to !cute.layout<"(?,64):(?,1)">
  %d = cute.derefine %l : !cute.layout<"(8,64):(64,1)"> to !cute.layout<"(?,64):(?,1)">
  // CHECK: cute.make_coord
  %crd = cute.make_coord(%m) : (index) -> !cute.coord<"(_,?)">
  // CHECK: cute.make_tile() : () -> !cute.tile<"[128:1;_]">
  %t = cute.make_tile() : () -> !cute.tile<"[128:1;_]">
  return %c, %m, %k : !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">, index, index
}
