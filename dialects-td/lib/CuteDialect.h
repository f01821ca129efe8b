//===- CuteDialect.h - C++ declarations of the `cute` dialect --------------===//

#ifndef CUTE_DIALECT_H
#define CUTE_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "CuteAbi.h"

namespace mlir::cute {
/// Kind discriminator of the one int-tuple storage: the tuple kinds of
/// CuteSpecKind (CuteAbi.h).
enum class TupleKind : uint32_t {
  IntTuple = CUTE_SPEC_INT_TUPLE,
  Shape = CUTE_SPEC_SHAPE,
  Stride = CUTE_SPEC_STRIDE,
  Coord = CUTE_SPEC_COORD,
  Tile = CUTE_SPEC_TILE,
};

/// Runs the Rust verifier of `op` (src/dialect/verify.rs).
/// `name` is the op's ODS name (Rust dispatches on it without asking MLIR).
::llvm::LogicalResult verifyWithRust(Operation *op, ::llvm::StringLiteral name);

/// InferTypeOpInterface of every Cute_InferredOp: the Rust layout algebra
/// computes the result types (src/dialect/infer.rs). `extraOperandTypes`
/// follow the operands' types (a custom parser infers before it has values).
/// `opName` is a literal (ODS's `getOperationName()`): the inference memo
/// keys on its address.
::llvm::LogicalResult inferWithRust(::llvm::StringLiteral opName, MLIRContext *context,
                                    std::optional<Location> location,
                                    ValueRange operands, DictionaryAttr attributes,
                                    ::llvm::SmallVectorImpl<Type> &inferred,
                                    TypeRange extraOperandTypes = {});

/// Declared result types of an inferred op are the inferred ones,
/// derefinements of them (static leaves made dynamic), or equivalent layouts
/// (the same function).
bool areCompatibleWithRust(TypeRange inferred, TypeRange declared);

/// Fold of every Cute_ValueOp: a fully static result is its type.
OpFoldResult foldStatic(Operation *op);

/// Fold of cute.tuple_eq: decided when both tuples are static.
OpFoldResult foldTupleEq(Type lhs, Type rhs);

/// The element type a view loads and stores (null if not a view); ODS type
/// constraints of cute.load / cute.store use it.
Type getViewElementType(Type viewType);

} // namespace mlir::cute

#include "cute/CuteDialect.h.inc"

#include "cute/CuteTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/CuteTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/CuteAttrs.h.inc"

#define GET_OP_CLASSES
#include "cute/CuteOps.h.inc"

#endif // CUTE_DIALECT_H
