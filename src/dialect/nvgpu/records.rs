//! The registry table of spec 003 ("Atom TypeID Registry"): one record per
//! registry type (tier window, `MmaAtomContract` / `CopyAtomContract`
//! fields), and the facts its capability interfaces answer.

use super::atom::{Atom, MmaFamily, TmaDirection, TmaMode, TmemCopy};
use super::operands::residency::*;
use crate::dialect::types::bits_of;

/// Kind of a registry type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomKind {
    Mma,
    Copy,
    /// A non-executing TMA atom (TmaAtom only).
    Tma,
    Descriptor,
}

/// The interfaces of spec 003's "Interfaces implemented" column (numbering:
/// `CuteNvgpuInterface` in `dialects-td/lib/CuteAbi.h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Interface {
    MmaAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_MMA_ATOM.0,
    CopyAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_COPY_ATOM.0,
    PrefetchAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_PREFETCH_ATOM.0,
    TmaAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_TMA_ATOM.0,
    AsyncCopyAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_ASYNC_COPY_ATOM.0,
    TmemAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_TMEM_ATOM.0,
    SparseMetadataAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_SPARSE_METADATA_ATOM.0,
    BlockScaleAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_BLOCK_SCALE_ATOM.0,
    SmemDescriptorAtom = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_SMEM_DESCRIPTOR_ATOM.0,
    DescriptorType = crate::ffi::abi::CuteNvgpuInterface::CUTE_NVGPU_IFACE_DESCRIPTOR_TYPE.0,
}

impl Interface {
    pub const ALL: [Interface; 10] = [
        Interface::MmaAtom,
        Interface::CopyAtom,
        Interface::PrefetchAtom,
        Interface::TmaAtom,
        Interface::AsyncCopyAtom,
        Interface::TmemAtom,
        Interface::SparseMetadataAtom,
        Interface::BlockScaleAtom,
        Interface::SmemDescriptorAtom,
        Interface::DescriptorType,
    ];
}

/// One row of the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomRecord {
    pub kind: AtomKind,
    /// First SM tier that registers the type (0: every tier).
    pub min_tier: u32,
    /// Last SM tier of the surface (0: no upper bound).
    pub max_tier: u32,
    /// Needs an `a`/`f` target (WGMMA, tcgen05, SM120 block scale).
    pub arch_specific: bool,
    /// The only chips of the tier window with the instruction (empty: all
    /// of them): tcgen05.mma `.kind::i8` exists on sm_100a alone, not on
    /// the family targets nor SM103 (ptxas: "not supported on .target").
    pub only_on: &'static [&'static str],
    /// The PTX ISA version (times ten) the atom's instruction needs, where
    /// it is above every chip's own (the roster's, `crate::target::ROSTER`);
    /// 0: none. `cute-check-target` raises a module's PTX version to it,
    /// the tier fields above gate the chip: one table for both.
    pub min_ptx: u32,
    pub a_residency: u32,
    pub b_residency: u32,
    pub d_residency: u32,
    pub supports_sparse: bool,
    pub supports_block_scale: bool,
    pub source: u32,
    pub destination: u32,
    pub value_bits: u32,
    pub is_async: bool,
    pub uses_tma_descriptor: bool,
    pub supports_prefetch: bool,
    /// Bit set of [`Interface`]s (as ODS declares them).
    pub(super) interfaces: u32,
}

/// Whether an interface bit set (`CuteNvgpuAtom::interfaces`) has `interface`.
pub fn has_interface(interfaces: u32, interface: Interface) -> bool {
    interfaces & (1 << interface as u32) != 0
}

impl AtomRecord {
    /// Whether the type implements `interface`.
    pub fn implements(&self, interface: Interface) -> bool {
        has_interface(self.interfaces, interface)
    }

    /// The interfaces the type implements, in [`Interface::ALL`] order.
    pub fn interfaces(&self) -> Vec<Interface> {
        Interface::ALL.into_iter().filter(|&i| self.implements(i)).collect()
    }
}

fn base(kind: AtomKind, min_tier: u32, max_tier: u32, arch_specific: bool) -> AtomRecord {
    AtomRecord {
        kind,
        min_tier,
        max_tier,
        arch_specific,
        only_on: &[],
        min_ptx: 0,
        a_residency: 0,
        b_residency: 0,
        d_residency: 0,
        supports_sparse: false,
        supports_block_scale: false,
        source: 0,
        destination: 0,
        value_bits: 0,
        is_async: false,
        uses_tma_descriptor: false,
        supports_prefetch: false,
        interfaces: 0,
    }
}

#[allow(clippy::too_many_arguments)]
fn mma(tiers: (u32, u32), arch: bool, a: u32, b: u32, d: u32, sparse: bool, scale: bool) -> AtomRecord {
    AtomRecord {
        a_residency: a,
        b_residency: b,
        d_residency: d,
        supports_sparse: sparse,
        supports_block_scale: scale,
        ..base(AtomKind::Mma, tiers.0, tiers.1, arch)
    }
}

