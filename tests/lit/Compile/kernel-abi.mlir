// The kernel-entry ABI (spec 002): cute-kernel-to-nvvm turns cute.kernel
// into nvvm.kernel and each cute_nvgpu.grid_constant argument into
// {llvm.align = 16, llvm.byval = T, nvvm.grid_constant}: the value travels
// in .param space (a 16-byte aligned .param of sizeof(T) bytes) and the body
// reads it with ld.param, no copy. cute-to-nvvm orders the pass after
// convert-func-to-llvm itself.
// RUN: %cute-opt %s --split-input-file --pass-pipeline='builtin.module(cute-kernel-to-nvvm)' --verify-diagnostics | FileCheck %s --check-prefix=ABI
// RUN: %cute compile %examples/kernel_params.mlir --chip sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// ABI-LABEL: llvm.func @k(
// ABI-SAME: %arg0: !llvm.ptr {llvm.align = 16 : i64, llvm.byval = !llvm.struct<(i32, f32)>, nvvm.grid_constant}
// ABI-SAME: %arg1: i32 {llvm.noundef}
// ABI-SAME: attributes {nvvm.kernel}
// ABI: %[[V:.*]] = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(i32, f32)>
// ABI: llvm.extractvalue %[[V]][0]
llvm.func @k(%p: !llvm.struct<(i32, f32)> {cute_nvgpu.grid_constant}, %n: i32 {llvm.noundef}) attributes {cute.kernel} {
  %x = llvm.extractvalue %p[0] : !llvm.struct<(i32, f32)>
  %y = llvm.add %x, %n : i32
  llvm.return
}

// -----

// A device function stays as it is.
// ABI-LABEL: llvm.func @device(
// ABI-NOT: nvvm.kernel
llvm.func @device(%n: i32) {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op cute-kernel-to-nvvm: grid-constant argument #0 is passed by value, but it is a pointer (!llvm.ptr<1>)}}
llvm.func @pointer(%p: !llvm.ptr<1> {cute_nvgpu.grid_constant}) attributes {cute.kernel} {
  llvm.return
}

// -----

// A TMA descriptor (cute-to-llvm marks the parameter cute.tma_descriptor and
// makes it the tensor map's address): the 128-byte map travels by value,
// 64-byte aligned (CUtensorMap's alignment, which the TMA unit requires;
// 16 is too little), and is used in place, not loaded.
// ABI-LABEL: llvm.func @tma(
// ABI-SAME: %arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.struct<(array<16 x i64>)>, nvvm.grid_constant}
// ABI-NOT: llvm.load
// ABI: nvvm.prefetch tensormap, %arg0
llvm.func @tma(%d: !llvm.ptr {cute_nvgpu.grid_constant, cute.tma_descriptor = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">}) attributes {cute.kernel} {
  nvvm.prefetch tensormap, %d : !llvm.ptr
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op cute-kernel-to-nvvm: the TMA descriptor argument #0 must be a cute_nvgpu.grid_constant (the TMA unit reads the tensor map in .param space)}}
llvm.func @tma_by_reference(%d: !llvm.ptr {cute.tma_descriptor = !cute_nvgpu.tma_descriptor<f16, box = [64, 64], swizzle = 128, interleave = 0, l2_promotion = 128, oob_fill = "zero">}) attributes {cute.kernel} {
  llvm.return
}

// PTX: .visible .entry scale(
// PTX-NEXT: .param .align 16 .b8 scale_param_0[16],
// PTX: ld.param.{{.*}}[scale_param_0

// -----

// A device function taking a (stateless) atom: LLVM's NVPTX back end aborts
// on an empty parameter type, so the parameter is dropped, and the call's
// operand with it.
// ABI-LABEL: llvm.func internal @device(
// ABI-SAME: %{{.*}}: i32) {
// ABI: llvm.mlir.undef : !llvm.struct<()>
// ABI-LABEL: llvm.func @caller(
// ABI: llvm.call @device(%{{.*}}) : (i32) -> ()
gpu.module @device_atoms {
  llvm.func internal @device(%atom: !llvm.struct<()>, %x: i32) {
    llvm.return
  }
  llvm.func @caller(%x: i32) attributes {cute.kernel} {
    %atom = llvm.mlir.undef : !llvm.struct<()>
    llvm.call @device(%atom, %x) : (!llvm.struct<()>, i32) -> ()
    llvm.return
  }
}

// -----

// A kernel cannot lose a parameter the host passes.
gpu.module @kernel_atoms {
  // expected-error @+1 {{cute-kernel-to-nvvm: kernel argument #0 is an atom, which carries no data: make the atom in the kernel (cute.make_atom) instead of passing it}}
  llvm.func @k(%atom: !llvm.struct<()>) attributes {cute.kernel} {
    llvm.return
  }
}

// -----

// convert-gpu-to-nvvm gives every function of a gpu.module a host C
// interface (llvm.emit_c_interface and an _mlir_ciface_ wrapper). On the
// device nothing calls one: the wrappers are erased (a device function's
// would be a visible .func keeping its internal callee alive) and the
// attribute dropped; a host function outside the gpu.module keeps its own.
// ABI-LABEL: gpu.module @device_interfaces
// ABI-NOT: _mlir_ciface_
// ABI: llvm.func internal @helper(
// ABI-NOT: llvm.emit_c_interface
// ABI: }
// ABI-NOT: _mlir_ciface_
// ABI: llvm.func @host(
// ABI-SAME: llvm.emit_c_interface
// ABI: llvm.func @_mlir_ciface_host(
module attributes {gpu.container_module} {
  gpu.module @device_interfaces {
    llvm.func internal @helper(%n: i32) -> i32 attributes {llvm.emit_c_interface} {
      llvm.return %n : i32
    }
    llvm.func @_mlir_ciface_helper(%n: i32) -> i32 attributes {llvm.emit_c_interface} {
      %r = llvm.call @helper(%n) : (i32) -> i32
      llvm.return %r : i32
    }
  }
  llvm.func @host(%n: i32) attributes {llvm.emit_c_interface} {
    llvm.return
  }
  llvm.func @_mlir_ciface_host(%n: i32) attributes {llvm.emit_c_interface} {
    llvm.call @host(%n) : (i32) -> ()
    llvm.return
  }
}
