//! cute IR to PTX (issue 11's path, issue 19's chip roster): the chips this
//! project compiles for, the pass pipeline that takes a module with
//! `gpu.module` kernels written in cute IR down to NVVM, and the PTX that
//! MLIR's `gpu-module-to-binary` produces with LLVM's NVPTX back end.
//!
//! The same pipeline is the named pipeline `cute-to-nvvm{chip=...}` (from
//! mlir-opt-22 or `cute opt`), [`crate::Compiler::compile`] and
//! `cute compile FILE --chip CHIP`.

use std::fmt;

/// A chip of the roster with the PTX ISA version it is compiled with: the
/// minimum the chip needs (shared/NVVM22.md), which ptxas 12.9 accepts for
/// every chip but sm_110a (PTX 9.0: ptxas 13.x).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chip {
    pub name: &'static str,
    /// PTX ISA version times ten: 80 is PTX 8.0 (`+ptx80`).
    pub ptx: u32,
}

/// Every chip the compiler targets, in tier order: each SM number of spec
/// 003's roster (`dialect::nvgpu::tiers::ROSTER`, which the verifier reads)
/// with each suffix it allows (`a` from sm_90, `f` from sm_100), so the
/// verifier and the compile path accept the same names
/// (`tests::one_roster_for_the_verifier_and_the_compiler`). The PTX version
/// is the chip's minimum for LLVM 22 and ptxas (shared/NVVM22.md), raised for
/// the chips whose common atoms need more; an atom needing more still raises
/// a module (`AtomRecord::min_ptx`).
pub const ROSTER: &[Chip] = &[
    Chip { name: "sm_70", ptx: 60 },
    Chip { name: "sm_72", ptx: 61 },
    Chip { name: "sm_75", ptx: 70 },
    // PTX 7.1: the sparse mma.sp of SM80 needs it (llc aborts below).
    Chip { name: "sm_80", ptx: 71 },
    Chip { name: "sm_86", ptx: 71 },
    Chip { name: "sm_87", ptx: 74 },
    // PTX 8.4: the FP8 mma.sync of sm89.mma needs it (ptxas refuses below).
    Chip { name: "sm_89", ptx: 84 },
    Chip { name: "sm_90", ptx: 84 },
    Chip { name: "sm_90a", ptx: 84 }, // FP8 mma.sync, as sm_89
    // PTX 8.8: tcgen05.mma kind::mxf4 with block32 scales needs it (llc aborts below).
    Chip { name: "sm_100", ptx: 88 },
    Chip { name: "sm_100a", ptx: 88 },
    Chip { name: "sm_100f", ptx: 88 },
    Chip { name: "sm_103", ptx: 88 },
    Chip { name: "sm_103a", ptx: 88 },
    Chip { name: "sm_103f", ptx: 88 },
    // PTX 9.0: ptxas 13 only (.venv/bin/ptxas13).
    Chip { name: "sm_110", ptx: 90 },
    Chip { name: "sm_110a", ptx: 90 },
    Chip { name: "sm_110f", ptx: 90 },
    Chip { name: "sm_120", ptx: 87 },
    Chip { name: "sm_120a", ptx: 87 },
    Chip { name: "sm_120f", ptx: 88 },
    Chip { name: "sm_121", ptx: 88 },
    Chip { name: "sm_121a", ptx: 88 },
    Chip { name: "sm_121f", ptx: 88 },
];

impl fmt::Display for Chip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// The roster chip `name`, or the error listing the roster.
pub fn chip(name: &str) -> Result<Chip, String> {
    ROSTER.iter().copied().find(|c| c.name == name).ok_or_else(|| {
        let names: Vec<&str> = ROSTER.iter().map(|c| c.name).collect();
        format!("unsupported chip '{name}' (cute compiles for {})", names.join(", "))
    })
}

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
        "cute-kernels-to-gpu-module,nvvm-attach-target{{chip={} features=+ptx{} O=3}},cute-check-target,cute-desugar,cute-to-llvm,cute-nvgpu-to-nvvm,\
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
        Emit::Ptx => Some("gpu-module-to-binary{format=isa}"),
    }
}

/// The LLVM IR route's pass list: [`nvvm_passes`], then the device code
/// made the translation unit (`cute-extract-device-module`), which
/// `mlir-translate-22 --mlir-to-llvmir` turns into LLVM IR for
/// `llc-22 -march=nvptx64 -mcpu=<chip> -mattr=+ptx<NN>` ([`Chip::llc_args`]).
pub fn translation_unit_passes(chip: Chip) -> String {
    format!("{},cute-extract-device-module", nvvm_passes(chip))
}

