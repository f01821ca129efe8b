//! `cute-check-target`: the first step of `cute-to-nvvm`. Each `gpu.module`
//! carrying an `#nvvm.target<chip = ...>` (from `nvvm-attach-target`) gets
//! the matching `cute_nvgpu.target` and is verified under it, so an atom the
//! chip lacks is reported by the registry's tier rule (spec 003), with the
//! atom and the chip named, before any lowering: never an llc abort in the
//! backend ("Cannot select"). A module already targeting another chip is
//! an error.

use crate::passes::rewrite::PassError;
use crate::ffi::emit_op_error;
use melior::ir::{attribute::{Attribute, AttributeLike}, operation::{OperationLike, OperationMutLike}, OperationRef};

pub const EXAMPLE_BEFORE: &str = r#"
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    func.func private @uses(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  }
}"#;
pub const EXAMPLE_AFTER: &str = r#"
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
    func.func private @uses(!cute_nvgpu.atom.ldsm<m8n8.x4>)
  }
}"#;

/// The chip of the gpu.module enclosing `op` (its `#nvvm.target`), if any.
pub fn enclosing_chip(op: OperationRef) -> Option<crate::target::Chip> {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        if parent.name().as_string_ref().as_str() == Ok("gpu.module") {
            return module_chip(parent).and_then(|t| crate::target::Chip::parse(&t.chip));
        }
        current = parent.parent_operation();
    }
    None
}

/// A gpu.module's `#nvvm.target` as NVVMTargetAttr holds it
/// (`cute_cpp_nvvm_target`): the attribute, its chip and its features.
struct NvvmTarget<'c> {
    attribute: Attribute<'c>,
    chip: String,
    features: String,
}

impl NvvmTarget<'_> {
    /// The `NN` of the `+ptxNN` feature.
    fn ptx(&self) -> Option<u32> {
        self.features.split(',').find_map(|f| f.strip_prefix("+ptx")).and_then(|v| v.parse().ok())
    }
}

fn module_chip<'c>(module: OperationRef<'c, '_>) -> Option<NvvmTarget<'c>> {
    let targets = melior::ir::attribute::ArrayAttribute::try_from(module.attribute("targets").ok()?).ok()?;
    let attribute = targets.element(0).ok()?;
    let empty = || mlir_sys::MlirStringRef { data: std::ptr::null(), length: 0 };
    let (mut chip, mut features) = (empty(), empty());
    // SAFETY: a live attribute; the strings are owned by the uniqued attribute.
    if !unsafe { crate::ffi::abi::cute_cpp_nvvm_target(attribute.to_raw(), &mut chip, &mut features) } {
        return None;
    }
    // The bytes as they are (melior's StringRef reads past an empty one).
    let text = |s: mlir_sys::MlirStringRef| -> Option<String> {
        if s.length == 0 {
            return Some(String::new());
        }
        // SAFETY: C++ handed a pointer and length into the uniqued
        // attribute's storage, alive as long as the context.
        let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) };
        std::str::from_utf8(bytes).ok().map(str::to_string)
    };
    Some(NvvmTarget { attribute, chip: text(chip)?, features: text(features)? })
}

