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
//! | `cute.equal` | layouts: `get_shape`/`get_stride` × 2, `tuple_eq` × 2, `arith.andi`; tuples: `tuple_eq` |
//! | `cute.make_atom` | the same atom with its interface's bundle (`atom` attribute) |
//! | `cute.print` | `gpu.printf` of static notation; an `scf.for` over a view's coordinates |
//! | `cute.make_fragment_like` | `cute.alloc_rmem` + `cute.static` layout + `cute.make_view` |
//! | `cute.fill` | one `cute.store` per element, at static coordinates |
//! | `cute.copy` | one `cute.copy_atom_call` per rest coordinate, on `cute.local_tile` slices (with `pred(...)`: each coordinate's predicate byte, and `scf.if` around atoms without a zero fill) |
//! | `cute.gemm` | one `cute.mma_atom_call` per `(m, n, k)`, k outermost, on `cute.local_tile` slices |

use crate::dialect::{atoms, composite_parts, make_type, ops, spec, type_spec, Composite, SpecKind};
use crate::passes::rewrite::{Lowered, PassError, Pattern, PatternError, apply_phases, insert};
use melior::{
    ir::{
        attribute::IntegerAttribute, operation::OperationLike, Location, Operation, OperationRef, Type,
        Value, ValueLike,
    },
    Context, PatternRewriter,
};

mod print;
mod unroll;

use print::rewrite_print;
use unroll::{rewrite_copy, rewrite_fill, rewrite_gemm, rewrite_make_fragment_like, rewrite_predicated_copy_call};

/// Name of the attribute holding the bundle a rebuilt `cute.make_atom` carries.
pub const ATOM_BUNDLE: &str = "atom";

/// `docs/Passes.md`'s example (tests/docs.rs runs it).
pub const EXAMPLE_BEFORE: &str = r#"
func.func @tile(%m: index, %ld: i32) -> (!cute.shape<"(?,8)">, !cute.layout<"(?,8):(?,1)">) {
  %s = cute.make_shape(%m) : (index) -> !cute.shape<"(?,8)">
  %l = cute.make_layout(shape = (%m : index), stride = (%ld : i32)) : !cute.layout<"(?,8):(?,1)">
  return %s, %l : !cute.shape<"(?,8)">, !cute.layout<"(?,8):(?,1)">
}"#;
pub const EXAMPLE_AFTER: &str = r#"
module {
  func.func @tile(%arg0: index, %arg1: i32) -> (!cute.shape<"(?,8)">, !cute.layout<"(?,8):(?,1)">) {
    %0 = cute.make_int_tuple(%arg0) : (index) -> !cute.shape<"(?,8)">
    %1 = cute.make_int_tuple(%arg0) : (index) -> !cute.shape<"(?,8)">
    %2 = cute.make_int_tuple(%arg1) : (i32) -> !cute.stride<"(?,1)">
    %3 = cute.make_layout_raw %1, %2 : (!cute.shape<"(?,8)">, !cute.stride<"(?,1)">) -> !cute.layout<"(?,8):(?,1)">
    return %0, %3 : !cute.shape<"(?,8)">, !cute.layout<"(?,8):(?,1)">
  }
}"#;

/// The phases, in order; each is one walk over the IR.
/// True if `cute-desugar` rewrites ops named `name` (so an unlowered one
/// means the pass did not run, or declined it).
pub fn rewrites(name: &str) -> bool {
    PHASES.iter().flat_map(|phase| phase.iter()).any(|p| p.root == name)
}

