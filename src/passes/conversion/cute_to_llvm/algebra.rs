//! The layout-algebra patterns of `cute-to-llvm`: one generic lowering, fed
//! by the same Rust algebra functions type inference calls.
//!
//! For an op `r = f(a, b, ...)`: its cute operands are read from their types
//! with every `?` leaf seeded as a run-time argument (`layout::symbolic`),
//! `f` runs under a recording, and each leaf of the result is then a static
//! integer (a constant), or an expression over the arguments that is
//! materialized as `arith` ops on the operands' LLVM fields. No pattern
//! computes layout math of its own; a result leaf the algebra did not derive
//! is reported, never guessed.

use std::collections::HashMap;

use super::values::{leaf_type, Builder, CuteValue};
use crate::dialect::{
    infer::{cosize_at, get_or_select, size_at, Part},
    SpecKind,
};
use crate::layout::{
    self,
    dynamic_tiling::{tile, Tiling},
    symbolic::{self, Expr, ExprId, Recording},
    tuple_ops::{slice_layout, tuple_arith, TupleOp},
    DivMode, DynInt, IntTuple, Layout, Leaf, Tiler,
};
use crate::passes::rewrite::PatternError;
use melior::{
    ir::{
        operation::OperationLike,
        r#type::IntegerType,
        OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};

/// An algebra function over the op's operands (seeded) and attributes.
pub type Compute = fn(&[CuteValue], OperationRef) -> Result<CuteValue, PatternError>;

/// Lowers `op` (one cute result) through `compute`.
pub fn lower<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
    compute: Compute,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let b = Builder::new(context, rewriter, op.location());
    let result = op.result(0)?;
    let declared = CuteValue::of(result.r#type())?.ok_or("the result is not a cute value")?;
    let operands: Vec<Value<'c, 'a>> = op.operands().collect();
    let mut fields = derive(&b, &operands, |seeded| Ok(vec![compute(seeded, op)?]), &[Some(declared.clone())])?;
    let packed = b.pack(&declared, &fields.remove(0))?;
    Ok(vec![b.cast(packed, result.r#type())?])
}

/// Runs `compute` on `operands` read from their types (every `?` leaf
/// seeded as a run-time argument) and materializes the leaves of each value
/// it returns: a constant for a static leaf, the recorded expression over
/// the operands' fields for a run-time one. Value `i` is checked against
/// `declared[i]` when given (and then takes its field types).
pub fn derive<'c, 'a>(
    b: &Builder<'c, '_>,
    operands: &[Value<'c, 'a>],
    compute: impl FnOnce(&[CuteValue]) -> Result<Vec<CuteValue>, PatternError>,
    declared: &[Option<CuteValue>],
) -> Result<Vec<Vec<Value<'c, 'a>>>, PatternError> {
    let mut recording = Recording::start();
    let mut seeded = Vec::new();
    let mut args: Vec<Value<'c, 'a>> = Vec::new();
    for &operand in operands {
        let Some(value) = CuteValue::of(operand.r#type())? else {
            // Plain integers (offsets, thread indices) are seeded as leaves.
            // (an i64 operand is a wide leaf, computed in 64 bits).
            let wide = IntegerType::try_from(operand.r#type()).is_ok_and(|t| t.width() == 64);
            let leaf = Leaf::Dyn(DynInt { wide, ..DynInt::UNKNOWN });
            seeded.push(CuteValue::Tuple(SpecKind::IntTuple, symbolic::seed(&IntTuple::Leaf(leaf), &mut recording)));
            args.push(operand);
            continue;
        };
        let lowered = b.lowered(operand, &value)?;
        // Arguments are the `?` leaves, in leaf order (as `seeded` numbers them).
        args.extend(b.unpack_where(lowered, &value, |l| matches!(l, Leaf::Dyn(_)))?.into_iter().flatten());
        seeded.push(value.seeded(&mut recording));
    }
    let computed = compute(&seeded);
    let tape = recording.finish();
    let computed = computed?;
    let mut materializer = Materializer { b, tape: &tape, args: &args, memo: HashMap::new(), magic: HashMap::new() };
    let mut out = Vec::new();
    for (i, value) in computed.iter().enumerate() {
        let (leaves, types) = match declared.get(i).and_then(Option::as_ref) {
            Some(d) => (conform(value, d)?, d.leaves()),
            None => (value.leaves(), value.leaves()),
        };
        let mut fields = Vec::new();
        for (k, (leaf, type_leaf)) in leaves.iter().zip(types).enumerate() {
            let ty = leaf_type(b.context, &type_leaf);
            fields.push(match leaf {
                Leaf::Int(v) => b.int(ty, *v)?,
                Leaf::Dyn(d) if d.expr != 0 => materializer.value(d.expr, ty)?,
                Leaf::Basis(_) if super::values::static_field(leaf).is_some() => {
                    b.int(ty, super::values::static_field(leaf).unwrap_or_default())?
                }
                _ => {
                    return Err(format!(
                        "leaf #{k} of {} is run-time, and the algebra does not derive it from the operands yet",
                        show(value)
                    )
                    .into())
                }
            });
        }
        out.push(fields);
    }
    Ok(out)
}

/// The computed leaves, checked against the declared result: the same tree,
/// and every static leaf of the declaration computed to that value (a
/// declared `?` may be computed static: the constant is its value).
fn conform(computed: &CuteValue, declared: &CuteValue) -> Result<Vec<Leaf>, String> {
    let same_tree = match (computed, declared) {
        (CuteValue::Tuple(_, a), CuteValue::Tuple(_, b)) => congruent(a, b),
        (CuteValue::Layout(a), CuteValue::Layout(b)) | (CuteValue::View(_, a, _), CuteValue::View(_, b, _)) => {
            congruent(a.shape(), b.shape()) && congruent(a.stride(), b.stride())
        }
        (CuteValue::CoordView(x, a), CuteValue::CoordView(y, b)) => {
            congruent(x, y) && congruent(a.shape(), b.shape()) && congruent(a.stride(), b.stride())
        }
        _ => false,
    };
    let mismatch = || format!("the algebra gives {} where the result type says {}", show(computed), show(declared));
    if !same_tree {
        return Err(mismatch());
    }
    let mut leaves = computed.leaves();
    let declared_leaves = declared.leaves();
    // The stride of an extent-1 mode is never observed (issue 27 item 4):
    // inference may fold it to 0 where CuTe's run-time algorithm keeps a
    // value, so such a stride is whatever the result type says.
    let unobservable = extent_one_strides(computed, declared);
    for (k, (c, d)) in leaves.iter_mut().zip(&declared_leaves).enumerate() {
        match (&*c, d) {
            _ if unobservable.get(k).copied().unwrap_or(false) => {
                *c = match d {
                    Leaf::Int(_) => d.clone(),
                    _ if matches!(c, Leaf::Dyn(x) if x.expr == 0) => Leaf::Int(0),
                    _ => c.clone(),
                }
            }
            (_, Leaf::Dyn(_)) => {}
            (Leaf::Int(x), Leaf::Int(y)) if x == y => {}
            (Leaf::Basis(x), Leaf::Basis(y)) if x == y => {}
            _ => return Err(mismatch()),
        }
    }
    Ok(leaves)
}

/// For each leaf of a layout or view value (shape leaves, then stride
/// leaves), whether it is the stride of a mode whose extent is statically 1
/// in the computed or the declared value; congruence is already checked.
fn extent_one_strides(computed: &CuteValue, declared: &CuteValue) -> Vec<bool> {
    // A coordinate view's iterator leaves come first.
    let (a, b, skip) = match (computed, declared) {
        (CuteValue::Layout(a), CuteValue::Layout(b)) | (CuteValue::View(_, a, _), CuteValue::View(_, b, _)) => (a, b, 0),
        (CuteValue::CoordView(origin, a), CuteValue::CoordView(_, b)) => (a, b, origin.leaves().len()),
        _ => return Vec::new(),
    };
    let (mut sa, mut sb) = (Vec::new(), Vec::new());
    a.shape().leaves_into(&mut sa);
    b.shape().leaves_into(&mut sb);
    let ones: Vec<bool> =
        sa.iter().zip(&sb).map(|(x, y)| matches!(x, Leaf::Int(1)) || matches!(y, Leaf::Int(1))).collect();
    let mut out = vec![false; skip + ones.len()];
    out.extend(ones);
    out
}

fn show(v: &CuteValue) -> String {
    match v {
        CuteValue::Tuple(_, t) => t.to_string(),
        CuteValue::Layout(l) | CuteValue::View(_, l, _) => l.to_string(),
        CuteValue::CoordView(origin, l) => format!("coordinates from {origin} over {l}"),
        other => format!("{other:?}"),
    }
}

fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    match (a, b) {
        (IntTuple::Leaf(_), IntTuple::Leaf(_)) => true,
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| congruent(x, y)),
        _ => false,
    }
}

/// Emits the tape's expressions as `arith` ops, each once per width.
struct Materializer<'b, 'c, 'r, 'a> {
    b: &'b Builder<'c, 'r>,
    tape: &'b [Expr],
    args: &'b [Value<'c, 'a>],
    memo: HashMap<(ExprId, u32), Value<'c, 'a>>,
    /// FastDivmod multiplier, shift and `d == 1` per run-time divisor.
    magic: HashMap<ExprId, (Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>)>,
}

impl<'c, 'a> Materializer<'_, 'c, '_, 'a> {
    fn value(&mut self, id: ExprId, ty: Type<'c>) -> Result<Value<'c, 'a>, PatternError> {
        let width = IntegerType::try_from(ty).map(|t| t.width()).unwrap_or(32);
        if let Some(v) = self.memo.get(&(id, width)) {
            return Ok(*v);
        }
        let e = *self.tape.get((id as usize).wrapping_sub(1)).ok_or("internal error: expression id out of range")?;
        let v = match e {
            Expr::Arg(n) => {
                let arg = *self.args.get(n as usize).ok_or("internal error: argument out of range")?;
                self.b.convert_int(arg, ty)?
            }
            Expr::Const(c) => self.b.int(ty, c)?,
            Expr::Div(x, y) | Expr::Mod(x, y) if width == 32 && !matches!(self.expr(y)?, Expr::Const(_)) => {
                // Division by a run-time extent: CuTe's FastDivmod.
                let (xv, yv) = (self.value(x, ty)?, self.value(y, ty)?);
                let q = self.fast_quotient(y, xv, yv)?;
                if let Expr::Div(..) = e {
                    q
                } else {
                    let qd = self.b.bin("llvm.mul", q, yv)?;
                    self.b.bin("llvm.sub", xv, qd)?
                }
            }
            Expr::Add(x, y) | Expr::Sub(x, y) | Expr::Mul(x, y) | Expr::Div(x, y) | Expr::Mod(x, y) => {
                let (x, y) = (self.value(x, ty)?, self.value(y, ty)?);
                self.b.bin(match e {
                    Expr::Add(..) => "llvm.add",
                    Expr::Sub(..) => "llvm.sub",
                    Expr::Mul(..) => "llvm.mul",
                    // Non-negative operands (shapes, coordinates, indices):
                    // C++'s `/` and `%`, which CuTe uses.
                    Expr::Div(..) => "llvm.sdiv",
                    _ => "llvm.srem",
                }, x, y)?
            }
            Expr::Min(x, y) => {
                let (x, y) = (self.value(x, ty)?, self.value(y, ty)?);
                self.b.bin("llvm.intr.smin", x, y)?
            }
            Expr::And(x, y) | Expr::Xor(x, y) | Expr::Shr(x, y) | Expr::Shl(x, y) => {
                let (x, y) = (self.value(x, ty)?, self.value(y, ty)?);
                self.b.bin(match e {
                    Expr::And(..) => "llvm.and",
                    Expr::Xor(..) => "llvm.xor",
                    Expr::Shr(..) => "llvm.lshr",
                    _ => "llvm.shl",
                }, x, y)?
            }
            Expr::CeilDiv(x, y) => {
                // (x + y - 1) / y for positive y (y - 1 folded when static).
                let ym1 = match self.expr(y)? {
                    Expr::Const(c) => self.b.int(ty, c - 1)?,
                    _ => {
                        let one = self.b.int(ty, 1)?;
                        self.b.bin("llvm.sub", self.value(y, ty)?, one)?
                    }
                };
                let (x, y) = (self.value(x, ty)?, self.value(y, ty)?);
                let sum = self.b.bin("llvm.add", x, ym1)?;
                self.b.bin("llvm.sdiv", sum, y)?
            }
        };
        self.memo.insert((id, width), v);
        Ok(v)
    }

    fn expr(&self, id: ExprId) -> Result<Expr, PatternError> {
        Ok(*self.tape.get((id as usize).wrapping_sub(1)).ok_or("internal error: expression id out of range")?)
    }

    /// `x / d` for a run-time `d > 0` and `0 <= x < 2^31`, as CUTLASS's
    /// `FastDivmod`: with `l = ceil(log2 d)`, the multiplier
    /// `m = ceil(2^(31+l) / d)` and shift `l - 1` are computed once per
    /// divisor (one 64-bit division, loop-invariant: LLVM hoists it), then
    /// each quotient is `umulhi(x, m) >> (l - 1)` (`x` itself when `d == 1`).
    fn fast_quotient(&mut self, divisor: ExprId, x: Value<'c, 'a>, d: Value<'c, 'a>) -> Result<Value<'c, 'a>, PatternError> {
        let loc = self.b.location;
        let i32t: Type<'c> = IntegerType::new(self.b.context, 32).into();
        let i64t: Type<'c> = IntegerType::new(self.b.context, 64).into();
        let (m, shift, is_one) = match self.magic.get(&divisor) {
            Some(magic) => *magic,
            None => {
                let b = self.b;
                let one = b.int(i32t, 1)?;
                let dm1 = b.bin("llvm.sub", d, one)?;
                let lz = b.insert(melior::dialect::llvm::intr_ctlz(b.context, dm1, false, i32t, loc))?;
                let c32 = b.int(i32t, 32)?;
                let l = b.bin("llvm.sub", c32, lz)?;
                let l64 = b.cast_int("llvm.zext", l, i64t)?;
                let d64 = b.cast_int("llvm.zext", d, i64t)?;
                let p = b.bin("llvm.add", l64, b.int(i64t, 31)?)?;
                let pow = b.bin("llvm.shl", b.int(i64t, 1)?, p)?;
                let dm1_64 = b.bin("llvm.sub", d64, b.int(i64t, 1)?)?;
                let num = b.bin("llvm.add", pow, dm1_64)?;
                let m64 = b.bin("llvm.udiv", num, d64)?;
                let m = b.cast_int("llvm.trunc", m64, i32t)?;
                let is_one = b.icmp_eq(d, one)?;
                let lm1 = b.bin("llvm.sub", l, one)?;
                let zero = b.int(i32t, 0)?;
                let shift = b.select(is_one, zero, lm1)?;
                self.magic.insert(divisor, (m, shift, is_one));
                (m, shift, is_one)
            }
        };
        // umulhi(x, m): the high half of the 64-bit product (NVPTX selects
        // mul.hi.u32 for it).
        let x64 = self.b.cast_int("llvm.zext", x, i64t)?;
        let m64 = self.b.cast_int("llvm.zext", m, i64t)?;
        let product = self.b.bin("llvm.mul", x64, m64)?;
        let c32 = self.b.int(i64t, 32)?;
        let high64 = self.b.bin("llvm.lshr", product, c32)?;
        let high = self.b.cast_int("llvm.trunc", high64, i32t)?;
        let q = self.b.bin("llvm.lshr", high, shift)?;
        self.b.select(is_one, x, q)
    }
}

// The algebra functions of the ops: each is the call inference makes.

fn layout_at(operands: &[CuteValue], i: usize) -> Result<&Layout, PatternError> {
    match operands.get(i) {
        Some(CuteValue::Layout(l)) => Ok(l),
        _ => Err(format!("operand #{i} must be a layout").into()),
    }
}

fn tuple_at(operands: &[CuteValue], i: usize) -> Result<(SpecKind, &IntTuple), PatternError> {
    match operands.get(i) {
        Some(CuteValue::Tuple(kind, t)) => Ok((*kind, t)),
        _ => Err(format!("operand #{i} must be an int-tuple").into()),
    }
}

fn tiler_at(operands: &[CuteValue], i: usize) -> Result<Tiler, PatternError> {
    match operands.get(i) {
        Some(CuteValue::Layout(l)) => Ok(Tiler::Layout(l.clone())),
        Some(CuteValue::Tuple(SpecKind::Shape, t)) => Ok(Tiler::Shape(t.clone())),
        Some(CuteValue::Tile(t)) => Ok(t.clone()),
        _ => Err(format!("operand #{i} must be a layout or a shape (by-mode tiles lower once their types are static)").into()),
    }
}

fn err(e: impl ToString) -> String {
    e.to_string()
}

/// `make_layout_raw(shape, stride)`.
pub fn make_layout(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (_, shape) = tuple_at(operands, 0)?;
    let (_, stride) = tuple_at(operands, 1)?;
    Ok(CuteValue::Layout(Layout::from_parts(shape.clone(), stride.clone())))
}

/// `make_identity_layout(shape)`: the shape over unit basis strides.
pub fn make_identity_layout(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (_, shape) = tuple_at(operands, 0)?;
    Ok(CuteValue::Layout(layout::make_identity_layout(shape).map_err(|e| e.to_string())?))
}

pub fn get_shape(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::Tuple(SpecKind::Shape, layout_at(operands, 0)?.shape().clone()))
}

pub fn get_stride(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::Tuple(SpecKind::Stride, layout_at(operands, 0)?.stride().clone()))
}

/// The operand itself (derefine and the kind conversions change the type only).
pub fn identity(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    operands.first().cloned().ok_or_else(|| "expects an operand".into())
}

fn tiling(operands: &[CuteValue], kind: Tiling) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::Layout(tile(kind, layout_at(operands, 0)?, &tiler_at(operands, 1)?).map_err(err)?))
}

