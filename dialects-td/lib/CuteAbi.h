//===- CuteAbi.h - every value that crosses the C ABI, defined once -------===//
//
// The enums and structs shared by the C++ glue and Rust. C++ includes this
// header; the Rust side is generated from it by bindgen (build.rs ->
// src/ffi/abi.rs), so neither side can drift from the other.
//
// Direction headers: RustFFI.h declares what Rust implements (C++ calls it),
// CppFFI.h what C++ implements (Rust calls it).
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_ABI_H
#define CUTE_ABI_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Kinds of the spec-carrying cute types (`!cute.<mnemonic><"spec">`) and of
/// `#cute.spec` attributes.
typedef enum CuteSpecKind {
  CUTE_SPEC_INT_TUPLE = 0,
  CUTE_SPEC_SHAPE = 1,
  CUTE_SPEC_STRIDE = 2,
  CUTE_SPEC_COORD = 3,
  CUTE_SPEC_TILE = 4,
  CUTE_SPEC_LAYOUT = 5,
  CUTE_SPEC_SWIZZLE = 6,
  CUTE_SPEC_COMPOSED_LAYOUT = 7,
  CUTE_SPEC_BASIS = 8, // attributes only: spec 001 `N@dim` descriptors
} CuteSpecKind;

/// Composite (non-spec) cute types.
typedef enum CuteCompositeKind {
  CUTE_COMPOSITE_NONE = 0,
  CUTE_COMPOSITE_PTR = 1,
  CUTE_COMPOSITE_DESC_ITER = 2,
  CUTE_COMPOSITE_VIEW = 3,
  CUTE_COMPOSITE_TILED_COPY = 4,
  CUTE_COMPOSITE_TILED_MMA = 5,
} CuteCompositeKind;

/// The parts of a composite cute type, read with `cute_cpp_composite_parts`.
typedef struct CuteCompositeParts {
  CuteCompositeKind kind;
  /// ptr, desc_iter: the element type (desc_iter: of its pointer).
  MlirType element;
  /// desc_iter: the pointer type; view: the iterator.
  MlirType iterator;
  /// view: the layout; tiled_copy: the TV layout; tiled_mma: the atom layout.
  MlirType layout;
  /// tiled_copy, tiled_mma: the atom.
  MlirType atom;
  /// tiled_copy: the tiler.
  MlirType tiler;
  /// ptr: address space and alignment in bytes.
  uint32_t addressSpace;
  uint64_t alignment;
} CuteCompositeParts;

/// Address spaces of `!cute.ptr` (NVVM numbering).
typedef enum CuteAddressSpace {
  CUTE_AS_GENERIC = 0,
  CUTE_AS_GMEM = 1,
  CUTE_AS_SMEM = 3,
  CUTE_AS_CONSTANT = 4,
  CUTE_AS_RMEM = 5,
  CUTE_AS_TMEM = 6,
} CuteAddressSpace;

/// Every type of the cute_nvgpu atom registry (spec 003), one per mnemonic.
typedef enum CuteNvgpuAtomKind {
  CUTE_NVGPU_NOT_AN_ATOM = 0,
  CUTE_NVGPU_UNIVERSAL_COPY,
  CUTE_NVGPU_UNIVERSAL_FMA,
  CUTE_NVGPU_LDSM,
  CUTE_NVGPU_STSM,
  CUTE_NVGPU_SIMT_ASYNC_COPY,
  CUTE_NVGPU_TMEM_LOAD,
  CUTE_NVGPU_TMEM_STORE,
  CUTE_NVGPU_S2T_COPY,
  CUTE_NVGPU_TMEM_TO_SMEM_COPY,
  CUTE_NVGPU_TCGEN05_CP,
  CUTE_NVGPU_TMA_LOAD,
  CUTE_NVGPU_TMA_LOAD_MULTICAST,
  CUTE_NVGPU_TMA_LOAD_IM2COL,
  CUTE_NVGPU_TMA_STORE,
  CUTE_NVGPU_TMA_REDUCE,
  CUTE_NVGPU_NON_EXEC_TILED_TMA_LOAD,
  CUTE_NVGPU_NON_EXEC_TILED_TMA_STORE,
  CUTE_NVGPU_NON_EXEC_TILED_TMA_REDUCE,
  CUTE_NVGPU_SMEM_DESC_VIEW,
  CUTE_NVGPU_TMA_DESCRIPTOR,
  CUTE_NVGPU_SM80_MMA,
  CUTE_NVGPU_SM80_SPARSE_MMA,
  CUTE_NVGPU_SM89_MMA,
  CUTE_NVGPU_SM90_MMA,
  CUTE_NVGPU_SM100_MMA,
  CUTE_NVGPU_SM100_MMA_SP,
  CUTE_NVGPU_SM100_MMA_BS,
  CUTE_NVGPU_SM100_MMA_BS_SP,
  CUTE_NVGPU_SM120_MMA_BS,
} CuteNvgpuAtomKind;

/// `k` or `mn` major-ness of an MMA operand or an SMEM descriptor.
typedef enum CuteNvgpuMajor { CUTE_NVGPU_MAJOR_K = 0, CUTE_NVGPU_MAJOR_MN = 1 } CuteNvgpuMajor;

/// Where WGMMA / UMMA operands A and B come from (`frag_kind`).
typedef enum CuteNvgpuFragKind {
  CUTE_NVGPU_FRAG_NONE = 0,
  CUTE_NVGPU_FRAG_SS = 1,
  CUTE_NVGPU_FRAG_RS = 2,
  CUTE_NVGPU_FRAG_TS = 3,
} CuteNvgpuFragKind;

