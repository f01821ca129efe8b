//! Atom calls (`cute.copy_atom_call`, `cute.mma_atom_call`), one pattern
//! per atom kind (spec 000: independent patterns, never one switch). Each
//! pattern reads the atom through its registry view ([`Atom`]) and answers
//! `NoMatch` for any other kind; an atom no pattern lowers stays, and the
//! legality check names it.
//!
//! | file | atom | lowers to |
//! |---|---|---|
//! | [`universal`] | `universal_copy`, `universal_fma` | vectorized `llvm.load`/`llvm.store`; `llvm.intr.fma` |
//! | [`cp_async`] | `simt_async_copy` (SM80) | `nvvm.cp.async.shared.global` (`.ca` 4/8 bytes, `.cg` 16) |
//! | [`matrix_copy`] | `ldsm` (SM75), `stsm` (SM90) | `nvvm.ldmatrix` / `nvvm.stmatrix` |
//! | [`mma_sync`] | `sm80.mma`, `sm80.sparse_mma`, `sm89.mma` | `nvvm.mma.sync`, `nvvm.mma.sp.sync`; FP8 (no NVVM op in LLVM 22): `llvm.inline_asm` |
//! | [`tma`] | `tma_load`, `tma_load_multicast`, `tma_store`, `tma_reduce` (`cute_nvgpu.tma.copy`, `tma.prefetch`); mbarriers | `nvvm.cp.async.bulk.tensor.*`, `nvvm.prefetch tensormap`, `nvvm.mbarrier.*` |
//! | [`tmem`] | `arch.sm100.retrieve_tmem_ptr` (per-function cache), `tmem_load` / `tmem_store` atoms, `cp_async.s2t` | `nvvm.tcgen05.alloc` / `dealloc` / `ld` / `st` / `wait` / `cp` |
//! | [`tcgen05`] | the `arch.sm100.*` tcgen05 ops (`tmem_load/store {shape}`, `load/store_b8x256`, `wait`, `fence`, `shift`, `commit[_multicast]`, `mma`) and `arch.copy.SM100.copy_s2t` | one `nvvm.tcgen05.*` op each |
//! | [`umma`] | `sm100.mma` (dense, `ss` / `ts`) | `nvvm.tcgen05.mma` on UMMA descriptors (`layout::gmma::make_umma_desc`) and the instruction descriptor (`nvgpu::umma`) |
//! | [`wgmma`] | `sm90.mma` (`ss`); `cute_nvgpu.gmma.descriptor` | `nvvm.wgmma.mma_async` on GMMA descriptors (`layout::gmma`) |
//! | [`operand_fence`] | (after the calls are lowered) | every register fragment of a `wgmma.mma_async` pinned before its group's fence and after its wait (issue 36) |
//!
//! Every address goes through [`super::memory::address`], so swizzled
//! shared-memory views get the XOR address arithmetic of CuTe's swizzle.

pub mod cp_async;
pub mod matrix_copy;
pub mod mma_sync;
pub mod operand_fence;
pub mod tcgen05;
pub mod tma;
pub mod tmem;
pub mod umma;
pub mod universal;
pub mod wgmma;

use super::algebra::derive;
use super::memory::{address, cute_value};
use super::values::{Builder, CuteValue};
use crate::dialect::{composite_parts, nvgpu::Atom, SpecKind};
use crate::layout::{self, IntTuple, Layout};
use crate::passes::rewrite::PatternError;
use melior::ir::{attribute::Attribute, operation::OperationLike, OperationRef, Value, ValueLike};

/// The atom of an atom call (through its tiled copy or tiled MMA, if any).
fn call_atom<'c>(op: OperationRef<'c, '_>) -> Result<Option<Atom<'c>>, PatternError> {
    let ty = op.operand(0)?.r#type();
    Ok(Atom::of(composite_parts(ty).and_then(|p| p.atom).unwrap_or(ty)))
}