const PHASES: &[&[Pattern]] = &[
    // Phase 1: shape-eval.
    &[
        Pattern { root: "cute.make_int_tuple", rewrite: rewrite_make_int_tuple, generated: &["cute.make_int_tuple", "cute.get_leaves"] },
        Pattern { root: "cute.make_shape", rewrite: rewrite_tuple_sugar, generated: &["cute.make_int_tuple", "cute.get_leaves"] },
        Pattern { root: "cute.make_coord", rewrite: rewrite_tuple_sugar, generated: &["cute.make_int_tuple", "cute.get_leaves"] },
        Pattern { root: "cute.make_tile", rewrite: rewrite_tuple_sugar, generated: &["cute.make_int_tuple", "cute.get_leaves"] },
    ],
    // Phase 2: stride-eval.
    &[Pattern { root: "cute.make_stride", rewrite: rewrite_tuple_sugar, generated: &["cute.make_int_tuple", "cute.get_leaves"] }],
    // Phase 3: layout, composed layout, equality construction.
    &[
        Pattern { root: "cute.make_layout", rewrite: rewrite_make_layout, generated: &["cute.make_int_tuple", "cute.make_layout_raw"] },
        Pattern { root: "cute.make_composed_layout", rewrite: rewrite_make_composed_layout, generated: &["cute.make_swizzle", "cute.make_int_tuple", "cute.make_composed_layout_raw"] },
        Pattern { root: "cute.compose", rewrite: rewrite_compose, generated: &["cute.composition"] },
        Pattern { root: "cute.make_tensor", rewrite: rewrite_make_tensor, generated: &["cute.make_view"] },
        Pattern { root: "cute.equal", rewrite: rewrite_equal, generated: &["cute.get_shape", "cute.get_stride", "cute.tuple_eq", "arith.andi"] },
        Pattern { root: "cute.get_scalars", rewrite: rewrite_get_scalars, generated: &["cute.get_leaves", "cute.get_shape", "cute.get_stride", "arith.constant"] },
        Pattern { root: "cute.get_leaves", rewrite: rewrite_typed_get_leaves, generated: &["cute.get", "cute.get_layouts_from_tile"] },
        Pattern { root: "cute.elem_less", rewrite: rewrite_elem_less, generated: &["cute.get_leaves", "arith.cmpi", "arith.andi", "arith.constant"] },
        Pattern {
            root: "cute.increment_coord",
            rewrite: rewrite_increment_coord,
            generated: &["cute.get_leaves", "arith.addi", "arith.cmpi", "arith.select", "arith.constant", "cute.make_int_tuple"],
        },
        Pattern { root: "cute.print", rewrite: rewrite_print, generated: &["gpu.printf", "scf.for", "cute.load"] },
        Pattern { root: "cute.make_atom", rewrite: rewrite_make_atom, generated: &["cute.make_atom"] },
        Pattern { root: "cute.make_fragment_like", rewrite: rewrite_make_fragment_like, generated: &["cute.alloc_rmem", "cute.static", "cute.make_view"] },
        Pattern { root: "cute.fill", rewrite: rewrite_fill, generated: &["cute.static", "cute.store"] },
        Pattern { root: "cute.copy", rewrite: rewrite_copy, generated: &["cute.static", "cute.local_tile", "cute.copy_atom_call", "cute.make_atom", "cute.load", "arith.constant", "arith.cmpi"] },
        Pattern {
            root: "cute.gemm",
            rewrite: rewrite_gemm,
            generated: &["cute.static", "cute.local_tile", "cute.mma_atom_call", "cute.make_atom", "arith.constant"],
        },
    ],
    // Last phase: the predicated atom calls the unrolled copies made (and
    // the user's own), under scf.if where the atom has no zero-fill form.
    &[Pattern { root: "cute.copy_atom_call", rewrite: rewrite_predicated_copy_call, generated: &["cute.copy_atom_call", "scf.if", "scf.yield"] }],
];

/// Runs the desugar pass on `root`.
pub fn run(root: OperationRef) -> Result<(), PassError> {
    apply_phases(root, "cute-desugar", PHASES)
}

fn result_type<'c>(op: OperationRef<'c, '_>) -> Result<Type<'c>, PatternError> {
    Ok(op.result(0)?.r#type())
}

/// `cute.make_shape` / `cute.make_stride` → `cute.make_int_tuple` of the same
/// (kind-tagged) result type and operands.
fn rewrite_tuple_sugar<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let leaves = integer_leaves(context, rewriter, op)?;
    let tuple = ops::cute::make_int_tuple(context, result_type(op)?, &leaves, op.location());
    Ok(vec![insert(rewriter, tuple.into())?])
}

/// The operands of a tuple constructor as integers: a scalar int-tuple
/// operand is read with `cute.get_leaves` (i64 for a `?{i64}` leaf, else
/// i32).
fn integer_leaves<'c, 'a>(
    context: &'c Context,
    rewriter: &PatternRewriter,
    op: OperationRef<'c, 'a>,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    // The width of the leaf each operand fills (the verifier checked that
    // a tuple operand's leaf has it).
    let (result_kind, result_text) = type_spec(result_type(op)?).ok_or("a cute tuple result")?;
    let widths = spec::dynamic_leaf_widths(result_kind, result_text)?;
    op.operands()
        .zip(widths)
        .map(|(v, width)| {
            if type_spec(v.r#type()).is_none() {
                return Ok(v);
            }
            let int: Type<'c> = melior::ir::r#type::IntegerType::new(context, width).into();
            insert(rewriter, ops::cute::get_leaves(context, &[int], v, op.location()).into())
        })
        .collect()
}

