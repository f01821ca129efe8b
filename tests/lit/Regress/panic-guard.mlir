// A Rust panic inside a pass becomes an MLIR error (exit status 1 and a
// diagnostic), never an abort of mlir-opt: `not` fails on a signal.
// RUN: not %cute-opt %s --pass-pipeline='builtin.module(cute-test-panic-guard)' 2>&1 | FileCheck %s
// RUN: not %cute opt %s --pipeline='builtin.module(cute-test-panic-guard)' 2>&1 | FileCheck %s

// CHECK: error: internal error: Rust panic caught at the C ABI: cute-test-panic-guard was asked to panic
func.func @f() {
  return
}
