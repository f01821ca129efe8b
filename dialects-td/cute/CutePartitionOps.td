//===- CutePartitionOps.td - slicing and partitioning ----------------------===//

#ifndef CUTE_PARTITION_OPS_TD
#define CUTE_PARTITION_OPS_TD

def Cute_ViewOrLayout : AnyTypeOf<[Cute_View, Cute_LayoutType]>;

def Cute_PartitionGroup : OpDocGroup {
  let summary = "Slicing and partitioning";
  let description = [{
    CuTe slice/dice and the local_tile / local_partition partitioners.
  }];
}

let opDocGroup = Cute_PartitionGroup in {

def Cute_SliceOp : Cute_InferredOp<"slice"> {
  let summary = "keep the modes where the coordinate is `_` (CuTe slice)";
  let description = [{
    Integer (static or dynamic) coordinate leaves remove their mode; `_`
    keeps it, flattened to the level of the `_`. The offset of the removed
    modes is `crd2idx` of the coordinate with `_` as 0.

    A view is sliced as CuTe slices a tensor (`tCsA(_,_,k,stage)`): its
    layout is sliced and its pointer moves by that offset (a swizzled view
    keeps its swizzle); the coordinate may be run-time.

    A composed layout slices its outer layout: with a layout inner part the
    removed modes' offset adds to the composed offset (CuTe's
    `slice_and_offset`), a swizzle keeps its offset (the offset moves the
    pointer, where the swizzle applies).

    ```mlir
    %s = cute.slice(%l, %c) : !cute.layout<"(4,8):(1,4)">, !cute.coord<"(_,?)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_View, Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$layout, Cute_CoordLike:$coord);
  let results = (outs AnyTypeOf<[Cute_View, Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$result);
  // NVIDIA's format: the result type is inferred, not printed.
  let assemblyFormat = "`(` $layout `,` $coord `)` attr-dict `:` qualified(type($layout)) `,` qualified(type($coord))";
}

def Cute_DiceOp : Cute_InferredOp<"dice"> {
  let summary = "keep the modes where the coordinate is NOT `_` (CuTe dice)";
  let description = [{
    ```mlir
    %d = cute.dice(%l, %c) : !cute.layout<"(4,8):(1,4)">, !cute.coord<"(_,1)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$layout, Cute_CoordLike:$coord);
  let results = (outs AnyTypeOf<[Cute_LayoutType, Cute_ComposedLayoutType, Cute_AnyIntTuple]>:$result);
  // NVIDIA's format: the result type is inferred, not printed.
  let assemblyFormat = "`(` $layout `,` $coord `)` attr-dict `:` qualified(type($layout)) `,` qualified(type($coord))";
}

def Cute_LocalTileOp : Cute_InferredOp<"local_tile"> {
  let summary = "the tile at a coordinate (CuTe local_tile / inner_partition)";
  let description = [{
    `zipped_divide(x, tiler)` sliced with `_` over the tile mode and `coord`
    (padded with `_`) over the rest mode. On a view the iterator is kept (its
    offset is applied when lowering); on a layout the result is the layout of
    one tile.

    ```mlir
    %t = cute.local_tile(%v, %tile, %c)
           : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(8,8):(1,8)">>, !cute.tile<"[2:1;4:1]">, !cute.coord<"(?,?)">)
           -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,4):(1,8)">>
    ```
  }];
  let arguments = (ins Cute_ViewOrLayout:$source, Cute_Tiler:$tiler, Cute_CoordLike:$coord);
  let results = (outs Cute_ViewOrLayout:$result);
  let assemblyFormat = "`(` $source `,` $tiler `,` $coord `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_LocalPartitionOp : Cute_InferredOp<"local_partition"> {
  let summary = "a thread's partition (CuTe local_partition / outer_partition)";
  let description = [{
    `zipped_divide(x, shape(thread_layout))` sliced with the thread's
    coordinate over the tile mode and `_` over the rest mode: the elements a
    thread owns when the tile is spread over the threads.

    ```mlir
    %p = cute.local_partition(%l, %thr, %tid)
           : (!cute.layout<"(8,8):(1,8)">, !cute.layout<"(2,4):(1,2)">, !cute.int_tuple<"?">)
           -> !cute.layout<"(4,2):(2,32)">
    ```
  }];
  let arguments = (ins Cute_ViewOrLayout:$source, Cute_LayoutType:$thread_layout,
                       Cute_AnyIntTuple:$index);
  let results = (outs Cute_ViewOrLayout:$result);
  let assemblyFormat = "`(` $source `,` $thread_layout `,` $index `)` attr-dict `:` functional-type(operands, $result)";
}

def Cute_TilePartitionOp : Cute_Op<"tile_partition", [Pure, AllTypesMatch<["pointer", "sub_pointer"]>]> {
  let summary = "carve a tile-shaped window out of a (pointer, layout) pair (spec 000)";
  let description = [{
    The window starts at element coordinate `coord` of `layout`: the pointer
    advances by `crd2idx(coord, layout)` and the result layout keeps the
    parent's strides with the declared tile shape.

    Preconditions: the tile layout has the parent's rank and strides, and
    every tile extent divides the parent's extent of that mode.

    ```mlir
    %p, %l = cute.tile_partition %base, %layout, %c
        : !cute.ptr<f16, smem>, !cute.layout<"(128,64):(1,128)">, !cute.coord<"(?,?)">
        -> !cute.ptr<f16, smem>, !cute.layout<"(32,32):(1,128)">
    ```
  }];
  let arguments = (ins Cute_Ptr:$pointer, Cute_LayoutType:$layout, Cute_CoordLike:$coord);
  let results = (outs Cute_Ptr:$sub_pointer, Cute_LayoutType:$sub_layout);
  let assemblyFormat = [{
    $pointer `,` $layout `,` $coord attr-dict `:` qualified(type($pointer)) `,`
    qualified(type($layout)) `,` qualified(type($coord)) `->` qualified(type($sub_pointer)) `,`
    qualified(type($sub_layout))
  }];
}

class Cute_TiledCopyPartitionOp<string mnemonic, string side> : Cute_InferredOp<mnemonic> {
  let summary = "a thread's " # side # " partition of a view under a tiled copy";
  let description = [{
    CuTe's `ThrCopy::partition_}] # !substr(side, 0, 1) # [{`: the view is divided by the copy's tiler, its
    tile mode re-indexed by (thread, value) through the thread-value layout
    and the atom's own thread-value layouts (from the copy-atom interface),
    and sliced at `thread_index`: the result layout is `(values, rest...)`.
    The atom type must describe its thread-value layouts.

    ```mlir
    %s = cute.}] # mnemonic # [{ %tc, %v, %tid
           : (!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"(8,4):(1,8)">, !cute.tile<"[8:1;4:1]">>,
              !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(16,8):(1,16)">>, !cute.int_tuple<"?">)
           -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,2,2):(16,8,64)">>
    ```
  }];
  let arguments = (ins Cute_TiledCopy:$tiled_copy, Cute_View:$view, Cute_AnyIntTuple:$thread_index);
  let results = (outs Cute_View:$result);
  let assemblyFormat = [{
    $tiled_copy `,` $view `,` $thread_index attr-dict `:` functional-type(operands, $result)
  }];
}

def Cute_TiledCopyPartitionSOp : Cute_TiledCopyPartitionOp<"tiled.copy.partition_S", "source">;
def Cute_TiledCopyPartitionDOp : Cute_TiledCopyPartitionOp<"tiled.copy.partition_D", "destination">;

def Cute_TiledCopyRetileOp : Cute_InferredOp<"tiled.copy.retile"> {
  let summary = "a thread's fragment regrouped as a tiled copy's values (CuTe retile)";
  let description = [{
    CuTe's `ThrCopy::retile_S/D` (`TiledCopy::retile`): the same elements
    (the iterator is unchanged) as `((atom_values, rest_values), rest...)`
    of the tiled copy, e.g. an MMA fragment seen by the ldmatrix copy that
    fills it. Checked against the CuTe DSL's values
    (`tests/fixtures/retile_cases.txt`).

    ```mlir
    %v = cute.tiled.copy.retile %s2r, %tCrA
        : (!cute.tiled_copy<...>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"((2,2,2),4,2):((1,2,4),16,8)">>)
        -> !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"((4,2),4,2):((1,4),16,8)">>
    ```
  }];
  let arguments = (ins Cute_TiledCopy:$tiled_copy, Cute_View:$view);
  let results = (outs Cute_View:$result);
  let assemblyFormat = "$tiled_copy `,` $view attr-dict `:` functional-type(operands, $result)";
}

class Cute_TiledMmaPartitionOp<string mnemonic, string operand, string modes> : Cute_InferredOp<mnemonic> {
  let summary = "a thread's " # operand # " partition of a view under a tiled MMA";
  let description = [{
    CuTe's `ThrMMA::partition_}] # operand # [{` (`TiledMMA::thrfrg_}] # operand # [{`,
    no permutation): the }] # modes # [{ view is divided into the atom's
    tiles, each tile re-indexed by (thread, value) through the atom's
    thread-value layout, the tiles distributed over the atom layout's
    threads, and the result sliced at `thread_index`:
    `(values, rest_0, rest_1)` (CuTe's `(MMA, MMA_X, MMA_Y)`). The atom must
    describe its thread-value layouts (`universal_fma`, SM80/SM89
    `mma.sync`); the values are checked against CuTe's (the CuTe DSL) in
    `tests/fixtures/mma_partitions.json`.

    ```mlir
    %tCsA = cute.tiled.mma.partition_}] # operand # [{ %mma, %sA, %tid
        : (!cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>,
           !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(128,32):(32,1)">>, !cute.int_tuple<"?">)
        -> !cute.view<...>
    ```
  }];
  let arguments = (ins Cute_TiledMma:$tiled_mma, Cute_View:$view, Cute_AnyIntTuple:$thread_index);
  let results = (outs Cute_View:$result);
  let assemblyFormat = [{
    $tiled_mma `,` $view `,` $thread_index attr-dict `:` functional-type(operands, $result)
  }];
}

def Cute_TiledMmaPartitionAOp : Cute_TiledMmaPartitionOp<"tiled.mma.partition_A", "A", "(M,K)">;
def Cute_TiledMmaPartitionBOp : Cute_TiledMmaPartitionOp<"tiled.mma.partition_B", "B", "(N,K)">;
def Cute_TiledMmaPartitionCOp : Cute_TiledMmaPartitionOp<"tiled.mma.partition_C", "C", "(M,N)">;

} // opDocGroup

#endif // CUTE_PARTITION_OPS_TD
