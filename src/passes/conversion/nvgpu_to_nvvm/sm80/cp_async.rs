//! `simt_async_copy<bytes, T>` (SM80 `cp.async`): each aligned run of
//! `bytes` of the source view (global memory) to the same values of the
//! destination view (shared memory), one `nvvm.cp.async.shared.global` per
//! run: `.ca` for 4 and 8 bytes, `.cg` (bypassing L1) for 16, the policy
//! the atom type derives from its width. Completion is the kernel's
//! business, as in CuTe: `nvvm.cp.async.commit.group` and
//! `nvvm.cp.async.wait.group N` (`cp_async_fence` / `cp_async_wait<N>`).
//! A predicated call (`pred(%p)`, copy_if) zero-fills when `%p` is false.

use crate::passes::conversion::cute_to_llvm::values::Builder;
use super::super::{aligned_runs, call_atom, check_swizzle_keeps, static_size, value_addresses, view_layout};
use crate::dialect::{nvgpu::Atom, types::storage_bits};
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    ir::{
        attribute::IntegerAttribute, operation::OperationBuilder, operation::OperationLike, r#type::IntegerType, Identifier,
        OperationRef,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{load_cache_modifier};

pub fn lower<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let Some(Atom::SimtAsyncCopy { bytes, element }) = call_atom(op)? else {
        return Err(PatternError::NoMatch);
    };
    let b = Builder::new(context, rewriter, op.location());
    let (src, dst) = (op.operand(1)?, op.operand(2)?);
    let bits = storage_bits(element);
    let per = i64::from(bytes * 8 / bits.max(1));
    let n = static_size(src, "the cp.async source")?;
    if n % per != 0 {
        return Err(format!("cp.async of {bytes} bytes moves {per} x {element}, but the source holds {n}").into());
    }
    for (role, v) in [("source", src), ("destination", dst)] {
        let l = view_layout(v)?;
        if !aligned_runs(&l, per) {
            return Err(format!("cp.async of {bytes} bytes needs runs of {per} contiguous, aligned values, but the {role} layout is {l}").into());
        }
    }
    check_swizzle_keeps(src, bytes, "cp.async")?;
    check_swizzle_keeps(dst, bytes, "cp.async")?;
    let starts: Vec<i64> = (0..n).step_by(per as usize).collect();
    let (from, to) = (value_addresses(&b, src, &starts)?, value_addresses(&b, dst, &starts)?);
    let cache = load_cache_modifier(context, if bytes == 16 { "cg" } else { "ca" })?;
    let i32_type = IntegerType::new(context, 32).into();
    let size = IntegerAttribute::new(i32_type, i64::from(bytes));
    // copy_if's predicate: src-size `bytes` or 0, which reads nothing and
    // zero-fills the destination (PTX ISA 9.7.9.25.3.1; CuTe's *_ZFILL).
    let src_size = match op.operand(3) {
        Ok(pred) => Some(b.select(pred, b.int(i32_type, i64::from(bytes))?, b.int(i32_type, 0)?)?),
        Err(_) => None,
    };
    for (from, to) in from.into_iter().zip(to) {
        let copy = OperationBuilder::new("nvvm.cp.async.shared.global", b.location)
            .add_operands(&[to, from])
            .add_operands(src_size.as_slice())
            .add_attributes(&[
                (Identifier::new(context, "size"), size.into()),
                (Identifier::new(context, "modifier"), cache),
            ])
            .build()?;
        rewriter.as_rewriter_base().insert(copy);
    }
    Ok(Vec::new())
}
