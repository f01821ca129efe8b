// cute.layout_eval / cosize of composed layouts: inner(offset + outer(c)),
// the inner part a layout or a swizzle; `_` counts as 0; run-time leaves give
// a run-time index. cosize is the outer layout's (swizzled layouts only).
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s

// outer(5) = 10, + 1 = 11, inner (3,8):(8,1) at index 11 = (2,3) -> 2*8 + 3 = 19.
// CHECK-LABEL: @layout_inner
// CHECK: -> !cute.int_tuple<"19">
func.func @layout_inner(%c: !cute.coord<"5">, %l: !cute.composed_layout<"(3,8):(8,1) o 1 o 8:2">) -> !cute.int_tuple<"19"> {
  %r = cute.layout_eval(%c, %l) : (!cute.coord<"5">, !cute.composed_layout<"(3,8):(8,1) o 1 o 8:2">) -> !cute.int_tuple<"19">
  return %r : !cute.int_tuple<"19">
}

// -----

// S<2,4,3>: bits [7,9) xor into [4,6): 8 * 16 = 128 -> 128 ^ (1 << 4) = 144.
// CHECK-LABEL: @swizzle_inner
// CHECK: -> !cute.int_tuple<"144">
func.func @swizzle_inner(%c: !cute.coord<"(0,8)">, %l: !cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) -> !cute.int_tuple<"144"> {
  %r = cute.layout_eval(%c, %l) : (!cute.coord<"(0,8)">, !cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) -> !cute.int_tuple<"144">
  return %r : !cute.int_tuple<"144">
}

// -----

// CHECK-LABEL: @run_time
// CHECK: -> !cute.int_tuple<"?">
// CHECK: cute.cosize (%{{.*}}) : (!cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) -> !cute.int_tuple<"256">
func.func @run_time(%c: !cute.coord<"(?,2)">, %l: !cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) {
  %r = cute.layout_eval(%c, %l) : (!cute.coord<"(?,2)">, !cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) -> !cute.int_tuple<"?">
  %s = cute.cosize(%l) : (!cute.composed_layout<"S<2,4,3> o 0 o (16,16):(1,16)">) -> !cute.int_tuple<"256">
  return
}

// -----

// A coordinate outer layout and a tuple offset: the inner layout takes the
// coordinate offset + outer(c). c = 3 is (1,1): (1@1 + 2@0) + (2,1) = (4,2),
// and (6,2):(1,3) at (4,2) is 10.
// CHECK-LABEL: @coordinate_outer
// CHECK: -> !cute.int_tuple<"10">
func.func @coordinate_outer(%c: !cute.coord<"3">, %l: !cute.composed_layout<"(6,2):(1,3) o (2,1) o (2,3):(1@1,2@0)">) {
  %i = cute.layout_eval(%c, %l) : (!cute.coord<"3">, !cute.composed_layout<"(6,2):(1,3) o (2,1) o (2,3):(1@1,2@0)">) -> !cute.int_tuple<"10">
  return
}
