//! LLVM's fatal errors under the Rust API (`dialects-td/lib/RecoveringRun.cpp`).
//!
//! Alone in its test binary, so in a process of its own. The recovery jumps
//! over the frames LLVM aborted in, and what they held stays held: beside
//! the other tests of `tests/api.rs`, on their threads, this test failed in
//! about one run of forty (session 24: "stack smashing detected"; once a
//! deadlock, a thread waiting on LLVM's timer lock in `gpu-module-to-binary`
//! and the recovered thread on its malloc arena). Alone it passed 40 of 40,
//! and 100 aborts beside 20 GEMM compiles on another thread passed five
//! times: the interaction that breaks it is not known (docs/unsafe.md).

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
