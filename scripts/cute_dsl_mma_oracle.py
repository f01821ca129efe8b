#!/usr/bin/env python3
"""CuTe's own values for MMA partitioning, from NVIDIA's CuTe DSL.

Writes tests/fixtures/mma_partitions.json, which tests/mma_partition.rs
checks the Rust algebra against (the DSL needs no GPU to trace):

    python3 -m venv /tmp/dsl && /tmp/dsl/bin/pip install nvidia-cutlass-dsl
    /tmp/dsl/bin/python scripts/cute_dsl_mma_oracle.py > tests/fixtures/mma_partitions.json

Each case: an SM80 warp MMA atom, an atom layout, a row/column-major
operand tile, a thread index, and CuTe's partition_A/B/C of it (layout and
the coordinate of its first element, from an identity tensor), plus the
tiled MMA's thread-value layouts and make_tiled_copy_A/B's.
"""
import json
import sys

import cutlass
import cutlass.cute as cute

ATOMS = {
    "sm80.mma<16x8x16, elem_type = (f16, f16, f32)>": lambda: cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)),
    "sm80.mma<16x8x8, elem_type = (f16, f16, f32)>": lambda: cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 8)),
    "sm80.mma<16x8x16, elem_type = (bf16, bf16, f32)>": lambda: cute.nvgpu.warp.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (16, 8, 16)),
    "sm80.mma<16x8x8, elem_type = (tf32, tf32, f32)>": lambda: cute.nvgpu.warp.MmaTF32Op((16, 8, 8)),
}
ATOM_LAYOUTS = [(1, 1, 1), (2, 2, 1), (2, 1, 1), (1, 2, 1), (4, 2, 1)]
THREADS = [0, 1, 5, 31, 37, 64, 127, 255]
CASES = []


def s(x):
    return str(x).replace(" ", "")


def run_all():
    # A plain function: the DSL rewrites the control flow of @cute.jit
    # bodies only, and these loops are over Python values.
    for name, make_op in ATOMS.items():
        for shape in ATOM_LAYOUTS:
            mma = cute.make_tiled_mma(make_op(), cute.make_layout(shape))
            nthr = shape[0] * shape[1] * shape[2] * 32
            tile = (mma.tv_layout_A_tiled, mma.tv_layout_B_tiled, mma.tv_layout_C_tiled)
            case = {"atom": name, "atom_layout": s(cute.make_layout(shape)), "tv_a": s(tile[0]), "tv_b": s(tile[1]), "tv_c": s(tile[2]), "parts": []}
            ldsm4 = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 4), cutlass.Float16)
            ldsm2 = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 2), cutlass.Float16)
            if "f16, f16" in name or "bf16" in name:
                ca = cute.make_tiled_copy_A(ldsm4, mma)
                cb = cute.make_tiled_copy_B(ldsm2, mma)
                case["copy_a"] = {"layout_tv": s(ca.layout_tv_tiled), "tiler": s(ca.tiler_mn)}
                case["copy_b"] = {"layout_tv": s(cb.layout_tv_tiled), "tiler": s(cb.tiler_mn)}
            for which, dims in (("A", (128, 32)), ("B", (128, 32)), ("C", (128, 128))):
                for major in ("row", "col"):
                    stride = (dims[1], 1) if major == "row" else (1, dims[0])
                    layout = cute.make_layout(dims, stride=stride)
                    for t in THREADS:
                        if t >= nthr:
                            continue
                        thr = mma.get_slice(t)
                        ident = cute.make_identity_tensor(dims)
                        part = getattr(thr, "partition_" + which)
                        coords = part(ident)
                        ptr = cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.gmem)
                        view = part(cute.make_tensor(ptr, layout))
                        case["parts"].append({"which": which, "tensor": s(layout), "thread": t, "layout": s(view.layout), "origin": s(coords.iterator)})
            CASES.append(case)


@cute.jit
def trace():
    run_all()


cute.compile(trace)
json.dump(CASES, sys.stdout, indent=1)
print()
