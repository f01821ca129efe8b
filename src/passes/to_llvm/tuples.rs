//! Construction and inspection patterns of `cute-to-llvm`: the constant,
//! `make_int_tuple` (spec 002's hub: every tuple is built by it after
//! desugaring) and `get_leaves`, the way back to plain integers.

use super::values::{leaf_type, Builder, CuteValue};
use crate::layout::Leaf;
use crate::passes::rewrite::PatternError;
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
pub fn lower_static<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let b = Builder { context, rewriter, location: op.location() };
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
pub fn lower_make_int_tuple<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let b = Builder { context, rewriter, location: op.location() };
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
pub fn lower_get_leaves<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let b = Builder { context, rewriter, location: op.location() };
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
pub fn lower_atom<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let b = Builder { context, rewriter, location: op.location() };
    let ty = op.result(0)?.r#type();
    let CuteValue::Atom = result_value(op)? else { return Err(format!("{ty} is not an atom").into()) };
    let payload = b.insert(melior::dialect::llvm::undef(CuteValue::Atom.llvm_type(context), b.location))?;
    Ok(vec![b.cast(payload, ty)?])
}
