//! Issue 31's code-quality bar, on every example kernel for its chip: no
//! integer division or remainder inside a loop (the main loops' index math
//! is shifts and masks, or FastDivmod), and no register spills (ptxas -v).

use cute_mlir::{compile::Emit, Compiler};
use std::path::PathBuf;
use std::process::Command;

/// The chip an example is written for, from its name (`gemm_sm90` ->
/// `sm_90a`); None for the target-neutral ones.
fn chip_of(name: &str) -> Option<&'static str> {
    [("_sm80", "sm_80"), ("_sm90", "sm_90a"), ("_sm100", "sm_100a"), ("_sm120", "sm_120a")]
        .into_iter()
        .find(|(suffix, _)| name.ends_with(suffix))
        .map(|(_, chip)| chip)
}

/// The bodies of the loops of `ptx`: the lines between a label and a later
/// branch back to it.
fn loops(ptx: &str) -> Vec<Vec<&str>> {
    let lines: Vec<&str> = ptx.lines().collect();
    let label_at = |name: &str| lines.iter().position(|l| l.trim_end().strip_suffix(':') == Some(name));
    let mut found = Vec::new();
    for (j, line) in lines.iter().enumerate() {
        let Some(target) = line.split_whitespace().skip_while(|w| !w.starts_with("bra")).nth(1) else { continue };
        let Some(start) = label_at(target.trim_end_matches(';')) else { continue };
        if start < j {
            found.push(lines[start..j].to_vec());
        }
    }
    found
}

/// Integer `div` / `rem` instructions inside a loop of `ptx`.
fn divisions_in_loops(ptx: &str) -> Vec<String> {
    let mut found = Vec::new();
    for body in loops(ptx) {
        for line in body {
            // The opcode: the first word that is not a guard (`@%p1`).
            let op = line.split_whitespace().find(|w| !w.starts_with('@')).unwrap_or("");
            let integer = [".s16", ".u16", ".s32", ".u32", ".s64", ".u64"].iter().any(|t| op.ends_with(t));
            if (op.starts_with("div.") || op.starts_with("rem.")) && integer {
                found.push(line.trim().to_string());
            }
        }
    }
    found
}

#[test]
fn the_hopper_main_loop_keeps_one_wgmma_batch_in_flight_and_no_cta_barrier() {
    // Issue 31: CUTLASS's sm90 pipeline (PipelineTmaAsync): stages freed by
    // the consumers' arrivals on "empty" mbarriers, not bar.sync, and
    // `wgmma.wait_group 1` (K_PIPE_MMAS = 1), so the next k-tile's WGMMAs
    // are issued while this one's run.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/gemm_sm90.mlir");
    let ptx = Compiler::new().compile_file(&path, "sm_90a", Emit::Ptx).unwrap();
    // The main loop: the widest span from a label back to it that issues
    // WGMMAs (LLVM branches back to its header from each arm of the body).
    let body = loops(&ptx).into_iter().filter(|body| body.iter().any(|l| l.contains("wgmma.mma_async"))).max_by_key(Vec::len).expect("a loop issues the WGMMAs");
    let has = |what: &str| body.iter().any(|l| l.contains(what));
    assert!(!has("bar.sync") && !has("barrier.sync"), "a CTA barrier in the main loop");
    assert!(has("wgmma.wait_group.sync.aligned \t1;") && !has("wgmma.wait_group.sync.aligned \t0;"), "the main loop waits for all WGMMAs");
    assert!(has("mbarrier.arrive.shared.b64") && has("mbarrier.arrive.expect_tx"), "the release and the refill");
}

#[test]
fn the_warp_specialized_hopper_gemm_has_cutlass_structure() {
    // Issue 31 item 3 (KernelTmaWarpSpecializedCooperative): setmaxnreg
    // moves registers from the producer warpgroup to the consumers (which
    // ptxas honours only with a known register count at entry: .reqntid and
    // .minnctapersm); the consumers' main loop (the innermost loop issuing
    // WGMMAs) keeps one batch in flight and has no barrier at all; the
    // persistent tile loop around it divides by no run-time value (the
    // tile coordinates are a FastDivmod).
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/gemm_ws_sm90.mlir");
    let ptx = Compiler::new().compile_file(&path, "sm_90a", Emit::Ptx).unwrap();
    assert!(ptx.contains("setmaxnreg.dec.sync.aligned.u32 \t40;") && ptx.contains("setmaxnreg.inc.sync.aligned.u32 \t232;"), "setmaxnreg");
    assert!(ptx.contains(".reqntid 384, 1, 1") && ptx.contains(".minnctapersm 1"), "the register count at entry");
    let wgmma_loops: Vec<Vec<&str>> = loops(&ptx).into_iter().filter(|body| body.iter().any(|l| l.contains("wgmma.mma_async"))).collect();
    let main = wgmma_loops.iter().min_by_key(|b| b.len()).expect("a loop issues the WGMMAs");
    let has = |what: &str| main.iter().any(|l| l.contains(what));
    assert!(!has("bar.sync") && !has("barrier.sync"), "a barrier in the consumers' main loop");
    assert!(has("wgmma.wait_group.sync.aligned \t1;") && !has("wgmma.wait_group.sync.aligned \t0;"), "the main loop waits for all WGMMAs");
    let tiles = wgmma_loops.iter().max_by_key(|b| b.len()).unwrap();
    assert!(tiles.iter().any(|l| l.contains("mbarrier.arrive.shared.b64")), "the consumers release the stages");
    // The peer's stage is released with the default semantics, as CUTLASS
    // does: a `.release.cluster` arrival assembles to MEMBAR.ALL.GPU, which
    // ran this kernel at 233 instead of 553 TFLOP/s on an H100.
    assert!(tiles.iter().any(|l| l.contains("mbarrier.arrive.shared::cluster.b64")), "the consumers release the peer's stages");
    let slow = |body: &[&str]| body.iter().filter(|l| ["release.cluster", "fence.acq_rel", "fence.sc", "membar"].iter().any(|f| l.contains(f))).map(|l| l.trim().to_string()).collect::<Vec<_>>();
    assert!(wgmma_loops.iter().all(|b| slow(b).is_empty()), "a GPU-wide fence in a main loop: {:?}", wgmma_loops.iter().map(|b| slow(b)).collect::<Vec<_>>());
    let fenced = ptx.replace("mbarrier.arrive.shared::cluster.b64", "mbarrier.arrive.release.cluster.shared::cluster.b64");
    assert!(loops(&fenced).iter().any(|b| !slow(b).is_empty()), "the fence check finds a release.cluster arrival");
    assert!(tiles.iter().any(|l| l.contains("bar.sync \t1, 256;")), "the epilogue's named barrier (the consumers only)");
    assert!(divisions_in_loops(&ptx).is_empty(), "{:?}", divisions_in_loops(&ptx));
}

