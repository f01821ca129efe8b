//===- CuteNvgpuDialect.cpp - glue of the `cute_nvgpu` dialect -------------===//
//
// Parsers and printers of the atom registry's types, the target attribute's
// region walk and the kernel-ABI argument attribute. Glue only: every type
// verifier, tier rule and registry fact is Rust (src/dialect/nvgpu/), reached
// through RustFFI.h with the type's parameters as one CuteNvgpuAtom record.
//
//===----------------------------------------------------------------------===//

#include "CuteNvgpuDialect.h"
#include "RustFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#include "cute_nvgpu/CuteNvgpuDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuTypes.cpp.inc"

void CuteNvgpuDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute_nvgpu/CuteNvgpuTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cute_nvgpu/CuteNvgpuOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cute_nvgpu/CuteNvgpuAttrs.cpp.inc"
      >();
}


/// A parameter record of `kind` with every field empty.
static CuteNvgpuAtom record(CuteNvgpuAtomKind kind) {
  CuteNvgpuAtom atom{};
  atom.kind = kind;
  return atom;
}

//===----------------------------------------------------------------------===//
// Universal atoms
//===----------------------------------------------------------------------===//

Type UniversalCopyAtomType::getCopyElementType() const { return getValueType(); }

unsigned UniversalCopyAtomType::getCopyBits() const {
  return rustNumber(*this, CUTE_NVGPU_NUMBER_COPY_BITS);
}

std::string UniversalFmaAtomType::getShapeMNK() const { return "(1,1,1)"; }

SmallVector<Type, 3> UniversalFmaAtomType::getOperandElementTypes() const {
  return {getAType(), getBType(), getCType()};
}

//===----------------------------------------------------------------------===//
// ldmatrix / stmatrix: `<m8n8[.x2|.x4][.trans][, T]>`
//===----------------------------------------------------------------------===//

template <typename T> static Type parseMatrixCopy(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  StringRef shape;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&shape))
    return {};
  SmallVector<StringRef> pieces;
  shape.split(pieces, '.');
  unsigned num = 1;
  bool trans = false;
  bool ok = !pieces.empty() && pieces[0] == "m8n8";
  for (StringRef piece : llvm::drop_begin(pieces)) {
    if (piece == "x1" || piece == "x2" || piece == "x4")
      num = piece[1] - '0';
    else if (piece == "trans")
      trans = true;
    else
      ok = false;
  }
  if (!ok)
    return parser.emitError(loc, "expected m8n8[.x1|.x2|.x4][.trans], got '") << shape << "'",
           Type();
  Type element = IntegerType::get(ctx, 16);
  if (succeeded(parser.parseOptionalComma()) && parser.parseType(element))
    return {};
  if (parser.parseGreater())
    return {};
  return T::getChecked([&] { return parser.emitError(loc); }, ctx, num, trans, element);
}

template <typename T> static void printMatrixCopy(AsmPrinter &printer, T type) {
  printer << "<m8n8";
  if (type.getNum() != 1)
    printer << ".x" << type.getNum();
  if (type.getTrans())
    printer << ".trans";
  if (!type.getElementType().isInteger(16))
    printer << ", " << type.getElementType();
  printer << ">";
}

template <typename T>
static LogicalResult verifyMatrixCopy(function_ref<InFlightDiagnostic()> emitError, unsigned num,
                                      bool trans, Type element) {
  CuteNvgpuAtom atom =
      record(std::is_same_v<T, StsmAtomType> ? CUTE_NVGPU_STSM : CUTE_NVGPU_LDSM);
  atom.num = num, atom.trans = trans, atom.element = wrap(element);
  return verifyAtomWithRust(atom, emitError);
}

#define CUTE_NVGPU_MATRIX_COPY_GLUE(Cls)                                                           \
  Type Cls::parse(AsmParser &parser) { return parseMatrixCopy<Cls>(parser); }                      \
  void Cls::print(AsmPrinter &printer) const { printMatrixCopy(printer, *this); }                  \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, unsigned num,           \
                            bool trans, Type element) {                                            \
    return verifyMatrixCopy<Cls>(emitError, num, trans, element);                                  \
  }                                                                                                \
  Type Cls::getCopyElementType() const { return getElementType(); }                                \
  unsigned Cls::getCopyBits() const { return rustNumber(*this, CUTE_NVGPU_NUMBER_COPY_BITS); }
