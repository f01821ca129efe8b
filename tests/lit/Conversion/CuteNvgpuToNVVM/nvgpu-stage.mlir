// The lowering stages (spec 002 "Target-Neutral LLVM Conversion": SM-specific
// atoms stay in cute_nvgpu through it): cute-to-llvm lowers views and the
// universal atoms and leaves the SM-tier atom calls to cute-nvgpu-to-nvvm,
// which reads their operands through cute-to-llvm's casts.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm)' | FileCheck %s --check-prefix=NEUTRAL
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,cute-nvgpu-to-nvvm)' | FileCheck %s --check-prefix=NVVM

!g = !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"8:1">>
!s = !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"8:1">>
!r = !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"8:1">>

// NEUTRAL-LABEL: func @stage
// NEUTRAL: cute.copy_atom_call %{{.*}} : !cute_nvgpu.atom.simt_async_copy<16, f16>
// NEUTRAL-NOT: cute.copy_atom_call %{{.*}} : !cute_nvgpu.atom.universal_copy
// NEUTRAL: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// NVVM-LABEL: func @stage
// NVVM-NOT: cute.copy_atom_call
// NVVM: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
func.func @stage(%g: !g, %s: !s, %r: !r) {
  %cp = cute.make_atom : !cute_nvgpu.atom.simt_async_copy<16, f16>
  cute.copy_atom_call %cp, %g, %s : !cute_nvgpu.atom.simt_async_copy<16, f16>, !g, !s
  %u = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
  cute.copy_atom_call %u, %s, %r : !cute_nvgpu.atom.universal_copy<f16>, !s, !r
  return
}
