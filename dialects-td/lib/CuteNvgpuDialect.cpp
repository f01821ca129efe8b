//===- CuteNvgpuDialect.cpp - glue of the `cute_nvgpu` dialect -------------===//
//
// Parsers, printers and type verifiers of the atom registry, the target
// attribute and its region walk, and the kernel-ABI argument attribute. The
// registry facts (records, instance verifiers) are in CuteNvgpuRegistry.cpp.
//
//===----------------------------------------------------------------------===//

#include "CuteNvgpuDialect.h"

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

namespace {
/// The atom registry's operand contracts (residencies, layouts), for the
/// `cute` atom-call ops.
struct NvgpuAtomHooks : public cute::AtomDialectInterface {
  using AtomDialectInterface::AtomDialectInterface;
  LogicalResult verifyAtomOperands(Type atom, TypeRange operandTypes, bool tiled,
                                   function_ref<InFlightDiagnostic()> emitError) const override {
    auto record = llvm::dyn_cast<AtomRecordTypeInterface>(atom);
    if (!record)
      return success();
    return record.verifyOperands(operandTypes, tiled, emitError);
  }
};
} // namespace

void CuteNvgpuDialect::initialize() {
  addInterfaces<NvgpuAtomHooks>();
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

using mlir::cute::bitsOf;

//===----------------------------------------------------------------------===//
// Universal atoms
//===----------------------------------------------------------------------===//

Type UniversalCopyAtomType::getCopyElementType() const { return getValueType(); }

unsigned UniversalCopyAtomType::getCopyBits() const { return bitsOf(getValueType()); }

/// One thread moves `bits` bits (CuTe's UniversalCopy and cp.async traits:
/// `Layout<Shape<_1, Int<bits>>>` for reference, source and destination).
static SmallVector<std::string, 3> oneThreadBitLayouts(unsigned bits) {
  std::string layout = "(1," + std::to_string(bits) + "):(0,1)";
  return {layout, layout, layout};
}

SmallVector<std::string, 3> UniversalCopyAtomType::getThreadValueLayouts() const {
  return oneThreadBitLayouts(bitsOf(getValueType()));
}

LogicalResult UniversalCopyAtomType::verifyInstance(
    TypeRange elementTypes, function_ref<InFlightDiagnostic()> emitError) const {
  static constexpr llvm::StringLiteral kRoles[] = {"source", "destination"};
  for (auto [role, type] : llvm::zip(kRoles, elementTypes))
    if (type != getValueType())
      return emitError() << "atom.universal_copy moves " << getValueType() << " but the " << role
                         << " holds " << type;
  return success();
}

std::string UniversalFmaAtomType::getShapeMNK() const { return "(1,1,1)"; }

SmallVector<Type, 3> UniversalFmaAtomType::getOperandElementTypes() const {
  return {getAType(), getBType(), getCType()};
}

LogicalResult UniversalFmaAtomType::verifyInstance(
    TypeRange elementTypes, function_ref<InFlightDiagnostic()> emitError) const {
  static constexpr llvm::StringLiteral kRoles[] = {"D", "A", "B", "C"};
  Type expected[] = {getCType(), getAType(), getBType(), getCType()};
  for (auto [role, want, got] : llvm::zip(kRoles, expected, elementTypes))
    if (want != got)
      return emitError() << "atom.universal_fma expects " << role << " of " << want << ", got "
                         << got;
  return success();
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

static LogicalResult verifyMatrixCopy(StringRef mnemonic, function_ref<InFlightDiagnostic()> emitError,
                                      unsigned num, Type element) {
  if (num != 1 && num != 2 && num != 4)
    return emitError() << "'" << mnemonic << "' fetches x1, x2 or x4 sub-tiles, got x" << num;
  if (bitsOf(element) != 16)
    return emitError() << "'" << mnemonic << "' moves 16-bit elements, got " << element;
  return success();
}

/// CuTe's ldmatrix/stmatrix traits, (thread, value) -> bit, as
/// {reference, source, destination}: `Copy_Traits<SM75_U32x{1,2,4}_LDSM_N>`
/// and `<SM75_U16x{2,4,8}_LDSM_T>`; stmatrix (`SM90_*_STSM_*`) swaps source
/// and destination and keeps the register side as the reference.
static SmallVector<std::string, 3> matrixCopyBitLayouts(unsigned num, bool trans, bool store) {
  // The shared-memory side: 8 row addresses per sub-tile, from 8, 16 or 32
  // lanes (the other lanes' addresses are ignored: stride 0).
  std::string smem = num == 1   ? "((8,4),128):((128,0),1)"
                     : num == 2 ? "((16,2),128):((128,0),1)"
                                : "(32,128):(128,1)";
  // The register side: 32 bits per lane per sub-tile, transposed in 16-bit
  // halves by `.trans`.
  std::string regs;
  if (!trans)
    regs = num == 1   ? "(32,32):(32,1)"
           : num == 2 ? "(32,(32,2)):(32,(1,1024))"
                      : "(32,(32,4)):(32,(1,1024))";
  else
    regs = num == 1   ? "((4,8),(16,2)):((256,16),(1,128))"
           : num == 2 ? "((4,8),(16,2,2)):((256,16),(1,128,1024))"
                      : "((4,8),(16,2,4)):((256,16),(1,128,1024))";
  if (store)
    return {regs, regs, smem};
  return {regs, smem, regs};
}

#define CUTE_NVGPU_MATRIX_COPY_GLUE(Cls)                                                           \
  Type Cls::parse(AsmParser &parser) { return parseMatrixCopy<Cls>(parser); }                      \
  void Cls::print(AsmPrinter &printer) const { printMatrixCopy(printer, *this); }                  \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, unsigned num, bool,      \
                            Type element) {                                                        \
    return verifyMatrixCopy(getMnemonic(), emitError, num, element);                               \
  }                                                                                                \
  Type Cls::getCopyElementType() const { return getElementType(); }                                \
  unsigned Cls::getCopyBits() const { return 32 * getNum(); }                                      \
  SmallVector<std::string, 3> Cls::getThreadValueLayouts() const {                                 \
    return matrixCopyBitLayouts(getNum(), getTrans(), std::is_same_v<Cls, StsmAtomType>);          \
  }
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

unsigned SimtAsyncCopyAtomType::getNumElements() const {
  unsigned bits = bitsOf(getElementType());
  return bits ? getBytes() * 8 / bits : 0;
}

LogicalResult SimtAsyncCopyAtomType::verify(function_ref<InFlightDiagnostic()> emitError,
                                            unsigned bytes, Type element) {
  unsigned bits = bitsOf(element);
  if (bits == 0 || bits % 8 != 0 || (bytes * 8) % bits != 0)
    return emitError() << "'atom.simt_async_copy' of " << bytes << " bytes cannot move whole "
                       << element << " elements";
  // cp.async moves 4, 8 or 16 bytes; the width failure surfaces through the
  // copy-vectorization template (spec 003).
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitError() << "'atom.simt_async_copy' cannot vectorize copy to " << (bytes * 8 / bits)
                       << " elements (static strides must be 1)";
  return success();
}

Type SimtAsyncCopyAtomType::getCopyElementType() const { return getElementType(); }
unsigned SimtAsyncCopyAtomType::getCopyBits() const { return getBytes() * 8; }
SmallVector<std::string, 3> SimtAsyncCopyAtomType::getThreadValueLayouts() const {
  return oneThreadBitLayouts(getBytes() * 8);
}

//===----------------------------------------------------------------------===//
// Tensor-memory copies: `<T>`
//===----------------------------------------------------------------------===//

static LogicalResult verifyTmemCopy(StringRef mnemonic, ArrayRef<unsigned> widths,
                                    function_ref<InFlightDiagnostic()> emitError, Type element) {
  unsigned bits = bitsOf(element);
  if (llvm::is_contained(widths, bits))
    return success();
  auto diag = emitError() << "'" << mnemonic << "' moves ";
  llvm::interleave(widths, [&](unsigned w) { diag << w; }, [&] { diag << "/"; });
  return diag << "-bit elements, got " << element;
}

#define CUTE_NVGPU_TMEM_COPY_GLUE(Cls, ...)                                                        \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, Type element) {          \
    static constexpr unsigned kWidths[] = {__VA_ARGS__};                                          \
    return verifyTmemCopy(getMnemonic(), kWidths, emitError, element);                             \
  }                                                                                                \
  Type Cls::getCopyElementType() const { return getElementType(); }                                \
  unsigned Cls::getCopyBits() const { return bitsOf(getElementType()); }
