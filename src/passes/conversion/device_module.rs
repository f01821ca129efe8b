//! The device module as a unit (issue 27 item 1): the two passes that let a
//! kernel written in either form reach PTX by every route.
//!
//! - `cute-kernels-to-gpu-module` (first step of `cute-to-nvvm`): spec 002
//!   writes kernels as top-level `func.func ... attributes {cute.kernel}` in
//!   a module that carries `cute_nvgpu.target`; the GPU conversions
//!   (`convert-gpu-to-nvvm`: thread and block indices, barriers) and
//!   `gpu-module-to-binary` only act inside a `gpu.module`. Such a module is
//!   device code as a whole, so its body moves into one `gpu.module
//!   @cute_kernels` (with its target), and the module becomes a GPU
//!   container. A module that already has gpu.modules keeps its form; a
//!   `cute.kernel` outside them is then refused, naming what to do.
//! - `cute-extract-device-module` (the last step of
//!   `cute-to-nvvm{... extract-device-module=true}`, and of
//!   `cute compile --emit llvm`): `mlir-translate --mlir-to-llvmir` translates
//!   nothing inside a `gpu.module`, so the device code becomes the
//!   translation unit: the bodies of the gpu.modules replace the module's
//!   body (host code is dropped), with the NVPTX target triple; what is left
//!   is the LLVM and NVVM dialects only, ready for stock
//!   `mlir-translate-22 --mlir-to-llvmir | llc-22 -march=nvptx64 -mcpu=<chip>`.

use crate::passes::rewrite::PassError;
use crate::ffi::emit_op_error;
use melior::ir::{
    attribute::{Attribute, StringAttribute},
    operation::{OperationBuilder, OperationLike, OperationMutLike},
    Block, BlockLike, Identifier, OperationRef, Region, RegionLike,
};
use mlir_sys::MlirOperation;

pub const OUTLINE_EXAMPLE_BEFORE: &str = r#"
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
  func.func @k() attributes {cute.kernel} {
    %t = gpu.thread_id x
    return
  }
}"#;
pub const OUTLINE_EXAMPLE_AFTER: &str = r#"
module attributes {gpu.container_module} {
  gpu.module @cute_kernels attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_80">} {
    func.func @k() attributes {cute.kernel} {
      %thread_id_x = gpu.thread_id  x
      return
    }
  }
}"#;
pub const EXTRACT_EXAMPLE_BEFORE: &str = r#"
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx71">] {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
  func.func @host() {
    return
  }
}"#;
pub const EXTRACT_EXAMPLE_AFTER: &str = r#"
module attributes {llvm.target_triple = "nvptx64-nvidia-cuda"} {
  llvm.func @k() attributes {nvvm.kernel, target_cpu = "sm_80", target_features = #llvm.target_features<["+ptx71"]>} {
    llvm.return
  }
}"#;

/// The name of the gpu.module that `cute-kernels-to-gpu-module` creates.
pub const OUTLINED_MODULE: &str = "cute_kernels";
/// What LLVM's NVPTX back end is given.
pub const NVPTX_TRIPLE: &str = "nvptx64-nvidia-cuda";

