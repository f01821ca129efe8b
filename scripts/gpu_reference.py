#!/usr/bin/env python3
"""Checks one GPU launch's outputs (`cute-emu run LAUNCH --gpu --out DIR`)
against NumPy, for scripts/gpu_check.sh; the emulator's outputs pass the
same check (tests/gpu_scripts.rs runs it on them).

Usage: gpu_reference.py NAME OUT_DIR LAUNCH [REPORT]
NAME picks the reference by its prefix:
  gemm_epilogue*  D = bf16(relu(alpha A B^T + beta C + bias)), bit for bit;
  sgemm*          C (N x M) = B^T A (column-major), exact;
  gemm_blockscaled*  C = (A SFA) (B SFB)^T, e4m3 operands and ue8m0 scales
                  (one per 32 of K) as their bytes, exact;
  gemm_nvfp4*     C = (A SFA) (B SFB)^T, e2m1 operands two a byte (the
                  lower k in the low nibble) and ue4m3 scales (one per
                  16 of K) as their bytes, exact;
  gemm_sparse*    C = A B^T, A 2:4 sparse from its kept values Ac and the
                  nibbles of META (PTX ISA 9.7.16.10.8.2), exact;
  fmha*           O = softmax(scale Q K^T [causal]) V in f64 (any head
                  dimension), within the bound derived in
                  tests/emulator_attention.rs plus the f32 sums of sk terms
                  (2 sk 2^-24);
  anything else   C (M x N) = A B^T, exact (small-integer inputs).
REPORT, `cute-emu`'s own line with "timed launches: X ms", adds the time and
TFLOP/s. Exit 1 when a checked element is wrong.
"""
import json
import re
import sys

import numpy as np

def attention_bound(d):
    """tests/emulator_attention.rs's `bound`: 2^-11 (P in f16) + 2^-12 (O in
    f16) + twice the logits' f32 error + 4e-5; 8.4e-4 for d = 64, 9.5e-4
    for d = 128."""
    b = 2.0**-11 + 2.0**-12 + 2 * d**1.5 * 2.0**-24 + 4e-5
    return max(b, 8.4e-4) if d <= 64 else max(b, 9.5e-4)


def operand(out, launch, name):
    """Buffer `name` of the launch's outputs; bf16 (written as its 16-bit
    patterns: NumPy has no bf16) widened to f32 exactly."""
    x = np.load(f"{out}/{name}.npy", mmap_mode="r")
    dtypes = {b.get("buffer"): b.get("dtype") for a in launch["args"] for b in [a.get("tensor_map", a)]}
    if dtypes.get(name) == "bf16":
        return (np.asarray(x, np.uint32) << 16).view(np.float32)
    return x


def e4m3(bits):
    """e4m3 bytes (PTX ISA 5.2.5: bias 7, no infinities) as f64."""
    bits = np.asarray(bits, np.int64)
    e, m = (bits >> 3) & 15, bits & 7
    mag = np.where(e == 0, m / 8 * 2.0**-6, (1 + m / 8) * 2.0 ** (e - 7))
    return np.where(bits & 0x80, -mag, mag)


def e2m1(nibbles):
    """e2m1 codes (PTX ISA 5.2.5.3: bias 1, no infinities or NaN) as f64."""
    mag = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0])[nibbles & 7]
    return np.where(nibbles & 8, -mag, mag)


def unpack_e2m1(packed):
    """Bytes (rows x K/2) of two e2m1 each, the lower k in the low nibble,
    as (rows x K) f64."""
    b = np.asarray(packed, np.int64)
    return e2m1(np.stack([b & 15, b >> 4], axis=-1).reshape(b.shape[0], -1))


