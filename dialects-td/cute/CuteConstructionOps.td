//===- CuteConstructionOps.td - building and taking apart cute values ------===//

#ifndef CUTE_CONSTRUCTION_OPS_TD
#define CUTE_CONSTRUCTION_OPS_TD

def Cute_ConstructionGroup : OpDocGroup {
  let summary = "Construction and access";
  let description = [{
    Build tuples, layouts, swizzles and composed layouts from static types and dynamic leaves; take them apart again.
  }];
}

let opDocGroup = Cute_ConstructionGroup in {

def Cute_StaticOp : Cute_Op<"static", [ConstantLike, Pure]> {
  let summary = "a fully static cute value (the value is its type)";
  let description = [{
    The constant of the dialect: a fully static tuple, layout, swizzle or
    composed layout is completely described by its type. Folds of cute ops
    materialize as `cute.static`, so two equal static values become one op
    after CSE/canonicalization.

    Preconditions: the type has no dynamic (`?`) leaf.

    ```mlir
    %l = cute.static : !cute.layout<"(2,2):(1,2)">
    ```
  }];
  let results = (outs Cute_StaticValue:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasFolder = 1;
  let cuteExtraDefinitions = [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return ::mlir::TypeAttr::get(getType());
    }
  }];
}

// A leaf operand is an integer or a scalar int-tuple (NVIDIA's IR passes
// `!cute.int_tuple<"?">` values; `cute-desugar` reads them as integers).
class Cute_TupleCtorOp<string mnemonic, Type resultType> : Cute_ValueOp<mnemonic> {
  let arguments = (ins Variadic<AnyTypeOf<[Cute_Leaf, Cute_AnyIntTuple]>>:$leaves);
  let results = (outs resultType:$result);
  let assemblyFormat = "`(` $leaves `)` attr-dict `:` functional-type($leaves, $result)";
}

def Cute_MakeIntTupleOp : Cute_TupleCtorOp<"make_int_tuple", Cute_AnyIntTuple> {
  let summary = "build an int-tuple of any kind from its dynamic leaves";
  let description = [{
    The shared constructor of integer tuples (spec 002 "make_int_tuple hub").
    The result type holds the tuple; one operand per `?` leaf, in
    left-to-right order: an integer, or a scalar int-tuple (static or `?`)
    whose value fills the leaf. The result kind (int_tuple, shape, stride, coord,
    tile) is the type's kind discriminator.

    Preconditions: the operand count equals the number of `?` leaves.
    Folds to `cute.static` when the tuple has no `?` leaf.

    ```mlir
    %t = cute.make_int_tuple(%m, %n) : (index, index) -> !cute.shape<"(?,(4,?))">
    ```
  }];
}

def Cute_MakeShapeOp : Cute_TupleCtorOp<"make_shape", Cute_Shape> {
  let summary = "build a shape (sugar for make_int_tuple : !cute.shape)";
  let description = [{
    Shape-eval sugar (desugar phase 1); `cute-desugar` rewrites it to
    `cute.make_int_tuple` with the same `!cute.shape` result.

    ```mlir
    %s = cute.make_shape(%m) : (index) -> !cute.shape<"(?,8)">
    ```
  }];
}

def Cute_MakeStrideOp : Cute_TupleCtorOp<"make_stride", Cute_Stride> {
  let summary = "build a stride (sugar for make_int_tuple : !cute.stride)";
  let description = [{
    Stride-eval sugar (desugar phase 2); `cute-desugar` rewrites it to
    `cute.make_int_tuple` with the same `!cute.stride` result.

    ```mlir
    %d = cute.make_stride(%ld) : (i32) -> !cute.stride<"(1,?)">
    ```
  }];
}

def Cute_MakeCoordOp : Cute_TupleCtorOp<"make_coord", Cute_Coord> {
  let summary = "build a coordinate (sugar for make_int_tuple : !cute.coord)";
  let description = [{
    Shape-eval sugar (desugar phase 1). Coordinates may hold `_` leaves
    (slicing wildcards).

    ```mlir
    %c = cute.make_coord(%i) : (index) -> !cute.coord<"(_,?)">
    ```
  }];
}

def Cute_MakeTileOp : Cute_TupleCtorOp<"make_tile", Cute_Tile> {
  let summary = "build a tile (sugar for make_int_tuple : !cute.tile)";
  let description = [{
    Shape-eval sugar (desugar phase 1). A tile is a shape or a by-mode tiler
    `[T0;T1;...]` of layouts, shapes and `_`.

    ```mlir
    %t = cute.make_tile() : () -> !cute.tile<"[128:1;64:1]">
    ```
  }];
}

