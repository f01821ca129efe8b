//===- CuteNvgpuTypes.td - atom types of `cute_nvgpu` -----------------------===//
//
// The atom registry of spec 003, one TypeDef per mnemonic. Types of one
// family share their parameters, their assembly format and their verifier
// (ODS classes below); the per-atom facts (tier window, residencies, widths,
// capabilities) live in ONE table, dialects-td/lib/CuteNvgpuRegistry.cpp,
// which every interface method reads.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_TYPES_TD
#define CUTE_NVGPU_TYPES_TD

include "cute_nvgpu/CuteNvgpuDialect.td"
include "cute_nvgpu/CuteNvgpuInterfaces.td"
include "cute_nvgpu/CuteNvgpuAttrs.td"
include "cute_nvgpu/CuteNvgpuOps.td"

/// A registry atom: implements the record interface and is atom-like
/// (`cute.make_atom` builds it).
class CuteNvgpu_AtomType<string name, string typeMnemonic, list<Trait> traits = []>
    : CuteNvgpu_Type<name, typeMnemonic,
                     !listconcat([CuteNvgpu_AtomRecordTypeInterface, Cute_AtomLikeTypeInterface], traits)>;

//===----------------------------------------------------------------------===//
// Universal atoms (all tiers)
//===----------------------------------------------------------------------===//

