//===- CuteDialect.cpp - glue of the `cute` dialect ------------------------===//
//
// Type parsing/printing and op verification; all layout logic is delegated to
// Rust through RustFFI.h.
//
//===----------------------------------------------------------------------===//

#include "CuteDialect.h"
#include "RustFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute/CuteDialect.cpp.inc"

MLIR_DEFINE_EXPLICIT_TYPE_ID(::mlir::cute::AtomDialectInterface)

#include "cute/CuteTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/CuteTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/CuteAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "cute/CuteOps.cpp.inc"

void CuteDialect::initialize() {
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

LogicalResult mlir::cute::verifyWithRust(Operation *op) {
  return success(mlirLogicalResultIsSuccess(cute_rs_verify_op(wrap(op))));
}

LogicalResult mlir::cute::inferWithRust(StringRef opName, MLIRContext *context,
                                        std::optional<Location> location,
                                        ValueRange operands, DictionaryAttr attributes,
                                        SmallVectorImpl<Type> &inferred) {
  SmallVector<MlirType> operandTypes;
  for (Value operand : operands)
    operandTypes.push_back(wrap(operand.getType()));
  Location loc = location ? *location : UnknownLoc::get(context);
  DictionaryAttr attrs = attributes ? attributes : DictionaryAttr::get(context);
  constexpr intptr_t kCapacity = 8;
  MlirType results[kCapacity];
  intptr_t count = cute_rs_infer_types(wrap(opName), wrap(context), wrap(loc),
                                       static_cast<intptr_t>(operandTypes.size()),
                                       operandTypes.data(), wrap(Attribute(attrs)),
                                       results, kCapacity);
  if (count < 0)
    return failure();
  for (intptr_t i = 0; i < count; ++i)
    inferred.push_back(unwrap(results[i]));
  return success();
}

bool mlir::cute::areCompatibleWithRust(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != declared.size())
    return false;
  for (auto [from, to] : llvm::zip_equal(inferred, declared))
    if (from != to && !cute_rs_is_derefinement(wrap(from), wrap(to)))
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

namespace {
/// One textual type of the dialect: `!cute.<mnemonic><"spec">`.
struct SpecTypeSpelling {
  llvm::StringLiteral mnemonic;
  uint32_t specKind;
};
} // namespace

// Indexed by spec kind (RustFFI.h); kinds 0-4 share IntTupleType's storage.
static constexpr SpecTypeSpelling kSpecTypes[] = {
    {"int_tuple", CUTE_SPEC_INT_TUPLE}, {"shape", CUTE_SPEC_SHAPE},
    {"stride", CUTE_SPEC_STRIDE},       {"coord", CUTE_SPEC_COORD},
    {"tile", CUTE_SPEC_TILE},           {"layout", CUTE_SPEC_LAYOUT},
    {"swizzle", CUTE_SPEC_SWIZZLE},     {"composed_layout", CUTE_SPEC_COMPOSED_LAYOUT},
    {"basis", CUTE_SPEC_BASIS},
};

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
static FailureOr<std::string> parseSpecBody(AsmParser &parser, const SpecTypeSpelling &spelling,
                                            StringRef prefix) {
  SMLoc specLoc = parser.getCurrentLocation();
  if (parser.parseLess())
    return failure();
  std::string text;
  if (succeeded(parser.parseOptionalString(&text))) {
    if (parser.parseGreater())
      return failure();
  } else if (failed(parseUnquotedSpec(parser, text))) {
    return failure();
  }
  std::string result;
  MlirStringRef input{text.data(), text.size()};
  if (!cute_rs_canonicalize(spelling.specKind, input, appendToString, &result))
    return parser.emitError(specLoc) << "invalid " << prefix << spelling.mnemonic << " \"" << text
                                     << "\": " << result;
  return result;
}

Type CuteDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type odsType;
  OptionalParseResult odsResult = generatedTypeParser(parser, &mnemonic, odsType);
  if (odsResult.has_value())
    return odsType;
  const SpecTypeSpelling *spelling = llvm::find_if(
      kSpecTypes, [&](const SpecTypeSpelling &s) { return s.mnemonic == mnemonic; });
  if (spelling == std::end(kSpecTypes) || spelling->specKind == CUTE_SPEC_BASIS) {
    parser.emitError(loc) << "unknown type '!cute." << mnemonic << "'";
    return {};
  }
  FailureOr<std::string> spec = parseSpecBody(parser, *spelling, "!cute.");
  if (failed(spec))
    return {};
  return getSpecType(getContext(), spelling->specKind, *spec);
}

