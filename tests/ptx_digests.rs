//! Issue 29: the restructuring of the pipeline changes no output. Every
//! example is compiled for every roster chip; each (example, chip) gives
//! PTX, pinned by its FNV-1a digest in `tests/ptx-digests.txt`, or a
//! refusal, pinned as `refused`. A change of the generated code (meant or
//! not) shows here by example and chip; `CUTE_BLESS_DIGESTS=1 cargo test
//! --test ptx_digests` rewrites the file after a meant change, so the diff
//! of the file is the list of kernels whose PTX changed.

use cute_mlir::{
    batch::{compile_all, Job, Outcome},
    compile::{Emit, ROSTER},
};
use std::path::Path;

/// FNV-1a, 64 bits: stable across Rust releases (std's hasher is not).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn digests() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut examples: Vec<_> = std::fs::read_dir(root.join("examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    examples.sort();
    // Two workers, a compiler (an MLIR context) each: the batch API an
    // autotuner uses, as the test is one long series of compiles and CI has
    // two cores. (No pair goes through LLVM's crash recovery, whose known
    // defect with threads docs/unsafe.md describes: each compiles or is
    // refused by a verifier.)
    let jobs: Vec<Job> = examples
        .iter()
        .flat_map(|example| ROSTER.iter().map(|chip| Job { input: example.clone(), chip: chip.name.into(), emit: Emit::Ptx }))
        .collect();
    let (outcomes, _) = compile_all(&jobs, 2, None);
    let mut out = String::from("# example chip digest (tests/ptx_digests.rs; CUTE_BLESS_DIGESTS=1 rewrites)\n");
    for Outcome { job, result } in outcomes {
        // The PTX without its header comment (it names no input).
        let digest = match result {
            Ok(ptx) => format!("{:016x}", fnv1a(&ptx)),
            Err(_) => "refused".to_string(),
        };
        let name = job.input.file_name().unwrap().to_string_lossy().into_owned();
        out.push_str(&format!("{name} {} {digest}\n", job.chip));
    }
    out
}

#[test]
fn every_example_compiles_to_the_pinned_ptx_on_every_chip() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ptx-digests.txt");
    let now = digests();
    if std::env::var_os("CUTE_BLESS_DIGESTS").is_some() {
        std::fs::write(&file, &now).unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(&file).unwrap_or_default();
    let changed: Vec<String> = now
        .lines()
        .filter(|l| !pinned.lines().any(|p| p == *l))
        .map(|l| {
            let key: Vec<&str> = l.split(' ').take(2).collect();
            let before = pinned.lines().find(|p| p.split(' ').take(2).eq(key.iter().copied())).unwrap_or("(none)");
            format!("{l}   (pinned: {before})")
        })
        .collect();
    assert!(
        changed.is_empty() && now.lines().count() == pinned.lines().count(),
        "the PTX of {} (example, chip) pairs differs from tests/ptx-digests.txt; if meant, rerun with CUTE_BLESS_DIGESTS=1:\n{}",
        changed.len(),
        changed.join("\n")
    );
}
