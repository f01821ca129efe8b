// A kernel entry in CuTe's ABI (spec 002): a func.func marked cute.kernel,
// whose layout parameter is a grid constant (passed by value in .param
// space, as CUTLASS passes its Params struct). Each thread scales one
// element of a run-time sized column-major matrix.
// Compile: cute compile examples/kernel_params.mlir --chip sm_80 -o params.ptx
// Launch: grid (ceil(M*N/128)), block 128.

!lv = !cute.layout<"(?,?):(1,?)">
!gv = !cute.view<!cute.ptr<f32, gmem>, !lv>
module attributes {gpu.container_module} {
gpu.module @kernels {
  func.func @scale(%shape: !lv {cute_nvgpu.grid_constant}, %p: !cute.ptr<f32, gmem>, %alpha: f32) attributes {cute.kernel} {
    %m = cute.make_view %p, %shape : !gv
    %bx = gpu.block_id x
    %tx = gpu.thread_id x
    %bd = gpu.block_dim x
    %b = arith.muli %bx, %bd : index
    %i = arith.addi %b, %tx : index
    %i32 = arith.index_cast %i : index to i32
    %size = cute.size(%shape) : (!lv) -> !cute.int_tuple<"?">
    %n = cute.get_leaves %size : !cute.int_tuple<"?"> -> i32
    %inside = arith.cmpi slt, %i32, %n : i32
    scf.if %inside {
      %c = cute.make_int_tuple(%i32) : (i32) -> !cute.coord<"?">
      %x = cute.load %m[%c] : !gv, !cute.coord<"?">
      %y = arith.mulf %x, %alpha : f32
      cute.store %y, %m[%c] : !gv, !cute.coord<"?">
    }
    return
  }
}
}
