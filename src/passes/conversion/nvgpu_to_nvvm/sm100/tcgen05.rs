//! The tcgen05 ops of `cute_nvgpu.arch.sm100.*` that map onto one PTX
//! tcgen05 instruction (spec 000's SM100 populator; the ten further ops are
//! listed in docs/nvgpu-decisions.md "The ten tcgen05 ops"). Shapes, kinds
//! and CTA groups come from `dialect::nvgpu::tcgen05`, which the verifiers
//! read too.
//!
//! | op | lowers to |
//! |---|---|
//! | `tmem_load` / `tmem_store` `{shape}` | `nvvm.tcgen05.ld` / `st` of the shape, `.num` from the register count, then `tcgen05.wait::ld` / `::st` |
//! | `load_b8x256` / `store_b8x256` | the same with shape 16x256b |
//! | `wait "load"/"store"`, `fence "before"/"after"` | `nvvm.tcgen05.wait`, `nvvm.tcgen05.fence` |
//! | `relinquish_alloc_permit`, `shift %tmem` | `nvvm.tcgen05.relinquish_alloc_permit`, `nvvm.tcgen05.shift` (`.down`) |
//! | `commit %mbar`, `commit_multicast %mbar, %mask` | `nvvm.tcgen05.commit` (with `multicast_mask`) |
//! | `arch.copy.SM100.copy_s2t %dst, %desc, %mbar {shape, multicast}` | `nvvm.tcgen05.cp` + `nvvm.tcgen05.commit` |
//! | `mma %d, %a, %b, %idesc, %enable [metadata] [scales] {kind}` | `nvvm.tcgen05.mma` / `.sp` / `.block_scale` / `.sp.block_scale` |
//!
//! Every pattern declines off a tensor-memory chip, so the legality check
//! names the op and the chip there.