def CuteNvgpu_UniversalCopyAtomType
    : CuteNvgpu_AtomType<"UniversalCopyAtom", "atom.universal_copy",
                         [DeclareTypeInterfaceMethods<Cute_CopyAtomTypeInterface>]> {
  let summary = "universal copy atom: one element, scalar ld/st (all tiers)";
  let description = [{
    The generic fallback copy atom of spec 003: any source/destination pair
    the target supports, one value per thread, lowered to a scalar load and
    store of the element's width.

    ```mlir
    !cute_nvgpu.atom.universal_copy<f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$valueType);
  let assemblyFormat = "`<` $valueType `>`";
}

def CuteNvgpu_UniversalFmaAtomType
    : CuteNvgpu_AtomType<"UniversalFmaAtom", "atom.universal_fma",
                         [DeclareTypeInterfaceMethods<Cute_MmaAtomTypeInterface>]> {
  let summary = "universal FMA atom: D = A * B + C on one element (all tiers)";
  let description = [{
    The generic fallback MMA atom of spec 003: shape (1,1,1), A, B, C/D in
    registers, one `fma` per thread.

    ```mlir
    !cute_nvgpu.atom.universal_fma<f16, f16, f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$aType, "::mlir::Type":$bType, "::mlir::Type":$cType);
  let assemblyFormat = "`<` $aType `,` $bType `,` $cType `>`";
}

//===----------------------------------------------------------------------===//
// Register <-> shared matrix copies (SM75 ldmatrix, SM90 stmatrix)
//===----------------------------------------------------------------------===//

class CuteNvgpu_MatrixCopyAtom<string name, string typeMnemonic, string tier, string dir>
    : CuteNvgpu_AtomType<name, typeMnemonic,
                         [DeclareTypeInterfaceMethods<Cute_CopyAtomTypeInterface>]> {
  let summary = dir # " of 8x8 b16 matrices, x1/x2/x4, optionally transposed (" # tier # ")";
  let description = [{
    `m8n8` fetches one 8x8 sub-tile of 16-bit elements, `.x2` and `.x4` two
    and four; `.trans` swaps the per-lane fragment. The element type (any
    16-bit type, default `i16`) is printed only when it is not `i16`.

    ```mlir
    !cute_nvgpu.}] # typeMnemonic # [{<m8n8.x4.trans>
    !cute_nvgpu.}] # typeMnemonic # [{<m8n8.x2, f16>
    ```
  }];
  let parameters = (ins "unsigned":$num, "bool":$trans, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CuteNvgpu_LdsmAtomType
    : CuteNvgpu_MatrixCopyAtom<"LdsmAtom", "atom.ldsm", "SM75", "ldmatrix: smem -> rmem">;
def CuteNvgpu_StsmAtomType
    : CuteNvgpu_MatrixCopyAtom<"StsmAtom", "atom.stsm", "SM90", "stmatrix: rmem -> smem">;

//===----------------------------------------------------------------------===//
// SM80 cp.async
//===----------------------------------------------------------------------===//

def CuteNvgpu_SimtAsyncCopyAtomType
    : CuteNvgpu_AtomType<"SimtAsyncCopyAtom", "atom.simt_async_copy",
                         [DeclareTypeInterfaceMethods<Cute_CopyAtomTypeInterface>,
                          CuteNvgpu_AsyncCopyAtomTypeInterface]> {
  let summary = "cp.async gmem -> smem of 4, 8 or 16 bytes per thread (SM80)";
  let description = [{
    4 and 8 bytes lower to `cp.async.ca.shared.global`, 16 bytes to
    `cp.async.cg.shared.global` (bypass L1): the cache policy is derived from
    the width alone (`AsyncCopyAtomTypeInterface::getCachePolicy`), never a
    parameter. The element type (default `i8`) sets how many elements one
    copy vectorizes; any other width is rejected with the copy-vectorization
    diagnostic.

    ```mlir
    !cute_nvgpu.atom.simt_async_copy<16>
    !cute_nvgpu.atom.simt_async_copy<8, f16>
    ```
  }];
  let parameters = (ins "unsigned":$bytes, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Tensor-memory copies (SM100)
//===----------------------------------------------------------------------===//

class CuteNvgpu_TmemCopyAtom<string name, string typeMnemonic, string desc,
                             list<Trait> traits = []>
    : CuteNvgpu_AtomType<name, typeMnemonic,
                         !listconcat([DeclareTypeInterfaceMethods<Cute_CopyAtomTypeInterface>], traits)> {
  let summary = desc # " (SM100)";
  let description = [{
    A tensor-memory copy of spec 003 ("SM100 and SM103 TMEM copy atoms"),
    parameterized by the element type it moves; the legal element widths
    are those of the registry row.

    ```mlir
    !cute_nvgpu.}] # typeMnemonic # [{<f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def CuteNvgpu_TmemLoadAtomType
    : CuteNvgpu_TmemCopyAtom<"TmemLoadAtom", "atom.tmem_load", "tcgen05.ld: tmem -> rmem">;
def CuteNvgpu_TmemStoreAtomType
    : CuteNvgpu_TmemCopyAtom<"TmemStoreAtom", "atom.tmem_store", "tcgen05.st: rmem -> tmem">;
def CuteNvgpu_S2tCopyAtomType
    : CuteNvgpu_TmemCopyAtom<"S2tCopyAtom", "atom.s2t_copy", "tcgen05.cp: smem -> tmem",
                             [CuteNvgpu_AsyncCopyAtomTypeInterface]>;
def CuteNvgpu_TmemToSmemCopyAtomType
    : CuteNvgpu_TmemCopyAtom<"TmemToSmemCopyAtom", "atom.tmem_to_smem_copy",
                             "tcgen05.cp reverse direction: tmem -> smem">;
def CuteNvgpu_Tcgen05CpAtomType
    : CuteNvgpu_TmemCopyAtom<"Tcgen05CpAtom", "atom.tcgen05.cp",
                             "cluster-scope tcgen05.cp: tmem -> tmem">;

//===----------------------------------------------------------------------===//
// TMA (SM90)
//===----------------------------------------------------------------------===//

class CuteNvgpu_TmaAtom<string name, string typeMnemonic, string desc, list<Trait> traits>
    : CuteNvgpu_AtomType<name, typeMnemonic,
                         !listconcat([CuteNvgpu_TmaAtomTypeInterface], traits)> {
  let summary = desc # " (SM90)";
  let description = [{
    A descriptor-driven TMA atom of spec 003 ("SM90 TMA atom family"): the
    element type and the box rank (1..5, im2col 3..5); the reduce atoms also
    carry the reduction (`add`, `min`, `max`, `inc`, `dec`, `and`, `or`,
    `xor`). The per-lane fragment is implicit in the descriptor.

    ```mlir
    !cute_nvgpu.atom.tma_load<f16, rank = 2>
    !cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$rank,
                        StringRefParameter<"reduction, empty unless a reduce atom", "\"\"">:$reduction);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

class CuteNvgpu_ExecTmaAtom<string name, string typeMnemonic, string desc, list<Trait> traits = []>
    : CuteNvgpu_TmaAtom<name, typeMnemonic, desc,
                        !listconcat([DeclareTypeInterfaceMethods<Cute_CopyAtomTypeInterface>,
                                     CuteNvgpu_AsyncCopyAtomTypeInterface], traits)>;

def CuteNvgpu_TmaLoadAtomType
    : CuteNvgpu_ExecTmaAtom<"TmaLoadAtom", "atom.tma_load", "TMA load gmem -> smem",
                            [CuteNvgpu_PrefetchAtomTypeInterface]>;
def CuteNvgpu_TmaLoadMulticastAtomType
    : CuteNvgpu_ExecTmaAtom<"TmaLoadMulticastAtom", "atom.tma_load_multicast",
                            "TMA load gmem -> smem of several CTAs (16-bit CTA mask)",
                            [CuteNvgpu_PrefetchAtomTypeInterface]>;
def CuteNvgpu_TmaLoadIm2colAtomType
    : CuteNvgpu_ExecTmaAtom<"TmaLoadIm2colAtom", "atom.tma_load_im2col",
                            "TMA im2col load gmem -> smem", [CuteNvgpu_PrefetchAtomTypeInterface]>;
def CuteNvgpu_TmaStoreAtomType
    : CuteNvgpu_ExecTmaAtom<"TmaStoreAtom", "atom.tma_store", "TMA store smem -> gmem">;
def CuteNvgpu_TmaReduceAtomType
    : CuteNvgpu_ExecTmaAtom<"TmaReduceAtom", "atom.tma_reduce", "TMA reduce smem into gmem">;

def CuteNvgpu_NonExecTiledTmaLoadAtomType
    : CuteNvgpu_TmaAtom<"NonExecTiledTmaLoadAtom", "atom.non_exec_tiled_tma_load",
                        "non-executing tiled TMA load, awaiting mbarrier and cache binding", []>;
def CuteNvgpu_NonExecTiledTmaStoreAtomType
    : CuteNvgpu_TmaAtom<"NonExecTiledTmaStoreAtom", "atom.non_exec_tiled_tma_store",
                        "non-executing tiled TMA store, awaiting cache binding", []>;
def CuteNvgpu_NonExecTiledTmaReduceAtomType
    : CuteNvgpu_TmaAtom<"NonExecTiledTmaReduceAtom", "atom.non_exec_tiled_tma_reduce",
                        "non-executing tiled TMA reduce, awaiting cache binding", []>;

//===----------------------------------------------------------------------===//
// SMEM descriptor view (SM90)
//===----------------------------------------------------------------------===//

// A registry type but no atom: a descriptor view is an operand type.
def CuteNvgpu_SmemDescViewType
    : CuteNvgpu_Type<"SmemDescView", "smem_desc_view",
                     [CuteNvgpu_AtomRecordTypeInterface, CuteNvgpu_DescriptorTypeInterface]> {
  let summary = "a typed view over a 64-bit SMEM matrix descriptor (SM90)";
  let description = [{
    The operand form of WGMMA / UMMA A and B: element type, major-ness (`k`
    or `mn`) and swizzle width in bytes (0, 32, 64 or 128).

    ```mlir
    !cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$major, "unsigned":$swizzle);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// The TMA descriptor (spec 003 "Registry Model": descriptor types carry
// hardware descriptor state as typed IR): what cuTensorMapEncodeTiled fixes.
def CuteNvgpu_TmaDescriptorType
    : CuteNvgpu_Type<"TmaDescriptor", "tma_descriptor",
                     [CuteNvgpu_AtomRecordTypeInterface,
                      DeclareTypeInterfaceMethods<CuteNvgpu_DescriptorTypeInterface, ["getDescriptorBits"]>]> {
  let summary = "a TMA tensor-map descriptor: element type, box, swizzle, interleave, L2 promotion, OOB fill (SM90)";
  let description = [{
    The 128-byte tensor map a TMA atom reads (`CUtensorMap`): the element
    type, the box (rank 1..5, each extent 1..256, innermost first), the
    swizzle span in bytes (0, 32, 64, 128; with a swizzle the innermost box
    row fits in it), the interleave (0, 16, 32 bytes), the L2 promotion (0,
    64, 128, 256 bytes) and the out-of-bounds fill (`zero` or `nan`). A TMA
    atom bound to it through `cute.make_atom` must agree with it (element
    type, rank); kernels take it as a `cute_nvgpu.grid_constant` parameter.

    ```mlir
    !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType, ArrayRefParameter<"int64_t">:$box,
                        "unsigned":$swizzle, "unsigned":$interleave, "unsigned":$l2Promotion,
                        StringRefParameter<"zero or nan">:$oobFill);
  let assemblyFormat = [{
    `<` $elementType `,` `box` `=` `[` $box `]` `,` `swizzle` `=` $swizzle `,` `interleave` `=`
    $interleave `,` `l2_promotion` `=` $l2Promotion `,` `oob_fill` `=` $oobFill `>`
  }];
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// MMA atoms: one parameter list and format for every tier
//===----------------------------------------------------------------------===//

class CuteNvgpu_MmaAtom<string name, string typeMnemonic, string desc, string example,
                        list<Trait> traits = []>
    : CuteNvgpu_AtomType<name, typeMnemonic,
                         !listconcat([DeclareTypeInterfaceMethods<Cute_MmaAtomTypeInterface>], traits)> {
  let summary = desc;
  let description = [{
    An MMA record of spec 003: the `MxNxK` tile, `elem_type = (A, B, C)`,
    and, where the family has them, `ab_major = (k|mn, k|mn)`, `frag_kind`
    (`ss`, `rs`, `ts`: where A and B come from) and the block-scale
    `sf_type` / `sf_vec`. The shape lattice and element-type combinations
    of the tier are checked when the type is built.

    ```mlir
    !cute_nvgpu.}] # example # [{
    ```
  }];
  let parameters = (ins "unsigned":$m, "unsigned":$n, "unsigned":$k,
                        "::mlir::Type":$aType, "::mlir::Type":$bType, "::mlir::Type":$cType,
                        "unsigned":$aMajor, "unsigned":$bMajor, "unsigned":$fragKind,
                        "::mlir::Type":$sfType, "unsigned":$sfVec);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CuteNvgpu_Sm80MmaAtomType
    : CuteNvgpu_MmaAtom<"Sm80MmaAtom", "sm80.mma", "SM80 dense mma.sync (registers)",
                        "sm80.mma<16x8x16, elem_type = (f16, f16, f32)>">;
def CuteNvgpu_Sm80SparseMmaAtomType
    : CuteNvgpu_MmaAtom<"Sm80SparseMmaAtom", "sm80.sparse_mma",
                        "SM80 structured-sparse mma.sp.sync (registers + metadata)",
                        "sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>",
                        [CuteNvgpu_SparseMetadataAtomTypeInterface]>;
def CuteNvgpu_Sm89MmaAtomType
    : CuteNvgpu_MmaAtom<"Sm89MmaAtom", "sm89.mma", "SM89 FP8 mma.sync (registers)",
                        "sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>">;
def CuteNvgpu_Sm90MmaAtomType
    : CuteNvgpu_MmaAtom<"Sm90MmaAtom", "sm90.mma", "SM90 WGMMA (SMEM descriptors, register accumulator)",
                        "sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
                        [CuteNvgpu_SmemDescriptorAtomTypeInterface]>;
def CuteNvgpu_Sm100MmaAtomType
    : CuteNvgpu_MmaAtom<"Sm100MmaAtom", "sm100.mma", "SM100 UMMA (tcgen05.mma, TMEM accumulator)",
                        "sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>",
                        [CuteNvgpu_TmemAtomTypeInterface, CuteNvgpu_SmemDescriptorAtomTypeInterface]>;
def CuteNvgpu_Sm100MmaSpAtomType
    : CuteNvgpu_MmaAtom<"Sm100MmaSpAtom", "sm100.mma_sp", "SM100 structured-sparse UMMA",
                        "sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
                        [CuteNvgpu_TmemAtomTypeInterface, CuteNvgpu_SmemDescriptorAtomTypeInterface,
                         CuteNvgpu_SparseMetadataAtomTypeInterface]>;
def CuteNvgpu_Sm100MmaBsAtomType
    : CuteNvgpu_MmaAtom<"Sm100MmaBsAtom", "sm100.mma_bs", "SM100 block-scaled UMMA",
                        "sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>",
                        [CuteNvgpu_TmemAtomTypeInterface, CuteNvgpu_SmemDescriptorAtomTypeInterface,
                         CuteNvgpu_BlockScaleAtomTypeInterface]>;
def CuteNvgpu_Sm100MmaBsSpAtomType
    : CuteNvgpu_MmaAtom<"Sm100MmaBsSpAtom", "sm100.mma_bs_sp", "SM100 sparse block-scaled UMMA",
                        "sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>",
                        [CuteNvgpu_TmemAtomTypeInterface, CuteNvgpu_SmemDescriptorAtomTypeInterface,
                         CuteNvgpu_BlockScaleAtomTypeInterface, CuteNvgpu_SparseMetadataAtomTypeInterface]>;
def CuteNvgpu_Sm120MmaBsAtomType
    : CuteNvgpu_MmaAtom<"Sm120MmaBsAtom", "SM120.mma_bs",
                        "SM120/SM121 block-scaled mma.sync (registers, two scale-factor operands)",
                        "SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>",
                        [CuteNvgpu_BlockScaleAtomTypeInterface]>;

#endif // CUTE_NVGPU_TYPES_TD
