//! `cute-nvgpu-expand-atoms`: spec 000's SM atom rewriters, the first
//! stage of the SM-tier conversion (after `cute-desugar`, which creates
//! only cute ops). Each builder becomes the values its instruction needs
//! and the atom payload `cute-nvgpu-to-nvvm` lowers:
//!
//! | builder | becomes |
//! |---|---|
//! | `cute_nvgpu.atom.sm90.wgmma %a, %b` | GMMA descriptors (`cute_nvgpu.gmma.descriptor`), the register accumulator, `nvvm.wgmma.fence.aligned`, the payload `cute_nvgpu.atom` ("Hopper WGMMA Contract") |
//! | `cute_nvgpu.atom.sm100.imma %a, %b` | the TMEM accumulator (`retrieve_tmem_ptr`), an mbarrier (`mbarrier.init`), the payload ("Blackwell IMMA and S2T Contract") |

use crate::passes::rewrite::{Lowered, PassError, Pattern, PatternError, apply_phases, insert};
use melior::{
    ir::{attribute::IntegerAttribute, operation::OperationLike, OperationRef, Type, Value, ValueLike},
    Context, PatternRewriter,
};

/// `docs/Passes.md`'s example (tests/docs.rs runs it).
pub const EXAMPLE_BEFORE: &str = r#"
!A = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
!B = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>
func.func @builder(%a: !A, %b: !B) -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss> {
  %atom = cute_nvgpu.atom.sm90.wgmma %a, %b : !A, !B -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
  return %atom : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
}"#;
pub const EXAMPLE_AFTER: &str = r#"
module {
  func.func @builder(%arg0: !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>, %arg1: !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">>) -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss> {
    %0 = cute_nvgpu.gmma.descriptor %arg0 : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">> -> i64
    %1 = cute_nvgpu.gmma.descriptor %arg1 : !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (128,16):(64,1)">> -> i64
    %2 = cute_nvgpu.register.accumulator !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss> : vector<64xf32>
    nvvm.wgmma.fence.aligned
    %3 = cute_nvgpu.atom %0, %1, %2 : i64, i64, vector<64xf32> -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    return %3 : !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
  }
}"#;

static PATTERNS: &[Pattern] = &[
    Pattern {
        root: "cute_nvgpu.atom.sm100.imma",
        rewrite: rewrite_imma_builder,
        generated: &["arith.constant", "cute_nvgpu.arch.sm100.retrieve_tmem_ptr", "cute_nvgpu.mbarrier.init", "cute_nvgpu.atom"],
    },
    Pattern {
        root: "cute_nvgpu.atom.sm90.wgmma",
        rewrite: rewrite_wgmma_builder,
        generated: &["cute_nvgpu.gmma.descriptor", "cute_nvgpu.register.accumulator", "nvvm.wgmma.fence.aligned", "cute_nvgpu.atom"],
    },
];

/// True if this pass rewrites ops named `name` (the legality check's hint).
pub fn rewrites(name: &str) -> bool {
    PATTERNS.iter().any(|p| p.root == name)
}

/// Runs the pass on `root`.
pub fn run(root: OperationRef) -> Result<(), PassError> {
    apply_phases(root, "cute-nvgpu-expand-atoms", &[PATTERNS])
}

