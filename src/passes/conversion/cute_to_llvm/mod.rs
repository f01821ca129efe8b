//! `cute-to-llvm` (spec 000 "Bulk cute -> LLVM Pattern Bank"): cute values
//! become LLVM structs and integers, and the algebra on run-time leaves
//! becomes `arith` arithmetic derived by the Rust algebra itself.
//!
//! | file | what |
//! |---|---|
//! | [`values`] | the LLVM form of each cute type, casts, pack/unpack |
//! | [`signatures`] | `func.func` / `func.call` / `func.return` boundaries |
//! | [`tuples`] | `cute.static`, `make_int_tuple`, `get_leaves` |
//! | [`algebra`] | every algebra op through one generic lowering |
//! | [`memory`] | pointers, views, descriptor iterators, load/store, partitions |
//! | [`storage`] | `alloc_smem` (a module-level shared-memory global), `alloc_rmem` (a register fragment) |
//! | [`universal`] | calls of the target-neutral atoms: `universal_copy` (vectorized `llvm.load`/`llvm.store`), `universal_fma` (`llvm.intr.fma`) |
//! | [`atom_operands`] | what every atom-call pattern reads (also `cute-nvgpu-to-nvvm`'s) |
//!
//! The C API has no dialect conversion, so the pass is Rust patterns with
//! `builtin.unrealized_conversion_cast` bridges: a lowered op's result is
//! cast back to its cute type for its users, whose own lowering looks
//! through that cast. After the patterns nothing of `cute` may be left but
//! those casts (a diagnostic names any op that stays); the composite
//! `cute-lower-to-llvm` ends with `reconcile-unrealized-casts`, which
//! removes them.

pub mod algebra;
pub mod atom_operands;
pub mod coordinates;
pub mod memory;
pub mod partition;
pub mod signatures;
pub mod storage;
pub mod tuples;
pub mod universal;
pub mod values;

use crate::handle::CheckedAccess;
use super::{check_legal_except, erase_dead_values};
use crate::passes::rewrite::{Lowered, PassError, Pattern, PatternError, apply_phases};
use crate::handle::BorrowedContext;
use melior::{
    ir::{operation::OperationLike, OperationRef, Value, ValueLike},
    Context, PatternRewriter,
};

/// The composite pipeline `cute-lower-to-llvm` runs (ARCHITECTURE.md
/// "Lowering decisions"; issue 10's pipeline).
pub const LOWER_TO_LLVM: &str = "cute-desugar,cute-nvgpu-expand-atoms,cute-to-llvm,cute-nvgpu-to-nvvm,convert-scf-to-cf,convert-arith-to-llvm,\
convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts";

/// `docs/Passes.md`'s example (tests/docs.rs runs it).
pub const EXAMPLE_BEFORE: &str = r#"
func.func @size(%m: i32) -> i32 {
  %s = cute.make_int_tuple(%m) : (i32) -> !cute.shape<"(?,4)">
  %n = cute.size(%s) : (!cute.shape<"(?,4)">) -> !cute.int_tuple<"?">
  %r = cute.get_leaves %n : !cute.int_tuple<"?"> -> i32
  return %r : i32
}"#;
// Fields are read through the structs that built them; what is left unused
// is erased (casts still in use stay until `reconcile-unrealized-casts`).
pub const EXAMPLE_AFTER: &str = r#"
module {
  func.func @size(%arg0: i32) -> i32 {
    %0 = llvm.mlir.constant(4 : i32) : i32
    %1 = llvm.mul %arg0, %0 : i32
    return %1 : i32
  }
}"#;

/// An algebra op lowered through [`algebra::lower`] with `compute`.
macro_rules! via_algebra {
    ($name:ident, $compute:path) => {
        fn $name<'c, 'a>(
            context: &'c Context,
            op: OperationRef<'c, 'a>,
            rewriter: &PatternRewriter,
        ) -> Result<Vec<Value<'c, 'a>>, PatternError> {
            algebra::lower(context, op, rewriter, $compute)
        }
    };
}

