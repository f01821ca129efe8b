//! Op verifiers of the `cute` dialect, called from each op's C++ `verify()`
//! through `cute_rs_verify_op`. Every check delegates the layout math to
//! [`crate::layout`] via [`super::spec`].

use super::{spec, type_spec, SpecKind};
use melior::ir::{
    attribute::DenseI32ArrayAttribute, operation::OperationLike, OperationRef, Type, ValueLike,
};

/// Verifies `op`; `Err` carries the message (without the `'op' op` prefix).
pub fn verify_op(op: OperationRef) -> Result<(), String> {
    let name = op.name();
    match name.as_string_ref().as_str().map_err(|e| e.to_string())? {
        "cute.make_int_tuple" | "cute.make_shape" | "cute.make_stride" => verify_tuple_ctor(op),
        "cute.make_layout" => verify_make_layout(op),
        "cute.make_layout_raw" => verify_make_layout_raw(op),
        _ => Ok(()),
    }
}

fn spec_of<'c>(ty: Type<'c>, what: &str) -> Result<(SpecKind, &'c str), String> {
    type_spec(ty).ok_or_else(|| format!("{what} must be a cute tuple or layout type, got {ty}"))
}

fn result_spec<'c>(op: OperationRef<'c, '_>) -> Result<(Type<'c>, SpecKind, &'c str), String> {
    let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
    let (kind, text) = spec_of(ty, "result")?;
    Ok((ty, kind, text))
}

/// make_int_tuple / make_shape / make_stride: one operand per `?` leaf.
fn verify_tuple_ctor(op: OperationRef) -> Result<(), String> {
    let (ty, kind, text) = result_spec(op)?;
    let expected = spec::count_dynamic(kind, text)?;
    let got = op.operand_count();
    if got != expected {
        return Err(format!(
            "expects {expected} operand(s), one per dynamic leaf of {ty}, but got {got}"
        ));
    }
    Ok(())
}

/// make_layout: the shape and stride operand groups match the `?` leaves of
/// the result layout's shape and stride.
fn verify_make_layout(op: OperationRef) -> Result<(), String> {
    let (ty, _, text) = result_spec(op)?;
    let (shape, stride) = spec::split_layout(text)?;
    let want = [spec::count_dynamic(SpecKind::Shape, &shape)?, spec::count_dynamic(SpecKind::Stride, &stride)?];
    let segments = DenseI32ArrayAttribute::try_from(
        op.attribute("operandSegmentSizes").map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let got = [0, 1].map(|i| segments.element(i).map(|n| n as usize).unwrap_or(usize::MAX));
    if got != want {
        return Err(format!(
            "expects {} shape operand(s) and {} stride operand(s) for {ty}, but got {} and {}",
            want[0], want[1], got[0], got[1]
        ));
    }
    Ok(())
}

/// make_layout_raw: the result is exactly `shape:stride` of its operands.
fn verify_make_layout_raw(op: OperationRef) -> Result<(), String> {
    let operand = |i: usize| op.operand(i).map(|v| v.r#type()).map_err(|e| e.to_string());
    let (_, shape) = spec_of(operand(0)?, "shape operand")?;
    let (_, stride) = spec_of(operand(1)?, "stride operand")?;
    let (ty, _, text) = result_spec(op)?;
    let inferred = spec::join_layout(shape, stride)?;
    if inferred != text {
        return Err(format!(
            "result type {ty} does not match the inferred type !cute.layout<\"{inferred}\">"
        ));
    }
    Ok(())
}