/// The interfaces of spec 003's "Interfaces implemented" column, as bits of
/// `CuteNvgpuAtom::interfaces` (`1 << CUTE_NVGPU_IFACE_*`). ODS lists them
/// per type; C++ reads them with `isa`, nobody restates them.
typedef enum CuteNvgpuInterface {
  CUTE_NVGPU_IFACE_MMA_ATOM = 0,
  CUTE_NVGPU_IFACE_COPY_ATOM = 1,
  CUTE_NVGPU_IFACE_PREFETCH_ATOM = 2,
  CUTE_NVGPU_IFACE_TMA_ATOM = 3,
  CUTE_NVGPU_IFACE_ASYNC_COPY_ATOM = 4,
  CUTE_NVGPU_IFACE_TMEM_ATOM = 5,
  CUTE_NVGPU_IFACE_SPARSE_METADATA_ATOM = 6,
  CUTE_NVGPU_IFACE_BLOCK_SCALE_ATOM = 7,
  CUTE_NVGPU_IFACE_SMEM_DESCRIPTOR_ATOM = 8,
  CUTE_NVGPU_IFACE_DESCRIPTOR_TYPE = 9,
} CuteNvgpuInterface;

/// The ODS parameters of a registry type, as one flat record: which fields
/// mean something depends on `kind` (src/dialect/nvgpu/atom.rs reads them
/// into a typed view). Filled by C++ from a type (`cute_nvgpu_cpp_atom`) or
/// from the parameters of a type being built (its `verify()`).
typedef struct CuteNvgpuAtom {
  CuteNvgpuAtomKind kind;
  /// MMA: shape, element types of A, B, C/D, majors, fragment kind, block
  /// scale; universal FMA: a, b, c.
  uint32_t m, n, k;
  MlirType a, b, c;
  CuteNvgpuMajor aMajor, bMajor;
  CuteNvgpuFragKind fragKind;
  MlirType sfType;
  uint32_t sfVec;
  /// Copies, TMA, descriptors: the element type (universal copy: the value
  /// type).
  MlirType element;
  /// ldmatrix / stmatrix: x1/x2/x4 and `.trans`.
  uint32_t num;
  bool trans;
  /// cp.async: bytes per thread.
  uint32_t bytes;
  /// TMA: box rank and reduction (empty if none).
  uint32_t rank;
  MlirStringRef reduction;
  /// smem_desc_view: major-ness and swizzle bytes (TMA descriptors: swizzle).
  CuteNvgpuMajor major;
  uint32_t swizzle;
  /// tma_descriptor: the box extents (`boxRank` of them), interleave bytes,
  /// L2 promotion bytes and out-of-bounds fill (`zero` or `nan`).
  const int64_t *box;
  intptr_t boxRank;
  uint32_t interleave;
  uint32_t l2Promotion;
  MlirStringRef oobFill;
  /// Bit set of CuteNvgpuInterface (0 when filled from `verify()`).
  uint32_t interfaces;
} CuteNvgpuAtom;

/// The optional keys of an MMA type's assembly (bit set): which parameters
/// its family has. Answered by Rust (`cute_nvgpu_rs_mma_keys`).
typedef enum CuteNvgpuMmaKey {
  CUTE_NVGPU_MMA_KEY_AB_MAJOR = 1,
  CUTE_NVGPU_MMA_KEY_FRAG_KIND = 2,
  CUTE_NVGPU_MMA_KEY_SCALE = 4, ///< sf_type and sf_vec
} CuteNvgpuMmaKey;

/// Text facts a registry type answers through its capability interfaces.
typedef enum CuteNvgpuText {
  CUTE_NVGPU_TEXT_CACHE_POLICY = 0,         ///< AsyncCopyAtom: ca, cg, none
  CUTE_NVGPU_TEXT_COMPLETION_MECHANISM = 1, ///< AsyncCopyAtom
  CUTE_NVGPU_TEXT_TMA_MODE = 2,             ///< TmaAtom: tile, multicast, im2col
  CUTE_NVGPU_TEXT_TMA_DIRECTION = 3,        ///< TmaAtom: load, store, reduce
  CUTE_NVGPU_TEXT_SPARSITY_PATTERN = 4,     ///< SparseMetadataAtom: 2:4 or 1:2
} CuteNvgpuText;

/// Numeric facts a registry type answers through its interfaces.
typedef enum CuteNvgpuNumber {
  CUTE_NVGPU_NUMBER_MIN_TIER = 0,    ///< AtomRecord: first SM tier (0: all)
  CUTE_NVGPU_NUMBER_TMA_RANK = 1,    ///< TmaAtom, PrefetchAtom
  CUTE_NVGPU_NUMBER_TMEM_COLUMNS = 2, ///< TmemAtom
  CUTE_NVGPU_NUMBER_EXECUTABLE = 3,  ///< TmaAtom: 1 if bound at execution
  CUTE_NVGPU_NUMBER_A_DESCRIPTOR = 4, ///< SmemDescriptorAtom: 1 if A is descriptor-backed
  CUTE_NVGPU_NUMBER_COPY_BITS = 5,   ///< CopyAtom: bits per thread per atom
  CUTE_NVGPU_NUMBER_DESCRIPTOR_BITS = 6, ///< DescriptorType: bits of the descriptor
} CuteNvgpuNumber;

#ifdef __cplusplus
}
#endif

#endif // CUTE_ABI_H