def sparse_a(out):
    """A (M x K) from its kept values Ac (M x K/2) and META (M x K/32 x 2
    16-bit words of four nibbles: a group of four's first kept value goes
    to the position in the low two bits, its second to the high two)."""
    ac = np.load(f"{out}/Ac.npy").astype(np.float64)
    meta = np.load(f"{out}/META.npy").view(np.uint16).astype(np.int64)
    m, half = ac.shape
    nibbles = (meta[..., None] >> (4 * np.arange(4))) & 15  # (M, K/32, 2, 4)
    groups = nibbles.reshape(m, half // 2)
    a = np.zeros((m, 2 * half))
    rows, g = np.arange(m)[:, None], np.arange(half // 2)[None, :]
    a[rows, 4 * g + (groups & 3)] = ac[:, 0::2]
    a[rows, 4 * g + (groups >> 2)] = ac[:, 1::2]
    return a


def gemm(name, out, launch):
    if name.startswith("gemm_sparse"):
        a = sparse_a(out)
        b, c = (operand(out, launch, x) for x in "BC")
    else:
        a, b, c = (operand(out, launch, x) for x in "ABC")
    if name.startswith("gemm_blockscaled"):
        scale = lambda sf: np.repeat(2.0 ** (np.load(f"{out}/{sf}.npy").astype(np.float64) - 127), 32, axis=1)
        a, b = e4m3(a) * scale("SFA"), e4m3(b) * scale("SFB")
    if name.startswith("gemm_nvfp4"):
        scale = lambda sf: np.repeat(e4m3(np.load(f"{out}/{sf}.npy") & 0x7F), 16, axis=1)
        a, b = unpack_e2m1(a) * scale("SFA"), unpack_e2m1(b) * scale("SFB")
    if name.startswith("gemm_epilogue"):
        (m, k), n = a.shape, b.shape[0]
        alpha, beta = [x["f32"] for x in launch["args"] if "f32" in x]
        bias = np.load(f"{out}/bias.npy" if "_sm90" in name else f"{out}/Bias.npy")
        x = (alpha * (np.asarray(a, np.float64) @ np.asarray(b, np.float64).T) + beta * c + bias).astype(np.float32)
        bits = np.maximum(x, 0).astype(np.float32).view(np.uint32)
        want = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)  # bf16, nearest even
        got = np.load(f"{out}/D.npy").view(np.uint16)
    elif name.startswith("sgemm"):
        (k, m), n = a.shape, b.shape[1]
        want, got = np.asarray(b, np.float64).T @ np.asarray(a, np.float64), c
    else:
        (m, k), n = a.shape, b.shape[0]
        # An operand too large to multiply whole here (an LM head): the
        # first, a middle and the last 128 columns of C.
        cols = np.arange(n) if b.size < 2**28 else np.r_[0:128, n // 2:n // 2 + 128, n - 128:n]
        want = np.asarray(a, np.float64) @ np.asarray(b[cols], np.float64).T
        got = np.asarray(c[:, cols])
    wrong = int(np.count_nonzero(got != want))
    verdict = "exact" if wrong == 0 else f"{wrong} of {got.size} checked elements WRONG"
    return verdict, wrong == 0, 2 * m * n * k


def attention(out, launch):
    q, k, v, o = (np.load(f"{out}/{x}.npy") for x in "QKVO")
    sq, sk = launch["args"][4]["i32"], launch["args"][5]["i32"]
    log2_scale, causal = launch["args"][6]["f32"], bool(launch["args"][7]["i32"])
    d = q.shape[-1]
    q, k, v, o = (x.reshape(-1, n, d) for x, n in [(q, sq), (k, sk), (v, sk), (o, sq)])
    scale = log2_scale / np.log2(np.e)
    err = 0.0
    for h in range(q.shape[0]):
        s = scale * (q[h].astype(np.float64) @ k[h].astype(np.float64).T)
        if causal:  # top-left aligned, as torch's is_causal: key j <= query i
            i, j = np.arange(sq)[:, None], np.arange(sk)[None, :]
            s = np.where(j <= i, s, -np.inf)
        p = np.exp(s - s.max(axis=1, keepdims=True))
        want = (p / p.sum(axis=1, keepdims=True)) @ v[h].astype(np.float64)
        err = max(err, float(np.abs(o[h].astype(np.float64) - want).max()))
    bound = attention_bound(d) + 2 * sk * 2.0**-24
    flops = 4 * q.shape[0] * sq * sk * d // (2 if causal else 1)
    ok = err <= bound
    return f"max |O - O_ref| {err:.3g} (bound {bound:.3g}){'' if ok else ' OUT OF BOUND'}", ok, flops


def main():
    name, out, launch_path = sys.argv[1:4]
    report = sys.argv[4] if len(sys.argv) > 4 else ""
    launch = json.load(open(launch_path))
    if name.startswith("fmha"):
        verdict, ok, flops = attention(out, launch)
    else:
        verdict, ok, flops = gemm(name, out, launch)
    timed = re.search(r"timed launches: ([0-9.]+) ms", report)
    speed = f"; {float(timed.group(1)):.3f} ms per launch, {flops / float(timed.group(1)) / 1e9:.1f} TFLOP/s" if timed else ""
    print(f"{name}: {verdict}{speed}{f' ({report})' if report else ''}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
