//! Result types of the ops of `dialects-td/cute/CuteAlgebraOps.td`.

use super::*;

/// The result types of `op` if it is one of this family's (None if not).
pub(super) fn infer(_op: &str, mnemonic: &str, args: &Args, operands: &[Operand], attrs: &dyn Attrs) -> Result<Option<Vec<Inferred>>, String> {
    let result: Result<Vec<Inferred>, String> = match mnemonic {
        // Composition, complement, simplification, inverses.
        "composition" | "compose" => tiling(&args, Tiling::Composition),
        "complement" if has_basis_leaf(args.layout_owned(0)?.stride()) => complement_basis(args, operands),
        "complement" => complement(args, operands),
        // A composed layout coalesces, groups and flattens its outer layout.
        "coalesce" if operands.len() == 2 => {
            let profile = args.tuple(1)?;
            through_outer(&args, |a| layout::coalesce_profile(a, &profile))
        }
        "coalesce" => through_outer(&args, layout::coalesce),
        "filter_zeros" => layout_result(Ok(layout::filter_zeros(&*args.layout(0)?))),
        "filter" => layout_result(layout::filter(&*args.layout(0)?)),
        "group_modes" => {
            let (begin, end) = (attr_index(attrs, "begin")?, attr_index(attrs, "end")?);
            through_outer(&args, |a| layout::group_modes(a, begin, end))
        }
        "right_inverse" => layout_result(layout::right_inverse(&*args.layout(0)?)),
        "left_inverse" => layout_result(layout::left_inverse(&*args.layout(0)?)),
        // Divides and products.
        "logical_divide" => tiling(&args, Tiling::LogicalDivide),
        "zipped_divide" => tiling(&args, Tiling::ZippedDivide),
        "tiled_divide" => tiling(&args, Tiling::TiledDivide),
        "flat_divide" => tiling(&args, Tiling::FlatDivide),
        "logical_product" => logical_product(args),
        "zipped_product" | "tiled_product" | "flat_product" => zipped_tiled_flat_product(mnemonic, args),
        "blocked_product" | "raked_product" => blocked_raked_product(mnemonic, args),
        // Queries and coordinates.
        "get" | "select" => get_or_select_op(mnemonic, args, attrs),
        "flatten" => flatten(args),
        "recast_layout" => recast(args, attrs),
        "tile_to_shape" => {
            let order = if operands.len() > 2 { Some(args.tuple(2)?) } else { None };
            let target = args.tuple(1)?;
            through_outer(&args, |a| layout::tile_to_shape(a, &target, order.as_ref()))
        }
        "tuple_product" => spec_result(args.get(0)?.0, layout::size_of(&args.tuple(0)?).map_err(err)?),
        "tuple_product_each" => {
            let tuple = args.tuple(0)?;
            let each = match &tuple {
                IntTuple::Tuple(modes) => {
                    IntTuple::Tuple(modes.iter().map(layout::size_of).collect::<Result<_, _>>().map_err(err)?)
                }
                // CuTe: transform(wrap(a), product), a rank-1 tuple.
                leaf => IntTuple::Tuple(vec![layout::size_of(leaf).map_err(err)?]),
            };
            spec_result(args.get(0)?.0, each)
        }
        "size" => size(mnemonic, args, attrs),
        "cosize" => cosize(mnemonic, args, attrs),
        "crd2idx" | "layout_eval" if args.get(1)?.0 == SpecKind::ComposedLayout => crd2idx_composed(mnemonic, args),
        "crd2idx" | "layout_eval" => crd2idx(args),
        "idx2crd" => {
            let (index, shape) = (args.tuple(0)?, args.tuple(1)?);
            spec_result(SpecKind::Coord, layout::idx2crd_tuple(&index, &shape).map_err(err)?)
        }
        "shape_div" => shape_div(args, attrs),
        // By a one-slot tile (NVIDIA's IR): how many tiles cover the
        // dividend, ceil(size(a) / size(tile)).
        "ceil_div" if args.get(1)?.0 == SpecKind::Tile => spec_result(args.get(0)?.0, ceil_div_by_tile(&args.tuple(0)?, &args.tiler(1)?)?),
        // The quotient keeps the dividend's kind (NVIDIA's IR).
        "ceil_div" => {
            let quotient = layout::ceil_div(&args.tuple(0)?, &args.tuple(1)?).map_err(err)?;
            spec_result(args.get(0)?.0, quotient)
        }
        _ => return Ok(None),
    };
    result.map(Some)
}

