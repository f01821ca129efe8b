//! Issue 28: the emulator has teeth. Faults injected into the PTX of the
//! sm80 GEMM (a correct kernel: `tests/emulator.rs`) must each be caught:
//! a synchronization fault as a hazard (whatever the schedule), a data
//! fault as a hazard or a wrong result; a warp that skips a barrier as a
//! deadlock.

use cute_emu::launch::{self, Launch, Outcome};
use cute_emu::machine::HazardKind;
use cute_mlir::{compile::Emit, Compiler};
use std::path::Path;

// Shared with tests/emulator.rs, which uses all of it; this test a part.
#[allow(dead_code)]
mod support {
    pub mod conv;
    pub mod reference;
}

/// The launch file `examples/launch/{name}.launch.json` over its first CTA
/// only (faster in debug builds), completed from the compiler's launch
/// metadata, and the kernel's PTX.
fn first_cta(name: &str) -> (Launch, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/launch/{name}.launch.json"));
    let mut l = launch::parse(&path).unwrap();
    l.grid = [1, 1, 1];
    let (ptx, info) = Compiler::new().compile_file_with_launch_info(&l.source, &l.chip, Emit::Ptx).unwrap();
    l.complete(info.kernels[0].block, info.kernels[0].dynamic_smem as usize).unwrap();
    (l, ptx)
}

fn gemm() -> (Launch, String) {
    first_cta("gemm_sm80")
}

/// `ptx` with the `nth` line containing `find` rewritten by `edit`.
fn mutate(ptx: &str, find: &str, nth: usize, edit: impl Fn(&str) -> String) -> String {
    let mut seen = 0;
    let mut done = false;
    let out: Vec<String> = ptx
        .lines()
        .map(|line| {
            if !done && line.contains(find) {
                if seen == nth {
                    done = true;
                    let edited = edit(line);
                    assert_ne!(edited, line, "the fault leaves `{line}` as it is: it would test nothing");
                    return edited;
                }
                seen += 1;
            }
            line.to_string()
        })
        .collect();
    assert!(done, "the PTX has no line {nth} with `{find}`: the fault would test nothing");
    out.join("\n")
}

/// Whether C's first `rows` x `cols` tile is A * B^T, A being M x `k` and
/// C M x `n`, both row-major (the launches' shapes).
fn first_tile_is_product(o: &Outcome, rows: usize, cols: usize, n: usize, k: usize) -> bool {
    let (a, b, c) = (&o.buffers[0], &o.buffers[1], &o.buffers[2]);
    (0..rows).all(|i| (0..cols).all(|j| c.get(i * n + j) == (0..k).map(|kk| a.get(i * k + kk) * b.get(j * k + kk)).sum::<f64>()))
}

fn correct(o: &Outcome) -> bool {
    first_tile_is_product(o, 128, 128, 384, 160)
}

fn run(l: &Launch, ptx: &str) -> Outcome {
    launch::execute(l, ptx).unwrap_or_else(|e| panic!("{e}"))
}

fn kinds(o: &Outcome) -> Vec<HazardKind> {
    o.report.hazards.iter().map(|h| h.kind).collect()
}

#[test]
fn the_unmodified_kernel_is_clean_and_correct() {
    let (l, ptx) = gemm();
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    assert!(correct(&o));
}

#[test]
fn synchronization_faults_are_hazards() {
    let (l, ptx) = gemm();
    let faults: [(&str, String, HazardKind); 4] = [
        ("a removed cp.async.wait_group", mutate(&ptx, "cp.async.wait_group", 0, |_| String::new()), HazardKind::AsyncReadBeforeWait),
        ("a wait on too few groups", mutate(&ptx, "cp.async.wait_group", 0, |l| l.replace("wait_group \t1", "wait_group \t2")), HazardKind::AsyncReadBeforeWait),
        ("a missing bar.sync between a stage's fill and its reads", mutate(&ptx, "bar.sync", 0, |_| String::new()), HazardKind::SharedRace),
        ("a missing commit", mutate(&ptx, "cp.async.commit_group", 0, |_| String::new()), HazardKind::AsyncReadBeforeWait),
    ];
    for (name, mutated, kind) in faults {
        let o = run(&l, &mutated);
        eprintln!("{name}: {:?}", kinds(&o));
        assert!(kinds(&o).contains(&kind), "{name}: expected a {kind:?} hazard, got\n{}", launch::summary(&o));
    }
}

#[test]
fn data_faults_are_reported_or_change_the_result() {
    let (l, ptx) = gemm();
    // The faults are placed by the PTX's structure, not its register
    // numbers: the first mma.sync's A fragment (the line after its D), the
    // first cp.async (A's first row chunk of stage 0: its shared and global
    // base registers), and the copies at fixed offsets from those bases.
    let lines: Vec<&str> = ptx.lines().collect();
    let mma = lines.iter().position(|l| l.contains("mma.sync.aligned")).unwrap();
    let a_fragment = lines[mma + 2].trim().to_string();
    let (r0, r1) = {
        let regs: Vec<&str> = a_fragment.trim_matches(|c| "{},".contains(c)).split(", ").collect();
        (regs[0].to_string(), regs[1].to_string())
    };
    let first_copy = lines.iter().find(|l| l.contains("cp.async.cg.shared.global [")).unwrap().trim().to_string();
    let operand = |i: usize| first_copy.split('[').nth(i).unwrap().split(']').next().unwrap().to_string();
    let (dst, src) = (operand(1), operand(2));
    // Swizzle<2,3,3>'s mask: bits 4..5 of the address XOR'd from bits 7..8.
    let swizzle_mask = lines.iter().find(|l| l.contains("and.b64") && l.ends_with(", 48;")).unwrap().trim();
    let faults: Vec<(&str, String)> = vec![
        ("swapped fragment registers", mutate(&ptx, &a_fragment, 0, |l| l.replacen(&format!("{{{r0}, {r1},"), &format!("{{{r1}, {r0},"), 1))),
        ("a wrong swizzle XOR", mutate(&ptx, swizzle_mask, 0, |l| l.replace(", 48;", ", 32;"))),
        ("an address off by a few bytes", mutate(&ptx, &format!("cp.async.cg.shared.global [{dst}+2048]"), 0, |l| l.replace("+2048]", "+2052]"))),
        ("a wrong copy size", mutate(&ptx, &first_copy, 0, |l| l.replace("cp.async.cg", "cp.async.ca").replace(", 16;", ", 8;").replace(", 16, ", ", 8, "))),
        (".trans flipped", mutate(&ptx, "ldmatrix.sync.aligned.m8n8.x4.shared.b16", 0, |l| l.replace(".x4.shared", ".x4.trans.shared"))),
        ("a wrong stage stride", mutate(&ptx, &format!("[{dst}+8192]"), 0, |l| l.replace("+8192]", "+6144]"))),
        ("a wrong k advance", mutate(&ptx, &format!("[{src}+64]"), 0, |l| l.replace(&format!("[{src}+64]"), &format!("[{src}+32]")))),
    ];
    assert!(faults.len() >= 7);
    for (name, mutated) in faults {
        let o = run(&l, &mutated);
        eprintln!("{name}: {} hazards {:?}, correct {}", o.report.hazards.len(), kinds(&o), correct(&o));
        assert!(!o.report.hazards.is_empty() || !correct(&o), "{name}: neither reported nor visible in the result");
    }
}

