# lit configuration of the cute-mlir FileCheck suite.
#
# Substitutions:
#   %plugin     the crate's cdylib (mlir-opt dialect + pass plugin)
#   %cute-opt   mlir-opt-22 with the plugin loaded as dialect and pass plugin
#   %cute       the `cute` CLI
#   FileCheck / not / mlir-opt resolve to LLVM 22 (/usr/lib/llvm-22/bin first
#   on PATH; the unsuffixed tools elsewhere on this image are LLVM 14).
import os

import lit.formats

config.name = "cute-mlir"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
# Inputs/ holds files tests read, not tests.
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.test_source_root, "Output")

repo = os.path.abspath(os.path.join(config.test_source_root, "..", ".."))
# CUTE_TARGET_DIR picks another build (ci/test: target/opt-ci, target/release);
# a relative path is taken from the repository root.
target = os.path.join(repo, os.environ.get("CUTE_TARGET_DIR", os.path.join("target", "debug")))
plugin = os.path.join(target, "libcute_mlir.so")
cute = os.path.join(target, "cute")
for path in (plugin, cute):
    if not os.path.exists(path):
        lit_config.fatal(f"{path} is missing: run `cargo build` first")

llvm_bin = "/usr/lib/llvm-22/bin"
config.environment["PATH"] = os.pathsep.join([llvm_bin, os.environ.get("PATH", "")])
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(
    ("%cute-opt", f"{llvm_bin}/mlir-opt --load-dialect-plugin={plugin} --load-pass-plugin={plugin}")
)
config.substitutions.append(("%cute", cute))

# ptxas from the venv ci/setup makes (pip nvidia-cuda-nvcc-cu12): the PTX
# tests assemble what `cute compile` produces.
import glob
ptxas = [p for p in [os.path.join(repo, ".venv", "bin", "ptxas")] if os.path.exists(p)] or sorted(
    glob.glob(os.path.join(repo, ".venv", "lib", "python*", "site-packages", "nvidia", "cuda_nvcc", "bin", "ptxas"))
)
if not ptxas:
    lit_config.fatal("ptxas is missing from .venv: run `bash ci/setup`")
# %ptxas13 (ptxas 13.5, pip nvidia-cuda-nvcc) knows PTX 9.0 and sm_110a; it
# must precede %ptxas, which is its prefix.
ptxas13 = os.path.join(repo, ".venv", "bin", "ptxas13")
if not os.path.exists(ptxas13):
    lit_config.fatal("ptxas 13 is missing from .venv: run `bash ci/setup`")
config.substitutions.append(("%ptxas13", ptxas13))
config.substitutions.append(("%ptxas", ptxas[0]))
config.substitutions.append(("%examples", os.path.join(repo, "examples")))

# A test that hangs fails instead of stalling CI (an optimized build with a
# dangling context spun forever in some inputs instead of crashing: issue 9).
config.maxIndividualTestTime = 120
