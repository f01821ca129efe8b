// coalesce, group_modes and flatten of composed layouts (their outer
// layout), of coordinate layouts (bases of one path merge: 16 * 1@0 ==
// 16@0), of run-time layouts (only static merges), and flatten of tiles.
// RUN: %cute-opt %s -split-input-file | %cute-opt -split-input-file | FileCheck %s
// RUN: %cute-opt %s -split-input-file --mlir-print-op-generic | %cute-opt -split-input-file | FileCheck %s

// CHECK-LABEL: @coalesce_coordinates
// CHECK: cute.coalesce(%{{.*}}) : (!cute.layout<"((16,4),128):((1@0,16@0),1@1)">) -> !cute.layout<"(64,128):(1@0,1@1)">
func.func @coalesce_coordinates(%l: !cute.layout<"((16,4),128):((1@0,16@0),1@1)">) {
  %r = cute.coalesce(%l) : (!cute.layout<"((16,4),128):((1@0,16@0),1@1)">) -> !cute.layout<"(64,128):(1@0,1@1)">
  return
}

// -----

// A run-time extent in front blocks the merge (CuTe: not provably equal).
// CHECK-LABEL: @coalesce_composed
// CHECK: -> !cute.composed_layout<"S<2,3,3> o 0 o (4,?,2):(1,4,?)">
func.func @coalesce_composed(%l: !cute.composed_layout<"S<2,3,3> o 0 o ((4,?),2):((1,4),?)">) {
  %r = cute.coalesce(%l) : (!cute.composed_layout<"S<2,3,3> o 0 o ((4,?),2):((1,4),?)">) -> !cute.composed_layout<"S<2,3,3> o 0 o (4,?,2):(1,4,?)">
  return
}

// -----

// CHECK-LABEL: @group_and_flatten
// CHECK: cute.group_modes<1, 3>(%{{.*}}) : (!cute.composed_layout<"(4,5):(1,4) o 1 o (2,3,4):(1,2,6)">) -> !cute.composed_layout<"(4,5):(1,4) o 1 o (2,(3,4)):(1,(2,6))">
// CHECK: cute.flatten(%{{.*}}) : (!cute.composed_layout<"(4,5):(1,4) o 1 o (2,(3,4)):(1,(2,6))">) -> !cute.composed_layout<"(4,5):(1,4) o 1 o (2,3,4):(1,2,6)">
func.func @group_and_flatten(%l: !cute.composed_layout<"(4,5):(1,4) o 1 o (2,3,4):(1,2,6)">) {
  %g = cute.group_modes<1, 3>(%l) : (!cute.composed_layout<"(4,5):(1,4) o 1 o (2,3,4):(1,2,6)">) -> !cute.composed_layout<"(4,5):(1,4) o 1 o (2,(3,4)):(1,(2,6))">
  %f = cute.flatten(%g) : (!cute.composed_layout<"(4,5):(1,4) o 1 o (2,(3,4)):(1,(2,6))">) -> !cute.composed_layout<"(4,5):(1,4) o 1 o (2,3,4):(1,2,6)">
  return
}

// -----

// CHECK-LABEL: @flatten_tile
// CHECK: -> !cute.tile<"[8:1;4:2;_;2:1]">
func.func @flatten_tile(%t: !cute.tile<"[[8:1;4:2];_;2:1]">) {
  %f = cute.flatten(%t) : (!cute.tile<"[[8:1;4:2];_;2:1]">) -> !cute.tile<"[8:1;4:2;_;2:1]">
  return
}