#[test]
fn an_access_outside_the_buffers_is_a_fault() {
    let (mut l, ptx) = gemm();
    // The kernel reads K = 160 columns of A; the buffer holds fewer rows than M says.
    if let launch::Arg::Buffer { shape, .. } = &mut l.args[0] {
        shape[0] = 64;
    }
    let o = run(&l, &ptx);
    assert!(kinds(&o).contains(&HazardKind::OutOfBounds), "{}", launch::summary(&o));
}

#[test]
fn a_warp_that_skips_a_barrier_is_a_deadlock() {
    // Two warps; the second branches around bar.sync and exits, so the
    // first waits for it forever (PTX ISA 9.7.13.1: bar.sync without a
    // count expects every thread of the CTA).
    let ptx = "
.version 7.1
.target sm_80
.address_size 64
.visible .entry skip(
	.param .u64 .ptr .global .align 1 skip_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<4>;
	mov.u32 	%r1, %tid.x;
	setp.gt.u32 	%p1, %r1, 31;
	@%p1 bra 	$L__BB0_2;
	bar.sync 	0;
$L__BB0_2:
	ret;
}
";
    let x = launch::Arg::Buffer { name: "x".into(), dtype: launch::Dtype::F32, shape: vec![1], init: launch::Init::Zeros };
    let l = Launch::new("sm_80", "skip", [1, 1, 1], [64, 1, 1], vec![x]);
    let start = std::time::Instant::now();
    let o = run(&l, ptx);
    assert!(start.elapsed().as_secs_f64() < 1.0, "the deadlock took {:?} to report", start.elapsed());
    let deadlock = o.report.hazards.iter().find(|h| h.kind == HazardKind::Deadlock).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(deadlock.message.contains("bar.sync") && deadlock.message.contains("32 exited"), "{}", deadlock.message);
}

fn correct_sm90(o: &Outcome) -> bool {
    first_tile_is_product(o, 128, 128, 384, 576)
}

