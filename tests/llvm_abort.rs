//! LLVM's fatal errors under the Rust API (`dialects-td/lib/RecoveringRun.cpp`).
//!
//! Alone in its test binary, so in a process of its own: beside the other
//! tests of `tests/api.rs`, on their threads, the first test failed in about
//! one run of forty (session 24: "stack smashing detected"; once a
//! deadlock, a thread waiting on LLVM's timer lock in `gpu-module-to-binary`
//! and the recovered thread on its malloc arena). Alone it passed 100 of
//! 100. The second test reproduces the defect every time (docs/unsafe.md).

use cute_mlir::Compiler;
use std::path::PathBuf;

fn source(relative: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn an_llvm_abort_becomes_an_error_and_the_compiler_stays_usable() {
    // A raw NVVM op the verifier accepts but NVPTX cannot select at the
    // PTX version emitted for sm_90a (a relaxed cluster-scope mbarrier
    // arrival needs PTX 8.6): LLVM's report_fatal_error used to abort the
    // process. It is an error naming LLVM's reason, and the same Compiler
    // then compiles a GEMM.
    let compiler = Compiler::new();
    let err = compiler
        .compile(&source("tests/lit/Compile/llvm-abort-invalid.mlir"), "sm_90a", cute_mlir::compile::Emit::Ptx)
        .expect_err("NVPTX cannot select it");
    assert!(err.to_string().contains("Cannot select: intrinsic %llvm.nvvm.mbarrier.arrive.relaxed"), "{err}");
    let ptx = compiler.compile(&source("examples/gemm_sm80.mlir"), "sm_80", cute_mlir::compile::Emit::Ptx).unwrap();
    assert!(ptx.contains("mma.sync.aligned.m16n8k16"));
}

/// The known defect, kept as its reproducer: fatal errors recovered on one
/// thread while another thread of the process makes `Compiler`s and
/// compiles with `dump_after` (MLIR's IR tree printer writing files) crash
/// the process: a segmentation fault in 6 runs of 6 (session 24). Without
/// the printer the other thread's compiles pass beside it (8 of 8), and
/// so do 30 recovered errors in a row on one thread. Leaving the error
/// through the fatal-error handler with setjmp/longjmp, with no signal
/// handler at all, was tried and was worse: "stack smashing detected" in
/// `TargetLoweringBase::initActions` even without the printer. A jump
/// out of LLVM leaves state that points into the abandoned frames; the
/// fix is to run LLVM's code generation where an abort cannot reach the
/// caller (a child process). Run it with
/// `cargo test --release --test llvm_abort -- --ignored`.
#[test]
#[ignore = "known defect: crashes the process (see the doc comment)"]
fn a_recovered_error_beside_a_compile_on_another_thread() {
    let recovering = std::thread::spawn(|| {
        let compiler = Compiler::new();
        for _ in 0..30 {
            compiler
                .compile(&source("tests/lit/Compile/llvm-abort-invalid.mlir"), "sm_90a", cute_mlir::compile::Emit::Ptx)
                .expect_err("NVPTX cannot select it");
        }
    });
    let compiling = std::thread::spawn(|| {
        for _ in 0..30 {
            let compiler = Compiler::new();
            compiler.dump_after(Some("all"));
            compiler.compile(&source("examples/copy_sm80.mlir"), "sm_80", cute_mlir::compile::Emit::Ptx).unwrap();
        }
    });
    recovering.join().unwrap();
    compiling.join().unwrap();
}
