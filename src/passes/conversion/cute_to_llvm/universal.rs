//! The target-neutral atoms (spec 003's universal atoms).
//!
//! `universal_copy<T>`: every element of the source view to the same
//! element of the destination view, in the widest vector the two views
//! allow (contiguous, aligned, at most 128 bits: CuTe's
//! `AutoVectorizingCopy`), else element by element. Element offsets come from
//! the views' layouts through the Rust algebra (`derive`).

use super::memory::{cute_value, element_type, storage_type};
use super::values::{Builder, CuteValue};
use super::atom_operands::{call_atom, aligned_runs, value_addresses};
use crate::dialect::{composite_parts, nvgpu::Atom, types::storage_bits};
use crate::layout;
use crate::passes::rewrite::{Lowered, PatternError};
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

pub fn lower_copy_atom_call<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let Some(Atom::UniversalCopy { value }) = call_atom(op)? else {
        // Another atom kind: its own pattern (issue 11) lowers it.
        return Err(PatternError::NoMatch);
    };
    let b = Builder::new(context, rewriter, op.location());
    let (src, dst) = (op.operand(1)?, op.operand(2)?);
    let (CuteValue::View(_, src_layout, src_swizzle), CuteValue::View(_, dst_layout, dst_swizzle)) =
        (cute_value(src)?, cute_value(dst)?)
    else {
        return Err("universal_copy expects two views".into());
    };
    let n = layout::size(&src_layout).ok().and_then(|s| s.as_int()).ok_or("the copied view has a run-time size")?;
    if n > MAX_ELEMENTS {
        return Err(format!("universal_copy of {n} elements (at most {MAX_ELEMENTS} are unrolled)").into());
    }
    // A sub-byte element is packed (two i4 a byte in CuTe's
    // subbyte_iterator): it is moved only in chunks of whole bytes, as
    // bit-packed vectors (element 0 in the low bits, as CuTe packs them).
    // One element at a time would rewrite its neighbours (the emulator
    // showed an si4 MMA fragment filled so computing the wrong product).
    let bits = i64::from(storage_bits(value));
    let align = |v: Value| {
        let parts = composite_parts(v.r#type()).and_then(|p| p.iterator).and_then(composite_parts);
        parts.map(|p| p.alignment as i64).filter(|&a| a > 0).unwrap_or((bits / 8).max(1))
    };
    // The vector width: a power of two dividing n whose runs are contiguous
    // in both views, within both pointers' alignment and at most 128 bits;
    // a swizzle keeps runs of 2^base elements together.
    let mut limit = (128 / bits).min(align(src).min(align(dst)) * 8 / bits).max(1);
    for (_, base) in [src_swizzle, dst_swizzle].into_iter().flatten().map(|(s, _)| ((), s.base)) {
        limit = limit.min(1i64 << base.min(62));
    }
    let mut width = 1i64;
    while width * 2 <= limit && n % (width * 2) == 0 && aligned_runs(&src_layout, width * 2) && aligned_runs(&dst_layout, width * 2) {
        width *= 2;
    }
    if (width * bits) % 8 != 0 {
        return Err(format!(
            "universal_copy of {value}: {bits}-bit elements are packed several a byte and are moved in whole bytes, but these views give contiguous runs of only {width} element(s)"
        )
        .into());
    }
    let starts: Vec<i64> = (0..n).step_by(width as usize).collect();
    let (from, to) = (value_addresses(&b, src, &starts)?, value_addresses(&b, dst, &starts)?);
    let value = storage_type(context, value);
    let chunk_type: Type = if width == 1 {
        value
    } else {
        super::values::vector_type(value, width as i64)
    };
    let i64_type: Type = IntegerType::new(context, 64).into();
    // A power of two (a chunk of packed 6-bit elements is 3 bytes per 4).
    let alignment = 1i64 << (width * bits / 8).trailing_zeros();
    let options = || LoadStoreOptions::new().align(Some(IntegerAttribute::new(i64_type, alignment)));
    for (from, to) in from.into_iter().zip(to) {
        let x = b.insert(llvm::load(context, from, chunk_type, b.location, options()))?;
        rewriter.as_rewriter_base().insert(llvm::store(context, x, to, b.location, options()));
    }
    Ok(Vec::new())
}

/// `universal_fma<A, B, C>` (CuTe's `UniversalFMA`, a 1x1x1 MMA): `D = A * B
/// + C` on one element of each operand view (`llvm.intr.fma` for floats,
/// multiply-add for integers). A call over bigger fragments is a tiled gemm,
/// which is not this atom's (issue 11's partitioned gemm).
pub fn lower_mma_atom_call<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let Some(Atom::UniversalFma { c: accumulator, .. }) = call_atom(op)? else {
        return Err(PatternError::NoMatch);
    };
    let b = Builder::new(context, rewriter, op.location());
    let views: Vec<Value<'c, 'a>> = (1..5).map(|i| op.operand(i)).collect::<Result<_, _>>()?;
    let mut addresses = Vec::new();
    for &v in &views {
        let CuteValue::View(_, l, _) = cute_value(v)? else {
            return Err("universal_fma operands must be views".into());
        };
        if layout::size(&l).ok().and_then(|s| s.as_int()) != Some(1) {
            return Err(format!(
                "universal_fma takes one element per operand, got the view layout {l} (a gemm over fragments partitions them first)"
            )
            .into());
        }
        addresses.push((value_addresses(&b, v, &[0])?.remove(0), element_type(v.r#type())?));
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
