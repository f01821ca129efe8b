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
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

class Cute_Op<string mnemonic, list<Trait> traits = []>
    : Op<Cute_Dialect, mnemonic, traits> {
  // Every cute op is verified by the Rust side (src/dialect/verify.rs).
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::cute::verifyWithRust(getOperation());
    }
  }];
}

#endif // CUTE_DIALECT_TD
