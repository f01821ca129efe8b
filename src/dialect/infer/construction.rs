//! Result types of the ops of `dialects-td/cute/CuteConstructionOps.td`.

use super::*;

/// The result types of `op` if it is one of this family's (None if not).
pub(super) fn infer(_op: &str, mnemonic: &str, args: &Args, operands: &[Operand], attrs: &dyn Attrs) -> Result<Option<Vec<Inferred>>, String> {
    let result: Result<Vec<Inferred>, String> = match mnemonic {
        // Construction.
        "make_layout_raw" => {
            let (_, shape) = args.get(0)?;
            let (_, stride) = args.get(1)?;
            spec_result(SpecKind::Layout, spec::join_layout(shape, stride)?)
        }
        "make_swizzle" => make_swizzle(attrs),
        // NVIDIA's spelling: (inner, offset, outer), any inner part.
        "make_composed_layout" if operands.len() == 3 => {
            let (inner_kind, inner) = args.get(0)?;
            if !matches!(inner_kind, SpecKind::Swizzle | SpecKind::Layout) {
                return Err(format!("operand #0 (the inner part) must be a swizzle or a layout, not !cute.{}", inner_kind.mnemonic()));
            }
            let offset = args.tuple(1)?;
            let outer = args.layout_owned(2)?;
            let text = format!("{inner} o {offset} o {outer}");
            spec_result(SpecKind::ComposedLayout, spec::canonicalize(SpecKind::ComposedLayout, &text)?)
        }
        "make_composed_layout" => make_composed_layout(args, operands, attrs),
        "make_composed_layout_raw" => {
            let outer = args.layout_owned(0)?;
            let (_, inner) = args.get(1)?;
            let offset = args.tuple(2)?;
            let offset = offset.as_int().ok_or_else(|| format!("the offset {offset} must be a static integer"))?;
            let text = format!("{inner} o {offset} o {outer}");
            spec_result(SpecKind::ComposedLayout, spec::canonicalize(SpecKind::ComposedLayout, &text)?)
        }
        "get_shape" | "get_stride" if args.get(0)?.0 == SpecKind::Tile => tile_shape_or_stride(mnemonic, args),
        "get_shape" | "get_stride" => {
            let layout = match args.get(0)? {
                (SpecKind::ComposedLayout, text) => spec::parse_checked_general_composed(text)?.layout,
                _ => args.layout_owned(0)?,
            };
            if mnemonic == "get_shape" {
                spec_result(SpecKind::Shape, layout.shape())
            } else {
                spec_result(SpecKind::Stride, layout.stride())
            }
        }
        // Both keep the operand's kind (a shape's product is a shape), as
        // NVIDIA's CuTe IR does.
        // The integers of a cute value (NVIDIA's get_scalars): a tuple's
        // integer leaves; a layout's shape then stride leaves; a composed
        // layout's swizzle (bits, base, shift), offset, then layout; a
        // swizzle's three parameters. `only_dynamic` keeps the run-time
        // leaves (a swizzle's parameters always come). i32, or i64 for a
        // `?{i64}` leaf.
        "get_scalars" => {
            let only_dynamic = attrs.has("only_dynamic");
            scalar_types(args.get(0)?, only_dynamic).map(|widths| widths.into_iter().map(Inferred::Int).collect())
        }
        // NVIDIA's accessors of composed layouts and tiles.
        "composed_get_inner" | "composed_get_offset" | "composed_get_outer" => {
            let (_, text) = args.get(0)?;
            let composed = spec::parse_checked_general_composed(text)?;
            match mnemonic {
                "composed_get_inner" => match composed.inner {
                    layout::ComposedInner::Swizzle(s) => spec_result(SpecKind::Swizzle, s),
                    layout::ComposedInner::Layout(l) => layout_result(Ok(l)),
                },
                "composed_get_offset" => spec_result(SpecKind::IntTuple, composed.offset),
                _ => layout_result(Ok(composed.layout)),
            }
        }
        "get_leaves" => get_leaves(args),
        "get_layouts_from_tile" => {
            fn layouts(t: &Tiler, out: &mut Vec<Layout>) -> Result<(), String> {
                match t {
                    Tiler::Layout(l) => out.push(l.clone()),
                    Tiler::Shape(s) => out.push(layout::make_layout(s).map_err(err)?),
                    Tiler::Underscore => {}
                    Tiler::ByMode(modes) => modes.iter().try_for_each(|m| layouts(m, out))?,
                }
                Ok(())
            }
            let tile = args.tiler(0)?;
            let mut found = Vec::new();
            layouts(&tile, &mut found)?;
            if found.is_empty() {
                return Err(format!("get_layouts_from_tile: the tile {} has no layout, only underscores", args.get(0)?.1));
            }
            Ok(found.into_iter().map(|l| Inferred::Spec(SpecKind::Layout, l.to_string())).collect())
        }
        // NVIDIA's advanced constructors and rank padding.
        "make_ordered_layout" => layout_result(layout::make_ordered_layout(&args.tuple(0)?, &args.tuple(1)?)),
        "make_identity_layout" => layout_result(layout::make_identity_layout(&args.tuple(0)?)),
        "make_layout_like" => {
            let source = match args.get(0)? {
                // NVIDIA's rule: of a composed layout, a swizzled one.
                (SpecKind::ComposedLayout, text) => {
                    let composed = spec::parse_checked_general_composed(text)?;
                    if matches!(composed.inner, layout::ComposedInner::Layout(_)) {
                        return Err(format!("make_layout_like of {text}: the composed layout's inner part must be a swizzle"));
                    }
                    composed.layout
                }
                _ => args.layout_owned(0)?,
            };
            layout_result(layout::make_layout_like(&source))
        }
        _ => return Ok(None),
    };
    result.map(Some)
}

