//===- CuteNvgpuRegistry.cpp - registry types as CuteNvgpuAtom records -----===//
//
// The one accessor Rust uses to read a registry type: its ODS parameters as
// a flat CuteNvgpuAtom (CuteAbi.h), plus the interfaces ODS lists for it.
// The registry itself (records, tiers, rules, layouts) is Rust
// (src/dialect/nvgpu/); the capability interfaces forward to it.
//
//===----------------------------------------------------------------------===//

#include "CuteNvgpuDialect.h"
#include "CppFFI.h"
#include "RustFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#include "cute_nvgpu/CuteNvgpuTypeInterfaces.cpp.inc"

StringRef mlir::cute_nvgpu::rustText(Type atom, CuteNvgpuText which) {
  return unwrap(cute_nvgpu_rs_atom_text(wrap(atom), which));
}

unsigned mlir::cute_nvgpu::rustNumber(Type atom, CuteNvgpuNumber which) {
  return cute_nvgpu_rs_atom_number(wrap(atom), which);
}

/// The parameters of `type` (kind CUTE_NVGPU_NOT_AN_ATOM for other types).
static CuteNvgpuAtom paramsOf(Type type) {
  CuteNvgpuAtom p{};
  auto set = [&](CuteNvgpuAtomKind kind) { p.kind = kind; };
  llvm::TypeSwitch<Type>(type)
      .Case([&](UniversalCopyAtomType t) {
        set(CUTE_NVGPU_UNIVERSAL_COPY);
        p.element = wrap(t.getValueType());
      })
      .Case([&](UniversalFmaAtomType t) {
        set(CUTE_NVGPU_UNIVERSAL_FMA);
        p.a = wrap(t.getAType()), p.b = wrap(t.getBType()), p.c = wrap(t.getCType());
      })
      .Case<LdsmAtomType, StsmAtomType>([&](auto t) {
        set(llvm::isa<StsmAtomType>(t) ? CUTE_NVGPU_STSM : CUTE_NVGPU_LDSM);
        p.num = t.getNum(), p.trans = t.getTrans(), p.element = wrap(t.getElementType());
      })
      .Case([&](SimtAsyncCopyAtomType t) {
        set(CUTE_NVGPU_SIMT_ASYNC_COPY);
        p.bytes = t.getBytes(), p.element = wrap(t.getElementType());
      })
      .Case([&](TmemLoadAtomType t) { set(CUTE_NVGPU_TMEM_LOAD), p.element = wrap(t.getElementType()); })
      .Case([&](TmemStoreAtomType t) { set(CUTE_NVGPU_TMEM_STORE), p.element = wrap(t.getElementType()); })
      .Case([&](S2tCopyAtomType t) { set(CUTE_NVGPU_S2T_COPY), p.element = wrap(t.getElementType()); })
      .Case([&](TmemToSmemCopyAtomType t) {
        set(CUTE_NVGPU_TMEM_TO_SMEM_COPY), p.element = wrap(t.getElementType());
      })
      .Case([&](Tcgen05CpAtomType t) { set(CUTE_NVGPU_TCGEN05_CP), p.element = wrap(t.getElementType()); })
      .Case<TmaLoadAtomType, TmaLoadMulticastAtomType, TmaLoadIm2colAtomType, TmaStoreAtomType,
            TmaReduceAtomType, NonExecTiledTmaLoadAtomType, NonExecTiledTmaStoreAtomType,
            NonExecTiledTmaReduceAtomType>([&](auto t) {
        using T = decltype(t);
        set(std::is_same_v<T, TmaLoadAtomType>                 ? CUTE_NVGPU_TMA_LOAD
            : std::is_same_v<T, TmaLoadMulticastAtomType>      ? CUTE_NVGPU_TMA_LOAD_MULTICAST
            : std::is_same_v<T, TmaLoadIm2colAtomType>         ? CUTE_NVGPU_TMA_LOAD_IM2COL
            : std::is_same_v<T, TmaStoreAtomType>              ? CUTE_NVGPU_TMA_STORE
            : std::is_same_v<T, TmaReduceAtomType>             ? CUTE_NVGPU_TMA_REDUCE
            : std::is_same_v<T, NonExecTiledTmaLoadAtomType>   ? CUTE_NVGPU_NON_EXEC_TILED_TMA_LOAD
            : std::is_same_v<T, NonExecTiledTmaStoreAtomType>  ? CUTE_NVGPU_NON_EXEC_TILED_TMA_STORE
                                                               : CUTE_NVGPU_NON_EXEC_TILED_TMA_REDUCE);
        p.element = wrap(t.getElementType()), p.rank = t.getRank();
        p.reduction = wrap(t.getReduction());
      })
      .Case([&](SmemDescViewType t) {
        set(CUTE_NVGPU_SMEM_DESC_VIEW);
        p.element = wrap(t.getElementType());
        p.major = CuteNvgpuMajor(t.getMajor()), p.swizzle = t.getSwizzle();
      })
      .Case([&](TmaDescriptorType t) {
        set(CUTE_NVGPU_TMA_DESCRIPTOR);
        p.element = wrap(t.getElementType());
        p.box = t.getBox().data(), p.boxRank = t.getBox().size();
        p.swizzle = t.getSwizzle(), p.interleave = t.getInterleave();
        p.l2Promotion = t.getL2Promotion(), p.oobFill = wrap(t.getOobFill());
      })
      .Default([](Type) {});
#define CUTE_NVGPU_MMA_CASE(Cls, kind)                                                             \
  if (auto t = llvm::dyn_cast<Cls>(type)) {                                                        \
    set(kind);                                                                                     \
    p.m = t.getM(), p.n = t.getN(), p.k = t.getK();                                                \
    p.a = wrap(t.getAType()), p.b = wrap(t.getBType()), p.c = wrap(t.getCType());                  \
    p.aMajor = CuteNvgpuMajor(t.getAMajor()), p.bMajor = CuteNvgpuMajor(t.getBMajor());            \
    p.fragKind = CuteNvgpuFragKind(t.getFragKind());                                               \
    p.sfType = wrap(t.getSfType()), p.sfVec = t.getSfVec();                                        \
  }
  CUTE_NVGPU_MMA_TYPES(CUTE_NVGPU_MMA_CASE)
#undef CUTE_NVGPU_MMA_CASE
  return p;
}