CUTE_NVGPU_TMEM_COPY_GLUE(TmemLoadAtomType, 8, 16, 32)
CUTE_NVGPU_TMEM_COPY_GLUE(TmemStoreAtomType, 8, 16, 32)
CUTE_NVGPU_TMEM_COPY_GLUE(S2tCopyAtomType, 8, 16, 32, 64)
CUTE_NVGPU_TMEM_COPY_GLUE(TmemToSmemCopyAtomType, 8, 16, 32)
CUTE_NVGPU_TMEM_COPY_GLUE(Tcgen05CpAtomType, 32)

//===----------------------------------------------------------------------===//
// TMA: `<[op,] T, rank = R>`
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kReductions[] = {"add", "min", "max", "inc",
                                                      "dec", "and", "or",  "xor"};

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

static LogicalResult verifyTma(StringRef mnemonic, bool reduce, bool im2col,
                               function_ref<InFlightDiagnostic()> emitError, Type element,
                               unsigned rank, StringRef reduction) {
  unsigned lo = im2col ? 3 : 1;
  if (rank < lo || rank > 5)
    return emitError() << "'" << mnemonic << "' boxes have rank " << lo << "..5, got " << rank;
  if (bitsOf(element) == 0)
    return emitError() << "'" << mnemonic << "' moves scalar elements, got " << element;
  if (reduce && !llvm::is_contained(kReductions, reduction))
    return emitError() << "'" << mnemonic << "' reduction must be one of add, min, max, inc, "
                       << "dec, and, or, xor; got '" << reduction << "'";
  if (!reduce && !reduction.empty())
    return emitError() << "'" << mnemonic << "' takes no reduction";
  return success();
}

