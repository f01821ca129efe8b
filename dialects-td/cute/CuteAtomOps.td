//===- CuteAtomOps.td - atoms, tiled copies and MMAs, kernel marker --------===//

#ifndef CUTE_ATOM_OPS_TD
#define CUTE_ATOM_OPS_TD

def Cute_AtomType : Type<CPred<"::llvm::isa<::mlir::cute::AtomLikeTypeInterface>($_self)">,
                         "a type implementing an atom interface">;
def Cute_CopyAtom : Type<CPred<"::llvm::isa<::mlir::cute::CopyAtomTypeInterface>($_self)">,
                         "a copy atom type">;
def Cute_MmaAtom : Type<CPred<"::llvm::isa<::mlir::cute::MmaAtomTypeInterface>($_self)">,
                        "an MMA atom type">;
def Cute_TiledCopy : Type<CPred<"::llvm::isa<::mlir::cute::TiledCopyType>($_self)">,
                          "!cute.tiled_copy", "::mlir::cute::TiledCopyType">;
def Cute_TiledMma : Type<CPred<"::llvm::isa<::mlir::cute::TiledMmaType>($_self)">,
                         "!cute.tiled_mma", "::mlir::cute::TiledMmaType">;

def Cute_AtomGroup : OpDocGroup {
  let summary = "Atoms";
  let description = [{
    Atoms are types implementing the atom interfaces; these ops build and call them without knowing the SM tier.
  }];
}

let opDocGroup = Cute_AtomGroup in {

def Cute_MakeAtomOp : Cute_Op<"make_atom", [Pure]> {
  let summary = "build an atom; the result type decides which (spec 002)";
  let description = [{
    Generic atom builder: the result type's atom interfaces (MMA, copy, TMA,
    ...) decide what is built; operands are the atom's run-time parameters
    (for example TMA descriptors), checked by the atom type. `cute-desugar`
    rebuilds it with the atom's bundle (`kind` = `mma`, `copy` or `tma`).

    ```mlir
    %a = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$parameters);
  let results = (outs Cute_AtomType:$result);
  let assemblyFormat = "($parameters^ `:` type($parameters) `->`)? attr-dict `:` type($result)";
}

def Cute_MakeTiledCopyOp : Cute_Op<"make_tiled_copy", [Pure,
    TypesMatchWith<"the atom is the tiled copy's atom", "result", "atom",
                   "::llvm::cast<::mlir::cute::TiledCopyType>($_self).getAtom()">]> {
  let summary = "tile a copy atom over threads and values";
  let description = [{
    Preconditions: the thread-value layout's size is a multiple of the
    tiler's size (every tile element is owned by a thread-value pair).

    ```mlir
    %tc = cute.make_tiled_copy %atom : !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>,
            !cute.layout<"(32,4):(4,1)">, !cute.tile<"[32:1;4:1]">>
    ```
  }];
  let arguments = (ins Cute_CopyAtom:$atom);
  let results = (outs Cute_TiledCopy:$result);
  let assemblyFormat = "$atom attr-dict `:` qualified(type($result))";
}

def Cute_MakeTiledMmaOp : Cute_Op<"make_tiled_mma", [Pure,
    TypesMatchWith<"the atom is the tiled MMA's atom", "result", "atom",
                   "::llvm::cast<::mlir::cute::TiledMmaType>($_self).getAtom()">]> {
  let summary = "tile an MMA atom over an (M,N,K) atom layout";
  let description = [{
    ```mlir
    %tm = cute.make_tiled_mma %atom : !cute.tiled_mma<!cute_nvgpu.atom.universal_fma<f32, f32, f32>,
            !cute.layout<"(16,8,1):(1,16,0)">>
    ```
  }];
  let arguments = (ins Cute_MmaAtom:$atom);
  let results = (outs Cute_TiledMma:$result);
  let assemblyFormat = "$atom attr-dict `:` qualified(type($result))";
}

class Cute_MakeTiledCopyForMmaOp<string mnemonic, string operand, string modes> : Cute_InferredOp<mnemonic> {
  let summary = "tile a copy atom like a tiled MMA's " # operand # " operand";
  let description = [{
    CuTe's `make_tiled_copy_}] # operand # [{(copy_atom, tiled_mma)`: the tiled copy
    whose thread-value layout is the tiled MMA's }] # operand # [{ layout
    (`get_layout}] # operand # [{_TV`: thread index and value to the }] # modes # [{ tile) and
    whose tiler is that tile, so each thread copies exactly the values it
    feeds to (or receives from) the MMA. The result type is inferred.

    ```mlir
    %s2r = cute.make_tiled_copy_}] # operand # [{ %ldsm, %mma
        : (!cute_nvgpu.atom.ldsm<m8n8.x4, f16>, !cute.tiled_mma<...>) -> !cute.tiled_copy<...>
    ```
  }];
  let arguments = (ins Cute_CopyAtom:$atom, Cute_TiledMma:$tiled_mma);
  let results = (outs Cute_TiledCopy:$result);
  let assemblyFormat = "$atom `,` $tiled_mma attr-dict `:` functional-type(operands, $result)";
}