/// The lowered value of a `!cute.ptr` (or TMA descriptor) operand.
fn pointer<'c, 'a>(b: &Builder<'c, '_>, v: Value<'c, 'a>) -> Result<Value<'c, 'a>, PatternError> {
    let value = cute_value(v)?;
    if !matches!(value, CuteValue::Ptr(_)) {
        return Err(format!("{} is not a pointer", v.r#type()).into());
    }
    b.lowered(v, &value)
}

/// The operand segment sizes of an op (AttrSizedOperandSegments).
pub(super) fn segments(op: OperationRef) -> Result<Vec<usize>, PatternError> {
    let attr = melior::ir::attribute::DenseI32ArrayAttribute::try_from(op.attribute("operandSegmentSizes")?).map_err(|e| e.to_string())?;
    Ok((0..attr.len()).map(|i| attr.element(i).unwrap_or(0) as usize).collect())
}

/// The layout of a plain or swizzled view.
fn view_layout(v: Value) -> Result<Layout, PatternError> {
    match cute_value(v)? {
        CuteValue::View(_, l, _) => Ok(l),
        _ => Err(format!("{} is not a view", v.r#type()).into()),
    }
}

/// The static number of values of a view.
fn static_size(v: Value, what: &str) -> Result<i64, PatternError> {
    let l = view_layout(v)?;
    layout::size(&l).ok().and_then(|s| s.as_int()).ok_or_else(|| format!("{what} {l} has a run-time size").into())
}

/// True if the values of `l` fall into runs of `len` consecutive values that
/// are contiguous in memory and start at multiples of `len` elements: the
/// coalesced layout starts with a unit-stride mode whose extent `len`
/// divides, and every other stride is a known multiple of `len`.
fn aligned_runs(l: &Layout, len: i64) -> bool {
    if len <= 1 {
        return true;
    }
    let Ok(flat) = layout::coalesce(l) else { return false };
    let shapes = flat.shape().leaves();
    let strides = flat.stride().leaves();
    let multiple = |leaf: &layout::Leaf| match leaf {
        layout::Leaf::Int(v) => v % len == 0,
        layout::Leaf::Dyn(d) => d.divisibility % len as u64 == 0,
        _ => false,
    };
    let first = matches!((shapes.first(), strides.first()), (Some(layout::Leaf::Int(n)), Some(layout::Leaf::Int(1))) if n % len == 0);
    first && strides.iter().skip(1).all(|s| multiple(s))
}

/// The addresses of the values `indices` (flat value indices) of `view`:
/// `crd2idx` through the Rust algebra, then the view's (swizzled) address.
fn value_addresses<'c: 'a, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    indices: &[i64],
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let offsets = derive(
        b,
        &[view],
        |seeded| {
            let CuteValue::View(_, l, _) = &seeded[0] else { return Err("expects a view".into()) };
            indices
                .iter()
                .map(|&i| {
                    let index = layout::crd2idx_tuple(&IntTuple::int(i), l).map_err(|e| e.to_string())?;
                    Ok(CuteValue::Tuple(SpecKind::IntTuple, index))
                })
                .collect()
        },
        &[],
    )?;
    offsets.into_iter().map(|mut o| address(b, view, o.remove(0))).collect()
}

/// An NVVM attribute from its textual form (the NVVM dialect is loaded by
/// the pipelines that run these patterns).
fn attribute<'c>(b: &Builder<'c, '_>, text: &str) -> Result<Attribute<'c>, PatternError> {
    Attribute::parse(b.context, text).ok_or_else(|| format!("cannot build the attribute {text} (is the nvvm dialect loaded?)").into())
}

/// A swizzled view moves `run_bytes` together only if its swizzle leaves
/// them together (it permutes units of 2^base elements).
fn check_swizzle_keeps(v: Value, run_bytes: u32, what: &str) -> Result<(), PatternError> {
    if let CuteValue::View(_, _, Some((swizzle, _))) = cute_value(v)? {
        let element = super::memory::element_type(v.r#type())?;
        let unit = (1u64 << swizzle.base.min(62)) * u64::from(crate::dialect::types::storage_bits(element) / 8);
        if unit < u64::from(run_bytes) {
            return Err(format!(
                "{what} moves {run_bytes} contiguous bytes, but the swizzle {swizzle} of {} keeps only {unit} together",
                v.r#type()
            )
            .into());
        }
    }
    Ok(())
}
