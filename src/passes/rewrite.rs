//! The shared pattern toolkit of the project's passes: a rewrite is a plain
//! function from an op to the values that replace it, registered by root op
//! name with the ops it may create, run in ordered phases (one walk each),
//! with typed errors instead of string sentinels.

use crate::ffi::{emit_op_error, guard};
use crate::handle::BorrowedContext;
use melior::{
    create_op_rewrite_pattern,
    ir::{Operation, OperationRef, Value},
    walk_and_apply_patterns, Context, PatternRewriter, RewritePattern, RewritePatternSet,
};
use std::{cell::Cell, fmt, rc::Rc};

/// Why a rewrite did not replace its op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// The op needs no rewrite (already in its final form).
    NoMatch,
    /// The rewrite failed and already emitted its diagnostic.
    Reported,
    /// The rewrite failed; the message is reported on the op.
    Failed(String),
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::NoMatch => f.write_str("no match"),
            PatternError::Reported => f.write_str("already reported"),
            PatternError::Failed(message) => f.write_str(message),
        }
    }
}

impl From<String> for PatternError {
    fn from(message: String) -> Self {
        PatternError::Failed(message)
    }
}

impl From<&str> for PatternError {
    fn from(message: &str) -> Self {
        PatternError::Failed(message.to_string())
    }
}

impl From<melior::Error> for PatternError {
    fn from(error: melior::Error) -> Self {
        PatternError::Failed(error.to_string())
    }
}

impl From<crate::layout::LayoutError> for PatternError {
    fn from(error: crate::layout::LayoutError) -> Self {
        PatternError::Failed(error.to_string())
    }
}

/// Why a pass failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PassError {
    /// The failing op carries the diagnostic.
    Reported,
    /// Report this message at the pass's root op.
    Failed(String),
    /// The compiler is set up wrongly (spec 002 "Error Handling": a missing
    /// operation registration is a setup bug, not a recoverable rewrite miss):
    /// an op a pattern creates is not registered in the context.
    Setup(String),
}

impl From<String> for PassError {
    fn from(message: String) -> Self {
        PassError::Failed(message)
    }
}

/// One rewrite: builds the replacement of `op` at the rewriter's insertion
/// point (just before `op`) and returns the values that replace its results.
/// What a rewrite gives: the replacement values of the op's results.
pub type Lowered<'c, 'a> = Result<Vec<Value<'c, 'a>>, PatternError>;

pub type Rewrite =
    for<'c, 'a> fn(&'c Context, OperationRef<'c, 'a>, &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError>;

/// A rewrite registered for the ops named `root`, which may create the ops
/// named in `generated`.
pub struct Pattern {
    pub root: &'static str,
    pub rewrite: Rewrite,
    pub generated: &'static [&'static str],
}

/// Runs `phases` in order, one walk each; the first failing phase stops the
/// pass (`pass` names it in diagnostics).
pub fn apply_phases(root: OperationRef, pass: &'static str, phases: &[&[Pattern]]) -> Result<(), PassError> {
    let context = BorrowedContext::of(&root);
    let context = context.get();
    check_registered(context, pass, phases)?;
    let failed = Rc::new(Cell::new(false));
    for phase in phases {
        let set = RewritePatternSet::new(context);
        for pattern in phase.iter() {
            set.add(to_melior(context, pass, pattern, failed.clone()));
        }
        walk_and_apply_patterns(root, set.freeze());
        if failed.get() {
            return Err(PassError::Reported);
        }
    }
    Ok(())
}

/// The ops under `root` (pre-order) that `keep` selects, as raw handles: a
/// pass collects first and rewrites after, since the walk must not see its
/// own edits.
pub fn collect_ops(root: OperationRef, keep: impl Fn(&OperationRef) -> bool) -> Vec<mlir_sys::MlirOperation> {
    use melior::ir::operation::OperationLike;
    let mut ops = Vec::new();
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if keep(&op) {
            ops.push(op.to_raw());
        }
        melior::ir::operation::WalkResult::Advance
    });
    ops
}

