//! `sm100.mma` (UMMA, dense, `ss` and `ts`): one `nvvm.tcgen05.mma` per atom
//! instance, issued by the calling thread (CuTe issues UMMAs from one
//! elected thread): the UMMA descriptors of the A (`ss`; `ts`: A's
//! tensor-memory address) and B shared tiles
//! (`layout::gmma::make_umma_desc`, start address from the view), the
//! instruction descriptor (`nvgpu::umma::instr_desc`, a constant), the
//! tensor-memory accumulator D (= C), and enable-input-d from the call's
//! `accumulate` flag (true without one). Completion is the kernel's:
//! `cute_nvgpu.arch.sm100.commit %mbar` (CuTe's `umma_arrive`).

use crate::passes::conversion::cute_to_llvm::memory::{cute_value, view_ptr};
use crate::passes::conversion::cute_to_llvm::values::{Builder, CuteValue};
use super::super::call_atom;
use crate::dialect::nvgpu::{
    atom::{FragKind, Major, MmaFamily},
    umma, Atom,
};
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    ir::{
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{Nvvm, nvvm};

pub fn lower<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let Some(Atom::Mma(p)) = call_atom(op)? else { return Err(PatternError::NoMatch) };
    if !p.family.is_umma() {
        return Err(PatternError::NoMatch);
    }
    if !super::super::tmem::on_tensor_memory_chip(op) {
        return Err(PatternError::NoMatch);
    }
    let b = Builder::new(context, rewriter, op.location());
    let (d, a, bv) = (op.operand(1)?, op.operand(2)?, op.operand(3)?);
    let segments = super::super::segments(op)?;
    // The sparsity metadata (segment 5) and the A and B scale factors
    // (segment 6), in tensor memory: their addresses.
    let tmem_address = |v: Value<'c, 'a>, what: &str| -> Result<Value<'c, 'a>, PatternError> {
        if !matches!(cute_value(v)?, CuteValue::View(6, ..)) {
            return Err(format!("the UMMA's {what} live in tensor memory; got {}", v.r#type()).into());
        }
        view_ptr(&b, v)
    };
    let metadata = if segments.get(5) == Some(&1) { Some(tmem_address(op.operand(5)?, "sparsity metadata")?) } else { None };
    let first_scale = 5 + segments.get(5).copied().unwrap_or(0);
    let scales = if segments.get(6) == Some(&2) {
        Some((tmem_address(op.operand(first_scale)?, "scale factors")?, tmem_address(op.operand(first_scale + 1)?, "scale factors")?))
    } else {
        None
    };
    // enable-input-d: the call's accumulate flag (segment 7), else true.
    let has_flag = segments.get(7) == Some(&1);
    let accumulate = if has_flag {
        op.operand(op.operand_count() - 1)?
    } else {
        b.int(IntegerType::new(context, 1).into(), 1)?
    };
    if !matches!(cute_value(d)?, CuteValue::View(6, ..)) {
        return Err(format!("a UMMA accumulates in tensor memory; D is {}", d.r#type()).into());
    }
    let tmem = view_ptr(&b, d)?;
    issue(&b, rewriter, &p, a, bv, tmem, accumulate, metadata, scales)?;
    Ok(Vec::new())
}

/// One `tcgen05.mma` of atom `p`: A and B shared tiles (their UMMA
/// descriptors), the TMEM accumulator address, enable-input-d; the sparse
/// atoms' metadata and the block-scaled atoms' scale factors (TMEM
/// addresses). The instruction descriptor is CuTe's `make_instr_desc`
/// (`make_instr_desc_block_scaled` for block-scaled atoms), a constant;
/// M = 256 is the CTA-pair instruction.
#[allow(clippy::too_many_arguments)]
fn issue<'c, 'a>(
    b: &Builder<'c, '_>,
    rewriter: &PatternRewriter,
    p: &crate::dialect::nvgpu::Mma<'c>,
    a: Value<'c, 'a>,
    bv: Value<'c, 'a>,
    tmem: Value<'c, 'a>,
    accumulate: Value<'c, 'a>,
    metadata: Option<Value<'c, 'a>>,
    scales: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
) -> Result<(), PatternError> {
    let context = b.context;
    // ss: A's shared-memory descriptor; ts: A's tensor-memory address.
    let desc_a = if p.frag == FragKind::Ts {
        if !matches!(cute_value(a)?, CuteValue::View(6, ..)) {
            return Err(format!("a ts UMMA reads A from tensor memory; A is {}", a.r#type()).into());
        }
        view_ptr(b, a)?
    } else {
        super::super::wgmma::matrix_descriptor(b, a, p.a_major, "A", true)?
    };
    let desc_b = super::super::wgmma::matrix_descriptor(b, bv, p.b_major, "B", true)?;
    let name = |t: Type| t.to_string();
    let (a_name, b_name, c_name) = (name(p.a), name(p.b), name(p.c));
    let sparse = matches!(p.family, MmaFamily::Sm100Sp | MmaFamily::Sm100BsSp);
    let (word, kind, block_scale) = if p.family.has_scale() {
        let sf_name = p.sf_type.map(name).ok_or("a block-scaled UMMA without its scale-factor type")?;
        let fields = umma::BlockScaledFields {
            a: &a_name,
            b: &b_name,
            sf: &sf_name,
            sf_vec: p.sf_vec,
            m: p.m,
            n: p.n,
            a_mn_major: p.a_major == Major::Mn,
            b_mn_major: p.b_major == Major::Mn,
            sparse,
        };
        let (kind, block, _, _) = umma::block_scaled_kind(&a_name, &b_name, p.sf_vec)?;
        (umma::instr_desc_block_scaled(&fields)?, kind, block)
    } else {
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
            sparse,
        };
        let (kind, _) = umma::kind_and_format(&a_name).ok_or("a UMMA element type")?;
        (umma::instr_desc(&fields)?, kind, "")
    };
    let i32_type: Type = IntegerType::new(context, 32).into();
    let idesc = b.int(i32_type, i64::from(word))?;
    let mma = super::super::tcgen05::MmaIssue {
        d: tmem,
        a: desc_a,
        b: desc_b,
        idesc,
        enable: accumulate,
        metadata,
        scales,
        kind: kind.to_string(),
        block_scale: block_scale.to_string(),
        cta_group: crate::dialect::nvgpu::mma::umma_cta_group(p),
    };
    super::super::tcgen05::emit_mma(b, rewriter, &mma)
}

/// The UMMA payload `cute_nvgpu.atom %a, %b, %tmem, %mbar` of the IMMA atom
/// rewriter: one `tcgen05.mma` of the shared tiles into the tensor-memory
/// accumulator (D = A * B: the payload is one whole MMA on a fresh
/// accumulator), then `tcgen05.commit` to the mbarrier. Its result is the
/// stateless atom.
pub fn lower_payload<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let atom_type = op.result(0)?.r#type();
    let Some(Atom::Mma(p)) = Atom::of(atom_type) else { return Err(PatternError::NoMatch) };
    let umma = matches!(p.family, MmaFamily::Sm100 | MmaFamily::Sm100Sp | MmaFamily::Sm100Bs | MmaFamily::Sm100BsSp);
    if !umma || !super::super::tmem::on_tensor_memory_chip(op) {
        return Err(PatternError::NoMatch);
    }
    if p.family != MmaFamily::Sm100 {
        return Err(format!("the IMMA payload issues dense UMMAs; {atom_type} takes its metadata or scale factors through cute.mma_atom_call").into());
    }
    let b = Builder::new(context, rewriter, op.location());
    let (a, bv, tmem, mbar) = (op.operand(0)?, op.operand(1)?, op.operand(2)?, op.operand(3)?);
    let i1: Type = IntegerType::new(context, 1).into();
    let overwrite = b.int(i1, 0)?;
    issue(&b, rewriter, &p, a, bv, super::super::pointer(&b, tmem)?, overwrite, None, None)?;
    let bar = super::super::pointer(&b, mbar)?;
    rewriter.as_rewriter_base().insert(
        OperationBuilder::new("nvvm.tcgen05.commit", b.location)
            .add_operands(&[bar])
            .add_attributes(&[(Identifier::new(context, "group"), nvvm(b.context, Nvvm::CtaGroup, "cta_1")?)])
            .build()?,
    );
    let empty = b.insert(melior::dialect::llvm::undef(melior::dialect::llvm::r#type::r#struct(context, &[], false), b.location))?;
    Ok(vec![b.cast(empty, atom_type)?])
}

/// `cute_nvgpu.mbarrier.init %ticks` (spec 000's IMMA rewriter): a fresh
/// shared-memory mbarrier (a module global), initialized with `ticks`
/// arrivals and fenced for the async proxy; its address. Lowered before the
/// patterns, since it adds a global to the module.
pub fn lower_mbarrier_allocations<'c>(context: &'c Context, root: OperationRef<'c, '_>) -> Result<(), crate::passes::rewrite::PassError> {
    use melior::ir::block::BlockLike;
    let inits = crate::passes::rewrite::collect_ops(root, |op| op.name().as_string_ref().as_str() == Ok("cute_nvgpu.mbarrier.init"));
    for raw in inits {
        // SAFETY: collected from the live IR; each is erased once, here.
        let op = unsafe { OperationRef::from_raw(raw) };
        let fail = |e: String| super::super::failed_nvgpu(op, format!("mbarrier.init: {e}"));
        let body = crate::passes::conversion::cute_to_llvm::storage::enclosing_body(op, &["gpu.module", "builtin.module"], "a module")?;
        let name = crate::passes::conversion::cute_to_llvm::storage::fresh_name(&body, "__cute_mbarrier_");
        let i64_type: Type = IntegerType::new(context, 64).into();
        let location = op.location();
        body.insert_operation(0, crate::passes::conversion::cute_to_llvm::storage::shared_global(context, location, &name, i64_type, crate::passes::conversion::cute_to_llvm::storage::Linkage::Internal, 8));
        let block = op.block().ok_or_else(|| fail("outside a block".into()))?;
        let build = |builder: OperationBuilder<'c>| builder.build().map_err(|e| fail(e.to_string()));
        let address = block.insert_operation_before(op, crate::passes::conversion::cute_to_llvm::storage::shared_address(context, location, &name));
        let address: Value = address.result(0).map_err(|e| fail(e.to_string()))?.into();
        let ticks = op.operand(0).map_err(|e| fail(e.to_string()))?;
        block.insert_operation_before(op, build(OperationBuilder::new("nvvm.mbarrier.init", location).add_operands(&[address, ticks]))?);
        block.insert_operation_before(op, build(OperationBuilder::new("nvvm.fence.mbarrier.init", location))?);
        let ty = op.result(0).map_err(|e| fail(e.to_string()))?.r#type();
        let cast = block.insert_operation_before(op, build(OperationBuilder::new("builtin.unrealized_conversion_cast", location).add_operands(&[address]).add_results(&[ty]))?);
        let result = op.result(0).map_err(|e| fail(e.to_string()))?;
        // SAFETY: live values; the op is erased once it has no uses.
        unsafe {
            mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), cast.result(0).map_err(|e| fail(e.to_string()))?.to_raw());
            mlir_sys::mlirOperationDestroy(op.to_raw());
        }
    }
    Ok(())
}