impl Chip {
    /// The chip the NVVM dialect checks the module against. LLVM 22's NVVM
    /// ops accept tcgen05 (tensor memory, UMMA) on sm_100a and sm_101a
    /// only, while LLVM's NVPTX back end and ptxas take the same
    /// instructions for sm_100f, sm_103a and sm_103f (the PTX ISA's tcgen05
    /// targets; NVVM22.md "tcgen05 works on"). SM100 and SM103 are one atom
    /// surface in the registry, so those modules are lowered as sm_100a and
    /// their PTX retargeted ([`Chip::retarget`]); the mlir-translate route's
    /// `llc-22 -mcpu=<chip>` targets the chip itself.
    pub fn nvvm_chip(&self) -> &'static str {
        match self.name {
            "sm_100f" | "sm_103a" | "sm_103f" => "sm_100a",
            name => name,
        }
    }

    /// PTX produced for [`Chip::nvvm_chip`] with its `.target` made this
    /// chip's (ptxas then checks every instruction against it).
    pub fn retarget(&self, ptx: String) -> String {
        if self.nvvm_chip() == self.name {
            return ptx;
        }
        ptx.replace(&format!("\n.target {}", self.nvvm_chip()), &format!("\n.target {}", self.name))
    }

    /// What `llc-22` needs for this chip: the CPU and the PTX ISA version
    /// (NVPTX writes `.version` from the target machine, not from the
    /// functions, so the version is a command-line feature).
    pub fn llc_args(&self) -> String {
        format!("-march=nvptx64 -mcpu={} -mattr=+ptx{}", self.name, self.ptx)
    }
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
    fn the_roster_and_its_errors() {
        assert_eq!(chip("sm_90a").unwrap().ptx, 84);
        let e = chip("sm_42").unwrap_err();
        assert!(e.contains("unsupported chip 'sm_42'") && e.contains("sm_121a"), "{e}");
        assert!(nvvm_pipeline_for_options("chip=sm_100a").unwrap().contains("chip=sm_100a features=+ptx88"));
        assert!(nvvm_pipeline_for_options("cpu=x").unwrap_err().contains("unknown option"));
        let extract = nvvm_pipeline_for_options("chip=sm_90a extract-device-module=true").unwrap();
        assert!(extract.starts_with("cute-kernels-to-gpu-module,") && extract.ends_with(",cute-extract-device-module"), "{extract}");
        assert!(!nvvm_pipeline_for_options("chip=sm_90a extract-device-module=false").unwrap().contains("extract"));
        assert!(nvvm_pipeline_for_options("extract-device-module=maybe").unwrap_err().contains("unknown option"));
        assert_eq!(chip("sm_90a").unwrap().llc_args(), "-march=nvptx64 -mcpu=sm_90a -mattr=+ptx84");
    }

    #[test]
    fn tcgen05_chips_lower_as_sm_100a_and_keep_their_target() {
        for name in ["sm_100f", "sm_103a", "sm_103f"] {
            let c = chip(name).unwrap();
            assert_eq!(c.nvvm_chip(), "sm_100a");
            assert_eq!(c.retarget("//\n.version 8.8\n.target sm_100a\n".into()), format!("//\n.version 8.8\n.target {name}\n"));
        }
        let a = chip("sm_100a").unwrap();
        assert_eq!((a.nvvm_chip(), a.retarget("\n.target sm_100a".into())), ("sm_100a", "\n.target sm_100a".to_string()));
        assert_eq!(chip("sm_90a").unwrap().nvvm_chip(), "sm_90a");
    }

    #[test]
    fn one_roster_for_the_verifier_and_the_compiler() {
        use crate::dialect::nvgpu::tiers;
        let mut verifier = Vec::new();
        for sm in tiers::ROSTER {
            for suffix in ["", "a", "f"] {
                let name = format!("sm_{sm}{suffix}");
                if tiers::Chip::parse(&name).is_some() {
                    verifier.push(name);
                }
            }
        }
        let compiler: Vec<String> = ROSTER.iter().map(|c| c.name.to_string()).collect();
        assert_eq!(verifier, compiler);
        // Tier order: SM numbers never decrease.
        let sm = |c: &Chip| c.name[3..].trim_end_matches(['a', 'f']).parse::<u32>().unwrap();
        assert!(ROSTER.windows(2).all(|w| sm(&w[0]) <= sm(&w[1])));
    }
}