/// The highest PTX version an atom type used in `module` needs (the
/// registry's one table, `records::record(..).min_ptx`); 0 if none.
fn required_ptx(module: OperationRef) -> u32 {
    use melior::ir::{BlockLike, RegionLike, ValueLike};
    let mut needed = 0;
    let mut see = |ty: melior::ir::Type| {
        let atom = crate::dialect::composite_parts(ty).and_then(|p| p.atom).unwrap_or(ty);
        if let Some(record) = crate::dialect::nvgpu::atom_record(atom) {
            needed = needed.max(record.min_ptx);
        }
    };
    module.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        for i in 0..op.result_count() {
            if let Ok(result) = op.result(i) {
                see(result.r#type());
            }
        }
        for i in 0..op.region_count() {
            let Ok(region) = op.region(i) else { continue };
            let mut block = region.first_block();
            while let Some(b) = block {
                for j in 0..b.argument_count() {
                    if let Ok(argument) = b.argument(j) {
                        see(argument.r#type());
                    }
                }
                block = b.next_in_region();
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    needed
}

/// Issue 34: a kernel that declares its block shape must give its tiled
/// MMAs and tiled copies the threads they partition over.
fn check_block_shapes(root: OperationRef) -> bool {
    let kernels = crate::passes::rewrite::collect_ops(root, crate::launch_info::is_kernel);
    let mut ok = true;
    for raw in kernels {
        // SAFETY: collected from the live IR; nothing is erased.
        let op = unsafe { OperationRef::from_raw(raw) };
        let Some(block) = crate::launch_info::declared_block(&op) else { continue };
        let declared: u32 = block.iter().product();
        if let Some((needed, ty)) = crate::launch_info::required_threads(op) {
            if needed > declared {
                emit_op_error(op, &format!("declares a block of {declared} threads ({block:?}), but {ty} partitions over {needed}"));
                ok = false;
            }
        }
    }
    ok
}

/// Issue 34: a kernel that issues for a CTA pair (`cta_group::2`: the
/// M = 256 UMMA, a paired S2T copy or TMEM op) or multicasts a TMA load must
/// declare its cluster (`nvvm.cluster_dim`, PTX `.reqnctapercluster`), one
/// of an even size for a pair and of more than one CTA for a multicast:
/// launched otherwise, the instructions address CTAs that do not exist.
fn check_cluster_shapes(root: OperationRef) -> bool {
    let kernels = crate::passes::rewrite::collect_ops(root, crate::launch_info::is_kernel);
    let mut ok = true;
    for raw in kernels {
        // SAFETY: collected from the live IR; nothing is erased.
        let kernel = unsafe { OperationRef::from_raw(raw) };
        let cluster = crate::launch_info::declared_cluster(&kernel);
        let size: u32 = cluster.map_or(1, |c| c.iter().product());
        let mut needs: Option<(OperationRef, bool)> = None;
        for inner in crate::passes::rewrite::collect_ops(kernel, |_| true) {
            // SAFETY: as above.
            let inner = unsafe { OperationRef::from_raw(inner) };
            let pair = super::nvgpu_to_nvvm::sm100::tmem_cache::tcgen05_cta_group(inner) == Some(2);
            let copies = matches!(inner.name().as_string_ref().as_str(), Ok("cute.copy_atom_call" | "cute.copy" | "cute_nvgpu.tma.copy"));
            let multicast = copies
                && inner.operand(0).ok().and_then(|a| {
                    let ty = melior::ir::ValueLike::r#type(&a);
                    crate::dialect::nvgpu::Atom::of(crate::dialect::composite_parts(ty).and_then(|p| p.atom).unwrap_or(ty))
                })
                    .is_some_and(|a| matches!(a, crate::dialect::nvgpu::Atom::Tma { tma, .. } if tma.mode == crate::dialect::nvgpu::atom::TmaMode::Multicast));
            let bad = (pair && size % 2 != 0) || (multicast && size < 2);
            if bad && needs.is_none() {
                needs = Some((inner, pair));
            }
        }
        if let Some((op, pair)) = needs {
            let declared = match cluster {
                Some(c) => format!("its kernel declares the cluster {c:?} ({size} CTAs)"),
                None => "its kernel declares no cluster (nvvm.cluster_dim)".to_string(),
            };
            let message = if pair {
                format!("issues for a CTA pair (cta_group::2), but {declared}: declare an even cluster, e.g. nvvm.cluster_dim = array<i32: 2, 1, 1>")
            } else {
                format!("multicasts a TMA load to the CTAs of its cluster, but {declared}: declare the cluster it multicasts to (nvvm.cluster_dim)")
            };
            emit_op_error(op, &message);
            ok = false;
        }
    }
    ok
}

pub fn run(root: OperationRef) -> Result<(), PassError> {
    if !check_cluster_shapes(root) {
        return Err(PassError::Reported);
    }
    if !check_block_shapes(root) {
        return Err(PassError::Reported);
    }
    let modules = crate::passes::rewrite::collect_ops(root, |op| op.name().as_string_ref().as_str() == Ok("gpu.module"));
    let mut failed = false;
    for raw in modules {
        // SAFETY: collected from the live IR; nothing is erased here.
        let op = unsafe { OperationRef::from_raw(raw) };
        let Some(nvvm) = module_chip(op) else { continue };
        let chip = nvvm.chip.clone();
        let borrowed = crate::handle::BorrowedContext::of(&op);
        let context = borrowed.get();
        let wanted = format!("#cute_nvgpu.target<\"{chip}\">");
        if let Ok(existing) = op.attribute("cute_nvgpu.target") {
            if existing.to_string() != wanted {
                emit_op_error(op, &format!("cute-check-target: the module targets {existing}, but it is compiled for {chip}"));
                failed = true;
            }
            continue;
        }
        let Ok(target) = crate::dialect::cute_attribute(context, &wanted) else {
            emit_op_error(op, &format!("cute-check-target: no cute_nvgpu target for chip '{chip}'"));
            failed = true;
            continue;
        };
        // SAFETY: the op is live; setting an attribute keeps it valid.
        let mut op_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) };
        op_mut.set_attribute("cute_nvgpu.target", target);
        if !op.verify() {
            failed = true;
            continue;
        }
        // The PTX version the module's atoms need (the registry's `min_ptx`),
        // where it is above the chip's own.
        let needed = required_ptx(op);
        let current_ptx = nvvm.ptx();
        let ptx = current_ptx.map(|current| current.max(needed));
        // The chip NVVM's op verifiers judge the module by, where LLVM 22's
        // NVVM dialect lags its back end (`target::Chip::nvvm_chip`): the
        // atoms were checked against the chip itself just above, and
        // `cute_nvgpu.target` keeps it for every later verification.
        let nvvm_chip = crate::target::Chip::parse(&chip).map_or(chip.as_str(), |c| c.nvvm_chip());
        if ptx != current_ptx || nvvm_chip != chip {
            let features: Vec<String> = nvvm
                .features
                .split(',')
                .filter(|f| !f.is_empty())
                .map(|f| match (f.strip_prefix("+ptx"), ptx) {
                    (Some(_), Some(v)) => format!("+ptx{v}"),
                    _ => f.to_string(),
                })
                .collect();
            let features = features.join(",");
            // SAFETY: a live #nvvm.target (module_chip read it); the copy
            // is uniqued in the same context; the strings outlive the call.
            let retargeted = unsafe {
                Attribute::from_raw(crate::ffi::abi::cute_cpp_nvvm_target_with(
                    nvvm.attribute.to_raw(),
                    melior::StringRef::new(nvvm_chip).to_raw(),
                    melior::StringRef::new(&features).to_raw(),
                ))
            };
            op_mut.set_attribute("targets", melior::ir::attribute::ArrayAttribute::new(context, &[retargeted]).into());
        }
    }
    if failed {
        Err(PassError::Reported)
    } else {
        Ok(())
    }
}
