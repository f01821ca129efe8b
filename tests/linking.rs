//! One copy of MLIR per process: the plugin and the CLI link the shared
//! libMLIR/libLLVM of LLVM 22 and carry no static copy of MLIR's C++ core.

use std::{path::PathBuf, process::Command};

fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent().and_then(|deps| deps.parent()).expect("target dir").to_path_buf()
}

fn run(tool: &str, args: &[&str]) -> String {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert!(out.status.success(), "{tool} {args:?} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn check(artifact: &str) {
    let path = target_dir().join(artifact);
    let path = path.to_str().expect("utf-8 path");
    let ldd = run("ldd", &[path]);
    assert!(ldd.contains("libMLIR.so.22.1"), "{artifact} does not link libMLIR.so.22.1:\n{ldd}");
    assert!(ldd.contains("libLLVM.so.22.1"), "{artifact} does not link libLLVM.so.22.1:\n{ldd}");
    // A static MLIR copy would define the context and the dialect registry.
    let defined = run("nm", &["-C", "--defined-only", path]);
    for symbol in ["mlir::MLIRContext::MLIRContext(", "mlir::DialectRegistry::insert("] {
        assert!(!defined.contains(symbol), "{artifact} defines {symbol}: a static MLIR copy");
    }
}

#[test]
fn plugin_links_the_shared_mlir() {
    check("libcute_mlir.so");
}

#[test]
fn cli_links_the_shared_mlir() {
    check("cute");
}