/// `cute.make_int_tuple` with scalar int-tuple operands → the same with
/// their integers; integer operands only: final (no match).
fn rewrite_make_int_tuple<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    if op.operands().all(|v| type_spec(v.r#type()).is_none()) {
        return Err(PatternError::NoMatch);
    }
    rewrite_tuple_sugar(context, op, rewriter)
}

/// `cute.make_layout(shape = (..), stride = (..))` → a shape tuple, a stride
/// tuple and `cute.make_layout_raw`, preserving operand order.
fn rewrite_make_layout<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let layout_type = result_type(op)?;
    // NVIDIA's spelling: the shape and stride tuples are already there.
    if op.operand_count() == 2 && type_spec(op.operand(0)?.r#type()).is_some() {
        let raw = ops::cute::make_layout_raw(context, op.operand(0)?, op.operand(1)?, op.location());
        let value = insert(rewriter, raw.into())?;
        return Ok(vec![if value.r#type() == layout_type {
            value
        } else {
            insert(rewriter, melior::ir::operation::OperationBuilder::new("cute.derefine", op.location()).add_operands(&[value]).add_results(&[layout_type]).build().map_err(|e| e.to_string())?)?
        }]);
    }
    let (_, layout) = type_spec(layout_type).ok_or("result is not a !cute.layout")?;
    let (shape, stride) = spec::split_layout(layout)?;
    let shape_leaves = spec::count_dynamic(SpecKind::Shape, &shape)?;
    let operands: Vec<Value> = op.operands().collect();
    if operands.len() < shape_leaves {
        return Err(format!("{} has fewer operands than dynamic shape leaves", op).into());
    }
    let (shape_ops, stride_ops) = operands.split_at(shape_leaves);
    let location: Location = op.location();
    let tuple = |kind: SpecKind, text: &str, leaves: &[Value<'c, 'a>]| -> Result<Value<'c, 'a>, PatternError> {
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
fn rewrite_make_composed_layout<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let result = result_type(op)?;
    let (_, text) = type_spec(result).ok_or("result is not a !cute.composed_layout")?;
    let location = op.location();
    // NVIDIA's spelling: the parts are values already.
    if op.operand_count() == 3 {
        let (inner, offset, outer) = (op.operand(0)?, op.operand(1)?, op.operand(2)?);
        if !matches!(type_spec(inner.r#type()), Some((SpecKind::Swizzle, _))) || spec::parse_checked_composed(text).is_err() {
            return Err(format!("{result} has a layout inner part or a run-time offset, which has no lowering yet").into());
        }
        let raw = ops::cute::make_composed_layout_raw(context, outer, inner, offset, location);
        return Ok(vec![insert(rewriter, raw.into())?]);
    }
    let composed = spec::parse_checked_composed(text)?;
    let i64_attr = |v: i64| IntegerAttribute::new(melior::ir::r#type::IntegerType::new(context, 64).into(), v);
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
    let outer = op.operand(0)?;
    let raw = ops::cute::make_composed_layout_raw(context, outer, swizzle, offset, location);
    Ok(vec![insert(rewriter, raw.into())?])
}

/// `cute.compose` (spec 000) → `cute.composition` (the CuTe name).
fn rewrite_compose<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let operand = |i| op.operand(i).map_err(|e| e.to_string());
    let new = ops::cute::composition(context, operand(0)?, operand(1)?, op.location());
    Ok(vec![insert(rewriter, new.into())?])
}

/// `cute.equal(%a, %b)` → shape equality `andi` stride equality (spec 002),
/// of a view's layout for views; tuples → `cute.tuple_eq`.
fn rewrite_equal<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let location = op.location();
    let i1 = result_type(op)?;
    // Tuples compare directly.
    if crate::dialect::type_spec(op.operand(0)?.r#type()).is_some_and(|(kind, _)| kind.is_tuple()) {
        let eq = ops::cute::tuple_eq(context, i1, op.operand(0)?, op.operand(1)?, location);
        return Ok(vec![insert(rewriter, eq.into())?]);
    }
    let mut parts = Vec::new();
    for i in 0..2 {
        let mut layout = op.operand(i)?;
        // A view compares by its layout (spec 000's view equality).
        if let Some(parts) = crate::dialect::composite_parts(layout.r#type()).filter(|p| p.kind == crate::dialect::Composite::View) {
            let layout_type = parts.layout.ok_or("a view without a layout type")?;
            layout = insert(rewriter, ops::cute::get_layout(context, layout_type, layout, location).into())?;
        }
        let shape = insert(rewriter, ops::cute::get_shape(context, layout, location).into())?;
        let stride = insert(rewriter, ops::cute::get_stride(context, layout, location).into())?;
        parts.push((shape, stride));
    }
    let shapes_equal = insert(rewriter, ops::cute::tuple_eq(context, i1, parts[0].0, parts[1].0, location).into())?;
    let strides_equal = insert(rewriter, ops::cute::tuple_eq(context, i1, parts[0].1, parts[1].1, location).into())?;
    let and = melior::dialect::arith::andi(shapes_equal, strides_equal, location);
    Ok(vec![insert(rewriter, and)?])
}

