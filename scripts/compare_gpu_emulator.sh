#!/usr/bin/env bash
# Runs every launch file of a folder (default examples/launch/) whose chip is
# one of the arguments (the chips the GPU runs, e.g. sm_80 sm_89 sm_90a)
# twice, in the emulator and on the GPU (`--gpu`), and compares every output
# buffer byte for byte (the inputs are small integers: results are exact).
# The attention kernels (fmha_*) use ex2.approx, which the emulator rounds
# correctly and a GPU within 2^-22 relative: a weight of P or an element of
# O may round to the neighbouring f16 (2^-11 at |x| < 1), so their outputs
# may differ by up to 2^-10; such buffers are counted apart.
# CUTE is `cute` (it compiles .mlir sources) or `cute-emu` (PTX launches that
# `cute run --export` wrote, on a machine without LLVM).
# Usage: [CUTE=path/to/cute] scripts/compare_gpu_emulator.sh [--launches DIR] CHIP...
set -euo pipefail
cd "$(dirname "$0")/.."
cute=${CUTE:-./target/release/cute}
# A GPU kernel that deadlocks would hang its launch: each run is bounded.
bound="timeout ${CUTE_TIMEOUT:-120}"
launches=examples/launch
if [[ ${1:-} == --launches ]]; then launches=$2; shift 2; fi
chips=" $* "
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0 same=0 close=0
for launch in "$launches"/*.launch.json; do
  chip=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["chip"])' "$launch")
  [[ "$chips" == *" $chip "* ]] || continue
  name=$(basename "$launch" .launch.json)
  if ! $bound "$cute" run "$launch" --out "$work/emu/$name" >/dev/null 2>"$work/err"; then
    echo "EMULATOR FAILED: $name: $(cat "$work/err")"; status=1; continue
  fi
  if ! $bound "$cute" run "$launch" --gpu --out "$work/gpu/$name" >/dev/null 2>"$work/err"; then
    echo "GPU FAILED: $name: $(cat "$work/err")"; status=1; continue
  fi
  for npy in "$work/emu/$name"/*.npy; do
    gpu_npy="$work/gpu/$name/$(basename "$npy")"
    if cmp -s "$npy" "$gpu_npy"; then
      same=$((same + 1))
    elif [[ $name == fmha_* ]] && python3 -c '
import numpy as np, sys
a, b = (np.load(f).astype(np.float64) for f in sys.argv[1:])
sys.exit(0 if a.shape == b.shape and np.abs(a - b).max() <= 2.0**-10 else 1)' "$npy" "$gpu_npy"; then
      close=$((close + 1))
    else
      echo "DIFFERENT: $name/$(basename "$npy")"; status=1
    fi
  done
done
echo "$same buffers the same on the GPU and in the emulator, $close within 2^-10 (ex2.approx) ($launches, chips:$chips)"
exit $status
