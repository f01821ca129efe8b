//===- CuteNvgpuOps.td - SM90/SM100 ops the atom lowering consumes ---------===//
//
// Spec 000 ("cute_nvgpu atom lowering"): the Hopper WGMMA and Blackwell
// IMMA / S2T atom builders, the pieces their rewriters materialize (GMMA
// descriptors, register accumulators, TMEM pointers, mbarriers, the atom
// payload) and the SM100 tensor-memory family. Their verifiers check the
// residency and element-type contract of spec 003 through the atom types.
//
// This file is the root of its own tblgen job (ops); CuteNvgpuTypes.td
// includes it so that the dialect reference documents the ops too.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_OPS_TD
#define CUTE_NVGPU_OPS_TD

include "cute_nvgpu/CuteNvgpuDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class CuteNvgpu_Op<string mnemonic, list<Trait> traits = []>
    : Op<CuteNvgpu_Dialect, mnemonic, traits> {
  let hasVerifier = 1;
}

def CuteNvgpu_View : Type<CPred<"::llvm::isa<::mlir::cute::ViewType>($_self)">, "a !cute.view">;
def CuteNvgpu_Ptr : Type<CPred<"::llvm::isa<::mlir::cute::PtrType>($_self)">, "a !cute.ptr">;
def CuteNvgpu_WgmmaAtom
    : Type<CPred<"::llvm::isa<::mlir::cute_nvgpu::Sm90MmaAtomType>($_self)">,
           "an SM90 WGMMA atom (!cute_nvgpu.sm90.mma)">;
def CuteNvgpu_UmmaAtom
    : Type<CPred<"::llvm::isa<::mlir::cute_nvgpu::Sm100MmaAtomType, "
                 "::mlir::cute_nvgpu::Sm100MmaSpAtomType, ::mlir::cute_nvgpu::Sm100MmaBsAtomType, "
                 "::mlir::cute_nvgpu::Sm100MmaBsSpAtomType>($_self)">,
           "an SM100 UMMA atom (!cute_nvgpu.sm100.mma*)">;
def CuteNvgpu_RegistryAtom
    : Type<CPred<"::llvm::isa<::mlir::cute_nvgpu::AtomRecordTypeInterface>($_self)">,
           "a cute_nvgpu registry type">;

//===----------------------------------------------------------------------===//
// Hopper WGMMA
//===----------------------------------------------------------------------===//

def CuteNvgpu_AtomSm90WgmmaOp : CuteNvgpu_Op<"atom.sm90.wgmma", [Pure]> {
  let summary = "build a Hopper WGMMA atom from its A and B operands";
  let description = [{
    The SM90 atom builder of spec 000: the result type carries the shape and
    element types. B is a shared-memory view; A is shared memory (`ss`) or
    registers (`rs`). Element types must be the atom's. The Hopper rewriter
    expands it to `gmma.descriptor`s, a `register.accumulator`, the WGMMA
    fence and an `atom` payload.

    ```mlir
    %atom = cute_nvgpu.atom.sm90.wgmma %a, %b : !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">>,
        !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(128,16):(16,1)">>
        -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    ```
  }];
  let arguments = (ins CuteNvgpu_View:$a, CuteNvgpu_View:$b);
  let results = (outs CuteNvgpu_WgmmaAtom:$atom);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `->` qualified(type($atom))
  }];
}

def CuteNvgpu_GmmaDescriptorOp : CuteNvgpu_Op<"gmma.descriptor", [Pure]> {
  let summary = "pack the 64-bit GMMA shared-memory matrix descriptor of a view";
  let description = [{
    Side-effect free (CSE hoists it across loop iterations). The matrix must
    live in shared memory.

    ```mlir
    %desc = cute_nvgpu.gmma.descriptor %a : !cute.view<!cute.ptr<f16, smem>, !cute.layout<"(64,16):(16,1)">> -> i64
    ```
  }];
  let arguments = (ins CuteNvgpu_View:$matrix);
  let results = (outs I64:$desc);
  let assemblyFormat = "$matrix attr-dict `:` qualified(type($matrix)) `->` type($desc)";
}

