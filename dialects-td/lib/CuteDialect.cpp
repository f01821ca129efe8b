//===- CuteDialect.cpp - glue of the `cute` dialect ------------------------===//
//
// Type parsing/printing and op verification; all layout logic is delegated to
// Rust through RustFFI.h.
//
//===----------------------------------------------------------------------===//

#include "CuteDialect.h"
#include "CppFFI.h"
#include "RustFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/RWMutex.h"

#include <atomic>
#include <cstdlib>
#include <optional>

using namespace mlir;
using namespace mlir::cute;

//===--- The inference memo ----------------------------------------------===//
//
// Type inference is a pure function of the op's name, its operand types and
// the attribute dictionary handed to Rust, all of them uniqued in the
// context. A context that verifies the same ops again (after every pass of a
// pipeline, or a warm process compiling tile variants) reuses the result
// types instead of running the algebra, printing the spec and uniquing the
// type once more. Only successes are kept: a failure runs again to emit its
// diagnostic. The memo belongs to the dialect, so it dies with the context
// whose types it holds (a process-wide map could return a dead context's
// type to a new context at the same address).

namespace mlir::cute::detail {
/// The op name's static storage (a `StringLiteral`: one name, one address
/// for as long as the process lives), then the uniqued operand types and
/// attribute dictionary; with its hash, so that probing compares one word.
struct MemoKey {
  ArrayRef<const void *> uniqued;
  unsigned hash;
};

struct MemoKeyInfo {
  static MemoKey getEmptyKey() { return {DenseMapInfo<ArrayRef<const void *>>::getEmptyKey(), 0}; }
  static MemoKey getTombstoneKey() { return {DenseMapInfo<ArrayRef<const void *>>::getTombstoneKey(), 0}; }
  static unsigned getHashValue(const MemoKey &key) { return key.hash; }
  static bool isEqual(const MemoKey &a, const MemoKey &b) {
    return a.hash == b.hash && DenseMapInfo<ArrayRef<const void *>>::isEqual(a.uniqued, b.uniqued);
  }
};
} // namespace mlir::cute::detail

using mlir::cute::detail::MemoKey;
using mlir::cute::detail::MemoKeyInfo;

struct mlir::cute::CuteDialect::InferMemo {
  /// Appends the result types kept for `key`; false when there are none.
  /// `locked`: MLIR's threads are on. Without them the context is one
  /// thread's (MLIR's own uniquers lock only when they are on).
  bool lookup(const MemoKey &key, bool locked, SmallVectorImpl<Type> &out) {
    std::optional<llvm::sys::SmartScopedReader<true>> lock;
    if (locked)
      lock.emplace(mutex);
    auto found = results.find(key);
    if (found == results.end())
      return false;
    hits.fetch_add(1, std::memory_order_relaxed);
    out.append(found->second.begin(), found->second.end());
    return true;
  }

  /// Keeps `types` for `key`, both copied into the arena (the key's storage
  /// is the caller's frame).
  void insert(const MemoKey &key, ArrayRef<Type> types, bool locked) {
    misses.fetch_add(1, std::memory_order_relaxed);
    std::optional<llvm::sys::SmartScopedWriter<true>> lock;
    if (locked)
      lock.emplace(mutex);
    if (results.count(key))
      return; // another thread inferred the same shape meanwhile
    const void **keyCopy = arena.Allocate<const void *>(key.uniqued.size());
    std::copy(key.uniqued.begin(), key.uniqued.end(), keyCopy);
    Type *typesCopy = arena.Allocate<Type>(types.size());
    std::copy(types.begin(), types.end(), typesCopy);
    results.try_emplace(MemoKey{ArrayRef<const void *>(keyCopy, key.uniqued.size()), key.hash},
                        ArrayRef<Type>(typesCopy, types.size()));
  }

  llvm::sys::SmartRWMutex<true> mutex;
  llvm::BumpPtrAllocator arena;
  DenseMap<MemoKey, ArrayRef<Type>, MemoKeyInfo> results;
  std::atomic<uint64_t> hits{0}, misses{0};
  /// `CUTE_INFER_MEMO=0` in the environment when the context is made turns
  /// it off: `benches/verify_overhead.rs` measures what it saves.
  bool enabled = true;
};