Attribute CuteDialect::parseAttribute(DialectAsmParser &parser, Type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  if (parser.parseKeyword(&mnemonic))
    return {};
  const SpecTypeSpelling *spelling = llvm::find_if(
      kSpecTypes, [&](const SpecTypeSpelling &s) { return s.mnemonic == mnemonic; });
  if (spelling == std::end(kSpecTypes)) {
    parser.emitError(loc) << "unknown attribute '#cute." << mnemonic << "'";
    return {};
  }
  FailureOr<std::string> spec = parseSpecBody(parser, *spelling, "#cute.");
  if (failed(spec))
    return {};
  return SpecAttr::get(getContext(), spelling->specKind, *spec);
}

void CuteDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  auto spec = llvm::cast<SpecAttr>(attr);
  printer << kSpecTypes[spec.getKind()].mnemonic << '<';
  printer.printString(spec.getSpec());
  printer << '>';
}

void CuteDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (succeeded(generatedTypePrinter(type, printer)))
    return;
  auto found = getSpecOf(type);
  assert(found && "every cute type is a spec type");
  printer << kSpecTypes[found->first].mnemonic << '<';
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
  if (!llvm::isa<PtrType, MemRefType, DescIterType>(iterator))
    return emitError() << "view iterator must be a !cute.ptr, a memref or a !cute.desc_iter, got "
                       << iterator;
  if (!llvm::isa<LayoutType, ComposedLayoutType>(layout))
    return emitError() << "view layout must be a !cute.layout or !cute.composed_layout, got "
                       << layout;
  return success();
}

//===----------------------------------------------------------------------===//
// Accessors for the Rust side (declared in RustFFI.h)
//===----------------------------------------------------------------------===//

extern "C" int32_t cute_cpp_composite_kind(MlirType type) {
  Type t = unwrap(type);
  if (llvm::isa<PtrType>(t))
    return CUTE_COMPOSITE_PTR;
  if (llvm::isa<DescIterType>(t))
    return CUTE_COMPOSITE_DESC_ITER;
  if (llvm::isa<ViewType>(t))
    return CUTE_COMPOSITE_VIEW;
  if (llvm::isa<TiledCopyType>(t))
    return CUTE_COMPOSITE_TILED_COPY;
  if (llvm::isa<TiledMmaType>(t))
    return CUTE_COMPOSITE_TILED_MMA;
  return CUTE_COMPOSITE_NONE;
}

extern "C" MlirType cute_cpp_type_component(MlirType type, uint32_t index) {
  Type t = unwrap(type);
  Type component;
  if (auto ptr = llvm::dyn_cast<PtrType>(t); ptr && index == 0)
    component = ptr.getElementType();
  else if (auto iter = llvm::dyn_cast<DescIterType>(t); iter && index == 0)
    component = iter.getPointer();
  else if (auto view = llvm::dyn_cast<ViewType>(t))
    component = index == 0 ? view.getIterator() : index == 1 ? view.getLayout() : Type();
  else if (auto tiled = llvm::dyn_cast<TiledCopyType>(t))
    component = index == 0   ? tiled.getAtom()
                : index == 1 ? Type(tiled.getLayoutTV())
                : index == 2 ? Type(tiled.getTiler())
                             : Type();
  else if (auto tiled = llvm::dyn_cast<TiledMmaType>(t))
    component = index == 0 ? tiled.getAtom() : index == 1 ? Type(tiled.getAtomLayout()) : Type();
  return wrap(component);
}

extern "C" MlirAttribute cute_cpp_atom_bundle(MlirType atom) {
  Type type = unwrap(atom);
  MLIRContext *ctx = type.getContext();
  Builder builder(ctx);
  SmallVector<NamedAttribute> entries;
  if (auto mma = llvm::dyn_cast<MmaAtomTypeInterface>(type)) {
    entries.push_back(builder.getNamedAttr("kind", builder.getStringAttr("mma")));
    entries.push_back(builder.getNamedAttr(
        "shape_mnk", SpecAttr::get(ctx, CUTE_SPEC_SHAPE, mma.getShapeMNK())));
    SmallVector<Attribute> types;
    for (Type element : mma.getOperandElementTypes())
      types.push_back(TypeAttr::get(element));
    entries.push_back(builder.getNamedAttr("element_types", builder.getArrayAttr(types)));
  } else if (auto copy = llvm::dyn_cast<CopyAtomTypeInterface>(type)) {
    entries.push_back(builder.getNamedAttr("kind", builder.getStringAttr("copy")));
    entries.push_back(builder.getNamedAttr("value_type", TypeAttr::get(copy.getCopyElementType())));
    entries.push_back(builder.getNamedAttr("copy_bits", builder.getI32IntegerAttr(copy.getCopyBits())));
  } else {
    return wrap(Attribute());
  }
  return wrap(Attribute(builder.getDictionaryAttr(entries)));
}

