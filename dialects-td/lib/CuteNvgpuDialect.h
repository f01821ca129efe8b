//===- CuteNvgpuDialect.h - C++ declarations of `cute_nvgpu` ---------------===//

#ifndef CUTE_NVGPU_DIALECT_H
#define CUTE_NVGPU_DIALECT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "CuteDialect.h"

#include "CuteAbi.h"

namespace mlir::cute_nvgpu {
/// Text and numeric facts of a registry type, answered by the Rust registry
/// (src/dialect/nvgpu/); the capability interfaces forward here.
::llvm::StringRef rustText(Type atom, CuteNvgpuText which);
unsigned rustNumber(Type atom, CuteNvgpuNumber which);
/// The Rust type verifier of a registry type being built from `params`.
::llvm::LogicalResult verifyAtomWithRust(const CuteNvgpuAtom &params,
                                         ::llvm::function_ref<InFlightDiagnostic()> emitError);
} // namespace mlir::cute_nvgpu

#include "cute_nvgpu/CuteNvgpuDialect.h.inc"

#include "cute_nvgpu/CuteNvgpuTypeInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuTypes.h.inc"

#define GET_OP_CLASSES
#include "cute_nvgpu/CuteNvgpuOps.h.inc"

/// X-macros over the registry types; the MMA list pairs each type with its
/// CuteNvgpuAtomKind.
#define CUTE_NVGPU_MMA_TYPES(X) \
  X(Sm80MmaAtomType, CUTE_NVGPU_SM80_MMA) \
  X(Sm80SparseMmaAtomType, CUTE_NVGPU_SM80_SPARSE_MMA) \
  X(Sm89MmaAtomType, CUTE_NVGPU_SM89_MMA) \
  X(Sm90MmaAtomType, CUTE_NVGPU_SM90_MMA) \
  X(Sm100MmaAtomType, CUTE_NVGPU_SM100_MMA) \
  X(Sm100MmaSpAtomType, CUTE_NVGPU_SM100_MMA_SP) \
  X(Sm100MmaBsAtomType, CUTE_NVGPU_SM100_MMA_BS) \
  X(Sm100MmaBsSpAtomType, CUTE_NVGPU_SM100_MMA_BS_SP) \
  X(Sm120MmaBsAtomType, CUTE_NVGPU_SM120_MMA_BS)
#define CUTE_NVGPU_EXEC_TMA_TYPES(X)                                                               \
  X(TmaLoadAtomType)                                                                               \
  X(TmaLoadMulticastAtomType)                                                                      \
  X(TmaLoadIm2colAtomType)                                                                         \
  X(TmaStoreAtomType)                                                                              \
  X(TmaReduceAtomType)
#define CUTE_NVGPU_MATRIX_COPY_TYPES(X)                                                            \
  X(LdsmAtomType)                                                                                  \
  X(StsmAtomType)

#endif // CUTE_NVGPU_DIALECT_H
