//! The typed view of a registry type: what its ODS parameters mean, per
//! family. C++ hands the parameters over as one flat `CuteNvgpuAtom`
//! (`dialects-td/lib/CuteAbi.h`), either read from a type
//! ([`Atom::of`]) or from the parameters of a type being built (its
//! `verify()`); everything else in this module reads [`Atom`].

use crate::ffi::abi::{self, CuteNvgpuAtom, CuteNvgpuAtomKind as K};
use melior::ir::{Type, TypeLike};

/// `k` or `mn` major-ness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    K,
    Mn,
}

impl Major {
    pub fn name(self) -> &'static str {
        match self {
            Major::K => "k",
            Major::Mn => "mn",
        }
    }
    fn from_c(raw: abi::CuteNvgpuMajor) -> Result<Self, String> {
        match raw {
            abi::CuteNvgpuMajor::CUTE_NVGPU_MAJOR_K => Ok(Major::K),
            abi::CuteNvgpuMajor::CUTE_NVGPU_MAJOR_MN => Ok(Major::Mn),
            _ => Err(format!("major must be k or mn, got {}", raw.0)),
        }
    }
}

/// Where WGMMA / UMMA operands A and B come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FragKind {
    /// Register MMAs have no fragment kind.
    None,
    /// A and B from SMEM descriptors.
    Ss,
    /// A from registers.
    Rs,
    /// A from tensor memory.
    Ts,
}

impl FragKind {
    pub fn name(self) -> &'static str {
        match self {
            FragKind::None => "none",
            FragKind::Ss => "ss",
            FragKind::Rs => "rs",
            FragKind::Ts => "ts",
        }
    }
    fn from_c(raw: abi::CuteNvgpuFragKind) -> Result<Self, String> {
        Ok(match raw {
            abi::CuteNvgpuFragKind::CUTE_NVGPU_FRAG_NONE => FragKind::None,
            abi::CuteNvgpuFragKind::CUTE_NVGPU_FRAG_SS => FragKind::Ss,
            abi::CuteNvgpuFragKind::CUTE_NVGPU_FRAG_RS => FragKind::Rs,
            abi::CuteNvgpuFragKind::CUTE_NVGPU_FRAG_TS => FragKind::Ts,
            _ => return Err(format!("unknown frag_kind {}", raw.0)),
        })
    }
}

/// One MMA family: one MMA mnemonic of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaFamily {
    Sm80,
    Sm80Sparse,
    Sm89,
    Sm90,
    Sm100,
    Sm100Sp,
    Sm100Bs,
    Sm100BsSp,
    Sm120Bs,
}

impl MmaFamily {
    /// The family of an MMA atom kind (None for other kinds).
    pub fn of_kind(kind: K) -> Option<Self> {
        Some(match kind {
            K::CUTE_NVGPU_SM80_MMA => MmaFamily::Sm80,
            K::CUTE_NVGPU_SM80_SPARSE_MMA => MmaFamily::Sm80Sparse,
            K::CUTE_NVGPU_SM89_MMA => MmaFamily::Sm89,
            K::CUTE_NVGPU_SM90_MMA => MmaFamily::Sm90,
            K::CUTE_NVGPU_SM100_MMA => MmaFamily::Sm100,
            K::CUTE_NVGPU_SM100_MMA_SP => MmaFamily::Sm100Sp,
            K::CUTE_NVGPU_SM100_MMA_BS => MmaFamily::Sm100Bs,
            K::CUTE_NVGPU_SM100_MMA_BS_SP => MmaFamily::Sm100BsSp,
            K::CUTE_NVGPU_SM120_MMA_BS => MmaFamily::Sm120Bs,
            _ => return None,
        })
    }

