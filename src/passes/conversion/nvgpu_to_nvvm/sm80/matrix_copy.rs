//! `ldsm<m8n8.xN[.trans]>` (`ldmatrix`, SM75) and `stsm` (`stmatrix`, SM90)
//! in CuTe's per-lane form (`SM75_U32xN_LDSM_N` / `SM75_U16x2N_LDSM_T`):
//! the shared-memory side of a lane is the row it addresses, 8 contiguous
//! 16-bit elements (128 bits); the register side is the lane's `2N` values,
//! two per 32-bit register in value order. `.trans` changes what lands in
//! the registers, not the addressing.

use crate::passes::conversion::cute_to_llvm::memory::cute_value;
use crate::passes::conversion::cute_to_llvm::values::{Builder, CuteValue};
use super::super::{aligned_runs, call_atom, check_swizzle_keeps, static_size, value_addresses, view_layout};
use crate::dialect::nvgpu::Atom;
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    dialect::llvm::{self, LoadStoreOptions},
    ir::{
        attribute::{DenseI64ArrayAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{ld_st_matrix_shape, Nvvm, nvvm};

pub fn lower<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let Some(atom @ Atom::MatrixCopy { store, num, trans, .. }) = call_atom(op)? else {
        return Err(PatternError::NoMatch);
    };
    let (src_values, dst_values) = crate::dialect::nvgpu::copy::instance_values(&atom).ok_or("a matrix copy has fixed instance sizes")?;
    let (row, per_lane) = if store { (dst_values, src_values) } else { (src_values, dst_values) };
    let b = Builder::new(context, rewriter, op.location());
    let name = if store { "stmatrix" } else { "ldmatrix" };
    let (src, dst) = (op.operand(1)?, op.operand(2)?);
    let (smem, regs) = if store { (dst, src) } else { (src, dst) };
    if static_size(smem, "the shared-memory row")? != row || !aligned_runs(&view_layout(smem)?, row) {
        return Err(format!(
            "{name}: a lane addresses one row of {row} contiguous 16-bit elements, got the shared-memory view {}",
            smem.r#type()
        )
        .into());
    }
    check_swizzle_keeps(smem, 16, name)?;
    let values = static_size(regs, "the register fragment")?;
    if values != per_lane {
        return Err(format!("{name}.x{num} moves {per_lane} values per lane, got the fragment {}", regs.r#type()).into());
    }
    if !matches!(cute_value(regs)?, CuteValue::View(5, ..)) {
        return Err(format!("{name}: the register side must be in registers (rmem), got {}", regs.r#type()).into());
    }
    let row = value_addresses(&b, smem, &[0])?.remove(0);
    let i32_type: Type = IntegerType::new(context, 32).into();
    let common = [
        (Identifier::new(context, "layout"), nvvm(context, Nvvm::MmaLayout, if trans { "col" } else { "row" })?),
        (Identifier::new(context, "shape"), ld_st_matrix_shape(b.context, 8, 8)?),
        (Identifier::new(context, "eltType"), nvvm(b.context, Nvvm::LdStMatrixEltType, "b16")?),
    ];
    let pairs: Vec<i64> = (0..i64::from(num)).map(|j| 2 * j).collect();
    let pair_contiguous = aligned_runs(&view_layout(regs)?, 2);
    if store {
        let words = (0..pairs.len()).map(|j| read_pair(&b, regs, 2 * j as i64, pair_contiguous)).collect::<Result<Vec<_>, _>>()?;
        let mut operands = vec![row];
        operands.extend(words);
        let stmatrix = OperationBuilder::new("nvvm.stmatrix", b.location).add_operands(&operands).add_attributes(&common).build()?;
        rewriter.as_rewriter_base().insert(stmatrix);
        return Ok(Vec::new());
    }
    let result: Type = if num == 1 {
        i32_type
    } else {
        llvm::r#type::r#struct(context, &vec![i32_type; num as usize], false)
    };
    let mut attributes = common.to_vec();
    attributes.push((Identifier::new(context, "num"), IntegerAttribute::new(i32_type, i64::from(num)).into()));
    let loaded = b.insert(
        OperationBuilder::new("nvvm.ldmatrix", b.location).add_operands(&[row]).add_attributes(&attributes).add_results(&[result]).build()?,
    )?;
    for j in 0..num as i64 {
        let word = if num == 1 {
            loaded
        } else {
            b.insert(llvm::extract_value(context, loaded, DenseI64ArrayAttribute::new(context, &[j]), i32_type, b.location))?
        };
        write_pair(&b, rewriter, regs, 2 * j, word, pair_contiguous)?;
    }
    Ok(Vec::new())
}

/// Values `i`, `i + 1` of a register view as one 32-bit word (low half
/// first).
fn read_pair<'c, 'a>(
    b: &Builder<'c, '_>,
    regs: Value<'c, 'a>,
    i: i64,
    contiguous: bool,
) -> Result<Value<'c, 'a>, PatternError> {
    let (i32_type, i16_type): (Type, Type) = (IntegerType::new(b.context, 32).into(), IntegerType::new(b.context, 16).into());
    let load = |ptr, ty| b.insert(llvm::load(b.context, ptr, ty, b.location, LoadStoreOptions::new()));
    if contiguous {
        return load(value_addresses(b, regs, &[i])?.remove(0), i32_type);
    }
    let halves = value_addresses(b, regs, &[i, i + 1])?;
    let (lo, hi) = (load(halves[0], i16_type)?, load(halves[1], i16_type)?);
    let (lo, hi) = (b.cast_int("llvm.zext", lo, i32_type)?, b.cast_int("llvm.zext", hi, i32_type)?);
    let sixteen = b.int(i32_type, 16)?;
    let hi = b.bin("llvm.shl", hi, sixteen)?;
    b.bin("llvm.or", lo, hi)
}

/// Stores a 32-bit word into values `i`, `i + 1` of a register view.
fn write_pair<'c, 'a>(
    b: &Builder<'c, '_>,
    rewriter: &PatternRewriter,
    regs: Value<'c, 'a>,
    i: i64,
    word: Value<'c, 'a>,
    contiguous: bool,
) -> Result<(), PatternError> {
    let store = |value, ptr| {
        rewriter.as_rewriter_base().insert(llvm::store(b.context, value, ptr, b.location, LoadStoreOptions::new()));
    };
    if contiguous {
        store(word, value_addresses(b, regs, &[i])?.remove(0));
        return Ok(());
    }
    let i16_type: Type = IntegerType::new(b.context, 16).into();
    let halves = value_addresses(b, regs, &[i, i + 1])?;
    let sixteen = b.int(word.r#type(), 16)?;
    let hi = b.bin("llvm.lshr", word, sixteen)?;
    store(b.cast_int("llvm.trunc", word, i16_type)?, halves[0]);
    store(b.cast_int("llvm.trunc", hi, i16_type)?, halves[1]);
    Ok(())
}
