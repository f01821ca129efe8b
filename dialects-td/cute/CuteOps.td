//===- CuteOps.td - operations of the `cute` dialect -----------------------===//
//
// Ops are grouped by family; each states its preconditions, postconditions
// and an example, so the generated documentation is a real reference.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_OPS_TD
#define CUTE_OPS_TD

include "cute/CuteTypes.td"
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
def Cute_Shape : Cute_TupleOfKind<"Shape", "!cute.shape">;
def Cute_Stride : Cute_TupleOfKind<"Stride", "!cute.stride">;
def Cute_ShapeLike : AnyTypeOf<[Cute_Shape, Cute_TupleOfKind<"IntTuple", "!cute.int_tuple">]>;
def Cute_StrideLike : AnyTypeOf<[Cute_Stride, Cute_TupleOfKind<"IntTuple", "!cute.int_tuple">]>;
def Cute_Leaf : AnyTypeOf<[Index, AnySignlessInteger], "index or signless integer">;

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

def Cute_MakeIntTupleOp : Cute_Op<"make_int_tuple", [Pure]> {
  let summary = "build an int-tuple of any kind from its dynamic leaves";
  let description = [{
    The shared constructor of compile-time integer tuples (spec 002 hub).
    The result type holds the tuple; one operand per `?` leaf, in
    left-to-right order.

    Preconditions: the operand count equals the number of `?` leaves.

    ```mlir
    %t = cute.make_int_tuple(%m, %n) : (index, index) -> !cute.shape<"(?,(4,?))">
    ```
  }];
  let arguments = (ins Variadic<Cute_Leaf>:$leaves);
  let results = (outs Cute_AnyIntTuple:$result);
  let assemblyFormat = "`(` $leaves `)` attr-dict `:` functional-type($leaves, $result)";
}

def Cute_MakeShapeOp : Cute_Op<"make_shape", [Pure]> {
  let summary = "build a shape (sugar for make_int_tuple : !cute.shape)";
  let description = [{
    Shape-eval sugar; `cute-desugar` rewrites it to `cute.make_int_tuple`
    with a `!cute.shape` result.

    ```mlir
    %s = cute.make_shape(%m) : (index) -> !cute.shape<"(?,8)">
    ```
  }];
  let arguments = (ins Variadic<Cute_Leaf>:$leaves);
  let results = (outs Cute_Shape:$result);
  let assemblyFormat = "`(` $leaves `)` attr-dict `:` functional-type($leaves, $result)";
}

def Cute_MakeStrideOp : Cute_Op<"make_stride", [Pure]> {
  let summary = "build a stride (sugar for make_int_tuple : !cute.stride)";
  let description = [{
    Stride-eval sugar; `cute-desugar` rewrites it to `cute.make_int_tuple`
    with a `!cute.stride` result.

    ```mlir
    %d = cute.make_stride(%ld) : (i32) -> !cute.stride<"(1,?)">
    ```
  }];
  let arguments = (ins Variadic<Cute_Leaf>:$leaves);
  let results = (outs Cute_Stride:$result);
  let assemblyFormat = "`(` $leaves `)` attr-dict `:` functional-type($leaves, $result)";
}

def Cute_MakeLayoutOp : Cute_Op<"make_layout", [Pure, AttrSizedOperandSegments]> {
  let summary = "build a layout from the dynamic leaves of its shape and stride";
  let description = [{
    Layout construction sugar (spec 002). The result type holds the layout;
    `shape` supplies one operand per `?` leaf of its shape and `stride` one per
    `?` leaf of its stride. `cute-desugar` rewrites it into two
    `cute.make_int_tuple` ops and a `cute.make_layout_raw`, keeping operand
    order.

    ```mlir
    %L = cute.make_layout(shape = (%M, %N : index, index), stride = (%s : index))
           : !cute.layout<"(?,?):(1,?)">
    ```
  }];
  let arguments = (ins Variadic<Cute_Leaf>:$shape, Variadic<Cute_Leaf>:$stride);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat = [{
    `(` `shape` `=` `(` ($shape^ `:` type($shape))? `)` `,`
        `stride` `=` `(` ($stride^ `:` type($stride))? `)` `)`
    attr-dict `:` qualified(type($result))
  }];
}

def Cute_MakeLayoutRawOp : Cute_Op<"make_layout_raw", [Pure]> {
  let summary = "build a layout from a shape tuple and a stride tuple";
  let description = [{
    The primitive layout constructor. Preconditions: shape and stride are
    congruent and the result type is exactly `shape:stride`.

    ```mlir
    %L = cute.make_layout_raw %s, %d : (!cute.shape<"(?,4)">, !cute.stride<"(1,?)">)
           -> !cute.layout<"(?,4):(1,?)">
    ```
  }];
  let arguments = (ins Cute_ShapeLike:$shape, Cute_StrideLike:$stride);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat = "$shape `,` $stride attr-dict `:` functional-type(operands, $result)";
}

#endif // CUTE_OPS_TD
