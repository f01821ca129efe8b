//! `cute-desugar` (spec 002, "Per-Atom Desugar Rewrites"): expands
//! construction sugar into primitive cute ops so later passes fold and lower
//! only primitives. The rewrites run as three ordered walks, as the spec's
//! phases require: shape-eval, stride-eval, then layout construction.
//!
//! | sugar | becomes |
//! |---|---|
//! | `cute.make_shape` | `cute.make_int_tuple : !cute.shape` |
//! | `cute.make_stride` | `cute.make_int_tuple : !cute.stride` |
//! | `cute.make_coord`, `cute.make_tile` | `cute.make_int_tuple : !cute.coord / !cute.tile` |
//! | `cute.make_layout` | 2 × `cute.make_int_tuple` + `cute.make_layout_raw` |
//! | `cute.make_composed_layout` | `cute.make_swizzle` + offset tuple + `cute.make_composed_layout_raw` |
//! | `cute.compose` (spec 000 spelling) | `cute.composition` |
//! | `cute.make_tensor` | `cute.make_view` |
//! | `cute.equal` | `get_shape`/`get_stride` × 2, `tuple_eq` × 2, `arith.andi` |

use crate::dialect::{make_type, ops, spec, type_spec, SpecKind};
use crate::ffi::guard;
use melior::{
    create_op_rewrite_pattern,
    ir::{
        attribute::IntegerAttribute, operation::OperationLike, Location, Operation, OperationRef, Type,
        Value, ValueLike,
    },
    walk_and_apply_patterns, Context, PatternRewriter, RewritePattern, RewritePatternSet,
};
use std::{cell::RefCell, rc::Rc};

/// One rewrite: builds the replacement of `op` at the rewriter's insertion
/// point (just before `op`) and returns the values that replace its results.
type Rewrite = for<'c, 'a> fn(
    &'c Context,
    OperationRef<'c, 'a>,
    &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, String>;

/// The phases, in order; each is one walk over the IR.
const PHASES: &[&[(&str, Rewrite, &[&str])]] = &[
    // Phase 1: shape-eval.
    &[
        ("cute.make_shape", rewrite_tuple_sugar, &["cute.make_int_tuple"]),
        ("cute.make_coord", rewrite_tuple_sugar, &["cute.make_int_tuple"]),
        ("cute.make_tile", rewrite_tuple_sugar, &["cute.make_int_tuple"]),
    ],
    // Phase 2: stride-eval.
    &[("cute.make_stride", rewrite_tuple_sugar, &["cute.make_int_tuple"])],
    // Phase 3: layout, composed layout, equality construction.
    &[
        ("cute.make_layout", rewrite_make_layout, &["cute.make_int_tuple", "cute.make_layout_raw"]),
        (
            "cute.make_composed_layout",
            rewrite_make_composed_layout,
            &["cute.make_swizzle", "cute.make_int_tuple", "cute.make_composed_layout_raw"],
        ),
        ("cute.compose", rewrite_compose, &["cute.composition"]),
        ("cute.make_tensor", rewrite_make_tensor, &["cute.make_view"]),
        ("cute.equal", rewrite_equal, &["cute.get_shape", "cute.get_stride", "cute.tuple_eq", "arith.andi"]),
    ],
];

/// Runs the desugar pass on `root`.
pub fn run(root: OperationRef) -> Result<(), String> {
    let context = unsafe { root.context().to_ref() };
    let error: Rc<RefCell<Option<String>>> = Rc::default();
    for phase in PHASES {
        let set = RewritePatternSet::new(context);
        for &(root_name, rewrite, generated) in phase.iter() {
            set.add(pattern(context, root_name, rewrite, generated, error.clone()));
        }
        walk_and_apply_patterns(root, set.freeze());
        if let Some(message) = error.borrow_mut().take() {
            return Err(message);
        }
    }
    Ok(())
}

/// Wraps a [`Rewrite`] as a melior op rewrite pattern; a failed or panicking
/// rewrite records its error (reported by [`run`]) and leaves the IR alone.
fn pattern(
    context: &Context,
    root_name: &'static str,
    rewrite: Rewrite,
    generated: &[&str],
    error: Rc<RefCell<Option<String>>>,
) -> RewritePattern {
    create_op_rewrite_pattern(
        root_name,
        1,
        context,
        move |_, raw_op, raw_rewriter| {
            let op = unsafe { OperationRef::from_raw(raw_op) };
            let rewriter = unsafe { PatternRewriter::from_raw(raw_rewriter) };
            let context = unsafe { op.context().to_ref() };
            match guard(|| rewrite(context, op, &rewriter)) {
                Ok(values) => {
                    rewriter.as_rewriter_base().replace_op_with_values(op, &values);
                    true
                }
                Err(message) => {
                    error.borrow_mut().get_or_insert(format!("cute-desugar: {message}"));
                    false
                }
            }
        },
        generated,
    )
}

/// Inserts `op` at the rewriter's insertion point; returns its single result.
fn insert<'c, 'a>(rewriter: &PatternRewriter, op: Operation<'c>) -> Result<Value<'c, 'a>, String> {
    let base = rewriter.as_rewriter_base();
    let raw = base.insert(op).result(0).map_err(|e| e.to_string())?.to_raw();
    // The op now belongs to the enclosing block, not to the rewriter borrow.
    Ok(unsafe { Value::from_raw(raw) })
}

fn result_type<'c>(op: OperationRef<'c, '_>) -> Result<Type<'c>, String> {
    Ok(op.result(0).map_err(|e| e.to_string())?.r#type())
}

/// `cute.make_shape` / `cute.make_stride` → `cute.make_int_tuple` of the same
/// (kind-tagged) result type and operands.
fn rewrite_tuple_sugar<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let leaves: Vec<Value> = op.operands().collect();
    let tuple = ops::cute::make_int_tuple(context, result_type(op)?, &leaves, op.location());
    Ok(vec![insert(rewriter, tuple.into())?])
}

/// `cute.make_layout(shape = (..), stride = (..))` → a shape tuple, a stride
/// tuple and `cute.make_layout_raw`, preserving operand order.
fn rewrite_make_layout<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let layout_type = result_type(op)?;
    let (_, layout) = type_spec(layout_type).ok_or("result is not a !cute.layout")?;
    let (shape, stride) = spec::split_layout(layout)?;
    let shape_leaves = spec::count_dynamic(SpecKind::Shape, &shape)?;
    let operands: Vec<Value> = op.operands().collect();
    if operands.len() < shape_leaves {
        return Err(format!("{} has fewer operands than dynamic shape leaves", op));
    }
    let (shape_ops, stride_ops) = operands.split_at(shape_leaves);
    let location: Location = op.location();
    let tuple = |kind: SpecKind, text: &str, leaves: &[Value<'c, 'a>]| -> Result<Value<'c, 'a>, String> {
        let ty = make_type(context, kind, text)?;
        insert(rewriter, ops::cute::make_int_tuple(context, ty, leaves, location).into())
    };
    let shape_value = tuple(SpecKind::Shape, &shape, shape_ops)?;
    let stride_value = tuple(SpecKind::Stride, &stride, stride_ops)?;
    let raw = ops::cute::make_layout_raw(context, shape_value, stride_value, location);
    Ok(vec![insert(rewriter, raw.into())?])
}