def Cute_MakeTiledCopyAOp : Cute_MakeTiledCopyForMmaOp<"make_tiled_copy_A", "A", "(M,K)">;
def Cute_MakeTiledCopyBOp : Cute_MakeTiledCopyForMmaOp<"make_tiled_copy_B", "B", "(N,K)">;
def Cute_MakeTiledCopyCOp : Cute_MakeTiledCopyForMmaOp<"make_tiled_copy_C", "C", "(M,N)">;

def Cute_CopyOp : Cute_Op<"copy", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a (tiled) copy over partitioned views: one atom call per rest coordinate";
  let description = [{
    CuTe's `copy(copy_atom, src, dst)`: `src` is `(V_src, rest...)` and
    `dst` `(V_dst, rest...)` with the same static rest shape; every rest
    coordinate is one atom instance over that coordinate's values
    (`cute-desugar` unrolls it into `cute.copy_atom_call`s, which the atom
    verifies and lowers).

    ```mlir
    cute.copy %tiled_copy, %tAgA, %tAsA : !cute.tiled_copy<...>, !cute.view<...>, !cute.view<...>
    ```

    With `pred(%p : view)` it is CuTe's `copy_if(copy_atom, pred, src,
    dst)`: `%p` is a view of `i8` (a byte per predicate, nonzero true: the
    CuTe DSL's Boolean in memory) with one value per rest coordinate
    (indexed by the rest coordinate's column-major index, as CuTe's
    `pred(i)`), and the instances at coordinate `i` get `pred(%p(i))` (an
    instance whose predicate is false copies nothing, or zero-fills with
    `cp.async`: see `cute.copy_atom_call`).

    ```mlir
    cute.copy %tiled_copy, %tAgA, %tAsA pred(%tApA : !cute.view<!cute.ptr<i8, rmem>, !cute.layout<"(4,2):(1,4)">>)
        : !cute.tiled_copy<...>, !cute.view<...>, !cute.view<...>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_CopyAtom, Cute_TiledCopy]>:$atom, Cute_View:$source, Cute_View:$destination,
                       Optional<Cute_View>:$pred);
  let assemblyFormat = [{
    $atom `,` $source `,` $destination (`pred` `(` $pred^ `:` qualified(type($pred)) `)`)? attr-dict `:`
    qualified(type($atom)) `,` qualified(type($source)) `,` qualified(type($destination))
  }];
}