#[test]
fn sm90_faults_are_caught() {
    let (l, ptx) = first_cta("gemm_sm90");
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct_sm90(&o), "{}", launch::summary(&o));
    // The main loop frees stages with mbarriers, not a CTA barrier.
    let bfes: Vec<&str> = ptx.lines().filter(|l| l.trim_start().starts_with("bfe.u32") && l.ends_with(", 2, 1;")).collect();
    assert_eq!(bfes.len(), 2, "the parities of the full (consumer) and empty (producer) waits");
    // The consumers' release of a stage (the arrive on its "empty"
    // barrier) dropped: the producer waits for it forever.
    let o = run(&l, &mutate(&ptx, "mbarrier.arrive.shared.b64", 0, |_| String::new()));
    assert!(kinds(&o).contains(&HazardKind::Deadlock), "{}", launch::summary(&o));
    // The producer's wait on the wrong parity of a stage's "empty" barrier:
    // it refills the stage while the other warpgroup's WGMMA still reads it.
    let flip = |bfe: &str| {
        let dest = bfe.split_whitespace().nth(1).unwrap().trim_end_matches(',').to_string();
        mutate(&ptx, bfe, 0, move |line| format!("{line}\n\txor.b32 \t{dest}, {dest}, 1;"))
    };
    let o = run(&l, &flip(bfes[1]));
    assert!(kinds(&o).contains(&HazardKind::SharedRace), "{}", launch::summary(&o));
    // The release before the stage's WGMMA batch is complete (two batches
    // in flight where one may be): the refill races with the WGMMA's reads.
    let o = run(&l, &mutate(&ptx, "wgmma.wait_group.sync.aligned \t1;", 0, |line| line.replace("\t1;", "\t2;")));
    assert!(kinds(&o).contains(&HazardKind::SharedRace), "{}", launch::summary(&o));
    // A tensor map swizzled otherwise than the descriptors read it.
    let mut wrong = l.clone();
    if let launch::Arg::TensorMap { swizzle, .. } = &mut wrong.args[0] {
        *swizzle = 64;
    }
    let o = run(&wrong, &ptx);
    assert!(!o.report.hazards.is_empty() || !correct_sm90(&o), "a wrong swizzle went unseen");
    // Wrong expect_tx bytes. Too many: the phase never completes, a
    // deadlock. Too few: it completes when A has landed and B has not, and
    // the WGMMA reads B's bytes unordered with the TMA: a race.
    let expect = |bytes: u32| {
        mutate(&ptx, "mbarrier.arrive.expect_tx", 0, move |line| {
            let (head, _) = line.rsplit_once(',').unwrap();
            format!("{head}, {bytes};")
        })
    };
    let o = run(&l, &expect(65536));
    let deadlock = o.report.hazards.iter().find(|h| h.kind == HazardKind::Deadlock).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    // The report names the barrier, its counts and the waiting threads.
    assert!(
        deadlock.message.contains("0 of 1 arrivals pending, 32768 transaction bytes outstanding") && deadlock.message.contains("thread 0 waits on the mbarrier at shared"),
        "{}",
        deadlock.message
    );
    let o = run(&l, &expect(16384));
    assert!(kinds(&o).contains(&HazardKind::SharedRace), "{}", launch::summary(&o));
    // Issue 36's rule: an accumulator register written after wgmma.fence
    // (the zero-fill LLVM sank past it before the pins), and one read
    // between commit and wait.
    let wgmma = ptx.lines().find(|l| l.contains("wgmma.mma_async")).unwrap();
    let acc = wgmma.split('{').nth(1).unwrap().split(',').next().unwrap().trim().to_string();
    let o = run(&l, &mutate(&ptx, "wgmma.fence.sync.aligned", 0, |line| format!("{line}\n\tmov.b32 \t{acc}, 0;")));
    let rule = o.report.hazards.iter().find(|h| h.kind == HazardKind::WgmmaRegister).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(rule.message.contains(&acc) && rule.message.contains("after the last wgmma.fence"), "{}", rule.message);
    let o = run(&l, &mutate(&ptx, "wgmma.commit_group.sync.aligned", 0, |line| format!("{line}\n\tmov.b32 \t%r1, {acc};")));
    let rule = o.report.hazards.iter().find(|h| h.kind == HazardKind::WgmmaRegister).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(rule.message.contains("before wgmma.wait_group"), "{}", rule.message);
    // No fence.proxy.async between the epilogue's shared stores (the
    // generic proxy) and the TMA store that reads them (the async proxy).
    let o = run(&l, &mutate(&ptx, "fence.proxy.async", 0, |_| String::new()));
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::ProxyFence).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("st.shared") && h.message.contains("cp.async.bulk.tensor"), "{}", h.message);
    // No cp.async.bulk.wait_group.read before the exit: the TMA store may
    // still read the C tile when the CTA's shared memory is gone.
    let o = run(&l, &mutate(&ptx, "cp.async.bulk.wait_group.read", 0, |_| String::new()));
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::AsyncReadBeforeWait).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("exits while its TMA store") && h.message.contains("cp.async.bulk.tensor.2d.global.shared::cta"), "{}", h.message);
    // The issuing thread overwrites the C tile between the store and its
    // wait: the store may read the new bytes.
    let overwrite = mutate(&ptx, "cp.async.bulk.tensor.2d.global.shared::cta", 0, |line| {
        let src = line.rsplit_once('[').unwrap().1.trim_end_matches("];");
        format!("{line}\n\tst.shared.u32 \t[{src}], %r1;")
    });
    let o = run(&l, &overwrite);
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::SharedRace).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("not yet retired by cp.async.bulk.wait_group.read"), "{}", h.message);
    // An arrival more than the stage's full barrier expects (its phase
    // still waits for the TMA bytes): a fault.
    let twice = mutate(&ptx, "mbarrier.arrive.expect_tx", 0, |line| format!("{line}\n{line}"));
    let o = run(&l, &twice);
    assert!(o.report.hazards.iter().any(|h| h.message.contains("more arrivals than the mbarrier")), "{}", launch::summary(&o));
    // A WGMMA descriptor off by one 16-byte unit.
    let o = run(&l, &mutate(&ptx, "4611686293305360384", 0, |line| line.replace("4611686293305360384", "4611686293305360385")));
    assert!(!o.report.hazards.is_empty() || !correct_sm90(&o), "a wrong descriptor went unseen");
    // ... with the wrong stride byte offset (512 bytes for 1024) ...
    let descriptor = "4611686293305360384";
    let o = run(&l, &mutate(&ptx, descriptor, 0, |line| line.replace(descriptor, &(4611686293305360384u64 - (32u64 << 32)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct_sm90(&o), "a wrong SBO went unseen");
    // ... and with no swizzle where the tiles are 128-byte swizzled.
    let o = run(&l, &mutate(&ptx, descriptor, 0, |line| line.replace(descriptor, &(4611686293305360384u64 - (1u64 << 62)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct_sm90(&o), "a wrong swizzle mode went unseen");
    // No wgmma.wait_group in the main loop: each stage is released while
    // its WGMMAs may still read it, and its refill races with them.
    let unwaited = mutate(&ptx, "wgmma.wait_group.sync.aligned \t1;", 0, |_| String::new());
    let o = run(&l, &unwaited);
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::SharedRace).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("cp.async.bulk.tensor") && h.message.contains("may still read it"), "{}", h.message);
    // No wgmma.wait_group at all: the epilogue reads accumulators still in flight.
    let o = run(&l, &mutate(&unwaited, "wgmma.wait_group.sync.aligned", 0, |_| String::new()));
    let rule = o.report.hazards.iter().find(|h| h.kind == HazardKind::WgmmaRegister).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(rule.message.contains("before wgmma.wait_group"), "{}", rule.message);
    // The consumer's wait on the wrong parity of a stage's "full" barrier: it
    // passes before the TMA loads land (or waits for a phase that never comes).
    let o = run(&l, &flip(bfes[0]));
    assert!(!o.report.hazards.is_empty() || !correct_sm90(&o), "a wrong parity went unseen");
    // A stage's mbarrier never initialized: the producer's expect_tx
    // arrives on nothing.
    let o = run(&l, &mutate(&ptx, "mbarrier.init.shared.b64 \t[__cute_dynamic_smem+196608]", 0, |_| String::new()));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("which no mbarrier.init set up")), "{}", launch::summary(&o));
}

/// The first CTA of the convolution: output pixels 0..128 (all 96 of image
/// 0 and 32 of image 1) and filters 0..128.
fn correct_conv(o: &Outcome) -> bool {
    support::conv::LAUNCH.mismatches(o, 128, 128) == 0
}

#[test]
fn conv_im2col_faults_are_caught() {
    let (l, ptx) = first_cta("conv_fprop_sm90");
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct_conv(&o), "{}", launch::summary(&o));
    let with_map = |edit: &dyn Fn(&mut Option<cute_emu::sm90::Im2col>, &mut Vec<u32>)| {
        let mut wrong = l.clone();
        let launch::Arg::TensorMap { im2col, boxes, .. } = &mut wrong.args[0] else { panic!("X is a tensor map") };
        edit(im2col, boxes);
        run(&wrong, &ptx)
    };
    // No padding in the pixel box (lower corner 0): the kernel's filter
    // base -1 lies outside it, which the ISA forbids.
    let o = with_map(&|im, _| im.as_mut().unwrap().lower = vec![0, 0]);
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::OutOfBounds).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("outside the pixel box 0..=10"), "{}", h.message);
    // A box one pixel narrower (upper corner -2): every row wraps a pixel
    // early, the tile reads other pixels.
    let o = with_map(&|im, _| im.as_mut().unwrap().upper = vec![-2, -1]);
    assert!(!o.report.hazards.is_empty() || !correct_conv(&o), "a narrower pixel box went unseen");
    // 64 pixels a column where the kernel expects 128: half the bytes the
    // stage's expect_tx announced arrive, the phase never completes.
    let o = with_map(&|_, boxes| boxes[1] = 64);
    assert!(kinds(&o).contains(&HazardKind::Deadlock), "{}", launch::summary(&o));
    // A tiled map where the im2col load needs an im2col one.
    let o = with_map(&|im, boxes| {
        *im = None;
        *boxes = vec![64, 128, 1, 1];
    });
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Unsupported).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("an im2col load through a tiled tensor map"), "{}", h.message);
    // The tap's filter offsets swapped (r for s): other taps' pixels.
    let im2col = ptx.lines().filter(|l| l.contains(".im2col.")).nth(1).unwrap().to_string();
    let offsets = im2col.rsplit_once('{').unwrap().1.trim_end_matches("};").to_string();
    let (s_off, r_off) = offsets.split_once(", ").unwrap();
    assert_ne!(s_off, r_off, "the second k-tile's taps differ in s and r: {im2col}");
    let swapped = mutate(&ptx, &im2col, 0, |line| line.replace(&offsets, &format!("{r_off}, {s_off}")));
    let o = run(&l, &swapped);
    assert!(!o.report.hazards.is_empty() || !correct_conv(&o), "swapped filter offsets went unseen");
    // The filter base at the output pixel (no padding subtracted): the
    // example's own bug before issue 30's emulator ran it.
    let first = ptx.lines().find(|l| l.contains(".im2col.")).unwrap();
    let w = first.split('{').nth(1).unwrap().split(", ").nth(1).unwrap().to_string();
    let base = mutate(&ptx, &format!("\t{w}, "), 0, |line| format!("{line}\n\tadd.s32 \t{w}, {w}, 1;"));
    let o = run(&l, &base);
    assert!(!o.report.hazards.is_empty() || !correct_conv(&o), "a filter base off by one pixel went unseen");
}

