// Round trip of the cute_nvgpu atom types.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s

// CHECK-LABEL: @atoms
// CHECK-SAME: !cute_nvgpu.atom.universal_copy<f32>
// CHECK-SAME: !cute_nvgpu.atom.universal_copy<i8>
func.func private @atoms(!cute_nvgpu.atom.universal_copy<f32>, !cute_nvgpu.atom.universal_copy<i8>)