#[allow(clippy::too_many_arguments)]
fn copy(kind: AtomKind, tiers: (u32, u32), arch: bool, (src, dst): (u32, u32), bits: u32, flags: (bool, bool, bool)) -> AtomRecord {
    let (is_async, uses_tma_descriptor, supports_prefetch) = flags;
    AtomRecord {
        source: src,
        destination: dst,
        value_bits: bits,
        is_async,
        uses_tma_descriptor,
        supports_prefetch,
        ..base(kind, tiers.0, tiers.1, arch)
    }
}

/// The record of a registry type (its interface bits are left empty; see
/// [`super::atom_record`] for the record of a type).
pub fn record(atom: &Atom) -> AtomRecord {
    AtomRecord { min_ptx: min_ptx(atom), only_on: only_on(atom), ..tier_record(atom) }
}

/// The chips an instance is restricted to within its tier window (the PTX
/// ISA's target notes; the atom sweep and ptxas found them).
fn only_on(atom: &Atom) -> &'static [&'static str] {
    match atom {
        // tcgen05.mma .kind::i8: sm_100a (and sm_101a, outside the roster).
        Atom::Mma(p) if matches!(p.family, MmaFamily::Sm100 | MmaFamily::Sm100Sp) && melior::ir::r#type::IntegerType::try_from(p.a).is_ok() => {
            &["sm_100a"]
        }
        _ => &[],
    }
}

/// The PTX ISA an instance needs beyond its chips' own version (the PTX ISA
/// "Target ISA notes" of each instruction; where ptxas or llc refuse less).
fn min_ptx(atom: &Atom) -> u32 {
    let Atom::Mma(p) = atom else { return 0 };
    let f16_accumulator = p.c.to_string() == "f16";
    match p.family {
        // mma.sp.sync: PTX 7.1 (llc aborts below).
        MmaFamily::Sm80Sparse => 71,
        // FP8 mma.sync m16n8k32: PTX 8.4; with an f16 accumulator 8.7.
        MmaFamily::Sm89 if f16_accumulator => 87,
        MmaFamily::Sm89 => 84,
        // mma.sync block_scale (kind::mxf8f6f4 / mxf4 / mxf4nvf4): PTX 8.7.
        MmaFamily::Sm120Bs => 87,
        // tcgen05.mma kind::mxf4 with block32 scales: PTX 8.8 (llc aborts below).
        MmaFamily::Sm100Bs | MmaFamily::Sm100BsSp => 88,
        _ => 0,
    }
}

fn tier_record(atom: &Atom) -> AtomRecord {
    use AtomKind::{Copy as C, Tma as T};
    const SYNC: (bool, bool, bool) = (false, false, false);
    // UMMA A: a TMEM memref or an SMEM descriptor.
    const UMMA_A: u32 = TMEM | SMEM_DESC;
    match atom {
        // All tiers.
        Atom::UniversalFma { .. } => mma((0, 0), false, RMEM, RMEM, RMEM, false, false),
        Atom::UniversalCopy { value } => copy(C, (0, 0), false, (ANY, ANY), bits_of(*value), SYNC),
        // SM75 / SM90 register <-> shared matrices.
        Atom::MatrixCopy { store: false, num, .. } => copy(C, (75, 0), false, (SMEM, RMEM), 32 * num, SYNC),
        Atom::MatrixCopy { store: true, num, .. } => copy(C, (90, 0), false, (RMEM, SMEM), 32 * num, SYNC),
        // SM80.
        Atom::SimtAsyncCopy { bytes, .. } => copy(C, (80, 0), false, (GMEM, SMEM), 8 * bytes, (true, false, false)),
        // SM90: descriptors and TMA from SM90 on.
        Atom::SmemDescView { .. } | Atom::TmaDescriptor(_) => base(AtomKind::Descriptor, 90, 0, false),
        Atom::Tma { tma, element, .. } => {
            let dirs = if tma.direction == TmaDirection::Load { (GMEM, SMEM) } else { (SMEM, GMEM) };
            let bits = bits_of(*element);
            match (tma.executable, tma.direction) {
                (true, TmaDirection::Load) => copy(C, (90, 0), false, dirs, bits, (true, true, true)),
                (true, _) => copy(C, (90, 0), false, dirs, bits, (true, true, false)),
                (false, _) => copy(T, (90, 0), false, dirs, bits, (false, true, false)),
            }
        }
        // SM100 / SM103 (one surface): tensor memory.
        Atom::TmemCopy { op, element } => {
            let bits = bits_of(*element);
            let (dirs, is_async) = match op {
                TmemCopy::Load => ((TMEM, RMEM), false),
                TmemCopy::Store => ((RMEM, TMEM), false),
                TmemCopy::S2t => ((SMEM, TMEM), true),
                TmemCopy::TmemToSmem => ((TMEM, SMEM), false),
                TmemCopy::Tcgen05Cp => ((TMEM, TMEM), false),
            };
            copy(C, (100, 103), true, dirs, bits, (is_async, false, false))
        }
        Atom::Mma(p) => match p.family {
            MmaFamily::Sm80 => mma((80, 0), false, RMEM, RMEM, RMEM, false, false),
            MmaFamily::Sm80Sparse => mma((80, 0), false, RMEM, RMEM, RMEM, true, false),
            MmaFamily::Sm89 => mma((89, 0), false, RMEM, RMEM, RMEM, false, false),
            // WGMMA is sm_90a only.
            MmaFamily::Sm90 => mma((90, 90), true, RMEM | SMEM_DESC, SMEM_DESC, RMEM, false, false),
            MmaFamily::Sm100 => mma((100, 103), true, UMMA_A, SMEM_DESC, TMEM, false, false),
            MmaFamily::Sm100Sp => mma((100, 103), true, UMMA_A, SMEM_DESC, TMEM, true, false),
            MmaFamily::Sm100Bs => mma((100, 103), true, UMMA_A, SMEM_DESC, TMEM, false, true),
            MmaFamily::Sm100BsSp => mma((100, 103), true, UMMA_A, SMEM_DESC, TMEM, true, true),
            // SM120 / SM121 (one surface): block-scaled register MMA.
            MmaFamily::Sm120Bs => mma((120, 121), true, RMEM, RMEM, RMEM, false, true),
        },
    }
}