#[test]
fn wgmma_mn_major_faults_change_the_result() {
    // C = A * B with B MN-major (64 x 128, N contiguous).
    let (l, ptx) = first_cta("wgmma_mn_sm90");
    let correct = |o: &Outcome| {
        let (a, b, c) = (&o.buffers[0], &o.buffers[1], &o.buffers[2]);
        (0..64).all(|i| (0..128).all(|j| c.get(i * 128 + j) == (0..64).map(|kk| a.get(i * 64 + kk) * b.get(kk * 128 + j)).sum::<f64>()))
    };
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct(&o), "{}", launch::summary(&o));
    // B read K-major (imm-trans-b 0).
    let o = run(&l, &mutate(&ptx, "wgmma.mma_async", 0, |line| line.replace(",  1;", ",  0;")));
    assert!(!o.report.hazards.is_empty() || !correct(&o), "a B read K-major went unseen");
    // The leading byte offset (between the two 64-wide N blocks) halved.
    let lbo = 4611686293338849280u64; // 128B swizzle, SBO 1024, LBO 8192
    let o = run(&l, &mutate(&ptx, &lbo.to_string(), 0, |line| line.replace(&lbo.to_string(), &(lbo - (256 << 16)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct(&o), "a wrong leading byte offset went unseen");
}

fn correct_sm100(o: &Outcome) -> bool {
    first_tile_is_product(o, 128, 256, 512, 320)
}

#[test]
fn sm100_faults_are_caught() {
    let (l, ptx) = first_cta("gemm_sm100");
    assert!(run(&l, &ptx).report.hazards.is_empty());
    // The commit that tells the epilogue the accumulator is complete: without
    // it every thread waits on the "done" mbarrier forever.
    let o = run(&l, &mutate(&ptx, "tcgen05.commit", 1, |_| String::new()));
    assert!(kinds(&o).contains(&HazardKind::Deadlock), "{}", launch::summary(&o));
    // The TMA epilogue: the C tile written without the async-proxy fence
    // before the TMA store reads it, or without the CTA barrier that orders
    // the other threads' writes before the storing thread's store, or with
    // the store's pending reads not waited for before the CTA exits.
    let o = run(&l, &mutate(&ptx, "fence.proxy.async", 0, |_| String::new()));
    assert!(kinds(&o).contains(&HazardKind::ProxyFence), "{}", launch::summary(&o));
    let o = run(&l, &mutate(&ptx, "bar.sync", 2, |_| String::new()));
    assert!(kinds(&o).contains(&HazardKind::SharedRace), "{}", launch::summary(&o));
    let o = run(&l, &mutate(&ptx, "cp.async.bulk.wait_group.read", 0, |_| String::new()));
    assert!(kinds(&o).contains(&HazardKind::AsyncReadBeforeWait), "{}", launch::summary(&o));
    // A missing dealloc: tensor memory leaked at exit.
    let o = run(&l, &mutate(&ptx, "tcgen05.dealloc", 0, |_| String::new()));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("a missing tcgen05.dealloc")), "{}", launch::summary(&o));
    // A wrong N field in the instruction descriptor (N = 128 for 256).
    let o = run(&l, &mutate(&ptx, "mov.b32 \t%r25, 138413200;", 0, |line| line.replace("138413200", &(138413200u32 - (16 << 17)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct_sm100(&o), "a wrong N went unseen");
    // Too little dynamic shared memory for the mbarriers past the stages.
    let mut small = l.clone();
    small.dynamic_smem = Some(196608);
    assert!(kinds(&run(&small, &ptx)).contains(&HazardKind::OutOfBounds));
    // tcgen05.ld results used before tcgen05.wait::ld (what LLVM's scheduler
    // once did): the epilogue's shared stores read the loaded registers unwaited.
    let o = run(&l, &mutate(&ptx, "tcgen05.wait::ld", 0, |_| String::new()));
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::TmemRegister).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("tcgen05.ld") && h.message.contains("st.shared") && h.message.contains("before tcgen05.wait::ld"), "{}", h.message);
    // A UMMA descriptor with the wrong stride byte offset (512 bytes for 1024).
    let descriptor = "4611756662049538048";
    let o = run(&l, &mutate(&ptx, descriptor, 0, |line| line.replace(descriptor, &(4611756662049538048u64 - (32u64 << 32)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct_sm100(&o), "a wrong SBO went unseen");
    // ... and with no swizzle where the tiles are 128-byte swizzled.
    let o = run(&l, &mutate(&ptx, descriptor, 0, |line| line.replace(descriptor, &(4611756662049538048u64 - (2u64 << 61)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct_sm100(&o), "a wrong swizzle mode went unseen");
    // A wrong M field in the instruction descriptor (M = 64 for 128).
    let o = run(&l, &mutate(&ptx, "mov.b32 \t%r25, 138413200;", 0, |line| line.replace("138413200", &(138413200u32 - (4 << 24)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct_sm100(&o), "a wrong M went unseen");
    // Too many expect_tx bytes on a stage's "full" barrier: its phase never
    // completes, a deadlock.
    let o = run(&l, &mutate(&ptx, "mov.b32 \t%r13, 49152;", 0, |line| line.replace("49152", "65536")));
    assert!(kinds(&o).contains(&HazardKind::Deadlock), "{}", launch::summary(&o));
    // The accumulator's commit to the wrong barrier (a stage's "empty" one
    // instead of "done"): the epilogue waits forever.
    let o = run(&l, &mutate(&ptx, "[__cute_dynamic_smem+196672];", 0, |line| line.replace("196672", "196640")));
    assert!(kinds(&o).contains(&HazardKind::Deadlock), "{}", launch::summary(&o));
    // The epilogue's wait on the wrong parity: it passes at once (the phase
    // before the current one counts as complete) and reads the accumulator
    // before the MMAs finished.
    let o = run(&l, &mutate(&ptx, "mbarrier.try_wait.parity.shared.b64 P1, [%r29], 0,", 0, |line| line.replace("[%r29], 0,", "[%r29], 1,")));
    assert!(!o.report.hazards.is_empty() || !correct_sm100(&o), "a wrong parity went unseen");
    // The epilogue without its wait on the "done" mbarrier: its tcgen05.ld
    // reads the accumulator no observed commit completed (PTX ISA 9.7.16.6).
    let o = run(&l, &mutate(&ptx, "mbarrier.try_wait.parity.shared.b64 P1, [%r29], 0,", 0, |_| "\tmov.pred P1, 1;".to_string()));
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::TmemRace).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("tcgen05.ld") && h.message.contains("before observing the mbarrier phase its tcgen05.commit completes"), "{}", h.message);
    // An allocation that is not a power of two of at least 32 columns.
    let o = run(&l, &mutate(&ptx, "mov.b32 \t%r8, 256;", 0, |line| line.replace("256", "96")));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("tcgen05.alloc of 96 columns")), "{}", launch::summary(&o));
    // PTX ISA 9.7.16.7.1's allocation rules: no tcgen05.alloc after the CTA
    // relinquished its permit (the relinquish moved before the alloc), and
    // one .cta_group for every tcgen05 instruction of the kernel.
    let alloc = ptx.lines().find(|l| l.contains("tcgen05.alloc")).unwrap().to_string();
    let early = mutate(&mutate(&ptx, "tcgen05.relinquish_alloc_permit", 0, |_| String::new()), &alloc, 0, |line| {
        format!("\ttcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n{line}")
    });
    let o = run(&l, &early);
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("after the CTA relinquished its allocation permit"), "{}", h.message);
    // Nor may a later allocation ask for more columns than an earlier one.
    let grow = mutate(&ptx, &alloc, 0, |line| {
        let columns = line.rsplit_once(", ").unwrap().1;
        format!("{};\n{line}", line.replace(columns, "32").trim_end_matches(';'))
    });
    let o = run(&l, &grow);
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("tcgen05.alloc of 256 columns after one of 32"), "{}", h.message);
    let o = run(&l, &mutate(&ptx, "tcgen05.commit.cta_group::1", 0, |line| line.replace("cta_group::1", "cta_group::2")));
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("cta_group::2 where the kernel's earlier tcgen05 instructions use cta_group::1"), "{}", h.message);
    // A pair allocation in a CTA that has no peer (no cluster of 2).
    let o = run(&l, &mutate(&ptx, "tcgen05.alloc", 0, |line| line.replace("cta_group::1", "cta_group::2")));
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("a cta_group::2 operation in a CTA without a peer (the cluster has 1 CTA)"), "{}", h.message);
    // A double free.
    let o = run(&l, &mutate(&ptx, "tcgen05.dealloc", 0, |line| format!("{line}\n{line}")));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("frees 256 columns of tensor memory, 0 are allocated")), "{}", launch::summary(&o));
    // An epilogue that reads past its allocation (64 columns a step for 32).
    let o = run(&l, &mutate(&ptx, "add.s32 \t%r75, %r75, 32;", 0, |line| line.replace(", 32;", ", 64;")));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("outside the 256 allocated columns")), "{}", launch::summary(&o));
    // An mbarrier the kernel never initialized (the "done" barrier's init
    // removed): the commit arrives on nothing.
    let o = run(&l, &mutate(&ptx, "mbarrier.init.shared.b64 \t[__cute_dynamic_smem+196672]", 0, |_| String::new()));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("which no mbarrier.init set up")), "{}", launch::summary(&o));
}