/// The context's memo; null where the cute dialect is not loaded or the
/// memo is off.
static CuteDialect::InferMemo *inferMemoOf(MLIRContext *context) {
  auto *dialect = context->getLoadedDialect<CuteDialect>();
  if (!dialect || !dialect->inferMemo().enabled)
    return nullptr;
  return &dialect->inferMemo();
}


#include "cute/CuteDialect.cpp.inc"

#include "cute/CuteTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/CuteTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/CuteAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "cute/CuteOps.cpp.inc"

void CuteDialect::initialize() {
  inferMemoStorage = std::make_unique<InferMemo>();
  if (const char *memo = std::getenv("CUTE_INFER_MEMO"))
    inferMemoStorage->enabled = StringRef(memo) != "0";
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/CuteTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cute/CuteAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cute/CuteOps.cpp.inc"
      >();
}

LogicalResult mlir::cute::verifyWithRust(Operation *op, llvm::StringLiteral name) {
  return success(mlirLogicalResultIsSuccess(cute_rs_verify_op(wrap(op), wrap(StringRef(name)))));
}

LogicalResult mlir::cute::inferWithRust(llvm::StringLiteral opName, MLIRContext *context,
                                        std::optional<Location> location,
                                        ValueRange operands, DictionaryAttr attributes,
                                        SmallVectorImpl<Type> &inferred,
                                        TypeRange extraOperandTypes) {
  SmallVector<MlirType> operandTypes;
  for (Value operand : operands)
    operandTypes.push_back(wrap(operand.getType()));
  for (Type type : extraOperandTypes)
    operandTypes.push_back(wrap(type));
  DictionaryAttr attrs = attributes ? attributes : DictionaryAttr::get(context);

  SmallVector<const void *, 8> uniqued;
  uniqued.push_back(opName.data());
  for (MlirType type : operandTypes)
    uniqued.push_back(type.ptr);
  uniqued.push_back(attrs.getAsOpaquePointer());
  MemoKey key{uniqued, static_cast<unsigned>(llvm::hash_combine_range(uniqued.begin(), uniqued.end()))};
  CuteDialect::InferMemo *memo = inferMemoOf(context);
  bool locked = context->isMultithreadingEnabled();
  if (memo && memo->lookup(key, locked, inferred))
    return success();

  Location loc = location ? *location : UnknownLoc::get(context);
  constexpr intptr_t kCapacity = 256; // get_layouts_from_tile: one result per layout of a tile
  MlirType results[kCapacity];
  intptr_t count = cute_rs_infer_types(wrap(opName), wrap(context), wrap(loc),
                                       static_cast<intptr_t>(operandTypes.size()),
                                       operandTypes.data(), wrap(Attribute(attrs)),
                                       results, kCapacity);
  if (count < 0)
    return failure();
  size_t first = inferred.size();
  for (intptr_t i = 0; i < count; ++i)
    inferred.push_back(unwrap(results[i]));

  if (memo)
    memo->insert(key, ArrayRef<Type>(inferred).drop_front(first), locked);
  return success();
}

void cute_cpp_infer_memo_stats(MlirContext context, uint64_t *hits, uint64_t *misses) {
  *hits = *misses = 0;
  if (auto *dialect = unwrap(context)->getLoadedDialect<CuteDialect>()) {
    *hits = dialect->inferMemo().hits.load(std::memory_order_relaxed);
    *misses = dialect->inferMemo().misses.load(std::memory_order_relaxed);
  }
}

bool mlir::cute::areCompatibleWithRust(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != declared.size())
    return false;
  for (auto [from, to] : llvm::zip_equal(inferred, declared))
    if (from != to && !cute_rs_is_compatible_result(wrap(from), wrap(to)))
      return false;
  return true;
}

OpFoldResult mlir::cute::foldStatic(Operation *op) {
  if (op->getNumResults() != 1)
    return {};
  Type type = op->getResult(0).getType();
  if (!cute_rs_is_static_type(wrap(type)))
    return {};
  return TypeAttr::get(type);
}

OpFoldResult mlir::cute::foldTupleEq(Type lhs, Type rhs) {
  if (!cute_rs_is_static_type(wrap(lhs)) || !cute_rs_is_static_type(wrap(rhs)))
    return {};
  // Static tuples are their canonical spec: equal values, equal specs.
  auto specOf = [](Type t) { return llvm::cast<IntTupleType>(t).getSpec(); };
  return BoolAttr::get(lhs.getContext(), specOf(lhs) == specOf(rhs));
}

