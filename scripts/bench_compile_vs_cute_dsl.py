#!/usr/bin/env python3
"""`cute compile` of our GEMM examples against NVIDIA's CuTe DSL compiling
CUTLASS's own GEMM of the same tile, both to a binary, timed in one run on
one machine. No GPU is needed. Two pairs, chosen by the example given:
* tensorop_gemm.py (Ampere): examples/gemm_sm80.mlir, 128x128x32 tile,
  3 stages, 2x2x1 SM80 16x8x16 atoms, sm_80 (issue 11's benchmark);
* dense_gemm.py (Hopper): examples/gemm_sm90.mlir, 128x128x64 tile, two
  warpgroups of WGMMA 64x128x16, TMA pipeline, sm_90a (issue 12's).
* blackwell dense_gemm.py: examples/gemm_sm100.mlir, 128x256 tile, bf16 in,
  f32 accumulator in tensor memory, 1 CTA, sm_100a (issue 13's).

Setup (once):
    python3 -m venv /tmp/dsl && /tmp/dsl/bin/pip install nvidia-cutlass-dsl
    cargo build --release --bin cute
    # CUTLASS's examples (any checkout of github.com/NVIDIA/cutlass):
    #   examples/python/CuTeDSL/cute/ampere/kernel/dense_gemm/tensorop_gemm.py
    #   examples/python/CuTeDSL/cute/hopper/kernel/dense_gemm/dense_gemm.py
Run:
    CUTE_DSL_NO_CACHE=1 CUTE_DSL_ARCH=sm_80 /tmp/dsl/bin/python scripts/bench_compile_vs_cute_dsl.py PATH/TO/tensorop_gemm.py
    CUTE_DSL_NO_CACHE=1 CUTE_DSL_ARCH=sm_90a /tmp/dsl/bin/python scripts/bench_compile_vs_cute_dsl.py PATH/TO/hopper/.../dense_gemm.py
    CUTE_DSL_NO_CACHE=1 CUTE_DSL_ARCH=sm_100a /tmp/dsl/bin/python scripts/bench_compile_vs_cute_dsl.py PATH/TO/blackwell/.../dense_gemm.py

Prints the DSL's import time, its compile time (cute.compile with fake
tensors, dynamic M/N/K, PTX and cubin), ours (the release `cute compile`
to PTX, then ptxas to a cubin, each run as a process like a user runs
it; fastest of 5), and the ratio.
"""
import importlib.util
import os
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def time_dsl(example):
    t0 = time.perf_counter()
    import cutlass
    import cutlass.cute as cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    t1 = time.perf_counter()
    spec = importlib.util.spec_from_file_location("cutlass_example", example)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    m, l = cute.sym_int(), cute.sym_int()
    n, k = cute.sym_int(divisibility=16), cute.sym_int(divisibility=16)
    kind = "sm100" if hasattr(module, "DenseGemmKernel") else "sm90" if hasattr(module, "HopperWgmmaGemmKernel") else "sm80"
    ab_type = cutlass.BFloat16 if kind == "sm100" else cutlass.Float16
    c_type = cutlass.Float16 if kind == "sm80" else cutlass.Float32
    # A (M,K), B (N,K) K-major and C (M,N) N-major, as our examples.
    a = make_fake_compact_tensor(ab_type, (m, k, l), stride_order=(1, 0, 2), assumed_align=16)
    b = make_fake_compact_tensor(ab_type, (n, k, l), stride_order=(1, 0, 2), assumed_align=16)
    c = make_fake_compact_tensor(c_type, (m, n, l), stride_order=(1, 0, 2), assumed_align=16)
    if kind == "sm100":
        gemm = module.DenseGemmKernel(cutlass.Float32, False, (128, 256), (1, 1), False)
    elif kind == "sm90":
        gemm = module.HopperWgmmaGemmKernel(cutlass.Float32, (128, 128), (1, 1))
    else:
        gemm = module.TensorOpGemm(cutlass.Float16, cutlass.Float16, cutlass.Float32, (2, 2, 1))
    t2 = time.perf_counter()
    cute.compile(gemm, a, b, c, make_fake_stream())
    t3 = time.perf_counter()
    return t1 - t0, t3 - t2, kind


def time_ours(kind, runs=5):
    cute = os.path.join(REPO, "target", "release", "cute")
    ptxas = os.path.join(REPO, ".venv", "bin", "ptxas")
    example = os.path.join(REPO, "examples", f"gemm_{kind}.mlir")
    chip = {"sm80": "sm_80", "sm90": "sm_90a", "sm100": "sm_100a"}[kind]
    best = None
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([cute, "compile", example, "--chip", chip, "-o", "/tmp/bench_gemm.ptx"], check=True)
        t1 = time.perf_counter()
        subprocess.run([ptxas, f"-arch={chip}", "/tmp/bench_gemm.ptx", "-o", "/tmp/bench_gemm.cubin"], check=True)
        t2 = time.perf_counter()
        if best is None or t2 - t0 < best[0] + best[1]:
            best = (t1 - t0, t2 - t1)
    return best


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    dsl_import, dsl_compile, kind = time_dsl(sys.argv[1])
    ptx, cubin = time_ours(kind)
    print(f"pair={os.path.basename(sys.argv[1])} vs examples/gemm_{kind}.mlir")
    ours = ptx + cubin
    print(f"cute_dsl_import_s={dsl_import:.3f} cute_dsl_compile_s={dsl_compile:.3f}")
    print(f"cute_mlir_ptx_s={ptx:.3f} ptxas_s={cubin:.3f} cute_mlir_total_s={ours:.3f}")
    print(f"speedup_compile={dsl_compile / ours:.1f}x speedup_with_import={(dsl_import + dsl_compile) / ours:.1f}x")


if __name__ == "__main__":
    main()