/// The launch file `examples/launch/{name}.launch.json` whole (a cluster
/// cannot be cut to one CTA), and the kernel's PTX.
fn whole(name: &str) -> (Launch, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/launch/{name}.launch.json"));
    let mut l = launch::parse(&path).unwrap();
    let (ptx, info) = Compiler::new().compile_file_with_launch_info(&l.source, &l.chip, Emit::Ptx).unwrap();
    l.complete(info.kernels[0].block, info.kernels[0].dynamic_smem as usize).unwrap();
    (l, ptx)
}

/// Both CTAs of the s2t pair read rank 0's tile back from tensor memory.
fn correct_s2t(o: &Outcome) -> bool {
    let (tiles, out) = (o.buffers[0].bytes(), o.buffers[1].bytes());
    (0..2).all(|rank| out[rank * 4096..(rank + 1) * 4096] == tiles[..4096])
}

#[test]
fn cluster_faults_are_caught() {
    // Issue 30 item 5: faults in the CTA pair's S2T copy (a cluster of 2).
    let (l, ptx) = whole("s2t_sm100");
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct_s2t(&o), "{}", launch::summary(&o));
    let message_of = |o: &Outcome, kind: HazardKind| o.report.hazards.iter().find(|h| h.kind == kind).map(|h| h.message.clone()).unwrap_or_else(|| panic!("no {kind:?}: {}", launch::summary(o)));
    // No cluster barrier between the peer's mbarrier.init and the commit
    // that arrives on it: a hazard whatever the schedule.
    let unsynchronized = mutate(&mutate(&ptx, "barrier.cluster.arrive", 0, |_| String::new()), "barrier.cluster.wait", 0, |_| String::new());
    let m = message_of(&run(&l, &unsynchronized), HazardKind::ClusterOrder);
    assert!(m.contains("CTA rank 1") && m.contains("mbarrier.init") && m.contains("no barrier.cluster orders before it"), "{m}");
    // The wait alone removed: the arrival orders nothing for the issuer.
    assert_eq!(message_of(&run(&l, &mutate(&ptx, "barrier.cluster.wait", 0, |_| String::new())), HazardKind::ClusterOrder), m);
    // A wait with no arrival before it.
    let m = message_of(&run(&l, &mutate(&ptx, "barrier.cluster.arrive", 0, |_| String::new())), HazardKind::Undefined);
    assert!(m.contains("without a barrier.cluster.arrive before it"), "{m}");
    // A relaxed arrival releases nothing: with fence.mbarrier_init before it
    // (CUTLASS's cluster_arrive_relaxed) the init is visible, without it not.
    let relaxed = mutate(&ptx, "barrier.cluster.arrive;", 0, |line| line.replace("arrive;", "arrive.relaxed;"));
    assert!(run(&l, &relaxed).report.hazards.is_empty());
    let unfenced = mutate(&relaxed, "fence.mbarrier_init.release.cluster", 0, |_| String::new());
    message_of(&run(&l, &unfenced), HazardKind::ClusterOrder);
    // The commit to the issuer's mbarrier only (what the lowering once
    // emitted), or a mask naming one CTA of the pair: the other waits forever.
    let single = mutate(&ptx, "multicast::cluster.b64", 0, |line| line.replace(".multicast::cluster", "").rsplit_once(", ").unwrap().0.to_string() + ";");
    let o = run(&l, &single);
    let waits = |h: &&cute_emu::machine::Hazard| h.kind == HazardKind::Deadlock && h.message.contains("(cluster rank 1)") && h.message.contains("waits on the mbarrier");
    assert!(o.report.hazards.iter().any(|h| waits(&h)), "{}", launch::summary(&o));
    for mask in ["1", "2"] {
        let o = run(&l, &mutate(&ptx, "mov.b16", 0, |line| line.replace(" 3;", &format!(" {mask};"))));
        message_of(&o, HazardKind::Deadlock);
    }
    // The wait on the copy's commit removed: both CTAs read tensor memory
    // the copy wrote without observing its completion.
    let o = run(&l, &mutate(&ptx, "mbarrier.try_wait", 0, |_| "\tmov.pred P1, 1;".to_string()));
    assert!(kinds(&o).contains(&HazardKind::TmemRace), "{}", launch::summary(&o));
    // A cta_group::1 copy in a kernel of cta_group::2.
    let m = message_of(&run(&l, &mutate(&ptx, "tcgen05.cp.cta_group::2", 0, |line| line.replace("::2", "::1"))), HazardKind::Undefined);
    assert!(m.contains("cta_group::1 where the kernel's earlier tcgen05 instructions use cta_group::2"), "{m}");
    // The copy's descriptor without its 32-byte swizzle, or with half its
    // stride byte offset: the tile lands permuted.
    let descriptor: i64 = -4611615580963667968;
    for wrong in [descriptor & !(7 << 61), descriptor - (8 << 32)] {
        let o = run(&l, &mutate(&ptx, &descriptor.to_string(), 0, |line| line.replace(&descriptor.to_string(), &wrong.to_string())));
        assert!(!o.report.hazards.is_empty() || !correct_s2t(&o), "descriptor {wrong:#x} went unseen");
    }
    // A copy into columns past the pair's 32.
    let past = mutate(&ptx, "tcgen05.cp.cta_group::2", 0, |line| {
        let register = line.split('[').nth(1).unwrap().split(']').next().unwrap().to_string();
        format!("\tadd.s32 \t{register}, {register}, 30;\n{line}")
    });
    let m = message_of(&run(&l, &past), HazardKind::OutOfBounds);
    assert!(m.contains("columns 30..38") && m.contains("outside its 32 allocated columns"), "{m}");
    // No dealloc: both CTAs leak their columns.
    let o = run(&l, &mutate(&ptx, "tcgen05.dealloc", 0, |_| String::new()));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("a missing tcgen05.dealloc") && h.count == 2), "{}", launch::summary(&o));
}

