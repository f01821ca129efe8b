//! The emulator is an independent judge (issue 28): it depends on nothing
//! of cute-mlir, so a misunderstanding of the layout algebra, the atom
//! registry or a lowering cannot be shared between the compiler and it.

#[test]
fn the_emulator_depends_on_nothing_of_cute_mlir() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let dependencies = manifest.split("[dependencies]").nth(1).unwrap_or("");
    assert!(!dependencies.contains("cute-mlir") && !dependencies.contains("path = \"..\""), "emu/Cargo.toml:\n{manifest}");
    let mut folders = vec![root.join("src")];
    let mut files = 0;
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(!text.contains("cute_mlir"), "{} names cute_mlir", path.display());
            files += 1;
        }
    }
    assert!(files > 10, "read {files} files");
}
