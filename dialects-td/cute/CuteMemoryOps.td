//===- CuteMemoryOps.td - views, iterators, pointers, memory ---------------===//

#ifndef CUTE_MEMORY_OPS_TD
#define CUTE_MEMORY_OPS_TD

def Cute_Ptr : Type<CPred<"::llvm::isa<::mlir::cute::PtrType>($_self)">, "!cute.ptr",
                    "::mlir::cute::PtrType">;
def Cute_DescIter : Type<CPred<"::llvm::isa<::mlir::cute::DescIterType>($_self)">,
                         "!cute.desc_iter", "::mlir::cute::DescIterType">;
def Cute_View : Type<CPred<"::llvm::isa<::mlir::cute::ViewType>($_self)">, "!cute.view",
                     "::mlir::cute::ViewType">;
def Cute_Iterator : AnyTypeOf<[Cute_Ptr, AnyMemRef, Cute_DescIter, Cute_IntTuple]>;

def Cute_MemoryGroup : OpDocGroup {
  let summary = "Views, iterators, pointers and memory";
  let description = [{
    Views tie an iterator to a layout; descriptor iterators walk tiles; pointer casts; loads, stores and printing.
  }];
}

let opDocGroup = Cute_MemoryGroup in {

def Cute_MakeViewOp : Cute_Op<"make_view", [Pure,
    TypesMatchWith<"the view's iterator is the iterator operand", "result", "iterator",
                   "::llvm::cast<::mlir::cute::ViewType>($_self).getIterator()">,
    TypesMatchWith<"the view's layout is the layout operand", "result", "layout",
                   "::llvm::cast<::mlir::cute::ViewType>($_self).getLayout()">]> {
  let summary = "tie an iterator (pointer, memref, descriptor iterator) to a layout";
  let description = [{
    ```mlir
    %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,8):(8,1)">>
    ```
  }];
  let arguments = (ins Cute_Iterator:$iterator, Cute_AnyLayout:$layout);
  let results = (outs Cute_View:$result);
  let assemblyFormat = "$iterator `,` $layout attr-dict `:` qualified(type($result))";
}

def Cute_MakeIdentityTensorOp : Cute_InferredOp<"make_identity_tensor", [Pure]> {
  let summary = "CuTe's make_identity_tensor: a coordinate tensor over a shape";
  let description = [{
    The view whose element at every coordinate is that coordinate: its
    iterator is the origin (`repeat_like(shape, 0)`), its layout the
    identity layout of the shape (`cute.make_identity_layout`). Tiled and
    partitioned like the data it stands for (`cute.local_tile`, the tiled
    copy's and MMA's partitions, `cute.slice`), it gives each thread the
    global coordinates of its elements; `cute.load` reads one, and
    `cute.elem_less` against the tensor's extents is the predicate of a
    copy at a ragged edge (CuTe's copy_if). NVIDIA's IR spells the type
    `!cute.coord_tensor<"iterator", "layout">`, a `!cute.view` over a
    `!cute.int_tuple` iterator.

    ```mlir
    %c = cute.make_identity_tensor(%shape) : !cute.shape<"(?,?)"> -> !cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">
    ```
  }];
  let arguments = (ins Cute_Shape:$shape);
  let results = (outs Cute_View:$result);
  let assemblyFormat = "`(` $shape `)` attr-dict `:` qualified(type($shape)) `->` qualified(type($result))";
}

def Cute_MakeTensorOp : Cute_Op<"make_tensor", [Pure,
    TypesMatchWith<"the view's iterator is the iterator operand", "result", "iterator",
                   "::llvm::cast<::mlir::cute::ViewType>($_self).getIterator()">,
    TypesMatchWith<"the view's layout is the layout operand", "result", "layout",
                   "::llvm::cast<::mlir::cute::ViewType>($_self).getLayout()">]> {
  let summary = "CuTe's make_tensor (sugar for cute.make_view)";
  let description = [{
    View-construction sugar; `cute-desugar` rewrites it to `cute.make_view`.

    ```mlir
    %v = cute.make_tensor %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>
    ```
  }];
  let arguments = (ins Cute_Iterator:$iterator, Cute_AnyLayout:$layout);
  let results = (outs Cute_View:$result);
  let assemblyFormat = "$iterator `,` $layout attr-dict `:` qualified(type($result))";
}

def Cute_GetLayoutOp : Cute_Op<"get_layout", [Pure,
    TypesMatchWith<"the result is the view's layout", "view", "result",
                   "::llvm::cast<::mlir::cute::ViewType>($_self).getLayout()">]> {
  let summary = "the layout of a view";
  let description = [{
    ```mlir
    %l = cute.get_layout %v : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>
    ```
  }];
  let arguments = (ins Cute_View:$view);
  let results = (outs Cute_AnyLayout:$result);
  let assemblyFormat = "$view attr-dict `:` qualified(type($view))";
}

def Cute_GetIterOp : Cute_Op<"get_iter", [Pure, AttrSizedOperandSegments]> {
  let summary = "the iterator of a view, or a new descriptor iterator";
  let description = [{
    Two forms (spec 000):
    * `cute.get_iter %view`: the view's iterator.
    * `cute.get_iter %base, %extent, %tile_shape, %stride`: a descriptor
      iterator over `ceil(extent / tile_shape)` tiles starting at the pointer
      `%base`, stepping by `%stride` elements (index 0 initially).

    ```mlir
    %p = cute.get_iter %v : (!cute.view<!cute.ptr<f16, smem>, !cute.layout<"64:1">>) -> !cute.ptr<f16, smem>
    %it = cute.get_iter %base, %extent, %tile, %stride
            : (!cute.ptr<f16, smem>, i32, i32, i32) -> !cute.desc_iter<!cute.ptr<f16, smem>>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_View, Cute_Ptr]>:$source, Optional<I32>:$extent,
                       Optional<I32>:$tile_shape, Optional<I32>:$stride);
  let results = (outs Cute_Iterator:$result);
  let assemblyFormat = [{
    $source (`,` $extent^ `,` $tile_shape `,` $stride)? attr-dict `:` functional-type(operands, results)
  }];
}

def Cute_DerefDescIterOp : Cute_Op<"deref_desc_iter", [Pure,
    TypesMatchWith<"the result is the iterator's pointer type", "iterator", "result",
                   "::llvm::cast<::mlir::cute::DescIterType>($_self).getPointer()">]> {
  let summary = "the pointer a descriptor iterator currently designates";
  let description = [{
    `base + index * stride`.

    ```mlir
    %p = cute.deref_desc_iter %it : !cute.desc_iter<!cute.ptr<f16, smem>>
    ```
  }];
  let arguments = (ins Cute_DescIter:$iterator);
  let results = (outs Cute_Ptr:$result);
  let assemblyFormat = "$iterator attr-dict `:` qualified(type($iterator))";
}

def Cute_AddOffsetOp : Cute_Op<"add_offset", [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "advance (or, with `rewind`, move back) an iterator or pointer";
  let description = [{
    On a descriptor iterator the offset counts tiles (index += offset, or -=
    with `rewind`); on a pointer it counts elements.

    ```mlir
    %next = cute.add_offset %it, %c1 : !cute.desc_iter<!cute.ptr<f16, smem>>, i32
    %prev = cute.add_offset %it, %c1 rewind : !cute.desc_iter<!cute.ptr<f16, smem>>, i32
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_DescIter, Cute_Ptr]>:$source, Cute_Leaf:$offset,
                       UnitAttr:$rewind);
  let results = (outs AnyTypeOf<[Cute_DescIter, Cute_Ptr]>:$result);
  let assemblyFormat = [{
    $source `,` $offset (`rewind` $rewind^)? attr-dict `:` qualified(type($source)) `,` type($offset)
  }];
}

def Cute_AllocSmemOp : Cute_Op<"alloc_smem", []> {
  let summary = "a kernel's shared-memory storage, as a typed shared-memory pointer";
  let description = [{
    Static shared memory of `elements` values of the pointer's element type
    for the enclosing kernel (CuTe's `__shared__` SharedStorage): every
    execution of the op yields the same storage. The result is a
    `!cute.ptr<T, smem>`; `make_view` gives it a layout.

    Preconditions: `elements` is positive; the pointer is in shared memory;
    the op is inside a function.
    The lowering puts an `llvm.mlir.global` in address space 3 into the
    nearest module (a gpu.module for kernels) and takes its address.

    ```mlir
    %s = cute.alloc_smem 1024 : !cute.ptr<f32, smem, align<16>>
    ```
  }];
  let arguments = (ins I64Attr:$elements);
  let results = (outs Cute_Ptr:$result);
  let assemblyFormat = "$elements attr-dict `:` qualified(type($result))";
}

def Cute_AllocRmemOp : Cute_Op<"alloc_rmem", []> {
  let summary = "a thread's register fragment storage, as a typed register pointer";
  let description = [{
    Storage for `elements` values of the pointer's element type in the
    executing thread's registers (CuTe's `make_fragment_like` /
    `make_tensor<T>(layout)` register tensors); `make_view` gives it a layout.
    Each execution of the enclosing function gets its own storage, once:
    the lowering allocates it at function entry.

    Preconditions: `elements` is positive; the pointer is in register
    memory (`rmem`); the op is inside a function.

    ```mlir
    %f = cute.alloc_rmem 4 : !cute.ptr<f32, rmem>
    ```
  }];
  let arguments = (ins I64Attr:$elements);
  let results = (outs Cute_Ptr:$result);
  let assemblyFormat = "$elements attr-dict `:` qualified(type($result))";
}

def Cute_IntToPtrOp : Cute_Op<"inttoptr", [Pure]> {
  let summary = "an integer address as a typed pointer";
  let description = [{
    ```mlir
    %p = cute.inttoptr %addr : i64 to !cute.ptr<f32, gmem, align<16>>
    ```
  }];
  let arguments = (ins AnySignlessInteger:$address);
  let results = (outs Cute_Ptr:$result);
  let assemblyFormat = "$address attr-dict `:` type($address) `to` qualified(type($result))";
}

def Cute_PtrToIntOp : Cute_Op<"ptrtoint", [Pure]> {
  let summary = "the address of a pointer as an integer";
  let description = [{
    ```mlir
    %a = cute.ptrtoint %p : !cute.ptr<f32, gmem> to i64
    ```
  }];
  let arguments = (ins Cute_Ptr:$pointer);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = "$pointer attr-dict `:` qualified(type($pointer)) `to` type($result)";
}

def Cute_RecastOp : Cute_Op<"recast", [Pure]> {
  let summary = "reinterpret a pointer's element type (same address space)";
  let description = [{
    Preconditions: same address space; the result alignment does not exceed
    the source alignment.

    ```mlir
    %q = cute.recast %p : !cute.ptr<f16, smem, align<16>> to !cute.ptr<i32, smem, align<16>>
    ```
  }];
  let arguments = (ins Cute_Ptr:$pointer);
  let results = (outs Cute_Ptr:$result);
  let assemblyFormat = "$pointer attr-dict `:` qualified(type($pointer)) `to` qualified(type($result))";
}

def Cute_LoadOp : Cute_Op<"load", [MemoryEffects<[MemRead]>,
    TypesMatchWith<"the result is the view's element type", "view", "result",
                   "::mlir::cute::getViewElementType($_self)">]> {
  let summary = "load the element at a coordinate of a view";
  let description = [{
    The coordinate is weakly congruent to the view's shape.

    ```mlir
    %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(?,?)">
    ```
  }];
  let arguments = (ins Cute_View:$view, Cute_CoordLike:$coord);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$view `[` $coord `]` attr-dict `:` qualified(type($view)) `,` qualified(type($coord))";
}

def Cute_StoreOp : Cute_Op<"store", [MemoryEffects<[MemWrite]>,
    TypesMatchWith<"the value is the view's element type", "view", "value",
                   "::mlir::cute::getViewElementType($_self)">]> {
  let summary = "store an element at a coordinate of a view";
  let description = [{
    ```mlir
    cute.store %x, %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4,8):(8,1)">>, !cute.coord<"(?,?)">
    ```
  }];
  let arguments = (ins AnyType:$value, Cute_View:$view, Cute_CoordLike:$coord);
  let assemblyFormat = "$value `,` $view `[` $coord `]` attr-dict `:` qualified(type($view)) `,` qualified(type($coord))";
}

def Cute_LoadVecOp : Cute_Op<"load_vec", [MemoryEffects<[MemRead]>]> {
  let summary = "every element of a static view as one vector (the CuTe DSL's `tensor.load()`)";
  let description = [{
    Element `i` of the vector is the view's element at index `i` of its
    shape (colexicographic, CuTe's order), so an elementwise epilogue works
    on a register fragment as a whole (NVIDIA's `cute.memref.load_vec`).
    The view's size is static; the vector has that many of its elements.

    ```mlir
    %v = cute.load_vec %frag : !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">> -> vector<4xf32>
    ```
  }];
  let arguments = (ins Cute_View:$view);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let assemblyFormat = "$view attr-dict `:` qualified(type($view)) `->` type($result)";
}

def Cute_StoreVecOp : Cute_Op<"store_vec", [MemoryEffects<[MemWrite]>]> {
  let summary = "store a vector into every element of a static view (the CuTe DSL's `tensor.store(v)`)";
  let description = [{
    The inverse of `cute.load_vec`: element `i` of the vector goes to the
    view's element at index `i` of its shape (NVIDIA's
    `cute.memref.store_vec`).

    ```mlir
    cute.store_vec %v, %frag : vector<4xbf16>, !cute.view<!cute.ptr<bf16, rmem>, !cute.layout<"(2,2):(1,2)">>
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$value, Cute_View:$view);
  let assemblyFormat = "$value `,` $view attr-dict `:` type($value) `,` qualified(type($view))";
}

def Cute_MakeFragmentLikeOp : Cute_InferredOp<"make_fragment_like", [MemoryEffects<[MemAlloc]>]> {
  let summary = "a register fragment shaped like a view (CuTe make_fragment_like)";
  let description = [{
    CuTe's `make_fragment_like(tensor)`: per-thread register storage of the
    view's shape, with the compact column-major layout of that shape and the
    view's element type (`!cute.ptr<T, rmem, align<16>>`). The shape is
    static. Typically the fragments of an MMA partition
    (`partition_fragment_A/B/C` = `make_fragment_like(partition_A/B/C(...))`).
    `cute-desugar` makes it a `cute.alloc_rmem` and a `cute.make_view`.

    ```mlir
    %frag = cute.make_fragment_like %tCsA : !cute.view<!cute.ptr<f16, smem>, !cute.layout<"((2,2,2),4,2):((1,256,8),1024,16)">>
        -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),4,2):((1,2,4),8,32)">>
    ```
  }];
  let arguments = (ins Cute_View:$view);
  let results = (outs Cute_View:$result);
  let assemblyFormat = "$view attr-dict `:` qualified(type($view)) `->` qualified(type($result))";
}

def Cute_FillOp : Cute_Op<"fill", [MemoryEffects<[MemWrite]>,
    TypesMatchWith<"the value is the view's element type", "view", "value",
                   "::mlir::cute::getViewElementType($_self)">]> {
  let summary = "store one value into every element of a view (CuTe fill / clear)";
  let description = [{
    CuTe's `fill(tensor, value)` (`clear` is `fill` with zero), typically to
    zero an accumulator fragment. The view's size is static;
    `cute-desugar` unrolls it into one `cute.store` per element at a static
    coordinate, so a register fragment stays in registers.

    ```mlir
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"((2,2),4,8):((1,2),4,16)">>
    ```
  }];
  let arguments = (ins AnyType:$value, Cute_View:$view);
  let assemblyFormat = "$value `,` $view attr-dict `:` type($value) `,` qualified(type($view))";
}

def Cute_PrintOp : Cute_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "print values (debugging)";
  let description = [{
    Prints an optional prefix and each value: static cute values print their
    notation; views print their elements (a dynamic print desugars into a
    loop over the coordinates, spec 002).

    NVIDIA's CuTe IR spelling, `cute.print(%x) : T`; more values and an
    optional `prefix` attribute (printed first) are ours.

    ```mlir
    cute.print(%l) : !cute.layout<"(4,8):(8,1)">
    cute.print(%l, %s) {prefix = "layout, shape: "} : !cute.layout<"(4,8):(8,1)">, !cute.shape<"(?,2)">
    ```
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$prefix, Variadic<AnyType>:$values);
  let assemblyFormat = "`(` $values `)` attr-dict `:` qualified(type($values))";
}

} // opDocGroup

#endif // CUTE_MEMORY_OPS_TD
