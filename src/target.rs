//! The one chip type and the one roster (spec 003 "SM Tier Roster", issue
//! 29): every chip the project knows, with its SM number, its `a`/`f`
//! suffix and the PTX ISA version it is compiled with. The verifier's tier
//! rule, `cute compile`, `cute-to-nvvm{chip=}`, `cute_nvgpu.target` and the
//! lowering's per-chip choices all read a [`Chip`] from [`ROSTER`]; a name
//! is parsed once, by [`Chip::parse`] / [`chip`].

use std::fmt;

/// A roster chip: `sm_90a` is `Chip { name: "sm_90a", sm: 90, suffix:
/// Some('a'), ptx: 84 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chip {
    pub name: &'static str,
    pub sm: u32,
    /// `a` (arch-specific, from sm_90) or `f` (family-specific, from sm_100).
    pub suffix: Option<char>,
    /// PTX ISA version times ten it is compiled with: 80 is PTX 8.0
    /// (`+ptx80`). The chip's minimum for LLVM 22 and ptxas (shared/
    /// NVVM22.md), raised where the chip's common atoms need more; an atom
    /// needing more still raises a module (`AtomRecord::min_ptx`).
    pub ptx: u32,
}

const fn c(name: &'static str, sm: u32, suffix: Option<char>, ptx: u32) -> Chip {
    Chip { name, sm, suffix, ptx }
}

/// Every chip, in tier order: each SM number of spec 003's roster with each
/// suffix it allows (`a` from sm_90, `f` from sm_100).
pub const ROSTER: &[Chip] = &[
    c("sm_70", 70, None, 60),
    c("sm_72", 72, None, 61),
    c("sm_75", 75, None, 70),
    // PTX 7.1: the sparse mma.sp of SM80 needs it (llc aborts below).
    c("sm_80", 80, None, 71),
    c("sm_86", 86, None, 71),
    c("sm_87", 87, None, 74),
    // PTX 8.4: the FP8 mma.sync of sm89.mma needs it (ptxas refuses below).
    c("sm_89", 89, None, 84),
    c("sm_90", 90, None, 84),
    c("sm_90a", 90, Some('a'), 84), // FP8 mma.sync, as sm_89
    // PTX 8.8: tcgen05.mma kind::mxf4 with block32 scales needs it (llc aborts below).
    c("sm_100", 100, None, 88),
    c("sm_100a", 100, Some('a'), 88),
    c("sm_100f", 100, Some('f'), 88),
    c("sm_103", 103, None, 88),
    c("sm_103a", 103, Some('a'), 88),
    c("sm_103f", 103, Some('f'), 88),
    // PTX 9.0: ptxas 13 only (.venv/bin/ptxas13).
    c("sm_110", 110, None, 90),
    c("sm_110a", 110, Some('a'), 90),
    c("sm_110f", 110, Some('f'), 90),
    c("sm_120", 120, None, 87),
    c("sm_120a", 120, Some('a'), 87),
    c("sm_120f", 120, Some('f'), 88),
    c("sm_121", 121, None, 88),
    c("sm_121a", 121, Some('a'), 88),
    c("sm_121f", 121, Some('f'), 88),
];

impl Chip {
    /// The roster chip spelled `name` (`sm_<N>[a|f]`); None otherwise.
    pub fn parse(name: &str) -> Option<Chip> {
        ROSTER.iter().copied().find(|c| c.name == name)
    }

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

