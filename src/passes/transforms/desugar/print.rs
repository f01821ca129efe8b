//! `cute.print`: `gpu.printf` of a value's static notation, dynamic leaves
//! read with `cute.get_leaves`, and an `scf.for` over a view's coordinates.

use super::*;
use crate::passes::rewrite::Lowered;

/// `printf` conversion for a scalar element type, if it can be printed.
fn printf_conversion(ty: Type) -> Option<&'static str> {
    match ty.to_string().as_str() {
        "f32" | "f64" => Some("%f"),
        "i64" => Some("%lld"),
        "i32" | "i16" | "i8" | "i1" => Some("%d"),
        _ => None,
    }
}

/// `%` is special in printf formats.
fn escape_format(text: &str) -> String {
    text.replace('%', "%%")
}

/// A `gpu.printf` of `format` with `args`.
fn printf<'c>(
    context: &'c Context,
    format: &str,
    args: &[Value<'c, '_>],
    location: Location<'c>,
) -> Result<Operation<'c>, PatternError> {
    melior::ir::operation::OperationBuilder::new("gpu.printf", location)
        .add_attributes(&[(
            melior::ir::Identifier::new(context, "format"),
            melior::ir::attribute::StringAttribute::new(context, format).into(),
        )])
        .add_operands(args)
        .build()
        .map_err(PatternError::from)
}

/// `cute.print` (spec 002 "Dynamic print → coord loop"): a static value prints
/// its notation; a view prints every element in an `scf.for` over its flat
/// index, turned into a coordinate by `cute.idx2crd` and read by `cute.load`.
pub(super) fn rewrite_print<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let location = op.location();
    let prefix = op
        .attribute("prefix")
        .ok()
        .and_then(|a| melior::ir::attribute::StringAttribute::try_from(a).ok())
        .map(|a| escape_format(a.value()))
        .unwrap_or_default();
    for value in op.operands() {
        let ty = value.r#type();
        if let Some((kind, spec)) = type_spec(ty) {
            if spec::is_static(kind, spec)? {
                let print = printf(context, &format!("{prefix}{}\n", escape_format(spec)), &[], location)?;
                rewriter.as_rewriter_base().insert(print);
            } else if kind.is_tuple() && kind != SpecKind::Tile {
                print_dynamic_tuple(context, rewriter, value, (kind, spec), &prefix, op.location())?;
            } else {
                return Err(format!(
                    "printing the dynamic value {ty} is not supported; print its shape and stride, a view or a static value"
                ).into());
            }
            continue;
        }
        if composite_parts(ty).map(|p| p.kind) != Some(Composite::View) {
            return Err(format!("cannot print a value of type {ty}").into());
        }
        print_view(context, op, rewriter, value, &prefix)?;
    }
    Ok(Vec::new())
}

fn print_view<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
    view: Value<'c, 'a>,
    prefix: &str,
) -> Result<(), PatternError> {
    use melior::{
        dialect::{arith, scf},
        ir::{attribute::IntegerAttribute, Block, BlockLike, Region, RegionLike},
    };
    let location = op.location();
    let index = Type::index(context);
    let parts = composite_parts(view.r#type()).ok_or("not a view")?;
    let layout_type = parts.layout.ok_or("view without layout")?;
    let (layout_kind, layout_spec) = type_spec(layout_type).ok_or("view without layout")?;
    if layout_kind != SpecKind::Layout {
        return Err(format!("printing a view with layout {layout_type} is not supported").into());
    }
    // A pointer's or descriptor iterator's element type; memrefs have none here.
    let iterator = parts.iterator.ok_or("view without iterator")?;
    let element = composite_parts(iterator).and_then(|p| p.element).ok_or("cannot print a memref-backed view")?;
    let conversion = printf_conversion(element)
        .ok_or_else(|| format!("cannot print elements of type {element} (f32, f64 and integers print)"))?;
    let layout = insert(rewriter, ops::cute::get_layout(context, layout_type, view, location).into())?;
    let shape = insert(rewriter, ops::cute::get_shape(context, layout, location).into())?;
    let size = insert(rewriter, ops::cute::size(context, layout, location).into())?;
    let total = insert(rewriter, ops::cute::get_leaves(context, &[index], size, location).into())?;
    let constant = |v: i64| -> Result<Value<'c, 'a>, PatternError> {
        let c = arith::constant(context, IntegerAttribute::new(index, v).into(), location);
        insert(rewriter, c)
    };
    let (zero, one) = (constant(0)?, constant(1)?);

    let body = Block::new(&[(index, location)]);
    let iv: Value = body.argument(0)?.into();
    let flat_type = make_type(context, SpecKind::IntTuple, "?")?;
    let flat = body.append_operation(ops::cute::make_int_tuple(context, flat_type, &[iv], location).into());
    let flat: Value = flat.result(0)?.into();
    let coord = body.append_operation(ops::cute::idx_2_crd(context, flat, shape, location).into());
    let coord: Value = coord.result(0)?.into();
    let load = body.append_operation(ops::cute::load(context, element, view, coord, location).into());
    let loaded: Value = load.result(0)?.into();
    let format = format!("{prefix}{} [%lld] = {conversion}\n", escape_format(layout_spec));
    body.append_operation(printf(context, &format, &[iv, loaded], location)?);
    body.append_operation(scf::r#yield(&[], location));
    let region = Region::new();
    region.append_block(body);
    rewriter.as_rewriter_base().insert(scf::r#for(zero, total, one, region, location));
    Ok(())
}


/// A dynamic int-tuple prints its notation with every leaf read at run time
/// (`cute.get_leaves`), e.g. `(%lld,4)` for `!cute.shape<"(?,4)">`.
fn print_dynamic_tuple<'c, 'a>(
    context: &'c Context,
    rewriter: &PatternRewriter,
    value: Value<'c, 'a>,
    (kind, text): (SpecKind, &str),
    prefix: &str,
    location: Location<'c>,
) -> Result<(), PatternError> {
    use crate::layout::{IntTuple, Leaf};
    fn format(t: &IntTuple, out: &mut String) {
        match t {
            IntTuple::Leaf(Leaf::Dyn(_)) => out.push_str("%lld"),
            IntTuple::Leaf(leaf) => out.push_str(&escape_format(&leaf.to_string())),
            IntTuple::Tuple(items) => {
                out.push('(');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    format(item, out);
                }
                out.push(')');
            }
        }
    }
    let tuple = spec::parse_checked_tuple(kind, text)?;
    let leaves = tuple.leaves();
    if leaves.iter().any(|leaf| !matches!(leaf, Leaf::Int(_) | Leaf::Dyn(_))) {
        return Err(format!("cannot print the leaves of {text}").into());
    }
    let index = Type::index(context);
    let types = vec![index; leaves.len()];
    let base = rewriter.as_rewriter_base();
    let read = base.insert(ops::cute::get_leaves(context, &types, value, location).into());
    let dynamic: Vec<Value> = leaves
        .iter()
        .enumerate()
        .filter(|(_, leaf)| matches!(leaf, Leaf::Dyn(_)))
        .map(|(i, _)| read.result(i).map(|r| unsafe { Value::from_raw(r.to_raw()) }).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut text = String::from(prefix);
    format(&tuple, &mut text);
    text.push('\n');
    rewriter.as_rewriter_base().insert(printf(context, &text, &dynamic, location)?);
    Ok(())
}