/// Every op a pattern roots on or creates must be registered before the
/// pass runs: otherwise the builders would fail op by op, which is a setup
/// bug, not a property of the IR.
pub fn check_registered(context: &Context, pass: &str, phases: &[&[Pattern]]) -> Result<(), PassError> {
    for pattern in phases.iter().flat_map(|phase| phase.iter()) {
        for &name in std::iter::once(&pattern.root).chain(pattern.generated) {
            if !context.is_registered_operation(name) {
                let dialect = name.split('.').next().unwrap_or(name);
                return Err(PassError::Setup(format!(
                    "{pass}: setup error: the op '{name}' is not registered (is the '{dialect}' dialect loaded? \
                     a pass names the dialects it creates ops of in its dependent dialects)"
                )));
            }
        }
    }
    Ok(())
}

/// Wraps a [`Pattern`] as a melior op rewrite pattern; a failed or panicking
/// rewrite reports its error on the op, leaves the IR alone and fails the pass.
fn to_melior(context: &Context, pass: &'static str, pattern: &Pattern, failed: Rc<Cell<bool>>) -> RewritePattern {
    let rewrite = pattern.rewrite;
    create_op_rewrite_pattern(
        pattern.root,
        1,
        context,
        move |_, raw_op, raw_rewriter| {
            // SAFETY: the greedy driver passes the op it visits and its rewriter.
            let op = unsafe { OperationRef::from_raw(raw_op) };
            let rewriter = unsafe { PatternRewriter::from_raw(raw_rewriter) };
            let context = BorrowedContext::of(&op);
            let outcome = guard(|| Ok(rewrite(context.get(), op, &rewriter)))
                .unwrap_or_else(|panic| Err(PatternError::Failed(panic)));
            match outcome {
                Ok(values) => {
                    rewriter.as_rewriter_base().replace_op_with_values(op, &values);
                    true
                }
                Err(PatternError::NoMatch) => false,
                Err(PatternError::Reported) => {
                    failed.set(true);
                    false
                }
                Err(PatternError::Failed(message)) => {
                    emit_op_error(op, &format!("{pass}: {message}"));
                    failed.set(true);
                    false
                }
            }
        },
        pattern.generated,
    )
}

/// Inserts `op` at the rewriter's insertion point; returns its single result.
pub fn insert<'c, 'a>(rewriter: &PatternRewriter, op: Operation<'c>) -> Result<Value<'c, 'a>, PatternError> {
    let base = rewriter.as_rewriter_base();
    let raw = melior::ir::ValueLike::to_raw(&base.insert(op).result(0)?);
    // SAFETY: the op now belongs to the enclosing block, not to the rewriter
    // borrow, so its result lives as long as the IR.
    Ok(unsafe { Value::from_raw(raw) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noop<'c, 'a>(
        _: &'c Context,
        _: OperationRef<'c, 'a>,
        _: &PatternRewriter,
    ) -> Result<Vec<Value<'c, 'a>>, PatternError> {
        Err(PatternError::NoMatch)
    }

    #[test]
    fn a_missing_registration_is_a_setup_error_naming_the_op() {
        let registry = melior::dialect::DialectRegistry::new();
        crate::dialect::register(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        let ok: &[Pattern] = &[Pattern { root: "cute.make_shape", rewrite: noop, generated: &["cute.make_int_tuple"] }];
        assert_eq!(check_registered(&context, "p", &[ok]), Ok(()));
        // gpu is not loaded in this context: gpu.printf is not registered.
        let missing: &[Pattern] = &[Pattern { root: "cute.print", rewrite: noop, generated: &["gpu.printf"] }];
        match check_registered(&context, "p", &[missing]) {
            Err(PassError::Setup(message)) => {
                assert!(message.contains("'gpu.printf' is not registered") && message.contains("'gpu' dialect"), "{message}")
            }
            other => panic!("expected a setup error, got {other:?}"),
        }
    }
}
