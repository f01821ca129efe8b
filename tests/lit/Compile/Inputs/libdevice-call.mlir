// A math op that convert-gpu-to-nvvm lowers to a libdevice call
// (compile-invalid.mlir LIBDEVICE).
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%p: !cute.ptr<f32, gmem>) kernel {
    %l = cute.static : !cute.layout<"1:0">
    %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>
    %c = cute.static : !cute.coord<"0">
    %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>, !cute.coord<"0">
    %t = math.tanh %x : f32
    cute.store %t, %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>, !cute.coord<"0">
    gpu.return
  }
}
}