#[test]
fn the_warp_specialized_blackwell_gemm_has_cutlass_structure() {
    // Issue 31 item 4: the MMA warp's main loop (the innermost loop issuing
    // tcgen05.mma) waits on mbarriers only, no CTA or named barrier; the
    // UMMAs of a tile complete on the stage's empty barrier and, after the
    // loop, on the accumulator's full one; no division in any loop.
    // The same for its CTA-pair variant (gemm_ws_2sm_sm100), whose main
    // loop also waits on the peer's relayed stage and has no cluster-wide
    // fence either.
    for example in ["gemm_ws_sm100", "gemm_ws_2sm_sm100"] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{example}.mlir"));
        let ptx = Compiler::new().compile_file(&path, "sm_100a", Emit::Ptx).unwrap();
        let mma_loops: Vec<Vec<&str>> = loops(&ptx).into_iter().filter(|body| body.iter().any(|l| l.contains("tcgen05.mma"))).collect();
        let main = mma_loops.iter().min_by_key(|b| b.len()).expect("a loop issues the UMMAs");
        let has = |what: &str| main.iter().any(|l| l.contains(what));
        assert!(!has("bar.sync") && !has("barrier.sync") && !has("barrier.cluster"), "{example}: a barrier in the MMA warp's main loop");
        assert!(!has("release.cluster") && !has("membar") && !has("fence.acq_rel"), "{example}: a cluster- or GPU-wide fence in the MMA warp's main loop");
        assert!(has("mbarrier.try_wait") && has("tcgen05.commit"), "{example}: the stage's wait and its release");
        let tiles = mma_loops.iter().max_by_key(|b| b.len()).unwrap();
        assert!(tiles.iter().filter(|l| l.contains("tcgen05.commit")).count() >= 2, "{example}: the accumulator's commit after the k-tiles");
        assert!(divisions_in_loops(&ptx).is_empty(), "{example}: {:?}", divisions_in_loops(&ptx));
    }
}

#[test]
fn the_loop_detector_finds_a_division_in_a_loop() {
    let ptx = "\tmov.u32 \t%r1, 0;\n$L__BB0_1:\n\tdiv.u32 \t%r2, %r1, %r3;\n\t@%p1 bra \t$L__BB0_1;\n\trem.s32 \t%r4, %r1, 3;\n";
    assert_eq!(divisions_in_loops(ptx), ["div.u32 \t%r2, %r1, %r3;"]);
    assert!(divisions_in_loops("\tdiv.u32 \t%r2, %r1, %r3;\n$L__BB0_1:\n\tdiv.rn.f32 \t%f1, %f2, %f3;\n\tbra.uni \t$L__BB0_1;\n").is_empty());
}

#[test]
fn every_example_kernel_has_no_division_in_loops_and_no_spills() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let compiler = Compiler::new();
    let scratch = std::env::temp_dir().join(format!("cute-ptx-quality-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut checked = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join("examples")).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries.iter().filter(|p| p.extension().is_some_and(|e| e == "mlir")) {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let Some(chip) = chip_of(&name) else { continue };
        let ptx = compiler.compile_file(path, chip, Emit::Ptx).unwrap_or_else(|e| panic!("{name}: {e}"));
        let divisions = divisions_in_loops(&ptx);
        assert!(divisions.is_empty(), "{name} ({chip}): integer division inside a loop: {divisions:?}");
        let file = scratch.join(format!("{name}.ptx"));
        std::fs::write(&file, &ptx).unwrap();
        let out = Command::new(root.join(".venv/bin/ptxas")).arg(format!("-arch={chip}")).arg("-v").arg(&file).arg("-o").arg(scratch.join("k.cubin")).output().unwrap();
        let log = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{name}: ptxas failed: {log}");
        let spills: Vec<&str> = log.lines().filter(|l| l.contains("spill") && !l.contains("0 bytes spill stores, 0 bytes spill loads")).collect();
        assert!(log.contains("0 bytes spill stores") && spills.is_empty(), "{name} ({chip}) spills: {spills:?}\n{log}");
        checked.push(name);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(checked.len() >= 10, "only {} examples checked: {checked:?}", checked.len());
}
