#!/usr/bin/env python3
"""Compile time to a cubin: each example of this project against NVIDIA's
CuTe DSL compiling CUTLASS's corresponding example on the same tile (the
pairs of scripts/compare_ptx_with_cute_dsl.py: the sm80, sm90 and sm100
GEMMs, the persistent ones, and the three attention kernels), timed in one
run on one machine. No GPU is needed (issue 33).

For each pair it prints, in seconds:
* the DSL: its import (`import cutlass.cute`), and `cute.compile` of the
  kernel (cache off: CUTE_DSL_NO_CACHE=1), which goes to a cubin;
* ours, to a cubin, three ways:
  - cold process: `cute compile X --emit cubin --no-cache`, a new process
    (process start, dynamic loading, nvJitLink loaded, the compile);
  - warm process: N copies of X compiled by one `cute compile DIR -j 1
    --emit cubin --no-cache` process, its wall time / N;
  - in process: what `cute compile --timing` reports for the compile
    itself (the Rust API's cost per kernel once a compiler exists);
* the ratios: the DSL's compile (without and with its import) over ours.
Every figure is the fastest of several runs.

Setup (once):
    python3 -m venv /tmp/dsl && /tmp/dsl/bin/pip install nvidia-cutlass-dsl
    cargo build --release --bin cute
    # CUTLASS's examples/python/CuTeDSL/{cute,helpers} from any checkout
Run:
    /tmp/dsl/bin/python scripts/bench_compile_vs_cute_dsl.py PATH/TO/CuTeDSL/cute [EXAMPLE...]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare_ptx_with_cute_dsl as pairs  # noqa: E402

REPO = os.path.dirname(HERE)
CUTE = os.path.join(REPO, "target", "release", "cute")
COPIES = 8


def dsl_times(index, root):
    """In this process (one a pair: the DSL reads its chip when imported)."""
    _, chip, example, kind = pairs.PAIRS[index]
    t0 = time.perf_counter()
    import cutlass.cute  # noqa: F401

    t1 = time.perf_counter()
    cute, kernel, args, stream, extra = pairs.dsl_job(os.path.join(root, example), kind)
    t2 = time.perf_counter()
    cute.compile(kernel, *args, stream, *extra)
    t3 = time.perf_counter()
    return {"import": t1 - t0, "compile": t3 - t2}


def fastest(runs, f):
    best = None
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best


def ours(name, chip, scratch):
    source = os.path.join(REPO, "examples", f"{name}.mlir")
    out = os.path.join(scratch, f"{name}.cubin")
    cold_cmd = [CUTE, "compile", source, "--chip", chip, "--emit", "cubin", "--no-cache", "-o", out]
    cold = fastest(5, lambda: subprocess.run(cold_cmd, check=True))
    in_process = None
    for _ in range(5):
        run = subprocess.run(cold_cmd + ["--timing"], check=True, capture_output=True, text=True)
        line = next(l for l in run.stderr.splitlines() if l.startswith("cute: timing:"))
        ms = float(line.split("compile ")[1].split(" ms")[0])
        in_process = ms / 1e3 if in_process is None else min(in_process, ms / 1e3)
    copies = os.path.join(scratch, f"{name}-copies")
    os.makedirs(copies, exist_ok=True)
    for i in range(COPIES):
        shutil.copy(source, os.path.join(copies, f"{name}_{i}.mlir"))
    batch_cmd = [CUTE, "compile", copies, "--chip", chip, "--emit", "cubin", "--no-cache", "-j", "1", "-o", os.path.join(scratch, "out")]
    warm = fastest(3, lambda: subprocess.run(batch_cmd, check=True)) / COPIES
    return cold, warm, in_process


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--dsl":
        print(json.dumps(dsl_times(int(sys.argv[2]), sys.argv[3])))
        return
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root, only = sys.argv[1], sys.argv[2:]
    scratch = tempfile.mkdtemp(prefix="cute-bench-compile-")
    print("| kernel | chip | DSL import | DSL compile | ours cold process | ours warm process | ours in process | DSL compile / ours (cold, warm, in process) | DSL import + compile / ours cold |")
    print("|---|---|---|---|---|---|---|---|---|")
    for index, (name, chip, example, kind) in enumerate(pairs.PAIRS):
        if only and name not in only:
            continue
        env = dict(os.environ, CUTE_DSL_ARCH=chip, CUTE_DSL_NO_CACHE="1")
        dsl = None
        for _ in range(3):
            run = subprocess.run([sys.executable, __file__, "--dsl", str(index), root], env=env, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"the CuTe DSL failed on {example}:\n{run.stderr[-3000:]}")
            t = json.loads(run.stdout.strip().splitlines()[-1])
            dsl = t if dsl is None else {k: min(dsl[k], t[k]) for k in t}
        cold, warm, inproc = ours(name, chip, scratch)
        c = dsl["compile"]
        print(
            f"| {name} | {chip} | {dsl['import']:.3f} | {c:.3f} | {cold:.3f} | {warm:.3f} | {inproc:.3f} "
            f"| {c / cold:.1f}x, {c / warm:.1f}x, {c / inproc:.1f}x | {(dsl['import'] + c) / cold:.1f}x |"
        )


if __name__ == "__main__":
    main()
