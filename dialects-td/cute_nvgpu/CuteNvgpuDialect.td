//===- CuteNvgpuDialect.td - the `cute_nvgpu` dialect ----------------------===//
//
// SM-tier atoms (spec 003): MMA, copy, prefetch, TMA, tensor-memory and
// descriptor atom types behind type interfaces. Generic `cute` code never
// branches on the SM tier; it asks the atom type through its interfaces.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_DIALECT_TD
#define CUTE_NVGPU_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "cute/CuteInterfaces.td"

def CuteNvgpu_Dialect : Dialect {
  let name = "cute_nvgpu";
  let cppNamespace = "::mlir::cute_nvgpu";
  let summary = "SM-tier atom registry of CuTe (SM70 to SM120)";
  let description = [{
    Target-specific atoms of CuTe: universal FMA/copy, SM75 ldmatrix, SM80
    mma.sync and cp.async, SM90 WGMMA and TMA, SM100 UMMA and tensor memory,
    SM120 block-scaled MMA. Each atom is a type that implements the atom
    interfaces; `cute.make_atom` builds values of these types.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // `cute_nvgpu.target` on a module or function (spec 003 target gating).
  let hasOperationAttrVerify = 1;
  // `cute_nvgpu.grid_constant` on kernel arguments (spec 002 kernel ABI).
  let hasRegionArgAttrVerify = 1;
  let dependentDialects = ["::mlir::cute::CuteDialect"];
}

class CuteNvgpu_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CuteNvgpu_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

#endif // CUTE_NVGPU_DIALECT_TD
