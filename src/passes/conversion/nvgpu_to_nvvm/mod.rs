//! `cute-nvgpu-to-nvvm` (spec 000's SM populators): the calls of the
//! SM-tier atoms and the `cute_nvgpu` ops to NVVM, after `cute-to-llvm`
//! (whose casts the patterns read through). One folder a chip family; each
//! pattern reads the atom through its registry view and answers `NoMatch`
//! for any other kind (spec 000: independent patterns, never one switch);
//! an op no pattern lowers stays, and the legality check names it.
//!
//! | file | atom | lowers to |
//! |---|---|---|
//! | [`sm80::cp_async`] | `simt_async_copy` (SM80) | `nvvm.cp.async.shared.global` (`.ca` 4/8 bytes, `.cg` 16) |
//! | [`sm80::matrix_copy`] | `ldsm` (SM75), `stsm` (SM90) | `nvvm.ldmatrix` / `nvvm.stmatrix` |
//! | [`sm80::mma_sync`] | `sm80.mma`, `sm80.sparse_mma`, `sm89.mma` | `nvvm.mma.sync`, `nvvm.mma.sp.sync`; FP8 (no NVVM op in LLVM 22): `llvm.inline_asm` |
//! | [`sm90::tma`] | `tma_load`, `tma_load_multicast`, `tma_store`, `tma_reduce` (`cute_nvgpu.tma.copy`, `tma.prefetch`); mbarriers | `nvvm.cp.async.bulk.tensor.*`, `nvvm.prefetch tensormap`, `nvvm.mbarrier.*` |
//! | [`sm100::tmem_cache`] | `arch.sm100.retrieve_tmem_ptr` (the per-function cache, before the patterns) | `nvvm.tcgen05.alloc` / `relinquish_alloc_permit` / `dealloc`, fences, a CTA barrier |
//! | [`sm100::tmem`] | `tmem_load` / `tmem_store` atoms, `cp_async.s2t` | `nvvm.tcgen05.ld` / `st` / `wait` / `cp` |
//! | [`sm100::tcgen05`] | the `arch.sm100.*` tcgen05 ops (`tmem_load/store {shape}`, `load/store_b8x256`, `wait`, `fence`, `shift`, `commit[_multicast]`, `mma`) and `arch.copy.SM100.copy_s2t` | one `nvvm.tcgen05.*` op each |
//! | [`sm100::umma`] | `sm100.mma` (dense, `ss` / `ts`) | `nvvm.tcgen05.mma` on UMMA descriptors (`layout::gmma::make_umma_desc`) and the instruction descriptor (`nvgpu::umma`) |
//! | [`sm90::wgmma`] | `sm90.mma` (`ss`); `cute_nvgpu.gmma.descriptor` | `nvvm.wgmma.mma_async` on GMMA descriptors (`layout::gmma`) |
//! | [`sm90::operand_fence`] | (after the calls are lowered) | every register fragment of a `wgmma.mma_async` pinned before its group's fence and after its wait (issue 36) |
//!
//! | [`fast_math`] | `math.tanh` / `exp2` / `exp` with `fastmath<afn>` (f32) | `llvm.intr.tanh` / `exp2` with `afn`: `tanh.approx.f32`, `ex2.approx.f32` |
//! | [`fast_math`] | `arith.maxnumf` / `minnumf`, `math.fma` (f32) | `llvm.intr.maxnum` / `minnum` / `fma`: `max.f32`, `min.f32`, `fma.rn.f32` (not libdevice's `fmaxf`, `fmaf`) |
//!
//! [`atom_builders`] is the stage before (`cute-nvgpu-expand-atoms`, spec
//! 000's WGMMA and IMMA rewriters), run right after `cute-desugar`.
//! SM120's block-scaled `mma.sync` is a register MMA: [`sm80::mma_sync`].
//! Before the patterns: the CTA-group check, the TMEM allocation cache and
//! the mbarrier globals ([`sm100::tmem_cache`], [`sm100::umma`]); after them, the
//! WGMMA register pins ([`sm90::operand_fence`]).

pub mod atom_builders;
pub mod fast_math;
pub mod sm100;
pub mod sm80;
pub mod sm90;

// The atom files reach their siblings and the shared atom-call helpers
// through this module (`super::super::tcgen05`, `super::super::view_layout`).
pub(crate) use super::cute_to_llvm::atom_operands::*;
pub(crate) use sm100::{tcgen05, tmem};
pub(crate) use sm90::wgmma;

