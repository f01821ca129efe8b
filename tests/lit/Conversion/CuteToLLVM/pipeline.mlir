// The issue's pipeline, as written, from cute IR with sugar to the LLVM
// dialect; its output translates to LLVM IR and runs under mlir-runner.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-desugar,cute-to-llvm,convert-scf-to-cf,convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' -o %t.mlir
// RUN: FileCheck %s --check-prefix=LLVM < %t.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.mlir | FileCheck %s --check-prefix=IR
// RUN: mlir-runner %t.mlir -e main -entry-point-result=i32 | FileCheck %s --check-prefix=EXEC
// The composite pass does the same, from mlir-opt and from `cute opt`.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-lower-to-llvm)' | mlir-runner -e main -entry-point-result=i32 | FileCheck %s --check-prefix=EXEC
// RUN: %cute opt %s --pipeline 'builtin.module(cute-lower-to-llvm)' | mlir-runner -e main -entry-point-result=i32 | FileCheck %s --check-prefix=EXEC

// LLVM-NOT: cute.
// LLVM-NOT: unrealized_conversion_cast
// LLVM: llvm.func @offset(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) -> i32
// IR: define i32 @offset(i32 %0, i32 %1, i32 %2, i32 %3)

// Offset of (i, (j, k)) in ((8,(4,?)):(1,(?,?))) with run-time leading
// dimensions, built with the spec 002 sugar.
func.func @offset(%n: i32, %ld: i32, %i: i32, %jk: i32) -> i32 {
  %c32 = arith.constant 32 : i32
  %ld2 = arith.muli %ld, %c32 : i32
  %l = cute.make_layout(shape = (%n : i32), stride = (%ld, %ld2 : i32, i32)) : !cute.layout<"(8,(4,?)):(1,(?,?))">
  %c = cute.make_coord(%i, %jk) : (i32, i32) -> !cute.coord<"(?,?)">
  %x = cute.crd2idx(%c, %l) : (!cute.coord<"(?,?)">, !cute.layout<"(8,(4,?)):(1,(?,?))">) -> !cute.int_tuple<"?">
  %r = cute.get_leaves %x : !cute.int_tuple<"?"> -> i32
  return %r : i32
}

// (3, 6) -> 3*1 + (6 % 4)*100 + (6 / 4)*3200 = 3 + 200 + 3200
// EXEC: 3403
func.func @main() -> i32 {
  %n = arith.constant 16 : i32
  %ld = arith.constant 100 : i32
  %i = arith.constant 3 : i32
  %jk = arith.constant 6 : i32
  %r = func.call @offset(%n, %ld, %i, %jk) : (i32, i32, i32, i32) -> i32
  return %r : i32
}
