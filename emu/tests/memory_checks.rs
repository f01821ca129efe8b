//! Issue 28 item 4, the memory checks in hand-written kernels: a misaligned
//! global or shared access is a fault (PTX ISA 5.4 / 6.4.1: an access's
//! address is a multiple of its size), a read of shared memory nobody wrote
//! is a warning, not a hazard (a GPU gives whatever the bytes hold).

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};
use cute_emu::machine::HazardKind;

fn kernel(body: &str) -> String {
    format!(
        ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 out)\n{{\n\
         .reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.shared .align 16 .b8 tile[256];\n\
         ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\nmov.u32 %r2, tile;\nmul.wide.u32 %rd2, %r1, 4;\nadd.s64 %rd3, %rd1, %rd2;\n{body}ret;\n}}\n"
    )
}

fn run(body: &str) -> launch::Outcome {
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![64], init: Init::Zeros };
    launch::execute(&Launch::new("sm_80", "k", [1, 1, 1], [32, 1, 1], vec![out]), &kernel(body)).unwrap()
}

fn kinds(o: &launch::Outcome) -> Vec<HazardKind> {
    o.report.hazards.iter().map(|h| h.kind).collect()
}

#[test]
fn aligned_accesses_are_clean() {
    let o = run("shl.b32 %r3, %r1, 2;\nadd.s32 %r4, %r2, %r3;\nst.shared.u32 [%r4], %r1;\nbar.sync 0;\nld.shared.u32 %r5, [%r4];\nst.global.u32 [%rd3], %r5;\n");
    assert!(o.report.hazards.is_empty() && o.report.warnings.is_empty(), "{}", launch::summary(&o));
    assert_eq!(o.buffers[0].get(7), 7.0);
}

#[test]
fn a_misaligned_global_access_is_a_fault() {
    let o = run("st.global.u32 [%rd3+2], %r1;\n");
    assert_eq!(kinds(&o), [HazardKind::Misaligned], "{}", launch::summary(&o));
    assert!(o.report.hazards[0].message.contains("st.global.u32"), "{}", o.report.hazards[0].message);
}

#[test]
fn a_misaligned_shared_access_is_a_fault() {
    let o = run("shl.b32 %r3, %r1, 3;\nadd.s32 %r4, %r2, %r3;\nst.shared.v2.u32 [%r4+4], {%r1, %r1};\n");
    assert_eq!(kinds(&o), [HazardKind::Misaligned], "{}", launch::summary(&o));
}

#[test]
fn a_read_of_shared_memory_nobody_wrote_is_a_warning() {
    let o = run("shl.b32 %r3, %r1, 2;\nadd.s32 %r4, %r2, %r3;\nld.shared.u32 %r5, [%r4];\nst.global.u32 [%rd3], %r5;\n");
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    assert!(o.report.warnings.iter().any(|w| w.starts_with("uninitialized read of shared byte")), "{:?}", o.report.warnings);
}
