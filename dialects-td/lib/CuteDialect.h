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

namespace mlir::cute {
/// Kind discriminator of the one int-tuple storage (values match the Rust
/// side's spec kinds in RustFFI.h).
enum class TupleKind : uint32_t {
  IntTuple = 0,
  Shape = 1,
  Stride = 2,
  Coord = 3,
  Tile = 4,
};

/// Implemented by dialects that define atom types (cute_nvgpu), to check the
/// operands of an atom call beyond element types — residencies, layouts —
/// without `cute` knowing any SM tier.
class AtomDialectInterface : public DialectInterface::Base<AtomDialectInterface> {
public:
  AtomDialectInterface(Dialect *dialect) : Base(dialect) {}
  /// `operandTypes` are the call's views (D, A, B, C or source,
  /// destination); `tiled` is true for a tiled copy/MMA operand.
  virtual ::llvm::LogicalResult
  verifyAtomOperands(Type atom, TypeRange operandTypes, bool tiled,
                     ::llvm::function_ref<InFlightDiagnostic()> emitError) const = 0;
};

/// Runs the Rust verifier of `op` (src/dialect/verify.rs).
::llvm::LogicalResult verifyWithRust(Operation *op);

/// InferTypeOpInterface of every Cute_InferredOp: the Rust layout algebra
/// computes the result types (src/dialect/infer.rs).
::llvm::LogicalResult inferWithRust(::llvm::StringRef opName, MLIRContext *context,
                                    std::optional<Location> location,
                                    ValueRange operands, DictionaryAttr attributes,
                                    ::llvm::SmallVectorImpl<Type> &inferred);

/// Declared result types of an inferred op are the inferred ones, or
/// derefinements of them (static leaves made dynamic).
bool areCompatibleWithRust(TypeRange inferred, TypeRange declared);

/// Fold of every Cute_ValueOp: a fully static result is its type.
OpFoldResult foldStatic(Operation *op);

/// Fold of cute.tuple_eq: decided when both tuples are static.
OpFoldResult foldTupleEq(Type lhs, Type rhs);

/// The element type a view loads and stores (null if not a view).
Type getViewElementType(Type viewType);

/// Width in bits of a scalar, vector or complex type (CuTe's `sizeof_bits`;
/// 0 for a null or any other type).
unsigned bitsOf(Type type);
} // namespace mlir::cute

#include "cute/CuteDialect.h.inc"

MLIR_DECLARE_EXPLICIT_TYPE_ID(::mlir::cute::AtomDialectInterface)

#include "cute/CuteTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute/CuteTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/CuteAttrs.h.inc"

#define GET_OP_CLASSES
#include "cute/CuteOps.h.inc"

#endif // CUTE_DIALECT_H
