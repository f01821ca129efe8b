//===- CuteNvgpuInterfaces.td - the atom registry's type interfaces -------===//
//
// Spec 003 "Registry Model": besides the generic MMA and copy atom
// interfaces of `cute` (cute/CuteInterfaces.td), every `cute_nvgpu` atom type
// implements the record interface (tier window, MMA/copy record, operand
// contract) and the capability interfaces of its registry row: prefetch,
// TMA, async copy, tensor memory, sparse metadata, block scale, SMEM
// descriptor and descriptor type. Generic code dispatches through these
// interfaces; a capability query is a TypeID compare, never a mnemonic
// comparison.
//
// Every method's default implementation forwards to the registry in Rust
// (src/dialect/nvgpu/, through `::mlir::cute_nvgpu::rustText/rustNumber`),
// so a type joins an interface by listing it, and the per-atom facts stay in
// one table. This file is the root of its own tblgen job (interface generators
// only emit the interfaces defined in the root file).
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_INTERFACES_TD
#define CUTE_NVGPU_INTERFACES_TD

include "mlir/IR/OpBase.td"

def CuteNvgpu_AtomRecordTypeInterface : TypeInterface<"AtomRecordTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    Every type of the registry. Its record (tier window, `MmaAtomContract` /
    `CopyAtomContract` of spec 003), its type verifier and the instance
    verifier of an atom call (element types, then residency, then layouts:
    the spec 003 ladder order) live in Rust (src/dialect/nvgpu/).
  }];
  let methods = [
    InterfaceMethod<[{The first SM tier that registers the type (70, 75, 80, 89,
                      90, 100, 120; 0 for the universal atoms).}],
                    "unsigned", "getMinTier", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustNumber($_type, CUTE_NVGPU_NUMBER_MIN_TIER); }]>,
  ];
}

def CuteNvgpu_PrefetchAtomTypeInterface : TypeInterface<"PrefetchAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    An atom that can prefetch its tile into L2 through its descriptor
    (`cp.async.bulk.prefetch.tensor`): the TMA load atoms.
  }];
  let methods = [
    InterfaceMethod<"Rank of the prefetched box (1..5).", "unsigned", "getPrefetchRank", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustNumber($_type, CUTE_NVGPU_NUMBER_TMA_RANK); }]>,
    InterfaceMethod<"The cache hint of the prefetch.", "::llvm::StringRef", "getCacheHint", (ins), [{}],
                    [{ return "evict_normal"; }]>,
  ];
}

def CuteNvgpu_TmaAtomTypeInterface : TypeInterface<"TmaAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    A descriptor-driven TMA atom (SM90+): executable (`atom.tma_*`) or still
    waiting on its mbarrier and cache binding (`atom.non_exec_tiled_tma_*`).
  }];
  let methods = [
    InterfaceMethod<"Box rank (1..5; im2col 3..5).", "unsigned", "getTmaRank", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustNumber($_type, CUTE_NVGPU_NUMBER_TMA_RANK); }]>,
    InterfaceMethod<"Descriptor flavour: `tile`, `multicast` or `im2col`.", "::llvm::StringRef",
                    "getTmaMode", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustText($_type, CUTE_NVGPU_TEXT_TMA_MODE); }]>,
    InterfaceMethod<"Direction: `load`, `store` or `reduce`.", "::llvm::StringRef",
                    "getTmaDirection", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustText($_type, CUTE_NVGPU_TEXT_TMA_DIRECTION); }]>,
    InterfaceMethod<"Whether the atom is bound to its mbarrier and cache state.",
                    "bool", "isExecutable", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustNumber($_type, CUTE_NVGPU_NUMBER_EXECUTABLE) != 0; }]>,
  ];
}