use crate::passes::conversion::cute_to_llvm::values::Builder;
use super::super::tmem::on_tensor_memory_chip;
use super::super::pointer;
use crate::dialect::nvgpu::tcgen05::{self as facts, string_attr};
use crate::passes::rewrite::PatternError;
use melior::{
    ir::{
        attribute::{DenseI32ArrayAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Attribute, Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{Nvvm, nvvm};

fn group<'c>(b: &Builder<'c, '_>, cta_group: i64) -> Result<Attribute<'c>, PatternError> {
    nvvm(b.context, Nvvm::CtaGroup, &format!("cta_{cta_group}"))
}

fn tmem_chip(op: OperationRef) -> Result<(), PatternError> {
    if on_tensor_memory_chip(op) {
        Ok(())
    } else {
        Err(PatternError::NoMatch)
    }
}

/// The 32-bit register type of `registers` registers (`i32` for one).
pub(in crate::passes::conversion) fn register_type(context: &Context, registers: i64) -> Result<Type<'_>, PatternError> {
    if registers == 1 {
        Ok(IntegerType::new(context, 32).into())
    } else {
        Ok(crate::passes::conversion::cute_to_llvm::values::vector_type(IntegerType::new(context, 32).into(), registers))
    }
}

pub(in crate::passes::conversion) fn wait(b: &Builder, rewriter: &PatternRewriter, kind: &str) -> Result<(), PatternError> {
    rewriter.as_rewriter_base().insert(
        OperationBuilder::new("nvvm.tcgen05.wait", b.location)
            .add_attributes(&[(Identifier::new(b.context, "kind"), nvvm(b.context, Nvvm::Tcgen05Wait, &kind.to_string())?)])
            .build()?,
    );
    Ok(())
}

/// `tcgen05.wait::ld` that hands out the loaded registers: the loaded
/// values go through the wait (an inline-asm statement with side effects
/// whose outputs are tied to them), and only its outputs reach the
/// consumers. With a separate wait op LLVM is free to move register uses
/// (the `mov.b64` packing of an `add.f32x2`, say) between the load and
/// the wait, where the registers are not yet valid: spec 003's "keep the
/// retire op alive across any consumer that reads the accumulator".
pub(in crate::passes::conversion) fn wait_load<'c, 'a>(b: &Builder<'c, '_>, loaded: Value<'c, 'a>, registers: i64) -> Result<Value<'c, 'a>, PatternError> {
    let context = b.context;
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let words: Vec<Value> = if registers == 1 {
        vec![loaded]
    } else {
        (0..registers)
            .map(|i| {
                let at = b.int(i64_type, i)?;
                b.insert(OperationBuilder::new("llvm.extractelement", b.location).add_operands(&[loaded, at]).add_results(&[i32_type]).build()?)
            })
            .collect::<Result<_, _>>()?
    };
    let constraints: Vec<String> =
        std::iter::repeat_n("=r".to_string(), words.len()).chain((0..words.len()).map(|i| i.to_string())).collect();
    let result = if registers == 1 {
        i32_type
    } else {
        melior::dialect::llvm::r#type::r#struct(context, &vec![i32_type; words.len()], false)
    };
    let waited = b.insert(
        OperationBuilder::new("llvm.inline_asm", b.location)
            .add_operands(&words)
            .add_attributes(&[
                (Identifier::new(context, "asm_string"), melior::ir::attribute::StringAttribute::new(context, "tcgen05.wait::ld.sync.aligned;").into()),
                (Identifier::new(context, "constraints"), melior::ir::attribute::StringAttribute::new(context, &constraints.join(",")).into()),
                (Identifier::new(context, "has_side_effects"), Attribute::unit(context)),
            ])
            .add_results(&[result])
            .build()?,
    )?;
    if registers == 1 {
        return Ok(waited);
    }
    let mut vector = b.insert(melior::dialect::llvm::undef(loaded.r#type(), b.location))?;
    for i in 0..registers {
        let word = b.insert(
            OperationBuilder::new("llvm.extractvalue", b.location)
                .add_operands(&[waited])
                .add_attributes(&[(Identifier::new(context, "position"), melior::ir::attribute::DenseI64ArrayAttribute::new(context, &[i]).into())])
                .add_results(&[i32_type])
                .build()?,
        )?;
        let at = b.int(i64_type, i)?;
        vector = b.insert(OperationBuilder::new("llvm.insertelement", b.location).add_operands(&[vector, word, at]).add_results(&[loaded.r#type()]).build()?)?;
    }
    Ok(vector)
}

/// The shape attribute and the trailing immediate (16x32bx2's split
/// offset) of a TMEM access.
fn shape_operands<'c, 'a>(b: &Builder<'c, '_>, op: OperationRef<'c, 'a>, shape: &str) -> Result<(Attribute<'c>, Vec<Value<'c, 'a>>), PatternError> {
    let attr = nvvm(b.context, Nvvm::Tcgen05LdstShape, &format!("shape_{shape}"))?;
    let split = op.attribute("split").ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|a| a.value());
    let extra = match split {
        Some(s) => vec![b.int(IntegerType::new(b.context, 64).into(), s)?],
        None => Vec::new(),
    };
    Ok((attr, extra))
}

fn access_shape(op: OperationRef) -> String {
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    if name.ends_with("_b8x256") {
        "16x256b".into()
    } else {
        string_attr(op, "shape").unwrap_or_else(|| "32x32b".into())
    }
}

/// `tmem_load` and `load_b8x256`: one `tcgen05.ld`, then its wait (the
/// registers are valid only after it: CuTe's fence_view_async_tmem_load),
/// through which the registers pass ([`wait_load`]).
pub fn lower_load<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    tmem_chip(op)?;
    let b = Builder::new(context, rewriter, op.location());
    let result = op.result(0)?.r#type();
    let (shape, registers) = facts::access(op, result, &access_shape(op))?;
    let (shape_attr, extra) = shape_operands(&b, op, shape.name)?;
    let mut operands = vec![pointer(&b, op.operand(0)?)?];
    operands.extend(extra);
    let loaded = b.insert(
        OperationBuilder::new("nvvm.tcgen05.ld", b.location)
            .add_operands(&operands)
            .add_attributes(&[(Identifier::new(context, "shape"), shape_attr)])
            .add_results(&[register_type(context, registers)?])
            .build()?,
    )?;
    let loaded = wait_load(&b, loaded, registers)?;
    Ok(vec![b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[loaded]).add_results(&[result]).build()?)?])
}

/// `tmem_store` and `store_b8x256`: one `tcgen05.st`, then its wait (the
/// values are visible to a UMMA after it: fence_view_async_tmem_store).
pub fn lower_store<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    tmem_chip(op)?;
    let b = Builder::new(context, rewriter, op.location());
    let values = op.operand(1)?;
    let (shape, registers) = facts::access(op, values.r#type(), &access_shape(op))?;
    let (shape_attr, extra) = shape_operands(&b, op, shape.name)?;
    let bits = b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[values]).add_results(&[register_type(context, registers)?]).build()?)?;
    let mut operands = vec![pointer(&b, op.operand(0)?)?, bits];
    operands.extend(extra);
    rewriter.as_rewriter_base().insert(
        OperationBuilder::new("nvvm.tcgen05.st", b.location)
            .add_operands(&operands)
            .add_attributes(&[(Identifier::new(context, "shape"), shape_attr)])
            .build()?,
    );
    wait(&b, rewriter, "store")?;
    Ok(Vec::new())
}

/// `wait "load"|"store"` and `fence "before"|"after"`.
pub fn lower_wait_or_fence<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    tmem_chip(op)?;
    let b = Builder::new(context, rewriter, op.location());
    let kind = string_attr(op, "kind").ok_or("a kind")?;
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    let (name, attr) = if name.ends_with(".wait") {
        ("nvvm.tcgen05.wait", nvvm(context, Nvvm::Tcgen05Wait, &kind)?)
    } else {
        ("nvvm.tcgen05.fence", nvvm(context, Nvvm::Tcgen05Fence, &kind)?)
    };
    rewriter.as_rewriter_base().insert(OperationBuilder::new(name, b.location).add_attributes(&[(Identifier::new(context, "kind"), attr)]).build()?);
    Ok(Vec::new())
}