/// The integer leaves of a tuple value as `index` values (`cute.get_leaves`).
fn index_leaves<'c, 'a>(context: &'c Context, rewriter: &PatternRewriter, value: Value<'c, 'a>, location: Location<'c>) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let (kind, text) = crate::dialect::type_spec(value.r#type()).ok_or("expects a cute tuple")?;
    let tuple = spec::parse_checked_tuple(kind, text)?;
    // Static leaves are constants (they fold with what uses them).
    let statics: Option<Vec<i64>> = tuple.leaves().iter().map(|l| match l { crate::layout::Leaf::Int(v) => Some(*v), _ => None }).collect();
    if let Some(values) = statics {
        let index = Type::index(context);
        return values
            .into_iter()
            .map(|v| insert(rewriter, melior::dialect::arith::constant(context, melior::ir::attribute::IntegerAttribute::new(index, v).into(), location)))
            .collect();
    }
    let leaves = tuple.leaves().len();
    let base = rewriter.as_rewriter_base();
    let read = base.insert(ops::cute::get_leaves(context, &vec![Type::index(context); leaves], value, location).into());
    // SAFETY: results of the op just inserted, live as long as its block.
    (0..leaves).map(|i| read.result(i).map(|r| unsafe { Value::from_raw(r.to_raw()) }).map_err(|e| e.to_string().into())).collect()
}

