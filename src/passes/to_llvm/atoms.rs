//! Atom calls of the target-neutral atoms (spec 003's universal atoms), one
//! pattern per atom kind: an atom this file does not lower is left to the
//! SM-tier lowerings (issue 11), and the legality check names it.
//!
//! `universal_copy<T>`: every element of the source view to the same
//! element of the destination view, in the widest vector the two views
//! allow (contiguous, aligned, at most 128 bits: CuTe's
//! `AutoVectorizingCopy`), else element by element. Element offsets come from
//! the views' layouts through the Rust algebra (`derive`).

use super::algebra::derive;
use super::memory::{cute_value, element_type, gep, view_ptr};
use super::values::{Builder, CuteValue};
use crate::dialect::{composite_parts, nvgpu::Atom, types::bits_of, SpecKind};
use crate::layout::{self, IntTuple};
use crate::passes::rewrite::PatternError;
use melior::{
    dialect::llvm::{self, LoadStoreOptions},
    ir::{
        attribute::IntegerAttribute, operation::OperationLike, r#type::IntegerType, OperationRef, Type, Value,
        ValueLike,
    },
    Context, PatternRewriter,
};

/// Largest copy unrolled element by element.
const MAX_ELEMENTS: i64 = 1024;

pub fn lower_copy_atom_call<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let Some(Atom::UniversalCopy { value }) = call_atom(op)? else {
        // Another atom kind: its own pattern (issue 11) lowers it.
        return Err(PatternError::NoMatch);
    };
    let b = Builder::new(context, rewriter, op.location());
    let (src, dst) = (op.operand(1)?, op.operand(2)?);
    let (CuteValue::View(_, src_layout, None), CuteValue::View(_, dst_layout, None)) = (cute_value(src)?, cute_value(dst)?)
    else {
        return Err("universal_copy of swizzled views does not lower yet".into());
    };
    let n = layout::size(&src_layout).ok().and_then(|s| s.as_int()).ok_or("the copied view has a run-time size")?;
    if n > MAX_ELEMENTS {
        return Err(format!("universal_copy of {n} elements (at most {MAX_ELEMENTS} are unrolled)").into());
    }
    let bytes = (bits_of(value) / 8).max(1) as i64;
    // The vector width: contiguous in both views, within both pointers'
    // alignment, at most 128 bits, a power of two dividing n.
    let contiguous = |l: &layout::Layout| {
        layout::coalesce(l).map(|c| c.stride().as_int() == Some(1) || n == 1).unwrap_or(false)
    };
    let align = |v: Value| {
        let parts = composite_parts(v.r#type()).and_then(|p| p.iterator).and_then(composite_parts);
        parts.map(|p| p.alignment as i64).filter(|&a| a > 0).unwrap_or(bytes)
    };
    let mut width = 1i64;
    if contiguous(&src_layout) && contiguous(&dst_layout) {
        let limit = (16 / bytes).min(align(src).min(align(dst)) / bytes).max(1);
        while width * 2 <= limit && n % (width * 2) == 0 {
            width *= 2;
        }
    }
    // Offsets of the first element of each chunk, in both views.
    let starts: Vec<i64> = (0..n).step_by(width as usize).collect();
    let offsets = derive(
        &b,
        &[src, dst],
        |seeded| {
            let (CuteValue::View(_, s, _), CuteValue::View(_, d, _)) = (&seeded[0], &seeded[1]) else {
                return Err("expects two views".into());
            };
            let mut out = Vec::new();
            for l in [s, d] {
                for &i in &starts {
                    let index = layout::crd2idx_tuple(&IntTuple::int(i), l).map_err(|e| e.to_string())?;
                    out.push(CuteValue::Tuple(SpecKind::IntTuple, index));
                }
            }
            Ok(out)
        },
        &[],
    )?;
    let chunks = starts.len();
    let (src_ptr, dst_ptr) = (view_ptr(&b, src)?, view_ptr(&b, dst)?);
    let chunk_type: Type = if width == 1 {
        value
    } else {
        Type::parse(context, &format!("vector<{width}x{value}>")).ok_or("cannot build the vector type")?
    };
    let i64_type: Type = IntegerType::new(context, 64).into();
    let options = || LoadStoreOptions::new().align(Some(IntegerAttribute::new(i64_type, width * bytes)));
    for c in 0..chunks {
        let from = gep(&b, src_ptr, offsets[c][0], value)?;
        let to = gep(&b, dst_ptr, offsets[chunks + c][0], value)?;
        let x = b.insert(llvm::load(context, from, chunk_type, b.location, options()))?;
        rewriter.as_rewriter_base().insert(llvm::store(context, x, to, b.location, options()));
    }
    Ok(Vec::new())
}

/// The atom of an atom call (through its tiled copy or tiled MMA, if any).
fn call_atom<'c>(op: OperationRef<'c, '_>) -> Result<Option<Atom<'c>>, PatternError> {
    let ty = op.operand(0)?.r#type();
    Ok(Atom::of(composite_parts(ty).and_then(|p| p.atom).unwrap_or(ty)))
}

/// `universal_fma<A, B, C>` (CuTe's `UniversalFMA`, a 1x1x1 MMA): `D = A * B
/// + C` on one element of each operand view (`llvm.intr.fma` for floats,
/// multiply-add for integers). A call over bigger fragments is a tiled gemm,
/// which is not this atom's (issue 11's partitioned gemm).
pub fn lower_mma_atom_call<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let Some(Atom::UniversalFma { c: accumulator, .. }) = call_atom(op)? else {
        return Err(PatternError::NoMatch);
    };
    let b = Builder::new(context, rewriter, op.location());
    let views: Vec<Value<'c, 'a>> = (1..5).map(|i| op.operand(i)).collect::<Result<_, _>>()?;
    let mut addresses = Vec::new();
    for &v in &views {
        let CuteValue::View(_, l, None) = cute_value(v)? else {
            return Err("universal_fma operands must be plain views".into());
        };
        if layout::size(&l).ok().and_then(|s| s.as_int()) != Some(1) {
            return Err(format!(
                "universal_fma takes one element per operand, got the view layout {l} (a gemm over fragments partitions them first)"
            )
            .into());
        }
        addresses.push((view_ptr(&b, v)?, element_type(v.r#type())?));
    }
    let load = |(ptr, ty): (Value<'c, 'a>, Type<'c>)| b.insert(llvm::load(context, ptr, ty, b.location, LoadStoreOptions::new()));
    let (x, y, z) = (load(addresses[1])?, load(addresses[2])?, load(addresses[3])?);
    let result = if IntegerType::try_from(accumulator).is_err() {
        let fma = melior::ir::operation::OperationBuilder::new("llvm.intr.fma", b.location)
            .add_operands(&[x, y, z])
            .add_results(&[accumulator])
            .build()?;
        b.insert(fma)?
    } else {
        let product = b.bin("llvm.mul", x, y)?;
        b.bin("llvm.add", product, z)?
    };
    rewriter.as_rewriter_base().insert(llvm::store(context, result, addresses[0].0, b.location, LoadStoreOptions::new()));
    Ok(Vec::new())
}
