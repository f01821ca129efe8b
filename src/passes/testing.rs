//! Test-only pass: `cute-test-panic-guard` panics on purpose, so the test
//! suite can prove that a Rust panic inside a pass becomes an MLIR error
//! (exit status 1 with a diagnostic) instead of aborting mlir-opt.

use melior::ir::OperationRef;

pub fn run_panic(_op: OperationRef) -> Result<(), String> {
    panic!("cute-test-panic-guard was asked to panic")
}
