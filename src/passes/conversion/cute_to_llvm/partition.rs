//! Lowering of the partition ops (`CutePartitionOps.td`; their result
//! types: `src/dialect/infer/partition.rs`): `local_tile`,
//! `local_partition`, `tile_partition`, `slice`, the tiled copy's and
//! tiled MMA's partitions and `retile`. A partition of a view is the view
//! of the partition's layout with its pointer moved by the partition's
//! offset (`super::memory`).

use super::algebra::derive;
use super::coordinates::partition_coords;
use super::memory::{cute_value, element_type, gep, pack_view, view_ptr};
use super::values::{Builder, CuteValue};
use crate::layout::{self, mma_partition, partition, IntTuple};
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    ir::{operation::OperationLike, OperationRef, Type, Value, ValueLike},
    Context, PatternRewriter,
};

/// `local_tile` / `local_partition` of a layout or a view; a view's pointer
/// moves by the partition's offset.
pub fn lower_local_partition<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let keep_tile = op.name().as_string_ref().as_str() == Ok("cute.local_tile");
    let operands: Vec<Value<'c, 'a>> = op.operands().collect();
    let result = op.result(0)?.r#type();
    let declared = CuteValue::of(result)?.ok_or("the result is not a cute value")?;
    if let CuteValue::CoordView(..) = declared {
        let coords = partition_coords(&b, &operands, result, |source, seeded| local(source, &seeded[1], &seeded[2], keep_tile))?;
        return Ok(vec![coords]);
    }
    // A swizzled view's partition keeps the swizzle; its pointer moves
    // linearly (see [`address`]).
    let declared_layout = match &declared {
        CuteValue::View(_, l, _) | CuteValue::Layout(l) => CuteValue::Layout(l.clone()),
        _ => return Err("the result is not a layout or a view".into()),
    };
    let mut fields = derive(
        &b,
        &operands,
        |seeded| {
            let source = match &seeded[0] {
                CuteValue::View(_, l, _) | CuteValue::Layout(l) => l,
                _ => return Err("operand #0 must be a layout or a view".into()),
            };
            let (layout, offset) = local(source, &seeded[1], &seeded[2], keep_tile)?;
            Ok(vec![CuteValue::Layout(layout), CuteValue::Tuple(crate::dialect::SpecKind::IntTuple, offset)])
        },
        &[Some(declared_layout.clone()), None],
    )?;
    let offset = fields.remove(1).remove(0);
    let layout_fields = fields.remove(0);
    let value = match declared {
        CuteValue::View(..) => {
            let source = operands[0];
            let ptr = gep(&b, view_ptr(&b, source)?, offset, element_type(source.r#type())?)?;
            pack_view(&b, &declared, ptr, &layout_fields)?
        }
        _ => b.pack(&declared_layout, &layout_fields)?,
    };
    Ok(vec![b.cast(value, result)?])
}

/// `local_tile` / `local_partition` of `source` by the (seeded) tiler or
/// thread layout and coordinate: the partition's layout and offset.
fn local(source: &layout::Layout, by: &CuteValue, coord: &CuteValue, keep_tile: bool) -> Result<(layout::Layout, IntTuple), String> {
    let tiler = match (by, keep_tile) {
        (CuteValue::Layout(threads), false) => partition::thread_tiler(threads).map_err(|e| e.to_string())?,
        (CuteValue::Layout(l), true) => layout::Tiler::Layout(l.clone()),
        (CuteValue::Tile(t), true) => t.clone(),
        (CuteValue::Tuple(_, t), true) => layout::Tiler::Shape(t.clone()),
        _ => return Err("operand #1 must be a tiler (local_tile) or a thread layout (local_partition)".into()),
    };
    let CuteValue::Tuple(_, coord) = coord else { return Err("operand #2 must be a coordinate".into()) };
    partition::local_partition(source, &tiler, coord, keep_tile)
}

/// spec 000's tile_partition walk: the pointer advances by
/// `crd2idx(coord, layout)` (keeping its address space) and the tile layout
/// is the declared tile shape over the parent's strides.
pub fn lower_tile_partition<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let (pointer, layout, coord) = (op.operand(0)?, op.operand(1)?, op.operand(2)?);
    let (ptr_type, tile_type) = (op.result(0)?.r#type(), op.result(1)?.r#type());
    let declared = CuteValue::of(tile_type)?.ok_or("the tile is not a layout")?;
    let CuteValue::Layout(tile) = &declared else { return Err("the tile is not a layout".into()) };
    let tile_shape = tile.shape().clone();
    let mut fields = derive(
        &b,
        &[layout, coord],
        |seeded| {
            let (CuteValue::Layout(parent), CuteValue::Tuple(_, c)) = (&seeded[0], &seeded[1]) else {
                return Err("expects a layout and a coordinate".into());
            };
            let offset = layout::crd2idx_tuple(c, parent).map_err(|e| e.to_string())?;
            let sub = layout::Layout::new(tile_shape.clone(), parent.stride().clone()).map_err(|e| e.to_string())?;
            Ok(vec![CuteValue::Layout(sub), CuteValue::Tuple(crate::dialect::SpecKind::IntTuple, offset)])
        },
        &[Some(declared.clone()), None],
    )?;
    let offset = fields.remove(1).remove(0);
    let base = b.lowered(pointer, &cute_value(pointer)?)?;
    let moved = gep(&b, base, offset, element_type(pointer.r#type())?)?;
    let sub = b.pack(&declared, &fields.remove(0))?;
    Ok(vec![b.cast(moved, ptr_type)?, b.cast(sub, tile_type)?])
}

/// A partition of `view` by `by` (a thread index or a coordinate):
/// `compute` gives the partition's layout and its offset in the view from
/// the view's (seeded) inner layout and `by`, through the same algebra as
/// inference; the result view's pointer moves by the offset (a swizzled view
/// keeps its swizzle, see [`address`]).
fn partition_view<'c, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    by: Value<'c, 'a>,
    result: Type<'c>,
    compute: impl FnOnce(&layout::Layout, &IntTuple) -> Result<(layout::Layout, IntTuple), String>,
) -> Result<Value<'c, 'a>, PatternError> {
    let declared = CuteValue::of(result)?.ok_or("the result is not a cute value")?;
    if let CuteValue::CoordView(..) = declared {
        return partition_coords(b, &[view, by], result, |tensor, seeded| match &seeded[1] {
            CuteValue::Tuple(_, by) => compute(tensor, by),
            _ => Err("expects an integer tuple".into()),
        });
    }
    let CuteValue::View(_, declared_layout, _) = &declared else { return Err("the result is not a view".into()) };
    let mut fields = derive(
        b,
        &[view, by],
        |seeded| {
            let (CuteValue::View(_, tensor, _), CuteValue::Tuple(_, by)) = (&seeded[0], &seeded[1]) else {
                return Err("expects a view and an integer tuple".into());
            };
            let (layout, offset) = compute(tensor, by)?;
            Ok(vec![CuteValue::Layout(layout), CuteValue::Tuple(crate::dialect::SpecKind::IntTuple, offset)])
        },
        &[Some(CuteValue::Layout(declared_layout.clone())), None],
    )?;
    let offset = fields.remove(1).remove(0);
    let ptr = gep(b, view_ptr(b, view)?, offset, element_type(view.r#type())?)?;
    let packed = pack_view(b, &declared, ptr, &fields.remove(0))?;
    b.cast(packed, result)
}

/// A scalar thread index (a leaf), for the thread partitions.
fn thread_index(by: &IntTuple) -> Result<&layout::Leaf, String> {
    match by {
        IntTuple::Leaf(tid) => Ok(tid),
        _ => Err("expects a scalar thread index".into()),
    }
}

/// spec 000's TilePartition (`cute.tiled.copy.partition_S/D`): one thread's
/// `(value, rest...)` of a view under a tiled copy. The layout and the
/// thread's offset come from inference's own `tidfrg`
/// (`infer::tiled_copy_tidfrg`, `partition::thread_partition_at`).
pub fn lower_tiled_copy_partition<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let source = op.name().as_string_ref().as_str() == Ok("cute.tiled.copy.partition_S");
    let copy = crate::dialect::infer::operand(op.operand(0)?.r#type());
    let partition = partition_view(&b, op.operand(1)?, op.operand(2)?, op.result(0)?.r#type(), |tensor, by| {
        let frg = crate::dialect::infer::tiled_copy_tidfrg(&copy, source, tensor)?;
        partition::thread_partition_at(&frg, thread_index(by)?).map_err(|e| e.to_string())
    })?;
    Ok(vec![partition])
}

/// `cute.slice` of a view (CuTe's tensor slicing): the sliced layout, and
/// the pointer moved by the offset of the removed modes (`_` read as 0).
/// Slices of layouts are the algebra's (`algebra::slice`).
pub fn lower_view_slice<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let (view, coord) = (op.operand(0)?, op.operand(1)?);
    if !matches!(cute_value(view)?, CuteValue::View(..) | CuteValue::CoordView(..)) {
        return Err(PatternError::NoMatch);
    }
    let b = Builder::new(context, rewriter, op.location());
    let partition = partition_view(&b, view, coord, op.result(0)?.r#type(), |l, c| {
        let layout = layout::tuple_ops::slice_layout(c, l, true).map_err(|e| e.to_string())?;
        let offset = layout::crd2idx_tuple(&partition::underscores_as_zero(c), l).map_err(|e| e.to_string())?;
        Ok((layout, offset))
    })?;
    Ok(vec![partition])
}

/// `cute.tiled.copy.retile`: the same pointer, the retiled (static) layout.
pub fn lower_retile<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let copy = crate::dialect::infer::operand(op.operand(0)?.r#type());
    let view = op.operand(1)?;
    let result = op.result(0)?.r#type();
    let declared = CuteValue::of(result)?.ok_or("the result is not a cute value")?;
    let CuteValue::View(_, declared_layout, _) = &declared else { return Err("the result is not a view".into()) };
    let mut fields = derive(
        &b,
        &[view],
        |seeded| {
            let CuteValue::View(_, tensor, _) = &seeded[0] else { return Err("expects a view".into()) };
            Ok(vec![CuteValue::Layout(crate::dialect::infer::tiled_copy_retile(&copy, tensor)?)])
        },
        &[Some(CuteValue::Layout(declared_layout.clone()))],
    )?;
    let packed = pack_view(&b, &declared, view_ptr(&b, view)?, &fields.remove(0))?;
    Ok(vec![b.cast(packed, result)?])
}

/// `cute.tiled.mma.partition_A/B/C`: one thread's `(values, rest...)` of
/// a view under a tiled MMA, from the same algebra as inference
/// (`layout::mma_partition::partition_at`); the pointer moves by the
/// thread's offset (a swizzled view keeps its swizzle).
pub fn lower_tiled_mma_partition<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    let which = match name.chars().last() {
        Some('A') => mma_partition::MmaOperand::A,
        Some('B') => mma_partition::MmaOperand::B,
        _ => mma_partition::MmaOperand::C,
    };
    let crate::dialect::infer::Operand::TiledMma { atom: Some(atom), atom_layout } = crate::dialect::infer::operand(op.operand(0)?.r#type())
    else {
        return Err("the tiled MMA's atom does not describe its thread-value layouts".into());
    };
    let atom_layout = crate::dialect::spec::parse_checked_layout(atom_layout)?;
    let partition = partition_view(&b, op.operand(1)?, op.operand(2)?, op.result(0)?.r#type(), |tensor, by| {
        mma_partition::partition_at(tensor, &atom, &atom_layout, which, thread_index(by)?).map_err(|e| e.to_string())
    })?;
    Ok(vec![partition])
}