pub fn composition(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    tiling(operands, Tiling::Composition)
}
pub fn logical_divide(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    tiling(operands, Tiling::LogicalDivide)
}
pub fn zipped_divide(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    tiling(operands, Tiling::ZippedDivide)
}
pub fn tiled_divide(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    tiling(operands, Tiling::TiledDivide)
}
pub fn flat_divide(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    tiling(operands, Tiling::FlatDivide)
}

/// `crd2idx(coord, layout)` (and NVIDIA's `layout_eval`): CuTe's inner
/// product of the coordinate with the strides.
pub fn crd2idx(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (_, coord) = tuple_at(operands, 0)?;
    // A shape stands for its compact column-major layout.
    let compact;
    let layout = match operands.get(1) {
        Some(CuteValue::Tuple(_, shape)) => {
            compact = layout::make_layout(shape).map_err(err)?;
            &compact
        }
        _ => layout_at(operands, 1)?,
    };
    let index = layout::crd2idx_tuple(coord, layout).map_err(err)?;
    Ok(CuteValue::Tuple(SpecKind::IntTuple, index))
}

fn arith_op(operands: &[CuteValue], op: TupleOp) -> Result<CuteValue, PatternError> {
    let (kind, a) = tuple_at(operands, 0)?;
    let (_, b) = tuple_at(operands, 1)?;
    Ok(CuteValue::Tuple(kind, tuple_arith(op, a, b).map_err(err)?))
}

