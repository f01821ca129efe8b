// cute.get_layouts_from_tile: one layout per layout element of a tile, in
// depth-first order; underscores are skipped, a shape element is compact.
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

// CHECK-LABEL: @by_mode
// CHECK: %{{.*}}:3 = cute.get_layouts_from_tile(%{{.*}}) : !cute.tile<"[(4,?):(1,?);_;[2:2;8:1]]">
func.func @by_mode(%t: !cute.tile<"[(4,?):(1,?);_;[2:2;8:1]]">) -> (!cute.layout<"(4,?):(1,?)">, !cute.layout<"2:2">, !cute.layout<"8:1">) {
  %a, %b, %c = cute.get_layouts_from_tile(%t) : !cute.tile<"[(4,?):(1,?);_;[2:2;8:1]]">
  return %a, %b, %c : !cute.layout<"(4,?):(1,?)">, !cute.layout<"2:2">, !cute.layout<"8:1">
}
