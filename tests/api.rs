//! The Rust API (`cute_mlir::Compiler`) on the same inputs as the lit suite,
//! cross-checked against mlir-opt-22 with the plugin.

use cute_mlir::Compiler;
use std::{path::PathBuf, process::Command};

const DESUGAR: &str = "builtin.module(cute-desugar)";

fn lit_input(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/lit").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// target/debug/libcute_mlir.so, next to the directory of this test binary.
fn plugin() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent().and_then(|deps| deps.parent()).expect("target dir").join("libcute_mlir.so")
}

#[test]
fn desugar_matches_mlir_opt_with_the_plugin() {
    let source = lit_input("Transforms/Desugar/desugar.mlir");
    let ours = Compiler::new().opt(&source, DESUGAR).expect("desugar succeeds");
    assert!(ours.contains("cute.make_layout_raw"), "{ours}");
    assert!(!ours.contains("cute.make_layout("), "sugar left behind:\n{ours}");

    let plugin = plugin();
    let output = Command::new("mlir-opt-22")
        .arg(format!("--load-dialect-plugin={}", plugin.display()))
        .arg(format!("--load-pass-plugin={}", plugin.display()))
        .arg(format!("--pass-pipeline={DESUGAR}"))
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().expect("stdin").write_all(source.as_bytes())?;
            child.wait_with_output()
        })
        .expect("mlir-opt-22 runs");
    assert!(output.status.success(), "mlir-opt-22 failed");
    let theirs = String::from_utf8(output.stdout).expect("utf-8");
    assert_eq!(ours.trim(), theirs.trim());
}