    pub fn mnemonic(self) -> &'static str {
        match self {
            MmaFamily::Sm80 => "sm80.mma",
            MmaFamily::Sm80Sparse => "sm80.sparse_mma",
            MmaFamily::Sm89 => "sm89.mma",
            MmaFamily::Sm90 => "sm90.mma",
            MmaFamily::Sm100 => "sm100.mma",
            MmaFamily::Sm100Sp => "sm100.mma_sp",
            MmaFamily::Sm100Bs => "sm100.mma_bs",
            MmaFamily::Sm100BsSp => "sm100.mma_bs_sp",
            MmaFamily::Sm120Bs => "SM120.mma_bs",
        }
    }
    /// WGMMA and UMMA: `ab_major`, `frag_kind`, descriptor operands.
    pub fn is_umma(self) -> bool {
        matches!(self, MmaFamily::Sm90 | MmaFamily::Sm100 | MmaFamily::Sm100Sp | MmaFamily::Sm100Bs | MmaFamily::Sm100BsSp)
    }
    pub fn has_major(self) -> bool {
        self.is_umma()
    }
    pub fn has_frag(self) -> bool {
        self.is_umma()
    }
    /// Block-scaled: `sf_type`, `sf_vec`, FP8/FP6/FP4 inputs.
    pub fn has_scale(self) -> bool {
        matches!(self, MmaFamily::Sm100Bs | MmaFamily::Sm100BsSp | MmaFamily::Sm120Bs)
    }
    /// Structured sparsity: K doubled, a metadata operand.
    pub fn is_sparse(self) -> bool {
        matches!(self, MmaFamily::Sm80Sparse | MmaFamily::Sm100Sp | MmaFamily::Sm100BsSp)
    }
    /// Legal fragment kinds (WGMMA: ss, rs; UMMA: ss, ts).
    pub fn frags(self) -> &'static [FragKind] {
        match self {
            MmaFamily::Sm90 => &[FragKind::Ss, FragKind::Rs],
            f if f.is_umma() => &[FragKind::Ss, FragKind::Ts],
            _ => &[],
        }
    }
}

/// The parameters of an MMA type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mma<'c> {
    pub family: MmaFamily,
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub a: Type<'c>,
    pub b: Type<'c>,
    pub c: Type<'c>,
    pub a_major: Major,
    pub b_major: Major,
    pub frag: FragKind,
    pub sf_type: Option<Type<'c>>,
    pub sf_vec: u32,
}

/// The five tensor-memory copies of SM100.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmemCopy {
    Load,
    Store,
    S2t,
    TmemToSmem,
    Tcgen05Cp,
}

impl TmemCopy {
    pub fn mnemonic(self) -> &'static str {
        match self {
            TmemCopy::Load => "atom.tmem_load",
            TmemCopy::Store => "atom.tmem_store",
            TmemCopy::S2t => "atom.s2t_copy",
            TmemCopy::TmemToSmem => "atom.tmem_to_smem_copy",
            TmemCopy::Tcgen05Cp => "atom.tcgen05.cp",
        }
    }
    /// Legal element widths in bits.
    pub fn widths(self) -> &'static [u32] {
        match self {
            TmemCopy::S2t => &[8, 16, 32, 64],
            TmemCopy::Tcgen05Cp => &[32],
            _ => &[8, 16, 32],
        }
    }
}

/// TMA direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaDirection {
    Load,
    Store,
    Reduce,
}

/// TMA descriptor flavour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaMode {
    Tile,
    Multicast,
    Im2col,
}

/// One TMA atom: direction, flavour and whether it executes (the
/// non-executing tiled atoms are bound to an mbarrier and cache state later).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tma {
    pub direction: TmaDirection,
    pub mode: TmaMode,
    pub executable: bool,
}

impl Tma {
    pub fn mnemonic(self) -> &'static str {
        use {TmaDirection as D, TmaMode as M};
        match (self.executable, self.direction, self.mode) {
            (true, D::Load, M::Tile) => "atom.tma_load",
            (true, D::Load, M::Multicast) => "atom.tma_load_multicast",
            (true, D::Load, M::Im2col) => "atom.tma_load_im2col",
            (true, D::Store, _) => "atom.tma_store",
            (true, D::Reduce, _) => "atom.tma_reduce",
            (false, D::Load, _) => "atom.non_exec_tiled_tma_load",
            (false, D::Store, _) => "atom.non_exec_tiled_tma_store",
            (false, D::Reduce, _) => "atom.non_exec_tiled_tma_reduce",
        }
    }
}