#[test]
fn tma_multicast_faults_are_caught() {
    // Issue 30 item 5: faults in the multicast TMA copy of a 2x1 cluster.
    let (l, ptx) = whole("tma_multicast_sm90");
    let copied = |o: &Outcome| {
        let (input, out) = (&o.buffers[0], &o.buffers[1]);
        (0..512 * 128).all(|i| out.get(i) == input.get((i / 128 / 128 / 2 * 128 + i / 128 % 128) * 128 + i % 128))
    };
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && copied(&o), "{}", launch::summary(&o));
    // No cluster barrier: the peer's load completes bytes on an mbarrier
    // whose init nothing orders before it.
    let unsynchronized = mutate(&mutate(&ptx, "barrier.cluster.arrive", 0, |_| String::new()), "barrier.cluster.wait", 0, |_| String::new());
    let o = run(&l, &unsynchronized);
    assert!(kinds(&o).contains(&HazardKind::ClusterOrder), "{}", launch::summary(&o));
    // A mask naming only rank 0: rank 1 never receives a byte and waits
    // forever; rank 0 receives both halves.
    let o = run(&l, &mutate(&ptx, "mov.b16", 0, |line| line.replace(" 3;", " 1;")));
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Deadlock && h.message.contains("(cluster rank 1)")), "{}", launch::summary(&o));
    // No multicast: each CTA gets its own half only, the mbarrier waits for
    // the other 8 KiB forever.
    let single = mutate(&ptx, ".multicast::cluster", 0, |line| line.replace(".multicast::cluster", "").replace(", %rs1;", ";"));
    assert!(kinds(&run(&l, &single)).contains(&HazardKind::Deadlock));
    // Half the expected bytes: the phase completes on the CTA's own half and
    // the tile is stored before the peer's half lands.
    let o = run(&l, &mutate(&ptx, "mov.b32 \t%r13, 16384;", 0, |line| line.replace("16384", "8192")));
    assert!(!o.report.hazards.is_empty() || !copied(&o), "too few expect_tx bytes went unseen");
    // The store without the wait on the mbarrier: it reads what the TMA
    // loads write, unordered.
    let o = run(&l, &mutate(&ptx, "mbarrier.try_wait", 1, |_| "\tmov.pred P1, 1;".to_string()));
    assert!(!o.report.hazards.is_empty() || !copied(&o), "a store before the wait went unseen");
}

