#!/usr/bin/env python3
"""Time pycute on the oracle's ok-cases, the reference for our `bench()`.

Setup (pycute ships in the CUTLASS wheel):
    python3 -m venv .venv && .venv/bin/pip install --no-deps nvidia-cutlass==4.2.0.0
Run:
    .venv/bin/python scripts/bench_pycute.py [ORACLE.json] [--op=NAME] [--compare]
`--op=complement` (an oracle op name) times that operation's cases only.
Prints `cases=N pycute_ns_per_case=X`; with --compare it writes the cases
pycute evaluates to a temporary file, alternates three times between pycute
and `cute layout bench` (release build) on exactly those cases, keeps each
side's fastest run and prints the ratio.

Arguments are converted to pycute objects before timing; only evaluation is
timed. Each bench reports its fastest round over all cases once that minimum
has settled (the same rule as the Rust bench, see `bench` below).
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

import pycute
from pycute import Layout
from pycute.swizzle import ComposedLayout, Swizzle

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ORACLE = os.path.join(HERE, "..", "..", "shared", "oracle", "layout-oracle.json")


def parse_tuple(text):
    """CuTe int-tuple notation -> python int / tuple (`(4)` is a 1-tuple)."""
    pos = 0

    def item():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            out = []
            while text[pos] != ")":
                out.append(item())
                if text[pos] == ",":
                    pos += 1
            pos += 1
            return tuple(out)
        if text[pos] == "_":
            pos += 1
            return None
        m = re.compile(r"-?\d+").match(text, pos)
        pos = m.end()
        return int(m.group())

    value = item()
    assert pos == len(text), text
    return value


def split_top(text, sep):
    depth, start, parts = 0, 0, []
    for i, c in enumerate(text):
        if c in "([<":
            depth += 1
        elif c in ")]>":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def parse_layout(text):
    shape, stride = split_top(text, ":")
    return Layout(parse_tuple(shape), parse_tuple(stride))


def parse_tiler(text):
    out = []
    for part in split_top(text[1:-1], ";"):
        if part == "_":
            out.append(None)
        elif ":" in part:
            out.append(parse_layout(part))
        else:
            out.append(parse_tuple(part))
    return tuple(out)


def parse_composed(text):
    m = re.fullmatch(r"Sw<(-?\d+),(-?\d+),(-?\d+)> o (-?\d+) o (.*)", text)
    b, mm, s, off, rest = m.groups()
    return ComposedLayout(Swizzle(int(b), int(mm), int(s)), int(off), parse_layout(rest))


def parse_arg(arg):
    kind = arg["kind"]
    if kind == "layout":
        return parse_layout(arg["cute"])
    if kind == "int":
        return arg["value"]
    if kind == "shape":
        return parse_tuple(arg["cute"])
    if kind == "tiler":
        return parse_tiler(arg["cute"])
    if kind == "composed":
        return parse_composed(arg["cute"])
    if kind == "underscore":
        return None
    raise ValueError(kind)


def filter_zeros(layout):
    def go(s, d):
        if isinstance(s, tuple):
            return tuple(go(a, b) for a, b in zip(s, d))
        return 1 if d == 0 else s

    return Layout(go(layout.shape, layout.stride), layout.stride)


OPS = {
    "coalesce": lambda l: pycute.coalesce(l),
    "coalesce_profile": lambda l, p: pycute.coalesce(l, p),
    "filter": lambda l: pycute.filter(l),
    "filter_zeros": filter_zeros,
    "composition": lambda a, b: pycute.composition(a, b),
    "complement": lambda l, c: pycute.complement(l, pycute.product(c)),
    "left_inverse": lambda l: pycute.left_inverse(l),
    "right_inverse": lambda l: pycute.right_inverse(l),
    "logical_divide": lambda a, b: pycute.logical_divide(a, b),
    "logical_product": lambda a, b: pycute.logical_product(a, b),
    "zipped_divide": lambda a, b: pycute.zipped_divide(a, b),
    "tiled_divide": lambda a, b: pycute.tiled_divide(a, b),
    "zipped_product": lambda a, b: pycute.zipped_product(a, b),
    "tiled_product": lambda a, b: pycute.tiled_product(a, b),
    "size": lambda l: pycute.size(l),
    "cosize": lambda l: pycute.cosize(l),
    "crd2idx": lambda c, l: pycute.crd2idx(c, l.shape, l.stride),
    "idx2crd": lambda i, s: pycute.idx2crd(i, s),
    "table": lambda l: [l(i) for i in range(pycute.size(l))],
    "swizzle_layout": lambda c: [c(i) for i in range(pycute.size(c.layoutB))],
}


def load_cases(path, op=None):
    """The ok-cases pycute evaluates, as (fn, args), and their JSON; only
    those of operation `op` when it is given."""
    with open(path) as f:
        root = json.load(f)
    cases, raw = [], []
    for case in root["cases"]:
        if case.get("status") != "ok" or (op and case["op"] != op):
            continue
        fn = OPS[case["op"]]
        args = [parse_arg(a) for a in case["args"]]
        try:
            fn(*args)
        except Exception:  # pycute refuses it: not an ok-case here
            continue
        cases.append((fn, args))
        raw.append(case)
    return cases, raw


def bench(cases):
    """Fastest round over all cases, in ns per case: rounds repeat until at
    least 3 s and 20 rounds have run and the fastest round has not improved by
    more than 1 % over the last half of the rounds (at most 60 s). The Rust
    bench uses the same rule with a 1 s minimum (its rounds are ~100x
    shorter); interference on a shared machine only ever adds time."""
    best = []
    start = time.perf_counter()
    while True:
        t = time.perf_counter()
        for fn, args in cases:
            fn(*args)
        cur = time.perf_counter() - t
        best.append(min(cur, best[-1]) if best else cur)
        n, spent = len(best), time.perf_counter() - start
        settled = best[-1] >= 0.99 * best[n // 2]
        if (spent >= 3.0 and n >= 20 and settled) or spent >= 60.0:
            return best[-1] * 1e9 / len(cases)


def cute(*args):
    return subprocess.run(
        ["cargo", "run", "--quiet", "--release", "--bin", "cute", "--", "layout", *args],
        cwd=os.path.join(HERE, ".."), check=True, capture_output=True, text=True,
    ).stdout


def accepted(path):
    """Ids of the cases `cute layout batch` evaluates without an error."""
    lines = (json.loads(line) for line in cute("batch", path).splitlines())
    return {line["id"] for line in lines if "value" in line}


def ours(path):
    out = cute("bench", os.path.abspath(path)).strip()
    return int(re.search(r"cases=(\d+)", out).group(1)), float(re.search(r"ns_per_case=([\d.]+)", out).group(1))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    path = args[0] if args else DEFAULT_ORACLE
    op = next((a[len("--op="):] for a in sys.argv if a.startswith("--op=")), None)
    cases, raw = load_cases(path, op)
    if not cases:
        sys.exit(f"no case of {op or 'any operation'} that pycute evaluates")
    if "--compare" not in sys.argv:
        print(f"cases={len(cases)} pycute_ns_per_case={bench(cases):.0f}")
        return
    # Both sides time exactly the cases both evaluate: the cases pycute
    # accepts, less those `cute layout batch` rejects (inadmissible in current
    # CuTe), written out for `cute layout bench`.
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"cases": raw}, f)
        same = f.name
    ok = accepted(same)
    cases = [c for c, r in zip(cases, raw) if r["id"] in ok]
    with open(same, "w") as f:
        json.dump({"cases": [r for r in raw if r["id"] in ok]}, f)
    # Alternate the two benches so that both see the same machine load; keep
    # each side's fastest run.
    py, rs, n_rs = float("inf"), float("inf"), 0
    try:
        for _ in range(3):
            py = min(py, bench(cases))
            n_rs, t = ours(same)
            rs = min(rs, t)
    finally:
        os.unlink(same)
    print(f"cases={len(cases)} pycute_ns_per_case={py:.0f}")
    print(f"cases={n_rs} ns_per_case={rs:.1f}")
    print(f"speedup={py / rs:.1f}x")


if __name__ == "__main__":
    main()
