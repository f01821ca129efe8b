// An op with no lowering on the chip it is meant for (compile-invalid.mlir):
// cute.copy_atom_call of the S2T copy atom (the raw copy_s2t op lowers).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%s: !cute.ptr<i64, smem>, %t: !cute.ptr<i64, tmem>) kernel {
      %l = cute.static : !cute.layout<"1:1">
      %src = cute.make_view %s, %l : !cute.view<!cute.ptr<i64, smem>, !cute.layout<"1:1">>
      %dst = cute.make_view %t, %l : !cute.view<!cute.ptr<i64, tmem>, !cute.layout<"1:1">>
      %atom = cute.make_atom : !cute_nvgpu.atom.s2t_copy<i64>
      cute.copy_atom_call %atom, %src, %dst : !cute_nvgpu.atom.s2t_copy<i64>, !cute.view<!cute.ptr<i64, smem>, !cute.layout<"1:1">>, !cute.view<!cute.ptr<i64, tmem>, !cute.layout<"1:1">>
      gpu.return
    }
  }
}