use super::{check_legal_except, erase_dead_values};
use crate::passes::rewrite::{apply_phases, PassError, Pattern};
use melior::ir::{operation::OperationLike, OperationRef};

/// What the SM-tier atom patterns create besides `cute-to-llvm`'s (`cute_to_llvm::EMITTED`): the
/// NVVM instructions (the nvvm dialect must be loaded where they run, as in
/// `cute-to-nvvm`; elsewhere the pattern set reports it missing).
pub(crate) const ATOM_OPS: &[&str] = &[
    "nvvm.cp.async.shared.global",
    "nvvm.ldmatrix",
    "nvvm.stmatrix",
    "nvvm.mma.sync",
    "nvvm.mma.sp.sync",
    "nvvm.mma.block_scale",
    "arith.bitcast",
    "nvvm.wgmma.mma_async",
    "nvvm.cp.async.bulk.tensor.shared.cluster.global",
    "nvvm.cp.async.bulk.tensor.global.shared.cta",
    "nvvm.cp.async.bulk.tensor.reduce",
    "nvvm.cp.async.bulk.tensor.prefetch",
    "nvvm.prefetch",
    "nvvm.mbarrier.init",
    "nvvm.mbarrier.arrive",
    "nvvm.mbarrier.arrive.expect_tx",
    "nvvm.mbarrier.try_wait.parity",
    "nvvm.tcgen05.alloc",
    "nvvm.tcgen05.dealloc",
    "nvvm.tcgen05.ld",
    "nvvm.tcgen05.st",
    "nvvm.tcgen05.wait",
    "nvvm.tcgen05.commit",
    "nvvm.tcgen05.mma",
    "nvvm.tcgen05.cp",
    "nvvm.fence.mbarrier.init",
    "nvvm.read.ptx.sreg.cluster.ctarank",
    "llvm.icmp",
    "scf.if",
    "scf.yield",
    "llvm.addrspacecast",
    "nvvm.wgmma.commit.group.sync.aligned",
    "nvvm.wgmma.wait.group.sync.aligned",
    "llvm.mlir.zero",
    "llvm.extractelement",
    "llvm.insertelement",
    "llvm.bitcast",
    "llvm.shufflevector",
    "llvm.inline_asm",
];