/// `cute.make_composed_layout %outer {swizzle = [B, M, S], offset = O}` →
/// `cute.make_swizzle B, M, S`, `cute.make_int_tuple() : !cute.int_tuple<"O">`
/// and `cute.make_composed_layout_raw` (inner = swizzle, outer = value layout).
fn rewrite_make_composed_layout<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let result = result_type(op)?;
    let (_, text) = type_spec(result).ok_or("result is not a !cute.composed_layout")?;
    let composed = spec::parse_checked_composed(text)?;
    let location = op.location();
    let i64_attr = |v: i64| IntegerAttribute::new(Type::parse(context, "i64").expect("i64"), v);
    let sw = &composed.swizzle;
    let swizzle = insert(
        rewriter,
        ops::cute::make_swizzle(
            context,
            i64_attr(sw.bits.into()),
            i64_attr(sw.base.into()),
            i64_attr(sw.shift.into()),
            location,
        )
        .into(),
    )?;
    let offset_type = make_type(context, SpecKind::IntTuple, &composed.offset.to_string())?;
    let offset = insert(rewriter, ops::cute::make_int_tuple(context, offset_type, &[], location).into())?;
    let outer = op.operand(0).map_err(|e| e.to_string())?;
    let raw = ops::cute::make_composed_layout_raw(context, outer, swizzle, offset, location);
    Ok(vec![insert(rewriter, raw.into())?])
}

/// `cute.compose` (spec 000) → `cute.composition` (the CuTe name).
fn rewrite_compose<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let operand = |i| op.operand(i).map_err(|e| e.to_string());
    let new = ops::cute::composition(context, operand(0)?, operand(1)?, op.location());
    Ok(vec![insert(rewriter, new.into())?])
}

/// `cute.equal %a, %b` → shape equality `andi` stride equality (spec 002).
fn rewrite_equal<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let location = op.location();
    let i1 = result_type(op)?;
    let mut parts = Vec::new();
    for i in 0..2 {
        let layout = op.operand(i).map_err(|e| e.to_string())?;
        let shape = insert(rewriter, ops::cute::get_shape(context, layout, location).into())?;
        let stride = insert(rewriter, ops::cute::get_stride(context, layout, location).into())?;
        parts.push((shape, stride));
    }
    let shapes_equal = insert(rewriter, ops::cute::tuple_eq(context, i1, parts[0].0, parts[1].0, location).into())?;
    let strides_equal = insert(rewriter, ops::cute::tuple_eq(context, i1, parts[0].1, parts[1].1, location).into())?;
    let and = melior::dialect::arith::andi(shapes_equal, strides_equal, location);
    Ok(vec![insert(rewriter, and)?])
}

/// `cute.make_tensor %iter, %layout` → `cute.make_view` (spec 002 view construction).
fn rewrite_make_tensor<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let operand = |i| op.operand(i).map_err(|e| e.to_string());
    let view = ops::cute::make_view(context, result_type(op)?, operand(0)?, operand(1)?, op.location());
    Ok(vec![insert(rewriter, view.into())?])
}
