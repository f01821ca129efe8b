// One Hopper warpgroup MMA tile with A in registers (CuTe's `_RS` GMMA
// atoms, what attention kernels use for P * V): C(64x128) = A(64x64) *
// B(128x64)^T with WGMMA 64x128x16, f16 in, f32 accumulate.
//
// * A goes straight from global memory into each thread's registers: the
//   tiled MMA's partition_A gives the thread its values in the atom's
//   register order (CuTe's ALayout_64x16: lane l of warp w holds rows
//   16w + l/4 (+8) and columns 2(l%4) (+1, +8) of each 16-wide k-block).
// * B is K-major in shared memory with the 128-byte swizzle, filled by
//   cp.async and read by WGMMA through its descriptor.
// * cute.gemm issues four wgmma.mma_async (K = 64 = 4 x 16) on A's
//   registers; the lowering pins A's and the accumulators' registers at
//   the fence and the wait (issue 36).
//
// Compile: cute compile examples/wgmma_rs_sm90.mlir --chip sm_90a -o wgmma_rs.ptx
// Run:     cute run examples/launch/wgmma_rs_sm90.launch.json

!swb = !cute.composed_layout<"S<3,3,3> o 0 o (128,64):(64,1)">
!sb = !cute.view<!cute.ptr<f16, smem, align<1024>>, !swb>
!ga = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(64,64):(64,1)">>
!gb = !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(128,64):(64,1)">>
!gc = !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(64,128):(128,1)">>
!mma_atom = !cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = rs>
!mma = !cute.tiled_mma<!mma_atom, !cute.layout<"(1,1,1):(0,0,0)">>
!cp_atom = !cute_nvgpu.atom.simt_async_copy<16, f16>
!g2s = !cute.tiled_copy<!cp_atom, !cute.layout<"((8,16),8):((128,1),16)">, !cute.tile<"[16:1;64:1]">>
!load = !cute_nvgpu.atom.universal_copy<f16>
!store = !cute_nvgpu.atom.universal_copy<f32>

module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @wgmma_rs_tile(%pA: !cute.ptr<f16, gmem, align<16>>, %pB: !cute.ptr<f16, gmem, align<16>>,
                          %pC: !cute.ptr<f32, gmem, align<16>>) kernel {
    %la = cute.static : !cute.layout<"(64,64):(64,1)">
    %lb = cute.static : !cute.layout<"(128,64):(64,1)">
    %lc = cute.static : !cute.layout<"(64,128):(128,1)">
    %gA = cute.make_view %pA, %la : !ga
    %gB = cute.make_view %pB, %lb : !gb
    %gC = cute.make_view %pC, %lc : !gc
    %tid_index = gpu.thread_id x
    %tid_i32 = arith.index_cast %tid_index : index to i32
    %tid = cute.make_int_tuple(%tid_i32) : (i32) -> !cute.int_tuple<"?">

    %swb = cute.static : !swb
    %sBp = cute.alloc_smem 8192 : !cute.ptr<f16, smem, align<1024>>
    %sB = cute.make_view %sBp, %swb : !sb

    // B: global -> shared with cp.async, 16 rows x 8 chunks of 8 halves per pass.
    %cp_atom = cute.make_atom : !cp_atom
    %g2s = cute.make_tiled_copy %cp_atom : !g2s
    %tBgB = cute.tiled.copy.partition_S %g2s, %gB, %tid : (!g2s, !gb, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),8,1):((1,0),1024,0)">>
    %tBsB = cute.tiled.copy.partition_D %g2s, %sB, %tid : (!g2s, !sb, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),8,1):((1,0),1024,0)">>
    cute.copy %g2s, %tBgB, %tBsB : !g2s, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"((8,1),8,1):((1,0),1024,0)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 0 o ((8,1),8,1):((1,0),1024,0)">>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier

    // A: the thread's register fragment, loaded from global memory.
    %mma_atom = cute.make_atom : !mma_atom
    %mma = cute.make_tiled_mma %mma_atom : !mma
    %tCgA = cute.tiled.mma.partition_A %mma, %gA, %tid : (!mma, !ga, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"((2,2,2),1,4):((1,512,8),0,16)">>
    %tCrA = cute.make_fragment_like %tCgA : !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"((2,2,2),1,4):((1,512,8),0,16)">> -> !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,4):((1,16,2),0,4)">>
    %load = cute.make_atom : !load
    cute.copy %load, %tCgA, %tCrA : !load, !cute.view<!cute.ptr<f16, gmem, align<4>>, !cute.layout<"((2,2,2),1,4):((1,512,8),0,16)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,4):((1,16,2),0,4)">>
    %tCsB = cute.tiled.mma.partition_B %mma, %sB, %tid : (!mma, !sb, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>
    %tCgC = cute.tiled.mma.partition_C %mma, %gC, %tid : (!mma, !gc, !cute.int_tuple<"?">) -> !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">>
    %acc = cute.make_fragment_like %tCgC : !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">> -> !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    %zero = arith.constant 0.0 : f32
    cute.fill %zero, %acc : f32, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    nvvm.wgmma.fence.aligned
    cute.gemm %mma, %acc, %tCrA, %tCsB, %acc : !mma, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>, !cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<"((2,2,2),1,4):((1,16,2),0,4)">>, !cute.view<!cute.ptr<f16, smem, align<1024>>, !cute.composed_layout<"S<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">>, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>
    nvvm.wgmma.commit.group.sync.aligned
    nvvm.wgmma.wait.group.sync.aligned 0

    %store = cute.make_atom : !store
    cute.copy %store, %acc, %tCgC : !store, !cute.view<!cute.ptr<f32, rmem, align<16>>, !cute.layout<"((2,2,16),1,1):((1,32,2),0,0)">>, !cute.view<!cute.ptr<f32, gmem, align<8>>, !cute.layout<"((2,2,16),1,1):((1,1024,8),0,0)">>
    gpu.return
  }
}
}
