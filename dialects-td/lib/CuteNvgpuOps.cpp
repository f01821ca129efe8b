//===- CuteNvgpuOps.cpp - the ops of `cute_nvgpu` -------------------------===//
//
// Every op verifier is Rust (src/dialect/nvgpu/ops_verify.rs): residencies
// and element types against the registry's atom types, with the registry's
// verbatim strings where the same contract is violated.
//
//===----------------------------------------------------------------------===//

#include "CuteNvgpuDialect.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#define GET_OP_CLASSES
#include "cute_nvgpu/CuteNvgpuOps.cpp.inc"

#define CUTE_NVGPU_RUST_VERIFIER(Op)                                                               \
  LogicalResult Op::verify() { return cute::verifyWithRust(*this, getOperationName()); }
CUTE_NVGPU_RUST_VERIFIER(AtomSm90WgmmaOp)
CUTE_NVGPU_RUST_VERIFIER(AtomSm100ImmaOp)
CUTE_NVGPU_RUST_VERIFIER(GmmaDescriptorOp)
CUTE_NVGPU_RUST_VERIFIER(RegisterAccumulatorOp)
CUTE_NVGPU_RUST_VERIFIER(AtomPayloadOp)
CUTE_NVGPU_RUST_VERIFIER(RetrieveTmemPtrOp)
CUTE_NVGPU_RUST_VERIFIER(MbarrierInitOp)
CUTE_NVGPU_RUST_VERIFIER(CpAsyncS2tOp)
CUTE_NVGPU_RUST_VERIFIER(CopyS2tOp)
CUTE_NVGPU_RUST_VERIFIER(TmemAllocOp)
CUTE_NVGPU_RUST_VERIFIER(TmemDeallocOp)
CUTE_NVGPU_RUST_VERIFIER(TmemLoadOp)
CUTE_NVGPU_RUST_VERIFIER(TmemStoreOp)
CUTE_NVGPU_RUST_VERIFIER(TmaCopyOp)
CUTE_NVGPU_RUST_VERIFIER(TmaPrefetchOp)
CUTE_NVGPU_RUST_VERIFIER(MbarrierInitArchOp)
CUTE_NVGPU_RUST_VERIFIER(MbarrierArriveOp)
CUTE_NVGPU_RUST_VERIFIER(MbarrierWaitOp)
CUTE_NVGPU_RUST_VERIFIER(Tcgen05CommitOp)
CUTE_NVGPU_RUST_VERIFIER(LoadB8x256Op)
CUTE_NVGPU_RUST_VERIFIER(StoreB8x256Op)
CUTE_NVGPU_RUST_VERIFIER(Tcgen05WaitOp)
CUTE_NVGPU_RUST_VERIFIER(Tcgen05FenceOp)
CUTE_NVGPU_RUST_VERIFIER(RelinquishAllocPermitOp)
CUTE_NVGPU_RUST_VERIFIER(Tcgen05ShiftOp)
CUTE_NVGPU_RUST_VERIFIER(CommitMulticastOp)
CUTE_NVGPU_RUST_VERIFIER(Tcgen05MmaOp)