/// A textual fact answered by a capability interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// AsyncCopyAtom: `ca`, `cg` or `none`.
    CachePolicy,
    /// AsyncCopyAtom: `cp.async.group`, `mbarrier` or `bulk_group`.
    CompletionMechanism,
    /// TmaAtom: `tile`, `multicast`, `im2col`.
    TmaMode,
    /// TmaAtom: `load`, `store`, `reduce`.
    TmaDirection,
    /// SparseMetadataAtom: `2:4` or `1:2`.
    SparsityPattern,
    /// MmaAtom: `(M,N,K)`.
    ShapeMnk,
}

/// The text of `fact` for `atom`, if its interfaces answer it.
pub fn fact(atom: &Atom, interfaces: u32, fact: Fact) -> Option<String> {
    if fact == Fact::ShapeMnk {
        return has_interface(interfaces, Interface::MmaAtom).then(|| match atom {
            Atom::Mma(p) => super::atom::shape_mnk(p),
            _ => "(1,1,1)".to_string(),
        });
    }
    static_fact(atom, interfaces, fact).map(str::to_string)
}

/// The facts with static text (every [`Fact`] but the MMA shape).
pub fn static_fact(atom: &Atom, interfaces: u32, fact: Fact) -> Option<&'static str> {
    let has = |i: Interface| has_interface(interfaces, i);
    Some(match fact {
        Fact::CachePolicy if has(Interface::AsyncCopyAtom) => match atom {
            // cp.async: 16 bytes bypass L1 (cg), 4 and 8 bytes cache at all levels (ca).
            Atom::SimtAsyncCopy { bytes: 16, .. } => "cg",
            Atom::SimtAsyncCopy { .. } => "ca",
            _ => "none",
        },
        Fact::CompletionMechanism if has(Interface::AsyncCopyAtom) => match atom {
            Atom::SimtAsyncCopy { .. } => "cp.async.group",
            Atom::Tma { tma, .. } if tma.direction != TmaDirection::Load => "bulk_group",
            _ => "mbarrier",
        },
        Fact::TmaMode if has(Interface::TmaAtom) => match atom {
            Atom::Tma { tma, .. } => match tma.mode {
                TmaMode::Tile => "tile",
                TmaMode::Multicast => "multicast",
                TmaMode::Im2col => "im2col",
            },
            _ => return None,
        },
        Fact::TmaDirection if has(Interface::TmaAtom) => match atom {
            Atom::Tma { tma, .. } => match tma.direction {
                TmaDirection::Load => "load",
                TmaDirection::Store => "store",
                TmaDirection::Reduce => "reduce",
            },
            _ => return None,
        },
        Fact::SparsityPattern if has(Interface::SparseMetadataAtom) => match atom.as_mma() {
            Some(p) if p.a.to_string() == "tf32" => "1:2",
            _ => "2:4",
        },
        _ => return None,
    })
}

/// TMA box rank (0 for other atoms).
pub fn tma_rank(atom: &Atom) -> u32 {
    match atom {
        Atom::Tma { rank, .. } => *rank,
        _ => 0,
    }
}
