// Math ops that convert-gpu-to-nvvm lowers to libdevice calls (exact:
// no fastmath<afn>); each is refused at its op (compile-invalid.mlir
// LIBDEVICE).
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @k(%p: !cute.ptr<f32, gmem>) kernel {
    %l = cute.static : !cute.layout<"1:0">
    %v = cute.make_view %p, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>
    %c = cute.static : !cute.coord<"0">
    %x = cute.load %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>, !cute.coord<"0">
    %t = math.tanh %x : f32
    %e = math.exp %t : f32
    cute.store %e, %v[%c] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"1:0">>, !cute.coord<"0">
    gpu.return
  }
}
}
