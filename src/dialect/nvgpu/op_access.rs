//! Reading a `cute_nvgpu` op for its verifier: operand and result types,
//! type attributes, operand segments, pointers by address space, and the
//! mbarrier operand rule that several ops share. A leaf of the verifiers:
//! `ops_verify` and `tcgen05` both read ops through it.

use crate::dialect::{composite_parts, Composite};
use crate::ffi::abi::CuteAddressSpace;
use melior::ir::{attribute::TypeAttribute, operation::OperationLike, OperationRef, Type, ValueLike};

pub(super) fn operand<'c>(op: OperationRef<'c, '_>, i: usize) -> Result<Type<'c>, String> {
    Ok(op.operand(i).map_err(|e| e.to_string())?.r#type())
}

pub(super) fn result<'c>(op: OperationRef<'c, '_>, i: usize) -> Result<Type<'c>, String> {
    Ok(op.result(i).map_err(|e| e.to_string())?.r#type())
}

pub(super) fn type_attr<'c>(op: OperationRef<'c, '_>, name: &str) -> Result<Type<'c>, String> {
    let attr = op.attribute(name).map_err(|e| e.to_string())?;
    Ok(TypeAttribute::try_from(attr).map_err(|e| e.to_string())?.value())
}

/// A `!cute.ptr` in address space `space`, and its element type.
pub(super) fn ptr_in<'c>(ty: Type<'c>, space: CuteAddressSpace) -> Option<Type<'c>> {
    composite_parts(ty)
        .filter(|p| p.kind == Composite::Ptr && p.address_space == space.0)
        .and_then(|p| p.element)
}

pub(super) fn is_ptr_in(ty: Type, space: CuteAddressSpace) -> bool {
    ptr_in(ty, space).is_some()
}

pub(super) const TMEM: CuteAddressSpace = CuteAddressSpace::CUTE_AS_TMEM;
pub(super) const SMEM: CuteAddressSpace = CuteAddressSpace::CUTE_AS_SMEM;

/// The operand segment sizes of an AttrSizedOperandSegments op.
pub(super) fn segments(op: OperationRef) -> Result<Vec<i32>, String> {
    let attr = op.attribute("operandSegmentSizes").map_err(|e| e.to_string())?;
    let attr = melior::ir::attribute::DenseI32ArrayAttribute::try_from(attr).map_err(|e| e.to_string())?;
    Ok((0..attr.len()).map(|i| attr.element(i).unwrap_or(0)).collect())
}

/// An mbarrier is a 64-bit word in shared memory.
pub(super) fn verify_mbarrier_operand(op: OperationRef) -> Result<(), String> {
    let mbar = operand(op, 0)?;
    match ptr_in(mbar, SMEM) {
        Some(t) if t.to_string() == "i64" => Ok(()),
        _ => Err(format!("an mbarrier is an i64 in shared memory (!cute.ptr<i64, smem>), got {mbar}")),
    }
}
