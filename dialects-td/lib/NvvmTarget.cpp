//===- NvvmTarget.cpp - typed access to #nvvm.target for Rust (CppFFI.h) -===//
//
// MLIR's C API has no accessors for NVVM's target attribute; these two give
// the lowering the chip and features as NVVMTargetAttr holds them, and build
// a changed copy with NVVMTargetAttr::get (issue 29: no pass parses the
// attribute's text).
//
//===----------------------------------------------------------------------===//

#include "CppFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

extern "C" bool cute_cpp_nvvm_target(MlirAttribute raw, MlirStringRef *chip, MlirStringRef *features) {
  if (mlirAttributeIsNull(raw))
    return false;
  auto target = llvm::dyn_cast<NVVM::NVVMTargetAttr>(unwrap(raw));
  if (!target)
    return false;
  *chip = wrap(target.getChip());
  *features = wrap(target.getFeatures());
  return true;
}

extern "C" MlirAttribute cute_cpp_nvvm_target_with(MlirAttribute raw, MlirStringRef chip, MlirStringRef features) {
  if (mlirAttributeIsNull(raw))
    return MlirAttribute{nullptr};
  auto target = llvm::dyn_cast<NVVM::NVVMTargetAttr>(unwrap(raw));
  if (!target)
    return MlirAttribute{nullptr};
  return wrap(NVVM::NVVMTargetAttr::get(target.getContext(), target.getO(), target.getTriple(), unwrap(chip),
                                        unwrap(features), target.getFlags(), target.getLink(),
                                        target.getVerifyTarget()));
}