CUTE_NVGPU_MATRIX_COPY_TYPES(CUTE_NVGPU_MATRIX_COPY_GLUE)

//===----------------------------------------------------------------------===//
// cp.async: `<bytes[, T]>`
//===----------------------------------------------------------------------===//

Type SimtAsyncCopyAtomType::parse(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  int64_t bytes = 0;
  Type element = IntegerType::get(ctx, 8);
  if (parser.parseLess() || parser.parseInteger(bytes))
    return {};
  if (bytes <= 0 || bytes > 1024)
    return parser.emitError(loc, "expected a copy width in bytes, got ") << bytes, Type();
  if (succeeded(parser.parseOptionalComma()) && parser.parseType(element))
    return {};
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, ctx, unsigned(bytes), element);
}

void SimtAsyncCopyAtomType::print(AsmPrinter &printer) const {
  printer << "<" << getBytes();
  if (!getElementType().isInteger(8))
    printer << ", " << getElementType();
  printer << ">";
}

LogicalResult SimtAsyncCopyAtomType::verify(function_ref<InFlightDiagnostic()> emitError,
                                            unsigned bytes, Type element) {
  CuteNvgpuAtom atom = record(CUTE_NVGPU_SIMT_ASYNC_COPY);
  atom.bytes = bytes, atom.element = wrap(element);
  return verifyAtomWithRust(atom, emitError);
}

Type SimtAsyncCopyAtomType::getCopyElementType() const { return getElementType(); }
unsigned SimtAsyncCopyAtomType::getCopyBits() const {
  return rustNumber(*this, CUTE_NVGPU_NUMBER_COPY_BITS);
}

//===----------------------------------------------------------------------===//
// Tensor-memory copies: `<T>`
//===----------------------------------------------------------------------===//

#define CUTE_NVGPU_TMEM_COPY_GLUE(Cls, kind)                                                      \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, Type element) {          \
    CuteNvgpuAtom atom = record(kind);                                                             \
    atom.element = wrap(element);                                                                  \
    return verifyAtomWithRust(atom, emitError);                                                    \
  }                                                                                                \
  Type Cls::getCopyElementType() const { return getElementType(); }                                \
  unsigned Cls::getCopyBits() const { return rustNumber(*this, CUTE_NVGPU_NUMBER_COPY_BITS); }
CUTE_NVGPU_TMEM_COPY_GLUE(TmemLoadAtomType, CUTE_NVGPU_TMEM_LOAD)
CUTE_NVGPU_TMEM_COPY_GLUE(TmemStoreAtomType, CUTE_NVGPU_TMEM_STORE)
CUTE_NVGPU_TMEM_COPY_GLUE(S2tCopyAtomType, CUTE_NVGPU_S2T_COPY)
CUTE_NVGPU_TMEM_COPY_GLUE(TmemToSmemCopyAtomType, CUTE_NVGPU_TMEM_TO_SMEM_COPY)
CUTE_NVGPU_TMEM_COPY_GLUE(Tcgen05CpAtomType, CUTE_NVGPU_TCGEN05_CP)

//===----------------------------------------------------------------------===//
// TMA: `<[op,] T, rank = R>`
//===----------------------------------------------------------------------===//

template <typename T> static Type parseTma(AsmParser &parser, bool reduce) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  StringRef reduction;
  Type element;
  unsigned rank = 0;
  if (parser.parseLess())
    return {};
  if (reduce && (parser.parseKeyword(&reduction) || parser.parseComma()))
    return {};
  if (parser.parseType(element) || parser.parseComma() || parser.parseKeyword("rank") ||
      parser.parseEqual() || parser.parseInteger(rank) || parser.parseGreater())
    return {};
  return T::getChecked([&] { return parser.emitError(loc); }, ctx, element, rank, reduction);
}