via_algebra!(lower_make_layout_raw, algebra::make_layout);
via_algebra!(lower_get_shape, algebra::get_shape);
via_algebra!(lower_get_stride, algebra::get_stride);
via_algebra!(lower_identity, algebra::identity);
via_algebra!(lower_composition, algebra::composition);
via_algebra!(lower_logical_divide, algebra::logical_divide);
via_algebra!(lower_zipped_divide, algebra::zipped_divide);
via_algebra!(lower_tiled_divide, algebra::tiled_divide);
via_algebra!(lower_flat_divide, algebra::flat_divide);
via_algebra!(lower_crd2idx, algebra::crd2idx);
via_algebra!(lower_idx2crd, algebra::idx2crd);
via_algebra!(lower_get_or_select, algebra::get_or_select_op);
via_algebra!(lower_cosize, algebra::cosize);
via_algebra!(lower_flatten, algebra::flatten);
via_algebra!(lower_make_identity_layout, algebra::make_identity_layout);
via_algebra!(lower_tuple_product, algebra::tuple_product);
via_algebra!(lower_tuple_product_each, algebra::tuple_product_each);
via_algebra!(lower_right_inverse, algebra::right_inverse);
via_algebra!(lower_left_inverse, algebra::left_inverse);
via_algebra!(lower_logical_product, algebra::logical_product);
via_algebra!(lower_zipped_product, algebra::zipped_product);
via_algebra!(lower_tiled_product, algebra::tiled_product);
via_algebra!(lower_flat_product, algebra::flat_product);
via_algebra!(lower_blocked_product, algebra::blocked_product);
via_algebra!(lower_raked_product, algebra::raked_product);
via_algebra!(lower_tuple_add, algebra::tuple_add);
via_algebra!(lower_tuple_sub, algebra::tuple_sub);
via_algebra!(lower_tuple_mul, algebra::tuple_mul);
via_algebra!(lower_tuple_div, algebra::tuple_div);
via_algebra!(lower_tuple_mod, algebra::tuple_mod);
via_algebra!(lower_size, algebra::size);
via_algebra!(lower_ceil_div, algebra::ceil_div);
via_algebra!(lower_shape_div, algebra::shape_div);
via_algebra!(lower_layout_slice, algebra::slice);

/// `cute.slice` of a layout (a view's slice is memory.rs's).
fn lower_slice<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    if matches!(values::CuteValue::of(op.operand(0)?.r#type())?, Some(values::CuteValue::View(..))) {
        return Err(PatternError::NoMatch);
    }
    lower_layout_slice(context, op, rewriter)
}
via_algebra!(lower_coalesce, algebra::coalesce);
via_algebra!(lower_filter_zeros, algebra::filter_zeros);
via_algebra!(lower_filter, algebra::filter);
via_algebra!(lower_group_modes, algebra::group_modes);
via_algebra!(lower_complement, algebra::complement);
via_algebra!(lower_dice, algebra::dice);

pub(crate) const CAST: &str = "builtin.unrealized_conversion_cast";
/// Every op a pattern of the bank may create (checked to be registered before
/// the pass runs): LLVM ops and constants (as spec 000's walks: `llvm.mul`,
/// `llvm.extractvalue`, `llvm.mlir.constant`, ...), `arith.index_cast` for
/// `index` leaves, and the casts that bridge cute values.
pub(crate) const EMITTED: &[&str] = &[
    CAST,
    "llvm.mlir.undef",
    "llvm.mlir.constant",
    "llvm.insertvalue",
    "llvm.extractvalue",
    "llvm.getelementptr",
    "llvm.load",
    "llvm.store",
    "llvm.insertelement",
    "llvm.extractelement",
    "arith.bitcast",
    "llvm.inttoptr",
    "llvm.ptrtoint",
    "llvm.add",
    "llvm.sub",
    "llvm.mul",
    "llvm.sdiv",
    "llvm.srem",
    "llvm.udiv",
    "llvm.shl",
    "llvm.lshr",
    "llvm.and",
    "llvm.xor",
    "llvm.or",
    "llvm.zext",
    "llvm.sext",
    "llvm.trunc",
    "llvm.icmp",
    "llvm.select",
    "llvm.intr.ctlz",
    "llvm.intr.fma",
    "arith.index_cast",
];