Operation *CuteDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (auto typeAttr = llvm::dyn_cast<TypeAttr>(value))
    if (typeAttr.getValue() == type)
      return StaticOp::create(builder, loc, type);
  if (auto boolAttr = llvm::dyn_cast<BoolAttr>(value))
    if (type.isInteger(1))
      return arith::ConstantOp::create(builder, loc, type, boolAttr);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Type parsing and printing
//===----------------------------------------------------------------------===//

/// The mnemonic of a spec kind (`!cute.<mnemonic><"spec">`): Rust's
/// `SpecKind::mnemonic` is the one table.
static StringRef specMnemonic(uint32_t kind) { return unwrap(cute_rs_spec_mnemonic(kind)); }

/// The spec kind spelled `mnemonic`, if any.
static std::optional<uint32_t> specKindOf(StringRef mnemonic) {
  for (uint32_t kind = CUTE_SPEC_INT_TUPLE; kind <= CUTE_SPEC_BASIS; ++kind)
    if (specMnemonic(kind) == mnemonic)
      return kind;
  return std::nullopt;
}

static Type getSpecType(MLIRContext *ctx, uint32_t kind, StringRef spec) {
  switch (kind) {
  case CUTE_SPEC_LAYOUT:
    return LayoutType::get(ctx, spec);
  case CUTE_SPEC_SWIZZLE:
    return SwizzleType::get(ctx, spec);
  case CUTE_SPEC_COMPOSED_LAYOUT:
    return ComposedLayoutType::get(ctx, spec);
  default:
    return IntTupleType::get(ctx, static_cast<TupleKind>(kind), spec);
  }
}

/// The spec kind and canonical spec of a cute value type, if it is one.
static std::optional<std::pair<uint32_t, StringRef>> getSpecOf(Type type) {
  if (auto t = llvm::dyn_cast<IntTupleType>(type))
    return std::make_pair(static_cast<uint32_t>(t.getKind()), t.getSpec());
  if (auto t = llvm::dyn_cast<LayoutType>(type))
    return std::make_pair(uint32_t(CUTE_SPEC_LAYOUT), t.getSpec());
  if (auto t = llvm::dyn_cast<SwizzleType>(type))
    return std::make_pair(uint32_t(CUTE_SPEC_SWIZZLE), t.getSpec());
  if (auto t = llvm::dyn_cast<ComposedLayoutType>(type))
    return std::make_pair(uint32_t(CUTE_SPEC_COMPOSED_LAYOUT), t.getSpec());
  return std::nullopt;
}

extern "C" MlirType cute_cpp_spec_type(MlirContext context, uint32_t kind, MlirStringRef spec) {
  if (kind < CUTE_SPEC_INT_TUPLE || kind >= CUTE_SPEC_BASIS)
    return MlirType{nullptr};
  return wrap(getSpecType(unwrap(context), kind, unwrap(spec)));
}

extern "C" int32_t cute_cpp_type_spec(MlirType type, MlirStringRef *spec) {
  auto found = getSpecOf(unwrap(type));
  if (!found)
    return -1;
  *spec = wrap(found->second);
  return static_cast<int32_t>(found->first);
}

static void appendToString(MlirStringRef piece, void *userData) {
  static_cast<std::string *>(userData)->append(piece.data, piece.length);
}

