#!/usr/bin/env bash
# Packs what a GPU machine without LLVM needs to check this project's
# kernels (scripts/gpu_check.sh runs it there): the `cute-emu` binary and
# PTX launch files (`cute run --export`) in three folders:
#   examples/  every example launch of examples/launch/;
#   atoms/     every SM80/SM89 atom kernel of tests/emulator_atoms.rs and
#              the warp exchanges of emu/tests/warp.rs;
#   large/     the GEMM examples at user sizes, LM heads and the epilogue
#              GEMMs among them (GPU only, checked by numpy);
#   ragged/    the TMA GEMMs at ragged shapes (TMA's out-of-bounds fill and
#              store clipping, compared with the emulator like examples/).
# Usage: scripts/gpu_bundle.sh OUT   (after `cargo build --release --workspace`;
# CUTE_TARGET_DIR names another build folder, CUTE_BUNDLE_NO_ATOMS=1 leaves
# out the atoms, which a `cargo test` run of its own exports)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "$1")
bin=${CUTE_TARGET_DIR:-target/release}
rm -rf "$out" && mkdir -p "$out/examples" "$out/atoms" "$out/large" "$out/ragged"
cp "$bin/cute-emu" "$out/"
for launch in examples/launch/*.launch.json; do
  "$bin/cute" run "$launch" --export "$out/examples" >/dev/null
done
if [[ -z ${CUTE_BUNDLE_NO_ATOMS:-} ]]; then
  CUTE_EXPORT_LAUNCHES="$out/atoms" cargo test -q --release --test emulator_atoms >/dev/null
  CUTE_EXPORT_LAUNCHES="$out/atoms" cargo test -q --release -p cute-emu --test warp >/dev/null
fi
# The GEMM examples at user sizes: each launch file rewritten with its
# shapes, grid and size scalars (tiles: gemm 128 x 128, sgemm 32 x 32).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import json, os, sys
tmp = sys.argv[1]
def scaled(name, m, n, k, tile, folder="large", ctas=None, suffix=""):
    path = f"examples/launch/{name}.launch.json"
    launch = json.load(open(path))
    launch["source"] = os.path.abspath(os.path.join("examples/launch", launch["source"]))
    # A persistent kernel runs `ctas` CTAs over all the tiles.
    launch["grid"] = [ctas, 1, 1] if ctas else [-(-m // tile), -(-n // tile), 1]
    args = launch["args"]
    buf = lambda a: a.get("tensor_map", a)
    if name == "sgemm_sm80":  # column-major: A is K x M, B is K x N, C is N x M
        buf(args[0])["shape"], buf(args[1])["shape"], buf(args[2])["shape"] = [k, m], [k, n], [n, m]
    elif name.startswith("gemm_epilogue"):  # A, B, C, bias (N), D (M x N)
        for a, shape in zip(args, [[m, k], [n, k], [m, n], [n], [m, n]]):
            buf(a)["shape"] = shape
    else:                      # A is M x K, B is N x K (K-major), C is M x N
        buf(args[0])["shape"], buf(args[1])["shape"], buf(args[2])["shape"] = [m, k], [n, k], [m, n]
    sizes = [a for a in args if "i32" in a]
    for a, v in zip(sizes, [m, n, k] if len(sizes) >= 3 else [k]):  # a trailing flag (GELU) keeps its value
        a["i32"] = v
    os.makedirs(f"{tmp}/{folder}", exist_ok=True)
    json.dump(launch, open(f"{tmp}/{folder}/{name}_{m}x{n}x{k}{suffix}.launch.json", "w"))
scaled("gemm_sm80", 4096, 4096, 4096, 128)
scaled("gemm_sm90", 4096, 4096, 4096, 128)
scaled("sgemm_sm80", 2048, 2048, 2048, 32)
# The epilogue GEMMs (issue 31): D = bf16(relu(alpha A B^T + beta C + bias)).
scaled("gemm_epilogue_sm80", 4096, 4096, 4096, 128)
scaled("gemm_epilogue_sm90", 4096, 4096, 4096, 128)
# An LM head (issue 35): a 152,064-token vocabulary x a 16,384-wide hidden
# state, B of 2.5e9 f16 elements (5 GB): offsets beyond 2^31 elements.
scaled("gemm_sm80", 128, 152064, 16384, 128)
scaled("gemm_sm90", 128, 152064, 16384, 128)
# Ragged shapes (issue 31): M = 1, a tile + 1, primes, K a multiple of 8.
for m, n, k in [(1, 4, 8), (129, 132, 72), (131, 260, 136), (200, 300, 200)]:
    scaled("gemm_sm90", m, n, k, 128, "ragged")
scaled("gemm_sm90", 4093, 4092, 4088, 128)  # a prime M at user size
# The warp-specialized persistent Hopper GEMM on an H100's 132 SMs, and the
# predicated sm80 GEMM at ragged shapes (session 18).
scaled("gemm_ws_sm90", 4096, 4096, 4096, 128, ctas=132)
# The persistent grid against the clusters an H100 holds at once (`cute-emu
# run --gpu` reports them): fewer CTAs than SMs, each taking more tiles.
for ctas in [128, 120, 116, 112, 104, 96]:
    scaled("gemm_ws_sm90", 4096, 4096, 4096, 128, ctas=ctas, suffix=f"_grid{ctas}")
for m, n, k in [(1, 4, 8), (129, 132, 72), (131, 260, 136), (200, 300, 200)]:
    scaled("gemm_sm80", m, n, k, 128, "ragged")
    scaled("gemm_ws_sm90", m, n, k, 128, "ragged", ctas=2)
scaled("gemm_sm80", 4093, 4092, 4088, 128)
# Fused attention (issue 32, session 19): 16 (batch, head) pairs of 4096
# queries and keys, d = 64, causal and not; a ragged length too.
def attention(name, heads, sq, sk, causal, d=64, folder="attention"):
    launch = json.load(open(f"examples/launch/{name}.launch.json"))
    launch["source"] = os.path.abspath(os.path.join("examples/launch", launch["source"]))
    launch["grid"] = [-(-sq // 128), heads, 1]
    args = launch["args"]
    for a, rows in zip(args[:4], [sq, sk, sk, sq]):
        b = a.get("tensor_map", a)
        b["shape"] = [heads * rows, d] if "tensor_map" in a else [heads, rows, d]
    args[4]["i32"], args[5]["i32"], args[7]["i32"] = sq, sk, int(causal)
    os.makedirs(f"{tmp}/{folder}", exist_ok=True)
    json.dump(launch, open(f"{tmp}/{folder}/{name}_{heads}x{sq}x{sk}_{'causal' if causal else 'full'}.launch.json", "w"))
for name in ["fmha_fwd_sm80", "fmha_fwd_sm90"]:
    for causal in [False, True]:
        attention(name, 16, 4096, 4096, causal)
    attention(name, 2, 1000, 1537, False)
# Head dimension 128 (session 21): 8 heads keep its work equal to the above.
for causal in [False, True]:
    attention("fmha_fwd_d128_sm80", 8, 4096, 4096, causal, d=128)
attention("fmha_fwd_d128_sm80", 2, 1000, 1537, False, d=128)
PY
for folder in large ragged attention; do
  for launch in "$tmp/$folder"/*.launch.json; do
    "$bin/cute" run "$launch" --export "$out/$folder" >/dev/null
  done
done
du -sh "$out"
