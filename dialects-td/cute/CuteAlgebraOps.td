//===- CuteAlgebraOps.td - the layout algebra ------------------------------===//
//
// Every op here is a Cute_InferredOp: its result type is computed by the Rust
// layout algebra (src/layout via src/dialect/infer.rs), inadmissible operands
// are rejected with the algebra's own message, and fully static results fold
// to `cute.static`.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_ALGEBRA_OPS_TD
#define CUTE_ALGEBRA_OPS_TD

def Cute_AlgebraGroup : OpDocGroup {
  let summary = "Layout algebra";
  let description = [{
    CuTe's algebra: composition, complement, coalesce, filter, inverses, divides, products, queries and coordinates. Result types are inferred by the Rust algebra; static inputs fold.
  }];
}

let opDocGroup = Cute_AlgebraGroup in {

class Cute_UnaryLayoutOp<string mnemonic> : Cute_InferredOp<mnemonic> {
  let arguments = (ins Cute_LayoutType:$layout);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat = "`(` $layout `)` attr-dict `:` functional-type(operands, $result)";
}

// A composed layout (`S o off o L`) is tiled through its outer layout L and
// keeps its swizzle and offset (CuTe's ComposedLayout overloads).
class Cute_TilerOp<string mnemonic> : Cute_InferredOp<mnemonic> {
  let arguments = (ins Cute_AnyLayout:$layout, Cute_Tiler:$tiler);
  let results = (outs Cute_AnyLayout:$result);
  let assemblyFormat = "`(` $layout `,` $tiler `)` attr-dict `:` functional-type(operands, $result)";
}

//===----------------------------------------------------------------------===//
// Composition and complement
//===----------------------------------------------------------------------===//

def Cute_CompositionOp : Cute_TilerOp<"composition"> {
  let summary = "functional composition R(c) = A(B(c))";
  let description = [{
    `composition(A, B)`: the layout with B's shape that maps `c` to `A(B(c))`.
    B is a layout, a shape, or a by-mode tiler `[B0;B1;...]` (applied to A's
    modes one by one; `_` keeps a mode).

    Preconditions: admissibility of CuTe's composition (each stride of B
    divides / is divisible by A's shape prefix products); e.g.
    `composition((4,6,8):(2,3,5), 6:3)` is rejected (CUTLASS issue 3177).

    ```mlir
    %r = cute.composition(%a, %b) : (!cute.layout<"(4,2):(1,4)">, !cute.layout<"(2,2):(1,2)">)
           -> !cute.layout<"(2,2):(1,2)">
    ```
  }];
}

def Cute_ComposeOp : Cute_TilerOp<"compose"> {
  let summary = "spec 000 spelling of cute.composition";
  let description = [{
    Same semantics as `cute.composition` (spec 000 spells it `cute.compose`);
    `cute-desugar` rewrites it to `cute.composition`. Keeps the spec's
    spelling: no parentheses around the operands or their types. The
    result is CuTe's `composition(l1, l2)`, `i -> l1(l2(i))` (the spec's
    prose reads the other order; its worked example is decided in
    docs/dialect-decisions.md).

    ```mlir
    %c = cute.compose %l1, %l2 : !cute.layout<<8:1, 4:8>>, !cute.layout<<2:1, 8:2>>
           -> !cute.layout<"(2,8):(1,2)">
    ```
  }];
  let assemblyFormat = [{
    $layout `,` $tiler attr-dict `:` qualified(type($layout)) `,` qualified(type($tiler))
    `->` qualified(type($result))
  }];
}