def Cute_MakeLayoutOp : Cute_ValueOp<"make_layout", [AttrSizedOperandSegments]> {
  let summary = "build a layout from its shape and stride";
  let description = [{
    Layout construction sugar in two spellings. Spec 002's (desugar phase
    3): `shape` supplies one integer operand per `?` leaf of the result's
    shape and `stride` one per `?` leaf of its stride. NVIDIA's CuTe IR:
    a shape tuple and a stride tuple, with a functional type. `cute-desugar`
    rewrites both into `cute.make_layout_raw` (the spec form through two
    `cute.make_int_tuple`s, keeping operand order).

    ```mlir
    %L = cute.make_layout(shape = (%M, %N : index, index), stride = (%s : index))
           : !cute.layout<"(?,?):(1,?)">
    %K = cute.make_layout(%shape, %stride) : (!cute.shape<"(4,?)">, !cute.stride<"(1,?)">)
           -> !cute.layout<"(4,?):(1,?)">
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$shape, Variadic<AnyType>:$stride);
  let results = (outs Cute_LayoutType:$result);
  // Two spellings, told apart by the token after `(` (dialects-td/lib/CuteDialect.cpp).
  let hasCustomAssemblyFormat = 1;
}

def Cute_MakeLayoutRawOp : Cute_InferredOp<"make_layout_raw"> {
  let summary = "build a layout from a shape tuple and a stride tuple";
  let description = [{
    The primitive layout constructor. Preconditions: shape and stride are
    congruent. The result type is inferred as `shape:stride`.

    ```mlir
    %L = cute.make_layout_raw %s, %d : (!cute.shape<"(?,4)">, !cute.stride<"(1,?)">)
           -> !cute.layout<"(?,4):(1,?)">
    ```
  }];
  let arguments = (ins Cute_ShapeLike:$shape, Cute_StrideLike:$stride);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat = "$shape `,` $stride attr-dict `:` functional-type(operands, $result)";
}

def Cute_MakeSwizzleOp : Cute_InferredOp<"make_swizzle", [], ["bits", "base", "shift"]> {
  let summary = "build a swizzle functor S<B,M,S>";
  let description = [{
    Preconditions (CuTe): `|S| >= B` and every mask bit below 63.

    ```mlir
    %sw = cute.make_swizzle 3, 4, 3 : !cute.swizzle<"S<3,4,3>">
    ```
  }];
  let arguments = (ins I64Attr:$bits, I64Attr:$base, I64Attr:$shift);
  let results = (outs Cute_SwizzleType:$result);
  let assemblyFormat = "$bits `,` $base `,` $shift attr-dict `:` qualified(type($result))";
}

def Cute_MakeComposedLayoutOp : Cute_InferredOp<"make_composed_layout", [], ["swizzle", "offset"]> {
  let summary = "compose an inner function, an offset and a layout";
  let description = [{
    Two spellings:

    - spec 002's composed-layout sugar: the outer layout operand, the
      swizzle `[B, M, S]` and a static offset as attributes. `cute-desugar`
      rewrites it into `cute.make_swizzle`, a static offset tuple and
      `cute.make_composed_layout_raw`.
    - NVIDIA's CuTe IR: `(%inner, %offset, %outer)`, the inner part a swizzle
      or a layout, the offset an int-tuple (a tuple for a coordinate outer
      layout); the result is `inner o offset o outer`. A swizzle inner part
      with a static offset desugars to `cute.make_composed_layout_raw`; a
      layout inner part has no lowering yet (reported by `cute-desugar`).

    ```mlir
    %c = cute.make_composed_layout %outer {swizzle = array<i64: 3, 4, 3>, offset = 0}
           : (!cute.layout<"(8,64):(64,1)">) -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    %d = cute.make_composed_layout(%a, %off, %b)
           : (!cute.layout<"(4,5):(1,4)">, !cute.int_tuple<"2">, !cute.layout<"(2,3):(1,2)">)
           -> !cute.composed_layout<"(4,5):(1,4) o 2 o (2,3):(1,2)">
    ```
  }];
  let arguments = (ins Variadic<AnyTypeOf<[Cute_SwizzleType, Cute_LayoutType, Cute_AnyIntTuple]>>:$parts,
                       OptionalAttr<DenseI64ArrayAttr>:$swizzle,
                       DefaultValuedAttr<I64Attr, "0">:$offset);
  let results = (outs Cute_ComposedLayoutType:$result);
  let hasCustomAssemblyFormat = 1;
}

def Cute_MakeComposedLayoutRawOp : Cute_InferredOp<"make_composed_layout_raw"> {
  let summary = "compose a swizzle, a static offset and a layout";
  let description = [{
    `inner o offset o outer`: the composed layout maps `c` to
    `inner(offset + outer(c))`. Preconditions: the offset is a static integer.

    ```mlir
    %c = cute.make_composed_layout_raw %outer, %sw, %off
           : (!cute.layout<"(8,64):(64,1)">, !cute.swizzle<"S<3,4,3>">, !cute.int_tuple<"0">)
           -> !cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
    ```
  }];
  let arguments = (ins Cute_LayoutType:$outer, Cute_SwizzleType:$inner, Cute_IntTuple:$offset);
  let results = (outs Cute_ComposedLayoutType:$result);
  let assemblyFormat = "$outer `,` $inner `,` $offset attr-dict `:` functional-type(operands, $result)";
}

def Cute_GetShapeOp : Cute_InferredOp<"get_shape"> {
  let summary = "the shape of a layout (of the outer layout of a composed one)";
  let description = [{
    ```mlir
    %s = cute.get_shape(%l) : !cute.layout<"(?,4):(1,?)"> -> !cute.shape<"(?,4)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_Tile]>:$layout);
  let results = (outs Cute_Shape:$result);
  let assemblyFormat = "`(` $layout `)` attr-dict `:` qualified(type($layout)) `->` qualified(type($result))";
}

def Cute_GetStrideOp : Cute_InferredOp<"get_stride"> {
  let summary = "the stride of a layout (of the outer layout of a composed one)";
  let description = [{
    ```mlir
    %d = cute.get_stride(%l) : !cute.layout<"(?,4):(1,?)"> -> !cute.stride<"(1,?)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_Tile]>:$layout);
  let results = (outs Cute_Stride:$result);
  let assemblyFormat = "`(` $layout `)` attr-dict `:` qualified(type($layout)) `->` qualified(type($result))";
}

def Cute_GetLeavesOp : Cute_Op<"get_leaves", [Pure]> {
  let summary = "the leaves of an int-tuple, as scalars or as scalar tuples";
  let description = [{
    One result per leaf, left to right (static leaves included), in one of
    two spellings:

    - spec 002's: `index` or signless integer results, written after `->`;
      the tuple has no `_` or scaled-basis leaf.
    - NVIDIA's CuTe IR: `(%t) : T` with the results inferred, each leaf as a
      scalar of `T`'s kind (`!cute.shape<"?">`, `!cute.stride<"1@0">`); a
      tile gives its layouts (a shape slot as its compact layout). Desugared
      to `cute.get<[path]>` per leaf (`get_layouts_from_tile` for a tile).

    ```mlir
    %m, %k = cute.get_leaves %s : !cute.shape<"(?,8)"> -> index, index
    %a, %b = cute.get_leaves(%s) : !cute.shape<"(?,8)">
    ```
  }];
  let arguments = (ins Cute_AnyIntTuple:$tuple);
  let results = (outs Variadic<AnyType>:$leaves);
  let hasCustomAssemblyFormat = 1;
}

def Cute_DerefineOp : Cute_ValueOp<"derefine"> {
  let summary = "forget static information: make some static leaves dynamic";
  let description = [{
    The result type is the operand type with zero or more static leaves
    replaced by `?` (same tree, same kind); the value is unchanged.

    ```mlir
    %d = cute.derefine %l : !cute.layout<"(8,4):(1,8)"> to !cute.layout<"(?,4):(1,?)">
    ```
  }];
  let arguments = (ins Cute_StaticValue:$value);
  let results = (outs Cute_StaticValue:$result);
  let assemblyFormat = "$value attr-dict `:` qualified(type($value)) `to` qualified(type($result))";
}



//===----------------------------------------------------------------------===//
// Advanced constructors (NVIDIA's CuTe IR spellings)
//===----------------------------------------------------------------------===//

def Cute_MakeOrderedLayoutOp : Cute_InferredOp<"make_ordered_layout"> {
  let summary = "a compact layout whose strides follow a mode order (CuTe's make_ordered_layout)";
  let description = [{
    The strides are the compact prefix products of the shape taken in
    increasing `order` (the smallest order value gets stride 1; an extent-1
    mode gets stride 0). `order` is weakly congruent to the shape: a leaf
    orders a whole nested mode. Static shapes and orders.

    ```mlir
    %l = cute.make_ordered_layout(%s, %o) : (!cute.shape<"(4,2)">, !cute.int_tuple<"(1,0)">)
           -> !cute.layout<"(4,2):(2,1)">
    ```
  }];
  let arguments = (ins Cute_Shape:$shape, Cute_IntTuple:$order);
  let results = (outs Cute_LayoutType:$layout);
  let assemblyFormat = "`(` $shape `,` $order `)` attr-dict `:` functional-type(operands, results)";
}

def Cute_MakeLayoutLikeOp : Cute_InferredOp<"make_layout_like"> {
  let summary = "a compact layout of the source's shape, strides in the source's stride order";
  let description = [{
    CuTe's `make_layout_like`: the shape is kept, the non-zero strides
    become compact in the order of the source's stride magnitudes, stride-0
    modes stay broadcast. A composed layout contributes its outer layout.

    ```mlir
    %r = cute.make_layout_like(%src) : !cute.layout<"(4,2):(4,1)"> -> !cute.layout<"(4,2):(2,1)">
    ```
  }];
  let arguments = (ins Cute_AnyLayout:$src);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat = "`(` $src `)` attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

def Cute_MakeIdentityLayoutOp : Cute_InferredOp<"make_identity_layout"> {
  let summary = "the identity layout of a shape: a unit basis stride per leaf";
  let description = [{
    Leaf `j` of top-level mode `k` gets the stride `1@j@k` (`1@k` for a
    leaf mode; a single-leaf shape gets `1`): the layout maps every
    coordinate to itself, CuTe's coordinate tensor for predication.

    ```mlir
    %l = cute.make_identity_layout(%s) : !cute.shape<"(4,(2,3))"> -> !cute.layout<"(4,(2,3)):(1@0,(1@0@1,1@1@1))">
    ```
  }];
  let arguments = (ins Cute_Shape:$shape);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat = "`(` $shape `)` attr-dict `:` qualified(type($shape)) `->` qualified(type($result))";
}


//===----------------------------------------------------------------------===//
// Accessors of composed layouts and tiles (NVIDIA's CuTe IR)
//===----------------------------------------------------------------------===//

class Cute_ComposedGetOp<string mnemonic, string part, Type result> : Cute_InferredOp<mnemonic> {
  let summary = "the " # part # " of a composed layout `inner o offset o outer`";
  let description = [{
    ```mlir
    %p = cute.}] # mnemonic # [{(%c) : !cute.composed_layout<"S<3,4,3> o 2 o (8,64):(64,1)"> -> ...
    ```
  }];
  let arguments = (ins Cute_ComposedLayoutType:$input);
  let results = (outs result:$result);
  let assemblyFormat = "`(` $input `)` attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
}

def Cute_ComposedGetInnerOp : Cute_ComposedGetOp<"composed_get_inner", "inner part (a swizzle or a layout)", AnyTypeOf<[Cute_SwizzleType, Cute_LayoutType]>>;
def Cute_ComposedGetOffsetOp : Cute_ComposedGetOp<"composed_get_offset", "offset (an int-tuple)", Cute_IntTuple>;
def Cute_ComposedGetOuterOp : Cute_ComposedGetOp<"composed_get_outer", "outer layout", Cute_LayoutType>;

def Cute_GetLayoutsFromTileOp : Cute_InferredOp<"get_layouts_from_tile"> {
  let summary = "the layouts of a tile, depth-first, underscores skipped";
  let description = [{
    One `!cute.layout` per layout element of the tile (a shape element is
    its compact layout); a tile of underscores only is rejected.

    ```mlir
    %a, %b = cute.get_layouts_from_tile(%t) : !cute.tile<"[8:1;_;(2,2):(1,2)]">
    ```
  }];
  let arguments = (ins Cute_Tile:$tile);
  let results = (outs Variadic<Cute_LayoutType>:$layouts);
  let assemblyFormat = "`(` $tile `)` attr-dict `:` qualified(type($tile))";
  // Several results: no single-value fold (a static tile's layouts are
  // static types already).
  let hasFolder = 0;
  let cuteValueDefinitions = [{}];
}

def Cute_GetScalarsOp : Cute_InferredOp<"get_scalars", [], ["only_dynamic"]> {
  let summary = "the integers of a cute value (NVIDIA's get_scalars)";
  let description = [{
    A tuple gives its integer leaves; a layout its shape leaves, then its
    stride leaves; a composed layout its swizzle's three parameters, its
    offset, then its layout's; a swizzle its three parameters. With
    `only_dynamic`, only the run-time leaves (a swizzle's parameters always
    come). Each result is `i32` (`i64` for a `?{i64}` leaf). `cute-desugar`
    makes the static ones constants and reads the others (`get_leaves`).

    ```mlir
    %m, %ld = cute.get_scalars<{only_dynamic}> (%l) : !cute.layout<"(?,8):(1,?)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_AnyIntTuple, Cute_LayoutType, Cute_ComposedLayoutType, Cute_SwizzleType]>:$cute_value,
                       UnitAttr:$only_dynamic);
  let results = (outs Variadic<AnySignlessInteger>:$scalars);
  let assemblyFormat = "prop-dict `(` $cute_value `)` attr-dict `:` qualified(type($cute_value))";
  let hasFolder = 0;
  let cuteValueDefinitions = [{}];
}

} // opDocGroup

#endif // CUTE_CONSTRUCTION_OPS_TD
