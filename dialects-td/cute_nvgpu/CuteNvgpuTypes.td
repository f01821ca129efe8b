//===- CuteNvgpuTypes.td - atom types of `cute_nvgpu` -----------------------===//

#ifndef CUTE_NVGPU_TYPES_TD
#define CUTE_NVGPU_TYPES_TD

include "cute_nvgpu/CuteNvgpuDialect.td"

def CuteNvgpu_UniversalCopyAtomType
    : CuteNvgpu_Type<"UniversalCopyAtom", "atom.universal_copy",
                     [DeclareTypeInterfaceMethods<Cute_CopyAtomTypeInterface,
                                                  ["getThreadValueLayouts"]>]> {
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

def CuteNvgpu_UniversalFmaAtomType
    : CuteNvgpu_Type<"UniversalFmaAtom", "atom.universal_fma",
                     [DeclareTypeInterfaceMethods<Cute_MmaAtomTypeInterface>]> {
  let summary = "universal FMA atom: D = A * B + C on one element (all tiers)";
  let description = [{
    The generic fallback MMA atom of spec 003: shape (1,1,1), A, B, C/D in
    registers, one `fma` per thread.

    ```mlir
    !cute_nvgpu.atom.universal_fma<f16, f16, f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$aType, "::mlir::Type":$bType, "::mlir::Type":$cType);
  let assemblyFormat = "`<` $aType `,` $bType `,` $cType `>`";
}

#endif // CUTE_NVGPU_TYPES_TD
