#!/usr/bin/env python3
"""Issues 31 and 32's comparison with NVIDIA: each GEMM and attention
example of this project against the CuTe DSL's corresponding example on the same tile, compiled to
PTX without a GPU, then ptxas -v: main-loop instructions per MMA
instruction, registers, spills. Prints a markdown table (docs/compile.md).

Setup (once):
    python3 -m venv /tmp/dsl && /tmp/dsl/bin/pip install nvidia-cutlass-dsl
    cargo build --release --bin cute
    # CUTLASS's examples/python/CuTeDSL/cute from any checkout, e.g.
    #   git -C cutlass show HEAD:examples/python/CuTeDSL/cute/<path> > <path>
Run:
    /tmp/dsl/bin/python scripts/compare_ptx_with_cute_dsl.py PATH/TO/CuTeDSL/cute [EXAMPLE...]
(EXAMPLE: only these of ours, e.g. fmha_fwd_sm80.)

The main loop is the loop (a label and the last branch back to it) that
issues the most MMA instructions (mma.sync, wgmma.mma_async,
tcgen05.mma); its instructions are counted without labels, directives and
comments, and divided by its MMA instructions.
"""
import glob
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PTXAS = os.path.join(REPO, ".venv", "bin", "ptxas")
CUTE = os.path.join(REPO, "target", "release", "cute")
MMA = re.compile(r"^\s*(@%p\d+\s+)?(mma\.sync|wgmma\.mma_async|tcgen05\.mma)")

# (ours, chip, the DSL example under CuTeDSL/cute, how to build its kernel)
PAIRS = [
    ("gemm_sm80", "sm_80", "ampere/kernel/dense_gemm/tensorop_gemm.py", "sm80"),
    ("gemm_sm90", "sm_90a", "hopper/kernel/dense_gemm/dense_gemm.py", "sm90"),
    ("gemm_ws_sm90", "sm_90a", "hopper/kernel/dense_gemm/dense_gemm_persistent.py", "sm90_persistent"),
    ("gemm_sm100", "sm_100a", "blackwell/kernel/dense_gemm/dense_gemm.py", "sm100"),
    ("gemm_ws_sm100", "sm_100a", "blackwell/kernel/dense_gemm/dense_gemm_persistent.py", "sm100_persistent"),
    ("gemm_ws_2sm_sm100", "sm_100a", "blackwell/kernel/dense_gemm/dense_gemm_persistent.py", "sm100_persistent_2cta"),
    ("fmha_fwd_sm80", "sm_80", "ampere/kernel/attention/flash_attention_v2.py", "fa2_sm80"),
    ("fmha_fwd_d128_sm80", "sm_80", "ampere/kernel/attention/flash_attention_v2.py", "fa2_sm80_d128"),
    ("fmha_fwd_sm90", "sm_90a", "hopper/kernel/attention/fmha.py", "fmha_sm90"),
    ("fmha_fwd_sm100", "sm_100a", "blackwell/kernel/attention/fmha/fmha.py", "fmha_sm100"),
]


def main_loop(ptx):
    """(instructions, MMA instructions) of the loop issuing the most MMAs."""
    lines = ptx.splitlines()
    labels = {l.strip()[:-1]: i for i, l in enumerate(lines) if re.match(r"^\$L__\w+:$", l.strip())}
    best = (0, 0)
    for j, line in enumerate(lines):
        m = re.search(r"\bbra(\.uni)?\s+(\$L__\w+);", line)
        if not m or labels.get(m.group(2), j) >= j:
            continue
        body = lines[labels[m.group(2)]:j + 1]
        code = [l for l in body if l.strip() and not l.strip().startswith(("//", ".", "$", "{", "}"))]
        mmas = sum(1 for l in code if MMA.match(l))
        if mmas > best[1] or (mmas == best[1] and mmas and len(code) < best[0]):
            best = (len(code), mmas)
    return best


def ptxas_info(ptx_path, chip):
    out = subprocess.run([PTXAS, f"-arch={chip}", "-v", ptx_path, "-o", os.devnull], capture_output=True, text=True, check=True).stderr
    regs = max(int(r) for r in re.findall(r"Used (\d+) registers", out))
    spills = sum(int(s) for s in re.findall(r"(\d+) bytes spill stores", out))
    return regs, spills


def dsl_ptx(example, kind, chip, dump):
    """Compiles the DSL's example with the DSL and returns its kept PTX."""
    cute, kernel, args, stream, extra = dsl_job(example, kind)
    return compile_and_keep(cute, kernel, args, stream, example, dump, extra)