fn is(op: &OperationRef, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

/// The top-level ops of `module` (its single block), in order.
fn top_level(module: OperationRef) -> Result<Vec<MlirOperation>, PassError> {
    if !is(&module, "builtin.module") {
        emit_op_error(module, "expected to run on a builtin.module");
        return Err(PassError::Reported);
    }
    let region = module.region(0).map_err(|e| PassError::Failed(e.to_string()))?;
    let Some(block) = region.first_block() else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    let mut op = block.first_operation();
    while let Some(current) = op {
        out.push(current.to_raw());
        op = current.next_in_block();
    }
    Ok(out)
}

fn is_kernel(op: &OperationRef) -> bool {
    (is(op, "func.func") || is(op, "llvm.func")) && op.has_attribute("cute.kernel")
}

/// `cute-kernels-to-gpu-module`.
pub fn outline_kernels(module: OperationRef) -> Result<(), PassError> {
    let ops = top_level(module)?;
    // SAFETY (every `from_raw` below): the handles were just read from the
    // live module, and nothing is erased while they are used.
    let view = |raw: MlirOperation| unsafe { OperationRef::from_raw(raw) };
    let has_gpu_module = ops.iter().any(|&raw| is(&view(raw), "gpu.module"));
    let kernels: Vec<MlirOperation> = ops.iter().copied().filter(|&raw| is_kernel(&view(raw))).collect();
    if kernels.is_empty() {
        return Ok(());
    }
    if has_gpu_module {
        for &raw in &kernels {
            emit_op_error(
                view(raw),
                "is a cute.kernel outside the module's gpu.modules: move it into one of them (a module with \
                 top-level cute.kernel functions and no gpu.module is compiled as one device module)",
            );
        }
        return Err(PassError::Reported);
    }
    let borrowed = crate::handle::BorrowedContext::of(&module);
    let context = borrowed.get();
    let location = module.location();
    let body = Block::new(&[]);
    let region = Region::new();
    let mut attributes = vec![(Identifier::new(context, "sym_name"), StringAttribute::new(context, OUTLINED_MODULE).into())];
    // The module's target goes with its device code (cute-check-target
    // compares it with the chip compiled for).
    if let Ok(target) = module.attribute("cute_nvgpu.target") {
        attributes.push((Identifier::new(context, "cute_nvgpu.target"), target));
    }
    let body_ref = region.append_block(body);
    let gpu_module = OperationBuilder::new("gpu.module", location)
        .add_attributes(&attributes)
        .add_regions([region])
        .build()
        .map_err(|e| PassError::Failed(format!("cute-kernels-to-gpu-module: cannot build the gpu.module: {e}")))?;
    for raw in ops {
        // SAFETY: each op is detached from the module and appended, owned,
        // to the new gpu.module's block.
        unsafe {
            mlir_sys::mlirOperationRemoveFromParent(raw);
            mlir_sys::mlirBlockAppendOwnedOperation(body_ref.to_raw(), raw);
        }
    }
    let module_region = module.region(0).map_err(|e| PassError::Failed(e.to_string()))?;
    let module_block = module_region.first_block().ok_or_else(|| PassError::Failed("the module has no block".into()))?;
    module_block.append_operation(gpu_module);
    // SAFETY: attribute edits on the live module keep it valid.
    let mut module_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(module.to_raw()) };
    let _ = module_mut.remove_attribute("cute_nvgpu.target");
    module_mut.set_attribute("gpu.container_module", Attribute::unit(context));
    Ok(())
}

