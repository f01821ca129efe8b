//! The conversions (spec 000's second half): `cute-to-llvm` (target
//! neutral: cute values to LLVM, the universal atoms), `cute-nvgpu-to-nvvm`
//! (the SM-tier atoms, by chip family), and around them the passes of the
//! kernel path: `cute-check-target` (the chip's atoms and shapes),
//! `cute-kernel-to-nvvm` (the kernel ABI), the device-module passes.

pub mod check_target;
pub mod cute_to_llvm;
pub mod device_module;
pub mod kernel_abi;
pub mod nvgpu_to_nvvm;
pub(crate) mod nvvm_attrs;

use crate::passes::rewrite::PassError;
use melior::ir::{operation::OperationLike, OperationRef, ValueLike};

/// The side-effect-free ops the patterns create; once their results are
/// unused (a struct repacked by a producer and read through by every
/// consumer, a cast whose users all looked through it) they are erased, so
/// the upstream conversions do not convert dead code.
const PURE: &[&str] = &[
    "builtin.unrealized_conversion_cast",
    "llvm.mlir.undef",
    "llvm.mlir.constant",
    "llvm.insertvalue",
    "llvm.extractvalue",
    "llvm.add",
    "llvm.sub",
    "llvm.mul",
    "llvm.shl",
    "llvm.lshr",
    "llvm.and",
    "llvm.xor",
    "llvm.zext",
    "llvm.sext",
    "llvm.trunc",
    "llvm.icmp",
    "llvm.select",
    "arith.constant",
    "arith.index_cast",
];

pub(crate) fn erase_dead_values(root: OperationRef) {
    let ops = crate::passes::rewrite::collect_ops(root, |op| PURE.contains(&op.name().as_string_ref().as_str().unwrap_or("")));
    // Users come after their operands' producers: erasing in reverse order
    // frees whole dead chains in one sweep.
    for raw in ops.into_iter().rev() {
        // SAFETY: `raw` was collected from the live IR and only ops of this
        // list, later in it (already visited), have been erased.
        let unused = unsafe {
            (0..mlir_sys::mlirOperationGetNumResults(raw))
                .all(|i| mlir_sys::mlirValueGetFirstUse(mlir_sys::mlirOperationGetResult(raw, i)).ptr.is_null())
        };
        if unused {
            // SAFETY: the op has no uses left and nothing refers to it.
            unsafe { mlir_sys::mlirOperationDestroy(raw) };
        }
    }
}

/// No cute op may survive but the ones `allowed` leaves to a later pass.
pub(crate) fn check_legal_except(root: OperationRef, pass: &str, allowed: fn(OperationRef) -> bool) -> Result<(), PassError> {
    let mut failed = false;
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        if (name.starts_with("cute.") || name.starts_with("cute_nvgpu.")) && !allowed(op) {
            let types: Vec<String> = op
                .operands()
                .map(|v| v.r#type().to_string())
                .chain(op.results().map(|r| r.r#type().to_string()))
                .collect();
            // The pipeline knows which stage rewrites what (a conversion
            // does not import the transforms).
            let hint = match crate::passes::rewritten_by(&name) {
                Some("cute-desugar") => " (sugar: run cute-desugar first)",
                Some("cute-nvgpu-expand-atoms") => " (an atom builder: run cute-nvgpu-expand-atoms first)",
                Some(_) => "",
                None => " (no lowering for this op yet)",
            };
            // Inside a kernel module, name the chip it is compiled for.
            let chip = check_target::enclosing_chip(op).map(|c| format!(" for {c}")).unwrap_or_default();
            crate::ffi::emit_op_error(
                op,
                &format!("{pass}: failed to legalize '{name}'{chip} with types ({}){hint}", types.join(", ")),
            );
            failed = true;
        }
        melior::ir::operation::WalkResult::Advance
    });
    if failed {
        Err(PassError::Reported)
    } else {
        Ok(())
    }
}