pub fn tuple_add(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    arith_op(operands, TupleOp::Add)
}
pub fn tuple_sub(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    arith_op(operands, TupleOp::Sub)
}
pub fn tuple_mul(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    arith_op(operands, TupleOp::Mul)
}
pub fn tuple_div(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    arith_op(operands, TupleOp::Div)
}
pub fn tuple_mod(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    arith_op(operands, TupleOp::Mod)
}

/// The `mode` path attribute (`<[i, j]>`), empty when absent.
fn mode_path(op: OperationRef) -> Result<Vec<usize>, String> {
    let Ok(attribute) = op.attribute("mode") else { return Ok(Vec::new()) };
    let array = melior::ir::attribute::DenseI32ArrayAttribute::try_from(attribute)
        .map_err(|_| "the 'mode' attribute is not an i32 array".to_string())?;
    (0..array.len())
        .map(|i| {
            let v = array.element(i).map_err(|e| e.to_string())?;
            usize::try_from(v).map_err(|_| format!("mode index {v} is negative"))
        })
        .collect()
}

fn part(value: &CuteValue) -> Result<Part, PatternError> {
    match value {
        CuteValue::Layout(l) => Ok(Part::Layout(l.clone())),
        CuteValue::Tuple(_, t) => Ok(Part::Tuple(t.clone())),
        CuteValue::Tile(t) => Ok(Part::Tile(t.clone())),
        _ => Err("operand #0 must be a layout, an int-tuple or a tile".into()),
    }
}

