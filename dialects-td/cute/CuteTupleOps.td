//===- CuteTupleOps.td - int-tuple arithmetic and tests --------------------===//

#ifndef CUTE_TUPLE_OPS_TD
#define CUTE_TUPLE_OPS_TD

def Cute_TupleGroup : OpDocGroup {
  let summary = "Tuple arithmetic and tests";
  let description = [{
    Element-wise int-tuple arithmetic and structural equality.
  }];
}

let opDocGroup = Cute_TupleGroup in {

class Cute_TupleArithOp<string mnemonic, string what> : Cute_InferredOp<mnemonic> {
  let summary = "element-wise " # what # " of congruent int-tuples";
  let description = [{
    Operands are congruent, or the right operand is a single leaf applied to
    every leaf of the left one. The result has the left operand's kind; a
    leaf is `?` when either input leaf is. Division and modulo by zero are
    errors.

    Example (`tuple_add`):
    ```mlir
    %r = cute.tuple_add(%a, %b) : (!cute.int_tuple<"(8,?)">, !cute.int_tuple<"(2,4)">)
           -> !cute.int_tuple<"(10,?)">
    ```
  }];
  let arguments = (ins Cute_AnyIntTuple:$lhs, Cute_AnyIntTuple:$rhs);
  let results = (outs Cute_AnyIntTuple:$result);
  let assemblyFormat = "`(` $lhs `,` $rhs `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_TupleAddOp : Cute_TupleArithOp<"tuple_add", "sum">;
def Cute_TupleSubOp : Cute_TupleArithOp<"tuple_sub", "difference">;
def Cute_TupleMulOp : Cute_TupleArithOp<"tuple_mul", "product">;
def Cute_TupleDivOp : Cute_TupleArithOp<"tuple_div", "floor quotient">;
def Cute_TupleModOp : Cute_TupleArithOp<"tuple_mod", "remainder">;

def Cute_TupleEqOp : Cute_Op<"tuple_eq", [Pure]> {
  let summary = "structural equality of two int-tuples";
  let description = [{
    True when both tuples have the same tree and equal leaves. Folds to a
    constant when both are static.

    ```mlir
    %eq = cute.tuple_eq %a, %b : !cute.shape<"(2,4)">, !cute.shape<"(2,4)">
    ```
  }];
  let arguments = (ins Cute_AnyIntTuple:$lhs, Cute_AnyIntTuple:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs))";
  let hasFolder = 1;
  let cuteExtraDefinitions = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::cute::foldTupleEq(getLhs().getType(), getRhs().getType());
    }
  }];
}

