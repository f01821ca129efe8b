//! Issue 9: `melior::ContextRef::to_ref()` hands out a reference to the
//! `ContextRef` value itself, so calling it on a temporary dangles, and
//! optimized builds crash. Every `&Context` from a raw handle or an op goes
//! through `cute_mlir::handle::BorrowedContext` instead; this test keeps it
//! that way in the crate, its tests and its examples.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_context_to_ref_outside_the_handle_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "examples", "benches", "fuzz/fuzz_targets"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 10, "the audit found the sources");
    let needle = [".to_ref", "()"].concat();
    let offenders: Vec<String> = files
        .iter()
        .filter(|path| !path.ends_with("src/handle.rs"))
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            text.lines()
                .enumerate()
                .filter(|(_, line)| line.contains(&needle) && !line.trim_start().starts_with("//"))
                .map(|(i, line)| format!("{}:{}: {}", path.display(), i + 1, line.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(offenders.is_empty(), "use cute_mlir::handle::BorrowedContext instead of to_ref():\n{}", offenders.join("\n"));
}
