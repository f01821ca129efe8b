//===- CuteNvgpuDialect.h - C++ declarations of `cute_nvgpu` ---------------===//

#ifndef CUTE_NVGPU_DIALECT_H
#define CUTE_NVGPU_DIALECT_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "CuteDialect.h"

#include "cute_nvgpu/CuteNvgpuDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute_nvgpu/CuteNvgpuTypes.h.inc"

#endif // CUTE_NVGPU_DIALECT_H
