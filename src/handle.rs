//! Sound views of raw MLIR handles.
//!
//! melior's `ContextRef::to_ref` returns `&'c Context` by transmuting a
//! reference to the `ContextRef` value itself: called on a temporary
//! (`ContextRef::from_raw(raw).to_ref()`, `op.context().to_ref()`), the
//! reference points at a dead stack slot that optimized code reuses (issue 9:
//! every release build crashed in `Type::parse`). [`BorrowedContext`] owns the
//! `ContextRef` it lends out, so the borrow checker ties every `&Context` to a
//! live value. Every place that needs a `&Context` from a raw handle or an
//! op goes through it; `docs/unsafe.md` lists the crate's `unsafe` sites and
//! why each is sound.

use melior::{ir::operation::OperationLike, Context, ContextRef};
use mlir_sys::MlirContext;

/// A `&Context` view of a context owned elsewhere (by MLIR, the pass
/// manager, or a caller), valid as long as this value lives.
pub struct BorrowedContext<'c> {
    context: ContextRef<'c>,
}

impl<'c> BorrowedContext<'c> {
    /// Views the raw context handed over by C++ or melior.
    ///
    /// # Safety
    /// `raw` must be a live `MLIRContext` for at least `'c`.
    pub unsafe fn from_raw(raw: MlirContext) -> Self {
        Self { context: unsafe { ContextRef::from_raw(raw) } }
    }

    /// The context of `op` (ops never outlive their context).
    pub fn of<'a>(op: &impl OperationLike<'c, 'a>) -> Self
    where
        'c: 'a,
    {
        Self { context: op.context() }
    }

    /// The context, borrowed from `self` (never from a temporary).
    pub fn get(&self) -> &Context {
        // SAFETY: `ContextRef` and `Context` are both one `MlirContext`
        // (melior's own `to_ref` relies on it); the result borrows
        // `self.context`, which outlives it, and `Context`'s destructor never
        // runs on it because no `Context` value is ever created.
        unsafe { self.context.to_ref() }
    }
}

/// Operands, results and regions by index, `None` when out of range.
///
/// melior's `operand(i)` / `result(i)` / `region(i)` build their
/// out-of-range error with the op printed, and printing an op verifies it
/// with everything nested in it: probing `op.operand(3).ok()` on a
/// three-operand copy inside a loop re-verified the loop, and that was 56%
/// of `cute-desugar` on the sm80 GEMM (issue 33). Probe with these instead.
pub trait CheckedAccess<'c: 'a, 'a>: OperationLike<'c, 'a> {
    fn operand_if(&self, index: usize) -> Option<melior::ir::Value<'c, 'a>> {
        (index < self.operand_count()).then(|| self.operand(index).ok()).flatten()
    }

    fn result_if(&self, index: usize) -> Option<melior::ir::operation::OperationResult<'c, 'a>> {
        (index < self.result_count()).then(|| self.result(index).ok()).flatten()
    }

    fn region_if(&self, index: usize) -> Option<melior::ir::RegionRef<'c, 'a>> {
        (index < self.region_count()).then(|| self.region(index).ok()).flatten()
    }
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a>> CheckedAccess<'c, 'a> for T {}
