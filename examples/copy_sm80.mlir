module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @copy(%src: !cute.ptr<f32, gmem>, %dst: !cute.ptr<f32, gmem>, %m: i32, %n: i32) kernel {
    %shape = cute.make_int_tuple(%m, %n) : (i32, i32) -> !cute.shape<"(?,?)">
    %stride = cute.make_int_tuple(%m) : (i32) -> !cute.stride<"(1,?)">
    %l = cute.make_layout_raw %shape, %stride : (!cute.shape<"(?,?)">, !cute.stride<"(1,?)">) -> !cute.layout<"(?,?):(1,?)">
    %vs = cute.make_view %src, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>
    %vd = cute.make_view %dst, %l : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %tx = gpu.thread_id x
    %bxi = arith.index_cast %bx : index to i32
    %byi = arith.index_cast %by : index to i32
    %txi = arith.index_cast %tx : index to i32
    %tile = cute.static : !cute.tile<"[32:1;8:1]">
    %c = cute.make_int_tuple(%bxi, %byi) : (i32, i32) -> !cute.coord<"(?,?)">
    %ts = cute.local_tile(%vs, %tile, %c) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>, !cute.tile<"[32:1;8:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?)">>
    %td = cute.local_tile(%vd, %tile, %c) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(?,?):(1,?)">>, !cute.tile<"[32:1;8:1]">, !cute.coord<"(?,?)">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?)">>
    %t = cute.make_int_tuple(%txi) : (i32) -> !cute.coord<"?">
    %thr = cute.static : !cute.layout<"(32,1):(1,0)">
    %ps = cute.local_partition(%ts, %thr, %t) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?)">>, !cute.layout<"(32,1):(1,0)">, !cute.coord<"?">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,8):(0,?)">>
    %pd = cute.local_partition(%td, %thr, %t) : (!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(32,8):(1,?)">>, !cute.layout<"(32,1):(1,0)">, !cute.coord<"?">) -> !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,8):(0,?)">>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %c8 step %c1 {
      %zero = arith.constant 0 : i32
      %kk = arith.index_cast %k : index to i32
      %crd = cute.make_int_tuple(%zero, %kk) : (i32, i32) -> !cute.coord<"(?,?)">
      %x = cute.load %ps[%crd] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,8):(0,?)">>, !cute.coord<"(?,?)">
      cute.store %x, %pd[%crd] : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(1,8):(0,?)">>, !cute.coord<"(?,?)">
    }
    gpu.return
  }
}
}