/// Ops that map 1:1 onto a tcgen05 op with a CTA group: `tmem_alloc`,
/// `tmem_dealloc`, `relinquish_alloc_permit`, `shift`, `commit`,
/// `commit_multicast` (the `!cute.ptr` operand first, then plain values).
pub fn lower_one_to_one<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    tmem_chip(op)?;
    let name = match op.name().as_string_ref().as_str().unwrap_or("") {
        "cute_nvgpu.arch.sm100.tmem_alloc" => "nvvm.tcgen05.alloc",
        "cute_nvgpu.arch.sm100.tmem_dealloc" => "nvvm.tcgen05.dealloc",
        "cute_nvgpu.arch.sm100.relinquish_alloc_permit" => "nvvm.tcgen05.relinquish_alloc_permit",
        "cute_nvgpu.arch.sm100.shift" => "nvvm.tcgen05.shift",
        "cute_nvgpu.arch.sm100.commit" | "cute_nvgpu.arch.sm100.commit_multicast" => "nvvm.tcgen05.commit",
        _ => return Err(PatternError::NoMatch),
    };
    let b = Builder::new(context, rewriter, op.location());
    let mut operands = Vec::new();
    for i in 0..op.operand_count() {
        let v = op.operand(i)?;
        operands.push(if i == 0 { pointer(&b, v)? } else { v });
    }
    rewriter.as_rewriter_base().insert(
        OperationBuilder::new(name, b.location)
            .add_operands(&operands)
            .add_attributes(&[(Identifier::new(context, "group"), group(&b, facts::cta_group(op))?)])
            .build()?,
    );
    Ok(Vec::new())
}

/// One `tcgen05.cp` of a shared-memory matrix (its 64-bit descriptor)
/// into tensor memory, with the CTA group's commit to the mbarrier; the
/// caller places it (for a CTA pair, on the issuing CTA only). With
/// `commit_mask` (an i16 of cluster ranks) the commit arrives on the
/// mbarrier at the same offset in each of those CTAs
/// (`.multicast::cluster`, PTX ISA 9.7.16.12.1).
#[allow(clippy::too_many_arguments)]
pub(in crate::passes::conversion) fn copy_and_commit<'c>(
    b: &Builder<'c, '_>,
    tmem: Value<'c, '_>,
    desc: Value<'c, '_>,
    bar: Value<'c, '_>,
    shape: &str,
    multicast: &str,
    cta_group: i64,
    commit_mask: Option<Value<'c, '_>>,
) -> Result<[melior::ir::Operation<'c>; 2], PatternError> {
    facts::check_cp_shape(shape, multicast)?;
    let id = |n: &str| Identifier::new(b.context, n);
    let group = group(b, cta_group)?;
    let cp = OperationBuilder::new("nvvm.tcgen05.cp", b.location)
        .add_operands(&[tmem, desc])
        .add_attributes(&[
            (id("shape"), nvvm(b.context, Nvvm::Tcgen05CpShape, &format!("shape_{shape}"))?),
            (id("multicast"), nvvm(b.context, Nvvm::Tcgen05CpMulticast, &multicast.to_string())?),
            (id("group"), group),
        ])
        .build()?;
    let mut commit_operands = vec![bar];
    commit_operands.extend(commit_mask);
    let commit = OperationBuilder::new("nvvm.tcgen05.commit", b.location).add_operands(&commit_operands).add_attributes(&[(id("group"), group)]).build()?;
    Ok([cp, commit])
}

/// The raw S2T copy (`arch.copy.SM100.copy_s2t`) from its descriptor.
pub fn lower_copy_s2t<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    tmem_chip(op)?;
    let b = Builder::new(context, rewriter, op.location());
    let src = op.operand(1)?;
    if src.r#type().to_string() != "i64" {
        return Err("copy_s2t from a bare shared-memory pointer: tcgen05.cp reads the matrix through its UMMA descriptor; \
                    pass the i64 descriptor, or copy a shared view with cp_async.s2t, which builds it"
            .into());
    }
    let (tmem, bar) = (pointer(&b, op.operand(0)?)?, pointer(&b, op.operand(2)?)?);
    let shape = string_attr(op, "shape").unwrap_or_else(|| "128x256b".into());
    let multicast = string_attr(op, "multicast").unwrap_or_else(|| "none".into());
    for o in copy_and_commit(&b, tmem, src, bar, &shape, &multicast, facts::cta_group(op), None)? {
        rewriter.as_rewriter_base().insert(o);
    }
    Ok(Vec::new())
}

