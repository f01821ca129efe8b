// TMEM copies that meet the column contract (spec 003 "SM100 and SM103 TMEM
// copy atoms"): one contiguous range of whole 32-bit columns on the TMEM
// side, as many columns of data on the other side.
// RUN: %cute-opt %s | FileCheck %s

!T32 = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"(8,4):(1,8)">>
!R32 = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"32:1">>
!T16 = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"64:1">>
!R16 = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(2,32):(32,1)">>
module attributes {cute_nvgpu.target = #cute_nvgpu.target<"sm_100a">} {
  // CHECK-LABEL: func @tmem_round_trip
  func.func @tmem_round_trip(%t: !T32, %r: !R32, %t16: !T16, %r16: !R16) {
    %l = cute.make_atom : !cute_nvgpu.atom.tmem_load<f32>
    // CHECK: cute.copy_atom_call %{{.*}} : !cute_nvgpu.atom.tmem_load<f32>
    cute.copy_atom_call %l, %t, %r : !cute_nvgpu.atom.tmem_load<f32>, !T32, !R32
    %s = cute.make_atom : !cute_nvgpu.atom.tmem_store<f16>
    // 64 half-precision values fill 32 columns; the register side's order
    // does not matter, only how much it holds.
    // CHECK: cute.copy_atom_call %{{.*}} : !cute_nvgpu.atom.tmem_store<f16>
    cute.copy_atom_call %s, %r16, %t16 : !cute_nvgpu.atom.tmem_store<f16>, !R16, !T16
    return
  }
}
