// Approximate transcendentals (src/passes/conversion/nvgpu_to_nvvm/fast_math.rs):
// math.tanh / exp2 / exp with fastmath<afn> on f32 become LLVM's tanh
// intrinsic with afn and NVPTX's llvm.nvvm.ex2.approx.f32 (exp through a
// multiplication by log2(e)), tanh.approx.f32 / ex2.approx.f32; without afn the
// op is left to convert-gpu-to-nvvm (a libdevice call, refused:
// tests/lit/Compile/compile-invalid.mlir LIBDEVICE).
// RUN: %cute-opt %s --pass-pipeline='builtin.module(cute-nvgpu-to-nvvm)' | FileCheck %s
// RUN: sed -e '/^  \/\/ EXACT-BEGIN$/,/^  \/\/ EXACT-END$/d' %s > %t.approx.mlir
// RUN: %cute compile %t.approx.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

module attributes {gpu.container_module} {
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @approximate
  // CHECK: llvm.intr.tanh(%{{.*}}) {fastmathFlags = #llvm.fastmath<afn>} : (vector<4xf32>) -> vector<4xf32>
  // exp2 element by element (convert-gpu-to-nvvm marks LLVM's exp2 illegal).
  // CHECK: llvm.mlir.undef : vector<4xf32>
  // CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%{{.*}}) : (f32) -> f32
  // CHECK: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
  // CHECK: %[[SCALED:.*]] = llvm.fmul %{{.*}}, %[[LOG2E]] {fastmathFlags = #llvm.fastmath<afn>} : f32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[SCALED]]) : (f32) -> f32
  // PTX-LABEL: .entry approximate(
  // PTX-COUNT-4: tanh.approx.f32
  // PTX-COUNT-4: ex2.approx.f32
  // PTX: ex2.approx.f32
  gpu.func @approximate(%p: !llvm.ptr<1>) kernel {
    %x = llvm.load %p : !llvm.ptr<1> -> vector<4xf32>
    %v = math.tanh %x fastmath<afn> : vector<4xf32>
    %e2 = math.exp2 %v fastmath<fast> : vector<4xf32>
    %s = vector.reduction <add>, %e2 : vector<4xf32> into f32
    %e = math.exp %s fastmath<afn> : f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    gpu.return
  }
  // max / min / fma on f32 have PTX instructions: LLVM's intrinsics, not
  // the libdevice calls convert-gpu-to-nvvm would make (an online
  // softmax's row max and scaled exponent, examples/fmha_fwd_sm80.mlir).
  // CHECK-LABEL: gpu.func @instructions
  // CHECK: llvm.intr.maxnum(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  // CHECK: llvm.intr.minnum(%{{.*}}, %{{.*}}) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  // CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  // CHECK-NOT: __nv_
  // PTX-LABEL: .entry instructions(
  // PTX: max.f32
  // PTX-COUNT-4: min.f32
  // PTX: fma.rn.f32
  gpu.func @instructions(%p: !llvm.ptr<1>, %a: f32, %b: f32) kernel {
    %m = arith.maxnumf %a, %b : f32
    %v = llvm.load %p : !llvm.ptr<1> -> vector<4xf32>
    %w = vector.broadcast %m : f32 to vector<4xf32>
    %n = arith.minnumf %v, %w : vector<4xf32>
    %s = vector.reduction <add>, %n : vector<4xf32> into f32
    %f = math.fma %s, %a, %b : f32
    llvm.store %f, %p : f32, !llvm.ptr<1>
    gpu.return
  }
  // EXACT-BEGIN
  // Without afn the exact function stays math (no PTX instruction computes
  // it; the gpu conversion would call libdevice).
  // CHECK-LABEL: gpu.func @exact
  // CHECK: math.tanh %{{.*}} : f32
  // (Its unused cute parameter loads the cute dialect, which the pass
  // needs loaded.)
  gpu.func @exact(%x: f32, %unused: !cute.ptr<f32, gmem>) kernel {
    %t = math.tanh %x : f32
    gpu.return
  }
  // EXACT-END
}
}