#[test]
fn cta_pair_umma_faults_are_caught() {
    // Issue 30 item 5: faults in the CTA-pair GEMM (tcgen05.mma.cta_group::2).
    let (l, ptx) = whole("gemm_2sm_sm100");
    let correct = |o: &Outcome| first_tile_is_product(o, 256, 256, 512, 192);
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct(&o), "{}", launch::summary(&o));
    // No cluster barrier: the commit arrives on the peer's mbarrier with
    // nothing ordering its init, and the even CTA reads the odd one's tiles
    // before they are written.
    let unsynchronized = mutate(&mutate(&ptx, "barrier.cluster.arrive", 0, |_| String::new()), "barrier.cluster.wait", 0, |_| String::new());
    let o = run(&l, &unsynchronized);
    assert!(kinds(&o).contains(&HazardKind::ClusterOrder), "{}", launch::summary(&o));
    // The tiles written without fence.proxy.async before the UMMA reads them
    // (in the issuer's CTA and in its peer's).
    let o = run(&l, &mutate(&ptx, "fence.proxy.async", 0, |_| String::new()));
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::ProxyFence), "{}", launch::summary(&o));
    // The commit to the issuer's mbarrier only: the odd CTA waits forever.
    let o = run(&l, &mutate(&ptx, "mov.b16", 0, |line| line.replace(" 3;", " 1;")));
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Deadlock && h.message.contains("(cluster rank 1)")), "{}", launch::summary(&o));
    // No wait for the k-tile's UMMAs: the next k-tile's copies overwrite the
    // tiles they read.
    let o = run(&l, &mutate(&ptx, "mbarrier.try_wait", 0, |_| "\tmov.pred P1, 1;".to_string()));
    assert!(!o.report.hazards.is_empty() || !correct(&o), "a missing wait went unseen");
    // A wrong N (128 for 256) in the instruction descriptor: half the
    // columns never computed.
    let o = run(&l, &mutate(&ptx, "272630928", 0, |line| line.replace("272630928", &(272630928u32 - (16 << 17)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct(&o), "a wrong N went unseen");
    // A wrong SBO in A's and B's descriptors (512 bytes for 1024).
    let descriptor = "4611756662049538048";
    let o = run(&l, &mutate(&ptx, descriptor, 0, |line| line.replace(descriptor, &(4611756662049538048u64 - (32u64 << 32)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct(&o), "a wrong SBO went unseen");
    // One UMMA of cta_group::1 in a cta_group::2 kernel.
    let o = run(&l, &mutate(&ptx, "tcgen05.mma.cta_group::2", 1, |line| line.replace("cta_group::2", "cta_group::1")));
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Undefined && h.message.contains("cta_group::1 where")), "{}", launch::summary(&o));
    // No dealloc: both CTAs of every pair leak their 256 columns.
    let o = run(&l, &mutate(&ptx, "tcgen05.dealloc", 0, |_| String::new()));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("a missing tcgen05.dealloc")), "{}", launch::summary(&o));
}

#[test]
fn block_scale_faults_change_the_result() {
    // Issue 30 item 6: faults in the block-scaled MMA's scale operands
    // (gemm_blockscaled_sm120, first CTA: C's 32 x 16 tile).
    let (l, ptx) = first_cta("gemm_blockscaled_sm120");
    let correct = |o: &Outcome| {
        let (a, b, sfa, sfb, c) = (&o.buffers[0], &o.buffers[1], &o.buffers[2], &o.buffers[3], &o.buffers[4]);
        let scale = |byte: f64| 2f64.powi(byte as i32 - 127);
        (0..32).all(|i| (0..16).all(|j| c.get(i * 48 + j) == (0..96).map(|k| scale(sfa.get(i * 3 + k / 32)) * a.get(i * 96 + k) * scale(sfb.get(j * 3 + k / 32)) * b.get(j * 96 + k)).sum::<f64>()))
    };
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct(&o), "{}", launch::summary(&o));
    let mma = ptx.lines().find(|line| line.contains("block_scale")).unwrap().to_string();
    let wrong: Vec<(&str, String)> = vec![
        // byte-id 1 and thread-id 1: the scales read from the registers' second bytes.
        ("byte-id 1", mutate(&ptx, "mov.b16", 0, |line| line.replace(" 0;", " 1;"))),
        // Two scales a row (scale_vec::2X): the second half of each K block
        // scaled by the register's next byte.
        ("scale_vec::2X", mutate(&ptx, &mma, 0, |line| line.replace("scale_vec::1X", "scale_vec::2X"))),
        // The scales read as ue4m3.
        ("ue4m3 scales", mutate(&ptx, &mma, 0, |line| line.replace("ue8m0", "ue4m3"))),
        // A's scales from B's register and B's from A's.
        ("swapped scale registers", {
            let lines: Vec<&str> = ptx.lines().collect();
            let at = lines.iter().position(|line| *line == mma).unwrap();
            let (sa, sb) = (lines[at + 5].to_string(), lines[at + 6].to_string());
            let ra = sa.trim().split(',').next().unwrap().to_string();
            let rb = sb.trim().split(',').next().unwrap().to_string();
            mutate(&mutate(&ptx, &sa, 0, |line| line.replacen(&ra, &rb, 1)), &sb, 0, |line| line.replacen(&rb, &ra, 1))
        }),
    ];
    for (what, faulty) in wrong {
        let o = run(&l, &faulty);
        assert!(!o.report.hazards.is_empty() || !correct(&o), "{what} went unseen");
    }
    // thread-id 2 (A's scales come from a pair of the quad: 0 or 1).
    let o = run(&l, &mutate(&ptx, "mov.b16", 0, |line| line.replace(" 0;", " 2;")));
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Undefined && h.message.contains("thread-id-a 2")), "{}", launch::summary(&o));
}