#[test]
fn desugar_rewrites_make_layout_into_primitives() {
    let out = Compiler::new()
        .opt(
            r#"func.func @f(%m: index) -> !cute.layout<"(?,4):(4,1)"> {
                 %l = cute.make_layout(shape = (%m : index), stride = ()) : !cute.layout<"(?,4):(4,1)">
                 return %l : !cute.layout<"(?,4):(4,1)">
               }"#,
            DESUGAR,
        )
        .unwrap();
    assert!(out.contains(r#"cute.make_int_tuple(%arg0) : (index) -> !cute.shape<"(?,4)">"#), "{out}");
    assert!(out.contains(r#"cute.make_int_tuple() : () -> !cute.stride<"(4,1)">"#), "{out}");
    assert!(out.contains("cute.make_layout_raw %0, %1"), "{out}");
}

#[test]
fn malformed_layout_is_a_parse_error_with_the_rust_message() {
    let err = Compiler::new()
        .parse(r#"func.func private @f(!cute.layout<"(2,4):(1">)"#)
        .expect_err("must not parse");
    let text = err.to_string();
    assert!(text.contains(r#"invalid !cute.layout "(2,4):(1""#), "{text}");
    assert!(text.contains("at column"), "{text}");
}

#[test]
fn verifier_errors_are_reported() {
    let err = Compiler::new()
        .parse(
            r#"func.func @f(%m: index) {
                 %t = cute.make_shape(%m) : (index) -> !cute.shape<"(2,8)">
                 return
               }"#,
        )
        .expect_err("must not verify");
    assert!(
        err.to_string().contains("'cute.make_shape' op expects 0 operand(s)"),
        "{err}"
    );
}

#[test]
fn panic_in_a_pass_becomes_an_error() {
    let compiler = Compiler::new();
    let mut module = compiler.parse("func.func @f() { return }").unwrap();
    let err = compiler
        .run_pipeline(&mut module, "builtin.module(cute-test-panic-guard)")
        .expect_err("the pass panics");
    assert!(err.to_string().contains("Rust panic caught at the C ABI"), "{err}");
}

#[test]
fn unknown_pass_is_reported() {
    let compiler = Compiler::new();
    let mut module = compiler.parse("func.func @f() { return }").unwrap();
    let err = compiler.run_pipeline(&mut module, "builtin.module(no-such-pass)").unwrap_err();
    assert!(err.to_string().contains("invalid pass pipeline"), "{err}");
}

#[test]
fn every_pass_of_the_crate_parses_in_a_textual_pipeline() {
    let compiler = Compiler::new();
    let passes: Vec<_> = cute_mlir::passes::arguments().collect();
    assert!(passes.contains(&"cute-desugar"), "{passes:?}");
    for pass in passes.iter().filter(|p| !p.starts_with("cute-test-")) {
        // The extraction needs device code to extract.
        let source = if *pass == "cute-extract-device-module" {
            "module attributes {gpu.container_module} { gpu.module @g { } }"
        } else {
            "func.func @f() { return }"
        };
        let mut module = compiler.parse(source).unwrap();
        compiler.run_pipeline(&mut module, &format!("builtin.module({pass})")).unwrap_or_else(|e| panic!("{pass}: {e}"));
    }
}

#[test]
fn the_dialects_load_into_a_users_own_context() {
    let context = melior::Context::new();
    melior::dialect::DialectHandle::func().load_dialect(&context);
    cute_mlir::dialect::load(&context);
    let module = melior::ir::Module::parse(&context, r#"func.func private @f(!cute.layout<"(2,2):(1,2)">)"#);
    assert!(module.is_some(), "cute types parse once the dialects are loaded");
}

#[test]
fn compile_gives_ptx_for_a_roster_chip_and_refuses_others() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/sgemm_sm80.mlir");
    let compiler = Compiler::new();
    let ptx = compiler.compile_file(&path, "sm_80", cute_mlir::compile::Emit::Ptx).expect("the GEMM compiles");
    assert!(ptx.contains(".target sm_80") && ptx.contains(".visible .entry sgemm(") && ptx.contains("fma.rn.f32"), "{ptx}");
    let nvvm = compiler.compile_file(&path, "sm_90a", cute_mlir::compile::Emit::Nvvm).expect("the GEMM lowers");
    assert!(nvvm.contains(r#"chip = "sm_90a""#) && !nvvm.contains("cute."), "{nvvm}");
    let llvm = compiler.compile_file(&path, "sm_80", cute_mlir::compile::Emit::Llvm).expect("the GEMM translates");
    assert!(llvm.contains(r#"target triple = "nvptx64-nvidia-cuda""#) && llvm.contains("define ptx_kernel void @sgemm("), "{llvm}");
    let err = compiler.compile_file(&path, "sm_42", cute_mlir::compile::Emit::Ptx).unwrap_err();
    assert!(err.message.contains("unsupported chip 'sm_42'"), "{err}");
}

#[test]
fn the_ir_is_verified_after_every_pass() {
    // Issue 27 item 5: a pass that leaves invalid IR is caught right after
    // it, before the next pass runs on it.
    let compiler = Compiler::new();
    compiler.dump_after(Some("all"));
    let mut module = compiler.parse("func.func @f() { return }").unwrap();
    let err = compiler.run_pipeline(&mut module, "builtin.module(cute-test-break-ir,cute-desugar)").unwrap_err();
    assert!(err.to_string().contains("requires attribute 'function_type'"), "{err}");
    let ran: Vec<String> = compiler.take_stages().into_iter().map(|s| s.pass).collect();
    assert!(!ran.contains(&"cute-desugar".to_string()), "the pass after the broken IR ran: {ran:?}");
    // Without verify-each (for measuring its cost), the result is still verified.
    compiler.set_verify_each(false);
    let mut module = compiler.parse("func.func @f() { return }").unwrap();
    let err = compiler.run_pipeline(&mut module, "builtin.module(cute-test-break-ir)").unwrap_err();
    assert!(err.to_string().contains("does not verify"), "{err}");
}

#[test]
fn stages_are_kept_in_the_order_the_passes_ran() {
    let compiler = Compiler::new();
    compiler.dump_after(Some("all"));
    let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/copy_sm80.mlir")).unwrap();
    compiler.compile(&source, "sm_80", cute_mlir::compile::Emit::Ptx).unwrap();
    let stages = compiler.take_stages();
    let ran: Vec<&str> = stages.iter().map(|s| s.pass.as_str()).collect();
    let position = |pass: &str| ran.iter().position(|p| *p == pass).unwrap_or_else(|| panic!("{pass} missing: {ran:?}"));
    assert!(position("cute-desugar") < position("cute-to-llvm"), "{ran:?}");
    assert!(position("cute-to-llvm") < position("convert-gpu-to-nvvm"), "{ran:?}");
    assert!(position("convert-gpu-to-nvvm") < position("cute-kernel-to-nvvm"), "{ran:?}");
    // Spec 000's stages: the SM-tier atoms after the target-neutral lowering,
    // the kernel ABI after both.
    assert!(position("cute-to-llvm") < position("cute-nvgpu-to-nvvm"), "{ran:?}");
    assert!(position("cute-nvgpu-to-nvvm") < position("cute-kernel-to-nvvm"), "{ran:?}");
    let desugared = &stages[position("cute-desugar")];
    assert!(desugared.ir.contains("gpu.module @kernels") && !desugared.ir.contains("llvm.func"), "{}", desugared.ir);
    assert!(stages[position("convert-gpu-to-nvvm")].anchor.ends_with("gpu_module_kernels"));
    // Only the chosen pass is kept when one is named.
    compiler.dump_after(Some("cute-to-llvm"));
    compiler.compile(&source, "sm_80", cute_mlir::compile::Emit::Ptx).unwrap();
    let kept: Vec<String> = compiler.take_stages().into_iter().map(|s| s.pass).collect();
    assert_eq!(kept, ["cute-to-llvm"]);
}

/// Spec 002 "Bulk cute -> LLVM Pattern Bank": the SM-tier atom rewriters are
/// independent patterns, one per atom family, not one switch. Each
/// `cute.copy_atom_call` / `cute.mma_atom_call` pattern of `NVGPU_PATTERNS`
/// is run alone on calls of every family (the lit suite's
/// `nvgpu-stage.mlir`, after cute-to-llvm, as the pass sees them): it lowers
/// the calls of its own family and leaves the others, and every family is
/// lowered by exactly one pattern.
#[test]
fn the_atom_rewriters_are_independent_patterns() {
    use cute_mlir::passes::conversion::nvgpu_to_nvvm::NVGPU_PATTERNS;
    use cute_mlir::passes::rewrite::apply_phases;
    use melior::ir::operation::OperationRef;
    // The families, by the atom type their calls name.
    const FAMILIES: [&str; 4] = ["atom.simt_async_copy", "atom.ldsm", "sm80.mma", "sm90.mma"];
    let calls_left = |ir: &str| -> Vec<bool> {
        FAMILIES
            .iter()
            .map(|f| ir.lines().any(|l| l.contains("_atom_call") && l.contains(&format!("!cute_nvgpu.{f}"))))
            .collect()
    };
    let mut lowered_by = [0usize; FAMILIES.len()];
    let mut patterns = 0;
    let source = lit_input("Conversion/CuteNvgpuToNVVM/nvgpu-stage.mlir");
    let compiler = Compiler::new();
    for pattern in NVGPU_PATTERNS.iter().filter(|p| matches!(p.root, "cute.copy_atom_call" | "cute.mma_atom_call")) {
        patterns += 1;
        let mut module = compiler.parse(&source).unwrap();
        compiler.run_pipeline(&mut module, "builtin.module(cute-to-llvm)").unwrap();
        assert_eq!(calls_left(&module.as_operation().to_string()), vec![true; FAMILIES.len()], "cute-to-llvm leaves every SM-tier call");
        // SAFETY: the module outlives the reference, which the call does not keep.
        let root = unsafe { OperationRef::from_raw(module.as_operation().to_raw()) };
        apply_phases(root, "pattern-bank-test", &[std::slice::from_ref(pattern)]).unwrap();
        let left = calls_left(&module.as_operation().to_string());
        let lowered: Vec<usize> = (0..FAMILIES.len()).filter(|&i| !left[i]).collect();
        assert!(lowered.len() <= 1, "one pattern (root {}) lowered several families: {lowered:?}", pattern.root);
        for i in lowered {
            lowered_by[i] += 1;
        }
    }
    assert!(patterns >= FAMILIES.len(), "{patterns} atom-call patterns");
    assert_eq!(lowered_by, [1; FAMILIES.len()], "each family by exactly one pattern ({FAMILIES:?})");
}
