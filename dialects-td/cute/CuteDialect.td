//===- CuteDialect.td - the `cute` dialect definition ---------------------===//
//
// CuTe layout algebra as IR. Static values live in types as quoted CuTe
// notation; SSA operands carry only the dynamic (`?`) leaves. Every piece of
// layout math (parse, print, verify, infer, fold) is done by the Rust layout
// module through src/ffi; the C++ here is glue that ODS requires.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_DIALECT_TD
#define CUTE_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Cute_Dialect : Dialect {
  let name = "cute";
  let cppNamespace = "::mlir::cute";
  let summary = "CuTe layout algebra: int-tuples, layouts, swizzles, views and atoms";
  let description = [{
    The `cute` dialect makes CUTLASS CuTe's layout algebra first-class IR.
    A layout maps a hierarchical coordinate to a linear offset through a
    congruent (shape, stride) pair. Static shapes and strides are carried in
    types as quoted CuTe notation, e.g. `!cute.layout<"((2,4),4):((1,16),8)">`;
    dynamic leaves are written `?` and supplied as SSA operands.

    All layout math is implemented once, in the Rust layout module of
    cute-mlir; parsers, printers and verifiers of this dialect delegate to it.
  }];
  // int_tuple, shape, stride, coord and tile share one storage with a kind
  // discriminator, so the dialect parses and prints its types by hand.
  let useDefaultTypePrinterParser = 0;
  // Fold results are TypeAttrs of fully static types, materialized as
  // `cute.static` (a fully static value is its type).
  let hasConstantMaterializer = 1;
  // Static i1 folds (tuple_eq) materialize as arith.constant.
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  // `cute.kernel` marks kernel entry functions (spec 002 kernel ABI).
  let hasOperationAttrVerify = 1;
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

    /// Result types inferred in this context, by op name, operand types and
    /// attributes (dialects-td/lib/CuteDialect.cpp, inferWithRust).
    struct InferMemo;
    InferMemo &inferMemo() const { return *inferMemoStorage; }

  private:
    // Owned here so that it dies with the context whose types it holds.
    std::unique_ptr<InferMemo> inferMemoStorage;

  public:
  }];
}

class Cute_Op<string mnemonic, list<Trait> traits = []>
    : Op<Cute_Dialect, mnemonic, traits> {
  // Every cute op is verified by the Rust side (src/dialect/verify.rs).
  let hasVerifier = 1;
  code cuteExtraDefinitions = "";
  let extraClassDefinition = !strconcat([{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::cute::verifyWithRust(getOperation(), getOperationName());
    }
  }], cuteExtraDefinitions);
}

// A pure op whose single result is a cute value type: when that type is fully
// static the op folds to it (`foldStatic` in dialects-td/lib/CuteDialect.cpp asks
// Rust's `cute_rs_is_static_type`).
class Cute_ValueOp<string mnemonic, list<Trait> traits = []>
    : Cute_Op<mnemonic, !listconcat([Pure], traits)> {
  let hasFolder = 1;
  code cuteValueDefinitions = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::cute::foldStatic(getOperation());
    }
  }];
  let cuteExtraDefinitions = cuteValueDefinitions;
}

// A value op whose result type is computed by the Rust layout algebra
// (src/dialect/infer.rs); a wrong declared type is an error naming the
// inferred one, and an inadmissible input is the algebra's own error.
class Cute_InferredOp<string mnemonic, list<Trait> traits = [],
                      list<string> inferAttrs = []>
    : Cute_ValueOp<mnemonic,
                   !listconcat([DeclareOpInterfaceMethods<InferTypeOpInterface>],
                               traits)> {
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange declared);
  }];
  // Inherent attributes the inference reads, copied from the op's properties
  // into the dictionary handed to Rust.
  code cuteCopyInferAttrs = !if(!empty(inferAttrs), "", !strconcat(
      "if (auto *props = properties.as<Properties *>()) {\n",
      !interleave(!foreach(name, inferAttrs,
          "  if (props->" # name # ") attrs.set(\"" # name # "\", props->" # name # ");"), "\n"),
      "\n}\n"));
  let cuteExtraDefinitions = !strconcat(cuteValueDefinitions, [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      ::mlir::NamedAttrList attrs(attributes);
      (void)properties;
  }], cuteCopyInferAttrs, [{
      return ::mlir::cute::inferWithRust(getOperationName(), context, location,
                                         operands, attrs.getDictionary(context),
                                         inferred);
    }

    // A declared result type may forget static information (be a
    // derefinement of the inferred one), as `cute.derefine` would.
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                            ::mlir::TypeRange declared) {
      return ::mlir::cute::areCompatibleWithRust(inferred, declared);
    }
  }]);
}

#endif // CUTE_DIALECT_TD