/// `size<path>` of a layout or tuple (inference's `size_at`).
pub fn size(operands: &[CuteValue], op: OperationRef) -> Result<CuteValue, PatternError> {
    let value = operands.first().ok_or("expects an operand")?;
    Ok(CuteValue::Tuple(SpecKind::IntTuple, size_at("size", part(value)?, &mode_path(op)?)?))
}

/// `get<path>` / `select<modes>` (inference's `get_or_select`).
pub fn get_or_select_op(operands: &[CuteValue], op: OperationRef) -> Result<CuteValue, PatternError> {
    let value = operands.first().ok_or("expects an operand")?;
    let mnemonic = if op.name().as_string_ref().as_str() == Ok("cute.select") { "select" } else { "get" };
    Ok(match (get_or_select(mnemonic, part(value)?, &mode_path(op)?)?, value) {
        (Part::Layout(l), _) => CuteValue::Layout(l),
        (Part::Tuple(t), CuteValue::Tuple(kind, _)) => CuteValue::Tuple(*kind, t),
        (Part::Tuple(t), _) => CuteValue::Tuple(SpecKind::IntTuple, t),
        (Part::Tile(t), _) => CuteValue::Tile(t),
    })
}

pub fn ceil_div(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (kind, a) = tuple_at(operands, 0)?;
    if let Some(CuteValue::Tile(tile)) = operands.get(1) {
        return Ok(CuteValue::Tuple(kind, crate::dialect::infer::ceil_div_by_tile(a, tile)?));
    }
    let (_, b) = tuple_at(operands, 1)?;
    Ok(CuteValue::Tuple(kind, layout::ceil_div(a, b).map_err(err)?))
}