def dsl_job(example, kind):
    """The DSL's kernel object and the arguments `cute.compile` takes for
    it on our tile: (cute, kernel, args, stream, extra)."""
    import cutlass
    import cutlass.cute as cute
    from cutlass.cute.runtime import make_fake_compact_tensor, make_fake_stream

    # The attention examples import CuTeDSL/helpers (beside CuTeDSL/cute).
    root = os.path.dirname(example)
    while os.path.basename(root) != "cute":
        root = os.path.dirname(root)
    sys.path.insert(0, os.path.dirname(root))
    if kind == "fmha_sm100":
        # The Blackwell example imports torch at load (for its host run);
        # compiling needs none of it: a stub module stands in.
        import types

        class Stub(types.ModuleType):
            def __getattr__(self, name):
                if name.startswith("__"):
                    raise AttributeError(name)
                value = Stub(f"{self.__name__}.{name}")
                setattr(self, name, value)
                return value

            def __call__(self, *args, **kwargs):
                return Stub("call")

        for name in ["torch", "torch.cuda", "torch.nn", "torch.nn.functional"]:
            sys.modules.setdefault(name, Stub(name))
    spec = importlib.util.spec_from_file_location(f"dsl_{kind}", example)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if kind in ("fa2_sm80", "fa2_sm80_d128"):
        # FlashAttention-2 forward on our tile: d = 64 (or 128), a 128-row Q
        # tile, 64-row K/V blocks, 128 threads; Q, K, V, O (batch, seqlen,
        # heads, d) row-major f16, sequence lengths unknown until run time.
        d = 128 if kind == "fa2_sm80_d128" else 64
        b, sq, sk, h = cute.sym_int(), cute.sym_int(), cute.sym_int(), cute.sym_int()
        q, o = (make_fake_compact_tensor(cutlass.Float16, (b, sq, h, d), stride_order=(3, 2, 1, 0), assumed_align=16) for _ in range(2))
        k, v = (make_fake_compact_tensor(cutlass.Float16, (b, sk, h, d), stride_order=(3, 2, 1, 0), assumed_align=16) for _ in range(2))
        kernel = module.FlashAttentionForwardAmpere(d, 128, 64, 128, False)
        return cute, kernel, [q, k, v, o, cutlass.Float32(d**-0.5)], make_fake_stream(), ()
    if kind == "fmha_sm90":
        # FMHA on our tile: two MMA warpgroups of 64 Q rows (a 128-row Q
        # tile), 128-key blocks, d = 64, not persistent, no mask window;
        # Q, K, V, O as the example lays them out, (s, d, h_r, h_k, b) with
        # d contiguous, and the f32 log-sum-exp it also writes.
        import helpers.fmha_helpers as fmha_utils
        b, sq, sk, h = cute.sym_int(), cute.sym_int(), cute.sym_int(), cute.sym_int()
        order = (3, 0, 1, 2, 4)
        q, o = (make_fake_compact_tensor(cutlass.Float16, (sq, 64, 1, h, b), stride_order=order, assumed_align=16) for _ in range(2))
        k, v = (make_fake_compact_tensor(cutlass.Float16, (sk, 64, 1, h, b), stride_order=order, assumed_align=16) for _ in range(2))
        lse = make_fake_compact_tensor(cutlass.Float32, (sq, 1, 1, h, b), stride_order=order, assumed_align=16)
        kernel = module.HopperFusedMultiHeadAttentionForward(cutlass.Float32, cutlass.Float32, (64, 128, 64), False, fmha_utils.MaskEnum.WINDOW_MASK)
        scale = cutlass.Float32(0.125)
        args = [q, k, v, o, lse, cutlass.Float32(0.125 * 1.4426950408889634), scale, cutlass.Float32(1.0), None, None]
        return cute, kernel, args, make_fake_stream(), ()
    if kind == "fmha_sm100":
        # The DSL's Blackwell FMHA on our tile: 128 x 128 MMA tiles, d = 64,
        # not persistent, no mask window; Q, K, V, O (b, s, h_k, h_r, d)
        # row-major f16, no log-sum-exp.
        import helpers.fmha_helpers as fmha_utils
        b, sq, sk, h = cute.sym_int(), cute.sym_int(), cute.sym_int(), cute.sym_int()
        order = (4, 3, 2, 1, 0)
        q, o = (make_fake_compact_tensor(cutlass.Float16, (b, sq, h, 1, 64), stride_order=order, assumed_align=32) for _ in range(2))
        k, v = (make_fake_compact_tensor(cutlass.Float16, (b, sk, h, 1, 64), stride_order=order, assumed_align=32) for _ in range(2))
        kernel = module.BlackwellFusedMultiHeadAttentionForward(cutlass.Float32, cutlass.Float32, (128, 128), 64, False, fmha_utils.MaskEnum.WINDOW_MASK, False, False)
        i32 = cutlass.Int32
        size = (i32(2), i32(1024), i32(1024), i32(1024), i32(8), i32(8), i32(64), i32(64))
        f32 = cutlass.Float32
        args = [q, k, v, o, size, None, None, None, None, f32(0.125 * 1.4426950408889634), f32(0.125), f32(1.0), None, None, None, None, None]
        return cute, kernel, args, make_fake_stream(), (False,)
    m, l = cute.sym_int(), cute.sym_int()
    n, k = cute.sym_int(divisibility=16), cute.sym_int(divisibility=16)
    ab = cutlass.BFloat16 if kind.startswith("sm100") else cutlass.Float16
    c_type = cutlass.Float16 if kind == "sm80" else cutlass.Float32
    a = make_fake_compact_tensor(ab, (m, k, l), stride_order=(1, 0, 2), assumed_align=16)
    b = make_fake_compact_tensor(ab, (n, k, l), stride_order=(1, 0, 2), assumed_align=16)
    c = make_fake_compact_tensor(c_type, (m, n, l), stride_order=(1, 0, 2), assumed_align=16)
    args = [a, b, c]
    if kind == "sm100":
        gemm = module.DenseGemmKernel(cutlass.Float32, False, (128, 256), (1, 1), False)
    elif kind == "sm100_persistent":
        # 1-CTA instructions, tile 128x256, cluster 1x1, a TMA store.
        gemm = module.PersistentDenseGemmKernel(cutlass.Float32, False, (128, 256), (1, 1), True)
        args.append(148)  # max active clusters: a B200's SMs
    elif kind == "sm100_persistent_2cta":
        # 2-CTA instructions, tile 256x256 per pair, cluster 2x1, a TMA store.
        gemm = module.PersistentDenseGemmKernel(cutlass.Float32, True, (256, 256), (2, 1), True)
        args.append(74)  # max active clusters: a B200's SMs in pairs
    elif kind == "sm90":
        gemm = module.HopperWgmmaGemmKernel(cutlass.Float32, (128, 128), (1, 1))
    elif kind == "sm90_persistent":
        gemm = module.HopperWgmmaGemmPersistentKernel(cutlass.Float32, (128, 128), (2, 1), 1, True)
        args.append(132)  # max active clusters: an H100's SMs
    else:
        gemm = module.TensorOpGemm(cutlass.Float16, cutlass.Float16, cutlass.Float32, (2, 2, 1))
    return cute, gemm, args, make_fake_stream(), ()