template <typename T> static void printTma(AsmPrinter &printer, T type) {
  printer << "<";
  if (!type.getReduction().empty())
    printer << type.getReduction() << ", ";
  printer << type.getElementType() << ", rank = " << type.getRank() << ">";
}

#define CUTE_NVGPU_TMA_GLUE(Cls, kind, reduce)                                                     \
  Type Cls::parse(AsmParser &parser) { return parseTma<Cls>(parser, reduce); }                     \
  void Cls::print(AsmPrinter &printer) const { printTma(printer, *this); }                         \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, Type element,            \
                            unsigned rank, StringRef reduction) {                                  \
    CuteNvgpuAtom atom = record(kind);                                                             \
    atom.element = wrap(element), atom.rank = rank, atom.reduction = wrap(reduction);              \
    return verifyAtomWithRust(atom, emitError);                                                    \
  }
CUTE_NVGPU_TMA_GLUE(TmaLoadAtomType, CUTE_NVGPU_TMA_LOAD, false)
CUTE_NVGPU_TMA_GLUE(TmaLoadMulticastAtomType, CUTE_NVGPU_TMA_LOAD_MULTICAST, false)
CUTE_NVGPU_TMA_GLUE(TmaLoadIm2colAtomType, CUTE_NVGPU_TMA_LOAD_IM2COL, false)
CUTE_NVGPU_TMA_GLUE(TmaStoreAtomType, CUTE_NVGPU_TMA_STORE, false)
CUTE_NVGPU_TMA_GLUE(TmaReduceAtomType, CUTE_NVGPU_TMA_REDUCE, true)
CUTE_NVGPU_TMA_GLUE(NonExecTiledTmaLoadAtomType, CUTE_NVGPU_NON_EXEC_TILED_TMA_LOAD, false)
CUTE_NVGPU_TMA_GLUE(NonExecTiledTmaStoreAtomType, CUTE_NVGPU_NON_EXEC_TILED_TMA_STORE, false)
CUTE_NVGPU_TMA_GLUE(NonExecTiledTmaReduceAtomType, CUTE_NVGPU_NON_EXEC_TILED_TMA_REDUCE, true)

#define CUTE_NVGPU_EXEC_TMA_GLUE(Cls)                                                              \
  Type Cls::getCopyElementType() const { return getElementType(); }                                \
  unsigned Cls::getCopyBits() const { return rustNumber(*this, CUTE_NVGPU_NUMBER_COPY_BITS); }
CUTE_NVGPU_EXEC_TMA_TYPES(CUTE_NVGPU_EXEC_TMA_GLUE)

//===----------------------------------------------------------------------===//
// SMEM descriptor view: `<T, major = k|mn, swizzle = B>`
//===----------------------------------------------------------------------===//

static ParseResult parseMajor(AsmParser &parser, unsigned &major) {
  StringRef word;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&word))
    return failure();
  if (word == "k")
    major = CUTE_NVGPU_MAJOR_K;
  else if (word == "mn")
    major = CUTE_NVGPU_MAJOR_MN;
  else
    return parser.emitError(loc, "expected 'k' or 'mn', got '") << word << "'";
  return success();
}

static StringRef majorName(unsigned major) { return major == CUTE_NVGPU_MAJOR_K ? "k" : "mn"; }

Type SmemDescViewType::parse(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  Type element;
  unsigned major = 0, swizzle = 0;
  if (parser.parseLess() || parser.parseType(element) || parser.parseComma() ||
      parser.parseKeyword("major") || parser.parseEqual() || parseMajor(parser, major) ||
      parser.parseComma() || parser.parseKeyword("swizzle") || parser.parseEqual() ||
      parser.parseInteger(swizzle) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, ctx, element, major, swizzle);
}

void SmemDescViewType::print(AsmPrinter &printer) const {
  printer << "<" << getElementType() << ", major = " << majorName(getMajor())
          << ", swizzle = " << getSwizzle() << ">";
}