fn result_type<'c>(op: OperationRef<'c, '_>) -> Result<Type<'c>, PatternError> {
    Ok(op.result(0)?.r#type())
}

/// The Hopper WGMMA atom rewriter (spec 000 "Hopper WGMMA Contract"):
/// `cute_nvgpu.atom.sm90.wgmma %a, %b` becomes the GMMA descriptors of the
/// shared-memory operands (A only for `ss`; an `rs` A fragment travels as
/// is), the warpgroup register accumulator, the WGMMA fence, and the atom
/// payload `cute-nvgpu-to-nvvm` turns into `wgmma.mma_async`. The
/// descriptors come before the fence: they are pure and may be hoisted,
/// the fence pins the boundary the payload relies on.
fn rewrite_wgmma_builder<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use crate::dialect::nvgpu::{atom::FragKind, Atom};
    use melior::ir::{attribute::TypeAttribute, operation::OperationBuilder, Identifier};
    let atom_type = result_type(op)?;
    let Some(Atom::Mma(p)) = Atom::of(atom_type) else { return Err(format!("{atom_type} is not a WGMMA atom").into()) };
    let (a, b) = (op.operand(0)?, op.operand(1)?);
    let location = op.location();
    let i64_type: Type = melior::ir::r#type::IntegerType::new(context, 64).into();
    let descriptor = |view: Value<'c, 'a>| -> Result<Value<'c, 'a>, PatternError> {
        insert(rewriter, OperationBuilder::new("cute_nvgpu.gmma.descriptor", location).add_operands(&[view]).add_results(&[i64_type]).build()?)
    };
    let a_part = if p.frag == FragKind::Rs { a } else { descriptor(a)? };
    let b_part = descriptor(b)?;
    let accumulators = i64::from(p.m) * i64::from(p.n) / 128;
    let vector = crate::passes::conversion::cute_to_llvm::values::vector_type(p.c, accumulators);
    let acc = insert(
        rewriter,
        OperationBuilder::new("cute_nvgpu.register.accumulator", location)
            .add_attributes(&[(Identifier::new(context, "atom"), TypeAttribute::new(atom_type).into())])
            .add_results(&[vector])
            .build()?,
    )?;
    rewriter.as_rewriter_base().insert(OperationBuilder::new("nvvm.wgmma.fence.aligned", location).build()?);
    let payload = OperationBuilder::new("cute_nvgpu.atom", location).add_operands(&[a_part, b_part, acc]).add_results(&[atom_type]).build()?;
    Ok(vec![insert(rewriter, payload)?])
}

/// The Blackwell IMMA atom rewriter (spec 000 "Blackwell IMMA and S2T
/// Contract"): `cute_nvgpu.atom.sm100.imma %a, %b` becomes the tensor-memory
/// accumulator (`retrieve_tmem_ptr` of the function's accumulator handle 0,
/// its columns: N 32-bit columns rounded up to a power of two, at least
/// 32), an mbarrier for the MMA's completion (`mbarrier.init` of one
/// arrival) and the payload `cute_nvgpu.atom %a, %b, %tmem, %mbar`, which
/// `cute-nvgpu-to-nvvm` turns into `tcgen05.mma` + `tcgen05.commit`. The
/// element types were validated by the builder's verifier.
fn rewrite_imma_builder<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use crate::dialect::nvgpu::Atom;
    use melior::ir::operation::OperationBuilder;
    let atom_type = result_type(op)?;
    let Some(Atom::Mma(p)) = Atom::of(atom_type) else { return Err(format!("{atom_type} is not a UMMA atom").into()) };
    let (a, b) = (op.operand(0)?, op.operand(1)?);
    let location = op.location();
    use melior::ir::r#type::IntegerType;
    let i32_type: Type = IntegerType::new(context, 32).into();
    let constant = |v: i64| insert(rewriter, melior::dialect::arith::constant(context, IntegerAttribute::new(i32_type, v).into(), location));
    let columns = (u64::from(p.n) * u64::from(crate::dialect::types::storage_bits(p.c)) / 32).max(32).next_power_of_two() as i64;
    let (handle, cols) = (constant(0)?, constant(columns)?);
    let tmem_type = crate::dialect::ptr_type(context, p.c, "tmem", None)?;
    let tmem = insert(
        rewriter,
        OperationBuilder::new("cute_nvgpu.arch.sm100.retrieve_tmem_ptr", location).add_operands(&[handle, cols]).add_results(&[tmem_type]).build()?,
    )?;
    let ticks = constant(1)?;
    let bar_type = crate::dialect::ptr_type(context, IntegerType::new(context, 64).into(), "smem", Some(8))?;
    let mbar = insert(rewriter, OperationBuilder::new("cute_nvgpu.mbarrier.init", location).add_operands(&[ticks]).add_results(&[bar_type]).build()?)?;
    let payload = OperationBuilder::new("cute_nvgpu.atom", location).add_operands(&[a, b, tmem, mbar]).add_results(&[atom_type]).build()?;
    Ok(vec![insert(rewriter, payload)?])
}