/// `complement` of a layout with scaled-basis strides (the cotarget as for
/// [`complement`], absent meaning none).
fn complement_basis(args: &Args, operands: &[Operand]) -> Result<Vec<Inferred>, String> {
    let cotarget = match operands.len() {
        1 => None,
        _ => Some(match args.get(1)? {
            (SpecKind::Layout, _) => args.layout_owned(1)?.shape().clone(),
            _ => args.tuple(1)?,
        }),
    };
    layout_result(layout::complement_basis(&*args.layout(0)?, cotarget.as_ref()))
}

/// `complement`: the cotarget a tuple, a layout (its shape, as NVIDIA's IR
/// takes it), or absent (the layout's cosize, CuTe's complement(layout)).
fn complement(args: &Args, operands: &[Operand]) -> Result<Vec<Inferred>, String> {
    let layout = args.layout_owned(0)?;
    let cotarget = match operands.len() {
        1 => layout::cosize(&layout).map_err(err)?,
        _ => match args.get(1)? {
            (SpecKind::Layout, _) => args.layout_owned(1)?.shape().clone(),
            _ => args.tuple(1)?,
        },
    };
    layout_result(layout::complement(&layout, &cotarget))
}

/// `logical_product`. Run-time values take CuTe's algorithm on run-time
/// values (`layout::runtime`), static ones the exact static algebra.
fn logical_product(args: &Args) -> Result<Vec<Inferred>, String> {
    let tiler = args.tiler_shared(1)?;
    through_outer(&args, |a| match (run_time(a, &tiler), &*tiler) {
        (true, tiler) => layout::runtime::logical_product(a, tiler),
        (false, Tiler::Layout(b)) => layout::logical_product(a, b),
        (false, tiler) => layout::logical_product_tiler(a, tiler),
    })
}

/// `zipped_product`, `tiled_product`, `flat_product`.
fn zipped_tiled_flat_product(mnemonic: &str, args: &Args) -> Result<Vec<Inferred>, String> {
    let tiler = args.tiler_shared(1)?;
    through_outer(&args, |a| {
        let dynamic = run_time(a, &tiler);
        let product = match (mnemonic, dynamic) {
            ("zipped_product", false) => layout::zipped_product,
            ("tiled_product", false) => layout::tiled_product,
            (_, false) => layout::flat_product,
            ("zipped_product", true) => layout::runtime::zipped_product,
            ("tiled_product", true) => layout::runtime::tiled_product,
            (_, true) => layout::runtime::flat_product,
        };
        product(a, &*tiler)
    })
}

/// `blocked_product`, `raked_product`.
fn blocked_raked_product(mnemonic: &str, args: &Args) -> Result<Vec<Inferred>, String> {
    let b = args.layout_owned(1)?;
    let blocked = mnemonic == "blocked_product";
    through_outer(&args, |a| match (run_time(a, &Tiler::Layout(b.clone())), blocked) {
        (false, true) => layout::blocked_product(a, &b),
        (false, false) => layout::raked_product(a, &b),
        (true, true) => layout::runtime::blocked_product(a, &b),
        (true, false) => layout::runtime::raked_product(a, &b),
    })
}

/// `get` / `select` of a mode of a layout, composed layout, tile or tuple.
fn get_or_select_op(mnemonic: &str, args: &Args, attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    let path = mode_path(mnemonic, attrs)?;
    match args.get(0)? {
        // A composed layout: the part of its outer layout.
        (SpecKind::ComposedLayout, _) => through_outer(&args, |outer| {
            match get_or_select(mnemonic, Part::Layout(outer.clone()), &path) {
                Ok(Part::Layout(l)) => Ok(l),
                Ok(_) => unreachable!("a layout's part is a layout"),
                Err(e) => Err(layout::LayoutError::new("get", vec![outer.to_string()], e)),
            }
        }),
        (SpecKind::Tile, _) => {
            let Part::Tile(t) = get_or_select(mnemonic, Part::Tile(args.tiler(0)?), &path)? else {
                unreachable!("a tile's part is a tile")
            };
            spec_result(SpecKind::Tile, t)
        }
        (SpecKind::Layout, _) => {
            let Part::Layout(l) = get_or_select(mnemonic, Part::Layout(args.layout_owned(0)?), &path)? else {
                unreachable!("a layout's part is a layout")
            };
            layout_result(Ok(l))
        }
        (kind, _) => {
            let Part::Tuple(t) = get_or_select(mnemonic, Part::Tuple(args.tuple(0)?), &path)? else {
                unreachable!("a tuple's part is a tuple")
            };
            spec_result(kind, t)
        }
    }
}