/// Reads the spec's unquoted spelling (e.g. `<8:1, 4:8>` or
/// `((2, 4), 4):((1, 16), 8)`) token by token up to the `>` that closes the
/// type, and rebuilds its text for the Rust parser.
static ParseResult parseUnquotedSpec(AsmParser &parser, std::string &out) {
  int depth = 0;
  while (true) {
    if (succeeded(parser.parseOptionalGreater())) {
      if (depth == 0)
        return success();
      --depth;
      out += '>';
      continue;
    }
    if (succeeded(parser.parseOptionalLess())) {
      ++depth;
      out += '<';
      continue;
    }
    if (succeeded(parser.parseOptionalLParen())) { out += '('; continue; }
    if (succeeded(parser.parseOptionalRParen())) { out += ')'; continue; }
    if (succeeded(parser.parseOptionalLSquare())) { out += '['; continue; }
    if (succeeded(parser.parseOptionalRSquare())) { out += ']'; continue; }
    if (succeeded(parser.parseOptionalComma())) { out += ','; continue; }
    if (succeeded(parser.parseOptionalColon())) { out += ':'; continue; }
    if (succeeded(parser.parseOptionalQuestion())) { out += '?'; continue; }
    if (succeeded(parser.parseOptionalLBrace())) { out += '{'; continue; }
    if (succeeded(parser.parseOptionalRBrace())) { out += '}'; continue; }
    if (succeeded(parser.parseOptionalEqual())) { out += '='; continue; }
    int64_t value;
    OptionalParseResult intResult = parser.parseOptionalInteger(value);
    if (intResult.has_value()) {
      if (failed(*intResult))
        return failure();
      out += std::to_string(value);
      continue;
    }
    StringRef keyword;
    if (succeeded(parser.parseOptionalKeyword(&keyword))) {
      out += ' ';
      out += keyword.str();
      out += ' ';
      continue;
    }
    return parser.emitError(parser.getCurrentLocation(),
                            "unexpected token in CuTe notation");
  }
}

/// Parses `<"spec">` (or the spec's unquoted spelling) and canonicalizes it
/// in Rust; `prefix` is `!cute.` or `#cute.` for the diagnostic.
static FailureOr<std::string> parseSpecBody(AsmParser &parser, uint32_t kind,
                                            StringRef prefix, bool attribute) {
  SMLoc specLoc = parser.getCurrentLocation();
  if (parser.parseLess())
    return failure();
  std::string text;
  bool quoted = succeeded(parser.parseOptionalString(&text));
  if (quoted) {
    if (parser.parseGreater())
      return failure();
  } else if (failed(parseUnquotedSpec(parser, text))) {
    return failure();
  }
  // An unquoted integer is the rank notation of a run-time type
  // (`!cute.coord<2>`, spec 000); an attribute holds a static value, so it
  // takes the quoted spelling (NVIDIA's IR rejects `#cute.int_tuple<32>`).
  if (attribute && !quoted && !text.empty() &&
      llvm::all_of(text, [](char c) { return c >= '0' && c <= '9'; }))
    return parser.emitError(specLoc)
           << "expected string: " << prefix << specMnemonic(kind) << "<" << text
           << "> is the rank notation of a type; an attribute takes a quoted value, e.g. "
           << prefix << specMnemonic(kind) << "<\"" << text << "\">";
  std::string result;
  MlirStringRef input{text.data(), text.size()};
  bool ok = quoted ? cute_rs_canonicalize(kind, input, appendToString, &result)
                   : cute_rs_canonicalize_unquoted(kind, input, appendToString, &result);
  if (!ok)
    return parser.emitError(specLoc) << "invalid " << prefix << specMnemonic(kind) << " \"" << text
                                     << "\": " << result;
  return result;
}

/// NVIDIA's `!cute.coord_tensor<"iterator", "layout">`: a view whose
/// iterator is an int tuple (CuTe's ArithmeticTupleIterator, the coordinate
/// tensors of make_identity_tensor). It is a `!cute.view` over a
/// `!cute.int_tuple` iterator, printed back in this spelling.
static Type parseCoordTensor(DialectAsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  std::string iterator, layout;
  if (parser.parseLess() || parser.parseString(&iterator) || parser.parseComma())
    return {};
  SMLoc layoutLoc = parser.getCurrentLocation();
  if (parser.parseString(&layout) || parser.parseGreater())
    return {};
  auto canonical = [&](uint32_t kind, const std::string &text, SMLoc at) -> FailureOr<std::string> {
    std::string result;
    MlirStringRef input{text.data(), text.size()};
    if (!cute_rs_canonicalize(kind, input, appendToString, &result))
      return parser.emitError(at) << "invalid !cute.coord_tensor " << specMnemonic(kind) << " \"" << text
                                  << "\": " << result;
    return result;
  };
  FailureOr<std::string> iter = canonical(CUTE_SPEC_INT_TUPLE, iterator, loc);
  if (failed(iter))
    return {};
  FailureOr<std::string> lay = canonical(CUTE_SPEC_LAYOUT, layout, layoutLoc);
  if (failed(lay))
    return {};
  MLIRContext *ctx = parser.getContext();
  return ViewType::getChecked([&] { return parser.emitError(loc); }, ctx,
                              getSpecType(ctx, CUTE_SPEC_INT_TUPLE, *iter), LayoutType::get(ctx, *lay));
}

