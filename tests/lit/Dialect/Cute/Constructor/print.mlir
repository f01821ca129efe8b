// cute.print in NVIDIA's spelling, `cute.print(%x) : T`, with our optional
// prefix attribute and several values; round trip in both forms.
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

// CHECK-LABEL: @values
// CHECK: cute.print(%{{.*}}) : !cute.tile<"[4:1;_]">
// CHECK: cute.print(%{{.*}}, %{{.*}}) {prefix = "pair: "} : !cute.shape<"(?,2)">, !cute.swizzle<"S<2,4,3>">
func.func @values(%t: !cute.tile<"[4:1;_]">, %s: !cute.shape<"(?,2)">, %w: !cute.swizzle<"S<2,4,3>">) {
  cute.print(%t) : !cute.tile<"[4:1;_]">
  cute.print(%s, %w) {prefix = "pair: "} : !cute.shape<"(?,2)">, !cute.swizzle<"S<2,4,3>">
  return
}