/// `cute-nvgpu-to-nvvm`'s bank: the SM-tier atom calls, one pattern per
/// atom kind, each declining the others (spec 000: independent patterns).
pub static NVGPU_PATTERNS: &[Pattern] = &[
    Pattern { root: "math.tanh", rewrite: fast_math::lower, generated: fast_math::FAST_MATH_OPS },
    Pattern { root: "math.exp2", rewrite: fast_math::lower, generated: fast_math::FAST_MATH_OPS },
    Pattern { root: "math.exp", rewrite: fast_math::lower, generated: fast_math::FAST_MATH_OPS },
    Pattern { root: "arith.maxnumf", rewrite: fast_math::lower_exact, generated: fast_math::FAST_MATH_OPS },
    Pattern { root: "arith.minnumf", rewrite: fast_math::lower_exact, generated: fast_math::FAST_MATH_OPS },
    Pattern { root: "math.fma", rewrite: fast_math::lower_exact, generated: fast_math::FAST_MATH_OPS },
    Pattern { root: "cute.copy_atom_call", rewrite: sm80::cp_async::lower, generated: ATOM_OPS },
    Pattern { root: "cute.copy_atom_call", rewrite: sm80::matrix_copy::lower, generated: ATOM_OPS },
    Pattern { root: "cute.mma_atom_call", rewrite: sm80::mma_sync::lower, generated: ATOM_OPS },
    Pattern { root: "cute.mma_atom_call", rewrite: sm90::wgmma::lower, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.gmma.descriptor", rewrite: sm90::wgmma::lower_descriptor_op, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.register.accumulator", rewrite: sm90::wgmma::lower_register_accumulator, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.atom", rewrite: sm90::wgmma::lower_payload, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.atom", rewrite: sm100::umma::lower_payload, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.tma.copy", rewrite: sm90::tma::lower_copy, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.tma.prefetch", rewrite: sm90::tma::lower_prefetch, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.mbarrier.init", rewrite: sm90::tma::lower_mbarrier_init, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.mbarrier.arrive", rewrite: sm90::tma::lower_mbarrier_arrive, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.mbarrier.wait", rewrite: sm90::tma::lower_mbarrier_wait, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.tmem_alloc", rewrite: sm100::tcgen05::lower_one_to_one, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.tmem_dealloc", rewrite: sm100::tcgen05::lower_one_to_one, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.relinquish_alloc_permit", rewrite: sm100::tcgen05::lower_one_to_one, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.shift", rewrite: sm100::tcgen05::lower_one_to_one, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.commit", rewrite: sm100::tcgen05::lower_one_to_one, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.commit_multicast", rewrite: sm100::tcgen05::lower_one_to_one, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.tmem_load", rewrite: sm100::tcgen05::lower_load, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.load_b8x256", rewrite: sm100::tcgen05::lower_load, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.tmem_store", rewrite: sm100::tcgen05::lower_store, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.store_b8x256", rewrite: sm100::tcgen05::lower_store, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.wait", rewrite: sm100::tcgen05::lower_wait_or_fence, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.fence", rewrite: sm100::tcgen05::lower_wait_or_fence, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.copy.SM100.copy_s2t", rewrite: sm100::tcgen05::lower_copy_s2t, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.arch.sm100.mma", rewrite: sm100::tcgen05::lower_mma, generated: ATOM_OPS },
    Pattern { root: "cute.copy_atom_call", rewrite: sm100::tmem::lower_copy, generated: ATOM_OPS },
    Pattern { root: "cute_nvgpu.cp_async.s2t", rewrite: sm100::tmem::lower_cp_async_s2t, generated: ATOM_OPS },
    Pattern { root: "cute.mma_atom_call", rewrite: sm100::umma::lower, generated: ATOM_OPS },
];

/// `docs/Passes.md`'s example of `cute-nvgpu-to-nvvm` (tests/docs.rs runs it).
pub const NVGPU_EXAMPLE_BEFORE: &str = r#"
!g = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"8:1">>
func.func @stage(%a: !cute_nvgpu.atom.simt_async_copy<16, f16>, %g: !g, %s: !s) {
  cute.copy_atom_call %a, %g, %s : !cute_nvgpu.atom.simt_async_copy<16, f16>, !g, !s
  return
}"#;
pub const NVGPU_EXAMPLE_AFTER: &str = r#"
module {
  func.func @stage(%arg0: !cute_nvgpu.atom.simt_async_copy<16, f16>, %arg1: !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>, %arg2: !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"8:1">>) {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = builtin.unrealized_conversion_cast %arg1 : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">> to !llvm.struct<(ptr<1>, struct<(i32, i32)>)>
    %2 = llvm.extractvalue %1[0] : !llvm.struct<(ptr<1>, struct<(i32, i32)>)> 
    %3 = llvm.getelementptr %2[%0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %4 = builtin.unrealized_conversion_cast %arg2 : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"8:1">> to !llvm.struct<(ptr<3>, struct<(i32, i32)>)>
    %5 = llvm.extractvalue %4[0] : !llvm.struct<(ptr<3>, struct<(i32, i32)>)> 
    %6 = llvm.getelementptr %5[%0] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
    nvvm.cp.async.shared.global %6, %3, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>
    return
  }
}"#;

/// `cute-nvgpu-to-nvvm`: the SM-tier atom calls to NVVM (after
/// `cute-to-llvm`, whose casts they read through).
pub fn run(root: OperationRef) -> Result<(), PassError> {
    {
        let borrowed = crate::handle::BorrowedContext::of(&root);
        sm100::tmem_cache::check_cta_groups(root)?;
        sm100::tmem_cache::lower_retrievals(borrowed.get(), root)?;
        sm100::umma::lower_mbarrier_allocations(borrowed.get(), root)?;
    }
    apply_phases(root, "cute-nvgpu-to-nvvm", &[NVGPU_PATTERNS])?;
    check_legal_except(root, "cute-nvgpu-to-nvvm", |_| false)?;
    sm90::operand_fence::pin_wgmma_register_operands(root)?;
    erase_dead_values(root);
    if !root.verify() {
        return Err(failed_nvgpu(root, "internal error: the lowered IR does not verify (diagnostics above)".into()));
    }
    Ok(())
}

/// A failure of `cute-nvgpu-to-nvvm`'s steps before its patterns (the TMEM
/// cache, the mbarrier globals, the CTA-group check).
fn failed_nvgpu(op: OperationRef, message: String) -> PassError {
    crate::ffi::emit_op_error(op, &format!("cute-nvgpu-to-nvvm: {message}"));
    PassError::Reported
}
