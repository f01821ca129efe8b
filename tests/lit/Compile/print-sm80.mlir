// cute.print inside a kernel: desugared into gpu.printf (a view's elements in
// an scf.for over its coordinates), which the GPU -> NVVM conversion turns
// into vprintf calls; ptxas assembles the result.
// RUN: %cute compile %s --chip sm_80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK: .visible .entry show(
// CHECK: call.uni
// CHECK: vprintf

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @show(%p: !cute.ptr<f32, gmem>) kernel {
    %l = cute.static : !cute.layout<"(2,2):(1,2)">
    cute.print(%l) {prefix = "layout: "} : !cute.layout<"(2,2):(1,2)">
    %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,2):(1,2)">>
    cute.print(%v) : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,2):(1,2)">>
    gpu.return
  }
}
}