#define CUTE_NVGPU_TMA_GLUE(Cls, reduce, im2col)                                                   \
  Type Cls::parse(AsmParser &parser) { return parseTma<Cls>(parser, reduce); }                     \
  void Cls::print(AsmPrinter &printer) const { printTma(printer, *this); }                         \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, Type element,            \
                            unsigned rank, StringRef reduction) {                                  \
    return verifyTma(getMnemonic(), reduce, im2col, emitError, element, rank, reduction);          \
  }
CUTE_NVGPU_TMA_GLUE(TmaLoadAtomType, false, false)
CUTE_NVGPU_TMA_GLUE(TmaLoadMulticastAtomType, false, false)
CUTE_NVGPU_TMA_GLUE(TmaLoadIm2colAtomType, false, true)
CUTE_NVGPU_TMA_GLUE(TmaStoreAtomType, false, false)
CUTE_NVGPU_TMA_GLUE(TmaReduceAtomType, true, false)
CUTE_NVGPU_TMA_GLUE(NonExecTiledTmaLoadAtomType, false, false)
CUTE_NVGPU_TMA_GLUE(NonExecTiledTmaStoreAtomType, false, false)
CUTE_NVGPU_TMA_GLUE(NonExecTiledTmaReduceAtomType, true, false)

#define CUTE_NVGPU_EXEC_TMA_GLUE(Cls)                                                              \
  Type Cls::getCopyElementType() const { return getElementType(); }                                \
  unsigned Cls::getCopyBits() const { return bitsOf(getElementType()); }
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
    major = Major::K;
  else if (word == "mn")
    major = Major::MN;
  else
    return parser.emitError(loc, "expected 'k' or 'mn', got '") << word << "'";
  return success();
}

static StringRef majorName(unsigned major) { return major == Major::K ? "k" : "mn"; }

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
  if (bitsOf(element) == 0)
    return emitError() << "'smem_desc_view' describes scalar elements, got " << element;
  if (major > Major::MN)
    return emitError() << "'smem_desc_view' major must be k or mn";
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "'smem_desc_view' swizzle is 0, 32, 64 or 128 bytes, got " << swizzle;
  return success();
}

//===----------------------------------------------------------------------===//
// MMA atoms: `<MxNxK, [ab_major = (a, b),] elem_type = (A, B, C)
//            [, frag_kind = F] [, sf_type = T, sf_vec = V]>`
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kFragNames[] = {"none", "ss", "rs", "ts"};

static bool isFp8(Type t) { return llvm::isa<Float8E4M3FNType, Float8E5M2Type>(t); }
static bool isFp6(Type t) { return llvm::isa<Float6E2M3FNType, Float6E3M2FNType>(t); }
static bool isFp4(Type t) { return llvm::isa<Float4E2M1FNType>(t); }
static bool isMxInput(Type t) { return isFp8(t) || isFp6(t) || isFp4(t); }
static bool isInt(Type t, unsigned w) { return t.isInteger(w); }

