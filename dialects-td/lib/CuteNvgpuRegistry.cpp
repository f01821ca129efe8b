//===- CuteNvgpuRegistry.cpp - the spec 003 atom registry table ------------===//
//
// One table of facts per registry type (tier window, MMA/copy record), the
// capability-interface bodies, the instance verifiers of spec 003 "MMA Atom
// Verifier Diagnostics" (element-type ladder, residency ladder) and the tier
// rule. Layout questions (canonical layouts, ranks, vectorization strides,
// ldmatrix fragments) are answered by Rust (src/dialect/nvgpu.rs).
//
//===----------------------------------------------------------------------===//

#include "CuteNvgpuDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
namespace nv = mlir::cute_nvgpu::detail;

#include "cute_nvgpu/CuteNvgpuTypeInterfaces.cpp.inc"

extern "C" {
/// Layout checks of the registry, implemented in Rust (src/dialect/nvgpu.rs).
/// `kinds[i]` is the spec kind of `specs[i]` (5 layout, 7 composed layout,
/// 0xffff a plain name). Returns true if the check passes; otherwise passes
/// the diagnostic to `callback` and returns false.
bool cute_nvgpu_rs_check(uint32_t check, const int64_t *ints, intptr_t numInts,
                         const MlirStringRef *specs, const uint32_t *kinds, intptr_t numSpecs,
                         MlirStringCallback callback, void *userData);
}

namespace {
enum RustCheck : uint32_t {
  kMmaLayouts = 0,
  kTiledRanks = 1,
  kCopyVectorize = 2,
  kMatrixCopy = 3,
};
constexpr uint32_t kNameKind = 0xffff;
} // namespace

