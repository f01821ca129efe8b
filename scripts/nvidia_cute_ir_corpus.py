#!/usr/bin/env python3
"""How much of NVIDIA's open CuTe IR test corpus this project parses (issue 15).

Reads the dialect tests of NVIDIA's `cute` dialect
(`cutlass_compiler/cute_ir/test/Dialect/**/*.mlir` of NVIDIA/cutlass, BSD-3)
from a git checkout or bare mirror given on the command line; nothing of it is
copied into this repository. Each file is split at `// -----` as
`-split-input-file` does; a chunk with `expected-error` is an error chunk (it
must be rejected), any other chunk must parse and verify. Every chunk runs
through `mlir-opt-22` with the plugin (parse + verify, no pass), and the
script prints the rates, signals (crashes) and the most frequent first
diagnostics of the failing chunks.

    python3 scripts/nvidia_cute_ir_corpus.py /path/to/cutlass [--plugin target/debug/libcute_mlir.so]

A bare mirror (a `.git` directory) works: files are read with `git show`.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys

TEST_ROOT = "cutlass_compiler/cute_ir/test/Dialect"


def list_tests(repo):
    """(path, text) of every .mlir test file under TEST_ROOT."""
    names = subprocess.run(
        ["git", "-C", repo, "ls-tree", "-r", "--name-only", "HEAD", TEST_ROOT],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    for name in sorted(n for n in names if n.endswith(".mlir")):
        text = subprocess.run(
            ["git", "-C", repo, "show", f"HEAD:{name}"], check=True, capture_output=True, text=True
        ).stdout
        yield name, text


def chunks(text):
    """The `-split-input-file` chunks of a test file, without RUN lines."""
    for chunk in re.split(r"^// -----.*$", text, flags=re.M):
        body = "\n".join(l for l in chunk.splitlines() if not l.lstrip().startswith("// RUN"))
        if body.strip() and re.search(r"^\s*[^/\s]", body, flags=re.M):
            yield body


def run(plugin, body):
    """(status, first diagnostic): status 0 ok, 1 rejected, <0 signal."""
    proc = subprocess.run(
        ["mlir-opt-22", f"--load-dialect-plugin={plugin}", f"--load-pass-plugin={plugin}", "-"],
        input=body, capture_output=True, text=True, timeout=60,
    )
    first = next((l for l in proc.stderr.splitlines() if "error:" in l), proc.stderr.strip()[:200])
    return proc.returncode, first


def normalize(diagnostic):
    """A diagnostic with locations, types and numbers blanked, to group causes."""
    d = re.sub(r"^.*?error: ", "", diagnostic)
    d = re.sub(r"'[^']*'", "'…'", d)
    d = re.sub(r'"[^"]*"', '"…"', d)
    return re.sub(r"\d+", "N", d)[:120]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", help="NVIDIA/cutlass checkout or bare mirror")
    parser.add_argument("--plugin", default="target/debug/libcute_mlir.so")
    parser.add_argument("--top", type=int, default=15, help="failure causes to list")
    parser.add_argument("--failures", help="write each failing non-error chunk (file, diagnostic, body) here")
    args = parser.parse_args()
    plugin = os.path.abspath(args.plugin)
    if not os.path.exists(plugin):
        sys.exit(f"{plugin} is missing: run `cargo build` first")

    jobs = []
    for name, text in list_tests(args.repo):
        for body in chunks(text):
            jobs.append((name, "expected-error" in body, body))
    good_ok = good_total = bad_rejected = bad_total = signals = 0
    causes = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: run(plugin, job[2]), jobs))
    failures = open(args.failures, "w") if args.failures else None
    for (name, is_error, body), (status, first) in zip(jobs, results):
        if failures and not is_error and status != 0:
            failures.write(f"=== {name}\n{first}\n{body}\n")
        if failures and is_error and status == 0:
            failures.write(f"=== ACCEPTED {name}\n{body}\n")
        if status < 0:
            signals += 1
            print(f"SIGNAL {-status}: {name}")
        if is_error:
            bad_total += 1
            bad_rejected += status == 1
        else:
            good_total += 1
            if status == 0:
                good_ok += 1
            else:
                causes[normalize(first)] += 1
    files = len({name for name, _, _ in jobs})
    print(f"{files} files, {len(jobs)} chunks")
    print(f"non-error chunks that parse and verify: {good_ok}/{good_total} ({100 * good_ok / max(good_total, 1):.1f}%)")
    print(f"error chunks rejected: {bad_rejected}/{bad_total}")
    print(f"signals: {signals}")
    print("most frequent causes of failing non-error chunks:")
    for cause, count in causes.most_common(args.top):
        print(f"  {count:5d}  {cause}")


if __name__ == "__main__":
    main()
