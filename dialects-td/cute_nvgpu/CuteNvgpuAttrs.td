//===- CuteNvgpuAttrs.td - the SM target attribute -------------------------===//
//
// `#cute_nvgpu.target<"sm_90a">`: the SM tier a module or function is
// compiled for (spec 003 "Atom Surface by Tier"). Attached as the
// discardable attribute `cute_nvgpu.target`, it makes the verifier reject
// every atom whose tier window does not contain the target, and verify
// every atom instance of the region against its operand contract.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_ATTRS_TD
#define CUTE_NVGPU_ATTRS_TD

include "cute_nvgpu/CuteNvgpuDialect.td"

def CuteNvgpu_TargetAttr : AttrDef<CuteNvgpu_Dialect, "Target"> {
  let mnemonic = "target";
  let summary = "an SM target tier: sm_70 ... sm_121, with the a/f suffixes";
  let description = [{
    The roster of spec 003: `sm_70`, `sm_72`, `sm_75`, `sm_80`, `sm_86`,
    `sm_87`, `sm_89`, `sm_90`/`sm_90a`, `sm_100`/`sm_100a`/`sm_100f`,
    `sm_101`/`a`/`f`, `sm_103`/`a`/`f`, `sm_110`/`a`/`f` (Jetson Thor: a
    registered tier without an MMA atom family of its own),
    `sm_120`/`a`/`f` and `sm_121`/`a`/`f`. SM100 and SM103 share one atom
    surface; SM120 and SM121 share another.

    ```mlir
    module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_90a">} { ... }
    ```

    An atom is legal on a target when the target's SM number lies in the
    atom's tier window (the Rust registry, src/dialect/nvgpu/records.rs) and, for
    architecture-accelerated atoms (WGMMA, tcgen05, block-scaled register
    MMA), the target carries the `a` or `f` suffix.
  }];
  let parameters = (ins StringRefParameter<"the chip, e.g. sm_90a">:$chip);
  let assemblyFormat = "`<` $chip `>`";
  let genVerifyDecl = 1;
}

#endif // CUTE_NVGPU_ATTRS_TD
