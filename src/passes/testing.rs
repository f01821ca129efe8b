//! Test-only passes: `cute-test-panic-guard` panics on purpose, so the test
//! suite can prove that a Rust panic inside a pass becomes an MLIR error
//! (exit status 1 with a diagnostic) instead of aborting mlir-opt;
//! `cute-test-break-ir` leaves invalid IR, so it can prove that the IR is
//! verified after every pass (issue 27 item 5), not only at the end.

use super::rewrite::PassError;
use melior::ir::OperationRef;

pub const EXAMPLE_BEFORE: &str = "func.func @f() {\n  return\n}";
pub const EXAMPLE_AFTER: &str = "error: internal error: Rust panic caught at the C ABI: cute-test-panic-guard was asked to panic";

pub fn run_panic(_op: OperationRef) -> Result<(), PassError> {
    panic!("cute-test-panic-guard was asked to panic")
}

pub const BREAK_EXAMPLE_BEFORE: &str = "func.func @f() {\n  return\n}";
pub const BREAK_EXAMPLE_AFTER: &str = "error: 'func.func' op requires attribute 'function_type'";

/// Drops the `function_type` of every func.func: invalid IR for the
/// verifier that runs after the pass to catch.
pub fn run_break(root: OperationRef) -> Result<(), PassError> {
    use melior::ir::operation::{OperationLike, OperationMutLike};
    for raw in super::rewrite::collect_ops(root, |op| op.name().as_string_ref().as_str() == Ok("func.func")) {
        // SAFETY: collected from the live IR; the edit leaves an op the verifier refuses, by design.
        let _ = unsafe { melior::ir::operation::OperationRefMut::from_raw(raw) }.remove_attribute("function_type");
    }
    Ok(())
}
