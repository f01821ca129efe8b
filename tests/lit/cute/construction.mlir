// Round trip of the construction ops.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s

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