def Cute_ComplementOp : Cute_InferredOp<"complement"> {
  let summary = "the layout of the elements of [0, cotarget) that A does not reach";
  let description = [{
    `complement(A, M)`: the ordered, injective layout C with `A ⊕ C` covering
    `[0, M)` (CuTe semantics). Preconditions: A is injective with
    non-negative strides; e.g. `complement((4,4):(-1,1), 1)` is rejected.

    ```mlir
    %c = cute.complement(%a, %m) : (!cute.layout<"4:2">, !cute.int_tuple<"24">)
           -> !cute.layout<"(2,3):(1,8)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$layout, Optional<AnyTypeOf<[Cute_AnyIntTuple, Cute_LayoutType]>>:$cotarget);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat = "`(` $layout (`,` $cotarget^)? `)` attr-dict `:` functional-type(operands, $result)";
}

//===----------------------------------------------------------------------===//
// Simplification
//===----------------------------------------------------------------------===//

def Cute_CoalesceOp : Cute_InferredOp<"coalesce"> {
  let summary = "merge contiguous modes without changing the function";
  let description = [{
    Flattens the layout and merges adjacent modes `(s0,s1):(d0,d1)` with
    `d1 == s0*d0`; size-1 modes are dropped. With a `profile` operand the
    coalescing is done per mode of the profile (CuTe `coalesce(L, profile)`).
    Postcondition: same size and same function.

    ```mlir
    %c = cute.coalesce(%l) : (!cute.layout<"(2,4):(1,2)">) -> !cute.layout<"8:1">
    ```
  }];
  let arguments = (ins Cute_AnyLayout:$layout, Optional<Cute_AnyIntTuple>:$profile);
  let results = (outs Cute_AnyLayout:$result);
  let assemblyFormat = "`(` $layout (`,` $profile^)? `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_FilterZerosOp : Cute_UnaryLayoutOp<"filter_zeros"> {
  let summary = "replace stride-0 (broadcast) modes by 1:0";
  let description = [{
    Every leaf with stride 0 becomes the size-1 mode `1:0`, keeping the tree.

    ```mlir
    %f = cute.filter_zeros(%l) : (!cute.layout<"(4,3):(1,0)">) -> !cute.layout<"(4,1):(1,0)">
    ```
  }];
}

def Cute_FilterOp : Cute_UnaryLayoutOp<"filter"> {
  let summary = "coalesce(filter_zeros(L)): drop broadcast and size-1 modes";
  let description = [{
    ```mlir
    %f = cute.filter(%l) : (!cute.layout<"(4,3):(1,0)">) -> !cute.layout<"4:1">
    ```
  }];
}

def Cute_GroupModesOp : Cute_InferredOp<"group_modes", [], ["begin", "end"]> {
  let summary = "group modes [begin, end) into one nested mode";
  let description = [{
    Regrouping only: leaves and their order are kept. Preconditions:
    `0 <= begin <= end <= rank`.

    ```mlir
    %g = cute.group_modes<0, 2>(%l)
           : (!cute.layout<"(2,3,4):(1,2,6)">) -> !cute.layout<"((2,3),4):((1,2),6)">
    ```
  }];
  let arguments = (ins Cute_AnyLayout:$layout, I32Attr:$begin, I32Attr:$end);
  let results = (outs Cute_AnyLayout:$result);
  // NVIDIA's spelling: the mode range before the operand.
  let assemblyFormat = "`<` $begin `,` $end `>` `` `(` $layout `)` attr-dict `:` functional-type(operands, $result)";
}

//===----------------------------------------------------------------------===//
// Inverses
//===----------------------------------------------------------------------===//

def Cute_RightInverseOp : Cute_UnaryLayoutOp<"right_inverse"> {
  let summary = "the largest R with L(R(i)) == i";
  let description = [{
    ```mlir
    %r = cute.right_inverse(%l) : (!cute.layout<"(4,2):(2,1)">) -> !cute.layout<"(2,4):(4,1)">
    ```
  }];
}

def Cute_LeftInverseOp : Cute_UnaryLayoutOp<"left_inverse"> {
  let summary = "a layout R with R(L(i)) == i";
  let description = [{
    Preconditions: L is injective.

    ```mlir
    %r = cute.left_inverse(%l) : (!cute.layout<"(4,2):(2,1)">) -> !cute.layout<"(2,4):(4,1)">
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Divides and products
//===----------------------------------------------------------------------===//

def Cute_LogicalDivideOp : Cute_TilerOp<"logical_divide"> {
  let summary = "(A ∘ T, A ∘ complement(T, size(A))) per divided mode";
  let description = [{
    Splits A into a tile mode (what T selects) and a rest mode. With a
    by-mode tiler the divide is applied to each mode.

    ```mlir
    %d = cute.logical_divide(%a, %t) : (!cute.layout<"128:1">, !cute.layout<"32:1">)
           -> !cute.layout<"(32,4):(1,32)">
    ```
  }];
}

def Cute_ZippedDivideOp : Cute_TilerOp<"zipped_divide"> {
  let summary = "logical_divide regrouped as ((tiles...), (rests...))";
  let description = [{
    Postcondition: same size as A (CUTLASS issue 3513 is rejected, never
    answered with a layout of the wrong size).

    ```mlir
    %d = cute.zipped_divide(%a, %t) : (!cute.layout<"(8,6):(1,8)">, !cute.tile<"[4:1;3:1]">)
           -> !cute.layout<"((4,3),(2,2)):((1,8),(4,24))">
    ```
  }];
}

def Cute_TiledDivideOp : Cute_TilerOp<"tiled_divide"> {
  let summary = "logical_divide regrouped as ((tiles...), rest0, rest1, ...)";
  let description = [{
    The rest modes are unpacked.

    ```mlir
    %d = cute.tiled_divide(%a, %t) : (!cute.layout<"(8,6):(1,8)">, !cute.tile<"[4:1;3:1]">)
           -> !cute.layout<"((4,3),2,2):((1,8),4,24)">
    ```
  }];
}

def Cute_FlatDivideOp : Cute_TilerOp<"flat_divide"> {
  let summary = "logical_divide regrouped as (tile0, tile1, ..., rest0, rest1, ...)";
  let description = [{
    Both tile and rest modes are unpacked.

    ```mlir
    %d = cute.flat_divide(%a, %t) : (!cute.layout<"(8,6):(1,8)">, !cute.tile<"[4:1;3:1]">)
           -> !cute.layout<"(4,3,2,2):(1,8,4,24)">
    ```
  }];
}

def Cute_LogicalProductOp : Cute_TilerOp<"logical_product"> {
  let summary = "(A, complement(A, size(A)*cosize(B)) ∘ B)";
  let description = [{
    Repeats the tile A over the layout B.

    ```mlir
    %p = cute.logical_product(%a, %b) : (!cute.layout<"(2,2):(4,1)">, !cute.layout<"6:1">)
           -> !cute.layout<"((2,2),(2,3)):((4,1),(2,8))">
    ```
  }];
}

def Cute_ZippedProductOp : Cute_TilerOp<"zipped_product"> {
  let summary = "logical_product regrouped as ((A modes...), (B modes...))";
  let description = [{
    By-mode product, zipped like zipped_divide.

    ```mlir
    %p = cute.zipped_product(%a, %t) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(1,3)">)
           -> !cute.layout<"((2,2),(3,4)):((1,2),(4,12))">
    ```
  }];
}

def Cute_TiledProductOp : Cute_TilerOp<"tiled_product"> {
  let summary = "logical_product regrouped as ((A modes...), B0, B1, ...)";
  let description = [{
    By-mode product, tiled like tiled_divide.

    ```mlir
    %p = cute.tiled_product(%a, %t) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(1,3)">)
           -> !cute.layout<"((2,2),3,4):((1,2),4,12)">
    ```
  }];
}

def Cute_FlatProductOp : Cute_TilerOp<"flat_product"> {
  let summary = "logical_product regrouped as (A0, A1, ..., B0, B1, ...)";
  let description = [{
    By-mode product with every mode unpacked.

    ```mlir
    %p = cute.flat_product(%a, %t) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(1,3)">)
           -> !cute.layout<"(2,2,3,4):(1,2,4,12)">
    ```
  }];
}

def Cute_BlockedProductOp : Cute_TilerOp<"blocked_product"> {
  let summary = "per-mode product with A's modes inner: ((A0,B0),(A1,B1),...)";
  let description = [{
    CuTe blocked_product: tiles of A laid out by B (current CuTe: no
    per-mode coalesce).

    ```mlir
    %p = cute.blocked_product(%a, %t) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(1,3)">)
           -> !cute.layout<"((2,3),(2,4)):((1,4),(2,12))">
    ```
  }];
}

def Cute_RakedProductOp : Cute_TilerOp<"raked_product"> {
  let summary = "per-mode product with B's modes inner: ((B0,A0),(B1,A1),...)";
  let description = [{
    CuTe raked_product: A interleaved (raked) across B.

    ```mlir
    %p = cute.raked_product(%a, %t) : (!cute.layout<"(2,2):(1,2)">, !cute.layout<"(3,4):(1,3)">)
           -> !cute.layout<"((3,2),(4,2)):((4,1),(12,2))">
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Queries and coordinates
//===----------------------------------------------------------------------===//

def Cute_SizeOp : Cute_InferredOp<"size", [], ["mode"]> {
  let summary = "the number of coordinates (product of the shape)";
  let description = [{
    Of a layout, a composed layout or an int-tuple. `?` if any shape leaf is
    dynamic.

    ```mlir
    %n = cute.size(%l) : (!cute.layout<"(2,4):(1,2)">) -> !cute.int_tuple<"8">
    ```
  }];
  // `mode`: a hierarchical mode path (NVIDIA's `size<[1]>`): the size of
  // the sub-tuple or sub-layout `get<mode>` selects.
  let arguments = (ins AnyTypeOf<[Cute_AnyLayout, Cute_AnyIntTuple]>:$value,
                       OptionalAttr<DenseI32ArrayAttr>:$mode);
  let results = (outs Cute_IntTuple:$result);
  let assemblyFormat = "(`<` $mode^ `>`)? `(` $value `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_CosizeOp : Cute_InferredOp<"cosize", [], ["mode"]> {
  let summary = "one past the largest offset, with |stride| (current CuTe)";
  let description = [{
    ```mlir
    %n = cute.cosize(%l) : (!cute.layout<"(2,4):(1,4)">) -> !cute.int_tuple<"14">
    ```
  }];
  // `mode`: the cosize of the sub-layout `get<mode>` selects.
  let arguments = (ins Cute_AnyLayout:$layout, OptionalAttr<DenseI32ArrayAttr>:$mode);
  let results = (outs Cute_IntTuple:$result);
  let assemblyFormat = "(`<` $mode^ `>`)? `(` $layout `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_LayoutEvalOp : Cute_InferredOp<"layout_eval"> {
  let summary = "evaluate a layout at a coordinate (NVIDIA's name for crd2idx through a layout)";
  let description = [{
    `L(c)`: the same function as `cute.crd2idx(%c, %l)` (CuTe's
    `layout(coord)`), under the name NVIDIA's CuTe IR gives it. The coordinate
    is weakly congruent to the layout's shape; scaled-basis strides give a
    basis tuple.

    ```mlir
    %i = cute.layout_eval(%c, %l) : (!cute.coord<"(1,2)">, !cute.layout<"(2,4):(1,2)">)
           -> !cute.int_tuple<"5">
    ```
  }];
  // NVIDIA's contract: the first operand is a coordinate.
  let arguments = (ins Cute_Coord:$coord, Cute_AnyLayout:$layout);
  let results = (outs Cute_IntTuple:$result);
  let assemblyFormat = "`(` $coord `,` $layout `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_FlattenOp : Cute_InferredOp<"flatten"> {
  let summary = "flatten a tuple or a layout to its leaves (CuTe's flatten)";
  let description = [{
    A tuple becomes the tuple of its leaves, a layout the layout of its leaf
    modes (same function, rank = number of leaves); the result keeps the
    operand's type kind.

    ```mlir
    %f = cute.flatten(%l) : (!cute.layout<"((2,3),4):((1,2),6)">) -> !cute.layout<"(2,3,4):(1,2,6)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$input);
  let results = (outs AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$result);
  let assemblyFormat = "`(` $input `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_TupleProductOp : Cute_InferredOp<"tuple_product"> {
  let summary = "the product of every leaf of a tuple (CuTe's product); the result keeps the tuple's kind";
  let description = [{
    ```mlir
    %p = cute.tuple_product(%s) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"24">
    ```
  }];
  let arguments = (ins Cute_AnyIntTuple:$input);
  let results = (outs Cute_AnyIntTuple:$result);
  let assemblyFormat = "`(` $input `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_TupleProductEachOp : Cute_InferredOp<"tuple_product_each"> {
  let summary = "the product of each top-level mode of a tuple (CuTe's product_each); the result keeps the tuple's kind";
  let description = [{
    ```mlir
    %p = cute.tuple_product_each(%s) : (!cute.shape<"((2,3),4)">) -> !cute.shape<"(6,4)">
    ```
  }];
  let arguments = (ins Cute_AnyIntTuple:$input);
  let results = (outs Cute_AnyIntTuple:$result);
  let assemblyFormat = "`(` $input `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_GetOp : Cute_InferredOp<"get", [], ["mode"]> {
  let summary = "the sub-tuple or sub-layout at a hierarchical mode path (CuTe's get<I...>)";
  let description = [{
    `get<[i, j]>(x)` is `x`'s mode `i`, then its mode `j`; without a path it
    is `x` itself. NVIDIA's CuTe IR spelling.

    ```mlir
    %m = cute.get<[1]>(%t) : !cute.int_tuple<"(3,(4,5))"> -> !cute.int_tuple<"(4,5)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$input,
                       OptionalAttr<DenseI32ArrayAttr>:$mode);
  let results = (outs AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$result);
  let assemblyFormat = [{
    (`<` $mode^ `>`)? `(` $input `)` attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

def Cute_SelectOp : Cute_InferredOp<"select", [], ["mode"]> {
  let summary = "the top-level modes at the given indices, in that order (CuTe's select<I...>)";
  let description = [{
    The result is always a tuple of the selected modes, even of one:
    `select<[0]>` of `(4,8):(1,4)` is `(4):(1)`. NVIDIA's CuTe IR spelling.

    ```mlir
    %s = cute.select<[0, 2]>(%t) : !cute.int_tuple<"(1,2,3)"> -> !cute.int_tuple<"(1,3)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$input, DenseI32ArrayAttr:$mode);
  let results = (outs AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$result);
  let assemblyFormat = [{
    `<` $mode `>` `(` $input `)` attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
}

def Cute_Crd2IdxOp : Cute_InferredOp<"crd2idx"> {
  let summary = "the offset of a coordinate: sum of coord leaves times strides";
  let description = [{
    The coordinate is weakly congruent to the layout's shape (an integer
    coordinate of a mode is a 1-D index into it, CuTe semantics).
    Preconditions: coordinates within the shape. A shape stands for its
    compact column-major layout (CuTe's `crd2idx(coord, shape)`).

    ```mlir
    %i = cute.crd2idx(%c, %l) : (!cute.coord<"(1,2)">, !cute.layout<"(2,4):(1,2)">)
           -> !cute.int_tuple<"5">
    %j = cute.crd2idx(%c, %s) : (!cute.coord<"(1,2)">, !cute.shape<"(2,4)">)
           -> !cute.int_tuple<"5">
    ```
  }];
  // NVIDIA's contract: the first operand is a coordinate.
  let arguments = (ins Cute_Coord:$coord, AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_Shape]>:$layout);
  let results = (outs Cute_IntTuple:$result);
  let assemblyFormat = "`(` $coord `,` $layout `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_Idx2CrdOp : Cute_InferredOp<"idx2crd"> {
  let summary = "the coordinate of a 1-D index in a shape (colexicographic)";
  let description = [{
    ```mlir
    %c = cute.idx2crd(%i, %s) : (!cute.int_tuple<"15">, !cute.shape<"(4,(3,2))">)
           -> !cute.coord<"(3,(0,1))">
    ```
  }];
  let arguments = (ins Cute_IntTuple:$index, Cute_ShapeLike:$shape);
  let results = (outs Cute_Coord:$result);
  let assemblyFormat = "`(` $index `,` $shape `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_ShapeDivOp : Cute_InferredOp<"shape_div", [], ["mode"]> {
  let summary = "element-wise shape division (ceil, floor or exact)";
  let description = [{
    Spec 001: element-wise division of the shape tree; the divisor is
    congruent to the shape or a single leaf applied to every leaf. `mode` is
    `exact` (a leaf that does not divide is an error, also when a dynamic
    leaf's known divisibility cannot prove it), `ceil` or `floor`. Without a
    `mode` (NVIDIA's CuTe IR) it is CuTe's `shape_div`: a tuple by an integer
    folds the divisor through the modes (`shape_div((4,5,6), 40) = (1,1,3)`),
    an integer by a tuple divides by its product, and of two extents one
    divides the other (`shape_div(4, 40) = 1`).

    ```mlir
    %q = cute.shape_div(%s, %d) {mode = "exact"} : (!cute.shape<"(4,8)">, !cute.int_tuple<"2">)
           -> !cute.shape<"(2,4)">
    ```
  }];
  let arguments = (ins Cute_ShapeLike:$shape, Cute_AnyIntTuple:$divisor,
                       OptionalAttr<StrAttr>:$mode);
  let results = (outs Cute_Shape:$result);
  let assemblyFormat = "`(` $shape `,` $divisor `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_CeilDivOp : Cute_InferredOp<"ceil_div"> {
  let summary = "element-wise ceil(a / b)";
  let description = [{
    CuTe's `ceil_div`: leaves round up, a tuple divided by an integer folds
    the divisor through its modes; run-time divisors divide at run time.
    The dividend is an int-tuple or a shape, and the quotient keeps its kind.

    ```mlir
    %q = cute.ceil_div(%a, %b) : (!cute.int_tuple<"(10,8)">, !cute.int_tuple<"(4,8)">)
           -> !cute.int_tuple<"(3,1)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_IntTuple, Cute_Shape]>:$lhs, Cute_AnyIntTuple:$rhs);
  let results = (outs Cute_AnyIntTuple:$result);
  let assemblyFormat = "`(` $lhs `,` $rhs `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_TileToShapeOp : Cute_InferredOp<"tile_to_shape"> {
  let summary = "replicate a block layout to cover a target shape (CuTe's tile_to_shape)";
  let description = [{
    The block is padded with `1:0` modes to the target's rank, replicated
    `ceil(target_i / block_i)` times along mode `i` (the replicas laid out
    compactly in `order`, column-major when absent: `make_ordered_layout`)
    with `blocked_product` (not coalesced, as current CuTe). A composed layout
    keeps its swizzle and offset; its outer layout is tiled. This is how
    CuTe builds a shared-memory stage from a swizzle atom. Static shapes.

    ```mlir
    %r = cute.tile_to_shape(%block, %shape) : (!cute.layout<"(3,2):(1,3)">, !cute.shape<"(6,8)">)
           -> !cute.layout<"((3,2),(2,4)):((1,6),(3,12))">
    ```
  }];
  let arguments = (ins Cute_AnyLayout:$input, Cute_Shape:$shape, Optional<Cute_IntTuple>:$order);
  let results = (outs Cute_AnyLayout:$result);
  let assemblyFormat = "`(` $input `,` $shape (`,` $order^)? `)` attr-dict `:` functional-type(operands, results)";
}

def Cute_RecastLayoutOp : Cute_InferredOp<"recast_layout", [], ["new_type_bits", "old_type_bits"]> {
  let summary = "a layout over elements of another bit width (CuTe's recast_layout)";
  let description = [{
    `recast_layout<new, old>`: the same bytes seen as `new`-bit elements
    instead of `old`-bit ones: an upcast by `new/old` (the stride-1 mode
    shrinks, other strides divide), a downcast by `old/new` (the stride-1
    mode grows, other strides multiply), or both through their gcd. A
    swizzled layout also moves its swizzle base and offset (power-of-two
    ratios). Static layouts.

    ```mlir
    %r = cute.recast_layout<32, 16> (%l) : !cute.layout<"(64,8):(1,64)"> -> !cute.layout<"(32,8):(1,32)">
    ```
  }];
  let arguments = (ins I32Attr:$new_type_bits, I32Attr:$old_type_bits, Cute_AnyLayout:$src);
  let results = (outs Cute_AnyLayout:$dst);
  let assemblyFormat = "`<` $new_type_bits `,` $old_type_bits `>` `(` $src `)` attr-dict `:` qualified(type($src)) `->` qualified(type($dst))";
}

} // opDocGroup

#endif // CUTE_ALGEBRA_OPS_TD
