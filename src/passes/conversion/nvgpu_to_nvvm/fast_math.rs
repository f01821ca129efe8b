//! Approximate transcendentals in kernels: `math.tanh`, `math.exp2` and
//! `math.exp` on f32 (scalars or vectors) marked `fastmath<afn>` become
//! LLVM's `tanh` intrinsic with the `afn` flag and NVPTX's
//! `llvm.nvvm.ex2.approx.f32`, which the back end selects as
//! `tanh.approx.f32` and `ex2.approx.f32` (what the
//! CuTe DSL's `cute.math.tanh(x, fastmath=True)` and `exp2` emit; `exp(x)`
//! is `exp2(x * log2(e))`, as CUDA's `__expf`). Without `afn` the op is left
//! to `convert-gpu-to-nvvm`, which calls libdevice, and `cute-kernel-to-nvvm`
//! refuses that call at the op (no libdevice is linked): an exact tanh has
//! no PTX instruction. Runs in `cute-nvgpu-to-nvvm`, before the gpu
//! conversion would claim the ops.

use crate::passes::rewrite::{insert, Lowered, PatternError};
use melior::{
    ir::{
        attribute::{DenseI32ArrayAttribute, IntegerAttribute, StringAttribute},
        operation::OperationBuilder,
        operation::OperationLike,
        Attribute, Identifier, OperationRef, Type, ValueLike,
    },
    Context, PatternRewriter,
};

/// What these patterns create.
pub(crate) const FAST_MATH_OPS: &[&str] =
    &["llvm.intr.tanh", "llvm.intr.maxnum", "llvm.intr.minnum", "llvm.intr.fma", "llvm.call_intrinsic", "llvm.fmul", "llvm.mlir.constant", "llvm.mlir.undef", "llvm.extractelement", "llvm.insertelement"];

/// Whether `ty` is f32 or a vector of f32.
fn is_f32(ty: Type) -> bool {
    let text = ty.to_string();
    text == "f32" || (text.starts_with("vector<") && text.ends_with("xf32>"))
}

/// The op's `fastmath` flags allow approximate functions (`afn`, or `fast`).
fn approximate(op: OperationRef) -> bool {
    op.attribute("fastmath").is_ok_and(|a| {
        let text = a.to_string();
        text.contains("afn") || text.contains("fast>")
    })
}

/// `math.tanh` / `math.exp2` / `math.exp` with `afn` on f32 → the LLVM
/// intrinsic with `afn` (after a multiplication by log2(e) for `exp`).
pub fn lower<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let value = op.operand(0)?;
    let ty = value.r#type();
    if !approximate(op) || !is_f32(ty) {
        return Err(PatternError::NoMatch);
    }
    let location = op.location();
    let flags = Attribute::parse(context, "#llvm.fastmath<afn>").ok_or("#llvm.fastmath<afn> does not parse")?;
    let fastmath = (Identifier::new(context, "fastmathFlags"), flags);
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    // tanh: LLVM's intrinsic with afn. exp2 and exp (= 2^(x log2 e)): the
    // exponent, then NVPTX's ex2 below.
    let input = match name.as_str() {
        "math.tanh" => {
            let call = OperationBuilder::new("llvm.intr.tanh", location).add_operands(&[value]).add_attributes(&[fastmath]).add_results(&[ty]).build()?;
            return Ok(vec![insert(rewriter, call)?]);
        }
        "math.exp2" => value,
        "math.exp" => {
            let text = if ty.to_string() == "f32" { "1.44269504 : f32".to_string() } else { format!("dense<1.44269504> : {ty}") };
            let log2e = Attribute::parse(context, &text).ok_or_else(|| format!("{text} does not parse"))?;
            let constant = OperationBuilder::new("llvm.mlir.constant", location)
                .add_attributes(&[(Identifier::new(context, "value"), log2e)])
                .add_results(&[ty])
                .build()?;
            let log2e = insert(rewriter, constant)?;
            let scaled = OperationBuilder::new("llvm.fmul", location)
                .add_operands(&[value, log2e])
                .add_attributes(&[fastmath])
                .add_results(&[ty])
                .build()?;
            insert(rewriter, scaled)?
        }
        _ => return Err(PatternError::NoMatch),
    };
    // convert-gpu-to-nvvm marks LLVM's exp2 illegal (it has a libdevice
    // pattern for math.exp2 only): NVPTX's own approximation, element by
    // element.
    let f32_type: Type = melior::ir::r#type::Type::float32(context);
    let ex2 = |x| -> Result<_, PatternError> {
        let call = OperationBuilder::new("llvm.call_intrinsic", location)
            .add_operands(&[x])
            .add_attributes(&[
                (Identifier::new(context, "intrin"), StringAttribute::new(context, "llvm.nvvm.ex2.approx.f32").into()),
                (Identifier::new(context, "op_bundle_sizes"), DenseI32ArrayAttribute::new(context, &[]).into()),
                (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, 0]).into()),
            ])
            .add_results(&[f32_type])
            .build()?;
        insert(rewriter, call)
    };
    let Some((_, n)) = crate::dialect::types::vector_parts(ty) else { return Ok(vec![ex2(input)?]) };
    let i32_type: Type = melior::ir::r#type::IntegerType::new(context, 32).into();
    let mut acc = insert(rewriter, OperationBuilder::new("llvm.mlir.undef", location).add_results(&[ty]).build()?)?;
    for i in 0..n {
        let index = IntegerAttribute::new(i32_type, i).into();
        let at = insert(
            rewriter,
            OperationBuilder::new("llvm.mlir.constant", location)
                .add_attributes(&[(Identifier::new(context, "value"), index)])
                .add_results(&[i32_type])
                .build()?,
        )?;
        let element = insert(rewriter, OperationBuilder::new("llvm.extractelement", location).add_operands(&[input, at]).add_results(&[f32_type]).build()?)?;
        let result = ex2(element)?;
        acc = insert(rewriter, OperationBuilder::new("llvm.insertelement", location).add_operands(&[acc, result, at]).add_results(&[ty]).build()?)?;
    }
    Ok(vec![acc])
}

/// `arith.maxnumf` / `arith.minnumf` / `math.fma` on f32 →
/// `llvm.intr.maxnum` / `minnum` / `fma`, which NVPTX selects as `max.f32`
/// / `min.f32` / `fma.rn.f32` (the same semantics: a NaN operand of
/// max/min yields the other; fma rounds once). `convert-gpu-to-nvvm` would
/// call libdevice's `fmaxf` / `fminf` / `fmaf` instead, which no pipeline
/// links. An online softmax's row max and its scaled exponent are these.
pub fn lower_exact<'c, 'a>(_context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let operands: Vec<_> = op.operands().collect();
    let ty = op.result(0)?.r#type();
    if !is_f32(ty) {
        return Err(PatternError::NoMatch);
    }
    let name = match op.name().as_string_ref().as_str() {
        Ok("arith.maxnumf") => "llvm.intr.maxnum",
        Ok("arith.minnumf") => "llvm.intr.minnum",
        Ok("math.fma") => "llvm.intr.fma",
        _ => return Err(PatternError::NoMatch),
    };
    let call = OperationBuilder::new(name, op.location()).add_operands(&operands).add_results(&[ty]).build()?;
    Ok(vec![insert(rewriter, call)?])
}
