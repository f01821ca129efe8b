//! Every op of both dialects (`cute`, `cute_nvgpu`) appears in the lit
//! suites and has an entry in the verifier table: a new or renamed op without
//! a test or a verifier entry fails here, naming it.

use cute_mlir::dialect::verify::verifier;
use std::{collections::BTreeSet, fs, path::Path};

/// Full names (`cute.composition`, `cute_nvgpu.gmma.descriptor`) of every
/// `def X : <Class>Op<"mnemonic" ...` in the ODS files of a dialect, also
/// when the definition spans lines.
fn op_names(root: &Path, dialect: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for entry in fs::read_dir(root.join("dialects-td").join(dialect)).expect("dialect td dir") {
        let text = fs::read_to_string(entry.expect("entry").path()).expect("read .td");
        for def in text.split("\ndef ").skip(1) {
            // The head of the definition: up to its body or its end.
            let head = &def[..def.find(['{', ';']).unwrap_or(def.len())];
            let Some(start) = head.find("Op<\"").map(|i| i + 4) else { continue };
            let end = head[start..].find('"').expect("closing quote") + start;
            found.insert(format!("{dialect}.{}", &head[start..end]));
        }
    }
    found
}

fn lit_text(dir: &Path, out: &mut String) {
    for entry in fs::read_dir(dir).expect("lit dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() && path.file_name() != Some("Output".as_ref()) {
            lit_text(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            // IR lines only: a name in a comment or a CHECK line is not a
            // test of the op.
            let text = fs::read_to_string(&path).expect("read lit file");
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
}

fn all_ops() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cute = op_names(root, "cute");
    let nvgpu = op_names(root, "cute_nvgpu");
    assert!(cute.len() > 60, "only {} cute ops found", cute.len());
    assert!(nvgpu.len() > 10, "only {} cute_nvgpu ops found", nvgpu.len());
    cute.into_iter().chain(nvgpu).collect()
}

#[test]
fn every_op_has_a_lit_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ops = all_ops();
    let mut tests = String::new();
    lit_text(&root.join("tests/lit"), &mut tests);
    let missing: Vec<_> =
        ops.iter().filter(|m| ![" ", "(", "<"].iter().any(|next| tests.contains(&format!("{m}{next}")))).collect();
    println!("op coverage: {} ops, {} without a lit test", ops.len(), missing.len());
    assert!(missing.is_empty(), "ops without a lit test: {missing:?}");
}

#[test]
fn every_op_has_a_verifier_entry() {
    let ops = all_ops();
    let missing: Vec<_> = ops.iter().filter(|name| verifier(name).is_none()).collect();
    assert!(missing.is_empty(), "ops with no entry in the verifier table (src/dialect/verify.rs): {missing:?}");
    assert!(verifier("cute.no_such_op").is_none(), "an unknown op has no entry");
}

/// Every pattern of `cute-to-llvm` has a FileCheck test in
/// `tests/lit/Conversion/CuteToLLVM/` that uses its op.
#[test]
fn every_lowering_pattern_has_a_lit_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut tests = String::new();
    lit_text(&root.join("tests/lit/Conversion/CuteToLLVM"), &mut tests);
    let missing: Vec<_> = cute_mlir::passes::conversion::cute_to_llvm::PATTERNS
        .iter()
        .map(|p| p.root)
        .filter(|m| ![" ", "(", "<"].iter().any(|next| tests.contains(&format!("{m}{next}"))))
        .collect();
    assert!(missing.is_empty(), "lowering patterns without a lit test in tests/lit/Conversion/CuteToLLVM: {missing:?}");
}

/// The SM-tier patterns (`cute-nvgpu-to-nvvm`) are tested through the
/// compile pipeline down to ptxas (tests/lit/Compile, one folder a chip in
/// tests/lit/Conversion/CuteNvgpuToNVVM) or stage by stage (the atom
/// payloads after `cute-nvgpu-expand-atoms`).
#[test]
fn every_sm_tier_pattern_has_a_lit_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut tests = String::new();
    for stage in ["Conversion", "Compile", "Transforms/ExpandAtoms"] {
        lit_text(&root.join("tests/lit").join(stage), &mut tests);
    }
    let missing: Vec<_> = cute_mlir::passes::conversion::nvgpu_to_nvvm::NVGPU_PATTERNS
        .iter()
        .map(|p| p.root)
        .filter(|m| ![" ", "(", "<"].iter().any(|next| tests.contains(&format!("{m}{next}"))))
        .collect();
    assert!(missing.is_empty(), "SM-tier patterns without a lit test: {missing:?}");
}