pub fn shape_div(operands: &[CuteValue], op: OperationRef) -> Result<CuteValue, PatternError> {
    let (_, a) = tuple_at(operands, 0)?;
    let (_, b) = tuple_at(operands, 1)?;
    let mode = match op.attribute("mode").ok().map(|a| a.to_string()) {
        None => DivMode::Cute,
        Some(m) if m.contains("ceil") => DivMode::Ceil,
        Some(m) if m.contains("floor") => DivMode::Floor,
        _ => DivMode::Exact,
    };
    Ok(CuteValue::Tuple(SpecKind::Shape, layout::shape_div(a, b, mode).map_err(err)?))
}

fn slice_or_dice(operands: &[CuteValue], keep: bool) -> Result<CuteValue, PatternError> {
    let (_, coord) = tuple_at(operands, 1)?;
    Ok(CuteValue::Layout(slice_layout(coord, layout_at(operands, 0)?, keep).map_err(err)?))
}

/// `slice(layout, coord)`: the modes where the coordinate is `_`.
pub fn slice(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    slice_or_dice(operands, true)
}

/// `dice(layout, coord)`: the modes where it is not.
pub fn dice(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    slice_or_dice(operands, false)
}

/// `coalesce(layout)` (and by profile): modes merge only where the algebra
/// proves it; a run-time stride keeps its mode.
pub fn coalesce(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let l = layout_at(operands, 0)?;
    let r = match operands.get(1) {
        Some(CuteValue::Tuple(_, profile)) => layout::coalesce_profile(l, profile),
        _ => layout::coalesce(l),
    };
    Ok(CuteValue::Layout(r.map_err(err)?))
}

