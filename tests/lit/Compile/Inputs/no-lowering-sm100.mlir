// An op with no lowering on the chip it is meant for (compile-invalid.mlir):
// the packaged S2T copy of a 4x256b tile (tcgen05.cp has the shape, but its
// packaging is not built; the raw arch.copy.SM100.copy_s2t does it).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%s: !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(4,32):(32,1)">>) kernel {
      %h = arith.constant 0 : i32
      %cols = arith.constant 32 : i32
      %p = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<i8, tmem>
      %l = cute.static : !cute.layout<"(4,32):(65536,1)">
      %t = cute.make_view %p, %l : !cute.view<!cute.ptr<i8, tmem>, !cute.layout<"(4,32):(65536,1)">>
      %atom = cute.make_atom : !cute_nvgpu.atom.s2t_copy<i8>
      cute.copy_atom_call %atom, %s, %t : !cute_nvgpu.atom.s2t_copy<i8>, !cute.view<!cute.ptr<i8, smem, align<1024>>, !cute.layout<"(4,32):(32,1)">>, !cute.view<!cute.ptr<i8, tmem>, !cute.layout<"(4,32):(65536,1)">>
      gpu.return
    }
  }
}