def Cute_GemmOp : Cute_Op<"gemm", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "a (tiled) MMA over partitioned fragments: D = A * B + C";
  let description = [{
    CuTe's `gemm(tiled_mma, D, A, B, C)` over partitioned fragments:
    `A (V, M, K)`, `B (V, N, K)`, `C`/`D (V, M, N)` with static rest modes;
    every `(m, n, k)` is one atom instance `D(_,m,n) = A(_,m,k) * B(_,n,k) +
    C(_,m,n)`, k outermost (`cute-desugar` unrolls it into
    `cute.mma_atom_call`s).

    Tensor-memory (UMMA) atoms accumulate in place: `accumulate(%p)` says
    whether the first k-block adds to D (`%p` true) or overwrites it (CuTe's
    `tiled_mma.accumulate_`, `UMMA::ScaleOut`); later k-blocks always add.

    ```mlir
    cute.gemm %mma, %acc, %tCrA, %tCrB, %acc : !cute.tiled_mma<...>, !cute.view<...>, ...
    cute.gemm %umma, %tmem, %sA, %sB, %tmem accumulate(%not_first) : ...
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_MmaAtom, Cute_TiledMma]>:$atom, Cute_View:$d, Cute_View:$a, Cute_View:$b, Cute_View:$c,
                       Optional<I1>:$accumulate);
  let assemblyFormat = [{
    $atom `,` $d `,` $a `,` $b `,` $c (`accumulate` `(` $accumulate^ `)`)? attr-dict `:` qualified(type($atom)) `,`
    qualified(type($d)) `,` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))
  }];
}

def Cute_CopyAtomCallOp : Cute_Op<"copy_atom_call", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "one copy atom instance: src view to dst view";
  let description = [{
    Verification (spec 002): both views have the same size and a layout of
    rank >= 1, and the atom's dialect accepts the instance (element types,
    residencies, layouts: src/dialect/atoms.rs).

    ```mlir
    cute.copy_atom_call %atom, %src, %dst : !cute_nvgpu.atom.universal_copy<f32>,
        !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>, !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"1:0">>
    ```

    `pred(%p)` (an `i1`) predicates the instance, as CuTe's copy_if: when
    `%p` is false, an SM80 `cp.async` atom reads nothing and zero-fills its
    destination (`src-size` 0: CuTe's `SM80_CP_ASYNC_*_ZFILL`), and every
    other atom copies nothing (`cute-desugar` puts the call under `scf.if`).

    ```mlir
    cute.copy_atom_call %cp_async, %g, %s pred(%in) : !cute_nvgpu.atom.simt_async_copy<16, f16>, !G, !S
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_CopyAtom, Cute_TiledCopy]>:$atom, Cute_View:$src, Cute_View:$dst, Optional<I1>:$pred);
  let assemblyFormat = [{
    $atom `,` $src `,` $dst (`pred` `(` $pred^ `)`)? attr-dict `:` type($atom) `,` qualified(type($src)) `,`
    qualified(type($dst))
  }];
}

def Cute_MmaAtomCallOp : Cute_Op<"mma_atom_call", [MemoryEffects<[MemRead, MemWrite]>,
                                                    AttrSizedOperandSegments]> {
  let summary = "one MMA atom instance: D = A * B + C";
  let description = [{
    Verification (spec 002): every operand view has a layout of rank >= 1,
    C and D have the same shape, and the atom's dialect accepts the instance
    (element types, residencies, layouts: src/dialect/atoms.rs).

    Sparse and block-scaled atoms take their extra operands as optional
    groups (spec 003 "Registry Invariants": metadata through typed operands):
    `metadata(%e : view)` for structured-sparse atoms (SparseMetadataAtom: the
    32-bit metadata words alongside A) and `scales(%sfa, %sfb : views)` for
    block-scaled atoms (BlockScaleAtom: one scale-factor view per A and B, of
    the atom's `sf_type`). They are present exactly when the atom needs them.

    ```mlir
    cute.mma_atom_call %atom, %d, %a, %b, %c : !cute_nvgpu.atom.universal_fma<f32, f32, f32>, ...
    cute.mma_atom_call %sp, %d, %a, %b, %c metadata(%e : !E) : !SP, ...
    cute.mma_atom_call %bs, %d, %a, %b, %c scales(%sfa, %sfb : !SFA, !SFB) : !BS, ...
    cute.mma_atom_call %umma, %tmem, %a, %b, %tmem accumulate(%p) : !UMMA, ...
    ```

    `accumulate(%p)` (tensor-memory atoms only): D = A * B + D when `%p`,
    D = A * B otherwise (`tcgen05.mma`'s enable-input-d); without it, D = A
    * B + C as always.
  }];
  let arguments = (ins AnyTypeOf<[Cute_MmaAtom, Cute_TiledMma]>:$atom, Cute_View:$d, Cute_View:$a,
                       Cute_View:$b, Cute_View:$c, Optional<Cute_View>:$metadata,
                       Variadic<Cute_View>:$scales, Optional<I1>:$accumulate);
  let assemblyFormat = [{
    $atom `,` $d `,` $a `,` $b `,` $c
    (`metadata` `(` $metadata^ `:` qualified(type($metadata)) `)`)?
    (`scales` `(` $scales^ `:` qualified(type($scales)) `)`)?
    (`accumulate` `(` $accumulate^ `)`)?
    attr-dict `:` type($atom) `,` qualified(type($d)) `,`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))
  }];
}

} // opDocGroup

#endif // CUTE_ATOM_OPS_TD
