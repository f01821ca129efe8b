//! Coordinate tensors in `cute-to-llvm` (CuTe's identity tensors,
//! `!cute.coord_tensor<"origin", "layout">`): `struct<(origin, layout)>`,
//! every field a leaf. `make_identity_tensor` builds one at the origin, a
//! partition moves the origin by the partition's offset (a scaled-basis
//! tuple, `layout::coord_add`), and `load` gives `origin + layout(coord)`:
//! the same algebra as the type inference, recorded once (`derive`).

use super::algebra::derive;
use super::values::{Builder, CuteValue};
use crate::dialect::SpecKind;
use crate::layout::{self, IntTuple, Layout};
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    ir::{operation::OperationLike, OperationRef, Type, Value, ValueLike},
    Context, PatternRewriter,
};

/// `cute.make_identity_tensor(%shape)`: the origin (zeros) over the
/// identity layout of the shape.
pub fn lower_make_identity_tensor<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let result = op.result(0)?.r#type();
    let declared = CuteValue::of(result)?.ok_or("the result is not a coordinate tensor")?;
    let mut fields = derive(
        &b,
        &[op.operand(0)?],
        |seeded| {
            let CuteValue::Tuple(_, shape) = &seeded[0] else { return Err("operand #0 must be a shape".into()) };
            let identity = layout::make_identity_layout(shape).map_err(|e| e.to_string())?;
            Ok(vec![CuteValue::CoordView(layout::zeros_like(shape), identity)])
        },
        &[Some(declared.clone())],
    )?;
    let packed = b.pack(&declared, &fields.remove(0))?;
    Ok(vec![b.cast(packed, result)?])
}

/// A partition of the coordinate tensor `operands[0]` (the other operands
/// are the partition's tiler, coordinate or thread index): `compute` gives
/// the partition's layout and offset from the seeded operands, the result's
/// origin is the source's moved by the offset.
pub fn partition_coords<'c, 'a>(
    b: &Builder<'c, '_>,
    operands: &[Value<'c, 'a>],
    result: Type<'c>,
    compute: impl FnOnce(&Layout, &[CuteValue]) -> Result<(Layout, IntTuple), String>,
) -> Result<Value<'c, 'a>, PatternError> {
    let declared = CuteValue::of(result)?.ok_or("the result is not a coordinate tensor")?;
    let mut fields = derive(
        b,
        operands,
        |seeded| {
            let CuteValue::CoordView(origin, source) = &seeded[0] else { return Err("operand #0 must be a coordinate tensor".into()) };
            let (layout, offset) = compute(source, seeded)?;
            let moved = layout::coord_add(origin, &offset).map_err(|e| e.to_string())?;
            Ok(vec![CuteValue::CoordView(moved, layout)])
        },
        &[Some(declared.clone())],
    )?;
    let packed = b.pack(&declared, &fields.remove(0))?;
    b.cast(packed, result)
}

/// `cute.load %coords[%c]`: the coordinate `origin + layout(c)`.
pub fn load_coordinate<'c, 'a>(b: &Builder<'c, '_>, view: Value<'c, 'a>, coord: Value<'c, 'a>, result: Type<'c>) -> Lowered<'c, 'a> {
    let declared = CuteValue::of(result)?.ok_or("the result is not a coordinate")?;
    let mut fields = derive(
        b,
        &[view, coord],
        |seeded| {
            let (CuteValue::CoordView(origin, l), CuteValue::Tuple(_, c)) = (&seeded[0], &seeded[1]) else {
                return Err("expects a coordinate tensor and a coordinate".into());
            };
            let at = layout::crd2idx_tuple(c, l).map_err(|e| e.to_string())?;
            Ok(vec![CuteValue::Tuple(SpecKind::IntTuple, layout::coord_add(origin, &at).map_err(|e| e.to_string())?)])
        },
        &[Some(declared.clone())],
    )?;
    let packed = b.pack(&declared, &fields.remove(0))?;
    Ok(vec![b.cast(packed, result)?])
}

/// `cute.get_iter %coords`: the origin (field 0).
pub fn origin<'c, 'a>(b: &Builder<'c, '_>, view: Value<'c, 'a>, value: &CuteValue) -> Result<Value<'c, 'a>, PatternError> {
    let CuteValue::CoordView(origin, _) = value else { return Err("not a coordinate tensor".into()) };
    let ty = CuteValue::Tuple(SpecKind::IntTuple, origin.clone()).llvm_type(b.context);
    b.extract(b.lowered(view, value)?, &[0], ty)
}
