#!/usr/bin/env bash
# On a GPU machine (no LLVM needed), with a folder scripts/gpu_bundle.sh
# wrote: compares GPU and emulator outputs of every example and atom kernel
# the GPU's chip runs, then runs the GEMMs and attention kernels at user
# sizes on the GPU, checks them against NumPy (scripts/gpu_reference.py:
# GEMMs exactly, attention within its derived bound) and prints their time
# and TFLOP/s, with cuBLAS and PyTorch's scaled_dot_product_attention on the
# same problems in the same run as the references.
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
for launch in "$bundle"/large/*.launch.json "$bundle"/attention/*.launch.json; do
  [[ -e $launch ]] || continue
  name=$(basename "$launch" .launch.json)
  # A kernel from before a fix (`*_before_*`) is run to record how it fails.
  expect=pass; [[ $name == *_before_* ]] && expect=fail
  if ! report=$(timeout 300 "$CUTE" run "$launch" --gpu --repeat 20 --out "$work/$name" 2>&1); then
    echo "GPU FAILED: $name: $report"; [[ $expect == pass ]] && status=1; continue
  fi
  python3 scripts/gpu_reference.py "$name" "$work/$name" "$launch" "$report" || { [[ $expect == pass ]] && status=1; }
  rm -rf "${work:?}/$name"
done
# The references in the same run (through PyTorch, where it is installed):
# cuBLAS on the f16 4096^3 product with f32 accumulation, and
# scaled_dot_product_attention on the attention problems above.
python3 - <<'PY' || true
import time, torch
import torch.nn.functional as F
torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
def timed(f, n=20):
    for _ in range(3):
        f()
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(n):
        f()
    torch.cuda.synchronize()
    return (time.perf_counter() - t) / n * 1e3
a = torch.randint(-2, 3, (4096, 4096), device="cuda").half()
b = torch.randint(-2, 3, (4096, 4096), device="cuda").half()
ms = timed(lambda: a @ b.T)
print(f"reference: cuBLAS (torch {torch.__version__}) f16 4096x4096x4096: {ms:.3f} ms per product, {2 * 4096**3 / ms / 1e9:.1f} TFLOP/s")
for heads, sq, sk, causal, d in [(16, 4096, 4096, False, 64), (16, 4096, 4096, True, 64), (2, 1000, 1537, False, 64),
                                 (8, 4096, 4096, False, 128), (8, 4096, 4096, True, 128), (2, 1000, 1537, False, 128)]:
    q = torch.randint(-1, 2, (1, heads, sq, d), device="cuda").half()
    k, v = (torch.randint(-1, 2, (1, heads, sk, d), device="cuda").half() for _ in range(2))
    ms = timed(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
    flops = 4 * heads * sq * sk * d // (2 if causal else 1)
    print(f"reference: scaled_dot_product_attention (torch {torch.__version__}) f16 {heads}x{sq}x{sk} d={d} "
          f"{'causal' if causal else 'full'}: {ms:.3f} ms, {flops / ms / 1e9:.1f} TFLOP/s")
PY
exit $status
