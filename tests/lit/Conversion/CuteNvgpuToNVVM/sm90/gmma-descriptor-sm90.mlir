// The WGMMA rewriter's intermediate ops, written directly: a shared-memory
// operand's GMMA descriptor (`cute_nvgpu.gmma.descriptor`) and the zeroed
// register accumulator (`cute_nvgpu.register.accumulator`). Both are pure
// (spec 000 Hopper WGMMA contract: side-effect-free integer arithmetic, so
// CSE can share it): two identical descriptors become one, and the one in
// the loop is replaced by the one before it (@shared); alone in a loop, it
// is hoisted by loop-invariant code motion (@hoisted). Then each lowers to
// integer arithmetic.
// RUN: %cute-opt %s --pass-pipeline='builtin.module(func.func(cse,loop-invariant-code-motion))' | FileCheck %s --check-prefix=CSE
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-to-llvm,cute-nvgpu-to-nvvm)' | FileCheck %s --check-prefix=LOWER
// RUN: %cute-opt %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion))' | FileCheck %s --check-prefix=HOIST

!Tile = !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o (64,16):(64,1)">>
!W = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>

// CSE-LABEL: func.func @shared
// CSE: cute_nvgpu.register.accumulator
// CSE-NOT: cute_nvgpu.register.accumulator
// CSE: cute_nvgpu.gmma.descriptor
// CSE-NOT: cute_nvgpu.gmma.descriptor
// CSE: scf.for
// CSE-NOT: cute_nvgpu.gmma.descriptor
// CSE: return
// The accumulator is a zero vector; the descriptor is the shared address
// (bits 4-17 of it) or'ed into the layout's constant part
// (layout::gmma::make_gmma_desc: 128-byte swizzle, K-major).
// LOWER-LABEL: func.func @shared
// LOWER-NOT: cute_nvgpu.
// LOWER: llvm.mlir.zero : vector<64xf32>
// LOWER: %[[P:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// LOWER: %[[W:.*]] = llvm.zext %[[P]] : i32 to i64
// LOWER: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// LOWER: %[[S:.*]] = llvm.lshr %[[W]], %[[FOUR]] : i64
// LOWER: %[[MASK:.*]] = llvm.mlir.constant(16383 : i64) : i64
// LOWER: %[[A:.*]] = llvm.and %[[S]], %[[MASK]] : i64
// LOWER: llvm.mlir.constant(4611686293305360384 : i64) : i64
// LOWER: llvm.or %[[A]], %{{.*}} : i64
// LOWER-NOT: cute_nvgpu.
func.func @shared(%t: !Tile, %n: index) -> (i64, i64, vector<64xf32>, vector<64xf32>, i64) {
  %a0 = cute_nvgpu.register.accumulator !W : vector<64xf32>
  %a1 = cute_nvgpu.register.accumulator !W : vector<64xf32>
  %d0 = cute_nvgpu.gmma.descriptor %t : !Tile -> i64
  %d1 = cute_nvgpu.gmma.descriptor %t : !Tile -> i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %d = cute_nvgpu.gmma.descriptor %t : !Tile -> i64
    %x = arith.xori %acc, %d : i64
    scf.yield %x : i64
  }
  return %d0, %d1, %a0, %a1, %s : i64, i64, vector<64xf32>, vector<64xf32>, i64
}

// HOIST-LABEL: func.func @hoisted
// HOIST: cute_nvgpu.gmma.descriptor
// HOIST-NEXT: scf.for
// HOIST-NOT: cute_nvgpu.gmma.descriptor
// HOIST: return
func.func @hoisted(%t: !Tile, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %d = cute_nvgpu.gmma.descriptor %t : !Tile -> i64
    %x = arith.xori %acc, %d : i64
    scf.yield %x : i64
  }
  return %s : i64
}