/// `cute.get_scalars`: its static scalars become `arith.constant`s, the
/// run-time ones are read with `cute.get_leaves` (of the tuple, or of the
/// layout's `get_shape` / `get_stride`). A composed layout or swizzle
/// reaching here is static (a run-time composed layout's leaves are not
/// read yet).
fn rewrite_get_scalars<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use melior::dialect::arith;
    let location = op.location();
    let value = op.operand(0)?;
    let (kind, text) = crate::dialect::type_spec(value.r#type()).ok_or("get_scalars of a cute value")?;
    let only_dynamic = op.attribute("only_dynamic").is_ok();
    let scalars = crate::dialect::infer::scalars((kind, text), only_dynamic)?;
    if kind == SpecKind::Tile && scalars.iter().any(|(v, _)| v.is_none()) {
        return Err("get_scalars: the run-time leaves of a tile are not read yet (run-time tiles have no lowering)".into());
    }
    // The run-time leaves, in order, from the tuples that hold them.
    let mut dynamic: Vec<Value<'c, 'a>> = Vec::new();
    if scalars.iter().any(|(v, _)| v.is_none()) {
        let tuples: Vec<Value<'c, 'a>> = match kind {
            SpecKind::Layout => vec![
                insert(rewriter, ops::cute::get_shape(context, value, location).into())?,
                insert(rewriter, ops::cute::get_stride(context, value, location).into())?,
            ],
            kind if kind.is_tuple() => vec![value],
            _ => return Err(format!("get_scalars: the run-time leaves of {} are not read yet", value.r#type()).into()),
        };
        for tuple in tuples {
            let (tk, tt) = crate::dialect::type_spec(tuple.r#type()).ok_or("a tuple")?;
            let leaves = spec::parse_checked_tuple(tk, tt)?;
            let leaves = leaves.leaves();
            let types: Vec<Type> = leaves
                .iter()
                .map(|l| match l {
                    crate::layout::Leaf::Dyn(d) if d.wide => melior::ir::r#type::IntegerType::new(context, 64).into(),
                    _ => melior::ir::r#type::IntegerType::new(context, 32).into(),
                })
                .collect();
            let base = rewriter.as_rewriter_base();
            let read = base.insert(ops::cute::get_leaves(context, &types, tuple, location).into());
            for (i, leaf) in leaves.iter().enumerate() {
                if matches!(leaf, crate::layout::Leaf::Dyn(_)) {
                    // SAFETY: a result of the op just inserted.
                    dynamic.push(unsafe { Value::from_raw(read.result(i).map_err(|e| e.to_string())?.to_raw()) });
                }
            }
        }
    }
    let mut dynamic = dynamic.into_iter();
    let mut results = Vec::with_capacity(scalars.len());
    for (i, (value, _)) in scalars.into_iter().enumerate() {
        let ty = op.result(i)?.r#type();
        results.push(match value {
            Some(v) => insert(rewriter, arith::constant(context, melior::ir::attribute::IntegerAttribute::new(ty, v).into(), location))?,
            None => dynamic.next().ok_or("a run-time scalar without its leaf")?,
        });
    }
    Ok(results)
}

/// `cute.elem_less(%a, %b)` → leaf-wise `arith.cmpi slt`, joined by
/// `arith.andi` (CuTe's elem_less; static leaves fold afterwards).
fn rewrite_elem_less<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use melior::dialect::arith;
    let location = op.location();
    let a = index_leaves(context, rewriter, op.operand(0)?, location)?;
    let b = index_leaves(context, rewriter, op.operand(1)?, location)?;
    let mut all = insert(rewriter, arith::constant(context, melior::ir::attribute::IntegerAttribute::new(melior::ir::r#type::IntegerType::new(context, 1).into(), 1).into(), location))?;
    for (x, y) in a.into_iter().zip(b) {
        let less = insert(rewriter, arith::cmpi(context, arith::CmpiPredicate::Slt, x, y, location))?;
        all = insert(rewriter, arith::andi(all, less, location))?;
    }
    Ok(vec![all])
}

/// NVIDIA's typed `cute.get_leaves(%t)` → `cute.get<[path]>` per leaf (a
/// leaf tuple is its own leaf), or `cute.get_layouts_from_tile` of a tile.
/// The integer spelling is final (no match).
fn rewrite_typed_get_leaves<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use melior::ir::operation::OperationBuilder;
    let location = op.location();
    let types: Vec<Type<'c>> = op.results().map(|r| r.r#type()).collect();
    use melior::ir::TypeLike;
    if types.iter().all(|t| t.is_index() || t.is_integer()) {
        return Err(PatternError::NoMatch);
    }
    let tuple = op.operand(0)?;
    let (kind, text) = type_spec(tuple.r#type()).ok_or("get_leaves expects a cute tuple")?;
    let build = |b: OperationBuilder<'c>| b.build().map_err(|e| PatternError::Failed(e.to_string()));
    if kind == SpecKind::Tile {
        // Static leaves (a tile's usually are, `_` always) are constants.
        let is_static = |t: &Type<'c>| type_spec(*t).is_some_and(|(k, text)| spec::is_static(k, text).unwrap_or(false));
        if types.iter().all(is_static) {
            return types.iter().map(|t| insert(rewriter, ops::cute::r#static(context, *t, location).into())).collect();
        }
        if types.iter().any(|t| type_spec(*t).is_some_and(|(k, _)| k == SpecKind::Tile)) {
            return Err(PatternError::Failed("get_leaves of a tile with run-time leaves and `_` slots is not lowered".into()));
        }
        let from_tile = OperationBuilder::new("cute.get_layouts_from_tile", location).add_operands(&[tuple]).add_results(&types);
        let base = rewriter.as_rewriter_base();
        let from_tile = base.insert(build(from_tile)?);
        // SAFETY: the op now belongs to the enclosing block (see `insert`).
        return Ok(from_tile.results().map(|r| unsafe { Value::from_raw(melior::ir::ValueLike::to_raw(&r)) }).collect());
    }
    let value = spec::parse_checked_tuple(kind, text)?;
    // The path of each leaf, in order.
    fn paths(t: &crate::layout::IntTuple, prefix: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        match t {
            crate::layout::IntTuple::Leaf(_) => out.push(prefix.clone()),
            crate::layout::IntTuple::Tuple(modes) => {
                for (i, m) in modes.iter().enumerate() {
                    prefix.push(i as i64);
                    paths(m, prefix, out);
                    prefix.pop();
                }
            }
        }
    }
    let mut leaf_paths: Vec<Vec<i64>> = Vec::new();
    paths(&value, &mut Vec::new(), &mut leaf_paths);
    let mut results = Vec::with_capacity(types.len());
    for (path, ty) in leaf_paths.iter().zip(&types) {
        if path.is_empty() {
            results.push(tuple);
            continue;
        }
        let path: Vec<i32> = path.iter().map(|&i| i as i32).collect();
        let mode = melior::ir::attribute::DenseI32ArrayAttribute::new(context, &path);
        let get = OperationBuilder::new("cute.get", location)
            .add_operands(&[tuple])
            .add_attributes(&[(melior::ir::Identifier::new(context, "mode"), mode.into())])
            .add_results(&[*ty]);
        results.push(insert(rewriter, build(get)?)?);
    }
    Ok(results)
}

/// `cute.increment_coord(%c, %s)` with run-time leaves → the carry chain
/// over the leaves (mode 0 fastest, the last leaf does not wrap), rebuilt
/// with `cute.make_int_tuple` into the result's all-dynamic coordinate.
fn rewrite_increment_coord<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use melior::dialect::arith;
    let location = op.location();
    let result = result_type(op)?;
    // A static successor (the inference computed it) is a constant.
    if crate::dialect::type_spec(result).is_some_and(|(kind, text)| spec::is_static(kind, text).unwrap_or(false)) {
        return Ok(vec![insert(rewriter, ops::cute::r#static(context, result, location).into())?]);
    }
    let digits = index_leaves(context, rewriter, op.operand(0)?, location)?;
    let extents = index_leaves(context, rewriter, op.operand(1)?, location)?;
    let index = Type::index(context);
    let constant = |v: i64| insert(rewriter, arith::constant(context, melior::ir::attribute::IntegerAttribute::new(index, v).into(), location));
    let (zero, one) = (constant(0)?, constant(1)?);
    let mut carry = one;
    let mut next = Vec::with_capacity(digits.len());
    let last = digits.len().saturating_sub(1);
    for (i, (d, e)) in digits.into_iter().zip(extents).enumerate() {
        let sum = insert(rewriter, arith::addi(d, carry, location))?;
        if i == last {
            next.push(sum);
            break;
        }
        let wraps = insert(rewriter, arith::cmpi(context, arith::CmpiPredicate::Sge, sum, e, location))?;
        next.push(insert(rewriter, arith::select(wraps, zero, sum, location))?);
        // The next digit gets 1 exactly when this one wrapped.
        carry = insert(rewriter, arith::select(wraps, one, zero, location))?;
    }
    let tuple = melior::ir::operation::OperationBuilder::new("cute.make_int_tuple", location).add_operands(&next).add_results(&[result]).build().map_err(|e| e.to_string())?;
    Ok(vec![insert(rewriter, tuple)?])
}

/// `cute.make_tensor %iter, %layout` → `cute.make_view` (spec 002 view construction).
fn rewrite_make_tensor<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let operand = |i| op.operand(i).map_err(|e| e.to_string());
    let view = ops::cute::make_view(context, result_type(op)?, operand(0)?, operand(1)?, op.location());
    Ok(vec![insert(rewriter, view.into())?])
}

/// `cute.make_atom : T` → `cute.make_atom : T {atom = {...}}` (spec 002
/// "make_atom with atom interface → result-type-driven rebuild"): the result
/// type's atom interface supplies the bundle — MMA shape and element types,
/// or copied type and width — so later passes read it without knowing `T`.
fn rewrite_make_atom<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    if op.has_attribute(ATOM_BUNDLE) {
        // Already rebuilt: keep it (the walk may visit the new op).
        return Err(PatternError::NoMatch);
    }
    let atom = result_type(op)?;
    let bundle = atoms::bundle_attribute(context, atom).ok_or_else(|| format!("{atom} does not implement an atom interface"))??;
    let operands: Vec<Value> = op.operands().collect();
    let rebuilt = melior::ir::operation::OperationBuilder::new("cute.make_atom", op.location())
        .add_operands(&operands)
        .add_results(&[atom])
        .add_attributes(&[(melior::ir::Identifier::new(context, ATOM_BUNDLE), bundle)])
        .build()
        ?;
    Ok(vec![insert(rewriter, rebuilt)?])
}
