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