#[test]
fn wgmma_fp8_faults_are_caught() {
    // Issue 30 item 3: faults in the FP8 WGMMA tile (wgmma_fp8_sm90).
    let (l, ptx) = first_cta("wgmma_fp8_sm90");
    let correct = |o: &Outcome| first_tile_is_product(o, 64, 128, 128, 128);
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct(&o), "{}", launch::summary(&o));
    // The inputs read as e5m2, and a descriptor with half its SBO.
    let o = run(&l, &ptx.replace(".e4m3.e4m3", ".e5m2.e5m2"));
    assert!(!o.report.hazards.is_empty() || !correct(&o), "e5m2 for e4m3 went unseen");
    let descriptor: u64 = 4611686293305360384;
    let o = run(&l, &mutate(&ptx, &descriptor.to_string(), 0, |line| line.replace(&descriptor.to_string(), &(descriptor - (32u64 << 32)).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct(&o), "a wrong SBO went unseen");
    // No async-proxy fence after the tiles' generic writes; no wait for the
    // WGMMAs before the accumulators are stored.
    let o = run(&l, &mutate(&ptx, "fence.proxy.async", 0, |_| String::new()));
    assert!(kinds(&o).contains(&HazardKind::ProxyFence), "{}", launch::summary(&o));
    let o = run(&l, &mutate(&ptx, "wgmma.wait_group", 0, |_| String::new()));
    assert!(kinds(&o).contains(&HazardKind::WgmmaRegister), "{}", launch::summary(&o));
}

/// Whether C's first 128 x 128 tile is the block-scaled product of
/// `gemm_blockscaled_sm100`'s launch (M = N = 256, K = 640).
fn correct_blockscaled_sm100(o: &Outcome) -> bool {
    support::reference::block_scaled_errors(o, 128, 128, 256, 640) == 0
}

#[test]
fn blockscaled_umma_faults_are_caught() {
    // Issue 30 item 4: tcgen05.mma.kind::mxf8f6f4.block_scale, its scale
    // factors in tensor memory (PTX ISA 9.7.16.10.7).
    let (l, ptx) = first_cta("gemm_blockscaled_sm100");
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty() && correct_blockscaled_sm100(&o), "{}", launch::summary(&o));
    let idesc = "144703488"; // 0x08a00000: M 128, N 128, e4m3 x e4m3, UE8M0 scales
    // Scale factor A ID 1 (bits 29-30): byte 1 of the words, where the
    // kernel wrote none.
    let o = run(&l, &mutate(&ptx, idesc, 0, |line| line.replace(idesc, &(144703488u32 | 1 << 29).to_string())));
    assert!(!o.report.hazards.is_empty() || !correct_blockscaled_sm100(&o), "a wrong scale-factor ID went unseen");
    // The scale type bit cleared (UE4M3, which mxf8f6f4 does not take).
    let o = run(&l, &mutate(&ptx, idesc, 0, |line| line.replace(idesc, &(144703488u32 & !(1 << 23)).to_string())));
    assert!(kinds(&o).contains(&HazardKind::Undefined), "{}", launch::summary(&o));
    // A reserved bit set.
    let o = run(&l, &mutate(&ptx, idesc, 0, |line| line.replace(idesc, &(144703488u32 | 1 << 6).to_string())));
    assert!(kinds(&o).contains(&HazardKind::Undefined), "{}", launch::summary(&o));
    // A's and B's scale-factor addresses swapped in the first UMMA.
    let o = run(&l, &mutate(&ptx, "tcgen05.mma", 0, |line| {
        // `[d], a-desc, b-desc, idesc, [scale-A], [scale-B], enable-input-d;`
        let mut operands: Vec<&str> = line.split(", ").collect();
        let n = operands.len();
        operands.swap(n - 3, n - 2);
        operands.join(", ")
    }));
    assert!(!o.report.hazards.is_empty() || !correct_blockscaled_sm100(&o), "swapped scale factors went unseen");
    // A's scale factors never written to tensor memory (the first tcgen05.st).
    let o = run(&l, &mutate(&ptx, "tcgen05.st.sync", 0, |_| String::new()));
    assert!(!o.report.hazards.is_empty() || !correct_blockscaled_sm100(&o), "unwritten scale factors went unseen");
}

#[test]
fn sparse_umma_faults_are_caught() {
    // Issue 30 item 4: tcgen05.mma.sp.kind::f16, A's places from the
    // metadata in tensor memory (PTX ISA 9.7.16.10.8).
    let (l, ptx) = first_cta("gemm_sparse_sm100");
    let o = run(&l, &ptx);
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    let idesc = "136314900"; // 0x08200014: M 128, N 128, f16, f32 D, sparse
    // The sparsity bit cleared: a dense descriptor for a sparse MMA.
    let o = run(&l, &mutate(&ptx, idesc, 0, |line| line.replace(idesc, &(136314900u32 & !(1 << 2)).to_string())));
    assert!(kinds(&o).contains(&HazardKind::Undefined), "{}", launch::summary(&o));
    // The metadata never written (the tcgen05.st): zero nibbles name one
    // element twice, which the ISA leaves undefined.
    let o = run(&l, &mutate(&ptx, "tcgen05.st.sync", 0, |_| String::new()));
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Undefined && h.message.contains("sparsity metadata")), "{}", launch::summary(&o));
    // The second UMMA of a k-tile on the first one's metadata column
    // (`[d], a-desc, b-desc, [sp-meta], idesc, enable-input-d`).
    let first_meta = ptx.lines().find(|l| l.contains("tcgen05.mma.sp")).and_then(|l| l.split(", ").nth(3)).expect("a sparse UMMA").to_string();
    let o = run(&l, &mutate(&ptx, "tcgen05.mma.sp", 1, |line| {
        let mut operands: Vec<&str> = line.split(", ").collect();
        operands[3] = &first_meta;
        operands.join(", ")
    }));
    let (c, n) = (&o.buffers[2], 256);
    let changed = !o.report.hazards.is_empty() || {
        // Compare with the unmodified run's C tile.
        let good = run(&l, &ptx);
        (0..128).any(|i| (0..128).any(|j| c.get(i * n + j) != good.buffers[2].get(i * n + j)))
    };
    assert!(changed, "the wrong metadata column went unseen");
}

#[test]
fn an_instruction_missing_an_operand_is_reported_never_a_panic() {
    // Hand-edited PTX is input like any other: every distinct instruction
    // of four kernels (SM80, SM90, SM100), its last operand removed, is a
    // refusal or a hazard, never an index out of bounds.
    for name in ["sgemm_sm80", "tma_copy_sm90", "wgmma_sm90", "gemm_sparse_sm100"] {
        let (l, ptx) = first_cta(name);
        let mut seen = std::collections::BTreeSet::new();
        for (i, line) in ptx.lines().enumerate() {
            let code = line.trim();
            let Some((opcode, rest)) = code.split_once(|c: char| c.is_whitespace()) else { continue };
            if opcode.starts_with('.') || opcode.starts_with("//") || !rest.trim_end().ends_with(';') || !rest.contains(',') || !seen.insert(opcode.to_string()) {
                continue;
            }
            let cut = rest.rfind(',').unwrap();
            let broken_line = format!("\t{opcode} {};", &rest[..cut]);
            let broken: String = ptx.lines().enumerate().map(|(j, l)| if j == i { broken_line.clone() } else { l.to_string() } + "\n").collect();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| launch::execute(&l, &broken)));
            assert!(outcome.is_ok(), "{name}: `{broken_line}` panicked the emulator");
        }
        assert!(seen.len() > 10, "{name}: {} distinct instructions", seen.len());
    }
}
