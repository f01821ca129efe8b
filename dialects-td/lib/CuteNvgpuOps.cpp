//===- CuteNvgpuOps.cpp - verifiers of the SM90/SM100 lowering ops ---------===//
//
// Small type checks only: residencies and element types against the atom
// types of the registry (spec 003), with the registry's verbatim strings
// where the same contract is violated.
//
//===----------------------------------------------------------------------===//

#include "CuteNvgpuDialect.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#define GET_OP_CLASSES
#include "cute_nvgpu/CuteNvgpuOps.cpp.inc"

static std::string str(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

static bool isPtrIn(Type type, unsigned space) {
  auto ptr = llvm::dyn_cast<cute::PtrType>(type);
  return ptr && ptr.getAddressSpace() == space;
}

static unsigned bitsOf(Type type) {
  return type && type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
}

/// A column count of tcgen05.alloc: a power of two in [32, 512] when constant.
static LogicalResult verifyColumns(Operation *op, Value columns) {
  APInt value;
  if (!matchPattern(columns, m_ConstantInt(&value)))
    return success();
  uint64_t n = value.getZExtValue();
  if (n < 32 || n > 512 || !llvm::isPowerOf2_64(n))
    return op->emitOpError() << "allocates TMEM columns in powers of two from 32 to 512, got " << n;
  return success();
}

/// The A/B contract shared by the WGMMA and UMMA atom builders: element
/// types first, then residencies (spec 003 ladder order and strings).
static LogicalResult verifyAtomBuilder(Operation *op, Value a, Value b, Type aType, Type bType,
                                       unsigned fragKind) {
  Type elemA = cute::getViewElementType(a.getType()), elemB = cute::getViewElementType(b.getType());
  if (elemA != aType)
    return op->emitOpError() << "expects operand a with element type " << str(aType)
                             << ", but get " << str(elemA) << ".";
  if (elemB != bType)
    return op->emitOpError() << "expects operand b with element type " << str(bType)
                             << ", but get " << str(elemB) << ".";
  unsigned allowedA = fragKind == FragKind::RS   ? Residency::Rmem
                      : fragKind == FragKind::TS ? Residency::Tmem
                                                 : Residency::Smem | Residency::SmemDesc;
  if (!(residencyOf(a.getType()) & allowedA))
    return op->emitOpError() << "expects memref/smem_desc_view for operand A, but gets A:"
                             << str(a.getType()) << ".";
  if (!(residencyOf(b.getType()) & (Residency::Smem | Residency::SmemDesc)))
    return op->emitOpError() << "expects smem_desc_view for operand B, but gets B: "
                             << str(b.getType()) << ".";
  return success();
}

LogicalResult AtomSm90WgmmaOp::verify() {
  auto atom = llvm::cast<Sm90MmaAtomType>(getAtom().getType());
  return verifyAtomBuilder(*this, getA(), getB(), atom.getAType(), atom.getBType(),
                           atom.getFragKind());
}

LogicalResult AtomSm100ImmaOp::verify() {
  auto mma = getMma(getAtom().getType());
  return verifyAtomBuilder(*this, getA(), getB(), mma->second.a, mma->second.b,
                           mma->second.fragKind);
}

LogicalResult GmmaDescriptorOp::verify() {
  if (!(residencyOf(getMatrix().getType()) & (Residency::Smem | Residency::SmemDesc)))
    return emitOpError() << "packs a shared-memory matrix, but got " << str(getMatrix().getType());
  return success();
}

LogicalResult RegisterAccumulatorOp::verify() {
  auto atom = llvm::cast<Sm90MmaAtomType>(getAtom());
  auto acc = llvm::cast<VectorType>(getAcc().getType());
  int64_t want = int64_t(atom.getM()) * atom.getN() / 128;
  if (acc.getElementType() != atom.getCType() || acc.getNumElements() != want)
    return emitOpError() << "a warpgroup thread holds " << want << " x " << str(atom.getCType())
                         << " of the " << atom.getM() << "x" << atom.getN()
                         << " accumulator, but the result is " << str(acc);
  return success();
}

LogicalResult AtomPayloadOp::verify() {
  Type atom = getAtom().getType();
  TypeRange parts = getParts().getTypes();
  if (auto wgmma = llvm::dyn_cast<Sm90MmaAtomType>(atom)) {
    if (parts.size() != 3)
      return emitOpError() << "a WGMMA payload is (A descriptor or fragment, B descriptor, "
                              "accumulator), got "
                           << parts.size() << " parts";
    if (wgmma.getFragKind() == FragKind::SS && !parts[0].isInteger(64))
      return emitOpError() << "an ss WGMMA payload takes the A descriptor as i64, got "
                           << str(parts[0]);
    if (!parts[1].isInteger(64))
      return emitOpError() << "a WGMMA payload takes the B descriptor as i64, got "
                           << str(parts[1]);
    auto acc = llvm::dyn_cast<VectorType>(parts[2]);
    if (!acc || acc.getElementType() != wgmma.getCType())
      return emitOpError() << "a WGMMA payload accumulates in a register vector of "
                           << str(wgmma.getCType()) << ", got " << str(parts[2]);
    return success();
  }
  if (getMma(atom) && llvm::isa<TmemAtomTypeInterface>(atom)) {
    if (parts.size() != 4)
      return emitOpError() << "a UMMA payload is (A, B, TMEM accumulator, mbarrier), got "
                           << parts.size() << " parts";
    if (!isPtrIn(parts[2], 6))
      return emitOpError() << "a UMMA payload accumulates in tensor memory, got "
                           << str(parts[2]);
    if (!isPtrIn(parts[3], 3))
      return emitOpError() << "a UMMA payload completes on a shared-memory mbarrier, got "
                           << str(parts[3]);
    return success();
  }
  if (parts.empty())
    return emitOpError() << "an atom payload needs at least one part";
  return success();
}

LogicalResult RetrieveTmemPtrOp::verify() {
  if (!isPtrIn(getPtr().getType(), 6))
    return emitOpError() << "returns a tensor-memory pointer, got " << str(getPtr().getType());
  return verifyColumns(*this, getNumColumns());
}

LogicalResult MbarrierInitOp::verify() {
  auto ptr = llvm::dyn_cast<cute::PtrType>(getMbar().getType());
  if (!isPtrIn(ptr, 3) || !ptr.getElementType().isInteger(64))
    return emitOpError() << "an mbarrier is an i64 in shared memory, got "
                         << str(getMbar().getType());
  return success();
}

LogicalResult CpAsyncS2tOp::verify() {
  auto atom = llvm::dyn_cast<S2tCopyAtomType>(getAtom());
  if (!atom)
    return emitOpError() << "expects an !cute_nvgpu.atom.s2t_copy atom, got " << str(getAtom());
  if (!(residencyOf(getSrc().getType()) & Residency::Smem))
    return emitOpError() << "'" << str(atom) << "' copies smem to tmem, but got src: "
                         << str(getSrc().getType());
  if (!isPtrIn(getDst().getType(), 6))
    return emitOpError() << "'" << str(atom) << "' copies smem to tmem, but got dst: "
                         << str(getDst().getType());
  if (!isPtrIn(getMbar().getType(), 3))
    return emitOpError() << "completes on a shared-memory mbarrier, got "
                         << str(getMbar().getType());
  Type elem = cute::getViewElementType(getSrc().getType());
  if (bitsOf(elem) != bitsOf(atom.getElementType()))
    return emitOpError() << "'" << str(atom) << "' moves " << bitsOf(atom.getElementType())
                         << "-bit elements, but the source holds " << str(elem);
  return success();
}

LogicalResult CopyS2tOp::verify() {
  if (!isPtrIn(getDst().getType(), 6))
    return emitOpError() << "copies into tensor memory, got dst: " << str(getDst().getType());
  if (!getSrc().getType().isInteger(64) && !isPtrIn(getSrc().getType(), 3))
    return emitOpError() << "copies from shared memory (pointer or i64 descriptor), got src: "
                         << str(getSrc().getType());
  if (!isPtrIn(getMbar().getType(), 3))
    return emitOpError() << "completes on a shared-memory mbarrier, got "
                         << str(getMbar().getType());
  return success();
}

LogicalResult TmemAllocOp::verify() {
  auto slot = llvm::dyn_cast<cute::PtrType>(getSlot().getType());
  if (!isPtrIn(slot, 3) || !slot.getElementType().isInteger(32))
    return emitOpError() << "writes the 32-bit TMEM handle to shared memory, got "
                         << str(getSlot().getType());
  return verifyColumns(*this, getNumColumns());
}

LogicalResult TmemDeallocOp::verify() {
  if (!isPtrIn(getTmem().getType(), 6))
    return emitOpError() << "releases tensor memory, got " << str(getTmem().getType());
  return verifyColumns(*this, getNumColumns());
}

/// tcgen05.ld / tcgen05.st: a TMEM pointer and a register vector of its
/// element type, 8/16/32-bit.
static LogicalResult verifyTmemAccess(Operation *op, Type tmem, Type values) {
  auto ptr = llvm::dyn_cast<cute::PtrType>(tmem);
  if (!isPtrIn(ptr, 6))
    return op->emitOpError() << "accesses tensor memory, got " << str(tmem);
  Type elem = llvm::cast<VectorType>(values).getElementType();
  if (elem != ptr.getElementType())
    return op->emitOpError() << "moves " << str(ptr.getElementType()) << " but the registers hold "
                             << str(elem);
  unsigned bits = bitsOf(elem);
  if (bits != 8 && bits != 16 && bits != 32)
    return op->emitOpError() << "moves 32/16/8-bit elements, got " << str(elem);
  return success();
}

LogicalResult TmemLoadOp::verify() {
  return verifyTmemAccess(*this, getTmem().getType(), getValues().getType());
}

LogicalResult TmemStoreOp::verify() {
  return verifyTmemAccess(*this, getTmem().getType(), getValues().getType());
}
