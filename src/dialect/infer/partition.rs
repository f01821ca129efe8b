//! Result types of the ops of `dialects-td/cute/CutePartitionOps.td`.

use super::*;

/// The result types of `op` if it is one of this family's (None if not).
pub(super) fn infer(_op: &str, mnemonic: &str, args: &Args, operands: &[Operand], _attrs: &dyn Attrs) -> Result<Option<Vec<Inferred>>, String> {
    let result: Result<Vec<Inferred>, String> = match mnemonic {
        // Slicing and partitioning.
        "slice" if matches!(operands.first(), Some(Operand::View { .. })) => {
            let (source, view) = args.layout_or_view(0)?;
            let coord = args.tuple(1)?;
            let layout = slice_layout(&coord, &source, true).map_err(err)?;
            // A view keeps at least one mode (an element is read with load).
            if layout.shape() == &IntTuple::Tuple(Vec::new()) {
                return Err(format!("slice({coord}, {source}): no mode is kept: the result would be an empty view"));
            }
            let offset = layout::crd2idx_tuple(&layout::partition::underscores_as_zero(&coord), &source).map_err(err)?;
            partition_result(layout, view, &offset)
        }
        // A tuple keeps (slice) or drops (dice) the modes the coordinate
        // marks with `_` (CuTe's slice / dice of a tuple).
        "slice" | "dice" if args.get(0)?.0.is_tuple() => {
            let (kind, _) = args.get(0)?;
            let (coord, tuple) = (args.tuple(1)?, args.tuple(0)?);
            let part = if mnemonic == "slice" { layout::tuple_ops::slice(&coord, &tuple) } else { layout::tuple_ops::dice(&coord, &tuple) };
            spec_result(kind, part.map_err(|e| format!("{mnemonic}({coord}, {tuple}): {e}"))?)
        }
        // A composed layout slices its outer layout. A layout inner part
        // takes the sliced-away offset into the composed offset (CuTe's
        // slice_and_offset of a ComposedLayout); a swizzle keeps its offset,
        // the slice's offset moves the pointer instead (the swizzle acts on
        // addresses, NVIDIA's IR and our swizzled views do so).
        "slice" | "dice" if args.get(0)?.0 == SpecKind::ComposedLayout => {
            let keep = mnemonic == "slice";
            let coord = args.tuple(1)?;
            let composed = spec::parse_checked_general_composed(args.get(0)?.1)?;
            // NVIDIA's rule: a swizzled layout's part is static (their IR
            // then folds a swizzle its range does not reach).
            if matches!(composed.inner, layout::ComposedInner::Swizzle(_)) && has_dynamic(&composed.layout) {
                return Err(format!("{mnemonic} of {}: the outer layout of a swizzled composed layout must be static", args.get(0)?.1));
            }
            if keep && matches!(composed.inner, layout::ComposedInner::Swizzle(_)) && !coord.leaves().iter().any(|l| matches!(l, Leaf::Underscore)) {
                return Err(format!("slice of {}: the coordinate {coord} keeps no mode (a swizzled composed layout keeps at least one `_`)", args.get(0)?.1));
            }
            let outer = slice_layout(&coord, &composed.layout, keep).map_err(err)?;
            let offset = match &composed.inner {
                layout::ComposedInner::Layout(_) if keep => {
                    let moved = layout::crd2idx_tuple(&layout::partition::underscores_as_zero(&coord), &composed.layout).map_err(err)?;
                    tuple_arith(TupleOp::Add, &composed.offset, &moved).map_err(err)?
                }
                _ => composed.offset.clone(),
            };
            let text = format!("{} o {offset} o {outer}", composed.inner);
            spec_result(SpecKind::ComposedLayout, spec::canonicalize(SpecKind::ComposedLayout, &text)?)
        }
        "slice" | "dice" => {
            let keep = mnemonic == "slice";
            layout_result(slice_layout(&args.tuple(1)?, &*args.layout(0)?, keep))
        }
        "tiled.copy.partition_S" | "tiled.copy.partition_D" => {
            let copy = operands.first().ok_or("expects a tiled copy")?;
            let (tensor, view) = args.layout_or_view(1)?;
            let frg = tiled_copy_tidfrg(copy, mnemonic.ends_with('S'), &tensor)?;
            let (layout, offset) = thread_partition_at(&frg, &Leaf::Dyn(DynInt::UNKNOWN)).map_err(err)?;
            partition_result(layout, view, &offset)
        }
        "tiled.mma.partition_A" | "tiled.mma.partition_B" | "tiled.mma.partition_C" => {
            let (atom, atom_layout) = tiled_mma(operands.first())?;
            let (tensor, view) = args.layout_or_view(1)?;
            let which = mma_operand(mnemonic);
            let (layout, offset) =
                partition_at(&tensor, &atom, &atom_layout, which, &Leaf::Dyn(DynInt::UNKNOWN)).map_err(err)?;
            partition_result(layout, view, &offset)
        }
        "tiled.copy.retile" => {
            let copy = operands.first().ok_or("expects a tiled copy")?;
            let (tensor, view) = args.layout_or_view(1)?;
            let Some(view) = view else { return Err("operand #1 must be a view".into()) };
            let layout = tiled_copy_retile(copy, &tensor)?;
            let layout = match view.swizzle {
                Some((swizzle, offset)) => (SpecKind::ComposedLayout, layout::ComposedLayout { swizzle, offset, layout }.to_string()),
                None => (SpecKind::Layout, layout.to_string()),
            };
            Ok(vec![Inferred::View { iterator: view.iterator, layout }])
        }
        "local_tile" | "local_partition" => {
            let (source, view) = args.layout_or_view(0)?;
            let local_tile = mnemonic == "local_tile";
            let tiler = if local_tile { args.tiler(1)? } else { thread_tiler(&*args.layout(1)?).map_err(err)? };
            let (layout, offset) = local_partition(&source, &tiler, &args.tuple(2)?, local_tile)?;
            partition_result(layout, view, &offset)
        }
        _ => return Ok(None),
    };
    result.map(Some)
}
