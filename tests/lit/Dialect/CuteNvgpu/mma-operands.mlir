// Sparse and block-scaled MMA calls take their extra operands as typed
// optional groups (spec 003 "Registry Invariants": "Sparse and block-scaled
// atoms expose their metadata through typed operands"): `metadata(...)` for
// SparseMetadataAtom types, `scales(A, B)` for BlockScaleAtom types.
// RUN: %cute-opt %s | FileCheck %s
// RUN: %cute-opt %s | %cute-opt | FileCheck %s
// RUN: %cute-opt %s --mlir-print-op-generic | %cute-opt | FileCheck %s

!R = !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"(16,16):(16,1)">>
!Acc = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"(16,8):(8,1)">>
!E = !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"2:1">>
!SP = !cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>

// CHECK-LABEL: func @sm80_sparse
func.func @sm80_sparse(%d: !Acc, %a: !R, %b: !R, %e: !E) {
  %sp = cute.make_atom : !SP
  // CHECK: cute.mma_atom_call %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} metadata(%{{.*}} : !cute.view<!cute.ptr<i32, rmem>, !cute.layout<"2:1">>) : !cute_nvgpu.sm80.sparse_mma
  cute.mma_atom_call %sp, %d, %a, %b, %d metadata(%e : !E) : !SP, !Acc, !R, !R, !Acc
  return
}

!F8 = !cute.view<!cute.ptr<f8E4M3FN, rmem>, !cute.layout<"(16,32):(32,1)">>
!SF = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"2:1">>
!BS = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>

// CHECK-LABEL: func @sm120_block_scaled
func.func @sm120_block_scaled(%d: !Acc, %a: !F8, %b: !F8, %sfa: !SF, %sfb: !SF) {
  %bs = cute.make_atom : !BS
  // CHECK: cute.mma_atom_call %{{.*}} scales(%{{.*}}, %{{.*}} : !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"2:1">>, !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"2:1">>) : !cute_nvgpu.SM120.mma_bs
  cute.mma_atom_call %bs, %d, %a, %b, %d scales(%sfa, %sfb : !SF, !SF) : !BS, !Acc, !F8, !F8, !Acc
  return
}