/// A registry type, by family.
#[derive(Clone, Debug, PartialEq)]
pub enum Atom<'c> {
    UniversalCopy { value: Type<'c> },
    UniversalFma { a: Type<'c>, b: Type<'c>, c: Type<'c> },
    /// ldmatrix (`store` false) / stmatrix (`store` true).
    MatrixCopy { store: bool, num: u32, trans: bool, element: Type<'c> },
    SimtAsyncCopy { bytes: u32, element: Type<'c> },
    TmemCopy { op: TmemCopy, element: Type<'c> },
    Tma { tma: Tma, element: Type<'c>, rank: u32, reduction: String },
    SmemDescView { element: Type<'c>, major: Major, swizzle: u32 },
    TmaDescriptor(TmaDescriptor<'c>),
    Mma(Mma<'c>),
}

/// A TMA tensor-map descriptor (`!cute_nvgpu.tma_descriptor`).
#[derive(Clone, Debug, PartialEq)]
pub struct TmaDescriptor<'c> {
    pub element: Type<'c>,
    /// Box extents, innermost first.
    pub box_shape: Vec<i64>,
    pub swizzle: u32,
    pub interleave: u32,
    pub l2_promotion: u32,
    pub oob_fill: String,
}

/// A null `MlirType` is an absent parameter.
fn opt_type<'c>(raw: mlir_sys::MlirType) -> Option<Type<'c>> {
    // SAFETY: a non-null handle from C++ names a type uniqued in a live context.
    (!raw.ptr.is_null()).then(|| unsafe { Type::from_raw(raw) })
}

fn req_type<'c>(raw: mlir_sys::MlirType, what: &str) -> Result<Type<'c>, String> {
    opt_type(raw).ok_or_else(|| format!("missing {what} type"))
}

impl<'c> Atom<'c> {
    /// The registry view of `ty`; None if it is no `cute_nvgpu` registry type.
    pub fn of(ty: Type<'c>) -> Option<Self> {
        let mut raw = CuteNvgpuAtom::default();
        // SAFETY: C++ only reads `ty` and fills `raw`.
        if !unsafe { abi::cute_nvgpu_cpp_atom(ty.to_raw(), &mut raw) } {
            return None;
        }
        Self::from_c(&raw).ok()
    }

    /// The registry view and the interface bits of `ty`.
    pub fn with_interfaces(ty: Type<'c>) -> Option<(Self, u32)> {
        let mut raw = CuteNvgpuAtom::default();
        // SAFETY: as in `of`.
        if !unsafe { abi::cute_nvgpu_cpp_atom(ty.to_raw(), &mut raw) } {
            return None;
        }
        Some((Self::from_c(&raw).ok()?, raw.interfaces))
    }

    /// Reads the flat C record.
    pub fn from_c(raw: &CuteNvgpuAtom) -> Result<Self, String> {
        let element = || req_type(raw.element, "element");
        let tma = |direction, mode, executable| -> Result<Self, String> {
            // SAFETY: the reduction text is a parameter of the type (or a
            // C++ local alive for the verify call); it is copied here.
            let reduction = unsafe { crate::ffi::str_of(raw.reduction) }?.to_string();
            Ok(Atom::Tma { tma: Tma { direction, mode, executable }, element: element()?, rank: raw.rank, reduction })
        };
        let mma = |family| -> Result<Self, String> {
            Ok(Atom::Mma(Mma {
                family,
                m: raw.m,
                n: raw.n,
                k: raw.k,
                a: req_type(raw.a, "A")?,
                b: req_type(raw.b, "B")?,
                c: req_type(raw.c, "C")?,
                a_major: Major::from_c(raw.aMajor)?,
                b_major: Major::from_c(raw.bMajor)?,
                frag: FragKind::from_c(raw.fragKind)?,
                sf_type: opt_type(raw.sfType),
                sf_vec: raw.sfVec,
            }))
        };
        let tmem = |op| Ok(Atom::TmemCopy { op, element: element()? });
        use {TmaDirection as D, TmaMode as M};
        match raw.kind {
            K::CUTE_NVGPU_UNIVERSAL_COPY => Ok(Atom::UniversalCopy { value: element()? }),
            K::CUTE_NVGPU_UNIVERSAL_FMA => Ok(Atom::UniversalFma {
                a: req_type(raw.a, "A")?,
                b: req_type(raw.b, "B")?,
                c: req_type(raw.c, "C")?,
            }),
            K::CUTE_NVGPU_LDSM | K::CUTE_NVGPU_STSM => Ok(Atom::MatrixCopy {
                store: raw.kind == K::CUTE_NVGPU_STSM,
                num: raw.num,
                trans: raw.trans,
                element: element()?,
            }),
            K::CUTE_NVGPU_SIMT_ASYNC_COPY => Ok(Atom::SimtAsyncCopy { bytes: raw.bytes, element: element()? }),
            K::CUTE_NVGPU_TMEM_LOAD => tmem(TmemCopy::Load),
            K::CUTE_NVGPU_TMEM_STORE => tmem(TmemCopy::Store),
            K::CUTE_NVGPU_S2T_COPY => tmem(TmemCopy::S2t),
            K::CUTE_NVGPU_TMEM_TO_SMEM_COPY => tmem(TmemCopy::TmemToSmem),
            K::CUTE_NVGPU_TCGEN05_CP => tmem(TmemCopy::Tcgen05Cp),
            K::CUTE_NVGPU_TMA_LOAD => tma(D::Load, M::Tile, true),
            K::CUTE_NVGPU_TMA_LOAD_MULTICAST => tma(D::Load, M::Multicast, true),
            K::CUTE_NVGPU_TMA_LOAD_IM2COL => tma(D::Load, M::Im2col, true),
            K::CUTE_NVGPU_TMA_STORE => tma(D::Store, M::Tile, true),
            K::CUTE_NVGPU_TMA_REDUCE => tma(D::Reduce, M::Tile, true),
            K::CUTE_NVGPU_NON_EXEC_TILED_TMA_LOAD => tma(D::Load, M::Tile, false),
            K::CUTE_NVGPU_NON_EXEC_TILED_TMA_STORE => tma(D::Store, M::Tile, false),
            K::CUTE_NVGPU_NON_EXEC_TILED_TMA_REDUCE => tma(D::Reduce, M::Tile, false),
            K::CUTE_NVGPU_TMA_DESCRIPTOR => {
                let box_shape = if raw.boxRank > 0 && !raw.box_.is_null() {
                    // SAFETY: C++ passes the type's (or the verified
                    // parameters') box array of `boxRank` extents.
                    unsafe { std::slice::from_raw_parts(raw.box_, raw.boxRank as usize) }.to_vec()
                } else {
                    Vec::new()
                };
                // SAFETY: as for the TMA reduction above.
                let oob_fill = unsafe { crate::ffi::str_of(raw.oobFill) }?.to_string();
                Ok(Atom::TmaDescriptor(TmaDescriptor {
                    element: element()?,
                    box_shape,
                    swizzle: raw.swizzle,
                    interleave: raw.interleave,
                    l2_promotion: raw.l2Promotion,
                    oob_fill,
                }))
            }
            K::CUTE_NVGPU_SMEM_DESC_VIEW => Ok(Atom::SmemDescView {
                element: element()?,
                major: Major::from_c(raw.major).map_err(|_| "'smem_desc_view' major must be k or mn".to_string())?,
                swizzle: raw.swizzle,
            }),
            kind => match MmaFamily::of_kind(kind) {
                Some(family) => mma(family),
                None => Err(format!("unknown cute_nvgpu atom kind {}", kind.0)),
            },
        }
    }
    /// The type mnemonic (`sm90.mma`, `atom.ldsm`, ...).
    pub fn mnemonic(&self) -> &'static str {
        match self {
            Atom::UniversalCopy { .. } => "atom.universal_copy",
            Atom::UniversalFma { .. } => "atom.universal_fma",
            Atom::MatrixCopy { store: false, .. } => "atom.ldsm",
            Atom::MatrixCopy { store: true, .. } => "atom.stsm",
            Atom::SimtAsyncCopy { .. } => "atom.simt_async_copy",
            Atom::TmemCopy { op, .. } => op.mnemonic(),
            Atom::Tma { tma, .. } => tma.mnemonic(),
            Atom::SmemDescView { .. } => "smem_desc_view",
            Atom::TmaDescriptor(_) => "tma_descriptor",
            Atom::Mma(mma) => mma.family.mnemonic(),
        }
    }

    pub fn as_mma(&self) -> Option<&Mma<'c>> {
        match self {
            Atom::Mma(mma) => Some(mma),
            _ => None,
        }
    }
}

/// `(M,N,K)` in CuTe notation.
pub fn shape_mnk(p: &Mma) -> String {
    format!("({},{},{})", p.m, p.n, p.k)
}