def Cute_EqualOp : Cute_Op<"equal", [Pure]> {
  let summary = "equality of two layouts, two views or two tuples of one kind (sugar)";
  let description = [{
    Structural and value equality (spec 002's sugar; NVIDIA's CuTe IR
    spelling): `cute-desugar` expands layouts and views to shape and stride
    equality joined by `arith.andi` (spec 000's view equality: a view
    compares by its layout's shape and stride, not its iterator), tuples to
    `cute.tuple_eq`. Both operands are layouts, views, or tuples of the
    same kind.

    ```mlir
    %eq = cute.equal(%a, %b) : (!cute.layout<"(?,4):(1,?)">, !cute.layout<"(8,4):(1,8)">) -> i1
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ViewType, Cute_AnyIntTuple]>:$lhs, AnyTypeOf<[Cute_LayoutType, Cute_ViewType, Cute_AnyIntTuple]>:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "`(` $lhs `,` $rhs `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_ToIntTupleOp : Cute_InferredOp<"to_int_tuple"> {
  let summary = "a shape, stride or coordinate as a plain int-tuple (NVIDIA's CuTe IR kind conversion)";
  let description = [{
    The same value under another tuple kind; the target kind's leaf rules
    apply (a conversion that breaks them is the spec parser's error).

    ```mlir
    %r = cute.to_int_tuple(%t) : !cute.shape<"(4,?)"> -> !cute.int_tuple<"(4,?)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_IntTuple, Cute_Shape, Cute_Stride, Cute_Coord]>:$src);
  let results = (outs Cute_IntTuple:$result);
  let assemblyFormat = "`(` $src `)` attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

def Cute_ToShapeOp : Cute_InferredOp<"to_shape"> {
  let summary = "an int-tuple as a shape (its leaves must be positive extents or `?`) (NVIDIA's CuTe IR kind conversion)";
  let description = [{
    The same value under another tuple kind; the target kind's leaf rules
    apply (a conversion that breaks them is the spec parser's error).

    ```mlir
    %r = cute.to_shape(%t) : !cute.int_tuple<"(4,8)"> -> !cute.shape<"(4,8)">
    ```
  }];
  let arguments = (ins Cute_IntTuple:$src);
  let results = (outs Cute_Shape:$result);
  let assemblyFormat = "`(` $src `)` attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

def Cute_ToStrideOp : Cute_InferredOp<"to_stride"> {
  let summary = "an int-tuple as a stride (NVIDIA's CuTe IR kind conversion)";
  let description = [{
    The same value under another tuple kind; the target kind's leaf rules
    apply (a conversion that breaks them is the spec parser's error).

    ```mlir
    %r = cute.to_stride(%t) : !cute.int_tuple<"(1,4)"> -> !cute.stride<"(1,4)">
    ```
  }];
  let arguments = (ins Cute_IntTuple:$src);
  let results = (outs Cute_Stride:$result);
  let assemblyFormat = "`(` $src `)` attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

def Cute_ToCoordOp : Cute_InferredOp<"to_coord"> {
  let summary = "an int-tuple as a coordinate (its leaves must be non-negative or `?`) (NVIDIA's CuTe IR kind conversion)";
  let description = [{
    The same value under another tuple kind; the target kind's leaf rules
    apply (a conversion that breaks them is the spec parser's error).

    ```mlir
    %r = cute.to_coord(%t) : !cute.int_tuple<"(1,2)"> -> !cute.coord<"(1,2)">
    ```
  }];
  let arguments = (ins Cute_IntTuple:$src);
  let results = (outs Cute_Coord:$result);
  let assemblyFormat = "`(` $src `)` attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

def Cute_IncrementCoordOp : Cute_InferredOp<"increment_coord"> {
  let summary = "the column-major successor of a coordinate within a shape";
  let description = [{
    Mode 0 counts fastest; a mode that reaches its extent wraps to 0 and
    carries into the next (the last mode does not wrap). The coordinate and
    the shape are congruent, without wildcards. A run-time leaf in either
    makes every leaf of the result run-time; `cute-desugar` computes those
    with integer arithmetic.

    ```mlir
    %n = cute.increment_coord(%c, %s) : (!cute.coord<"(3,2)">, !cute.shape<"(4,8)">) -> !cute.coord<"(0,3)">
    ```
  }];
  let arguments = (ins Cute_Coord:$coord, Cute_Shape:$shape);
  let results = (outs Cute_Coord:$result);
  let assemblyFormat = "`(` $coord `,` $shape `)` attr-dict `:` functional-type(operands, results)";
}

def Cute_ElemLessOp : Cute_Op<"elem_less", [Pure]> {
  let summary = "every leaf of lhs is less than the matching leaf of rhs (CuTe's elem_less)";
  let description = [{
    The predicate of CuTe's bounds checks (`elem_less(coord, shape)`):
    int-tuples, shapes or coordinates, congruent. `cute-desugar` compares
    the leaves (`arith.cmpi slt`) and joins them with `arith.andi`; static
    operands fold.

    ```mlir
    %in = cute.elem_less(%c, %s) : (!cute.coord<"(?,?)">, !cute.shape<"(128,64)">) -> i1
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_IntTuple, Cute_Shape, Cute_Coord]>:$lhs,
                       AnyTypeOf<[Cute_IntTuple, Cute_Shape, Cute_Coord]>:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "`(` $lhs `,` $rhs `)` attr-dict `:` functional-type(operands, results)";
}

class Cute_PadToRankOp<string mnemonic, string side> : Cute_InferredOp<mnemonic, [], ["rank"]> {
  let summary = side # " an element until the rank reaches N";
  let description = [{
    The input (a tuple, a layout or a composed layout's outer layout) gets
    the element (a tuple of the same kind; a layout for layouts) added on
    the }] # side # [{ side until its rank is `N`; an input of rank `N` or more
    is kept. `N` is positive.

    ```mlir
    %r = cute.}] # mnemonic # [{<4> (%in, %e) : !cute.shape<"(4,8)">, !cute.shape<"1">
    ```
  }];
  let arguments = (ins I32Attr:$rank, AnyTypeOf<[Cute_AnyIntTuple, Cute_AnyLayout]>:$input,
                       AnyTypeOf<[Cute_AnyIntTuple, Cute_LayoutType]>:$element);
  let results = (outs AnyTypeOf<[Cute_AnyIntTuple, Cute_AnyLayout]>:$result);
  let assemblyFormat = "`<` $rank `>` `(` $input `,` $element `)` attr-dict `:` qualified(type($input)) `,` qualified(type($element))";
}

def Cute_AppendToRankOp : Cute_PadToRankOp<"append_to_rank", "right">;
def Cute_PrependToRankOp : Cute_PadToRankOp<"prepend_to_rank", "left">;

} // opDocGroup

#endif // CUTE_TUPLE_OPS_TD
