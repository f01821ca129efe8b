//! The SM90 TMA atoms and the mbarriers they complete on.
//!
//! | op | lowers to |
//! |---|---|
//! | `cute_nvgpu.tma.copy` (`tma_load`, `tma_load_multicast`) | per box: `nvvm.cp.async.bulk.tensor.shared.cluster.global` (mbarrier, multicast mask, L2 hint) |
//! | `cute_nvgpu.tma.copy` (`tma_load_im2col`) | its one box: the same op in im2col mode, with the filter offsets |
//! | `cute_nvgpu.tma.copy` (`tma_store`) | per box: `nvvm.cp.async.bulk.tensor.global.shared.cta` |
//! | `cute_nvgpu.tma.copy` (`tma_reduce<op>`) | per box: `nvvm.cp.async.bulk.tensor.reduce` |
//! | `cute_nvgpu.tma.prefetch` with coordinates | `nvvm.cp.async.bulk.tensor.prefetch` (the box into L2) |
//! | `cute_nvgpu.tma.prefetch` without | `nvvm.prefetch tensormap` (the descriptor) |
//! | `cute_nvgpu.arch.mbarrier.init` / `arrive` / `wait` | `nvvm.mbarrier.init` / `arrive` or `arrive.expect_tx` / `try_wait.parity` |
//!
//! The descriptor is the kernel's grid-constant parameter: a generic
//! pointer to the 128-byte tensor map (`cute-kernel-to-nvvm` passes it by
//! value, 64-byte aligned, in .param space). The boxes of a tile and their
//! shared-memory offsets come from `layout::tma::boxes`; the shared address
//! is the unswizzled one (the TMA unit swizzles, as the descriptor says).