/// The element-type "kind" of an MMA's A/B pair and the accumulators it allows.
namespace {
struct InputClass {
  StringRef name;
  unsigned bits; // K x bits is the K extent rule of WGMMA/UMMA
  bool (*accOk)(Type);
};
} // namespace

static bool accF16F32(Type c) { return c.isF16() || c.isF32(); }
static bool accF32(Type c) { return c.isF32(); }
static bool accF64(Type c) { return c.isF64(); }
static bool accI32(Type c) { return c.isInteger(32); }

/// Classifies the (A, B) pair of a register or descriptor MMA; nullopt if
/// the pair is not a legal combination.
static std::optional<InputClass> classify(Type a, Type b, bool allowMx) {
  if (a.isF16() && b.isF16())
    return InputClass{"f16", 16, accF16F32};
  if (a.isBF16() && b.isBF16())
    return InputClass{"bf16", 16, accF32};
  if (a.isTF32() && b.isTF32())
    return InputClass{"tf32", 32, accF32};
  if (a.isF64() && b.isF64())
    return InputClass{"f64", 64, accF64};
  if (isInt(a, 8) && isInt(b, 8))
    return InputClass{"i8", 8, accI32};
  if (isInt(a, 4) && isInt(b, 4))
    return InputClass{"i4", 4, accI32};
  if (isFp8(a) && isFp8(b))
    return InputClass{"f8", 8, accF16F32};
  if (allowMx && isMxInput(a) && isMxInput(b))
    return InputClass{"f8f6f4", 8, accF16F32};
  return std::nullopt;
}

namespace {
struct Shape3 {
  unsigned m, n, k;
  bool operator==(const Shape3 &o) const { return m == o.m && n == o.n && k == o.k; }
};
} // namespace

/// The tier's shape lattice; an empty string if legal, else what is legal.
static std::string checkShape(const MmaFamily &family, const MmaParams &p, const InputClass &in) {
  std::string legal;
  llvm::raw_string_ostream os(legal);
  Shape3 s{p.m, p.n, p.k};
  auto oneOf = [&](std::initializer_list<Shape3> shapes) {
    if (llvm::is_contained(shapes, s))
      return std::string();
    llvm::interleave(shapes, os, [&](Shape3 x) { os << x.m << "x" << x.n << "x" << x.k; }, ", ");
    return os.str();
  };
  StringRef m = family.mnemonic;
  unsigned sp = family.sparse ? 2 : 1;
  if (m == "sm80.mma" || m == "sm80.sparse_mma") {
    if (in.name == "f16" || in.name == "bf16")
      return oneOf({{16, 8, 8 * sp}, {16, 8, 16 * sp}});
    if (in.name == "tf32")
      return oneOf({{16, 8, 4 * sp}, {16, 8, 8 * sp}});
    if (in.name == "f64" && !family.sparse)
      return oneOf({{8, 8, 4}});
    if (in.name == "i8")
      return oneOf({{16, 8, 16 * sp}, {16, 8, 32 * sp}});
    if (in.name == "i4")
      return oneOf({{16, 8, 32 * sp}, {16, 8, 64 * sp}});
    return "no shape for " + in.name.str();
  }
  if (m == "sm89.mma")
    return oneOf({{16, 8, 32}});
  if (m == "SM120.mma_bs")
    return isFp4(p.a) && isFp4(p.b) ? oneOf({{16, 8, 32}, {16, 8, 64}}) : oneOf({{16, 8, 32}});
  // WGMMA / UMMA: K x element bits = 256 (512 sparse); M and N by tier.
  unsigned kWant = 256 * sp / in.bits;
  if (family.hasScale && isFp4(p.a) && isFp4(p.b) && p.k == 2 * kWant)
    kWant *= 2; // mxf4 / nvf4: 4-bit containers
  bool ok = p.k == kWant;
  if (m == "sm90.mma") {
    ok = ok && p.m == 64 && p.n % 8 == 0 && p.n >= 8 && p.n <= 256;
    if (!ok)
      os << "64xNx" << kWant << " with N a multiple of 8 in [8, 256]";
    return ok ? std::string() : os.str();
  }
  unsigned step = p.m == 64 ? 8 : 16;
  ok = ok && (p.m == 64 || p.m == 128 || p.m == 256) && p.n % step == 0 && p.n >= step &&
       p.n <= 256;
  if (!ok)
    os << "MxNx" << kWant << " with M in {64, 128, 256} and N a multiple of 8 (M = 64) or 16 "
       << "in [8, 256]";
  return ok ? std::string() : os.str();
}

