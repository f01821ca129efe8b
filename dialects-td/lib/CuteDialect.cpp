//===- CuteDialect.cpp - glue of the `cute` dialect ------------------------===//
//
// Type parsing/printing and op verification; all layout logic is delegated to
// Rust through RustFFI.h.
//
//===----------------------------------------------------------------------===//

#include "CuteDialect.h"
#include "RustFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute/CuteDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/CuteTypes.cpp.inc"

#define GET_OP_CLASSES
#include "cute/CuteOps.cpp.inc"

void CuteDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/CuteTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cute/CuteOps.cpp.inc"
      >();
}

LogicalResult mlir::cute::verifyWithRust(Operation *op) {
  return success(mlirLogicalResultIsSuccess(cute_rs_verify_op(wrap(op))));
}

//===----------------------------------------------------------------------===//
// Type parsing and printing
//===----------------------------------------------------------------------===//

namespace {
struct KindSpelling {
  llvm::StringLiteral mnemonic;
  uint32_t specKind;
};
} // namespace

static constexpr KindSpelling kTupleKinds[] = {
    {"int_tuple", CUTE_SPEC_INT_TUPLE}, {"shape", CUTE_SPEC_SHAPE},
    {"stride", CUTE_SPEC_STRIDE},       {"coord", CUTE_SPEC_COORD},
    {"tile", CUTE_SPEC_TILE},
};

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

/// Parses `<"spec">` (or the unquoted spelling) and canonicalizes it in Rust.
static FailureOr<std::string> parseSpec(AsmParser &parser, uint32_t specKind,
                                        StringRef mnemonic) {
  SMLoc loc = parser.getCurrentLocation();
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
  if (!cute_rs_canonicalize(specKind, input, appendToString, &result))
    return parser.emitError(loc) << "invalid !cute." << mnemonic << " \""
                                 << text << "\": " << result;
  return result;
}

Type CuteDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  if (parser.parseKeyword(&mnemonic))
    return {};
  MLIRContext *ctx = getContext();
  for (const KindSpelling &kind : kTupleKinds) {
    if (mnemonic != kind.mnemonic)
      continue;
    FailureOr<std::string> spec = parseSpec(parser, kind.specKind, mnemonic);
    if (failed(spec))
      return {};
    return IntTupleType::get(ctx, static_cast<TupleKind>(kind.specKind), *spec);
  }
  if (mnemonic == "layout") {
    FailureOr<std::string> spec = parseSpec(parser, CUTE_SPEC_LAYOUT, mnemonic);
    if (failed(spec))
      return {};
    return LayoutType::get(ctx, *spec);
  }
  parser.emitError(loc) << "unknown type '!cute." << mnemonic << "'";
  return {};
}

void CuteDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (auto tuple = llvm::dyn_cast<IntTupleType>(type)) {
    printer << kTupleKinds[static_cast<uint32_t>(tuple.getKind())].mnemonic << '<';
    printer.printString(tuple.getSpec());
    printer << '>';
    return;
  }
  if (auto layout = llvm::dyn_cast<LayoutType>(type)) {
    printer << "layout<";
    printer.printString(layout.getSpec());
    printer << '>';
    return;
  }
  llvm_unreachable("unknown cute type");
}
