// SM120.mma_bs where it cannot lower: an element pair the lowering does not
// pack yet, a scale format PTX 8.8 lacks, scale fragments of the wrong size.
// RUN: %cute-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(cute-to-nvvm{chip=sm_120a})'

!A = !cute.view<!cute.ptr<f6E2M3FN, rmem>, !cute.layout<"16:1">>
!B = !cute.view<!cute.ptr<f6E2M3FN, rmem>, !cute.layout<"8:1">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!S = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"1:1">>
!M = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f6E2M3FN, f6E2M3FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @fp6(%a: !A, %b: !B, %c: !C, %s: !S) kernel {
    %mma = cute.make_atom : !M
    // expected-error @+1 {{SM120.mma_bs is not lowered: SM120 block-scaled MMA lowers FP8 x FP8 at K = 32 (ue8m0, sf_vec 32) and FP4 x FP4 at K = 64; FP6 and FP4 in 8-bit containers are not yet}}
    cute.mma_atom_call %mma, %c, %a, %b, %c scales(%s, %s : !S, !S) : !M, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

// FP4 at K = 32: e2m1 in 8-bit containers (kind::mxf8f6f4), not yet packed.
!A = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"16:1">>
!B = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"8:1">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!S = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"1:1">>
!M = !cute_nvgpu.SM120.mma_bs<16x8x32, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @fp4_in_8_bit_containers(%a: !A, %b: !B, %c: !C, %s: !S) kernel {
    %mma = cute.make_atom : !M
    // expected-error @+1 {{SM120.mma_bs is not lowered: SM120 block-scaled MMA lowers FP8 x FP8 at K = 32 (ue8m0, sf_vec 32) and FP4 x FP4 at K = 64; FP6 and FP4 in 8-bit containers are not yet}}
    cute.mma_atom_call %mma, %c, %a, %b, %c scales(%s, %s : !S, !S) : !M, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

!A = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"32:1">>
!B = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"16:1">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!S = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"4:1">>
!M = !cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 16>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @nvf4_ue8m0(%a: !A, %b: !B, %c: !C, %s: !S) kernel {
    %mma = cute.make_atom : !M
    // expected-error @+1 {{kind::mxf4nvf4 with ue8m0 scales (scale_vec::4X) needs PTX 9.1, which ptxas 12.9 and LLVM 22 do not have: use ue4m3 scales}}
    cute.mma_atom_call %mma, %c, %a, %b, %c scales(%s, %s : !S, !S) : !M, !C, !A, !B, !C
    gpu.return
  }
}
}

// -----

!A = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"32:1">>
!B = !cute.view<!cute.ptr<f4E2M1FN, rmem>, !cute.layout<"16:1">>
!C = !cute.view<!cute.ptr<f32, rmem>, !cute.layout<"4:1">>
!S = !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"1:1">>
!M = !cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>
module attributes {gpu.container_module} {
gpu.module @kernels {
  gpu.func @mxf4_one_scale(%a: !A, %b: !B, %c: !C, %s: !S) kernel {
    %mma = cute.make_atom : !M
    // expected-error @+1 {{the scale factors of A hold 2 value(s) per lane (scale_vec::2X), got !cute.view<!cute.ptr<f8E8M0FNU, rmem>, !cute.layout<"1:1">>}}
    cute.mma_atom_call %mma, %c, %a, %b, %c scales(%s, %s : !S, !S) : !M, !C, !A, !B, !C
    gpu.return
  }
}
}
