//===- CuteOps.td - operations of the `cute` dialect -----------------------===//
//
// Ops are grouped by family, one file each; every op states its
// preconditions, postconditions and an example, so the generated
// documentation (docs/CuteDialect.md) is a real reference.
//
// Semantic classes (spec 000, "Dialect Registration Semantics"):
//   pure value ops        Cute_ValueOp: Pure, fold to `cute.static` when static
//   type-inference ops    Cute_InferredOp: result computed by the Rust algebra
//   verifier-heavy ops    every op: Rust verifier (src/dialect/verify.rs)
//   memory-effecting ops  (load, store, print)
//   desugar-only helpers  sugar rewritten by `cute-desugar`
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_OPS_TD
#define CUTE_OPS_TD

include "cute/CuteTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

class Cute_TupleOfKind<string kind, string desc>
    : Type<CPred<"::llvm::isa<::mlir::cute::IntTupleType>($_self) && "
                 "::llvm::cast<::mlir::cute::IntTupleType>($_self).getKind() == "
                 "::mlir::cute::TupleKind::" # kind>, desc,
           "::mlir::cute::IntTupleType">;

def Cute_AnyIntTuple : Type<CPred<"::llvm::isa<::mlir::cute::IntTupleType>($_self)">,
                            "any cute int-tuple type", "::mlir::cute::IntTupleType">;
def Cute_IntTuple : Cute_TupleOfKind<"IntTuple", "!cute.int_tuple">;
def Cute_Shape : Cute_TupleOfKind<"Shape", "!cute.shape">;
def Cute_Stride : Cute_TupleOfKind<"Stride", "!cute.stride">;
def Cute_Coord : Cute_TupleOfKind<"Coord", "!cute.coord">;
def Cute_Tile : Cute_TupleOfKind<"Tile", "!cute.tile">;
def Cute_ShapeLike : AnyTypeOf<[Cute_Shape, Cute_IntTuple]>;
def Cute_StrideLike : AnyTypeOf<[Cute_Stride, Cute_IntTuple]>;
def Cute_CoordLike : AnyTypeOf<[Cute_Coord, Cute_IntTuple]>;
def Cute_Tiler : AnyTypeOf<[Cute_LayoutType, Cute_Tile, Cute_Shape]>;
def Cute_AnyLayout : AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType]>;
def Cute_Leaf : AnyTypeOf<[Index, AnySignlessInteger], "index or signless integer">;
def Cute_StaticValue : AnyTypeOf<[Cute_AnyIntTuple, Cute_LayoutType, Cute_SwizzleType,
                                  Cute_ComposedLayoutType]>;

include "cute/CuteConstructionOps.td"
include "cute/CuteAlgebraOps.td"
include "cute/CuteTupleOps.td"
include "cute/CuteMemoryOps.td"
include "cute/CuteAtomOps.td"
include "cute/CutePartitionOps.td"

#endif // CUTE_OPS_TD