/// The bank: one flat list, no branch on target (spec 000).
pub static PATTERNS: &[Pattern] = &[
    Pattern { root: "cute.static", rewrite: tuples::lower_static, generated: EMITTED },
    Pattern { root: "cute.make_int_tuple", rewrite: tuples::lower_make_int_tuple, generated: EMITTED },
    Pattern { root: "cute.get_leaves", rewrite: tuples::lower_get_leaves, generated: EMITTED },
    Pattern { root: "cute.tuple_eq", rewrite: tuples::lower_tuple_eq, generated: EMITTED },
    Pattern { root: "cute.make_layout_raw", rewrite: lower_make_layout_raw, generated: EMITTED },
    Pattern { root: "cute.get_shape", rewrite: lower_get_shape, generated: EMITTED },
    Pattern { root: "cute.get_stride", rewrite: lower_get_stride, generated: EMITTED },
    Pattern { root: "cute.derefine", rewrite: lower_identity, generated: EMITTED },
    Pattern { root: "cute.to_int_tuple", rewrite: lower_identity, generated: EMITTED },
    Pattern { root: "cute.to_shape", rewrite: lower_identity, generated: EMITTED },
    Pattern { root: "cute.to_stride", rewrite: lower_identity, generated: EMITTED },
    Pattern { root: "cute.to_coord", rewrite: lower_identity, generated: EMITTED },
    Pattern { root: "cute.composition", rewrite: lower_composition, generated: EMITTED },
    Pattern { root: "cute.logical_divide", rewrite: lower_logical_divide, generated: EMITTED },
    Pattern { root: "cute.zipped_divide", rewrite: lower_zipped_divide, generated: EMITTED },
    Pattern { root: "cute.tiled_divide", rewrite: lower_tiled_divide, generated: EMITTED },
    Pattern { root: "cute.flat_divide", rewrite: lower_flat_divide, generated: EMITTED },
    Pattern { root: "cute.crd2idx", rewrite: lower_crd2idx, generated: EMITTED },
    Pattern { root: "cute.layout_eval", rewrite: lower_crd2idx, generated: EMITTED },
    Pattern { root: "cute.idx2crd", rewrite: lower_idx2crd, generated: EMITTED },
    Pattern { root: "cute.get", rewrite: lower_get_or_select, generated: EMITTED },
    Pattern { root: "cute.select", rewrite: lower_get_or_select, generated: EMITTED },
    Pattern { root: "cute.cosize", rewrite: lower_cosize, generated: EMITTED },
    Pattern { root: "cute.flatten", rewrite: lower_flatten, generated: EMITTED },
    Pattern { root: "cute.make_identity_layout", rewrite: lower_make_identity_layout, generated: EMITTED },
    Pattern { root: "cute.tuple_product", rewrite: lower_tuple_product, generated: EMITTED },
    Pattern { root: "cute.tuple_product_each", rewrite: lower_tuple_product_each, generated: EMITTED },
    Pattern { root: "cute.right_inverse", rewrite: lower_right_inverse, generated: EMITTED },
    Pattern { root: "cute.left_inverse", rewrite: lower_left_inverse, generated: EMITTED },
    Pattern { root: "cute.logical_product", rewrite: lower_logical_product, generated: EMITTED },
    Pattern { root: "cute.zipped_product", rewrite: lower_zipped_product, generated: EMITTED },
    Pattern { root: "cute.tiled_product", rewrite: lower_tiled_product, generated: EMITTED },
    Pattern { root: "cute.flat_product", rewrite: lower_flat_product, generated: EMITTED },
    Pattern { root: "cute.blocked_product", rewrite: lower_blocked_product, generated: EMITTED },
    Pattern { root: "cute.raked_product", rewrite: lower_raked_product, generated: EMITTED },
    Pattern { root: "cute.tuple_add", rewrite: lower_tuple_add, generated: EMITTED },
    Pattern { root: "cute.tuple_sub", rewrite: lower_tuple_sub, generated: EMITTED },
    Pattern { root: "cute.tuple_mul", rewrite: lower_tuple_mul, generated: EMITTED },
    Pattern { root: "cute.tuple_div", rewrite: lower_tuple_div, generated: EMITTED },
    Pattern { root: "cute.tuple_mod", rewrite: lower_tuple_mod, generated: EMITTED },
    Pattern { root: "cute.size", rewrite: lower_size, generated: EMITTED },
    Pattern { root: "cute.ceil_div", rewrite: lower_ceil_div, generated: EMITTED },
    Pattern { root: "cute.shape_div", rewrite: lower_shape_div, generated: EMITTED },
    Pattern { root: "cute.slice", rewrite: partition::lower_view_slice, generated: EMITTED },
    Pattern { root: "cute.slice", rewrite: lower_slice, generated: EMITTED },
    Pattern { root: "cute.coalesce", rewrite: lower_coalesce, generated: EMITTED },
    Pattern { root: "cute.filter_zeros", rewrite: lower_filter_zeros, generated: EMITTED },
    Pattern { root: "cute.filter", rewrite: lower_filter, generated: EMITTED },
    Pattern { root: "cute.group_modes", rewrite: lower_group_modes, generated: EMITTED },
    Pattern { root: "cute.complement", rewrite: lower_complement, generated: EMITTED },
    Pattern { root: "cute.dice", rewrite: lower_dice, generated: EMITTED },
    Pattern { root: "cute.make_atom", rewrite: tuples::lower_atom, generated: EMITTED },
    Pattern { root: "cute.make_tiled_copy", rewrite: tuples::lower_atom, generated: EMITTED },
    Pattern { root: "cute.make_tiled_mma", rewrite: tuples::lower_atom, generated: EMITTED },
    Pattern { root: "cute.make_tiled_copy_A", rewrite: tuples::lower_atom, generated: EMITTED },
    Pattern { root: "cute.make_tiled_copy_B", rewrite: tuples::lower_atom, generated: EMITTED },
    Pattern { root: "cute.make_tiled_copy_C", rewrite: tuples::lower_atom, generated: EMITTED },
    // Calls of the target-neutral atoms (the SM-tier atoms are
    // `cute-nvgpu-to-nvvm`'s, NVGPU_PATTERNS).
    Pattern { root: "cute.copy_atom_call", rewrite: universal::lower_copy_atom_call, generated: EMITTED },
    Pattern { root: "cute.mma_atom_call", rewrite: universal::lower_mma_atom_call, generated: EMITTED },
    Pattern { root: "cute.make_view", rewrite: memory::lower_make_view, generated: EMITTED },
    Pattern { root: "cute.make_identity_tensor", rewrite: coordinates::lower_make_identity_tensor, generated: EMITTED },
    Pattern { root: "cute.get_layout", rewrite: memory::lower_get_layout, generated: EMITTED },
    Pattern { root: "cute.get_iter", rewrite: memory::lower_get_iter, generated: EMITTED },
    Pattern { root: "cute.deref_desc_iter", rewrite: memory::lower_deref_desc_iter, generated: EMITTED },
    Pattern { root: "cute.add_offset", rewrite: memory::lower_add_offset, generated: EMITTED },
    Pattern { root: "cute.load", rewrite: memory::lower_load, generated: EMITTED },
    Pattern { root: "cute.store", rewrite: memory::lower_store, generated: EMITTED },
    Pattern { root: "cute.load_vec", rewrite: memory::lower_load_vec, generated: EMITTED },
    Pattern { root: "cute.store_vec", rewrite: memory::lower_store_vec, generated: EMITTED },
    Pattern { root: "cute.local_tile", rewrite: partition::lower_local_partition, generated: EMITTED },
    Pattern { root: "cute.local_partition", rewrite: partition::lower_local_partition, generated: EMITTED },
    Pattern { root: "cute.inttoptr", rewrite: memory::lower_pointer_cast, generated: EMITTED },
    Pattern { root: "cute.ptrtoint", rewrite: memory::lower_pointer_cast, generated: EMITTED },
    Pattern { root: "cute.recast", rewrite: memory::lower_pointer_cast, generated: EMITTED },
    Pattern { root: "cute.tile_partition", rewrite: partition::lower_tile_partition, generated: EMITTED },
    Pattern { root: "cute.tiled.copy.partition_S", rewrite: partition::lower_tiled_copy_partition, generated: EMITTED },
    Pattern { root: "cute.tiled.copy.partition_D", rewrite: partition::lower_tiled_copy_partition, generated: EMITTED },
    Pattern { root: "cute.tiled.copy.retile", rewrite: partition::lower_retile, generated: EMITTED },
    Pattern { root: "cute.tiled.mma.partition_A", rewrite: partition::lower_tiled_mma_partition, generated: EMITTED },
    Pattern { root: "cute.tiled.mma.partition_B", rewrite: partition::lower_tiled_mma_partition, generated: EMITTED },
    Pattern { root: "cute.tiled.mma.partition_C", rewrite: partition::lower_tiled_mma_partition, generated: EMITTED },
];