extern "C" bool cute_nvgpu_cpp_atom(MlirType raw, CuteNvgpuAtom *out) {
  if (mlirTypeIsNull(raw))
    return false;
  Type type = unwrap(raw);
  CuteNvgpuAtom p = paramsOf(type);
  if (p.kind == CUTE_NVGPU_NOT_AN_ATOM)
    return false;
  auto bit = [&](bool has, CuteNvgpuInterface index) { p.interfaces |= has ? (1u << index) : 0; };
  bit(llvm::isa<cute::MmaAtomTypeInterface>(type), CUTE_NVGPU_IFACE_MMA_ATOM);
  bit(llvm::isa<cute::CopyAtomTypeInterface>(type), CUTE_NVGPU_IFACE_COPY_ATOM);
  bit(llvm::isa<PrefetchAtomTypeInterface>(type), CUTE_NVGPU_IFACE_PREFETCH_ATOM);
  bit(llvm::isa<TmaAtomTypeInterface>(type), CUTE_NVGPU_IFACE_TMA_ATOM);
  bit(llvm::isa<AsyncCopyAtomTypeInterface>(type), CUTE_NVGPU_IFACE_ASYNC_COPY_ATOM);
  bit(llvm::isa<TmemAtomTypeInterface>(type), CUTE_NVGPU_IFACE_TMEM_ATOM);
  bit(llvm::isa<SparseMetadataAtomTypeInterface>(type), CUTE_NVGPU_IFACE_SPARSE_METADATA_ATOM);
  bit(llvm::isa<BlockScaleAtomTypeInterface>(type), CUTE_NVGPU_IFACE_BLOCK_SCALE_ATOM);
  bit(llvm::isa<SmemDescriptorAtomTypeInterface>(type), CUTE_NVGPU_IFACE_SMEM_DESCRIPTOR_ATOM);
  bit(llvm::isa<DescriptorTypeInterface>(type), CUTE_NVGPU_IFACE_DESCRIPTOR_TYPE);
  *out = p;
  return true;
}