/// One UMMA instruction: the operands of `tcgen05.mma` and the variant
/// its extras select.
pub(in crate::passes::conversion) struct MmaIssue<'c, 'a> {
    pub d: Value<'c, 'a>,
    pub a: Value<'c, 'a>,
    pub b: Value<'c, 'a>,
    pub idesc: Value<'c, 'a>,
    pub enable: Value<'c, 'a>,
    pub metadata: Option<Value<'c, 'a>>,
    pub scales: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
    pub kind: String,
    pub block_scale: String,
    pub cta_group: i64,
}

/// `nvvm.tcgen05.mma` (dense), `.sp` (with metadata), `.block_scale`
/// (with scales) or `.sp.block_scale`.
pub(in crate::passes::conversion) fn emit_mma(b: &Builder, rewriter: &PatternRewriter, m: &MmaIssue) -> Result<(), PatternError> {
    let context = b.context;
    let id = |n: &str| Identifier::new(context, n);
    let scaled = facts::is_block_scaled_kind(&m.kind).ok_or_else(|| format!("tcgen05.mma has no kind '{}'", m.kind))?;
    facts::check_block_scale(&m.kind, &m.block_scale)?;
    if scaled != m.scales.is_some() {
        return Err(format!("kind::{} {} scale factors", m.kind, if scaled { "needs" } else { "takes no" }).into());
    }
    let mut operands = vec![m.d, m.a, m.b, m.idesc, m.enable];
    operands.extend(m.metadata);
    if let Some((sa, sb)) = m.scales {
        operands.extend([sa, sb]);
    }
    let name = match (m.metadata.is_some(), scaled) {
        (false, false) => "nvvm.tcgen05.mma",
        (true, false) => "nvvm.tcgen05.mma.sp",
        (false, true) => "nvvm.tcgen05.mma.block_scale",
        (true, true) => "nvvm.tcgen05.mma.sp.block_scale",
    };
    let mut attrs = vec![
        (id("kind"), nvvm(b.context, if scaled { Nvvm::BlockScaleKind } else { Nvvm::Tcgen05MmaKind }, &m.kind.to_string())?),
        (id("ctaGroup"), group(b, m.cta_group)?),
        (id("collectorOp"), nvvm(b.context, Nvvm::Tcgen05MmaCollectorOp, "discard")?),
    ];
    if !m.block_scale.is_empty() {
        attrs.push((id("blockScale"), nvvm(b.context, Nvvm::Tcgen05MmaBlockScale, &m.block_scale.to_string())?));
    }
    // The dense and sparse forms have optional trailing operands
    // (scale-input-d, disable-output-lane): none here.
    if !scaled {
        let segments: &[i32] = if m.metadata.is_some() { &[1, 1, 1, 1, 1, 1, 0, 0] } else { &[1, 1, 1, 1, 1, 0, 0] };
        attrs.push((id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, segments).into()));
    }
    rewriter.as_rewriter_base().insert(OperationBuilder::new(name, b.location).add_operands(&operands).add_attributes(&attrs).build()?);
    Ok(())
}

/// The raw UMMA (`arch.sm100.mma`).
pub fn lower_mma<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    tmem_chip(op)?;
    let b = Builder::new(context, rewriter, op.location());
    let segments = super::super::segments(op)?;
    let a = op.operand(1)?;
    let a = if a.r#type().to_string() == "i64" { a } else { pointer(&b, a)? };
    let metadata = if segments.get(5) == Some(&1) { Some(pointer(&b, op.operand(5)?)?) } else { None };
    let first_scale = 5 + segments.get(5).copied().unwrap_or(0);
    let scales = if segments.get(6) == Some(&2) {
        Some((pointer(&b, op.operand(first_scale)?)?, pointer(&b, op.operand(first_scale + 1)?)?))
    } else {
        None
    };
    let issue = MmaIssue {
        d: pointer(&b, op.operand(0)?)?,
        a,
        b: op.operand(2)?,
        idesc: op.operand(3)?,
        enable: op.operand(4)?,
        metadata,
        scales,
        kind: string_attr(op, "kind").ok_or("a kind")?,
        block_scale: string_attr(op, "block_scale").unwrap_or_default(),
        cta_group: facts::cta_group(op),
    };
    emit_mma(&b, rewriter, &issue)?;
    Ok(Vec::new())
}