use crate::passes::conversion::cute_to_llvm::memory::{cute_value, element_type, gep, view_ptr};
use crate::passes::conversion::cute_to_llvm::values::{Builder, CuteValue};
use super::super::{pointer, segments};
use crate::dialect::nvgpu::{
    atom::{TmaDirection, TmaMode},
    Atom,
};
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    dialect::llvm,
    ir::{
        attribute::DenseI32ArrayAttribute,
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{Nvvm, nvvm};



pub fn lower_copy<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let Some(Atom::Tma { tma, reduction, .. }) = Atom::of(op.operand(0)?.r#type()) else {
        return Err("tma.copy executes a TMA atom".into());
    };
    let Some(Atom::TmaDescriptor(descriptor)) = Atom::of(op.operand(1)?.r#type()) else {
        return Err("tma.copy reads a TMA descriptor".into());
    };
    let seg = segments(op)?;
    let tmap = pointer(&b, op.operand(1)?)?;
    let smem = op.operand(2)?;
    let coords: Vec<Value> = (0..seg[3]).map(|i| op.operand(3 + i)).collect::<Result<_, _>>()?;
    let mut next = 3 + seg[3];
    let mut optional = |present: usize| -> Result<Option<Value<'c, 'a>>, PatternError> {
        let v = if present == 1 { Some(op.operand(next)?) } else { None };
        next += present;
        Ok(v)
    };
    let mbar = optional(seg[4])?;
    let mask = optional(seg[5])?;
    let hint = optional(seg[6])?;
    let offsets: Vec<Value> = (0..seg.get(7).copied().unwrap_or(0)).map(|i| op.operand(next + i)).collect::<Result<_, _>>()?;
    let im2col = tma.mode == TmaMode::Im2col;
    let CuteValue::View(_, layout, swizzle) = cute_value(smem)? else { return Err("tma.copy moves a shared-memory view".into()) };
    let element = element_type(smem.r#type())?;
    let boxes = crate::layout::tma::boxes(&layout, &descriptor.box_shape)?;
    let base = view_ptr(&b, smem)?;
    let static_offset = swizzle.map_or(0, |(_, offset)| offset);
    let i32_type: Type = IntegerType::new(context, 32).into();
    let mbar = mbar.map(|m| pointer(&b, m)).transpose()?;
    let id = |name: &str| Identifier::new(context, name);
    for tile in boxes {
        let at = b.int(i32_type, tile.offset + static_offset)?;
        let shared = gep(&b, base, at, element)?;
        let mut box_coords = Vec::with_capacity(coords.len());
        if im2col {
            // One box (the verifier's), at the tensor's coordinates.
            box_coords.extend(&coords);
        } else {
            for (c, o) in coords.iter().zip(&tile.origin) {
                box_coords.push(if *o == 0 { *c } else { b.bin("llvm.add", *c, b.int(i32_type, *o)?)? });
            }
        }
        let n = box_coords.len() as i32;
        let built = match tma.direction {
            TmaDirection::Load => {
                let cluster = b.insert(
                    OperationBuilder::new("llvm.addrspacecast", b.location)
                        .add_operands(&[shared])
                        .add_results(&[llvm::r#type::pointer(context, 7)])
                        .build()?,
                )?;
                let mbar = mbar.ok_or("a TMA load completes on an mbarrier")?;
                let mut operands = vec![cluster, tmap];
                operands.extend(&box_coords);
                operands.push(mbar);
                operands.extend(&offsets);
                operands.extend(mask.iter().chain(hint.iter()));
                let sizes = [1, 1, n, 1, offsets.len() as i32, i32::from(mask.is_some()), i32::from(hint.is_some()), 0];
                let mode = nvvm(context, Nvvm::TmaLoadMode, if im2col { "im2col" } else { "tile" })?;
                OperationBuilder::new("nvvm.cp.async.bulk.tensor.shared.cluster.global", b.location)
                    .add_operands(&operands)
                    .add_attributes(&[
                        (id("isCTAOnly"), melior::ir::attribute::BoolAttribute::new(context, false).into()),
                        (id("mode"), mode),
                        (id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &sizes).into()),
                    ])
                    .build()?
            }
            TmaDirection::Store | TmaDirection::Reduce => {
                let mut operands = vec![tmap, shared];
                operands.extend(&box_coords);
                operands.extend(hint.iter());
                let reduce = tma.direction == TmaDirection::Reduce;
                let mut attributes = vec![(id("mode"), nvvm(b.context, Nvvm::TmaStoreMode, "tile")?)];
                let name = if reduce {
                    attributes.push((id("redKind"), nvvm(b.context, Nvvm::TmaReduxKind, &reduction.to_string())?));
                    attributes.push((id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, 1, n, i32::from(hint.is_some())]).into()));
                    "nvvm.cp.async.bulk.tensor.reduce"
                } else {
                    attributes.push((id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, 1, n, i32::from(hint.is_some()), 0]).into()));
                    "nvvm.cp.async.bulk.tensor.global.shared.cta"
                };
                OperationBuilder::new(name, b.location).add_operands(&operands).add_attributes(&attributes).build()?
            }
        };
        rewriter.as_rewriter_base().insert(built);
    }
    Ok(Vec::new())
}

pub fn lower_prefetch<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let tmap = pointer(&b, op.operand(1)?)?;
    let coords: Vec<Value> = (2..op.operand_count()).map(|i| op.operand(i)).collect::<Result<_, _>>()?;
    let id = |name: &str| Identifier::new(context, name);
    let built = if coords.is_empty() {
        OperationBuilder::new("nvvm.prefetch", b.location)
            .add_operands(&[tmap])
            .add_attributes(&[(id("tensormap"), melior::ir::Attribute::unit(context))])
            .build()?
    } else {
        let mut operands = vec![tmap];
        operands.extend(&coords);
        OperationBuilder::new("nvvm.cp.async.bulk.tensor.prefetch", b.location)
            .add_operands(&operands)
            .add_attributes(&[
                (id("mode"), nvvm(b.context, Nvvm::TmaLoadMode, "tile")?),
                (id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, coords.len() as i32, 0, 0]).into()),
            ])
            .build()?
    };
    rewriter.as_rewriter_base().insert(built);
    Ok(Vec::new())
}