Type CuteDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type odsType;
  OptionalParseResult odsResult = generatedTypeParser(parser, &mnemonic, odsType);
  if (odsResult.has_value())
    return odsType;
  if (mnemonic == "coord_tensor")
    return parseCoordTensor(parser);
  std::optional<uint32_t> kind = specKindOf(mnemonic);
  if (!kind || *kind == CUTE_SPEC_BASIS) {
    parser.emitError(loc) << "unknown type '!cute." << mnemonic << "'";
    return {};
  }
  FailureOr<std::string> spec = parseSpecBody(parser, *kind, "!cute.", /*attribute=*/false);
  if (failed(spec))
    return {};
  return getSpecType(getContext(), *kind, *spec);
}

Attribute CuteDialect::parseAttribute(DialectAsmParser &parser, Type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  if (parser.parseKeyword(&mnemonic))
    return {};
  std::optional<uint32_t> kind = specKindOf(mnemonic);
  if (!kind) {
    parser.emitError(loc) << "unknown attribute '#cute." << mnemonic << "'";
    return {};
  }
  FailureOr<std::string> spec = parseSpecBody(parser, *kind, "#cute.", /*attribute=*/true);
  if (failed(spec))
    return {};
  return SpecAttr::get(getContext(), *kind, *spec);
}

void CuteDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  auto spec = llvm::cast<SpecAttr>(attr);
  printer << specMnemonic(spec.getKind()) << '<';
  printer.printString(spec.getSpec());
  printer << '>';
}

void CuteDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (auto view = llvm::dyn_cast<ViewType>(type))
    if (auto iterator = llvm::dyn_cast<IntTupleType>(view.getIterator())) {
      printer << "coord_tensor<";
      printer.printString(iterator.getSpec());
      printer << ", ";
      printer.printString(llvm::cast<LayoutType>(view.getLayout()).getSpec());
      printer << '>';
      return;
    }
  if (succeeded(generatedTypePrinter(type, printer)))
    return;
  auto found = getSpecOf(type);
  assert(found && "every cute type is a spec type");
  printer << specMnemonic(found->first) << '<';
  printer.printString(found->second);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// !cute.ptr
//===----------------------------------------------------------------------===//

namespace {
struct AddressSpaceName {
  llvm::StringLiteral name;
  unsigned number;
};
} // namespace

// NVVM's numbering (spec 000): 0 generic, 1 global, 3 shared, 5 local, 6 tmem.
static constexpr AddressSpaceName kAddressSpaces[] = {
    {"generic", 0}, {"gmem", 1}, {"smem", 3}, {"rmem", 5}, {"tmem", 6}};

Type PtrType::parse(AsmParser &parser) {
  Type element;
  if (parser.parseLess() || parser.parseType(element) || parser.parseComma())
    return {};
  unsigned space = 0;
  StringRef name;
  SMLoc spaceLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&name))) {
    const AddressSpaceName *found = llvm::find_if(
        kAddressSpaces, [&](const AddressSpaceName &a) { return a.name == name; });
    if (found == std::end(kAddressSpaces)) {
      parser.emitError(spaceLoc) << "unknown address space '" << name
                                 << "' (expected generic, gmem, smem, rmem, tmem or a number)";
      return {};
    }
    space = found->number;
  } else if (parser.parseInteger(space)) {
    return {};
  }
  uint64_t alignment = 1;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("align") || parser.parseLess() ||
        parser.parseInteger(alignment) || parser.parseGreater())
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(spaceLoc); }, parser.getContext(),
                    element, space, alignment);
}