/// `cute-extract-device-module`.
pub fn extract(module: OperationRef) -> Result<(), PassError> {
    let ops = top_level(module)?;
    // SAFETY: as in `outline_kernels`.
    let view = |raw: MlirOperation| unsafe { OperationRef::from_raw(raw) };
    let gpu_modules: Vec<MlirOperation> = ops.iter().copied().filter(|&raw| is(&view(raw), "gpu.module")).collect();
    if gpu_modules.is_empty() {
        emit_op_error(module, "cute-extract-device-module: the module has no gpu.module (no device code to extract)");
        return Err(PassError::Reported);
    }
    // Symbols must stay unique once the gpu.modules share one namespace.
    let mut symbols = std::collections::HashMap::new();
    let mut device_ops = Vec::new();
    let borrowed = crate::handle::BorrowedContext::of(&module);
    let context = borrowed.get();
    for &gpu_module in &gpu_modules {
        let gpu_view = view(gpu_module);
        // The module's chip and PTX version go to its functions, as LLVM's
        // "target-cpu" / "target-features": the LLVM IR then says what
        // `llc -mcpu -mattr` it needs (NVPTX takes `.version` from -mattr).
        let target = gpu_view.attribute("targets").map(|t| t.to_string()).unwrap_or_default();
        let cpu = quoted_field(&target, "chip = \"");
        let features = quoted_field(&target, "features = \"");
        let region = gpu_view.region(0).map_err(|e| PassError::Failed(e.to_string()))?;
        let Some(block) = region.first_block() else { continue };
        let mut op = block.first_operation();
        while let Some(current) = op {
            if let Ok(symbol) = current.attribute("sym_name") {
                let symbol = symbol.to_string();
                if let Some(first) = symbols.insert(symbol.clone(), gpu_view.attribute("sym_name").map(|a| a.to_string()).unwrap_or_default()) {
                    emit_op_error(
                        current,
                        &format!(
                            "cute-extract-device-module: symbol {symbol} is defined in gpu.module @{} and in another \
                             gpu.module; one translation unit needs unique symbols (rename one, or compile the modules apart)",
                            first.trim_matches('"')
                        ),
                    );
                    return Err(PassError::Reported);
                }
            }
            if current.name().as_string_ref().as_str() == Ok("llvm.func") {
                // SAFETY: attribute edits on a live op keep it valid.
                let mut func = unsafe { melior::ir::operation::OperationRefMut::from_raw(current.to_raw()) };
                if let Some(cpu) = cpu {
                    func.set_attribute("target_cpu", StringAttribute::new(context, cpu).into());
                }
                if let Some(attribute) = features.and_then(|f| super::nvvm_attrs::target_features(context, f).ok()) {
                    func.set_attribute("target_features", attribute);
                }
            }
            device_ops.push(current.to_raw());
            op = current.next_in_block();
        }
    }
    let module_region = module.region(0).map_err(|e| PassError::Failed(e.to_string()))?;
    let module_block = module_region.first_block().ok_or_else(|| PassError::Failed("the module has no block".into()))?;
    // SAFETY: the device ops move, owned, to the module's block; then the
    // host ops and the emptied gpu.modules, which nothing in the device code
    // references, are destroyed.
    unsafe {
        for raw in device_ops {
            mlir_sys::mlirOperationRemoveFromParent(raw);
            mlir_sys::mlirBlockAppendOwnedOperation(module_block.to_raw(), raw);
        }
        for raw in ops {
            mlir_sys::mlirOperationDestroy(raw);
        }
    }
    // The cute attributes that remain are launch facts for the host side
    // (`cute.dynamic_smem_bytes`, issue 34's metadata); the translation unit
    // is the LLVM and NVVM dialects only.
    for raw in crate::passes::rewrite::collect_ops(module, |op| op.attributes().any(|(name, _)| is_cute_attribute(name.as_string_ref().as_str().unwrap_or("")))) {
        // SAFETY: collected from the live IR; removing attributes keeps it valid.
        let mut op = unsafe { melior::ir::operation::OperationRefMut::from_raw(raw) };
        let names: Vec<String> = op
            .attributes()
            .filter_map(|(name, _)| name.as_string_ref().as_str().ok().filter(|n| is_cute_attribute(n)).map(str::to_string))
            .collect();
        for name in names {
            let _ = op.remove_attribute(&name);
        }
    }
    // SAFETY: attribute edits on the live module keep it valid.
    let mut module_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(module.to_raw()) };
    let _ = module_mut.remove_attribute("gpu.container_module");
    let _ = module_mut.remove_attribute("cute_nvgpu.target");
    module_mut.set_attribute("llvm.target_triple", StringAttribute::new(context, NVPTX_TRIPLE).into());
    Ok(())
}

fn is_cute_attribute(name: &str) -> bool {
    name.starts_with("cute.") || name.starts_with("cute_nvgpu.")
}

/// The quoted value after `key` in an attribute's text (`chip = "sm_80"`).
fn quoted_field<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let rest = &text[text.find(key)? + key.len()..];
    Some(&rest[..rest.find('"')?])
}
