//! `cute retype` and the autotuning sweep's variants (issue 33): every
//! variant of the sm80 GEMM is retyped to IR that verifies, and variants
//! run in the emulator compute the example's C.

#[path = "support/sweep.rs"]
mod sweep;

use std::{collections::HashSet, path::Path, process::Command};

fn cute(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cute")).args(args).env("CUTE_CACHE_DIR", std::env::temp_dir().join("cute-sweep-test-cache")).output().expect("cute runs")
}

#[test]
fn every_variant_retypes_to_verified_distinct_ir() {
    let compiler = cute_mlir::Compiler::new();
    let mut texts = HashSet::new();
    let templates = sweep::templates();
    assert_eq!(templates.len(), 64);
    for (name, template) in &templates {
        // A template is stale (B's views and everything after) unless its
        // choices are the example's own (S<2,3,3> for both, warps (1,2,0)).
        let (text, fixes) = cute_mlir::retype::retype(&compiler, template, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let example_s_own = name == "gemm_sm80_a3_b1_w0";
        assert_eq!(fixes == 0, example_s_own, "{name}: {fixes} fixes");
        compiler.parse_named(&text, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(texts.insert(text), "{name} is the same IR as another variant");
    }
}

/// Two far-apart variants, run as `cute run` runs them, write the C the
/// example writes (integer inputs: f32 sums are exact, any difference is
/// a wrong element).
#[test]
fn variants_compute_the_example_s_c() {
    let dir = std::env::temp_dir().join(format!("cute-sweep-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let launch = std::fs::read_to_string(repo.join("examples/launch/gemm_sm80.launch.json")).unwrap();
    let compiler = cute_mlir::Compiler::new();
    let mut outputs = Vec::new();
    for (name, source) in [
        ("original", std::fs::read_to_string(repo.join("examples/gemm_sm80.mlir")).unwrap()),
        ("a7_b2_w1", sweep::template(sweep::A_SWIZZLES[7], sweep::B_SWIZZLES[2], sweep::WARP_ORDERS[1])),
        ("a2_b3_w0", sweep::template(sweep::A_SWIZZLES[2], sweep::B_SWIZZLES[3], sweep::WARP_ORDERS[0])),
    ] {
        let (text, _) = cute_mlir::retype::retype(&compiler, &source, name).unwrap();
        let mlir = dir.join(format!("{name}.mlir"));
        std::fs::write(&mlir, text).unwrap();
        let launch_file = dir.join(format!("{name}.launch.json"));
        std::fs::write(&launch_file, launch.replace("\"../gemm_sm80.mlir\"", &format!("{:?}", mlir.display().to_string()))).unwrap();
        let out = dir.join(name);
        let run = cute(&["run", launch_file.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert!(run.status.success(), "{name}: {}", String::from_utf8_lossy(&run.stderr));
        outputs.push(std::fs::read(out.join("C.npy")).unwrap());
    }
    assert!(outputs[0].len() > 256 * 384 * 4);
    assert!(outputs[1] == outputs[0] && outputs[2] == outputs[0], "a variant's C differs from the example's");
}

/// `cute retype` keeps comments and formatting, rewrites only types, and
/// stops with the diagnostics on an error that is not a stale type.
#[test]
fn the_cli_rewrites_types_and_keeps_the_rest() {
    let dir = std::env::temp_dir().join(format!("cute-retype-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stale = dir.join("stale.mlir");
    std::fs::write(
        &stale,
        "// A comment that stays.\nfunc.func @f() {\n  %a = cute.static : !cute.layout<\"(4,8):(1,4)\">\n  %c = cute.coalesce(%a) : (!cute.layout<\"(4,8):(1,4)\">) -> !cute.layout<\"(4,8):(1,4)\">\n  %s = cute.size(%c) : (!cute.layout<\"(4,8):(1,4)\">) -> !cute.int_tuple<\"7\">\n  return\n}\n",
    )
    .unwrap();
    let fixed = cute(&["retype", stale.to_str().unwrap()]);
    assert!(fixed.status.success(), "{}", String::from_utf8_lossy(&fixed.stderr));
    let text = String::from_utf8(fixed.stdout).unwrap();
    assert!(text.starts_with("// A comment that stays.\n"), "{text}");
    assert!(text.contains("-> !cute.int_tuple<\"32\">") && !text.contains("\"7\""), "{text}");
    assert!(String::from_utf8_lossy(&fixed.stderr).contains("1 type(s) rewritten"));
    let broken = dir.join("broken.mlir");
    std::fs::write(&broken, "func.func @f() {\n  %a = cute.static : !cute.layout<\"(4,8):(1,4\">\n  return\n}\n").unwrap();
    let refused = cute(&["retype", broken.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("broken.mlir\":2:"), "{}", String::from_utf8_lossy(&refused.stderr));
}