pub fn lower_mbarrier_init<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let bar = pointer(&b, op.operand(0)?)?;
    rewriter
        .as_rewriter_base()
        .insert(OperationBuilder::new("nvvm.mbarrier.init", b.location).add_operands(&[bar, op.operand(1)?]).build()?);
    Ok(Vec::new())
}

/// The arrival; with transaction bytes, `arrive.expect_tx` of their sum;
/// with a CTA rank, the arrival on that CTA's mbarrier through `mapa` (a
/// `shared::cluster` address) with the default `.release.cta` semantics,
/// CUTLASS's `ClusterBarrier::arrive(cta_id)`: a consumer arrives after
/// `wgmma.wait_group` has completed its reads of the stage, and
/// `.release.cluster` would cost a `MEMBAR.ALL.GPU` before every arrival,
/// which halved gemm_ws_sm90 on an H100 (docs/emulator.md "On a GPU").
/// (`.relaxed.cluster` needs PTX 8.6, above the 8.4 emitted here.)
pub fn lower_mbarrier_arrive<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let seg = segments(op)?;
    let bar = pointer(&b, op.operand(0)?)?;
    if seg[2] == 1 {
        let rank = op.operand(1 + seg[1])?;
        let cluster_ptr = llvm::r#type::pointer(context, 7);
        let remote = crate::passes::rewrite::insert(
            rewriter,
            OperationBuilder::new("nvvm.mapa", b.location).add_operands(&[bar, rank]).add_results(&[cluster_ptr]).build()?,
        )?;
        rewriter.as_rewriter_base().insert(OperationBuilder::new("nvvm.mbarrier.arrive", b.location).add_operands(&[remote]).build()?);
        return Ok(Vec::new());
    }
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let static_bytes: i64 = (1 + seg[1] + seg[2]..op.operand_count())
        .map(|i| crate::dialect::nvgpu::ops_verify::transaction_bytes(op.operand(i)?.r#type()).map_err(PatternError::from))
        .sum::<Result<i64, PatternError>>()?;
    let mut bytes = (static_bytes > 0).then(|| b.int(i32_type, static_bytes)).transpose()?;
    if seg[1] == 1 {
        let dynamic = op.operand(1)?;
        bytes = Some(match bytes {
            Some(s) => b.bin("llvm.add", s, dynamic)?,
            None => dynamic,
        });
    }
    let scope = [
        (Identifier::new(context, "relaxed"), melior::ir::attribute::BoolAttribute::new(context, false).into()),
        (Identifier::new(context, "scope"), nvvm(b.context, Nvvm::MemScope, "cta")?),
    ];
    let built = match bytes {
        Some(bytes) => OperationBuilder::new("nvvm.mbarrier.arrive.expect_tx", b.location).add_operands(&[bar, bytes]),
        None => OperationBuilder::new("nvvm.mbarrier.arrive", b.location).add_operands(&[bar]),
    };
    rewriter.as_rewriter_base().insert(built.add_attributes(&scope).add_results(&[i64_type]).build()?);
    Ok(Vec::new())
}

/// `mbarrier.try_wait.parity` until the phase completes (the NVVM op is the
/// blocking loop; `convert-nvvm-to-llvm` expands it).
pub fn lower_mbarrier_wait<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let bar = pointer(&b, op.operand(0)?)?;
    // The suspend-time hint of CUTLASS's ClusterBarrier::wait (0x989680 ns).
    let ticks = b.int(IntegerType::new(context, 32).into(), 0x0098_9680)?;
    rewriter.as_rewriter_base().insert(
        OperationBuilder::new("nvvm.mbarrier.try_wait.parity", b.location).add_operands(&[bar, op.operand(1)?, ticks]).build()?,
    );
    Ok(Vec::new())
}
