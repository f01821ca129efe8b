//===- CuteNvgpuDialect.h - C++ declarations of `cute_nvgpu` ---------------===//

#ifndef CUTE_NVGPU_DIALECT_H
#define CUTE_NVGPU_DIALECT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "CuteDialect.h"

namespace mlir::cute_nvgpu {

/// Where an operand lives (a bit set; spec 003 "Residency contract").
namespace Residency {
enum : unsigned {
  None = 0,
  Rmem = 1,
  Smem = 2,
  Gmem = 4,
  Tmem = 8,
  SmemDesc = 16, // a view over SMEM matrix descriptors (smem_desc_view)
  Any = Rmem | Smem | Gmem | Tmem,
};
} // namespace Residency

/// Where WGMMA / UMMA operands A and B come from (`frag_kind`).
namespace FragKind {
enum : unsigned { None = 0, SS = 1, RS = 2, TS = 3 };
} // namespace FragKind

/// Major-ness of an MMA operand or SMEM descriptor (`k` or `mn`).
namespace Major {
enum : unsigned { K = 0, MN = 1 };
} // namespace Major

/// One row of the spec 003 registry: the tier window that registers the type
/// and its `MmaAtomContract` / `CopyAtomContract` fields.
struct AtomRecord {
  enum Kind : unsigned { Mma = 0, Copy = 1, Tma = 2, Descriptor = 3 };
  Kind kind = Copy;
  unsigned minTier = 0;      ///< 0: every tier
  unsigned maxTier = 0;      ///< 0: no upper bound
  bool archSpecific = false; ///< needs an `a` / `f` target (WGMMA, tcgen05, SM120 block scale)
  // MmaAtomContract
  unsigned aResidency = 0, bResidency = 0, dResidency = 0;
  bool supportsSparse = false, supportsBlockScale = false;
  // CopyAtomContract
  unsigned source = 0, destination = 0, valueBits = 0;
  bool isAsync = false, usesTmaDescriptor = false, supportsPrefetch = false;
};

namespace detail {
// The registry table (CuteNvgpuRegistry.cpp); every interface method of
// CuteNvgpuInterfaces.td forwards here.
AtomRecord atomRecord(Type atom);
::llvm::LogicalResult verifyOperands(Type atom, TypeRange operandTypes, bool tiled,
                                     ::llvm::function_ref<InFlightDiagnostic()> emitError);
unsigned tmaRank(Type atom);
::llvm::StringRef tmaMode(Type atom);
::llvm::StringRef tmaDirection(Type atom);
bool tmaExecutable(Type atom);
::llvm::LogicalResult verifyPrefetch(Type atom, unsigned numCoords,
                                     ::llvm::function_ref<InFlightDiagnostic()> emitError);
::llvm::StringRef completionMechanism(Type atom);
::llvm::StringRef cachePolicy(Type atom);
unsigned tmemColumns(Type atom);
::llvm::StringRef sparsityPattern(Type atom);
/// The tier rule: `sm` (with suffix 0, 'a' or 'f') lies in the record's
/// window, and arch-specific atoms need a suffixed target.
bool atomLegalOn(const AtomRecord &record, unsigned sm, char suffix);
} // namespace detail
} // namespace mlir::cute_nvgpu

#include "cute_nvgpu/CuteNvgpuDialect.h.inc"

#include "cute_nvgpu/CuteNvgpuTypeInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuTypes.h.inc"

#define GET_OP_CLASSES
#include "cute_nvgpu/CuteNvgpuOps.h.inc"

namespace mlir::cute_nvgpu {
/// Residency of a `!cute.view` operand (Residency bits; None if not a view).
unsigned residencyOf(Type view);

/// Whether the atom (or descriptor) type is registered on `target`; emits the
/// tier diagnostic otherwise.
::llvm::LogicalResult verifyAtomOnTarget(Type atom, TargetAttr target,
                                         ::llvm::function_ref<InFlightDiagnostic()> emitError);

/// The MMA types of every tier (X-macro), and the other families.
#define CUTE_NVGPU_MMA_TYPES(X)                                                                    \
  X(Sm80MmaAtomType)                                                                               \
  X(Sm80SparseMmaAtomType)                                                                         \
  X(Sm89MmaAtomType)                                                                               \
  X(Sm90MmaAtomType)                                                                               \
  X(Sm100MmaAtomType)                                                                              \
  X(Sm100MmaSpAtomType)                                                                            \
  X(Sm100MmaBsAtomType)                                                                            \
  X(Sm100MmaBsSpAtomType)                                                                          \
  X(Sm120MmaBsAtomType)
#define CUTE_NVGPU_TMA_TYPES(X)                                                                    \
  X(TmaLoadAtomType)                                                                               \
  X(TmaLoadMulticastAtomType)                                                                      \
  X(TmaLoadIm2colAtomType)                                                                         \
  X(TmaStoreAtomType)                                                                              \
  X(TmaReduceAtomType)                                                                             \
  X(NonExecTiledTmaLoadAtomType)                                                                   \
  X(NonExecTiledTmaStoreAtomType)                                                                  \
  X(NonExecTiledTmaReduceAtomType)
#define CUTE_NVGPU_EXEC_TMA_TYPES(X)                                                               \
  X(TmaLoadAtomType)                                                                               \
  X(TmaLoadMulticastAtomType)                                                                      \
  X(TmaLoadIm2colAtomType)                                                                         \
  X(TmaStoreAtomType)                                                                              \
  X(TmaReduceAtomType)
#define CUTE_NVGPU_TMEM_COPY_TYPES(X)                                                              \
  X(TmemLoadAtomType)                                                                              \
  X(TmemStoreAtomType)                                                                             \
  X(S2tCopyAtomType)                                                                               \
  X(TmemToSmemCopyAtomType)                                                                        \
  X(Tcgen05CpAtomType)
#define CUTE_NVGPU_MATRIX_COPY_TYPES(X)                                                            \
  X(LdsmAtomType)                                                                                  \
  X(StsmAtomType)

/// The parameters shared by every MMA type.
struct MmaParams {
  unsigned m = 0, n = 0, k = 0;
  Type a, b, c;
  unsigned aMajor = 0, bMajor = 0, fragKind = 0;
  Type sfType;
  unsigned sfVec = 0;
};

/// Static facts of one MMA family (one row per MMA mnemonic).
struct MmaFamily {
  ::llvm::StringLiteral mnemonic;
  bool hasMajor, hasFrag, hasScale;
  bool umma;     ///< SM90/SM100 verifier ladder (descriptor operands)
  bool sparse;   ///< K doubled, metadata operand
  unsigned frags; ///< legal frag kinds, bit per FragKind
};

/// The family and parameters of an MMA type (nullopt if not one).
std::optional<std::pair<const MmaFamily *, MmaParams>> getMma(Type type);

namespace detail {
/// The family row of an MMA mnemonic (CuteNvgpuRegistry.cpp).
const MmaFamily &familyOf(::llvm::StringRef mnemonic);
/// The element-type ladder of an MMA instance; `elementTypes` is (D, A, B, C).
::llvm::LogicalResult verifyMmaElementTypes(const MmaFamily &family, const MmaParams &p,
                                            TypeRange elementTypes,
                                            ::llvm::function_ref<InFlightDiagnostic()> emitError);
} // namespace detail
} // namespace mlir::cute_nvgpu

#endif // CUTE_NVGPU_DIALECT_H