void PtrType::print(AsmPrinter &printer) const {
  printer << '<' << getElementType() << ", ";
  const AddressSpaceName *found = llvm::find_if(
      kAddressSpaces, [&](const AddressSpaceName &a) { return a.number == getAddressSpace(); });
  if (found != std::end(kAddressSpaces))
    printer << found->name;
  else
    printer << getAddressSpace();
  if (getAlignment() != 1)
    printer << ", align<" << getAlignment() << '>';
  printer << '>';
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError, Type element,
                              unsigned space, uint64_t alignment) {
  if (alignment == 0 || !llvm::isPowerOf2_64(alignment))
    return emitError() << "pointer alignment must be a power of two, got " << alignment;
  if (!element.isIntOrIndexOrFloat() && !llvm::isa<ComplexType, VectorType>(element))
    return emitError() << "pointer element type must be a scalar, complex or vector type, got "
                       << element;
  return success();
}

LogicalResult ViewType::verify(function_ref<InFlightDiagnostic()> emitError, Type iterator,
                               Type layout) {
  if (auto tuple = llvm::dyn_cast<IntTupleType>(iterator)) {
    // A coordinate tensor: its layout maps to coordinates (scaled-basis
    // strides), so it cannot be swizzled.
    if (tuple.getKind() != TupleKind::IntTuple)
      return emitError() << "a coordinate view's iterator must be a !cute.int_tuple, got " << iterator;
    if (!llvm::isa<LayoutType>(layout))
      return emitError() << "a coordinate view's layout must be a !cute.layout, got " << layout;
    return success();
  }
  if (!llvm::isa<PtrType, MemRefType, DescIterType>(iterator))
    return emitError() << "view iterator must be a !cute.ptr, a memref, a !cute.desc_iter or a "
                          "!cute.int_tuple (a coordinate tensor), got "
                       << iterator;
  if (!llvm::isa<LayoutType, ComposedLayoutType>(layout))
    return emitError() << "view layout must be a !cute.layout or !cute.composed_layout, got "
                       << layout;
  return success();
}

//===----------------------------------------------------------------------===//
// Accessors for the Rust side (declared in RustFFI.h)
//===----------------------------------------------------------------------===//

extern "C" bool cute_cpp_composite_parts(MlirType raw, CuteCompositeParts *out) {
  Type t = unwrap(raw);
  CuteCompositeParts p{};
  if (auto ptr = llvm::dyn_cast<PtrType>(t)) {
    p.kind = CUTE_COMPOSITE_PTR;
    p.element = wrap(ptr.getElementType());
    p.addressSpace = ptr.getAddressSpace();
    p.alignment = ptr.getAlignment();
  } else if (auto iter = llvm::dyn_cast<DescIterType>(t)) {
    p.kind = CUTE_COMPOSITE_DESC_ITER;
    p.iterator = wrap(iter.getPointer());
    if (auto ptr = llvm::dyn_cast<PtrType>(iter.getPointer()))
      p.element = wrap(ptr.getElementType());
  } else if (auto view = llvm::dyn_cast<ViewType>(t)) {
    p.kind = CUTE_COMPOSITE_VIEW;
    p.iterator = wrap(view.getIterator());
    p.layout = wrap(view.getLayout());
  } else if (auto tiled = llvm::dyn_cast<TiledCopyType>(t)) {
    p.kind = CUTE_COMPOSITE_TILED_COPY;
    p.atom = wrap(tiled.getAtom());
    p.layout = wrap(Type(tiled.getLayoutTV()));
    p.tiler = wrap(Type(tiled.getTiler()));
  } else if (auto tiled = llvm::dyn_cast<TiledMmaType>(t)) {
    p.kind = CUTE_COMPOSITE_TILED_MMA;
    p.atom = wrap(tiled.getAtom());
    p.layout = wrap(Type(tiled.getAtomLayout()));
  } else {
    return false;
  }
  *out = p;
  return true;
}

Type mlir::cute::getViewElementType(Type viewType) {
  auto view = llvm::dyn_cast<ViewType>(viewType);
  if (!view)
    return {};
  Type iterator = view.getIterator();
  // A coordinate tensor's elements are coordinates (Rust says of which type).
  if (auto tuple = llvm::dyn_cast<IntTupleType>(iterator)) {
    std::string spec;
    StringRef text = tuple.getSpec();
    if (!cute_rs_coordinate_of(MlirStringRef{text.data(), text.size()}, appendToString, &spec))
      return {};
    return IntTupleType::get(viewType.getContext(), TupleKind::IntTuple, spec);
  }
  if (auto iter = llvm::dyn_cast<DescIterType>(iterator))
    iterator = iter.getPointer();
  if (auto ptr = llvm::dyn_cast<PtrType>(iterator))
    return ptr.getElementType();
  if (auto memref = llvm::dyn_cast<MemRefType>(iterator))
    return memref.getElementType();
  return {};
}