/// Atom calls `cute-to-llvm` leaves to `cute-nvgpu-to-nvvm`: those of the
/// SM-tier atoms (spec 002: the target-neutral conversion does not choose
/// SM instructions).
fn is_sm_atom_call(op: OperationRef) -> bool {
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    // The WGMMA rewriter's ops (spec 000), lowered with the SM90 atoms.
    if name.starts_with("cute_nvgpu.tma.")
        || name == "cute_nvgpu.cp_async.s2t"
        || name == "cute_nvgpu.mbarrier.init"
        || name.starts_with("cute_nvgpu.arch.mbarrier.")
        || name.starts_with("cute_nvgpu.arch.sm100.")
        || name.starts_with("cute_nvgpu.arch.copy.SM100.")
        || matches!(name.as_str(), "cute_nvgpu.gmma.descriptor" | "cute_nvgpu.register.accumulator" | "cute_nvgpu.atom")
    {
        return true;
    }
    if name != "cute.copy_atom_call" && name != "cute.mma_atom_call" {
        return false;
    }
    let Some(atom) = op.operand_if(0) else { return false };
    let ty = atom.r#type();
    let atom = crate::dialect::composite_parts(ty).and_then(|p| p.atom).unwrap_or(ty);
    !matches!(
        crate::dialect::nvgpu::Atom::of(atom),
        None | Some(crate::dialect::nvgpu::Atom::UniversalCopy { .. }) | Some(crate::dialect::nvgpu::Atom::UniversalFma { .. })
    )
}


pub fn run(root: OperationRef) -> Result<(), PassError> {
    let context = BorrowedContext::of(&root);
    signatures::convert(context.get(), root)?;
    storage::lower(context.get(), root)?;
    apply_phases(root, "cute-to-llvm", &[PATTERNS])?;
    check_legal_except(root, "cute-to-llvm", is_sm_atom_call)?;
    erase_dead_values(root);
    // The pipelines verify only at their end; a lowering bug that built
    // invalid LLVM IR must stop here with the verifier's diagnostic, not
    // crash a later conversion or the translation.
    if !root.verify() {
        return Err(failed(root, "internal error: the lowered IR does not verify (diagnostics above)".into()));
    }
    Ok(())
}

/// Reports `message` on `op` (outside a pattern: the steps before the bank).
fn failed(op: OperationRef, message: String) -> PassError {
    crate::ffi::emit_op_error(op, &format!("cute-to-llvm: {message}"));
    PassError::Reported
}

