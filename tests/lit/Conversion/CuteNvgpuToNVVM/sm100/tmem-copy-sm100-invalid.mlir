// The tensor-memory copies PTX has no instruction for (tcgen05.cp copies
// shared -> tensor memory only): a diagnostic that says so and names what
// does the job, instead of a generic legality failure.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_100a})'

!T = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
!S = !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"32:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @tmem_to_smem(%t: !T, %s: !S) kernel {
    %a = cute.make_atom : !cute_nvgpu.atom.tmem_to_smem_copy<f32>
    // expected-error @+1 {{atom.tmem_to_smem_copy has no PTX instruction (tcgen05.cp copies shared -> tensor memory only): copy with atom.tmem_load into a register fragment, then store it to shared memory (universal_copy or stsm)}}
    cute.copy_atom_call %a, %t, %s : !cute_nvgpu.atom.tmem_to_smem_copy<f32>, !T, !S
    gpu.return
  }
}
}

// -----

!T = !cute.view<!cute.ptr<f32, tmem>, !cute.layout<"32:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @tmem_to_tmem(%t: !T, %u: !T) kernel {
    %a = cute.make_atom : !cute_nvgpu.atom.tcgen05.cp<f32>
    // expected-error @+1 {{atom.tcgen05.cp from tensor memory has no PTX instruction (tcgen05.cp copies shared -> tensor memory only): copy with atom.tmem_load into registers, then atom.tmem_store}}
    cute.copy_atom_call %a, %t, %u : !cute_nvgpu.atom.tcgen05.cp<f32>, !T, !T
    gpu.return
  }
}
}

// -----

// 16-bit values are packed two a 32-bit column: a view that starts inside
// a column (row 1 of (2,4):(1,3) starts at value 3) has no TMEM address.
!T = !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"(2,4):(1,3)">>
!R = !cute.view<!cute.ptr<f16, rmem, align<4>>, !cute.layout<"2:1">>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @half_column(%t: !T, %r: !R) kernel {
    %a = cute.make_atom : !cute_nvgpu.atom.tmem_load<f16>
    %row = cute.make_coord() : () -> !cute.coord<"(_,1)">
    // expected-error @+1 {{a tensor-memory pointer to 16-bit f16 elements (packed 2 a 32-bit column) moves by 3 elements, which is not a whole number of columns}}
    %s = cute.slice(%t, %row) : !T, !cute.coord<"(_,1)">
    cute.copy_atom_call %a, %s, %r : !cute_nvgpu.atom.tmem_load<f16>, !cute.view<!cute.ptr<f16, tmem>, !cute.layout<"(2):(1)">>, !R
    gpu.return
  }
}
}