//===----------------------------------------------------------------------===//
// Tiled atoms, atom calls and the kernel marker
//===----------------------------------------------------------------------===//

LogicalResult TiledCopyType::verify(function_ref<InFlightDiagnostic()> emitError, Type atom,
                                    LayoutType, IntTupleType tiler) {
  if (!llvm::isa<CopyAtomTypeInterface>(atom))
    return emitError() << "tiled_copy atom " << atom << " does not implement the copy-atom interface";
  if (tiler.getKind() != TupleKind::Tile)
    return emitError() << "tiled_copy tiler must be a !cute.tile, got " << Type(tiler);
  return success();
}

LogicalResult TiledMmaType::verify(function_ref<InFlightDiagnostic()> emitError, Type atom,
                                   LayoutType) {
  if (!llvm::isa<MmaAtomTypeInterface>(atom))
    return emitError() << "tiled_mma atom " << atom << " does not implement the MMA-atom interface";
  return success();
}

LogicalResult CuteDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  // The dynamic shared memory a function's cute.alloc_smem need (cute-to-llvm
  // records it when they exceed the 48 KiB a kernel may declare statically).
  if (attr.getName() == "cute.dynamic_smem_bytes") {
    if (!llvm::isa<IntegerAttr>(attr.getValue()) || !llvm::isa<FunctionOpInterface>(op))
      return op->emitError() << "'cute.dynamic_smem_bytes' is an integer on a function";
    return success();
  }
  if (attr.getName() != "cute.kernel")
    return op->emitError() << "unknown cute attribute '" << attr.getName().getValue() << "'";
  if (!llvm::isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'cute.kernel' must be a unit attribute";
  if (!llvm::isa<FunctionOpInterface>(op))
    return op->emitError() << "'cute.kernel' marks functions; '" << op->getName()
                           << "' is not a function";
  return success();
}

//===----------------------------------------------------------------------===//
// cute.make_layout: spec 002's `(shape = (...), stride = (...)) : R` and
// NVIDIA's `(%shape, %stride) : (S, D) -> R` (the verifier, in Rust, checks
// which one the operands make).
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// cute.get_leaves: spec 002's `%t : T -> i..` or NVIDIA's `(%t) : T`
//===----------------------------------------------------------------------===//

ParseResult GetLeavesOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand tuple;
  Type tupleType;
  bool typed = succeeded(parser.parseOptionalLParen());
  if (parser.parseOperand(tuple) || (typed && parser.parseRParen()) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(tupleType) ||
      parser.resolveOperand(tuple, tupleType, result.operands))
    return failure();
  if (!typed) {
    SmallVector<Type> leafTypes;
    if (parser.parseArrow() || parser.parseTypeList(leafTypes))
      return failure();
    result.addTypes(leafTypes);
    return success();
  }
  // NVIDIA's spelling: the leaf types are inferred from the tuple's type.
  SmallVector<Type> inferred;
  Location loc = parser.getEncodedSourceLoc(parser.getCurrentLocation());
  if (failed(inferWithRust("cute.get_leaves", parser.getContext(), loc,
                           ValueRange{}, nullptr, inferred, TypeRange{tupleType})))
    return failure();
  result.addTypes(inferred);
  return success();
}

void GetLeavesOp::print(OpAsmPrinter &printer) {
  bool typed = llvm::any_of(getLeaves().getTypes(), [](Type t) {
    return !t.isIndex() && !t.isSignlessInteger();
  });
  if (typed)
    printer << "(" << getTuple() << ")";
  else
    printer << ' ' << getTuple();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : " << getTuple().getType();
  if (!typed && !getLeaves().empty()) {
    printer << " -> ";
    llvm::interleaveComma(getLeaves().getTypes(), printer);
  }
}

//===----------------------------------------------------------------------===//
// cute.make_composed_layout: spec 002's `%outer {attrs} : (L) -> C` or
// NVIDIA's `(%inner, %offset, %outer) : (I, O, L) -> C`
//===----------------------------------------------------------------------===//