def CuteNvgpu_AsyncCopyAtomTypeInterface : TypeInterface<"AsyncCopyAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    An asynchronous copy: completion is observed through a cp.async group, an
    mbarrier or a bulk group, never by the issuing instruction.
  }];
  let methods = [
    InterfaceMethod<"`cp.async.group`, `mbarrier` or `bulk_group`.", "::llvm::StringRef",
                    "getCompletionMechanism", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustText($_type, CUTE_NVGPU_TEXT_COMPLETION_MECHANISM); }]>,
    InterfaceMethod<[{The cache policy, derived from the atom alone (`ca`, `cg`
                      or `none`): there is no per-op cache hint.}],
                    "::llvm::StringRef", "getCachePolicy", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustText($_type, CUTE_NVGPU_TEXT_CACHE_POLICY); }]>,
  ];
}

def CuteNvgpu_TmemAtomTypeInterface : TypeInterface<"TmemAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    An MMA atom whose accumulator lives in tensor memory (SM100 UMMA).
  }];
  let methods = [
    InterfaceMethod<"TMEM columns (32-bit) the accumulator of one atom occupies.", "unsigned",
                    "getTmemColumns", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustNumber($_type, CUTE_NVGPU_NUMBER_TMEM_COLUMNS); }]>,
  ];
}

def CuteNvgpu_SparseMetadataAtomTypeInterface : TypeInterface<"SparseMetadataAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    A structurally sparse MMA: A is compressed and a metadata operand rides
    alongside it.
  }];
  let methods = [
    InterfaceMethod<"Element type of the metadata operand (i32 words).", "::mlir::Type",
                    "getMetadataType", (ins), [{}],
                    [{ return ::mlir::IntegerType::get($_type.getContext(), 32); }]>,
    InterfaceMethod<"The structured-sparsity pattern (`2:4`; `1:2` for tf32).",
                    "::llvm::StringRef", "getSparsityPattern", (ins), [{}],
                    [{ return ::mlir::cute_nvgpu::rustText($_type, CUTE_NVGPU_TEXT_SPARSITY_PATTERN); }]>,
  ];
}

def CuteNvgpu_BlockScaleAtomTypeInterface : TypeInterface<"BlockScaleAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    A block-scaled MMA: one scale-factor operand per A and B, one scale per
    `getScaleVectorSize()` elements along K.
  }];
  let methods = [
    InterfaceMethod<"Element type of the scale factors.", "::mlir::Type", "getScaleFactorType",
                    (ins), [{}], [{ return $_type.getSfType(); }]>,
    InterfaceMethod<"K elements per scale factor (16 or 32).", "unsigned", "getScaleVectorSize",
                    (ins), [{}], [{ return $_type.getSfVec(); }]>,
    InterfaceMethod<"Number of scale-factor operands (one for A, one for B).", "unsigned",
                    "getNumScaleOperands", (ins), [{}], [{ return 2; }]>,
  ];
}

def CuteNvgpu_SmemDescriptorAtomTypeInterface : TypeInterface<"SmemDescriptorAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    An MMA atom that reads operands through 64-bit shared-memory matrix
    descriptors (WGMMA, UMMA).
  }];
  let methods = [
    InterfaceMethod<"Whether operand A is descriptor-backed (`ss` fragments).", "bool",
                    "isADescriptor", (ins), [{}],
                    [{ return $_type.getFragKind() == CUTE_NVGPU_FRAG_SS; }]>,
    InterfaceMethod<"Whether operand B is descriptor-backed (always for WGMMA and UMMA).",
                    "bool", "isBDescriptor", (ins), [{}], [{ return true; }]>,
  ];
}

def CuteNvgpu_DescriptorTypeInterface : TypeInterface<"DescriptorTypeInterface"> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let description = [{
    Hardware descriptor state as typed IR (SMEM descriptor views).
  }];
  let methods = [
    InterfaceMethod<"Element type of the described memory.", "::mlir::Type",
                    "getDescribedElementType", (ins), [{}], [{ return $_type.getElementType(); }]>,
    InterfaceMethod<"Width of the descriptor word in bits.", "unsigned", "getDescriptorBits",
                    (ins), [{}], [{ return 64; }]>,
  ];
}

#endif // CUTE_NVGPU_INTERFACES_TD
