//! cute IR to PTX (issue 11's path): the pass pipeline, for a chip of the
//! roster (`crate::target`), that takes a module with
//! `gpu.module` kernels written in cute IR down to NVVM, and the PTX that
//! MLIR's `gpu-module-to-binary` produces with LLVM's NVPTX back end.
//!
//! The same pipeline is the named pipeline `cute-to-nvvm{chip=...}` (from
//! mlir-opt-22 or `cute opt`), [`crate::Compiler::compile`] and
//! `cute compile FILE --chip CHIP`.

pub use crate::target::{chip, Chip, ROSTER};

/// What `cute compile` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// The module in the LLVM and NVVM dialects, kernels not yet serialized.
    Nvvm,
    /// LLVM IR text of the kernels: the module after `cute-to-nvvm{chip=C
    /// extract-device-module=true}`, translated as `mlir-translate-22
    /// --mlir-to-llvmir` does, ready for `llc-22` with [`Chip::llc_args`].
    Llvm,
    /// PTX assembly.
    Ptx,
    /// A cubin (ELF) for the chip: the PTX compiled by nvJitLink in
    /// process, or by ptxas (`crate::cubin`). Binary:
    /// [`crate::Compiler::compile_bytes`].
    Cubin,
}

/// The passes from cute IR to LLVM + NVVM dialect for `chip`, unanchored
/// (the body of `cute-to-nvvm`): desugar, the cute -> LLVM bank, the target
/// attached to every gpu.module, the GPU -> NVVM conversion inside kernels,
/// the host-side conversions, and the casts reconciled.
///
/// `cute-check-target` checks the atoms against the chip, then sets the
/// NVVM target to [`Chip::nvvm_chip`]: the chip NVVM's op verifiers judge
/// the module by, which is the chip itself except where LLVM 22's NVVM
/// dialect lags LLVM's back end.
pub fn nvvm_passes(chip: Chip) -> String {
    format!(
        "cute-kernels-to-gpu-module,nvvm-attach-target{{chip={} features=+ptx{} O=3}},cute-check-target,cute-desugar,cute-nvgpu-expand-atoms,cute-to-llvm,cute-nvgpu-to-nvvm,\
         gpu.module(convert-scf-to-cf,convert-gpu-to-nvvm,convert-nvvm-to-llvm),convert-scf-to-cf,convert-arith-to-llvm,\
         convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,cute-kernel-to-nvvm,reconcile-unrealized-casts",
        chip.name,
        chip.ptx
    )
}

/// The whole pipeline for `emit`, anchored on the module.
pub fn pipeline(chip: Chip, emit: Emit) -> String {
    match serialization(emit) {
        Some(last) => format!("builtin.module({},{last})", nvvm_passes(chip)),
        None => format!("builtin.module({})", nvvm_passes(chip)),
    }
}

/// What follows the NVVM stage for `emit` (`Compiler::compile` runs it as a
/// second pipeline, after reading the launch metadata off the NVVM stage).
pub fn serialization(emit: Emit) -> Option<&'static str> {
    match emit {
        Emit::Nvvm => None,
        // The device module is then translated by the caller
        // (Compiler::compile), as mlir-translate-22 would.
        Emit::Llvm => Some("cute-extract-device-module"),
        Emit::Ptx | Emit::Cubin => Some("gpu-module-to-binary{format=isa}"),
    }
}

/// The LLVM IR route's pass list: [`nvvm_passes`], then the device code
/// made the translation unit (`cute-extract-device-module`), which
/// `mlir-translate-22 --mlir-to-llvmir` turns into LLVM IR for
/// `llc-22 -march=nvptx64 -mcpu=<chip> -mattr=+ptx<NN>` ([`Chip::llc_args`]).
pub fn translation_unit_passes(chip: Chip) -> String {
    format!("{},cute-extract-device-module", nvvm_passes(chip))
}

/// `cute-to-nvvm`'s options (`chip=sm_80 extract-device-module=true`), as
/// the pass registry hands them.
pub fn nvvm_pipeline_for_options(options: &str) -> Result<String, String> {
    let mut chip_name = "sm_80";
    let mut extract = false;
    for option in options.split_whitespace() {
        match option.split_once('=') {
            Some(("chip", value)) => chip_name = value,
            Some(("extract-device-module", "true" | "1")) => extract = true,
            Some(("extract-device-module", "false" | "0")) => extract = false,
            _ => {
                return Err(format!(
                    "cute-to-nvvm: unknown option '{option}' (expected chip=<sm_XX> or extract-device-module=true|false)"
                ))
            }
        }
    }
    let chip = chip(chip_name)?;
    Ok(if extract { translation_unit_passes(chip) } else { nvvm_passes(chip) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pipeline_options() {
        assert!(nvvm_pipeline_for_options("chip=sm_100a").unwrap().contains("chip=sm_100a features=+ptx88"));
        assert!(nvvm_pipeline_for_options("cpu=x").unwrap_err().contains("unknown option"));
        assert!(nvvm_pipeline_for_options("chip=sm_42").unwrap_err().contains("unsupported chip 'sm_42'"));
        let extract = nvvm_pipeline_for_options("chip=sm_90a extract-device-module=true").unwrap();
        assert!(extract.starts_with("cute-kernels-to-gpu-module,") && extract.ends_with(",cute-extract-device-module"), "{extract}");
        assert!(!nvvm_pipeline_for_options("chip=sm_90a extract-device-module=false").unwrap().contains("extract"));
        assert!(nvvm_pipeline_for_options("extract-device-module=maybe").unwrap_err().contains("unknown option"));
    }
}