    /// Whether the chip has tensor memory and tcgen05 that this build
    /// lowers: the SM100/SM103 suffixed chips (lowered as sm_100a).
    pub fn has_tensor_memory(&self) -> bool {
        self.nvvm_chip() == "sm_100a"
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

impl fmt::Display for Chip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// The roster chip `name`, or `cute compile`'s error listing the roster.
pub fn chip(name: &str) -> Result<Chip, String> {
    Chip::parse(name).ok_or_else(|| {
        let names: Vec<&str> = ROSTER.iter().map(|c| c.name).collect();
        format!("unsupported chip '{name}' (cute compiles for {})", names.join(", "))
    })
}

/// The verifier's diagnostic for a chip outside the roster (spec 003's
/// spelling of the roster).
pub fn unknown_chip(name: &str) -> String {
    format!(
        "unknown SM target '{name}' (expected sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90[a], \
         sm_100[a|f], sm_103[a|f], sm_110[a|f], sm_120[a|f] or sm_121[a|f])"
    )
}

/// The SM numbers of the roster, in order (its unsuffixed chips).
pub fn sm_numbers() -> impl Iterator<Item = u32> {
    ROSTER.iter().filter(|c| c.suffix.is_none()).map(|c| c.sm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_roster_is_spec_003s_numbers_with_the_suffixes_each_allows() {
        // Spec 003's SM numbers; `a` from sm_90, `f` from sm_100, in tier order.
        let numbers: Vec<u32> = sm_numbers().collect();
        assert_eq!(numbers, [70, 72, 75, 80, 86, 87, 89, 90, 100, 103, 110, 120, 121]);
        let mut expected = Vec::new();
        for sm in numbers {
            expected.push(format!("sm_{sm}"));
            if sm >= 90 {
                expected.push(format!("sm_{sm}a"));
            }
            if sm >= 100 {
                expected.push(format!("sm_{sm}f"));
            }
        }
        let names: Vec<String> = ROSTER.iter().map(|c| c.name.to_string()).collect();
        assert_eq!(names, expected);
        for c in ROSTER {
            assert_eq!(c.name, format!("sm_{}{}", c.sm, c.suffix.map(String::from).unwrap_or_default()));
        }
        assert!(ROSTER.windows(2).all(|w| w[0].sm <= w[1].sm));
    }

    #[test]
    fn chips_parse_as_the_roster_spells_them_and_nothing_else() {
        assert_eq!(Chip::parse("sm_90a").map(|c| (c.sm, c.suffix, c.ptx)), Some((90, Some('a'), 84)));
        assert_eq!(Chip::parse("sm_100f").map(|c| (c.sm, c.suffix)), Some((100, Some('f'))));
        for bad in ["sm_80a", "sm_90f", "sm_95", "sm_", "sm_a", "90", "sm_9x", "sm_+90", "SM_80", " sm_80", "sm_080"] {
            assert_eq!(Chip::parse(bad), None, "{bad}");
        }
        let e = chip("sm_42").unwrap_err();
        assert!(e.contains("unsupported chip 'sm_42'") && e.contains("sm_121f"), "{e}");
        assert_eq!(chip("sm_90a").unwrap().llc_args(), "-march=nvptx64 -mcpu=sm_90a -mattr=+ptx84");
    }

    #[test]
    fn tcgen05_chips_lower_as_sm_100a_and_keep_their_target() {
        for name in ["sm_100f", "sm_103a", "sm_103f"] {
            let c = chip(name).unwrap();
            assert_eq!(c.nvvm_chip(), "sm_100a");
            assert!(c.has_tensor_memory());
            assert_eq!(c.retarget("//\n.version 8.8\n.target sm_100a\n".into()), format!("//\n.version 8.8\n.target {name}\n"));
        }
        let a = chip("sm_100a").unwrap();
        assert_eq!((a.nvvm_chip(), a.retarget("\n.target sm_100a".into())), ("sm_100a", "\n.target sm_100a".to_string()));
        assert_eq!(chip("sm_90a").unwrap().nvvm_chip(), "sm_90a");
        let tensor_memory: Vec<&str> = ROSTER.iter().filter(|c| c.has_tensor_memory()).map(|c| c.name).collect();
        assert_eq!(tensor_memory, ["sm_100a", "sm_100f", "sm_103a", "sm_103f"]);
    }
}