/// `make_swizzle`: the three attributes, checked by `Swizzle::new`.
fn make_swizzle(attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    let field = |name| -> Result<i64, String> { attr_int(attrs, name) };
    let (bits, base, shift) = (field("bits")?, field("base")?, field("shift")?);
    let narrow = |v: i64| u32::try_from(v).map_err(|_| format!("swizzle parameter {v} is out of range"));
    let shift_i32 = i32::try_from(shift).map_err(|_| format!("swizzle shift {shift} is out of range"))?;
    let swizzle = Swizzle::new(narrow(bits)?, narrow(base)?, shift_i32)
        .map_err(|condition| format!("make_swizzle({bits}, {base}, {shift}): {condition}"))?;
    spec_result(SpecKind::Swizzle, swizzle)
}

/// `make_composed_layout` of spec 002: the outer layout and a `swizzle`
/// attribute [B, M, S].
fn make_composed_layout(args: &Args, operands: &[Operand], attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    if operands.len() != 1 {
        return Err(format!("expects the outer layout (spec 002) or (inner, offset, outer) (NVIDIA's IR), got {} operands", operands.len()));
    }
    let outer = args.layout_owned(0)?;
    let swizzle = attrs.ints("swizzle").ok_or("expects a 'swizzle' attribute [B, M, S]")?;
    let [bits, base, shift] = swizzle[..] else {
        return Err(format!("'swizzle' must hold 3 integers [B, M, S], got {swizzle:?}"));
    };
    let offset = attrs.int("offset").unwrap_or(0);
    let text = format!("S<{bits},{base},{shift}> o {offset} o {outer}");
    spec_result(SpecKind::ComposedLayout, spec::canonicalize(SpecKind::ComposedLayout, &text)?)
}

/// `get_shape` / `get_stride` of a tile.
///
/// A tile's shape (stride) is the tuple of its slots' shapes (strides).
fn tile_shape_or_stride(mnemonic: &str, args: &Args) -> Result<Vec<Inferred>, String> {
    fn part(t: &Tiler, shape: bool) -> Result<IntTuple, String> {
        Ok(match t {
            Tiler::Layout(l) if shape => l.shape().clone(),
            Tiler::Layout(l) => l.stride().clone(),
            Tiler::Shape(s) if shape => s.clone(),
            Tiler::Shape(s) => layout::make_layout(s).map_err(err)?.stride().clone(),
            Tiler::Underscore => return Err("a `_` slot has no shape or stride".into()),
            Tiler::ByMode(slots) => IntTuple::Tuple(slots.iter().map(|t| part(t, shape)).collect::<Result<_, _>>()?),
        })
    }
    let shape = mnemonic == "get_shape";
    let value = part(&args.tiler(0)?, shape).map_err(|e| format!("{mnemonic}({}): {e}", args.get(0).map(|a| a.1).unwrap_or("")))?;
    spec_result(if shape { SpecKind::Shape } else { SpecKind::Stride }, value)
}

/// `get_leaves`.
///
/// NVIDIA's typed spelling of get_leaves: each leaf as a scalar of the
/// operand's kind; a tile's layouts.
fn get_leaves(args: &Args) -> Result<Vec<Inferred>, String> {
    match args.get(0)? {
    // A tile's slots, nested tiles flattened: a layout slot is a
    // layout, a shape slot its compact layout, `_` the tile `_`.
    (SpecKind::Tile, _) => {
        fn leaves(t: &Tiler, out: &mut Vec<Inferred>) -> Result<(), String> {
            match t {
                Tiler::Layout(l) => out.push(Inferred::Spec(SpecKind::Layout, l.to_string())),
                Tiler::Shape(s) => out.push(Inferred::Spec(SpecKind::Layout, layout::make_layout(s).map_err(err)?.to_string())),
                Tiler::Underscore => out.push(Inferred::Spec(SpecKind::Tile, "_".into())),
                Tiler::ByMode(slots) => slots.iter().try_for_each(|s| leaves(s, out))?,
            }
            Ok(())
        }
        let mut out = Vec::new();
        leaves(&args.tiler(0)?, &mut out)?;
        Ok(out)
    }
    (kind, _) => {
        let tuple = args.tuple(0)?;
        tuple
            .leaves()
            .into_iter()
            .map(|leaf| Ok(Inferred::Spec(kind, spec::canonicalize(kind, &leaf.to_string())?)))
            .collect()
    }
}
}