pub fn filter_zeros(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::Layout(layout::filter_zeros(layout_at(operands, 0)?)))
}

pub fn filter(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::Layout(layout::filter(layout_at(operands, 0)?).map_err(err)?))
}

pub fn group_modes(operands: &[CuteValue], op: OperationRef) -> Result<CuteValue, PatternError> {
    let attr = |name: &str| -> Result<usize, PatternError> {
        let a = op.attribute(name).map_err(|_| format!("expects an integer attribute '{name}'"))?;
        let v = melior::ir::attribute::IntegerAttribute::try_from(a).map_err(|_| format!("'{name}' is not an integer"))?.value();
        usize::try_from(v).map_err(|_| format!("'{name}' must be non-negative").into())
    };
    Ok(CuteValue::Layout(layout::group_modes(layout_at(operands, 0)?, attr("begin")?, attr("end")?).map_err(err)?))
}

pub fn complement(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (_, cotarget) = tuple_at(operands, 1)?;
    Ok(CuteValue::Layout(layout::complement(layout_at(operands, 0)?, cotarget).map_err(err)?))
}

/// `idx2crd(index, shape)`: CuTe's col-major coordinate of an index.
pub fn idx2crd(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (_, index) = tuple_at(operands, 0)?;
    let (_, shape) = tuple_at(operands, 1)?;
    Ok(CuteValue::Tuple(SpecKind::Coord, layout::idx2crd_tuple(index, shape).map_err(err)?))
}