LogicalResult SmemDescViewType::verify(function_ref<InFlightDiagnostic()> emitError, Type element,
                                       unsigned major, unsigned swizzle) {
  CuteNvgpuAtom atom = record(CUTE_NVGPU_SMEM_DESC_VIEW);
  atom.element = wrap(element), atom.major = CuteNvgpuMajor(major), atom.swizzle = swizzle;
  return verifyAtomWithRust(atom, emitError);
}

//===----------------------------------------------------------------------===//
// TMA descriptor
//===----------------------------------------------------------------------===//

LogicalResult TmaDescriptorType::verify(function_ref<InFlightDiagnostic()> emitError, Type element,
                                        ArrayRef<int64_t> box, unsigned swizzle,
                                        unsigned interleave, unsigned l2Promotion,
                                        StringRef oobFill) {
  CuteNvgpuAtom atom = record(CUTE_NVGPU_TMA_DESCRIPTOR);
  atom.element = wrap(element), atom.box = box.data(), atom.boxRank = box.size();
  atom.swizzle = swizzle, atom.interleave = interleave, atom.l2Promotion = l2Promotion;
  atom.oobFill = wrap(oobFill);
  return verifyAtomWithRust(atom, emitError);
}

unsigned TmaDescriptorType::getDescriptorBits() const {
  return rustNumber(*this, CUTE_NVGPU_NUMBER_DESCRIPTOR_BITS);
}

//===----------------------------------------------------------------------===//
// MMA atoms: `<MxNxK, [ab_major = (a, b),] elem_type = (A, B, C)
//            [, frag_kind = F] [, sf_type = T, sf_vec = V]>`
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kFragNames[] = {"none", "ss", "rs", "ts"};

/// The MMA parameters as one record.
static CuteNvgpuAtom mmaRecord(CuteNvgpuAtomKind kind, unsigned m, unsigned n, unsigned k, Type a,
                               Type b, Type c, unsigned aMajor, unsigned bMajor, unsigned frag,
                               Type sf, unsigned sfVec) {
  CuteNvgpuAtom atom = record(kind);
  atom.m = m, atom.n = n, atom.k = k;
  atom.a = wrap(a), atom.b = wrap(b), atom.c = wrap(c);
  atom.aMajor = CuteNvgpuMajor(aMajor), atom.bMajor = CuteNvgpuMajor(bMajor);
  atom.fragKind = CuteNvgpuFragKind(frag);
  atom.sfType = wrap(sf), atom.sfVec = sfVec;
  return atom;
}

namespace {
/// The parsed parameters of an MMA type.
struct MmaParams {
  unsigned m = 0, n = 0, k = 0;
  Type a, b, c;
  unsigned aMajor = CUTE_NVGPU_MAJOR_K, bMajor = CUTE_NVGPU_MAJOR_K, fragKind = CUTE_NVGPU_FRAG_NONE;
  Type sfType;
  unsigned sfVec = 0;
};
/// Which optional keys the family's assembly has (Rust knows the families).
struct MmaKeys {
  bool major, frag, scale;
  explicit MmaKeys(CuteNvgpuAtomKind kind) {
    uint32_t keys = cute_nvgpu_rs_mma_keys(kind);
    major = keys & CUTE_NVGPU_MMA_KEY_AB_MAJOR;
    frag = keys & CUTE_NVGPU_MMA_KEY_FRAG_KIND;
    scale = keys & CUTE_NVGPU_MMA_KEY_SCALE;
  }
};
} // namespace

static void printMma(AsmPrinter &printer, const MmaKeys &family, const MmaParams &p) {
  printer << "<" << p.m << "x" << p.n << "x" << p.k;
  if (family.major)
    printer << ", ab_major = (" << majorName(p.aMajor) << ", " << majorName(p.bMajor) << ")";
  printer << ", elem_type = (" << p.a << ", " << p.b << ", " << p.c << ")";
  if (family.frag)
    printer << ", frag_kind = " << kFragNames[p.fragKind];
  if (family.scale)
    printer << ", sf_type = " << p.sfType << ", sf_vec = " << p.sfVec;
  printer << ">";
}

