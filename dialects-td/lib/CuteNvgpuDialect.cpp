//===- CuteNvgpuDialect.cpp - glue of the `cute_nvgpu` dialect -------------===//

#include "CuteNvgpuDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#include "cute_nvgpu/CuteNvgpuDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuTypes.cpp.inc"

void CuteNvgpuDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute_nvgpu/CuteNvgpuTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Atom interfaces of the universal atoms
//===----------------------------------------------------------------------===//

/// Element width in bits of a scalar, vector or complex type (0 if unknown).
static unsigned bitsOf(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  if (auto vector = llvm::dyn_cast<VectorType>(type))
    return vector.getNumElements() * bitsOf(vector.getElementType());
  if (auto complex = llvm::dyn_cast<ComplexType>(type))
    return 2 * bitsOf(complex.getElementType());
  return 0;
}

Type UniversalCopyAtomType::getCopyElementType() const { return getValueType(); }

unsigned UniversalCopyAtomType::getCopyBits() const { return bitsOf(getValueType()); }

// One thread moves one value: CuTe's UniversalCopy traits in elements.
SmallVector<std::string, 3> UniversalCopyAtomType::getThreadValueLayouts() const {
  return {"(1,1):(0,1)", "(1,1):(0,1)", "(1,1):(0,1)"};
}

LogicalResult UniversalCopyAtomType::verifyInstance(
    TypeRange elementTypes, function_ref<InFlightDiagnostic()> emitError) const {
  static constexpr llvm::StringLiteral kRoles[] = {"source", "destination"};
  for (auto [role, type] : llvm::zip(kRoles, elementTypes))
    if (type != getValueType())
      return emitError() << "atom.universal_copy moves " << getValueType() << " but the " << role
                         << " holds " << type;
  return success();
}

std::string UniversalFmaAtomType::getShapeMNK() const { return "(1,1,1)"; }

SmallVector<Type, 3> UniversalFmaAtomType::getOperandElementTypes() const {
  return {getAType(), getBType(), getCType()};
}

LogicalResult UniversalFmaAtomType::verifyInstance(
    TypeRange elementTypes, function_ref<InFlightDiagnostic()> emitError) const {
  static constexpr llvm::StringLiteral kRoles[] = {"D", "A", "B", "C"};
  Type expected[] = {getCType(), getAType(), getBType(), getCType()};
  for (auto [role, want, got] : llvm::zip(kRoles, expected, elementTypes))
    if (want != got)
      return emitError() << "atom.universal_fma expects " << role << " of " << want << ", got "
                         << got;
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel ABI attribute
//===----------------------------------------------------------------------===//

LogicalResult CuteNvgpuDialect::verifyRegionArgAttribute(Operation *op, unsigned, unsigned argIndex,
                                                         NamedAttribute attr) {
  if (attr.getName() != "cute_nvgpu.grid_constant")
    return op->emitError() << "unknown cute_nvgpu argument attribute '" << attr.getName() << "'";
  if (!llvm::isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'cute_nvgpu.grid_constant' must be a unit attribute";
  if (!op->hasAttr("cute.kernel"))
    return op->emitError() << "'cute_nvgpu.grid_constant' on argument #" << argIndex
                           << " is only valid on a 'cute.kernel' function";
  return success();
}
