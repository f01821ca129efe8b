//! No input, however malformed, makes `mlir-opt-22` with the plugin crash:
//! 40 deterministic mutations of each lit input and example (the GEMM
//! kernels: partitions, swizzles, atoms), about ten thousand in all, each
//! end with exit status 0, or 1 and a diagnostic — never a signal (abort,
//! segfault) or a Rust panic escaping across the C ABI. Each runs the whole
//! compile pipeline short of serialization: desugar, then
//! `cute-to-nvvm{chip=sm_80}` (the cute -> LLVM bank and the GPU -> NVVM
//! conversions). A file's mutants share one process, split as lit splits
//! (a batch that crashes is rerun mutant by mutant).

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

/// The pipeline each mutant goes through.
const PIPELINE: &str = "--pass-pipeline=builtin.module(cute-desugar,canonicalize,cute-to-nvvm{chip=sm_80})";

/// How one `mlir-opt-22 --split-input-file` run over `input` ended: exit 0,
/// or 1 with a diagnostic, as `Ok` with the number of chunks that went
/// through the whole pipeline (each prints its module); `Err` anything else
/// (a signal, a panic message) with what it printed.
fn run_mlir_opt(plugin: &Path, input: &str) -> Result<usize, String> {
    let output = Command::new("mlir-opt-22")
        .arg(format!("--load-dialect-plugin={}", plugin.display()))
        .arg(format!("--load-pass-plugin={}", plugin.display()))
        .arg(PIPELINE)
        .arg("--split-input-file")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
            child.wait_with_output()
        })
        .expect("mlir-opt-22 runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lowered = String::from_utf8_lossy(&output.stdout).lines().filter(|l| l.starts_with("module")).count();
    match output.status.code() {
        Some(0) => Ok(lowered),
        Some(1) if stderr.contains("error") && !stderr.contains("panicked") => Ok(lowered),
        status => Err(format!("ended with {status:?}:\n{stderr}")),
    }
}

#[test]
fn mutated_inputs_never_crash_mlir_opt() {
    let mut files = Vec::new();
    lit_inputs(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/lit"), &mut files);
    lit_inputs(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples"), &mut files);
    files.sort();
    // One batch per input file: its mutants, each a whole module.
    let mut batches = Vec::new();
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    for file in &files {
        let source = std::fs::read_to_string(file).expect("read lit input");
        batches.push((0..MUTANTS_PER_FILE).map(|_| mutate(&source, &mut rng)).collect::<Vec<_>>());
    }
    let plugin = plugin();
    let next = AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let lowered = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(mutants) = batches.get(index) else { break };
                // A batch is one process (starting mlir-opt with the plugin is
                // most of a small input's cost): the mutants joined by split
                // markers, each chunk parsed and lowered in a new context
                // (MlirOptMain's --split-input-file; lit inputs that have
                // markers of their own split further). Only a batch that
                // crashed is rerun mutant by mutant, to name the culprit.
                let joined = mutants.join("\n// -----\n");
                match run_mlir_opt(&plugin, &joined) {
                    Ok(n) => {
                        lowered.fetch_add(n, Ordering::Relaxed);
                    }
                    Err(batch) => {
                        let mut culprits: Vec<String> = mutants
                            .iter()
                            .enumerate()
                            .filter_map(|(k, input)| {
                                let e = run_mlir_opt(&plugin, input).err()?;
                                Some(format!("mutant #{k} of {}: {e}\n--- input ---\n{input}", files[index].display()))
                            })
                            .collect();
                        if culprits.is_empty() {
                            culprits.push(format!("the batch of {} {batch}", files[index].display()));
                        }
                        failures.lock().expect("lock").extend(culprits);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("lock");
    println!(
        "no-crash: {} mutants in {} batches, {} chunks lowered (the rest rejected with a diagnostic), {} crashes",
        batches.len() * MUTANTS_PER_FILE,
        batches.len(),
        lowered.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(lowered.load(Ordering::Relaxed) > 1000, "mutants should still lower: a plugin that failed to load rejects them all");
    assert!(failures.is_empty(), "{}", failures.join("\n========\n"));
}