fn layout_result(r: Result<Layout, layout::LayoutError>) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::Layout(r.map_err(err)?))
}

pub fn cosize(operands: &[CuteValue], op: OperationRef) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::Tuple(SpecKind::IntTuple, cosize_at("cosize", layout_at(operands, 0)?.clone(), &mode_path(op)?)?))
}

pub fn flatten(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    match operands.first() {
        Some(CuteValue::Layout(l)) => Ok(CuteValue::Layout(layout::flatten(l))),
        Some(CuteValue::Tuple(kind, t)) => Ok(CuteValue::Tuple(*kind, t.flatten())),
        _ => Err("operand #0 must be a layout or an int-tuple".into()),
    }
}

/// `tuple_product` keeps the operand's kind (a shape's product is a shape).
pub fn tuple_product(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (kind, t) = tuple_at(operands, 0)?;
    Ok(CuteValue::Tuple(kind, layout::size_of(t).map_err(err)?))
}

pub fn tuple_product_each(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let (kind, t) = tuple_at(operands, 0)?;
    let each = match t {
        IntTuple::Tuple(modes) => IntTuple::Tuple(modes.iter().map(layout::size_of).collect::<Result<_, _>>().map_err(err)?),
        leaf => layout::size_of(leaf).map_err(err)?,
    };
    Ok(CuteValue::Tuple(kind, each))
}

pub fn right_inverse(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    layout_result(layout::right_inverse(layout_at(operands, 0)?))
}

pub fn left_inverse(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    layout_result(layout::left_inverse(layout_at(operands, 0)?))
}

pub fn logical_product(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    let a = layout_at(operands, 0)?;
    layout_result(match tiler_at(operands, 1)? {
        Tiler::Layout(b) => layout::logical_product(a, &b),
        tiler => layout::logical_product_tiler(a, &tiler),
    })
}

pub fn zipped_product(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    layout_result(layout::zipped_product(layout_at(operands, 0)?, &tiler_at(operands, 1)?))
}

pub fn tiled_product(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    layout_result(layout::tiled_product(layout_at(operands, 0)?, &tiler_at(operands, 1)?))
}

pub fn flat_product(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    layout_result(layout::flat_product(layout_at(operands, 0)?, &tiler_at(operands, 1)?))
}

pub fn blocked_product(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    layout_result(layout::blocked_product(layout_at(operands, 0)?, layout_at(operands, 1)?))
}

pub fn raked_product(operands: &[CuteValue], _: OperationRef) -> Result<CuteValue, PatternError> {
    layout_result(layout::raked_product(layout_at(operands, 0)?, layout_at(operands, 1)?))
}