/// `flatten`: a tile's nested slots become top-level slots.
fn flatten(args: &Args) -> Result<Vec<Inferred>, String> {
match args.get(0)? {
    (SpecKind::Layout | SpecKind::ComposedLayout, _) => through_outer(&args, |a| Ok(layout::flatten(a))),
    // A tile's nested slots become top-level slots.
    (SpecKind::Tile, _) => {
        fn slots(t: Tiler, out: &mut Vec<Tiler>) {
            match t {
                Tiler::ByMode(v) => v.into_iter().for_each(|t| slots(t, out)),
                other => out.push(other),
            }
        }
        let mut out = Vec::new();
        slots(args.tiler(0)?, &mut out);
        spec_result(SpecKind::Tile, Tiler::ByMode(out))
    }
    (kind, _) => spec_result(kind, args.tuple(0)?.flatten()),
}
}

/// `recast_layout`: a layout inner part recasts as the outer one (CuTe's
/// upcast and downcast of a ComposedLayout: each part, and the offset scaled
/// by the ratio); a swizzle's base and the offset move with the width.
fn recast(args: &Args, attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    let (new_bits, old_bits) = (attr_int(attrs, "new_type_bits")?, attr_int(attrs, "old_type_bits")?);
    match args.get(0)? {
        // A layout inner part recasts as the outer one (CuTe's upcast
        // and downcast of a ComposedLayout: each part, and the
        // offset scaled by the ratio).
        (SpecKind::ComposedLayout, text) if spec::parse_checked_composed(text).is_err() => {
            let composed = spec::parse_checked_general_composed(text)?;
            let (layout::ComposedInner::Layout(inner), Some(offset)) = (&composed.inner, composed.offset.as_int()) else {
                return Err(format!("recast_layout of {text}: a swizzle with a run-time offset, or a tuple offset, does not recast"));
            };
            let inner = layout::recast_layout(inner, new_bits, old_bits).map_err(err)?;
            let outer = layout::recast_layout(&composed.layout, new_bits, old_bits).map_err(err)?;
            let offset = if new_bits >= old_bits {
                let ratio = new_bits / old_bits.max(1);
                if new_bits % old_bits.max(1) != 0 || offset % ratio != 0 {
                    return Err(format!("recast_layout<{new_bits}, {old_bits}> of {text}: the offset {offset} is not a multiple of the ratio"));
                }
                offset / ratio
            } else {
                let ratio = old_bits / new_bits.max(1);
                if old_bits % new_bits.max(1) != 0 {
                    return Err(format!("recast_layout<{new_bits}, {old_bits}> of {text}: the widths do not divide"));
                }
                offset * ratio
            };
            let text = format!("{inner} o {offset} o {outer}");
            spec_result(SpecKind::ComposedLayout, spec::canonicalize(SpecKind::ComposedLayout, &text)?)
        }
        (SpecKind::ComposedLayout, text) => {
            let composed = spec::parse_checked_composed(text)?;
            let layout = layout::recast_layout(&composed.layout, new_bits, old_bits).map_err(err)?;
            // The swizzle's base and the offset move with the element
            // width (a power-of-two ratio; an upcast divides the offset).
            let (swizzle, offset) = recast_swizzle(&composed, new_bits, old_bits)?;
            let text = format!("{swizzle} o {offset} o {layout}");
            spec_result(SpecKind::ComposedLayout, spec::canonicalize(SpecKind::ComposedLayout, &text)?)
        }
        _ => layout_result(layout::recast_layout(&*args.layout(0)?, new_bits, old_bits)),
    }
}

/// `size` of a layout, composed layout or tuple, or of one of its modes.
fn size(mnemonic: &str, args: &Args, attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    let path = mode_path(mnemonic, attrs)?;
    let part = match args.get(0)? {
        (SpecKind::Layout, _) => Part::Layout(args.layout_owned(0)?),
        (SpecKind::ComposedLayout, text) => Part::Layout(spec::parse_checked_general_composed(text)?.layout),
        _ => Part::Tuple(args.tuple(0)?),
    };
    spec_result(SpecKind::IntTuple, size_at(mnemonic, part, &path)?)
}

