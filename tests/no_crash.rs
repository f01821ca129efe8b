//! No input, however malformed, makes `mlir-opt-22` with the plugin crash:
//! a few hundred deterministic mutations of the lit inputs and the examples
//! (the GEMM kernels: partitions, swizzles, atoms) each end with exit
//! status 0, or 1 and a diagnostic — never a signal (abort, segfault) or a
//! Rust panic escaping across the C ABI. Each runs the whole compile
//! pipeline short of serialization: desugar, then `cute-to-nvvm{chip=sm_80}`
//! (the cute -> LLVM bank and the GPU -> NVVM conversions).

use std::{
    path::{Path, PathBuf},
    process::{Command, Stdio},
    sync::atomic::{AtomicUsize, Ordering},
};

const MUTANTS_PER_FILE: usize = 40;
/// Characters that matter to the parsers: CuTe notation, MLIR punctuation.
const ALPHABET: &[u8] = b"()<>[]{}:;,?_@/-0123456789 \"%!=SwoxK";

/// xorshift64*: deterministic, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to four byte-level edits focused on the quoted specs and op syntax.
fn mutate(source: &str, rng: &mut Rng) -> String {
    let mut bytes = source.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len());
        match rng.below(5) {
            0 => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            2 => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
            3 => {
                let end = (at + 1 + rng.below(12)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                let to = rng.below(bytes.len());
                bytes.splice(to..to, piece);
            }
            _ => {
                // Large and negative numbers exercise overflow paths.
                let number: &[u8] = [&b"9223372036854775807"[..], b"-1", b"0", b"4294967296"][rng.below(4)];
                bytes.splice(at..at, number.iter().copied());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn lit_inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("tests/lit is readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() && path.file_name() != Some("Output".as_ref()) {
            lit_inputs(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}

fn plugin() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent().and_then(|deps| deps.parent()).expect("target dir").join("libcute_mlir.so")
}

#[test]
fn mutated_inputs_never_crash_mlir_opt() {
    let mut files = Vec::new();
    lit_inputs(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/lit"), &mut files);
    lit_inputs(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples"), &mut files);
    files.sort();
    let mut jobs = Vec::new();
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    for file in &files {
        let source = std::fs::read_to_string(file).expect("read lit input");
        for _ in 0..MUTANTS_PER_FILE {
            jobs.push(mutate(&source, &mut rng));
        }
    }
    let plugin = plugin();
    let next = AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let (errors, clean) = (AtomicUsize::new(0), AtomicUsize::new(0));
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(input) = jobs.get(index) else { break };
                let output = Command::new("mlir-opt-22")
                    .arg(format!("--load-dialect-plugin={}", plugin.display()))
                    .arg(format!("--load-pass-plugin={}", plugin.display()))
                    .arg("--pass-pipeline=builtin.module(cute-desugar,canonicalize,cute-to-nvvm{chip=sm_80})")
                    .arg("-")
                    .stdin(Stdio::piped())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .and_then(|mut child| {
                        use std::io::Write;
                        let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
                        child.wait_with_output()
                    })
                    .expect("mlir-opt-22 runs");
                let stderr = String::from_utf8_lossy(&output.stderr);
                match output.status.code() {
                    Some(0) => {
                        clean.fetch_add(1, Ordering::Relaxed);
                    }
                    Some(1) if stderr.contains("error") && !stderr.contains("panicked") => {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                    status => failures.lock().expect("lock").push(format!(
                        "mutant #{index} ended with {status:?}:\n{stderr}\n--- input ---\n{input}"
                    )),
                }
            });
        }
    });
    let failures = failures.into_inner().expect("lock");
    println!(
        "no-crash: {} mutants, {} rejected with a diagnostic, {} accepted, {} crashed",
        jobs.len(),
        errors.load(Ordering::Relaxed),
        clean.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n========\n"));
}
