//! The NVVM attributes the conversions put on NVVM ops, by typed key.
//!
//! Neither MLIR's C API nor melior has builders for the NVVM dialect's enum
//! and struct attributes (LLVM 22 exports no NVVM attribute C API), so each
//! is made from the one textual form NVVM prints, here and only here
//! ([`parse`]); a pattern names the attribute by [`Nvvm`] and its case. The
//! NVVM dialect is loaded by every pipeline that runs these patterns; a
//! case NVVM does not know is an error naming the attribute.

use crate::passes::rewrite::PatternError;
use melior::{ir::Attribute, Context};

/// An NVVM enum attribute, by its mnemonic (`#nvvm.<mnemonic><case>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Nvvm {
    BlockScaleFormat,
    BlockScaleKind,
    CtaGroup,
    LdStMatrixEltType,
    MemScope,
    MmaB1Op,
    MmaIntOverflow,
    MmaLayout,
    MmaType,
    ScaleVecSize,
    Tcgen05CpMulticast,
    Tcgen05CpShape,
    Tcgen05Fence,
    Tcgen05LdstShape,
    Tcgen05MmaBlockScale,
    Tcgen05MmaCollectorOp,
    Tcgen05MmaKind,
    Tcgen05Wait,
    TmaLoadMode,
    TmaReduxKind,
    TmaStoreMode,
    WgmmaScaleIn,
    WgmmaScaleOut,
    WgmmaType,
}

impl Nvvm {
    fn mnemonic(self) -> &'static str {
        match self {
            Nvvm::BlockScaleFormat => "block_scale_format",
            Nvvm::BlockScaleKind => "block_scale_kind",
            Nvvm::CtaGroup => "cta_group",
            Nvvm::LdStMatrixEltType => "ld_st_matrix_elt_type",
            Nvvm::MemScope => "mem_scope",
            Nvvm::MmaB1Op => "mma_b1op",
            Nvvm::MmaIntOverflow => "mma_int_overflow",
            Nvvm::MmaLayout => "mma_layout",
            Nvvm::MmaType => "mma_type",
            Nvvm::ScaleVecSize => "scale_vec_size",
            Nvvm::Tcgen05CpMulticast => "tcgen05_cp_multicast",
            Nvvm::Tcgen05CpShape => "tcgen05_cp_shape",
            Nvvm::Tcgen05Fence => "tcgen05_fence",
            Nvvm::Tcgen05LdstShape => "tcgen05_ldst_shape",
            Nvvm::Tcgen05MmaBlockScale => "tcgen05_mma_block_scale",
            Nvvm::Tcgen05MmaCollectorOp => "tcgen05_mma_collectorop",
            Nvvm::Tcgen05MmaKind => "tcgen05_mma_kind",
            Nvvm::Tcgen05Wait => "tcgen05_wait",
            Nvvm::TmaLoadMode => "tma_load_mode",
            Nvvm::TmaReduxKind => "tma_redux_kind",
            Nvvm::TmaStoreMode => "tma_store_mode",
            Nvvm::WgmmaScaleIn => "wgmma_scale_in",
            Nvvm::WgmmaScaleOut => "wgmma_scale_out",
            Nvvm::WgmmaType => "wgmma_type",
        }
    }
}

/// The one place NVVM attributes are made from text (see the module).
fn parse<'c>(context: &'c Context, text: &str) -> Result<Attribute<'c>, PatternError> {
    Attribute::parse(context, text).ok_or_else(|| format!("cannot build the attribute {text} (is the nvvm dialect loaded?)").into())
}

/// `#nvvm.<kind><case>`.
pub(crate) fn nvvm<'c>(context: &'c Context, kind: Nvvm, case: &str) -> Result<Attribute<'c>, PatternError> {
    parse(context, &format!("#nvvm.{}<{case}>", kind.mnemonic()))
}

/// `#nvvm.shape<m = M, n = N, k = K>` (mma.sync, WGMMA).
pub(crate) fn mma_shape(context: &Context, m: u32, n: u32, k: u32) -> Result<Attribute<'_>, PatternError> {
    parse(context, &format!("#nvvm.shape<m = {m}, n = {n}, k = {k}>"))
}

/// `#nvvm.ld_st_matrix_shape<m = M, n = N>` (ldmatrix, stmatrix).
pub(crate) fn ld_st_matrix_shape(context: &Context, m: u32, n: u32) -> Result<Attribute<'_>, PatternError> {
    parse(context, &format!("#nvvm.ld_st_matrix_shape<m = {m}, n = {n}>"))
}

/// `#nvvm<load_cache_modifier ca|cg>` (cp.async's cache operator; this
/// enum prints in the dialect's long form).
pub(crate) fn load_cache_modifier<'c>(context: &'c Context, modifier: &str) -> Result<Attribute<'c>, PatternError> {
    parse(context, &format!("#nvvm<load_cache_modifier {modifier}>"))
}

/// `#llvm.target_features<["+f", ...]>`: the LLVM dialect's attribute has
/// no C API builder either.
pub(crate) fn target_features<'c>(context: &'c Context, features: &str) -> Result<Attribute<'c>, PatternError> {
    let list: Vec<String> = features.split(',').map(|f| format!("\"{f}\"")).collect();
    parse(context, &format!("#llvm.target_features<[{}]>", list.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_names_an_nvvm_attribute_and_a_wrong_case_is_an_error() {
        let compiler = crate::pipeline::Compiler::new();
        let context = compiler.context();
        let cases = [
            (Nvvm::BlockScaleFormat, "ue8m0"),
            (Nvvm::BlockScaleKind, "mxf8f6f4"),
            (Nvvm::CtaGroup, "cta_1"),
            (Nvvm::LdStMatrixEltType, "b16"),
            (Nvvm::MemScope, "cta"),
            (Nvvm::MmaIntOverflow, "wrapped"),
            (Nvvm::MmaLayout, "row"),
            (Nvvm::MmaType, "f16"),
            (Nvvm::ScaleVecSize, "x1"),
            (Nvvm::Tcgen05CpMulticast, "none"),
            (Nvvm::Tcgen05CpShape, "shape_128x256b"),
            (Nvvm::Tcgen05Fence, "before"),
            (Nvvm::Tcgen05LdstShape, "shape_32x32b"),
            (Nvvm::Tcgen05MmaBlockScale, "default"),
            (Nvvm::Tcgen05MmaCollectorOp, "discard"),
            (Nvvm::Tcgen05MmaKind, "f16"),
            (Nvvm::Tcgen05Wait, "load"),
            (Nvvm::TmaLoadMode, "tile"),
            (Nvvm::TmaReduxKind, "add"),
            (Nvvm::TmaStoreMode, "tile"),
            (Nvvm::WgmmaScaleIn, "one"),
            (Nvvm::WgmmaScaleOut, "one"),
            (Nvvm::WgmmaType, "f16"),
        ];
        for (kind, case) in cases {
            let a = nvvm(context, kind, case).unwrap_or_else(|e| panic!("{kind:?}<{case}>: {e:?}"));
            assert!(a.to_string().contains(case), "{a}");
            assert!(nvvm(context, kind, "no_such_case").is_err(), "{kind:?}");
        }
        assert_eq!(mma_shape(context, 16, 8, 16).unwrap().to_string(), "#nvvm.shape<m = 16, n = 8, k = 16>");
        assert!(ld_st_matrix_shape(context, 8, 8).is_ok());
        assert!(load_cache_modifier(context, "cg").is_ok() && load_cache_modifier(context, "xx").is_err());
        assert!(target_features(context, "+ptx80").unwrap().to_string().contains("+ptx80"));
    }
}