extern "C" intptr_t cute_cpp_copy_atom_layouts(MlirType atom, MlirStringCallback callback,
                                                void *userData, unsigned *valueBits) {
  auto copy = llvm::dyn_cast<CopyAtomTypeInterface>(unwrap(atom));
  if (!copy)
    return -1;
  *valueBits = bitsOf(copy.getCopyElementType());
  SmallVector<std::string, 3> layouts = copy.getThreadValueLayouts();
  for (const std::string &layout : layouts)
    callback(MlirStringRef{layout.data(), layout.size()}, userData);
  return static_cast<intptr_t>(layouts.size());
}

extern "C" bool cute_cpp_ptr_info(MlirType type, uint32_t *addressSpace, uint64_t *alignment) {
  auto ptr = llvm::dyn_cast<PtrType>(unwrap(type));
  if (!ptr)
    return false;
  *addressSpace = ptr.getAddressSpace();
  *alignment = ptr.getAlignment();
  return true;
}

unsigned mlir::cute::bitsOf(Type type) {
  if (type && type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  if (auto vector = llvm::dyn_cast_if_present<VectorType>(type))
    return vector.getNumElements() * bitsOf(vector.getElementType());
  if (auto complex = llvm::dyn_cast_if_present<ComplexType>(type))
    return 2 * bitsOf(complex.getElementType());
  return 0;
}

Type mlir::cute::getViewElementType(Type viewType) {
  auto view = llvm::dyn_cast<ViewType>(viewType);
  if (!view)
    return {};
  Type iterator = view.getIterator();
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

/// The atom of an atom call: the atom operand itself or a tiled atom's atom.
static Type callAtom(Type atom) {
  if (auto tiled = llvm::dyn_cast<TiledCopyType>(atom))
    return tiled.getAtom();
  if (auto tiled = llvm::dyn_cast<TiledMmaType>(atom))
    return tiled.getAtom();
  return atom;
}

extern "C" MlirLogicalResult cute_cpp_verify_atom_instance(MlirOperation raw) {
  Operation *op = unwrap(raw);
  SmallVector<Type> elementTypes;
  for (Value operand : op->getOperands().drop_front())
    elementTypes.push_back(getViewElementType(operand.getType()));
  auto emit = [&] { return op->emitOpError(); };
  Type atomOperand = op->getOperand(0).getType();
  Type atom = callAtom(atomOperand);
  LogicalResult instance = failure();
  if (auto copy = llvm::dyn_cast<CopyAtomTypeInterface>(atom))
    instance = copy.verifyInstance(elementTypes, emit);
  else if (auto mma = llvm::dyn_cast<MmaAtomTypeInterface>(atom))
    instance = mma.verifyInstance(elementTypes, emit);
  else
    return wrap(emit() << "atom type " << atom << " does not implement a known atom interface");
  if (failed(instance))
    return wrap(instance);
  // The atom's dialect checks what element types cannot tell (residencies,
  // layouts), through its AtomDialectInterface.
  if (auto *hooks = atom.getDialect().getRegisteredInterface<AtomDialectInterface>()) {
    SmallVector<Type> operandTypes(llvm::drop_begin(op->getOperandTypes()));
    bool tiled = llvm::isa<TiledCopyType, TiledMmaType>(atomOperand);
    return wrap(hooks->verifyAtomOperands(atom, operandTypes, tiled, emit));
  }
  return wrap(success());
}

LogicalResult CuteDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  if (attr.getName() != "cute.kernel")
    return op->emitError() << "unknown cute attribute '" << attr.getName().getValue() << "'";
  if (!llvm::isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'cute.kernel' must be a unit attribute";
  if (!llvm::isa<FunctionOpInterface>(op))
    return op->emitError() << "'cute.kernel' marks functions; '" << op->getName()
                           << "' is not a function";
  return success();
}
