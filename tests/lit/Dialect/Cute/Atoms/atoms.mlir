// Atoms through the generic atom interfaces: make_atom, tiled copies and
// MMAs, atom calls, and the kernel-ABI attributes.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s

!copy = !cute_nvgpu.atom.universal_copy<f32>
!fma = !cute_nvgpu.atom.universal_fma<f32, f32, f32>
!gview = !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(4):(1)">>
!rview = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(2,2):(1,2)">>

// CHECK-LABEL: @atoms
// CHECK-SAME: attributes {cute.kernel}
func.func @atoms(%src: !gview, %dst: !rview, %d: !acc, %a: !acc, %b: !acc, %c: !acc,
                 %desc: !llvm.ptr {cute_nvgpu.grid_constant}) attributes {cute.kernel} {
  // CHECK: cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
  %copy = cute.make_atom : !copy
  // CHECK: cute.make_tiled_copy %{{.*}} : !cute.tiled_copy<!cute_nvgpu.atom.universal_copy<f32>, !cute.layout<"(32,4):(4,1)">, !cute.tile<"[32:1;4:1]">>
  %tc = cute.make_tiled_copy %copy : !cute.tiled_copy<!copy, !cute.layout<"(32,4):(4,1)">, !cute.tile<"[32:1;4:1]">>
  // CHECK: cute.copy_atom_call %{{.*}}, %{{.*}}, %{{.*}} : !cute_nvgpu.atom.universal_copy<f32>
  cute.copy_atom_call %copy, %src, %dst : !copy, !gview, !rview
  // CHECK: cute.make_atom : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
  %fma = cute.make_atom : !fma
  // CHECK: cute.make_tiled_mma %{{.*}} : !cute.tiled_mma<!cute_nvgpu.atom.universal_fma<f32, f32, f32>, !cute.layout<"(16,8,1):(1,16,0)">>
  %tm = cute.make_tiled_mma %fma : !cute.tiled_mma<!fma, !cute.layout<"(16,8,1):(1,16,0)">>
  // CHECK: cute.mma_atom_call %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !cute_nvgpu.atom.universal_fma<f32, f32, f32>
  cute.mma_atom_call %fma, %d, %a, %b, %c : !fma, !acc, !acc, !acc, !acc
  return
}
