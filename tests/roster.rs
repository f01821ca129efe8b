//! Issue 29: one roster (`cute_mlir::target::ROSTER`) decides every way a
//! chip is named. For every roster chip and a list of names outside it, the
//! verifier (`cute_nvgpu.target`), `cute compile` ([`Compiler::compile`]),
//! the `cute-to-nvvm{chip=}` pipeline and the tier check of an atom accept
//! or refuse alike.

use cute_mlir::{compile::Emit, target::ROSTER, Compiler};

const REFUSED: &[&str] = &["sm_42", "sm_50", "sm_80a", "sm_90f", "sm_95", "sm_101a", "sm_100x", "SM_80", "sm_", "90a"];

#[test]
fn every_way_in_accepts_and_refuses_the_same_chips() {
    let compiler = Compiler::new();
    let kernel = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/copy_sm80.mlir")).unwrap();
    let names = ROSTER.iter().map(|c| (c.name, true)).chain(REFUSED.iter().map(|n| (*n, false)));
    for (name, in_roster) in names {
        let verified = compiler.parse(&format!("module attributes {{cute_nvgpu.target = #cute_nvgpu.target<\"{name}\">}} {{}}")).is_ok();
        let compiled = compiler.compile(&kernel, name, Emit::Ptx);
        let piped = compiler.opt(&kernel, &format!("builtin.module(cute-to-nvvm{{chip={name}}})"));
        let tier = cute_mlir::dialect::nvgpu::Chip::parse(name).is_some();
        assert_eq!(verified, in_roster, "{name}: cute_nvgpu.target");
        assert_eq!(compiled.is_ok(), in_roster, "{name}: cute compile: {:?}", compiled.err().map(|e| e.to_string()));
        assert_eq!(piped.is_ok(), in_roster, "{name}: cute-to-nvvm{{chip=}}: {:?}", piped.err().map(|e| e.to_string()));
        assert_eq!(tier, in_roster, "{name}: the tier rule's chip");
        if !in_roster {
            let e = compiler.compile(&kernel, name, Emit::Ptx).unwrap_err().to_string();
            assert!(e.contains(&format!("unsupported chip '{name}'")) && e.contains("sm_121f"), "{name}: {e}");
        }
    }
}
