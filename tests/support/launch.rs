//! Preparing an example's launch file the way `cute run` does, shared by the
//! emulator tests (`tests/emulator.rs`, `tests/emulator_attention.rs`).

use cute_emu::launch::{self, Launch};
use cute_mlir::{compile::Emit, Compiler};
use std::path::{Path, PathBuf};

/// `examples/launch/<name>.launch.json`.
pub fn example_launch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/launch").join(format!("{name}.launch.json"))
}

/// Parses a launch file and compiles its kernel; the launch metadata
/// completes the launch, as `cute run` does.
pub fn prepare(path: &Path) -> (Launch, String) {
    let mut l = launch::parse(path).unwrap_or_else(|e| panic!("{e}"));
    let (ptx, info) = Compiler::new().compile_file_with_launch_info(&l.source, &l.chip, Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
    let kernel = info.kernels.iter().find(|k| k.name == l.kernel).unwrap();
    l.complete(kernel.block, kernel.dynamic_smem as usize).unwrap();
    (l, ptx)
}