static LogicalResult verifyMma(const MmaFamily &family, function_ref<InFlightDiagnostic()> emitError,
                               const MmaParams &p) {
  StringRef m = family.mnemonic;
  bool allowMx = family.hasScale;
  if (m == "sm89.mma" && !(isFp8(p.a) && isFp8(p.b)))
    return emitError() << "'sm89.mma' adds FP8 inputs (f8E4M3FN, f8E5M2), got A " << p.a
                       << ", B " << p.b << "; use sm80.mma otherwise";
  if (family.hasScale && !(isMxInput(p.a) && isMxInput(p.b)))
    return emitError() << "'" << m << "' takes FP8/FP6/FP4 inputs, got A " << p.a << ", B "
                       << p.b;
  if ((m == "sm89.mma" || m == "sm80.mma" || m == "sm80.sparse_mma") && isMxInput(p.a) &&
      !isFp8(p.a))
    return emitError() << "'" << m << "' has no FP6/FP4 inputs";
  if (m.starts_with("sm80") && (isFp8(p.a) || isFp8(p.b)))
    return emitError() << "'" << m << "' has no FP8 inputs; FP8 register MMA is sm89.mma";
  std::optional<InputClass> in = classify(p.a, p.b, allowMx);
  if (!in || (m == "sm90.mma" && (in->name == "f64" || in->name == "i4")) ||
      (m.starts_with("sm100") && (in->name == "f64" || in->name == "i4")))
    return emitError() << "'" << m << "' has no element-type combination A " << p.a << ", B "
                       << p.b;
  if (!in->accOk(p.c) || (family.hasScale && !p.c.isF32()))
    return emitError() << "'" << m << "' cannot accumulate " << in->name << " inputs into "
                       << p.c;
  std::string legal = checkShape(family, p, *in);
  if (!legal.empty())
    return emitError() << "'" << m << "' has no " << p.m << "x" << p.n << "x" << p.k
                       << " shape for " << in->name << " inputs; legal: " << legal;
  if (family.hasFrag && !(family.frags & (1u << p.fragKind)))
    return emitError() << "'" << m << "' frag_kind " << kFragNames[p.fragKind]
                       << " is not available";
  if (family.hasMajor && in->bits != 16 && (p.aMajor != Major::K || p.bMajor != Major::K))
    return emitError() << "'" << m << "' " << in->name
                       << " operands must be K-major: ab_major = (k, k)";
  if (family.hasFrag && p.fragKind != FragKind::SS && p.aMajor != Major::K)
    return emitError() << "'" << m << "' A from registers or TMEM must be K-major";
  if (family.hasScale) {
    if (!p.sfType || !llvm::isa<Float8E8M0FNUType, Float8E4M3FNType>(p.sfType))
      return emitError() << "'" << m << "' scale factors are f8E8M0FNU (ue8m0) or f8E4M3FN "
                         << "(ue4m3), got " << p.sfType;
    if (p.sfVec != 16 && p.sfVec != 32)
      return emitError() << "'" << m << "' sf_vec is 16 or 32, got " << p.sfVec;
    if (llvm::isa<Float8E4M3FNType>(p.sfType) && !(isFp4(p.a) && isFp4(p.b) && p.sfVec == 16))
      return emitError() << "'" << m << "' ue4m3 scale factors need FP4 inputs and sf_vec = 16";
  }
  return success();
}

static void printMma(AsmPrinter &printer, const MmaFamily &family, const MmaParams &p) {
  printer << "<" << p.m << "x" << p.n << "x" << p.k;
  if (family.hasMajor)
    printer << ", ab_major = (" << majorName(p.aMajor) << ", " << majorName(p.bMajor) << ")";
  printer << ", elem_type = (" << p.a << ", " << p.b << ", " << p.c << ")";
  if (family.hasFrag)
    printer << ", frag_kind = " << kFragNames[p.fragKind];
  if (family.hasScale)
    printer << ", sf_type = " << p.sfType << ", sf_vec = " << p.sfVec;
  printer << ">";
}

