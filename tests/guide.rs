//! Runs every command of docs/guide.md's `sh` blocks from the repository
//! root (in a scratch copy of the files they write), with `cute` the built
//! binary and `ptxas` the one ci/setup installs; a `# -> text` line after a
//! command must appear in its output.

use std::{fs, path::Path, process::Command};

#[test]
fn every_command_of_the_guide_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = fs::read_to_string(root.join("docs/guide.md")).unwrap();
    let cute = env!("CARGO_BIN_EXE_cute");
    let bin = Path::new(cute).parent().unwrap();
    let scratch = std::env::temp_dir().join(format!("cute-guide-{}", std::process::id()));
    fs::create_dir_all(&scratch).unwrap();
    // The commands name repository files; their outputs go to the scratch folder.
    for entry in ["examples", "target"] {
        let link = scratch.join(entry);
        if !link.exists() {
            std::os::unix::fs::symlink(root.join(entry), &link).unwrap();
        }
    }
    let path = format!("{}:{}:/usr/lib/llvm-22/bin:{}", bin.display(), root.join(".venv/bin").display(), std::env::var("PATH").unwrap_or_default());
    let mut in_sh = false;
    let mut last_output: Option<(String, String)> = None;
    let mut commands = 0;
    for line in guide.lines() {
        match line.trim_start() {
            "```sh" => in_sh = true,
            "```" => in_sh = false,
            text if in_sh && text.starts_with("# -> ") => {
                let (command, output) = last_output.as_ref().expect("an expected output follows a command");
                let want = &text["# -> ".len()..];
                assert!(output.contains(want), "`{command}` printed\n{output}\nwithout `{want}`");
            }
            text if in_sh && !text.is_empty() && !text.starts_with('#') => {
                // Guide commands use the plugin at target/debug: point it at this build.
                let command = text.replace("target/debug/", &format!("{}/", bin.display()));
                let out = Command::new("bash").arg("-c").arg(&command).current_dir(&scratch).env("PATH", &path).output().unwrap();
                let output = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
                assert!(out.status.success(), "`{command}` failed:\n{output}");
                last_output = Some((command, output));
                commands += 1;
            }
            _ => {}
        }
    }
    assert!(commands >= 15, "{commands} commands run");
    for (file, what) in [("swizzle.svg", "<svg"), ("layout.tex", "tikzpicture"), ("mma_c.svg", "<svg"), ("copy.nvvm.mlir", "nvvm"), ("gemm.cubin", ""), ("gemm100.ll", "tcgen05")] {
        let text = fs::read(scratch.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(String::from_utf8_lossy(&text).contains(what), "{file}");
    }
    fs::remove_dir_all(&scratch).ok();
}
