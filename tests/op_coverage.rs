//! Every op of the `cute` dialect appears in the lit round-trip and pass
//! suites: a new op without a test fails here, naming it.

use std::{collections::BTreeSet, fs, path::Path};

/// Mnemonics of `def X : Cute_<Class><"mnemonic"...` in the ODS files.
fn cute_mnemonics(root: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for entry in fs::read_dir(root.join("dialects-td/cute")).expect("dialects-td/cute") {
        let text = fs::read_to_string(entry.expect("entry").path()).expect("read .td");
        for line in text.lines().filter(|l| l.starts_with("def Cute_") && l.contains("Op<\"")) {
            let start = line.find("Op<\"").expect("checked") + 4;
            let end = line[start..].find('"').expect("closing quote") + start;
            found.insert(line[start..end].to_string());
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
            out.push_str(&fs::read_to_string(&path).expect("read lit file"));
        }
    }
}

#[test]
fn every_cute_op_has_a_lit_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ops = cute_mnemonics(root);
    assert!(ops.len() > 60, "only {} ops found", ops.len());
    let mut tests = String::new();
    lit_text(&root.join("tests/lit"), &mut tests);
    let missing: Vec<_> = ops
        .iter()
        .filter(|m| !tests.contains(&format!("cute.{m} ")) && !tests.contains(&format!("cute.{m}(")))
        .collect();
    println!("op coverage: {} cute ops, {} without a lit test", ops.len(), missing.len());
    assert!(missing.is_empty(), "ops without a lit test: {missing:?}");
}