static ParseResult parseMma(AsmParser &parser, const MmaFamily &family, MmaParams &p) {
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
    if (key == "ab_major" && family.hasMajor) {
      if (parser.parseLParen() || parseMajor(parser, p.aMajor) || parser.parseComma() ||
          parseMajor(parser, p.bMajor) || parser.parseRParen())
        return failure();
    } else if (key == "elem_type") {
      if (parser.parseLParen() || parser.parseType(p.a) || parser.parseComma() ||
          parser.parseType(p.b) || parser.parseComma() || parser.parseType(p.c) ||
          parser.parseRParen())
        return failure();
    } else if (key == "frag_kind" && family.hasFrag) {
      StringRef frag;
      SMLoc fragLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&frag))
        return failure();
      auto *it = llvm::find(kFragNames, frag);
      if (it == std::end(kFragNames) || it == std::begin(kFragNames))
        return parser.emitError(fragLoc, "expected frag_kind ss, rs or ts, got '") << frag << "'";
      p.fragKind = it - std::begin(kFragNames);
    } else if (key == "sf_type" && family.hasScale) {
      if (parser.parseType(p.sfType))
        return failure();
    } else if (key == "sf_vec" && family.hasScale) {
      if (parser.parseInteger(p.sfVec))
        return failure();
    } else {
      return parser.emitError(keyLoc, "'") << family.mnemonic << "' has no parameter '" << key
                                          << "'";
    }
  }
  SmallVector<StringRef> required = {"elem_type"};
  if (family.hasMajor)
    required.push_back("ab_major");
  if (family.hasFrag)
    required.push_back("frag_kind");
  if (family.hasScale)
    required.append({"sf_type", "sf_vec"});
  for (StringRef key : required)
    if (!seen.contains(key))
      return parser.emitError(loc, "'") << family.mnemonic << "' needs '" << key << "'";
  return parser.parseGreater();
}

static std::string shapeOf(const MmaParams &p) {
  return "(" + std::to_string(p.m) + "," + std::to_string(p.n) + "," + std::to_string(p.k) + ")";
}

static MmaParams paramsOf(unsigned m, unsigned n, unsigned k, Type a, Type b, Type c,
                          unsigned aMajor, unsigned bMajor, unsigned frag, Type sf,
                          unsigned sfVec) {
  return MmaParams{m, n, k, a, b, c, aMajor, bMajor, frag, sf, sfVec};
}

#define CUTE_NVGPU_MMA_GLUE(Cls)                                                                   \
  Type Cls::parse(AsmParser &parser) {                                                             \
    MmaParams p;                                                                                   \
    SMLoc loc = parser.getCurrentLocation();                                                       \
    if (failed(parseMma(parser, detail::familyOf(getMnemonic()), p)))                              \
      return {};                                                                                   \
    return getChecked([&] { return parser.emitError(loc); }, parser.getContext(), p.m, p.n, p.k,   \
                      p.a, p.b, p.c, p.aMajor, p.bMajor, p.fragKind, p.sfType, p.sfVec);           \
  }                                                                                                \
  void Cls::print(AsmPrinter &printer) const {                                                     \
    printMma(printer, detail::familyOf(getMnemonic()), getMma(*this)->second);                     \
  }                                                                                                \
  LogicalResult Cls::verify(function_ref<InFlightDiagnostic()> emitError, unsigned m, unsigned n,  \
                            unsigned k, Type a, Type b, Type c, unsigned aMajor, unsigned bMajor,  \
                            unsigned frag, Type sf, unsigned sfVec) {                              \
    return verifyMma(detail::familyOf(getMnemonic()), emitError,                                   \
                     paramsOf(m, n, k, a, b, c, aMajor, bMajor, frag, sf, sfVec));                 \
  }                                                                                                \
  std::string Cls::getShapeMNK() const { return shapeOf(getMma(*this)->second); }                 \
  SmallVector<Type, 3> Cls::getOperandElementTypes() const {                                       \
    return {getAType(), getBType(), getCType()};                                                   \
  }                                                                                                \
  LogicalResult Cls::verifyInstance(TypeRange elementTypes,                                        \
                                    function_ref<InFlightDiagnostic()> emitError) const {          \
    return detail::verifyMmaElementTypes(detail::familyOf(getMnemonic()), getMma(*this)->second,   \
                                         elementTypes, emitError);                                 \
  }
CUTE_NVGPU_MMA_TYPES(CUTE_NVGPU_MMA_GLUE)