static ParseResult parseMma(AsmParser &parser, StringRef mnemonic, const MmaKeys &family,
                            MmaParams &p) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t, 3> dims;
  if (parser.parseLess() || parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                                      /*withTrailingX=*/false))
    return failure();
  if (dims.size() != 3 || llvm::any_of(dims, [](int64_t d) { return d <= 0; }))
    return parser.emitError(loc, "expected an MxNxK shape");
  p.m = dims[0], p.n = dims[1], p.k = dims[2];
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(keyLoc, "duplicate '") << key << "'";
    if (key == "ab_major" && family.major) {
      if (parser.parseLParen() || parseMajor(parser, p.aMajor) || parser.parseComma() ||
          parseMajor(parser, p.bMajor) || parser.parseRParen())
        return failure();
    } else if (key == "elem_type") {
      if (parser.parseLParen() || parser.parseType(p.a) || parser.parseComma() ||
          parser.parseType(p.b) || parser.parseComma() || parser.parseType(p.c) ||
          parser.parseRParen())
        return failure();
    } else if (key == "frag_kind" && family.frag) {
      StringRef frag;
      SMLoc fragLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&frag))
        return failure();
      auto *it = llvm::find(kFragNames, frag);
      if (it == std::end(kFragNames) || it == std::begin(kFragNames))
        return parser.emitError(fragLoc, "expected frag_kind ss, rs or ts, got '") << frag << "'";
      p.fragKind = it - std::begin(kFragNames);
    } else if (key == "sf_type" && family.scale) {
      if (parser.parseType(p.sfType))
        return failure();
    } else if (key == "sf_vec" && family.scale) {
      if (parser.parseInteger(p.sfVec))
        return failure();
    } else {
      return parser.emitError(keyLoc, "'") << mnemonic << "' has no parameter '" << key
                                          << "'";
    }
  }
  SmallVector<StringRef> required = {"elem_type"};
  if (family.major)
    required.push_back("ab_major");
  if (family.frag)
    required.push_back("frag_kind");
  if (family.scale)
    required.append({"sf_type", "sf_vec"});
  for (StringRef key : required)
    if (!seen.contains(key))
      return parser.emitError(loc, "'") << mnemonic << "' needs '" << key << "'";
  return parser.parseGreater();
}

#define CUTE_NVGPU_MMA_GLUE(Cls, kind)                                                             \
  Type Cls::parse(AsmParser &parser) {                                                             \
    MmaParams p;                                                                                   \
    SMLoc loc = parser.getCurrentLocation();                                                       \
    if (failed(parseMma(parser, getMnemonic(), MmaKeys(kind), p)))                                 \
      return {};                                                                                   \
    return getChecked([&] { return parser.emitError(loc); }, parser.getContext(), p.m, p.n, p.k,   \
                      p.a, p.b, p.c, p.aMajor, p.bMajor, p.fragKind, p.sfType, p.sfVec);           \
  }                                                                                                \
  void Cls::print(AsmPrinter &printer) const {                                                     \
    MmaParams p{getM(),      getN(),      getK(),        getAType(),  getBType(), getCType(),      \
                getAMajor(), getBMajor(), getFragKind(), getSfType(), getSfVec()};                 \
    printMma(printer, MmaKeys(kind), p);                                                           \
  }                                                                                                \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, unsigned m, unsigned n,  \
                            unsigned k, Type a, Type b, Type c, unsigned aMajor, unsigned bMajor,  \
                            unsigned frag, Type sf, unsigned sfVec) {                              \
    return verifyAtomWithRust(mmaRecord(kind, m, n, k, a, b, c, aMajor, bMajor, frag, sf, sfVec),  \
                              emitError);                                                          \
  }                                                                                                \
  std::string Cls::getShapeMNK() const {                                                           \
    return "(" + std::to_string(getM()) + "," + std::to_string(getN()) + "," +                     \
           std::to_string(getK()) + ")";                                                           \
  }                                                                                                \
  SmallVector<Type, 3> Cls::getOperandElementTypes() const {                                       \
    return {getAType(), getBType(), getCType()};                                                   \
  }