ParseResult MakeComposedLayoutOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> parts;
  bool nvidia = succeeded(parser.parseOptionalLParen());
  if (nvidia) {
    if (parser.parseOperandList(parts) || parser.parseRParen())
      return failure();
  } else {
    OpAsmParser::UnresolvedOperand outer;
    if (parser.parseOperand(outer))
      return failure();
    parts.push_back(outer);
  }
  FunctionType type;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type))
    return failure();
  if (type.getNumInputs() != parts.size() || type.getNumResults() != 1)
    return parser.emitError(parser.getCurrentLocation(),
                            "expects one type per operand and one result type");
  result.addTypes(type.getResults());
  return parser.resolveOperands(parts, type.getInputs(), parser.getCurrentLocation(),
                                result.operands);
}

void MakeComposedLayoutOp::print(OpAsmPrinter &printer) {
  if (getParts().size() == 1)
    printer << ' ' << getParts()[0];
  else
    printer << "(" << getParts() << ")";
  // The default offset 0 is not printed.
  SmallVector<StringRef, 1> elided;
  if (getOffset() == 0)
    elided.push_back(getOffsetAttrName());
  printer.printOptionalAttrDict((*this)->getAttrs(), elided);
  printer << " : ";
  printer.printFunctionalType(getOperation());
}

ParseResult MakeLayoutOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> shape, stride;
  SmallVector<Type> shapeTypes, strideTypes;
  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalKeyword("shape"))) {
    auto group = [&](SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ops,
                     SmallVectorImpl<Type> &types) -> ParseResult {
      if (parser.parseEqual() || parser.parseLParen())
        return failure();
      if (succeeded(parser.parseOptionalRParen()))
        return success();
      if (parser.parseOperandList(ops) || parser.parseColonTypeList(types) || parser.parseRParen())
        return failure();
      return success();
    };
    Type resultType;
    if (group(shape, shapeTypes) || parser.parseComma() || parser.parseKeyword("stride") ||
        group(stride, strideTypes) || parser.parseRParen() ||
        parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(resultType))
      return failure();
    result.addTypes(resultType);
  } else {
    SmallVector<OpAsmParser::UnresolvedOperand> both;
    FunctionType type;
    if (parser.parseOperandList(both) || parser.parseRParen() ||
        parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type))
      return failure();
    if (both.size() != 2 || type.getNumInputs() != 2 || type.getNumResults() != 1)
      return parser.emitError(parser.getCurrentLocation(),
                              "expects a shape and a stride: (%shape, %stride) : (S, D) -> R");
    shape.push_back(both[0]);
    stride.push_back(both[1]);
    shapeTypes.push_back(type.getInput(0));
    strideTypes.push_back(type.getInput(1));
    result.addTypes(type.getResults());
  }
  SMLoc loc = parser.getCurrentLocation();
  if (parser.resolveOperands(shape, shapeTypes, loc, result.operands) ||
      parser.resolveOperands(stride, strideTypes, loc, result.operands))
    return failure();
  result.getOrAddProperties<MakeLayoutOp::Properties>().operandSegmentSizes = {
      static_cast<int32_t>(shape.size()), static_cast<int32_t>(stride.size())};
  return success();
}

void MakeLayoutOp::print(OpAsmPrinter &printer) {
  bool tuples = getShape().size() == 1 && getStride().size() == 1 &&
                llvm::isa<IntTupleType>(getShape()[0].getType()) &&
                llvm::isa<IntTupleType>(getStride()[0].getType());
  if (tuples) {
    printer << "(" << getShape()[0] << ", " << getStride()[0] << ")";
    printer.printOptionalAttrDict((*this)->getAttrs(), {"operandSegmentSizes"});
    printer << " : ";
    printer.printFunctionalType(getOperation());
    return;
  }
  auto group = [&](ValueRange values) {
    printer << "(";
    if (!values.empty()) {
      printer << values << " : ";
      llvm::interleaveComma(values.getTypes(), printer);
    }
    printer << ")";
  };
  printer << "(shape = ";
  group(getShape());
  printer << ", stride = ";
  group(getStride());
  printer << ")";
  printer.printOptionalAttrDict((*this)->getAttrs(), {"operandSegmentSizes"});
  printer << " : " << getResult().getType();
}
