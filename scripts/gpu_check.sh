#!/usr/bin/env bash
# On a GPU machine (no LLVM needed), with a folder scripts/gpu_bundle.sh
# wrote: compares GPU and emulator outputs of every example and atom kernel
# the GPU's chip runs, then runs the GEMMs at user sizes on the GPU, checks C
# exactly against NumPy (small integer inputs: every sum is exact) and prints
# their time and TFLOP/s.
# Usage: scripts/gpu_check.sh BUNDLE CHIP...   (e.g. sm_80 sm_89 sm_90a)
set -uo pipefail
cd "$(dirname "$0")/.."
bundle=$(realpath "$1"); shift
export CUTE="$bundle/cute-emu"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
status=0
scripts/compare_gpu_emulator.sh --launches "$bundle/examples" "$@" || status=1
scripts/compare_gpu_emulator.sh --launches "$bundle/atoms" "$@" || status=1
scripts/compare_gpu_emulator.sh --launches "$bundle/ragged" "$@" || status=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for launch in "$bundle"/large/*.launch.json; do
  name=$(basename "$launch" .launch.json)
  # A kernel from before a fix (`*_before_*`) is run to record how it fails.
  expect=pass; [[ $name == *_before_* ]] && expect=fail
  if ! report=$(timeout 300 "$CUTE" run "$launch" --gpu --repeat 20 --out "$work/$name" 2>&1); then
    echo "GPU FAILED: $name: $report"; [[ $expect == pass ]] && status=1; continue
  fi
  python3 - "$name" "$work/$name" "$report" "$launch" <<'PY' || { [[ $expect == pass ]] && status=1; }
import json, numpy as np, re, sys
name, out, report, launch = sys.argv[1:]
a, b, c = (np.load(f"{out}/{x}.npy", mmap_mode="r") for x in "ABC")
if name.startswith("gemm_epilogue"):  # D = bf16(relu(alpha A B^T + beta C + bias))
    (m, k), n = a.shape, b.shape[0]
    alpha, beta = [x["f32"] for x in json.load(open(launch))["args"] if "f32" in x]
    bias = np.load(f"{out}/bias.npy" if "_sm90" in name else f"{out}/Bias.npy")
    x = (alpha * (np.asarray(a, np.float64) @ np.asarray(b, np.float64).T) + beta * c + bias).astype(np.float32)
    bits = np.maximum(x, 0).astype(np.float32).view(np.uint32)
    want = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)  # bf16, nearest even
    got = np.load(f"{out}/D.npy").view(np.uint16)
elif name.startswith("sgemm"):   # column-major: C (N x M) = B^T A
    (k, m), n = a.shape, b.shape[1]
    want, got = np.asarray(b, np.float64).T @ np.asarray(a, np.float64), c
else:                          # C (M x N) = A B^T
    (m, k), n = a.shape, b.shape[0]
    # An operand too large to multiply whole here (an LM head): the
    # first, a middle and the last 128 columns of C, where offsets are
    # smallest and largest.
    cols = np.arange(n) if b.size < 2**28 else np.r_[0:128, n // 2:n // 2 + 128, n - 128:n]
    want = np.asarray(a, np.float64) @ np.asarray(b[cols], np.float64).T
    got = np.asarray(c[:, cols])
wrong = int(np.count_nonzero(got != want))
ms = float(re.search(r"timed launches: ([0-9.]+) ms", report).group(1))
print(f"{name}: {'exact' if wrong == 0 else f'{wrong} of {got.size} checked elements WRONG'}; "
      f"{ms:.3f} ms per launch, {2 * m * n * k / ms / 1e9:.1f} TFLOP/s ({report})")
sys.exit(1 if wrong else 0)
PY
  rm -rf "${work:?}/$name"
done
# The reference in the same run: cuBLAS (through PyTorch, where it is
# installed) on the same f16 4096^3 product with f32 accumulation.
python3 - <<'PY' || true
import torch, time
torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
a = torch.randint(-2, 3, (4096, 4096), device="cuda").half()
b = torch.randint(-2, 3, (4096, 4096), device="cuda").half()
for _ in range(3):
    a @ b.T
torch.cuda.synchronize()
t = time.perf_counter()
for _ in range(20):
    a @ b.T
torch.cuda.synchronize()
ms = (time.perf_counter() - t) / 20 * 1e3
print(f"reference: cuBLAS (torch {torch.__version__}) f16 4096x4096x4096: {ms:.3f} ms per product, {2 * 4096**3 / ms / 1e9:.1f} TFLOP/s")
PY
exit $status