def compile_and_keep(cute, kernel, args, stream, example, dump, extra=()):
    """Compiles with the DSL and returns the path of the PTX it kept."""
    before = set(glob.glob(os.path.join(dump, "**", "*.ptx"), recursive=True))
    cute.compile(kernel, *args, stream, *extra)
    new = sorted(set(glob.glob(os.path.join(dump, "**", "*.ptx"), recursive=True)) - before, key=os.path.getmtime)
    if not new:
        sys.exit(f"the CuTe DSL kept no PTX for {example} in {dump}")
    return new[-1]


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--dsl":
        # One DSL compilation a process: the DSL reads its environment
        # (target chip, what to keep, where) when it is imported.
        _, _, index, root = sys.argv
        _, chip, example, kind = PAIRS[int(index)]
        print(dsl_ptx(os.path.join(root, example), kind, chip, os.environ["CUTE_DSL_DUMP_DIR"]))
        return
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root, only = sys.argv[1], sys.argv[2:]
    dump = tempfile.mkdtemp(prefix="cute-dsl-ptx-")
    print("| kernel | chip | main loop: instructions / MMAs (per MMA) | registers | spill bytes |")
    print("|---|---|---|---|---|")
    for index, (ours, chip, example, kind) in enumerate(PAIRS):
        if only and ours not in only:
            continue
        path = os.path.join(dump, f"{ours}.ptx")
        subprocess.run([CUTE, "compile", os.path.join(REPO, "examples", f"{ours}.mlir"), "--chip", chip, "-o", path], check=True)
        env = dict(os.environ, CUTE_DSL_ARCH=chip, CUTE_DSL_KEEP="ptx", CUTE_DSL_DUMP_DIR=dump, CUTE_DSL_NO_CACHE="1")
        run = subprocess.run([sys.executable, __file__, "--dsl", str(index), root], env=env, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"the CuTe DSL failed on {example}:\n{run.stderr[-3000:]}")
        for name, ptx_path in [(f"ours: examples/{ours}.mlir", path), (f"CuTe DSL: {example}", run.stdout.strip().splitlines()[-1])]:
            text = open(ptx_path).read()
            insts, mmas = main_loop(text)
            regs, spills = ptxas_info(ptx_path, chip)
            per = f"{insts / mmas:.2f}" if mmas else "-"
            print(f"| {name} | {chip} | {insts} / {mmas} ({per}) | {regs} | {spills} |", flush=True)


if __name__ == "__main__":
    main()