CUTE_NVGPU_MMA_TYPES(CUTE_NVGPU_MMA_GLUE)

//===----------------------------------------------------------------------===//
// Target attribute
//===----------------------------------------------------------------------===//

/// Passes a Rust diagnostic to `emitError` (true if there was none).
static LogicalResult fromRust(bool ok, const std::string &message,
                              function_ref<InFlightDiagnostic()> emitError) {
  if (ok)
    return success();
  return emitError() << message;
}

static void appendTo(MlirStringRef piece, void *userData) {
  static_cast<std::string *>(userData)->append(piece.data, piece.length);
}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringRef chip) {
  std::string message;
  bool ok = cute_nvgpu_rs_verify_on_target(MlirType{nullptr}, wrap(chip), appendTo, &message);
  return fromRust(ok, message, emitError);
}

LogicalResult mlir::cute_nvgpu::verifyAtomWithRust(const CuteNvgpuAtom &params,
                                                   function_ref<InFlightDiagnostic()> emitError) {
  std::string message;
  bool ok = cute_nvgpu_rs_verify_atom(&params, appendTo, &message);
  return fromRust(ok, message, emitError);
}

/// Target verification (spec 003 "Registry Invariants"): every registry type
/// used in the region must be registered on the target, and every atom
/// instance must meet its operand contract. Every op that uses a type the
/// chip lacks is reported, not only the first: a kernel file moved to
/// another chip shows all it must change at once.
static LogicalResult verifyTargetRegion(Operation *root, TargetAttr target) {
  bool failedAny = false;
  root->walk([&](Operation *op) {
    auto emit = [&] { return op->emitOpError(); };
    llvm::SmallPtrSet<Type, 4> checked;
    auto checkType = [&](Type type) -> LogicalResult {
      LogicalResult ok = success();
      type.walk([&](Type inner) {
        if (failed(ok) || !llvm::isa<AtomRecordTypeInterface>(inner) ||
            !checked.insert(inner).second)
          return;
        std::string message;
        ok = fromRust(cute_nvgpu_rs_verify_on_target(wrap(inner), wrap(target.getChip()), appendTo,
                                                     &message),
                      message, emit);
      });
      return ok;
    };
    // One diagnostic per op: its first type the chip lacks.
    auto opFails = [&] {
      for (Type type : op->getResultTypes())
        if (failed(checkType(type)))
          return true;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (failed(checkType(arg.getType())))
              return true;
      if (auto fn = llvm::dyn_cast<FunctionOpInterface>(op))
        if (failed(checkType(fn.getFunctionType())))
          return true;
      return false;
    };
    failedAny |= opFails();
    // (Atom instances' operand contracts are checked by the atom-call ops
    // themselves, through NvgpuAtomHooks.)
  });
  return failure(failedAny);
}

LogicalResult CuteNvgpuDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getName() != "cute_nvgpu.target")
    return op->emitError() << "unknown cute_nvgpu attribute '" << attr.getName() << "'";
  auto target = llvm::dyn_cast<TargetAttr>(attr.getValue());
  if (!target)
    return op->emitError() << "'cute_nvgpu.target' must be a #cute_nvgpu.target<\"sm_XX\">, got "
                           << attr.getValue();
  return verifyTargetRegion(op, target);
}

//===----------------------------------------------------------------------===//
// Kernel ABI attribute
//===----------------------------------------------------------------------===//

LogicalResult CuteNvgpuDialect::verifyRegionArgAttribute(Operation *op, unsigned, unsigned argIndex,
                                                         NamedAttribute attr) {
  if (attr.getName() != "cute_nvgpu.grid_constant")
    return op->emitError() << "unknown cute_nvgpu argument attribute '" << attr.getName() << "'";
  if (!llvm::isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'cute_nvgpu.grid_constant' must be a unit attribute";
  if (!op->hasAttr("cute.kernel"))
    return op->emitError() << "'cute_nvgpu.grid_constant' on argument #" << argIndex
                           << " is only valid on a 'cute.kernel' function";
  return success();
}