static std::string str(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Runs a Rust layout check over the layouts of `views` (plus `name`).
static LogicalResult rustCheck(RustCheck check, ArrayRef<int64_t> ints, ArrayRef<Type> views,
                               StringRef name, function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<MlirStringRef> specs;
  SmallVector<uint32_t> kinds;
  for (Type view : views) {
    Type layout = llvm::cast<cute::ViewType>(view).getLayout();
    if (auto l = llvm::dyn_cast<cute::LayoutType>(layout)) {
      specs.push_back(wrap(l.getSpec()));
      kinds.push_back(5);
    } else if (auto c = llvm::dyn_cast<cute::ComposedLayoutType>(layout)) {
      specs.push_back(wrap(c.getSpec()));
      kinds.push_back(7);
    } else {
      return emitError() << "operand " << view << " has no layout";
    }
  }
  if (!name.empty()) {
    specs.push_back(wrap(name));
    kinds.push_back(kNameKind);
  }
  std::string message;
  auto collect = [](MlirStringRef piece, void *data) {
    static_cast<std::string *>(data)->append(piece.data, piece.length);
  };
  if (cute_nvgpu_rs_check(check, ints.data(), ints.size(), specs.data(), kinds.data(),
                          specs.size(), collect, &message))
    return success();
  return emitError() << message;
}

//===----------------------------------------------------------------------===//
// MMA families
//===----------------------------------------------------------------------===//

static constexpr unsigned kSS = 1u << FragKind::SS, kRS = 1u << FragKind::RS,
                          kTS = 1u << FragKind::TS;

// mnemonic, hasMajor, hasFrag, hasScale, umma, sparse, frag kinds
static const MmaFamily kFamilies[] = {
    {"sm80.mma", false, false, false, false, false, 0},
    {"sm80.sparse_mma", false, false, false, false, true, 0},
    {"sm89.mma", false, false, false, false, false, 0},
    {"sm90.mma", true, true, false, true, false, kSS | kRS},
    {"sm100.mma", true, true, false, true, false, kSS | kTS},
    {"sm100.mma_sp", true, true, false, true, true, kSS | kTS},
    {"sm100.mma_bs", true, true, true, true, false, kSS | kTS},
    {"sm100.mma_bs_sp", true, true, true, true, true, kSS | kTS},
    {"SM120.mma_bs", false, false, true, false, false, 0},
};

const MmaFamily &mlir::cute_nvgpu::detail::familyOf(StringRef mnemonic) {
  for (const MmaFamily &family : kFamilies)
    if (family.mnemonic == mnemonic)
      return family;
  llvm_unreachable("every MMA type has a family row");
}

//===----------------------------------------------------------------------===//
// The registry table (spec 003 "Atom TypeID Registry")
//===----------------------------------------------------------------------===//

using mlir::cute::bitsOf;

static AtomRecord mmaRecord(unsigned minTier, unsigned maxTier, bool arch, unsigned a, unsigned b,
                            unsigned d, bool sparse, bool scale) {
  AtomRecord r;
  r.kind = AtomRecord::Mma;
  r.minTier = minTier, r.maxTier = maxTier, r.archSpecific = arch;
  r.aResidency = a, r.bResidency = b, r.dResidency = d;
  r.supportsSparse = sparse, r.supportsBlockScale = scale;
  return r;
}

static AtomRecord copyRecord(AtomRecord::Kind kind, unsigned minTier, unsigned maxTier, bool arch,
                             unsigned src, unsigned dst, unsigned bits, bool async, bool tma,
                             bool prefetch) {
  AtomRecord r;
  r.kind = kind;
  r.minTier = minTier, r.maxTier = maxTier, r.archSpecific = arch;
  r.source = src, r.destination = dst, r.valueBits = bits;
  r.isAsync = async, r.usesTmaDescriptor = tma, r.supportsPrefetch = prefetch;
  return r;
}

AtomRecord mlir::cute_nvgpu::detail::atomRecord(Type atom) {
  using namespace Residency;
  constexpr auto C = AtomRecord::Copy, T = AtomRecord::Tma;
  const unsigned umma_a = Tmem | SmemDesc; // UMMA A: TMEM memref or SMEM descriptor
  return llvm::TypeSwitch<Type, AtomRecord>(atom)
      // All tiers.
      .Case([](UniversalFmaAtomType) { return mmaRecord(0, 0, false, Rmem, Rmem, Rmem, false, false); })
      .Case([](UniversalCopyAtomType t) {
        return copyRecord(AtomRecord::Copy, 0, 0, false, Any, Any, bitsOf(t.getValueType()), false,
                          false, false);
      })
      // SM75 / SM90 register <-> shared matrices.
      .Case([&](LdsmAtomType t) { return copyRecord(C, 75, 0, false, Smem, Rmem, 32 * t.getNum(), false, false, false); })
      .Case([&](StsmAtomType t) { return copyRecord(C, 90, 0, false, Rmem, Smem, 32 * t.getNum(), false, false, false); })
      // SM80.
      .Case([&](SimtAsyncCopyAtomType t) { return copyRecord(C, 80, 0, false, Gmem, Smem, 8 * t.getBytes(), true, false, false); })
      .Case([](Sm80MmaAtomType) { return mmaRecord(80, 0, false, Rmem, Rmem, Rmem, false, false); })
      .Case([](Sm80SparseMmaAtomType) { return mmaRecord(80, 0, false, Rmem, Rmem, Rmem, true, false); })
      // SM89.
      .Case([](Sm89MmaAtomType) { return mmaRecord(89, 0, false, Rmem, Rmem, Rmem, false, false); })
      // SM90: WGMMA is sm_90a only; descriptors and TMA from SM90 on.
      .Case([](Sm90MmaAtomType) { return mmaRecord(90, 90, true, Rmem | SmemDesc, SmemDesc, Rmem, false, false); })
      .Case([](SmemDescViewType) {
        AtomRecord r;
        r.kind = AtomRecord::Descriptor;
        r.minTier = 90;
        return r;
      })
      .Case<TmaLoadAtomType, TmaLoadMulticastAtomType, TmaLoadIm2colAtomType>([&](auto t) {
        return copyRecord(C, 90, 0, false, Gmem, Smem, bitsOf(t.getElementType()), true, true, true);
      })
      .Case<TmaStoreAtomType, TmaReduceAtomType>([&](auto t) {
        return copyRecord(C, 90, 0, false, Smem, Gmem, bitsOf(t.getElementType()), true, true, false);
      })
      .Case([&](NonExecTiledTmaLoadAtomType t) {
        return copyRecord(T, 90, 0, false, Gmem, Smem, bitsOf(t.getElementType()), false, true, false);
      })
      .Case<NonExecTiledTmaStoreAtomType, NonExecTiledTmaReduceAtomType>([&](auto t) {
        return copyRecord(T, 90, 0, false, Smem, Gmem, bitsOf(t.getElementType()), false, true, false);
      })
      // SM100 / SM103 (one surface): UMMA and tensor memory.
      .Case([&](Sm100MmaAtomType) { return mmaRecord(100, 103, true, umma_a, SmemDesc, Tmem, false, false); })
      .Case([&](Sm100MmaSpAtomType) { return mmaRecord(100, 103, true, umma_a, SmemDesc, Tmem, true, false); })
      .Case([&](Sm100MmaBsAtomType) { return mmaRecord(100, 103, true, umma_a, SmemDesc, Tmem, false, true); })
      .Case([&](Sm100MmaBsSpAtomType) { return mmaRecord(100, 103, true, umma_a, SmemDesc, Tmem, true, true); })
      .Case([&](TmemLoadAtomType t) { return copyRecord(C, 100, 103, true, Tmem, Rmem, bitsOf(t.getElementType()), false, false, false); })
      .Case([&](TmemStoreAtomType t) { return copyRecord(C, 100, 103, true, Rmem, Tmem, bitsOf(t.getElementType()), false, false, false); })
      .Case([&](S2tCopyAtomType t) { return copyRecord(C, 100, 103, true, Smem, Tmem, bitsOf(t.getElementType()), true, false, false); })
      .Case([&](TmemToSmemCopyAtomType t) { return copyRecord(C, 100, 103, true, Tmem, Smem, bitsOf(t.getElementType()), false, false, false); })
      .Case([&](Tcgen05CpAtomType t) { return copyRecord(C, 100, 103, true, Tmem, Tmem, bitsOf(t.getElementType()), false, false, false); })
      // SM120 / SM121 (one surface): block-scaled register MMA.
      .Case([](Sm120MmaBsAtomType) { return mmaRecord(120, 121, true, Rmem, Rmem, Rmem, false, true); })
      .Default([](Type) { return AtomRecord(); });
}

bool mlir::cute_nvgpu::detail::atomLegalOn(const AtomRecord &record, unsigned sm, char suffix) {
  if (record.minTier && sm < record.minTier)
    return false;
  if (record.maxTier && sm > record.maxTier)
    return false;
  return !record.archSpecific || suffix != 0;
}

/// "sm_80 or later", "sm_90a", "sm_100a, sm_100f, sm_103a or sm_103f".
static std::string tierText(const AtomRecord &record) {
  static constexpr unsigned kRoster[] = {70, 72, 75, 80, 86, 87, 89, 90, 100, 103, 110, 120, 121};
  if (!record.archSpecific)
    return record.maxTier ? "sm_" + std::to_string(record.minTier) + " to sm_" +
                                std::to_string(record.maxTier)
                          : "sm_" + std::to_string(record.minTier) + " or later";
  SmallVector<std::string> chips;
  for (unsigned sm : kRoster)
    if (sm >= record.minTier && (!record.maxTier || sm <= record.maxTier)) {
      chips.push_back("sm_" + std::to_string(sm) + "a");
      if (sm >= 100)
        chips.push_back("sm_" + std::to_string(sm) + "f");
    }
  std::string text;
  for (size_t i = 0; i < chips.size(); ++i)
    text += (i == 0 ? "" : i + 1 == chips.size() ? " or " : ", ") + chips[i];
  return text;
}

LogicalResult mlir::cute_nvgpu::verifyAtomOnTarget(Type atom, TargetAttr target,
                                                   function_ref<InFlightDiagnostic()> emitError) {
  auto record = llvm::dyn_cast<AtomRecordTypeInterface>(atom);
  if (!record)
    return success();
  if (record.isLegalOn(target.getSmNumber(), target.getSuffix()))
    return success();
  AtomRecord r = record.getAtomRecord();
  return emitError() << "'" << str(atom) << "' requires " << tierText(r)
                     << ", but the target is " << target.getChip();
}

//===----------------------------------------------------------------------===//
// Capability interfaces
//===----------------------------------------------------------------------===//

unsigned mlir::cute_nvgpu::detail::tmaRank(Type atom) {
  unsigned rank = 0;
#define CUTE_NVGPU_TMA_RANK(Cls)                                                                   \
  if (auto t = llvm::dyn_cast<Cls>(atom))                                                          \
    rank = t.getRank();
  CUTE_NVGPU_TMA_TYPES(CUTE_NVGPU_TMA_RANK)
#undef CUTE_NVGPU_TMA_RANK
  return rank;
}

StringRef mlir::cute_nvgpu::detail::tmaMode(Type atom) {
  if (llvm::isa<TmaLoadMulticastAtomType>(atom))
    return "multicast";
  if (llvm::isa<TmaLoadIm2colAtomType>(atom))
    return "im2col";
  return "tile";
}

StringRef mlir::cute_nvgpu::detail::tmaDirection(Type atom) {
  if (llvm::isa<TmaLoadAtomType, TmaLoadMulticastAtomType, TmaLoadIm2colAtomType,
                NonExecTiledTmaLoadAtomType>(atom))
    return "load";
  if (llvm::isa<TmaReduceAtomType, NonExecTiledTmaReduceAtomType>(atom))
    return "reduce";
  return "store";
}

bool mlir::cute_nvgpu::detail::tmaExecutable(Type atom) {
  return !llvm::isa<NonExecTiledTmaLoadAtomType, NonExecTiledTmaStoreAtomType,
                    NonExecTiledTmaReduceAtomType>(atom);
}

LogicalResult mlir::cute_nvgpu::detail::verifyPrefetch(Type atom, unsigned numCoords,
                                                       function_ref<InFlightDiagnostic()> emitError) {
  if (numCoords != tmaRank(atom))
    return emitError() << "prefetch through '" << str(atom) << "' needs " << tmaRank(atom)
                       << " coordinates, got " << numCoords;
  return success();
}

StringRef mlir::cute_nvgpu::detail::completionMechanism(Type atom) {
  if (llvm::isa<SimtAsyncCopyAtomType>(atom))
    return "cp.async.group";
  if (llvm::isa<TmaStoreAtomType, TmaReduceAtomType>(atom))
    return "bulk_group";
  return "mbarrier";
}

StringRef mlir::cute_nvgpu::detail::cachePolicy(Type atom) {
  // cp.async: 16 bytes bypass L1 (cg), 4 and 8 bytes cache at all levels (ca).
  if (auto copy = llvm::dyn_cast<SimtAsyncCopyAtomType>(atom))
    return copy.getBytes() == 16 ? "cg" : "ca";
  return "none";
}

unsigned mlir::cute_nvgpu::detail::tmemColumns(Type atom) {
  auto mma = getMma(atom);
  if (!mma)
    return 0;
  unsigned bits = std::max(32u, bitsOf(mma->second.c));
  return mma->second.n * bits / 32;
}

StringRef mlir::cute_nvgpu::detail::sparsityPattern(Type atom) {
  auto mma = getMma(atom);
  return mma && mma->second.a.isTF32() ? "1:2" : "2:4";
}

//===----------------------------------------------------------------------===//
// Instance verifiers (spec 003 "MMA Atom Verifier Diagnostics")
//===----------------------------------------------------------------------===//

/// Residency of a view operand: its iterator's address space, or an SMEM
/// descriptor view for descriptor iterators.
unsigned mlir::cute_nvgpu::residencyOf(Type type) {
  auto view = llvm::dyn_cast<cute::ViewType>(type);
  if (!view)
    return Residency::None;
  Type iterator = view.getIterator();
  if (llvm::isa<cute::DescIterType>(iterator))
    return Residency::SmemDesc;
  auto fromSpace = [](unsigned space) -> unsigned {
    switch (space) {
    case 0:
    case 1:
      return Residency::Gmem;
    case 3:
      return Residency::Smem;
    case 5:
      return Residency::Rmem;
    case 6:
      return Residency::Tmem;
    default:
      return Residency::None;
    }
  };
  if (auto ptr = llvm::dyn_cast<cute::PtrType>(iterator))
    return fromSpace(ptr.getAddressSpace());
  if (auto memref = llvm::dyn_cast<MemRefType>(iterator)) {
    // A memref without a memory space is a register fragment.
    if (!memref.getMemorySpace())
      return Residency::Rmem;
    if (auto space = llvm::dyn_cast<IntegerAttr>(memref.getMemorySpace()))
      return fromSpace(space.getInt());
  }
  return Residency::None;
}

static StringRef residencyName(unsigned residency) {
  switch (residency) {
  case Residency::Rmem:
    return "rmem";
  case Residency::Smem:
    return "smem";
  case Residency::Gmem:
    return "gmem";
  case Residency::Tmem:
    return "tmem";
  case Residency::SmemDesc:
    return "smem_desc_view";
  default:
    return "any";
  }
}

LogicalResult mlir::cute_nvgpu::detail::verifyMmaElementTypes(
    const MmaFamily &family, const MmaParams &p, TypeRange elementTypes,
    function_ref<InFlightDiagnostic()> emitError) {
  if (elementTypes.size() != 4)
    return emitError() << "expects D, A, B and C operands, got " << elementTypes.size();
  Type d = elementTypes[0], a = elementTypes[1], b = elementTypes[2], c = elementTypes[3];
  auto typeText = [](Type t) { return t ? str(t) : std::string("<none>"); };
  // Non-UMMA (SM80/SM89/SM120): the accumulators share one element type.
  if (!family.umma && (!d || !c || c != d))
    return emitError() << "expects all mma operands to have element type " << str(p.c)
                       << " in the accumulators, but got C: " << typeText(c)
                       << ", D: " << typeText(d);
  // The element-type ladder: a, b, then c for both C and D.
  std::pair<char, std::pair<Type, Type>> ladder[] = {
      {'a', {p.a, a}}, {'b', {p.b, b}}, {'c', {p.c, c}}, {'c', {p.c, d}}};
  for (auto &[slot, types] : ladder)
    if (types.first != types.second)
      return emitError() << "expects operand " << slot << " with element type "
                         << str(types.first) << ", but get " << typeText(types.second) << ".";
  return success();
}

/// MMA instance: (D, A, B, C) views.
static LogicalResult verifyMmaOperands(Type atom, TypeRange ops, bool tiled,
                                       function_ref<InFlightDiagnostic()> emitError) {
  if (ops.size() != 4)
    return success(); // the op verifier reports the arity
  Type d = ops[0], a = ops[1], b = ops[2], c = ops[3];
  auto elem = [](Type view) { return cute::getViewElementType(view); };
  auto mma = getMma(atom);
  if (tiled) {
    // Tiled-MMA builder checks: no composed layouts, then fragment ranks.
    auto layoutOf = [](Type view) { return llvm::cast<cute::ViewType>(view).getLayout(); };
    if (llvm::isa<cute::ComposedLayoutType>(layoutOf(a)) ||
        llvm::isa<cute::ComposedLayoutType>(layoutOf(b)) ||
        llvm::isa<cute::ComposedLayoutType>(layoutOf(d)))
      return emitError() << "doesn't support composed layout for A/B/D, but got: A: "
                         << str(layoutOf(a)) << ", B: " << str(layoutOf(b))
                         << ", D:" << str(layoutOf(d));
    if (failed(rustCheck(kTiledRanks, {}, {a, b, c, d}, "", emitError)))
      return failure();
  }
  SmallVector<Type, 4> elements = {elem(d), elem(a), elem(b), elem(c)};
  if (mma && failed(nv::verifyMmaElementTypes(*mma->first, mma->second, elements, emitError)))
    return failure();
  if (tiled)
    return success();
  AtomRecord record = nv::atomRecord(atom);
  if (!mma || !mma->first->umma) {
    // Non-UMMA shared verifier: every operand in registers.
    for (Type operand : {a, b, c, d})
      if (residencyOf(operand) != Residency::Rmem)
        return emitError() << "expects rmem for input operands, but got A: " << str(a)
                           << ", B: " << str(b) << ", D: " << str(d);
    return success();
  }
  // UMMA residency ladder: A, then B, then D; the first mismatch stops.
  const MmaParams &p = mma->second;
  unsigned allowedA = record.aResidency;
  if (p.fragKind == FragKind::SS)
    allowedA &= Residency::SmemDesc;
  else if (p.fragKind == FragKind::RS)
    allowedA &= Residency::Rmem;
  else if (p.fragKind == FragKind::TS)
    allowedA &= Residency::Tmem;
  if (!(residencyOf(a) & allowedA))
    return emitError() << "expects memref/smem_desc_view for operand A, but gets A:" << str(a)
                       << ".";
  if (!(residencyOf(b) & record.bResidency))
    return emitError() << "expects smem_desc_view for operand B, but gets B: " << str(b) << ".";
  if (!(residencyOf(d) & record.dResidency))
    return emitError() << "expects memref for operand D, but gets D: " << str(d) << ".";
  // Layout-shape verifier and layout composability (Rust).
  return rustCheck(kMmaLayouts, {p.m, p.n, p.k, p.aMajor, p.bMajor}, {a, b, d}, "", emitError);
}

/// Copy instance: (source, destination) views.
static LogicalResult verifyCopyOperands(Type atom, TypeRange ops, bool tiled,
                                        function_ref<InFlightDiagnostic()> emitError) {
  if (ops.size() != 2)
    return success();
  Type src = ops[0], dst = ops[1];
  AtomRecord record = nv::atomRecord(atom);
  // `any` (the universal copy) accepts every address space, even ones the
  // residency classes do not name (constant, generic).
  auto accepts = [](unsigned allowed, Type view) {
    return allowed == Residency::Any || (residencyOf(view) & allowed);
  };
  if (!accepts(record.source, src) || !accepts(record.destination, dst))
    return emitError() << "'" << str(atom) << "' copies " << residencyName(record.source)
                       << " to " << residencyName(record.destination) << ", but got src: "
                       << str(src) << ", dst: " << str(dst);
  if (tiled)
    return success();
  if (auto copy = llvm::dyn_cast<SimtAsyncCopyAtomType>(atom))
    return rustCheck(kCopyVectorize, {copy.getNumElements()}, {src, dst}, "atom.simt_async_copy",
                     emitError);
  if (auto ldsm = llvm::dyn_cast<LdsmAtomType>(atom))
    return rustCheck(kMatrixCopy, {ldsm.getNum(), ldsm.getTrans(), 1}, {src, dst}, str(atom),
                     emitError);
  if (auto stsm = llvm::dyn_cast<StsmAtomType>(atom))
    return rustCheck(kMatrixCopy, {stsm.getNum(), stsm.getTrans(), 0}, {dst, src}, str(atom),
                     emitError);
  return success();
}

LogicalResult mlir::cute_nvgpu::detail::verifyOperands(Type atom, TypeRange operandTypes, bool tiled,
                                                       function_ref<InFlightDiagnostic()> emitError) {
  if (llvm::isa<cute::MmaAtomTypeInterface>(atom))
    return verifyMmaOperands(atom, operandTypes, tiled, emitError);
  if (llvm::isa<cute::CopyAtomTypeInterface>(atom))
    return verifyCopyOperands(atom, operandTypes, tiled, emitError);
  return success();
}

//===----------------------------------------------------------------------===//
// Copy-atom interface of the atoms whose checks live in this table
//===----------------------------------------------------------------------===//

/// Element types of a copy instance: source and destination move the atom's
/// element type (or, for 16-bit matrix copies, any 16-bit type).
static LogicalResult verifyCopyElements(Type atom, Type element, TypeRange elementTypes,
                                        function_ref<InFlightDiagnostic()> emitError) {
  static constexpr llvm::StringLiteral kRoles[] = {"source", "destination"};
  bool matrix = llvm::isa<LdsmAtomType, StsmAtomType>(atom);
  for (auto [role, type] : llvm::zip(kRoles, elementTypes)) {
    bool ok = matrix ? bitsOf(type) == 16 : type == element;
    if (!ok)
      return emitError() << "'" << str(atom) << "' moves "
                         << (matrix ? std::string("16-bit elements") : str(element))
                         << " but the " << role << " holds " << (type ? str(type) : "<none>");
  }
  return success();
}

#define CUTE_NVGPU_COPY_INSTANCE(Cls)                                                              \
  LogicalResult Cls::verifyInstance(TypeRange elementTypes,                                        \
                                    function_ref<InFlightDiagnostic()> emitError) const {          \
    return verifyCopyElements(*this, getCopyElementType(), elementTypes, emitError);               \
  }
CUTE_NVGPU_MATRIX_COPY_TYPES(CUTE_NVGPU_COPY_INSTANCE)
CUTE_NVGPU_TMEM_COPY_TYPES(CUTE_NVGPU_COPY_INSTANCE)
CUTE_NVGPU_EXEC_TMA_TYPES(CUTE_NVGPU_COPY_INSTANCE)
CUTE_NVGPU_COPY_INSTANCE(SimtAsyncCopyAtomType)

//===----------------------------------------------------------------------===//
// C entry points for the Rust side (src/dialect/nvgpu.rs)
//===----------------------------------------------------------------------===//

/// Flat copy of an AtomRecord plus the interfaces the type implements.
struct CuteNvgpuAtomRecordC {
  uint32_t kind, minTier, maxTier, archSpecific;
  uint32_t aResidency, bResidency, dResidency, supportsSparse, supportsBlockScale;
  uint32_t source, destination, valueBits, isAsync, usesTmaDescriptor, supportsPrefetch;
  uint32_t interfaces; ///< bit set, see src/dialect/nvgpu.rs `Interface`
};

extern "C" bool cute_nvgpu_cpp_atom_record(MlirType raw, CuteNvgpuAtomRecordC *out) {
  Type type = unwrap(raw);
  auto record = llvm::dyn_cast<AtomRecordTypeInterface>(type);
  if (!record)
    return false;
  AtomRecord r = record.getAtomRecord();
  uint32_t interfaces = 0;
  auto bit = [&](bool has, unsigned index) { interfaces |= has ? (1u << index) : 0; };
  bit(llvm::isa<cute::MmaAtomTypeInterface>(type), 0);
  bit(llvm::isa<cute::CopyAtomTypeInterface>(type), 1);
  bit(llvm::isa<PrefetchAtomTypeInterface>(type), 2);
  bit(llvm::isa<TmaAtomTypeInterface>(type), 3);
  bit(llvm::isa<AsyncCopyAtomTypeInterface>(type), 4);
  bit(llvm::isa<TmemAtomTypeInterface>(type), 5);
  bit(llvm::isa<SparseMetadataAtomTypeInterface>(type), 6);
  bit(llvm::isa<BlockScaleAtomTypeInterface>(type), 7);
  bit(llvm::isa<SmemDescriptorAtomTypeInterface>(type), 8);
  bit(llvm::isa<DescriptorTypeInterface>(type), 9);
  *out = {r.kind,          r.minTier,        r.maxTier,          r.archSpecific,
          r.aResidency,    r.bResidency,     r.dResidency,       r.supportsSparse,
          r.supportsBlockScale, r.source,    r.destination,      r.valueBits,
          r.isAsync,       r.usesTmaDescriptor, r.supportsPrefetch, interfaces};
  return true;
}

/// Text facts of a registry type for the Rust side: 0 cache policy, 1
/// completion mechanism, 2 TMA mode, 3 TMA direction, 4 sparsity pattern,
/// 5 MMA shape. Returns false if the type does not answer that question.
extern "C" bool cute_nvgpu_cpp_atom_fact(MlirType raw, uint32_t which, MlirStringCallback callback,
                                         void *userData) {
  Type type = unwrap(raw);
  std::string text;
  switch (which) {
  case 0:
  case 1:
    if (auto async = llvm::dyn_cast<AsyncCopyAtomTypeInterface>(type))
      text = (which == 0 ? async.getCachePolicy() : async.getCompletionMechanism()).str();
    break;
  case 2:
  case 3:
    if (auto tma = llvm::dyn_cast<TmaAtomTypeInterface>(type))
      text = (which == 2 ? tma.getTmaMode() : tma.getTmaDirection()).str();
    break;
  case 4:
    if (auto sparse = llvm::dyn_cast<SparseMetadataAtomTypeInterface>(type))
      text = sparse.getSparsityPattern().str();
    break;
  case 5:
    if (auto mma = llvm::dyn_cast<cute::MmaAtomTypeInterface>(type))
      text = mma.getShapeMNK();
    break;
  default:
    break;
  }
  if (text.empty())
    return false;
  callback(wrap(StringRef(text)), userData);
  return true;
}
