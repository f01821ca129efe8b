//! `sm100.mma` (UMMA, dense, `ss`): one `nvvm.tcgen05.mma` per atom
//! instance, issued by the calling thread (CuTe issues UMMAs from one
//! elected thread): the UMMA descriptors of the A and B shared tiles
//! (`layout::gmma::make_umma_desc`, start address from the view), the
//! instruction descriptor (`nvgpu::umma::instr_desc`, a constant), the
//! tensor-memory accumulator D (= C), and enable-input-d from the call's
//! `accumulate` flag (true without one). Completion is the kernel's:
//! `cute_nvgpu.arch.sm100.commit %mbar` (CuTe's `umma_arrive`).

use super::super::memory::{cute_value, view_ptr};
use super::super::values::{Builder, CuteValue};
use super::{attribute, call_atom};
use crate::dialect::nvgpu::{
    atom::{FragKind, Major, MmaFamily},
    umma, Atom,
};
use crate::passes::rewrite::PatternError;
use melior::{
    ir::{
        attribute::DenseI32ArrayAttribute,
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};

pub fn lower<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    rewriter: &PatternRewriter,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let Some(Atom::Mma(p)) = call_atom(op)? else { return Err(PatternError::NoMatch) };
    if p.family != MmaFamily::Sm100 {
        return Err(PatternError::NoMatch);
    }
    if !crate::passes::check_target::enclosing_chip(op).is_some_and(|c| super::tmem::has_tensor_memory(&c)) {
        return Err(PatternError::NoMatch);
    }
    if p.frag != FragKind::Ss {
        return Err(format!("sm100.mma {}x{}x{} with A in tensor memory (ts) is not lowered yet (use ss)", p.m, p.n, p.k).into());
    }
    let b = Builder::new(context, rewriter, op.location());
    let (d, a, bv) = (op.operand(1)?, op.operand(2)?, op.operand(3)?);
    let desc_a = super::wgmma::matrix_descriptor(&b, a, p.a_major, "A", true)?;
    let desc_b = super::wgmma::matrix_descriptor(&b, bv, p.b_major, "B", true)?;
    if !matches!(cute_value(d)?, CuteValue::View(6, ..)) {
        return Err(format!("a UMMA accumulates in tensor memory; D is {}", d.r#type()).into());
    }
    let tmem = view_ptr(&b, d)?;
    let name = |t: Type| t.to_string();
    let (a_name, b_name, c_name) = (name(p.a), name(p.b), name(p.c));
    let fields = umma::InstrFields {
        a: &a_name,
        b: &b_name,
        c: &c_name,
        m: p.m,
        n: p.n,
        a_mn_major: p.a_major == Major::Mn,
        b_mn_major: p.b_major == Major::Mn,
        a_negate: false,
        b_negate: false,
        saturate: false,
    };
    let word = umma::instr_desc(&fields)?;
    let (kind, _) = umma::kind_and_format(&a_name).ok_or("a UMMA element type")?;
    let i32_type: Type = IntegerType::new(context, 32).into();
    let idesc = b.int(i32_type, i64::from(word))?;
    // enable-input-d: the call's accumulate flag (segment 7), else true.
    let segments = DenseI32ArrayAttribute::try_from(op.attribute("operandSegmentSizes")?).map_err(|e| e.to_string())?;
    let has_flag = segments.len() > 7 && segments.element(7).unwrap_or(0) == 1;
    let accumulate = if has_flag {
        op.operand(op.operand_count() - 1)?
    } else {
        b.int(IntegerType::new(context, 1).into(), 1)?
    };
    let id = |n: &str| Identifier::new(context, n);
    rewriter.as_rewriter_base().insert(
        OperationBuilder::new("nvvm.tcgen05.mma", b.location)
            .add_operands(&[tmem, desc_a, desc_b, idesc, accumulate])
            .add_attributes(&[
                (id("kind"), attribute(&b, &format!("#nvvm.tcgen05_mma_kind<{kind}>"))?),
                (id("ctaGroup"), attribute(&b, "#nvvm.cta_group<cta_1>")?),
                (id("collectorOp"), attribute(&b, "#nvvm.tcgen05_mma_collectorop<discard>")?),
                (id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, 1, 1, 1, 1, 0, 0]).into()),
            ])
            .build()?,
    );
    Ok(Vec::new())
}
