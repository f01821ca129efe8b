// A GEMM mainloop's layouts in cute IR: a dynamic (M, K) global tile, a static
// 128x64 shared-memory tile in the spec's per-mode spelling, and the shape of
// the thread grid. `cute opt` (or mlir-opt-22 with the plugin) desugars them,
// and `cute-lower-to-llvm` lowers them to LLVM structs (README's main job).
func.func @tile_layouts(%m: index, %k: index, %ld: i64)
    -> (!cute.layout<"(?,?):(?{i64},1)">, !cute.layout<"(128,64):(64,1)">, !cute.shape<"(32,?)">) {
  %gmem = cute.make_layout(shape = (%m, %k : index, index), stride = (%ld : i64))
      : !cute.layout<"(?,?):(?{i64},1)">
  %smem = cute.make_layout(shape = (), stride = ()) : !cute.layout<<128:64, 64:1>>
  %threads = cute.make_shape(%m) : (index) -> !cute.shape<"(32,?)">
  return %gmem, %smem, %threads
      : !cute.layout<"(?,?):(?{i64},1)">, !cute.layout<"(128,64):(64,1)">, !cute.shape<"(32,?)">
}
