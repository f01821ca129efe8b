#!/usr/bin/env python3
"""CuTe's own `TiledCopy::retile` values, from NVIDIA's CuTe DSL (no GPU needed).

Writes the lines of tests/fixtures/retile_cases.txt, which
src/layout/partition.rs's `retile_is_cute_s` checks:

    CUTE_DSL_ARCH=sm_80 /tmp/dsl/bin/python scripts/cute_dsl_retile_oracle.py | grep CASE > tests/fixtures/retile_cases.txt

Each line: atom layout, operand, ldmatrix xN, smem majorness, the tiled
copy's (make_tiled_copy_A/B) thread-value layout and tiler, the MMA
fragment's layout (make_fragment_A/B), and retile(fragment)'s layout.
"""
import cutlass
import cutlass.cute as cute

def s(x):
    return str(x).replace(" ", "")

def run():
    op = cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))
    for shape in [(1, 1, 1), (2, 2, 1), (2, 1, 1), (1, 2, 1), (4, 2, 1)]:
        mma = cute.make_tiled_mma(op, cute.make_layout(shape))
        thr = mma.get_slice(0)
        for which, num, dims in (("A", 4, (128, 32)), ("A", 2, (128, 32)), ("B", 2, (128, 32)), ("B", 1, (128, 32))):
            for major in ("k", "mn"):
                stride = (dims[1], 1) if major == "k" else (1, dims[0])
                t = cute.make_tensor(cute.make_ptr(cutlass.Float16, 0, cute.AddressSpace.smem), cute.make_layout(dims, stride=stride))
                part = thr.partition_A(t) if which == "A" else thr.partition_B(t)
                frag = (mma.make_fragment_A if which == "A" else mma.make_fragment_B)(part)
                atom = cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(major == "mn", num), cutlass.Float16)
                tc = (cute.make_tiled_copy_A if which == "A" else cute.make_tiled_copy_B)(atom, mma)
                ct = tc.get_slice(0)
                print("CASE", s(cute.make_layout(shape)), which, num, major, s(tc.layout_tv_tiled), s(tc.tiler_mn), s(frag.layout), s(ct.retile(frag).layout))

@cute.jit
def trace():
    run()

cute.compile(trace)
