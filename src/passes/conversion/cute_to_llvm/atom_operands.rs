//! What every atom-call pattern reads (both conversions: the universal atoms
//! here, the SM-tier ones in `nvgpu_to_nvvm`): the call's atom, its views'
//! layouts and value addresses, operand segments, pointers, attributes.
//!
//! Every address goes through [`super::memory::address`], so swizzled
//! shared-memory views get the XOR address arithmetic of CuTe's swizzle.

use super::memory::cute_value;
/// Every atom pattern addresses values through the memory lowering's rule.
pub(crate) use super::memory::value_addresses;
use super::values::{Builder, CuteValue};
use crate::dialect::{composite_parts, nvgpu::Atom};
use crate::layout::{self, Layout};
use crate::passes::rewrite::PatternError;
use melior::ir::{operation::OperationLike, OperationRef, Value, ValueLike};

/// The atom of an atom call (through its tiled copy or tiled MMA, if any).
pub(crate) fn call_atom<'c>(op: OperationRef<'c, '_>) -> Result<Option<Atom<'c>>, PatternError> {
    let ty = op.operand(0)?.r#type();
    Ok(Atom::of(composite_parts(ty).and_then(|p| p.atom).unwrap_or(ty)))
}

/// The lowered value of a `!cute.ptr` (or TMA descriptor) operand.
pub(crate) fn pointer<'c, 'a>(b: &Builder<'c, '_>, v: Value<'c, 'a>) -> Result<Value<'c, 'a>, PatternError> {
    let value = cute_value(v)?;
    if !matches!(value, CuteValue::Ptr(_)) {
        return Err(format!("{} is not a pointer", v.r#type()).into());
    }
    b.lowered(v, &value)
}

/// The operand segment sizes of an op (AttrSizedOperandSegments).
pub(crate) fn segments(op: OperationRef) -> Result<Vec<usize>, PatternError> {
    let attr = melior::ir::attribute::DenseI32ArrayAttribute::try_from(op.attribute("operandSegmentSizes")?).map_err(|e| e.to_string())?;
    Ok((0..attr.len()).map(|i| attr.element(i).unwrap_or(0) as usize).collect())
}

/// The layout of a plain or swizzled view.
pub(crate) fn view_layout(v: Value) -> Result<Layout, PatternError> {
    match cute_value(v)? {
        CuteValue::View(_, l, _) => Ok(l),
        _ => Err(format!("{} is not a view", v.r#type()).into()),
    }
}

/// The static number of values of a view.
pub(crate) fn static_size(v: Value, what: &str) -> Result<i64, PatternError> {
    let l = view_layout(v)?;
    layout::size(&l).ok().and_then(|s| s.as_int()).ok_or_else(|| format!("{what} {l} has a run-time size").into())
}

/// True if the values of `l` fall into runs of `len` consecutive values that
/// are contiguous in memory and start at multiples of `len` elements: the
/// coalesced layout starts with a unit-stride mode whose extent `len`
/// divides, and every other stride is a known multiple of `len`.
pub(crate) fn aligned_runs(l: &Layout, len: i64) -> bool {
    if len <= 1 {
        return true;
    }
    let Ok(flat) = layout::coalesce(l) else { return false };
    let shapes = flat.shape().leaves();
    let strides = flat.stride().leaves();
    let multiple = |leaf: &layout::Leaf| match leaf {
        layout::Leaf::Int(v) => v % len == 0,
        layout::Leaf::Dyn(d) => d.divisibility % len as u64 == 0,
        _ => false,
    };
    let first = matches!((shapes.first(), strides.first()), (Some(layout::Leaf::Int(n)), Some(layout::Leaf::Int(1))) if n % len == 0);
    first && strides.iter().skip(1).all(|s| multiple(s))
}

/// A swizzled view moves `run_bytes` together only if its swizzle leaves
/// them together (it permutes units of 2^base elements).
pub(crate) fn check_swizzle_keeps(v: Value, run_bytes: u32, what: &str) -> Result<(), PatternError> {
    if let CuteValue::View(_, _, Some((swizzle, _))) = cute_value(v)? {
        let element = super::memory::element_type(v.r#type())?;
        let unit = (1u64 << swizzle.base.min(62)) * u64::from(crate::dialect::types::storage_bits(element) / 8);
        if unit < u64::from(run_bytes) {
            return Err(format!(
                "{what} moves {run_bytes} contiguous bytes, but the swizzle {swizzle} of {} keeps only {unit} together",
                v.r#type()
            )
            .into());
        }
    }
    Ok(())
}