std::optional<std::pair<const MmaFamily *, MmaParams>> mlir::cute_nvgpu::getMma(Type type) {
  std::optional<std::pair<const MmaFamily *, MmaParams>> result;
  auto take = [&](auto t) {
    result = std::make_pair(&detail::familyOf(t.getMnemonic()),
                            paramsOf(t.getM(), t.getN(), t.getK(), t.getAType(), t.getBType(),
                                     t.getCType(), t.getAMajor(), t.getBMajor(), t.getFragKind(),
                                     t.getSfType(), t.getSfVec()));
  };
#define CUTE_NVGPU_MMA_CASE(Cls)                                                                   \
  if (auto t = llvm::dyn_cast<Cls>(type))                                                          \
    take(t);
  CUTE_NVGPU_MMA_TYPES(CUTE_NVGPU_MMA_CASE)
#undef CUTE_NVGPU_MMA_CASE
  return result;
}

//===----------------------------------------------------------------------===//
// Target attribute
//===----------------------------------------------------------------------===//

/// Parses `sm_<N>[a|f]`; false if malformed or not in the roster.
static bool parseChip(StringRef chip, unsigned &number, char &suffix) {
  static constexpr unsigned kRoster[] = {70, 72, 75, 80, 86, 87, 89, 90, 100, 103, 110, 120, 121};
  if (!chip.consume_front("sm_"))
    return false;
  suffix = 0;
  if (chip.ends_with("a") || chip.ends_with("f")) {
    suffix = chip.back();
    chip = chip.drop_back();
  }
  if (chip.getAsInteger(10, number) || !llvm::is_contained(kRoster, number))
    return false;
  if (suffix == 'a' && number < 90)
    return false;
  if (suffix == 'f' && number < 100)
    return false;
  return true;
}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringRef chip) {
  unsigned number;
  char suffix;
  if (!parseChip(chip, number, suffix))
    return emitError() << "unknown SM target '" << chip
                       << "' (expected sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, "
                          "sm_90[a], sm_100[a|f], sm_103[a|f], sm_110[a|f], sm_120[a|f] or "
                          "sm_121[a|f])";
  return success();
}

unsigned TargetAttr::getSmNumber() const {
  unsigned number = 0;
  char suffix;
  (void)parseChip(getChip(), number, suffix);
  return number;
}

char TargetAttr::getSuffix() const {
  unsigned number;
  char suffix = 0;
  (void)parseChip(getChip(), number, suffix);
  return suffix;
}

/// Target verification (spec 003 "Registry Invariants"): every registry type
/// used in the region must be registered on the target, and every atom
/// instance must meet its operand contract.
static LogicalResult verifyTargetRegion(Operation *root, TargetAttr target) {
  WalkResult result = root->walk([&](Operation *op) -> WalkResult {
    auto emit = [&] { return op->emitOpError(); };
    llvm::SmallPtrSet<Type, 4> checked;
    auto checkType = [&](Type type) -> LogicalResult {
      LogicalResult ok = success();
      type.walk([&](Type inner) {
        if (failed(ok) || !llvm::isa<AtomRecordTypeInterface>(inner) ||
            !checked.insert(inner).second)
          return;
        ok = verifyAtomOnTarget(inner, target, emit);
      });
      return ok;
    };
    for (Type type : op->getResultTypes())
      if (failed(checkType(type)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(checkType(arg.getType())))
            return WalkResult::interrupt();
    if (auto fn = llvm::dyn_cast<FunctionOpInterface>(op))
      if (failed(checkType(fn.getFunctionType())))
        return WalkResult::interrupt();
    // (Atom instances' operand contracts are checked by the atom-call ops
    // themselves, through NvgpuAtomHooks.)
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
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

//===----------------------------------------------------------------------===//
// C entry points for the Rust side (src/dialect/nvgpu.rs)
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

/// 1 if the registry type `atom` is legal on the chip, 0 if not, -1 if the
/// chip is not in the roster or `atom` is not a registry type.
extern "C" int32_t cute_nvgpu_cpp_target_accepts(MlirType atom, MlirStringRef chip) {
  unsigned number;
  char suffix;
  auto record = llvm::dyn_cast<AtomRecordTypeInterface>(unwrap(atom));
  if (!record || !parseChip(unwrap(chip), number, suffix))
    return -1;
  return record.isLegalOn(number, suffix) ? 1 : 0;
}
