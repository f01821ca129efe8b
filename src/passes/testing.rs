//! Test-only pass: `cute-test-panic-guard` panics on purpose, so the test
//! suite can prove that a Rust panic inside a pass becomes an MLIR error
//! (exit status 1 with a diagnostic) instead of aborting mlir-opt.

use super::rewrite::PassError;
use melior::ir::OperationRef;

pub const EXAMPLE_BEFORE: &str = "func.func @f() {\n  return\n}";
pub const EXAMPLE_AFTER: &str = "error: internal error: Rust panic caught at the C ABI: cute-test-panic-guard was asked to panic";

pub fn run_panic(_op: OperationRef) -> Result<(), PassError> {
    panic!("cute-test-panic-guard was asked to panic")
}
