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
}

impl From<String> for PassError {
    fn from(message: String) -> Self {
        PassError::Failed(message)
    }
}

/// One rewrite: builds the replacement of `op` at the rewriter's insertion
/// point (just before `op`) and returns the values that replace its results.
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
