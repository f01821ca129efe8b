//! The GPU machine's checks (scripts/gpu_check.sh, docs/emulator.md "On a
//! GPU") run where CI cannot: these tests prove their judges here, on the
//! emulator's outputs of the same launches. `scripts/gpu_reference.py`
//! accepts what is right (GEMMs exact, attention within its bound) and
//! refuses a wrong element; `scripts/compare_gpu_emulator.sh` lets attention
//! outputs differ by ex2.approx's rounding (2^-10) and no more.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The project's Python (ci/setup installs numpy into it).
fn python() -> PathBuf {
    let python = root().join(".venv/bin/python");
    assert!(python.exists(), "{}: run ci/setup first", python.display());
    python
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-gpu-scripts-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `cute run` of an example launch, every buffer written under `out`.
fn emulate(example: &str, out: &Path) -> PathBuf {
    let launch = root().join(format!("examples/launch/{example}.launch.json"));
    let run = Command::new(env!("CARGO_BIN_EXE_cute")).arg("run").arg(&launch).arg("--out").arg(out).output().unwrap();
    assert!(run.status.success(), "{example}: {}", String::from_utf8_lossy(&run.stderr));
    launch
}

/// gpu_reference.py's exit status and line for `out`.
fn reference(example: &str, out: &Path, launch: &Path) -> (bool, String) {
    let run = Command::new(python())
        .arg(root().join("scripts/gpu_reference.py"))
        .args([example, out.to_str().unwrap(), launch.to_str().unwrap(), "ran: 20 timed launches: 2.0000 ms each"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&run.stdout).into_owned() + &String::from_utf8_lossy(&run.stderr);
    (run.status.success(), text)
}

/// Adds `delta` to element `index` (flat) of the .npy file `path`.
fn nudge(path: &Path, index: usize, delta: f64) {
    let script = "import numpy as np, sys\na = np.load(sys.argv[1])\nf = a.reshape(-1)\nf[int(sys.argv[2])] += a.dtype.type(float(sys.argv[3]))\nnp.save(sys.argv[1], a)\n";
    let status = Command::new(python()).args(["-c", script, path.to_str().unwrap(), &index.to_string(), &delta.to_string()]).status().unwrap();
    assert!(status.success());
}

#[test]
fn the_gpu_reference_accepts_the_emulators_outputs_and_refuses_a_wrong_element() {
    for (example, buffer, verdict) in [
        ("gemm_sm80", "C", "exact"),
        ("sgemm_sm80", "C", "exact"),
        ("gemm_epilogue_sm80", "D", "exact"),
        ("gemm_ws_sm90", "C", "exact"),
        ("gemm_ws_2sm_sm100", "C", "exact"),
        ("gemm_blockscaled_sm100", "C", "exact"),
        ("gemm_nvfp4_sm100", "C", "exact"),
        ("gemm_sparse_sm100", "C", "exact"),
        ("fmha_fwd_sm80", "O", "max |O - O_ref|"),
        ("fmha_fwd_d128_sm80", "O", "max |O - O_ref|"),
        ("fmha_fwd_sm90", "O", "max |O - O_ref|"),
    ] {
        let out = scratch(example);
        let launch = emulate(example, &out);
        let (ok, text) = reference(example, &out, &launch);
        assert!(ok && text.contains(verdict) && text.contains("TFLOP/s"), "{example}: {text}");
        // One element off: a GEMM by one (bf16 D: one unit of its bits), the
        // attention output by 2^-6, far past its bound of about 1e-3.
        let delta = if example.starts_with("fmha") { 1.0 / 64.0 } else { 1.0 };
        nudge(&out.join(format!("{buffer}.npy")), 37, delta);
        let (ok, text) = reference(example, &out, &launch);
        assert!(!ok && (text.contains("WRONG") || text.contains("OUT OF BOUND")), "{example} with a wrong element: {text}");
        let _ = std::fs::remove_dir_all(out);
    }
}

#[test]
fn the_gpu_comparison_allows_attention_ex2_rounding_and_no_more() {
    // A stand-in for `cute-emu run --gpu`: the emulator, then O nudged by
    // DELTA (what the driver's ex2.approx may change, or more).
    let dir = scratch("compare");
    let launches = dir.join("launches");
    std::fs::create_dir_all(&launches).unwrap();
    std::fs::copy(root().join("examples/launch/fmha_fwd_sm80.launch.json"), launches.join("fmha_fwd_sm80.launch.json")).unwrap();
    let source = std::fs::read_to_string(launches.join("fmha_fwd_sm80.launch.json")).unwrap();
    let absolute = source.replace("\"../fmha_fwd_sm80.mlir\"", &format!("\"{}\"", root().join("examples/fmha_fwd_sm80.mlir").display()));
    std::fs::write(launches.join("fmha_fwd_sm80.launch.json"), absolute).unwrap();
    let fake = dir.join("fake-gpu.sh");
    let python_dir = python().parent().unwrap().to_path_buf();
    std::fs::write(
        &fake,
        format!(
            "#!/usr/bin/env bash\nargs=(); gpu=0; out=\nwhile [[ $# -gt 0 ]]; do case $1 in --gpu) gpu=1;; --out) out=$2; args+=(--out \"$2\"); shift;; *) args+=(\"$1\");; esac; shift; done\n{cute} \"${{args[@]}}\" || exit $?\nif [[ $gpu == 1 && $DELTA != 0 ]]; then python3 -c 'import numpy as np, sys; o = np.load(sys.argv[1]); o.reshape(-1)[100] += np.float16(float(sys.argv[2])); np.save(sys.argv[1], o)' \"$out/O.npy\" \"$DELTA\"; fi\n",
            cute = env!("CARGO_BIN_EXE_cute")
        ),
    )
    .unwrap();
    let compare = |delta: &str| {
        let run = Command::new("bash")
            .arg(root().join("scripts/compare_gpu_emulator.sh"))
            .args(["--launches", launches.to_str().unwrap(), "sm_80"])
            .env("CUTE", &fake)
            .env("DELTA", delta)
            .env("PATH", format!("{}:{}", python_dir.display(), std::env::var("PATH").unwrap()))
            .output()
            .unwrap();
        (run.status.success(), String::from_utf8_lossy(&run.stdout).into_owned())
    };
    std::process::Command::new("chmod").arg("+x").arg(&fake).status().unwrap();
    let (ok, text) = compare("0");
    assert!(ok && text.contains("4 buffers the same") && text.contains("0 within 2^-10"), "{text}");
    let (ok, text) = compare("0.0009765625");
    assert!(ok && text.contains("3 buffers the same") && text.contains("1 within 2^-10"), "{text}");
    let (ok, text) = compare("0.0078125");
    assert!(!ok && text.contains("DIFFERENT: fmha_fwd_sm80/O.npy"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}
