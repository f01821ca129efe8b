//! Construction and inspection patterns of `cute-to-llvm`: the constant,
//! `make_int_tuple` (spec 002's hub: every tuple is built by it after
//! desugaring) and `get_leaves`, the way back to plain integers.

use super::values::{leaf_type, Builder, CuteValue};
use crate::dialect::SpecKind;
use crate::layout::Leaf;
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    ir::{operation::OperationLike, OperationRef, Value, ValueLike},
    Context, PatternRewriter,
};

fn result_value(op: OperationRef) -> Result<CuteValue, PatternError> {
    let ty = op.result(0)?.r#type();
    Ok(CuteValue::of(ty)?.ok_or("the result is not a cute value")?)
}

/// `cute.static`: the type's value as one constant (spec 000: "Static
/// layouts fold into a single LLVM constant").
pub fn lower_static<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let value = result_value(op)?;
    let ty = op.result(0)?.r#type();
    let lowered = match &value {
        CuteValue::Swizzle | CuteValue::Tile(_) | CuteValue::Atom => b.insert(melior::dialect::llvm::undef(value.llvm_type(context), b.location))?,
        _ => b.constant(&value)?,
    };
    Ok(vec![b.cast(lowered, ty)?])
}

/// `cute.make_int_tuple(%leaves...)`: one operand per `?` leaf, static
/// leaves from the type (the walk's insertvalue chain).
pub fn lower_make_int_tuple<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let value = result_value(op)?;
    let mut operands = op.operands();
    let mut fields = Vec::new();
    for leaf in value.leaves() {
        let ty = leaf_type(context, &leaf);
        fields.push(match leaf {
            Leaf::Int(v) => b.int(ty, v)?,
            Leaf::Dyn(_) => b.convert_int(operands.next().ok_or("fewer operands than run-time leaves")?, ty)?,
            // `_` (a slicing coordinate's kept mode) is structure, never read:
            // its field holds 0.
            Leaf::Underscore => b.int(ty, 0)?,
            other => return Err(format!("leaf `{other}` has no integer value to lower").into()),
        });
    }
    let packed = b.pack(&value, &fields)?;
    Ok(vec![b.cast(packed, op.result(0)?.r#type())?])
}

/// `cute.get_leaves %t`: each leaf, converted to its result's integer type.
pub fn lower_get_leaves<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let operand = op.operand(0)?;
    let value = CuteValue::of(operand.r#type())?.ok_or("the operand is not a cute value")?;
    let lowered = b.lowered(operand, &value)?;
    let fields = b.unpack(lowered, &value)?;
    op.results()
        .zip(fields)
        .map(|(result, field)| b.convert_int(field, result.r#type()))
        .collect()
}

/// `make_atom`, `make_tiled_copy`, `make_tiled_mma`: the empty payload (the
/// atom is its type).
pub fn lower_atom<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let CuteValue::Atom = result_value(op)? else {
        return Err(format!("{} is not an atom", op.result(0)?.r#type()).into());
    };
    // The value is its type, as a cute.static's.
    lower_static(context, op, rewriter)
}

/// `cute.tuple_eq %a, %b`: false when the trees differ (known statically),
/// else the conjunction of the leaves' equalities (`llvm.icmp eq`; a pair of
/// static leaves is decided here).
pub fn lower_tuple_eq<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let i1: melior::ir::Type = melior::ir::r#type::IntegerType::new(context, 1).into();
    let (lhs, rhs) = (op.operand(0)?, op.operand(1)?);
    let (Some(CuteValue::Tuple(_, a)), Some(CuteValue::Tuple(_, c))) = (CuteValue::of(lhs.r#type())?, CuteValue::of(rhs.r#type())?)
    else {
        return Err("tuple_eq expects two int-tuples".into());
    };
    if !same_tree(&a, &c) {
        return Ok(vec![b.int(i1, 0)?]);
    }
    let (la, lc) = (CuteValue::Tuple(SpecKind::IntTuple, a), CuteValue::Tuple(SpecKind::IntTuple, c));
    let (fa, fc) = (b.unpack(b.lowered(lhs, &la)?, &la)?, b.unpack(b.lowered(rhs, &lc)?, &lc)?);
    let mut all: Option<Value<'c, 'a>> = None;
    for ((x, y), (vx, vy)) in la.leaves().iter().zip(lc.leaves()).zip(fa.into_iter().zip(fc)) {
        let eq = match (x, &y) {
            (Leaf::Int(p), Leaf::Int(q)) if p == q => continue,
            (Leaf::Int(_), Leaf::Int(_)) => return Ok(vec![b.int(i1, 0)?]),
            _ => {
                let ty = if vx.r#type() == vy.r#type() { vx.r#type() } else { melior::ir::r#type::IntegerType::new(context, 64).into() };
                let (vx, vy) = (b.convert_int(vx, ty)?, b.convert_int(vy, ty)?);
                b.icmp_eq(vx, vy)?
            }
        };
        all = Some(match all {
            None => eq,
            Some(acc) => b.bin("llvm.and", acc, eq)?,
        });
    }
    Ok(vec![match all {
        Some(v) => v,
        None => b.int(i1, 1)?,
    }])
}

fn same_tree(a: &crate::layout::IntTuple, b: &crate::layout::IntTuple) -> bool {
    use crate::layout::IntTuple::{Leaf as L, Tuple as T};
    match (a, b) {
        (L(_), L(_)) => true,
        (T(x), T(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_tree(x, y)),
        _ => false,
    }
}
