//===- CuteNvgpuTypes.td - atom types of `cute_nvgpu` -----------------------===//

#ifndef CUTE_NVGPU_TYPES_TD
#define CUTE_NVGPU_TYPES_TD

include "cute_nvgpu/CuteNvgpuDialect.td"

def CuteNvgpu_UniversalCopyAtomType
    : CuteNvgpu_Type<"UniversalCopyAtom", "atom.universal_copy"> {
  let summary = "universal copy atom: one element, scalar ld/st (all tiers)";
  let description = [{
    The generic fallback copy atom of spec 003: any source/destination pair
    the target supports, one value per thread, lowered to a scalar load and
    store of the element's width.

    ```mlir
    !cute_nvgpu.atom.universal_copy<f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$valueType);
  let assemblyFormat = "`<` $valueType `>`";
}

#endif // CUTE_NVGPU_TYPES_TD
