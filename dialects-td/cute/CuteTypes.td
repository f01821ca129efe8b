//===- CuteTypes.td - types of the `cute` dialect --------------------------===//

#ifndef CUTE_TYPES_TD
#define CUTE_TYPES_TD

include "cute/CuteDialect.td"
include "cute/CuteInterfaces.td"

// The dialect parses and prints its types by hand (CuteDialect.cpp), since
// five mnemonics share the int-tuple storage; no ODS mnemonic is set.
class Cute_Type<string name, string spelling, list<Trait> traits = []>
    : TypeDef<Cute_Dialect, name, traits> {
  let typeName = "cute." # spelling;
}

// One storage for every int-tuple kind (spec 002: "the result type narrows from
// !cute.int_tuple to !cute.shape through a kind-discriminator field").
def Cute_IntTupleType : Cute_Type<"IntTuple", "int_tuple"> {
  let summary = "hierarchical integer tuple (int_tuple, shape, stride, coord or tile)";
  let description = [{
    A hierarchical tuple of integers in CuTe notation. The `kind` selects the
    spelling and the validity rules: `!cute.int_tuple<"(?,128)">` (any
    integers), `!cute.shape<"(8,4)">` (positive extents),
    `!cute.stride<"(1,8)">` (integers or scaled bases `N@dim`),
    `!cute.coord<"(_,1)">` (integers or `_`) and `!cute.tile<"[128:1;64:1]">`.
    `?` marks a dynamic leaf, optionally `?{div=8}`, `?{i64}` or a declared
    bound `?{max=65536}` (combined as `?{div=8,max=65536,i64}`). `div` and
    `max` are promises about the run-time value; a bound lets offsets
    through the leaf stay 32-bit (an i32 leaf's bound is at most 2^31 - 1).
  }];
  let parameters = (ins "::mlir::cute::TupleKind":$kind,
                        StringRefParameter<"canonical CuTe notation">:$spec);
}

def Cute_LayoutType : Cute_Type<"Layout", "layout"> {
  let summary = "a CuTe layout: congruent shape and stride trees";
  let description = [{
    `!cute.layout<"((2,4),4):((1,16),8)">` maps coordinates of the shape to
    offsets through the stride. The spec's spellings `!cute.layout<<8:1, 4:8>>`
    and `!cute.layout<<((2, 4), 4):((1, 16), 8)>>` parse too; the printer
    always prints the quoted canonical form.
  }];
  let parameters = (ins StringRefParameter<"canonical CuTe notation">:$spec);
}

def Cute_SwizzleType : Cute_Type<"Swizzle", "swizzle"> {
  let summary = "a CuTe swizzle functor S<B,M,S> (XOR of address bits)";
  let description = [{
    `!cute.swizzle<"S<3,4,3>">` is CuTe's `Swizzle<B,M,S>`: it XORs the `B`
    bits starting at bit `M+S` into the `B` bits starting at bit `M`, a
    self-inverse permutation of offsets. `Sw<B,M,S>` parses too.
  }];
  let parameters = (ins StringRefParameter<"canonical notation">:$spec);
}

def Cute_ComposedLayoutType : Cute_Type<"ComposedLayout", "composed_layout"> {
  let summary = "a composed layout: inner functor o offset o outer layout";
  let description = [{
    `!cute.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">` evaluates
    `inner(offset + outer(c))`, CuTe's `ComposedLayout` with a swizzle inner
    functor; the usual form of a swizzled shared-memory layout.
  }];
  let parameters = (ins StringRefParameter<"canonical notation">:$spec);
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def Cute_SpecAttr : AttrDef<Cute_Dialect, "Spec"> {
  let attrName = "cute.spec";
  let summary = "a static CuTe value as an attribute: layout, tile, coord, basis, ...";
  let description = [{
    The attribute form of the static values the types carry, for ops and
    passes that keep layouts as attributes: `#cute.layout<"(8,4):(1,8)">`,
    `#cute.tile<"[128:1;64:1]">`, `#cute.coord<"(_,1)">`,
    `#cute.shape<"(8,4)">`, `#cute.stride<"(1,8)">`,
    `#cute.int_tuple<"(2,?)">`, `#cute.swizzle<"S<3,4,3>">`,
    `#cute.composed_layout<"...">` and `#cute.basis<"(1@0,1@1)">`, the
    basis-vector descriptor grammar of spec 001 (fractions `1/2@0`,
    multi-dimension bases `1@0@1`, empty groups `()`). Parsed and
    canonicalized by the Rust layout module, like the types.
  }];
  let parameters = (ins "uint32_t":$kind, StringRefParameter<"canonical notation">:$spec);
}

//===----------------------------------------------------------------------===//
// Pointers, views and descriptor iterators (ODS mnemonics; the dialect's
// hand-written parser tries ODS's generated parser first).
//===----------------------------------------------------------------------===//

def Cute_PtrType : Cute_Type<"Ptr", "ptr"> {
  let mnemonic = "ptr";
  let summary = "a typed pointer into an address space, with a known alignment";
  let description = [{
    `!cute.ptr<f16, smem, align<16>>`. The address space is `generic` (0),
    `gmem` (1), `smem` (3), `rmem` (5), `tmem` (6) or another NVVM address
    space number; the alignment (bytes, a power of two) defaults to 1 and is
    printed only when larger.
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$addressSpace,
                        DefaultValuedParameter<"uint64_t", "1">:$alignment);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Cute_DescIterType : Cute_Type<"DescIter", "desc_iter"> {
  let mnemonic = "desc_iter";
  let summary = "a descriptor iterator: base pointer, current index, stride";
  let description = [{
    Built by the descriptor form of `cute.get_iter`, advanced and rewound by
    `cute.add_offset`, read by `cute.deref_desc_iter`. Lowers to
    `!llvm.struct<(ptr, i32, i32)>` (spec 000).

    ```mlir
    !cute.desc_iter<!cute.ptr<f16, smem, align<16>>>
    ```
  }];
  let parameters = (ins "::mlir::cute::PtrType":$pointer);
  let assemblyFormat = "`<` qualified($pointer) `>`";
}

def Cute_ViewType : Cute_Type<"View", "view"> {
  let mnemonic = "view";
  let summary = "a tensor view: an iterator (pointer or memref) with a layout";
  let description = [{
    CuTe's `Tensor<Engine, Layout>`: `!cute.view<!cute.ptr<f32, gmem>,
    !cute.layout<"(?,?):(1,?)">>`. The iterator is a `!cute.ptr`, a memref or
    a descriptor iterator; the layout is a layout or a composed (swizzled)
    layout.
  }];
  let parameters = (ins "::mlir::Type":$iterator, "::mlir::Type":$layout);
  let assemblyFormat = "`<` $iterator `,` $layout `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Tiled atoms
//===----------------------------------------------------------------------===//

def Cute_TiledCopyType : Cute_Type<"TiledCopy", "tiled_copy"> {
  let mnemonic = "tiled_copy";
  let summary = "a copy atom tiled over threads: (atom, thread-value layout, tiler)";
  let description = [{
    CuTe's `TiledCopy`: `!cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>,
    !cute.layout<"(32,4):(4,1)">, !cute.tile<"[32:1;4:1]">>`. The atom type
    implements the copy-atom interface.
  }];
  let parameters = (ins "::mlir::Type":$atom, "::mlir::cute::LayoutType":$layoutTV,
                        "::mlir::cute::IntTupleType":$tiler);
  let assemblyFormat = "`<` $atom `,` qualified($layoutTV) `,` qualified($tiler) `>`";
  let genVerifyDecl = 1;
}

def Cute_TiledMmaType : Cute_Type<"TiledMma", "tiled_mma"> {
  let mnemonic = "tiled_mma";
  let summary = "an MMA atom tiled over threads: (atom, atom layout)";
  let description = [{
    CuTe's `TiledMMA`: `!cute.tiled_mma<!cute_nvgpu.atom.universal_fma<f32, f32, f32>,
    !cute.layout<"(16,8,1):(1,16,0)">>`. The atom type implements the
    MMA-atom interface; the atom layout arranges atoms over (M,N,K).
  }];
  let parameters = (ins "::mlir::Type":$atom, "::mlir::cute::LayoutType":$atomLayout);
  let assemblyFormat = "`<` $atom `,` qualified($atomLayout) `>`";
  let genVerifyDecl = 1;
}

#endif // CUTE_TYPES_TD
