// An op with no lowering on the chip it is meant for (compile-invalid.mlir):
// a 16-bit tensor-memory load (only 32-bit TMEM copies are lowered; issue 27
// item 6 keeps the rest open).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%r: !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"16:1">>) kernel {
      %h = arith.constant 0 : i32
      %cols = arith.constant 32 : i32
      %t = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<f16, tmem>
      %l = cute.static : !cute.layout<"16:1">
      %v = cute.make_view %t, %l : !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"16:1">>
      %atom = cute.make_atom : !cute_nvgpu.atom.tmem_load<f16>
      cute.copy_atom_call %atom, %v, %r : !cute_nvgpu.atom.tmem_load<f16>, !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"16:1">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"16:1">>
      gpu.return
    }
  }
}
