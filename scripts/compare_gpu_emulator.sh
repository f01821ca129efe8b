#!/usr/bin/env bash
# Runs every launch file of examples/launch/ for the chips a GPU can run
# (the arguments, e.g. sm_80 sm_90a) twice, in the emulator and on the GPU
# (`cute run --gpu`), and compares every output buffer byte for byte (the
# examples' inputs are small integers: their results are exact).
# Usage: [CUTE=path/to/cute] scripts/compare_gpu_emulator.sh CHIP...
set -euo pipefail
cd "$(dirname "$0")/.."
cute=${CUTE:-./target/release/cute}
chips=" $* "
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for launch in examples/launch/*.launch.json; do
  chip=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["chip"])' "$launch")
  [[ "$chips" == *" $chip "* ]] || continue
  name=$(basename "$launch" .launch.json)
  "$cute" run "$launch" --out "$work/emu/$name" >/dev/null
  "$cute" run "$launch" --gpu --out "$work/gpu/$name" >/dev/null
  for npy in "$work/emu/$name"/*.npy; do
    if cmp -s "$npy" "$work/gpu/$name/$(basename "$npy")"; then
      echo "same: $name/$(basename "$npy")"
    else
      echo "DIFFERENT: $name/$(basename "$npy")"; status=1
    fi
  done
done
exit $status