/// `cosize`: a composed layout's is its outer layout's (NVIDIA's IR).
fn cosize(mnemonic: &str, args: &Args, attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    let layout = match args.get(0)? {
        (SpecKind::ComposedLayout, text) => {
            let composed = spec::parse_checked_general_composed(text)?;
            if matches!(composed.inner, layout::ComposedInner::Layout(_)) {
                return Err(format!("cosize of {text}: the inner part is a layout (cosize is defined for a swizzled one)"));
            }
            composed.layout
        }
        _ => args.layout_owned(0)?,
    };
    spec_result(SpecKind::IntTuple, cosize_at(mnemonic, layout, &mode_path(mnemonic, attrs)?)?)
}

/// `crd2idx` of a composed layout: `inner(offset + outer(coord))` (CuTe's
/// ComposedLayout::operator()); `_` counts as 0; run-time leaves give a
/// run-time index.
fn crd2idx_composed(mnemonic: &str, args: &Args) -> Result<Vec<Inferred>, String> {
    let composed = spec::parse_checked_general_composed(args.get(1)?.1)?;
    let coord = layout::partition::underscores_as_zero(&args.tuple(0)?);
    if !coord.is_leaf() && !coord.weakly_congruent(composed.layout.shape()) {
        return Err(format!("{mnemonic}({coord}, {}): the coordinate is not a leaf nor weakly congruent to the shape", composed.layout));
    }
    let dynamic = has_dynamic_leaf(&coord)
        || has_dynamic(&composed.layout)
        || has_dynamic_leaf(&composed.offset)
        || matches!(&composed.inner, layout::ComposedInner::Layout(l) if has_dynamic(l));
    if dynamic {
        return spec_result(SpecKind::IntTuple, "?");
    }
    // offset + outer(c): an integer, or a coordinate tuple of a
    // coordinate outer layout (then the inner layout takes it).
    let outer = layout::crd2idx_tuple(&coord, &composed.layout).map_err(err)?;
    let at = tuple_arith(TupleOp::Add, &outer, &composed.offset).map_err(err)?;
    let value = match (&composed.inner, at.as_int()) {
        (layout::ComposedInner::Swizzle(s), Some(at)) => s.apply(at).map_err(|e| format!("{mnemonic}: {e}"))?,
        (layout::ComposedInner::Swizzle(_), None) => return Err(format!("{mnemonic}: a swizzle takes an integer, got {at}")),
        (layout::ComposedInner::Layout(l), _) => layout::crd2idx(&at, l).map_err(err)?,
    };
    spec_result(SpecKind::IntTuple, value)
}

/// `crd2idx` / `layout_eval` (NVIDIA's name for the same function).
fn crd2idx(args: &Args) -> Result<Vec<Inferred>, String> {
    let coord = args.tuple(0)?;
    // A shape stands for its compact column-major layout.
    let layout = match args.get(1)? {
        (SpecKind::Shape, _) => layout::make_layout(&args.tuple(1)?).map_err(err)?,
        _ => args.layout_owned(1)?,
    };
    let index = if has_basis_leaf(layout.stride()) {
        // Scaled-basis strides (e.g. an identity layout): a basis
        // tuple, `?` where a run-time coordinate reaches.
        layout::crd2idx_tuple(&coord, &layout).map_err(err)?.to_string()
    } else if has_dynamic_leaf(&coord) || has_dynamic(&layout) {
        if !coord.weakly_congruent(layout.shape()) {
            return Err(format!("crd2idx({coord}, {layout}): coordinate is not weakly congruent to the shape"));
        }
        "?".to_string()
    } else {
        layout::crd2idx(&coord, &layout).map_err(err)?.to_string()
    };
    spec_result(SpecKind::IntTuple, index)
}

/// `shape_div`: no mode is CuTe's own shape_div (NVIDIA's IR).
fn shape_div(args: &Args, attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    // No mode: CuTe's own shape_div (NVIDIA's IR).
    let mode = match attrs.string("mode").as_deref() {
        None => DivMode::Cute,
        Some("exact") => DivMode::Exact,
        Some("ceil") => DivMode::Ceil,
        Some("floor") => DivMode::Floor,
        Some(other) => return Err(format!("unknown shape_div mode '{other}' (expected exact, ceil or floor)")),
    };
    let quotient = layout::shape_div(&args.tuple(0)?, &args.tuple(1)?, mode).map_err(err)?;
    spec_result(SpecKind::Shape, quotient)
}