def CuteNvgpu_RegisterAccumulatorOp : CuteNvgpu_Op<"register.accumulator", [Pure]> {
  let summary = "the warpgroup register accumulator of a WGMMA atom";
  let description = [{
    One thread's share of the `M x N` accumulator of a warpgroup (128
    threads): a vector of `M * N / 128` accumulator elements.

    ```mlir
    %acc = cute_nvgpu.register.accumulator !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k),
        elem_type = (f16, f16, f32), frag_kind = ss> : vector<64xf32>
    ```
  }];
  let arguments = (ins TypeAttrOf<CuteNvgpu_WgmmaAtom>:$atom);
  let results = (outs AnyVectorOfNonZeroRank:$acc);
  let assemblyFormat = "$atom attr-dict `:` type($acc)";
}

def CuteNvgpu_AtomPayloadOp : CuteNvgpu_Op<"atom", [Pure]> {
  let summary = "the CuTe atom payload the NVVM lowering consumes";
  let description = [{
    Packages the materialized state of an atom: for WGMMA the A descriptor
    (or register fragment), the B descriptor and the register accumulator;
    for UMMA the A and B operands, the TMEM accumulator pointer and the
    mbarrier. Not an executable MMA.

    ```mlir
    %atom = cute_nvgpu.atom %desc_a, %desc_b, %acc : i64, i64, vector<64xf32>
        -> !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$parts);
  let results = (outs CuteNvgpu_RegistryAtom:$atom);
  let assemblyFormat = "$parts attr-dict `:` type($parts) `->` qualified(type($atom))";
}

//===----------------------------------------------------------------------===//
// Blackwell IMMA, S2T copy and tensor memory
//===----------------------------------------------------------------------===//

def CuteNvgpu_AtomSm100ImmaOp : CuteNvgpu_Op<"atom.sm100.imma", [Pure]> {
  let summary = "build a Blackwell UMMA atom from its A and B operands";
  let description = [{
    The SM100 atom builder of spec 000. B is a shared-memory view; A is
    shared memory (`ss`) or tensor memory (`ts`); element types are the
    atom's. The rewriter retrieves the TMEM accumulator, initializes the
    mbarrier and emits an `atom` payload.

    ```mlir
    %atom = cute_nvgpu.atom.sm100.imma %a, %b : !cute.view<...>, !cute.view<...> -> !cute_nvgpu.sm100.mma<...>
    ```
  }];
  let arguments = (ins CuteNvgpu_View:$a, CuteNvgpu_View:$b);
  let results = (outs CuteNvgpu_UmmaAtom:$atom);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `->` qualified(type($atom))
  }];
}

def CuteNvgpu_RetrieveTmemPtrOp
    : CuteNvgpu_Op<"arch.sm100.retrieve_tmem_ptr", [MemoryEffects<[MemRead]>]> {
  let summary = "the TMEM pointer of an allocation handle (per-function cache)";
  let description = [{
    Converts the 32-bit TMEM handle of `tcgen05.alloc` into a tensor-memory
    pointer. The column count is a power of two in [32, 512]. Lowered
    through the per-function TMEM cache: one allocation per handle.

    ```mlir
    %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %handle, %cols : i32 -> !cute.ptr<f32, tmem>
    ```
  }];
  let arguments = (ins I32:$handle, I32:$numColumns);
  let results = (outs CuteNvgpu_Ptr:$ptr);
  let assemblyFormat = "$handle `,` $numColumns attr-dict `:` type($handle) `->` qualified(type($ptr))";
}

def CuteNvgpu_MbarrierInitOp : CuteNvgpu_Op<"mbarrier.init", [MemoryEffects<[MemWrite]>]> {
  let summary = "initialize a shared-memory mbarrier with an arrival count";
  let description = [{
    ```mlir
    %mbar = cute_nvgpu.mbarrier.init %ticks : !cute.ptr<i64, smem, align<8>>
    ```
  }];
  let arguments = (ins I32:$ticks);
  let results = (outs CuteNvgpu_Ptr:$mbar);
  let assemblyFormat = "$ticks attr-dict `:` qualified(type($mbar))";
}

def CuteNvgpu_CpAsyncS2tOp : CuteNvgpu_Op<"cp_async.s2t", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "SMEM -> TMEM copy of an atom.s2t_copy atom, completing on an mbarrier";
  let description = [{
    The packaged S2T copy of spec 000: source SMEM view, destination TMEM
    pointer, mbarrier and the CTA partition index; the token is the i32
    data-dependence edge. `cta_group` (1 or 2) is the CTA pair width: with 2,
    the CTA whose cluster rank modulo 2 is `%partition` issues the copy for
    both (`tcgen05.cp.cta_group::2`). Completion: a `tcgen05.commit` to the
    mbarrier.

    ```mlir
    %tok = cute_nvgpu.cp_async.s2t %src, %dst, %mbar, %part {atom = !cute_nvgpu.atom.s2t_copy<i8>}
        : !cute.view<!cute.ptr<i8, smem>, !cute.layout<"128:1">>, !cute.ptr<i8, tmem>, !cute.ptr<i64, smem>
    ```
  }];
  let arguments = (ins CuteNvgpu_View:$src, CuteNvgpu_Ptr:$dst, CuteNvgpu_Ptr:$mbar, I32:$partition,
                       TypeAttr:$atom, DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let results = (outs I32:$token);
  let assemblyFormat = [{
    $src `,` $dst `,` $mbar `,` $partition attr-dict `:` qualified(type($src)) `,`
    qualified(type($dst)) `,` qualified(type($mbar))
  }];
}

def CuteNvgpu_CopyS2tOp : CuteNvgpu_Op<"arch.copy.SM100.copy_s2t", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.cp: one SMEM -> TMEM copy from a matrix descriptor, committed to an mbarrier";
  let description = [{
    The raw S2T copy (CuTe's `SM100_UTCCP_*` atoms): one `tcgen05.cp` of the
    shared-memory matrix its 64-bit UMMA descriptor names into the tensor
    memory at `dst`, then `tcgen05.commit` to the mbarrier, whose arrival
    says the copy is complete. `shape` is the PTX copy shape (`128x256b`,
    `4x256b`, `128x128b`, `64x128b`, `32x128b`); 64x128b copies broadcast
    to two warps' lanes (`multicast = "warpx2_02_13"` or `"warpx2_01_23"`),
    32x128b to four (`"warpx4"`), the others take `"none"`. `cta_group` 2
    is the CTA-pair form. The packaged form that builds the descriptor from
    a shared view and selects the issuing CTA is `cp_async.s2t`.

    ```mlir
    cute_nvgpu.arch.copy.SM100.copy_s2t %dst, %desc, %mbar : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
    cute_nvgpu.arch.copy.SM100.copy_s2t %dst, %desc, %mbar {shape = "32x128b", multicast = "warpx4"}
        : !cute.ptr<i8, tmem>, i64, !cute.ptr<i64, smem>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$dst, AnyTypeOf<[I64, CuteNvgpu_Ptr]>:$src, CuteNvgpu_Ptr:$mbar,
                       DefaultValuedAttr<StrAttr, "\"128x256b\"">:$shape,
                       DefaultValuedAttr<StrAttr, "\"none\"">:$multicast,
                       DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let assemblyFormat = [{
    $dst `,` $src `,` $mbar attr-dict `:` qualified(type($dst)) `,` qualified(type($src)) `,`
    qualified(type($mbar))
  }];
}

def CuteNvgpu_TmemAllocOp : CuteNvgpu_Op<"arch.sm100.tmem_alloc", [MemoryEffects<[MemWrite]>]> {
  let summary = "tcgen05.alloc: allocate TMEM columns, handle written to SMEM";
  let description = [{
    ```mlir
    cute_nvgpu.arch.sm100.tmem_alloc %slot, %cols : !cute.ptr<i32, smem>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$slot, I32:$numColumns);
  let assemblyFormat = "$slot `,` $numColumns attr-dict `:` qualified(type($slot))";
}

def CuteNvgpu_TmemDeallocOp : CuteNvgpu_Op<"arch.sm100.tmem_dealloc", [MemoryEffects<[MemWrite]>]> {
  let summary = "tcgen05.dealloc: release TMEM columns";
  let description = [{
    ```mlir
    cute_nvgpu.arch.sm100.tmem_dealloc %tmem, %cols : !cute.ptr<f32, tmem>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$tmem, I32:$numColumns);
  let assemblyFormat = "$tmem `,` $numColumns attr-dict `:` qualified(type($tmem))";
}

def CuteNvgpu_TmemLoadOp : CuteNvgpu_Op<"arch.sm100.tmem_load", [MemoryEffects<[MemRead]>]> {
  let summary = "tcgen05.ld: TMEM into registers, then tcgen05.wait::ld";
  let description = [{
    One `tcgen05.ld` of the warp's data path `shape` (`32x32b`, the default:
    the thread's own lane, one column per 32-bit value; `16x64b`,
    `16x128b`, `16x256b`, `16x32bx2` with `split` the column offset of its
    second half), its repeat count from the register count, then the wait:
    the registers are valid when the op returns.

    ```mlir
    %v = cute_nvgpu.arch.sm100.tmem_load %tmem : !cute.ptr<f32, tmem> -> vector<32xf32>
    %w = cute_nvgpu.arch.sm100.tmem_load %tmem {shape = "16x128b"} : !cute.ptr<f32, tmem> -> vector<8xf32>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$tmem, DefaultValuedAttr<StrAttr, "\"32x32b\"">:$shape,
                       OptionalAttr<I64Attr>:$split);
  let results = (outs AnyVectorOfNonZeroRank:$values);
  let assemblyFormat = "$tmem attr-dict `:` qualified(type($tmem)) `->` type($values)";
}

def CuteNvgpu_TmemStoreOp : CuteNvgpu_Op<"arch.sm100.tmem_store", [MemoryEffects<[MemWrite]>]> {
  let summary = "tcgen05.st: registers into TMEM, then tcgen05.wait::st";
  let description = [{
    The store of `tmem_load`'s shapes.

    ```mlir
    cute_nvgpu.arch.sm100.tmem_store %tmem, %v : !cute.ptr<f32, tmem>, vector<32xf32>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$tmem, AnyVectorOfNonZeroRank:$values,
                       DefaultValuedAttr<StrAttr, "\"32x32b\"">:$shape, OptionalAttr<I64Attr>:$split);
  let assemblyFormat = "$tmem `,` $values attr-dict `:` qualified(type($tmem)) `,` type($values)";
}

def CuteNvgpu_Tcgen05CommitOp : CuteNvgpu_Op<"arch.sm100.commit", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.commit: the mbarrier arrives when this thread's UMMAs and copies complete";
  let description = [{
    CuTe's `umma_arrive(&mbar)`: after the thread that issued `tcgen05.mma`
    (or `tcgen05.cp`) ops commits, the shared-memory mbarrier gets one
    arrival once all of them have completed (their shared-memory operands
    may then be overwritten, their accumulators read). `cta_group` 2 is the
    CTA-pair form (`umma_arrive_2x1SM`).

    ```mlir
    cute_nvgpu.arch.sm100.commit %bar : !cute.ptr<i64, smem, align<8>>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$mbar, DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let assemblyFormat = "$mbar attr-dict `:` qualified(type($mbar))";
}

//===----------------------------------------------------------------------===//
// The further tcgen05 ops of the SM100 populator (spec 000: "ten further
// tcgen05 operations including load_b8x256 and store_b8x256"); the choice is
// listed in docs/nvgpu-decisions.md "The ten tcgen05 ops".
//===----------------------------------------------------------------------===//

def CuteNvgpu_LoadB8x256Op : CuteNvgpu_Op<"arch.sm100.load_b8x256", [MemoryEffects<[MemRead]>]> {
  let summary = "tcgen05.ld.16x256b: 16 TMEM lanes of 256 bits (8 words) per warp, then wait::ld";
  let description = [{
    The 256-bit-row data path (CuTe's `SM100_TMEM_LOAD_16dp256b*`): a warp
    reads 16 lanes of 8 32-bit words per repetition, 4 registers per
    thread (thread `t` holds words `2*(t%4)`, `+1` of lanes `t/4` and
    `t/4 + 8`); the register count is 4 times a power of two up to 128.

    ```mlir
    %v = cute_nvgpu.arch.sm100.load_b8x256 %tmem : !cute.ptr<f32, tmem> -> vector<16xf32>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$tmem);
  let results = (outs AnyVectorOfNonZeroRank:$values);
  let assemblyFormat = "$tmem attr-dict `:` qualified(type($tmem)) `->` type($values)";
}

def CuteNvgpu_StoreB8x256Op : CuteNvgpu_Op<"arch.sm100.store_b8x256", [MemoryEffects<[MemWrite]>]> {
  let summary = "tcgen05.st.16x256b: registers into 16 TMEM lanes of 256 bits per warp, then wait::st";
  let description = [{
    ```mlir
    cute_nvgpu.arch.sm100.store_b8x256 %tmem, %v : !cute.ptr<f32, tmem>, vector<16xf32>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$tmem, AnyVectorOfNonZeroRank:$values);
  let assemblyFormat = "$tmem `,` $values attr-dict `:` qualified(type($tmem)) `,` type($values)";
}

def CuteNvgpu_Tcgen05WaitOp : CuteNvgpu_Op<"arch.sm100.wait", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.wait::ld / wait::st: this thread's earlier tcgen05.ld (st) are complete";
  let description = [{
    `kind` is `"load"` or `"store"`.

    ```mlir
    cute_nvgpu.arch.sm100.wait "load"
    ```
  }];
  let arguments = (ins StrAttr:$kind);
  let assemblyFormat = "$kind attr-dict";
}

def CuteNvgpu_Tcgen05FenceOp : CuteNvgpu_Op<"arch.sm100.fence", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.fence::before_thread_sync / after_thread_sync";
  let description = [{
    Orders this thread's asynchronous tcgen05 work around a thread
    synchronization (CuTe's `tmem_fence_before_thread_sync` /
    `_after_`): `"before"` or `"after"`.

    ```mlir
    cute_nvgpu.arch.sm100.fence "before"
    ```
  }];
  let arguments = (ins StrAttr:$kind);
  let assemblyFormat = "$kind attr-dict";
}

def CuteNvgpu_RelinquishAllocPermitOp
    : CuteNvgpu_Op<"arch.sm100.relinquish_alloc_permit", [MemoryEffects<[MemWrite]>]> {
  let summary = "tcgen05.relinquish_alloc_permit: this CTA allocates no more tensor memory";
  let description = [{
    ```mlir
    cute_nvgpu.arch.sm100.relinquish_alloc_permit
    ```
  }];
  let arguments = (ins DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let assemblyFormat = "attr-dict";
}

def CuteNvgpu_Tcgen05ShiftOp : CuteNvgpu_Op<"arch.sm100.shift", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.shift.down: shift the 32-byte TMEM rows at the address down by one lane";
  let description = [{
    ```mlir
    cute_nvgpu.arch.sm100.shift %tmem : !cute.ptr<f32, tmem>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$tmem, DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let assemblyFormat = "$tmem attr-dict `:` qualified(type($tmem))";
}

def CuteNvgpu_CommitMulticastOp
    : CuteNvgpu_Op<"arch.sm100.commit_multicast", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "tcgen05.commit.multicast: the mbarriers of the masked cluster CTAs arrive";
  let description = [{
    CuTe's `umma_arrive_multicast` (`cta_group` 2: `_2x1SM`): the mbarrier
    at the same shared-memory offset in every CTA of the 16-bit cluster
    mask gets one arrival when this thread's UMMAs complete.

    ```mlir
    cute_nvgpu.arch.sm100.commit_multicast %bar, %mask {cta_group = 2} : !cute.ptr<i64, smem, align<8>>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$mbar, I16:$mask, DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let assemblyFormat = "$mbar `,` $mask attr-dict `:` qualified(type($mbar))";
}

def CuteNvgpu_Tcgen05MmaOp
    : CuteNvgpu_Op<"arch.sm100.mma", [MemoryEffects<[MemRead, MemWrite]>, AttrSizedOperandSegments]> {
  let summary = "tcgen05.mma on descriptors: the raw UMMA (dense, sparse, block-scaled)";
  let description = [{
    One UMMA as CuTe's `SM100_MMA_*::fma` issues it: the TMEM accumulator
    `d`, A's 64-bit shared-memory descriptor (or its TMEM address), B's
    descriptor, the 32-bit instruction descriptor and enable-input-d.
    `kind` is `f16`, `tf32`, `f8f6f4`, `i8` (dense; with `metadata`, the
    TMEM address of the sparsity metadata, sparse) or `mxf8f6f4`, `mxf4`,
    `mxf4nvf4` (block-scaled: `scales` are the TMEM addresses of A's and
    B's scale factors; `block_scale` is `"block16"` or `"block32"` where
    the kind takes one). `cta_group` 2 is the CTA-pair form.

    ```mlir
    cute_nvgpu.arch.sm100.mma %d, %adesc, %bdesc, %idesc, %acc {kind = "f16"}
        : !cute.ptr<f32, tmem>, i64
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$d, AnyTypeOf<[I64, CuteNvgpu_Ptr]>:$a, I64:$b, I32:$idesc, I1:$enable,
                       Optional<CuteNvgpu_Ptr>:$metadata, Variadic<CuteNvgpu_Ptr>:$scales,
                       StrAttr:$kind, DefaultValuedAttr<StrAttr, "\"\"">:$block_scale,
                       DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let assemblyFormat = [{
    $d `,` $a `,` $b `,` $idesc `,` $enable (`metadata` `(` $metadata^ `:` qualified(type($metadata)) `)`)?
    (`scales` `(` $scales^ `:` qualified(type($scales)) `)`)? attr-dict `:` qualified(type($d)) `,` qualified(type($a))
  }];
}

//===----------------------------------------------------------------------===//
// Hopper TMA and mbarriers (the execution ops of the TMA atoms)
//===----------------------------------------------------------------------===//

def CuteNvgpu_TmaDesc
    : Type<CPred<"::llvm::isa<::mlir::cute_nvgpu::TmaDescriptorType>($_self)">,
           "a TMA descriptor (!cute_nvgpu.tma_descriptor)">;

def CuteNvgpu_TmaCopyOp : CuteNvgpu_Op<"tma.copy", [MemoryEffects<[MemRead, MemWrite]>,
                                                      AttrSizedOperandSegments]> {
  let summary = "execute a TMA atom: box copies between a tensor map and shared memory";
  let description = [{
    The execution of a TMA atom (spec 003 SM90 TMA family) on the descriptor
    it was built for: `tma_load` / `tma_load_multicast` copy global memory
    (through the tensor map) into the shared-memory view and complete on the
    mbarrier (`mbar`; `mask` names the cluster CTAs a multicast load also
    writes); `tma_store` / `tma_reduce<op>` copy the shared view out and
    complete in a bulk async-group. The view's modes are the descriptor's
    dimensions, innermost first, and each mode a multiple of the box: one
    `cp.async.bulk.tensor` per box (`layout::tma::boxes`), at the
    coordinates (elements, innermost first) plus the box's offset. `hint`
    is an L2 cache-policy word (`createpolicy`). Non-executing tiled TMA
    atoms bind the mbarrier and hints here.

    `tma_load_im2col` (rank 3..5: the activation tensor's rank, channels
    innermost) loads one im2col box: the descriptor's box is
    `[channels per pixel, pixels per column]` (cuTensorMapEncodeIm2col's),
    the shared view is that 2-D tile, the coordinates are the tensor's
    (channel, the first pixel's filter base, batch): the filter base is the
    output pixel times the stride minus the padding (PTX ISA 5.5.4; it must
    lie in the descriptor's pixel box), and
    `im2col [...]` holds the rank - 2 filter offsets (16-bit, innermost
    spatial dimension first).

    ```mlir
    cute_nvgpu.tma.copy %atom, %desc, %smem, [%x, %y] mbar(%bar)
        : !cute_nvgpu.atom.tma_load<f16, rank = 2>, !cute_nvgpu.tma_descriptor<f16, box = [64, 64], ...>,
          !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,64):(1,64)">>,
          !cute.ptr<i64, smem, align<8>>
    ```
  }];
  let arguments = (ins CuteNvgpu_RegistryAtom:$atom, CuteNvgpu_TmaDesc:$descriptor, CuteNvgpu_View:$smem,
                       Variadic<I32>:$coordinates, Optional<CuteNvgpu_Ptr>:$mbar, Optional<I16>:$mask,
                       Optional<I64>:$hint, Variadic<I16>:$offsets);
  let assemblyFormat = [{
    $atom `,` $descriptor `,` $smem `,` `[` $coordinates `]` (`im2col` `[` $offsets^ `]`)?
    (`mbar` `(` $mbar^ `:` qualified(type($mbar)) `)`)?
    (`mask` `(` $mask^ `)`)? (`hint` `(` $hint^ `)`)? attr-dict `:` qualified(type($atom)) `,`
    qualified(type($descriptor)) `,` qualified(type($smem))
  }];
}

def CuteNvgpu_TmaPrefetchOp : CuteNvgpu_Op<"tma.prefetch", [MemoryEffects<[MemRead]>]> {
  let summary = "the prefetch interface of a TMA atom: a tile into L2, or the descriptor";
  let description = [{
    Two kinds (spec 003: the prefetch interface reports descriptor, prefetch
    tile and cache-hint behaviour). With coordinates, the box at those
    coordinates is prefetched into L2 (`cp.async.bulk.prefetch.tensor`);
    without, the tensor map itself (`prefetch.tensormap`). Only atoms with
    the prefetch interface (`tma_load`) prefetch.

    ```mlir
    cute_nvgpu.tma.prefetch %atom, %desc, [%x, %y] : !cute_nvgpu.atom.tma_load<f16, rank = 2>, !Desc
    cute_nvgpu.tma.prefetch %atom, %desc, [] : !cute_nvgpu.atom.tma_load<f16, rank = 2>, !Desc
    ```
  }];
  let arguments = (ins CuteNvgpu_RegistryAtom:$atom, CuteNvgpu_TmaDesc:$descriptor, Variadic<I32>:$coordinates);
  let assemblyFormat = [{
    $atom `,` $descriptor `,` `[` $coordinates `]` attr-dict `:` qualified(type($atom)) `,` qualified(type($descriptor))
  }];
}

def CuteNvgpu_MbarrierInitArchOp : CuteNvgpu_Op<"arch.mbarrier.init", [MemoryEffects<[MemWrite]>]> {
  let summary = "mbarrier.init: an mbarrier in shared memory expecting `count` arrivals";
  let description = [{
    CuTe's `initialize_barrier`. Make it visible to the async proxy with
    `nvvm.fence.mbarrier.init` and a CTA barrier before TMA uses it.

    ```mlir
    cute_nvgpu.arch.mbarrier.init %bar, %count : !cute.ptr<i64, smem, align<8>>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$mbar, I32:$count);
  let assemblyFormat = "$mbar `,` $count attr-dict `:` qualified(type($mbar))";
}

def CuteNvgpu_MbarrierArriveOp : CuteNvgpu_Op<"arch.mbarrier.arrive", [MemoryEffects<[MemRead, MemWrite]>,
                                                                        AttrSizedOperandSegments]> {
  let summary = "mbarrier.arrive, with the transaction bytes the arrival expects";
  let description = [{
    A plain arrival (CuTe's `arrive_barrier`), or with `tx` the arrival that
    also expects the bytes of the listed shared-memory tiles (CuTe's
    `arrive_and_expect_tx` with `tma_transaction_bytes`: size x element
    bits / 8 of each, computed from their static layouts) plus an optional
    run-time byte count. With `cta(%rank)` the arrival is on the mbarrier at
    the same shared-memory offset in the cluster's CTA `%rank` (CuTe's
    `ClusterBarrier::arrive(cta_id, pred)`: `mapa.shared::cluster`, then
    `mbarrier.arrive.shared::cluster` with the default release at CTA scope;
    `.release.cluster` would add a `MEMBAR.ALL.GPU` to every arrival), what
    a consumer does to release a stage a peer multicast into, after
    `wgmma.wait_group` retired its reads; it carries no bytes.

    ```mlir
    cute_nvgpu.arch.mbarrier.arrive %bar : !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.mbarrier.arrive %bar tx(%sA, %sB : !SA, !SB) : !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.mbarrier.arrive %bar bytes(%n) : !cute.ptr<i64, smem, align<8>>
    cute_nvgpu.arch.mbarrier.arrive %bar cta(%peer) : !cute.ptr<i64, smem, align<8>>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$mbar, Optional<I32>:$bytes, Optional<I32>:$cta, Variadic<CuteNvgpu_View>:$tiles);
  let assemblyFormat = [{
    $mbar (`bytes` `(` $bytes^ `)`)? (`cta` `(` $cta^ `)`)? (`tx` `(` $tiles^ `:` qualified(type($tiles)) `)`)? attr-dict `:`
    qualified(type($mbar))
  }];
}

def CuteNvgpu_MbarrierWaitOp : CuteNvgpu_Op<"arch.mbarrier.wait", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "wait until the mbarrier completes the phase of parity `phase`";
  let description = [{
    CuTe's `wait_barrier(bar, phase)`: `mbarrier.try_wait.parity` in a loop
    until the phase with parity `phase` (0 or 1) has completed.

    ```mlir
    cute_nvgpu.arch.mbarrier.wait %bar, %phase : !cute.ptr<i64, smem, align<8>>
    ```
  }];
  let arguments = (ins CuteNvgpu_Ptr:$mbar, I32:$phase);
  let assemblyFormat = "$mbar `,` $phase attr-dict `:` qualified(type($mbar))";
}

#endif // CUTE_NVGPU_OPS_TD
