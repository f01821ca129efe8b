//! Issue 28: the kernels run in the PTX emulator (cute-emu) through the
//! launch files beside the examples, and give exactly what a host
//! reference computes (small integers: every sum is exact).

use cute_emu::launch::{self, Launch, Outcome};
use cute_mlir::{compile::Emit, Compiler};
use std::path::Path;

mod support {
    pub mod conv;
    pub mod launch;
    pub mod fp4;
    pub mod reference;
}
use support::launch::{example_launch, prepare};
use support::fp4::{fp4_errors, nvfp4_errors};
use support::reference::block_scaled_errors;

/// Parses, compiles and runs a launch file; no hazard may be reported.
fn run(path: &Path) -> Outcome {
    let (l, ptx) = prepare(path);
    let outcome = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(outcome.report.hazards.is_empty(), "{}", launch::summary(&outcome));
    outcome
}

fn buffer<'a>(o: &'a Outcome, name: &str) -> &'a launch::Output {
    o.buffers.iter().find(|b| b.name == name).unwrap()
}

#[test]
fn copy_sm80_copies_every_element() {
    let o = run(&example_launch("copy_sm80"));
    let (src, dst) = (buffer(&o, "src"), buffer(&o, "dst"));
    assert_eq!(src.bytes(), dst.bytes());
    assert!((0..src.shape.iter().product()).any(|i| src.get(i) != 0.0), "the input is not all zeros");
}

#[test]
fn copy_if_sm80_predicates_the_ragged_edges() {
    // Issue 31 item 1 (sm80, first step): CuTe's copy_if. Out-of-bounds
    // 16-byte chunks are zero-filled by the predicated cp.async (the shared
    // row was filled with 7s first) and not stored by the predicated
    // universal copy, at M = 1, a tile + 1, the launch file's 50 x 40 and a
    // full tile (N a multiple of 8).
    let (base, ptx) = prepare(&example_launch("copy_if_sm80"));
    for (m, n) in [(50usize, 40usize), (1, 8), (33, 64), (64, 56)] {
        let mut l = base.clone();
        let rows = m.div_ceil(32);
        l.grid = [rows as u32, 1, 1];
        for (arg, dims) in l.args.iter_mut().zip([[m, n], [32 * rows, 64], [m, n]]) {
            let launch::Arg::Buffer { shape, .. } = arg else { panic!("src, tile, dst are buffers") };
            *shape = dims.to_vec();
        }
        l.args[3] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: m as f64 };
        l.args[4] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: n as f64 };
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "{m}x{n}: {}", launch::summary(&o));
        let (src, tile, dst) = (buffer(&o, "src"), buffer(&o, "tile"), buffer(&o, "dst"));
        for r in 0..32 * rows {
            for c in 0..64 {
                let want = if r < m && c < n { src.get(r * n + c) } else { 0.0 };
                assert_eq!(tile.get(r * 64 + c), want, "{m}x{n}: tile ({r}, {c})");
            }
        }
        assert_eq!(src.bytes(), dst.bytes(), "{m}x{n}: dst");
        assert!((0..m * n).any(|i| src.get(i) != 0.0), "the input is not all zeros");
    }
    // Without the store's predicate, the chunks past N land on the next row
    // and the last row's past the end of dst.
    let source = std::fs::read_to_string(&base.source).unwrap();
    let unpredicated = source.replace("cute.copy %uc, %sR8, %gD8 pred(%pred : !pv)", "cute.copy %uc, %sR8, %gD8");
    assert_ne!(source, unpredicated);
    let ptx = Compiler::new().compile(&unpredicated, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
    let o = launch::execute(&base, &ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("outside every buffer")), "{}", launch::summary(&o));
    // Without the cp.async's predicate, the rows past M are read past src.
    let unpredicated = source.replace("cute.copy %cp, %gS8, %sR8 pred(%pred : !pv)", "cute.copy %cp, %gS8, %sR8");
    assert_ne!(source, unpredicated);
    let ptx = Compiler::new().compile(&unpredicated, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
    let o = launch::execute(&base, &ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.message.contains("outside every buffer")), "{}", launch::summary(&o));
}

/// C = A * B^T over the buffers' shapes: `a[m][k]` at `a_index(m, k)`.
fn check_gemm(o: &Outcome, m: usize, n: usize, k: usize, a_at: impl Fn(usize, usize) -> usize, b_at: impl Fn(usize, usize) -> usize, c_at: impl Fn(usize, usize) -> usize) {
    let (a, b, c) = (buffer(o, "A"), buffer(o, "B"), buffer(o, "C"));
    let mut wrong = 0;
    for i in 0..m {
        for j in 0..n {
            let want: f64 = (0..k).map(|kk| a.get(a_at(i, kk)) * b.get(b_at(j, kk))).sum();
            let got = c.get(c_at(i, j));
            if got != want {
                if wrong == 0 {
                    eprintln!("first difference: C[{i}][{j}] = {got}, want {want}");
                }
                wrong += 1;
            }
        }
    }
    assert_eq!(wrong, 0, "{wrong} of {} elements of C differ", m * n);
}

#[test]
fn gemm_sm80_computes_a_times_b_transposed() {
    // 256 x 384 x 160: 2 x 3 CTAs of 128 x 128, 5 k-tiles of 32 through a
    // 3-stage cp.async pipeline; A, B K-major, C row-major.
    let o = run(&example_launch("gemm_sm80"));
    let (m, n, k) = (256, 384, 160);
    check_gemm(&o, m, n, k, |i, kk| i * k + kk, |j, kk| j * k + kk, |i, j| i * n + j);
}

#[test]
fn gemm_sm80_takes_any_m_n_k_through_predicated_copies() {
    // Issue 31 item 1 (sm80): CuTe's predication. Identity tensors
    // partitioned like A, B and C give each thread its coordinates; the
    // residue k-tile is k-tile 0 (A and B viewed from before their start,
    // its chunks before column 0 zero-filled), the rows past M or N are
    // zero-filled by predicated cp.async, and only in-bounds pairs of C are
    // stored. M = 1, a tile + 1, a prime M and N, K = 8 and a residue of 8,
    // 16 and 24; no hazard (no read or write past any buffer).
    let (base, ptx) = prepare(&example_launch("gemm_sm80"));
    for (m, n, k) in [(1usize, 4usize, 8usize), (129, 132, 72), (131, 260, 136), (200, 300, 200), (127, 131 * 4, 40)] {
        let mut l = base.clone();
        l.grid = [m.div_ceil(128) as u32, n.div_ceil(128) as u32, 1];
        for (arg, dims) in l.args.iter_mut().zip([[m, k], [n, k], [m, n]]) {
            let launch::Arg::Buffer { shape, .. } = arg else { panic!("A, B, C are buffers") };
            *shape = dims.to_vec();
        }
        for (i, v) in [(3, m), (4, n), (5, k)] {
            l.args[i] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: v as f64 };
        }
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "gemm_sm80 {m}x{n}x{k}: {}", launch::summary(&o));
        check_gemm(&o, m, n, k, |i, kk| i * k + kk, |j, kk| j * k + kk, |i, j| i * n + j);
    }
    // Each predicate is needed: without the residue's (k-tile 0 loaded with
    // the row predicate only), without the main loop's, or without the
    // epilogue's, memory outside A, B or C is read or written.
    let source = std::fs::read_to_string(&base.source).unwrap();
    let mut shape = base.clone();
    let (m, n, k) = (129usize, 132usize, 72usize);
    shape.grid = [2, 2, 1];
    for (arg, dims) in shape.args.iter_mut().zip([[m, k], [n, k], [m, n]]) {
        let launch::Arg::Buffer { shape, .. } = arg else { panic!("A, B, C are buffers") };
        *shape = dims.to_vec();
    }
    for (i, v) in [(3, m), (4, n), (5, k)] {
        shape.args[i] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: v as f64 };
    }
    for (from, to) in [
        ("cute.copy %g2s, %a_src0, %a_dst0 pred(%pA0 : !pv4)", "cute.copy %g2s, %a_src0, %a_dst0 pred(%pAm : !pv4)"),
        ("cute.copy %g2s, %b_src, %b_dst pred(%pBm : !pv4)", "cute.copy %g2s, %b_src, %b_dst"),
        ("%gC2 pred(%predC : !pv64)", "%gC2"),
    ] {
        let broken = source.replace(from, to);
        assert_ne!(source, broken, "{from}");
        let ptx = Compiler::new().compile(&broken, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
        let o = launch::execute(&shape, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.iter().any(|h| h.message.contains("outside every buffer")), "without {from}: {}", launch::summary(&o));
    }
}

#[test]
fn a_launch_may_run_a_chosen_subset_of_ctas() {
    // Issue 35 item 4: `"ctas"` runs only the CTAs named (here the last of
    // the 2 x 3 grid and the first), so the far corner of a grid too large
    // to emulate whole can be checked. Their tiles of C are exact; every
    // other tile is untouched.
    let (mut l, ptx) = prepare(&example_launch("gemm_sm80"));
    l.ctas = Some(vec![[1, 2, 0], [0, 0, 0]]);
    let o = launch::execute(&l, &ptx).unwrap();
    assert!(o.report.hazards.is_empty() && o.report.ctas == 2, "{}", launch::summary(&o));
    let (m, n, k) = (256, 384, 160);
    let (a, b, c) = (buffer(&o, "A"), buffer(&o, "B"), buffer(&o, "C"));
    for i in 0..m {
        for j in 0..n {
            let ran = (i / 128, j / 128) == (1, 2) || (i / 128, j / 128) == (0, 0);
            let want = if ran { (0..k).map(|kk| a.get(i * k + kk) * b.get(j * k + kk)).sum() } else { 0.0 };
            assert_eq!(c.get(i * n + j), want, "C[{i}][{j}] (CTA ran: {ran})");
        }
    }
}

/// GELU's tanh form as the examples compute it: each f32 operation rounded
/// (the kernels' mul.rn / add.rn, in their order), tanh correctly rounded
/// (the emulator's tanh.approx.f32).
fn gelu_tanh(x: f32) -> f32 {
    let inner = x + 0.044715f32 * (x * x * x);
    let th = f64::from(0.797_884_6_f32 * inner).tanh() as f32;
    0.5f32 * x * (1.0f32 + th)
}

/// D = bf16(act(2 * A B^T - 3 * C + bias[n])) of the epilogue examples
/// (`bias` names the bias buffer), act 0 ReLU, 1 GELU's tanh form: the host
/// computes in f32 in the kernels' order and rounds to bf16 to nearest
/// even. Asserts that every element of D is that; returns how many
/// pre-activation values were not positive.
fn check_epilogue(o: &Outcome, bias: &str, (m, n, k): (usize, usize, usize), act: i32) -> usize {
    let (a, b, c, bias, d) = (buffer(o, "A"), buffer(o, "B"), buffer(o, "C"), buffer(o, bias), buffer(o, "D"));
    let (alpha, beta) = (2f32, -3f32);
    let (mut wrong, mut clipped) = (0, 0);
    for i in 0..m {
        for j in 0..n {
            let acc: f32 = (0..k).map(|kk| (a.get(i * k + kk) * b.get(j * k + kk)) as f32).sum();
            let x = alpha * acc + beta * c.get(i * n + j) as f32 + bias.get(j) as f32;
            clipped += usize::from(x <= 0.0);
            let y = if act == 0 { x.max(0.0) } else { gelu_tanh(x) };
            if d.get(i * n + j) != f64::from(half::bf16::from_f32(y).to_f32()) {
                if wrong < 12 {
                    eprintln!("act {act}: D[{i}][{j}] = {}, want {y} (pre-activation {x})", d.get(i * n + j));
                }
                wrong += 1;
            }
        }
    }
    assert_eq!(wrong, 0, "{m}x{n}x{k}, act {act}: {wrong} of {} elements of D differ", m * n);
    clipped
}

#[test]
fn gemm_epilogue_sm80_computes_the_fused_epilogue_in_bf16() {
    // Issue 31: the users' epilogue on the accumulator fragment (cute.load_vec
    // / store_vec, f32 arithmetic on vectors, bf16 conversion):
    // D = bf16(act(alpha * A B^T + beta * C + bias[n])), alpha 2, beta -3,
    // act ReLU (the launch file) or GELU's tanh form (its last argument 1).
    // The host reference computes in f32, one rounding per operation as the
    // kernel's mul.rn / add.rn (exact for these small integers up to the
    // activation), tanh correctly rounded (the emulator's tanh.approx.f32;
    // a GPU's is within the ISA's 2^-10.987), and rounds to bf16 to nearest
    // even, as cvt.rn.bf16x2.f32 does.
    let (base, ptx) = prepare(&example_launch("gemm_epilogue_sm80"));
    for act in [0, 1] {
        let mut l = base.clone();
        l.args[10] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: f64::from(act) };
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
        let (m, n, k) = (256, 384, 96);
        let clipped = check_epilogue(&o, "Bias", (m, n, k), act);
        // The inputs exercise both sides of the activation and bf16's
        // rounding above 256.
        assert!(clipped > m * n / 10 && clipped < m * n * 9 / 10, "{clipped} of {} clipped", m * n);
    }
}

#[test]
fn gemm_epilogue_sm100_computes_the_fused_epilogue_at_ragged_shapes() {
    // Issue 31 item 2 on sm100: D = bf16(act(alpha * A B^T + beta * C +
    // bias[n])), alpha 2, beta -3, computed on each thread's accumulator row
    // (tcgen05.ld, vector ops, bf16) and stored through a swizzled shared
    // tile by TMA; C comes in by TMA after the main loop (over B's stages),
    // the bias tile by a rank-1 TMA load; at the launch file's ragged shape
    // and two more (M = 1; a tile + 1 in M, N past two 256-wide tiles), and
    // GELU's tanh form (the last argument 1) at the launch file's shape.
    let (base, ptx) = prepare(&example_launch("gemm_epilogue_sm100"));
    for (m, n, k, act) in [(200usize, 264usize, 136usize, 0), (1, 8, 8, 0), (129, 520, 72, 0), (200, 264, 136, 1)] {
        let mut l = base.clone();
        l.args[8] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: f64::from(act) };
        l.grid = [m.div_ceil(128) as u32, n.div_ceil(256) as u32, 1];
        for (arg, dims) in l.args.iter_mut().zip([vec![m, k], vec![n, k], vec![m, n], vec![n], vec![m, n]]) {
            let launch::Arg::TensorMap { shape, .. } = arg else { panic!("A, B, C, bias, D are tensor maps") };
            *shape = dims;
        }
        l.args[5] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: k as f64 };
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "{m}x{n}x{k}: {}", launch::summary(&o));
        let clipped = check_epilogue(&o, "bias", (m, n, k), act);
        assert!(m * n < 64 || (clipped > 0 && clipped < m * n), "{m}x{n}x{k}: both sides of the ReLU");
    }
    // Without the wait on C's mbarrier the epilogue reads the tile before
    // the TMA has written it.
    let source = std::fs::read_to_string(&base.source).unwrap();
    let broken = source.replace("cute_nvgpu.arch.mbarrier.wait %c_bar, %zero_i32 : !Bar", "");
    assert_ne!(source, broken);
    let ptx = Compiler::new().compile(&broken, "sm_100a", Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
    let o = launch::execute(&base, &ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(!o.report.hazards.is_empty(), "C read before its TMA load completed went unseen: {}", launch::summary(&o));
}

#[test]
fn gemm_epilogue_sm90_computes_the_fused_epilogue_at_ragged_shapes() {
    // Issue 31 item 2 on sm90: D = bf16(relu(alpha * A B^T + beta * C +
    // bias[n])), alpha 2, beta -3, on register fragments partitioned by the
    // tiled MMA like the WGMMA accumulators; C and the bias come in by TMA
    // (zeros past M and N), D goes out through a swizzled shared tile and a
    // TMA store (clipped). The launch file's 200x296x136, M = 1, a tile + 1
    // and a prime M; the host rounds to bf16 to nearest even.
    // GELU's tanh form (the last argument 1) at two of the shapes, against
    // the host's per-operation f32 rounding (tanh correctly rounded, as the
    // emulator's tanh.approx.f32).
    let (base, ptx) = prepare(&example_launch("gemm_epilogue_sm90"));
    for (m, n, k, act) in [(200usize, 296usize, 136usize, 0), (1, 8, 8, 0), (129, 136, 72, 0), (131, 264, 200, 0), (200, 296, 136, 1), (129, 136, 72, 1)] {
        let mut l = base.clone();
        l.args[8] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: f64::from(act) };
        l.grid = [m.div_ceil(128) as u32, n.div_ceil(128) as u32, 1];
        for (arg, dims) in l.args.iter_mut().zip([vec![m, k], vec![n, k], vec![m, n], vec![n], vec![m, n]]) {
            let launch::Arg::TensorMap { shape, .. } = arg else { panic!("A, B, C, bias, D are tensor maps") };
            *shape = dims;
        }
        l.args[5] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: k as f64 };
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "{m}x{n}x{k}: {}", launch::summary(&o));
        let clipped = check_epilogue(&o, "bias", (m, n, k), act);
        assert!(m * n < 64 || (clipped > 0 && clipped < m * n), "{m}x{n}x{k}: both sides of the ReLU");
    }
    // Teeth: C read before its TMA load is observed complete, and D stored
    // by TMA without the async-proxy fence, are each reported.
    let source = std::fs::read_to_string(&base.source).unwrap();
    for (what, from, to) in [
        ("no wait for C", "    cute_nvgpu.arch.mbarrier.wait %epi_bar, %zero_i32 : !Bar\n", ""),
        ("no proxy fence", "    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}\n    gpu.barrier\n    scf.if %leader {\n      %d_tma_l", "    gpu.barrier\n    scf.if %leader {\n      %d_tma_l"),
    ] {
        let faulty = source.replace(from, to);
        assert_ne!(faulty, source, "{what}: the fault is injected");
        let ptx = Compiler::new().compile(&faulty, "sm_90a", Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
        let o = launch::execute(&base, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(!o.report.hazards.is_empty(), "{what}: no hazard reported");
    }
}

#[test]
fn gemm_sm90_computes_a_times_b_transposed() {
    // Issue 30 (first part): the Hopper GEMM, TMA loads on mbarriers, WGMMA
    // from swizzled shared memory, a TMA store. 256 x 384 x 576: 2 x 3 CTAs
    // of 128 x 128, 9 k-tiles through the 4-stage pipeline (each stage's
    // full and empty barriers through both parities).
    let o = run(&example_launch("gemm_sm90"));
    let (m, n, k) = (256, 384, 576);
    check_gemm(&o, m, n, k, |i, kk| i * k + kk, |j, kk| j * k + kk, |i, j| i * n + j);
}

#[test]
fn conv_fprop_sm90_computes_a_padded_3x3_convolution() {
    // Issue 30: the Hopper implicit-GEMM convolution, activations through
    // im2col TMA (the filter tap as the load's offsets, the padding as the
    // pixel box), filters through tiled TMA, WGMMA. X 4 x 8 x 12 x 64
    // (NHWC), W 256 x 3 x 3 x 64 (KRSC), Y 384 x 256 (NPQ x K): 3 x 2 CTAs
    // of 128 pixels x 128 filters, 9 k-tiles through the 4 stages; a tile
    // of 128 pixels spans rows and images (96 pixels an image).
    let o = run(&example_launch("conv_fprop_sm90"));
    let conv = support::conv::LAUNCH;
    let outputs = conv.n * conv.h * conv.w;
    assert_eq!(conv.mismatches(&o, outputs, conv.k), 0, "of {} outputs", outputs * conv.k);
}

/// Runs the TMA GEMM `name` (A, B, C tensor maps, then K) on each of
/// `shapes`, a grid of 128-row tiles by `n_tile`-column tiles: exact, no
/// hazard.
fn check_ragged(name: &str, n_tile: usize, shapes: &[(usize, usize, usize)]) {
    let (base, ptx) = prepare(&example_launch(name));
    for &(m, n, k) in shapes {
        let mut l = base.clone();
        l.grid = [m.div_ceil(128) as u32, n.div_ceil(n_tile) as u32, 1];
        for (arg, dims) in l.args.iter_mut().zip([[m, k], [n, k], [m, n]]) {
            let launch::Arg::TensorMap { shape, .. } = arg else { panic!("A, B, C are tensor maps") };
            *shape = dims.to_vec();
        }
        l.args[3] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: k as f64 };
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "{name} {m}x{n}x{k}: {}", launch::summary(&o));
        check_gemm(&o, m, n, k, |i, kk| i * k + kk, |j, kk| j * k + kk, |i, j| i * n + j);
    }
}

#[test]
fn gemm_sm90_takes_ragged_shapes_through_the_tma_bounds() {
    // Issue 31 item 1 (sm90): any M, N, K that TMA can describe (K a
    // multiple of 8, N of 4: 16-byte row strides). The boxes past M, N or K
    // load zeros, the residue k-tile adds them, and the TMA store clips the
    // edge tiles: M = 1, a tile + 1, a prime M, more than one ragged CTA.
    check_ragged("gemm_sm90", 128, &[(1, 4, 8), (129, 132, 72), (131, 260, 136), (200, 300, 200)]);
}

/// A persistent TMA GEMM's launch (tensor maps A, B, C, then M, N, K) at
/// M x N x K on `grid` CTAs.
fn persistent_launch(base: &Launch, m: usize, n: usize, k: usize, grid: u32) -> Launch {
    let mut l = base.clone();
    l.grid = [grid, 1, 1];
    for (arg, dims) in l.args.iter_mut().zip([[m, k], [n, k], [m, n]]) {
        let launch::Arg::TensorMap { shape, .. } = arg else { panic!("A, B, C are tensor maps") };
        *shape = dims.to_vec();
    }
    for (i, v) in [(3, m), (4, n), (5, k)] {
        l.args[i] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: v as f64 };
    }
    l
}

/// The persistent GEMM `name` (its example's launch and PTX) exact and
/// hazard-free at each (M, N, K, grid).
fn persistent_gemm_is_exact(name: &str, base: &Launch, ptx: &str, shapes: &[(usize, usize, usize, u32)]) {
    for &(m, n, k, grid) in shapes {
        let o = launch::execute(&persistent_launch(base, m, n, k, grid), ptx).unwrap_or_else(|e| panic!("{e}"));
        assert!(o.report.hazards.is_empty(), "{name} {m}x{n}x{k} on {grid} CTAs: {}", launch::summary(&o));
        check_gemm(&o, m, n, k, |i, kk| i * k + kk, |j, kk| j * k + kk, |i, j| i * n + j);
    }
}

/// The hazard kinds reported when `base`'s source, with `from` replaced by
/// `to` once (which must change it), runs as `launch`.
fn fault_kinds(fault: &str, base: &Launch, from: &str, to: &str, launch: &Launch) -> Vec<String> {
    let source = std::fs::read_to_string(&base.source).unwrap();
    let broken = source.replacen(from, to, 1);
    assert_ne!(source, broken, "{fault}");
    let ptx = Compiler::new().compile(&broken, &base.chip, Emit::Ptx).unwrap_or_else(|e| panic!("{fault}: {e}"));
    let o = launch::execute(launch, &ptx).unwrap_or_else(|e| panic!("{e}"));
    o.report.hazards.iter().map(|h| format!("{:?}", h.kind)).collect()
}

#[test]
fn gemm_ws_sm90_is_exact_persistent_and_warp_specialized() {
    // Issue 31 item 3: the warp-specialized persistent Hopper GEMM. A grid
    // smaller than the tile grid (each CTA loops over several tiles, the
    // pipeline's stages and phases running on across them), a producer
    // warpgroup that gave its registers to the consumers, ragged shapes
    // through the TMA bounds; no hazard (the setmaxnreg rules included).
    let (base, ptx) = prepare(&example_launch("gemm_ws_sm90"));
    let o = launch::execute(&base, &ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    let (m, n, k) = (256, 384, 320);
    check_gemm(&o, m, n, k, |i, kk| i * k + kk, |j, kk| j * k + kk, |i, j| i * n + j);
    let at = |m: usize, n: usize, k: usize, grid: u32| persistent_launch(&base, m, n, k, grid);
    persistent_gemm_is_exact("gemm_ws_sm90", &base, &ptx, &[(1, 4, 8, 2), (129, 132, 72, 4), (131, 260, 136, 2), (200, 300, 200, 4), (384, 260, 72, 2)]);
    // Its synchronization is needed, and the emulator holds setmaxnreg to
    // the ISA: each fault is reported. One cluster computes all 6 tiles of
    // 200 x 300 x 200, whose 4 k-tiles fill exactly the 4 stages (so no
    // pipeline wait orders one tile's epilogue after the previous store).
    let faulty = at(200, 300, 200, 2);
    for (fault, from, to, kind) in [
        ("the producer refills a stage the consumers still read", "cute_nvgpu.arch.mbarrier.wait %empty, %phase : !Bar", "", "AsyncReadBeforeWait|SharedRace|WgmmaRegister|ProxyFence|Deadlock"),
        // The peer's multicast writes this CTA's stage: releasing it to the
        // local producer only lets the peer overwrite what is still read
        // (here the peer then waits for 16 arrivals that never come).
        ("a consumer releases its stage to its own CTA only", "              cute_nvgpu.arch.mbarrier.arrive %empty cta(%peer) : !Bar\n", "", "SharedRace|Deadlock"),
        ("the epilogue overwrites the C tile the last store reads", "        nvvm.barrier id = %named number_of_threads = %c256_i32\n        cute.copy %r2s", "        cute.copy %r2s", "AsyncReadBeforeWait|SharedRace|ProxyFence"),
        ("both warpgroups ask for 256 registers a thread", "nvvm.setmaxregister increase 232", "nvvm.setmaxregister increase 256", "Deadlock"),
    ] {
        let kinds = fault_kinds(fault, &base, &from.replace("\\n", "\n"), to, &faulty);
        assert!(kinds.iter().any(|k| kind.split('|').any(|want| k == want)), "{fault}: {kinds:?}");
    }
    // MLIR's verifier refuses a count that is not a multiple of 8; in PTX
    // the emulator does.
    let count = ptx.replacen("setmaxnreg.dec.sync.aligned.u32 \t40;", "setmaxnreg.dec.sync.aligned.u32 \t36;", 1);
    assert_ne!(count, ptx);
    let o = launch::execute(&faulty, &count).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.kind == cute_emu::machine::HazardKind::Undefined), "{}", launch::summary(&o));
    // The consumers' remote arrivals release their reads of the stage to
    // the peer's producer (the default `.sem`); `.relaxed` releases nothing,
    // and the peer's multicast then overwrites bytes read with no order.
    let relaxed = ptx.replace("mbarrier.arrive.shared::cluster.b64", "mbarrier.arrive.relaxed.cluster.shared::cluster.b64");
    assert_ne!(relaxed, ptx);
    let o = launch::execute(&faulty, &relaxed).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.kind == cute_emu::machine::HazardKind::SharedRace), "{}", launch::summary(&o));
}

#[test]
fn gemm_ws_2sm_sm100_is_exact_persistent_on_cta_pairs() {
    // Issue 31 item 4, the 2-CTA variant: CTA pairs with one
    // tcgen05.mma.cta_group::2 256x256x16 per k-block (the even CTA's MMA
    // thread), each CTA's TMA loads relayed to it, stages and accumulators
    // released in both CTAs by multicast commits, the odd CTA's epilogue
    // handing the accumulator back through remote arrivals. One cluster over
    // several tiles (both accumulators, the pipeline across tiles), two
    // clusters, and ragged shapes (a CTA's half past M or N: zero-filled,
    // clipped).
    let (base, ptx) = prepare(&example_launch("gemm_ws_2sm_sm100"));
    persistent_gemm_is_exact("gemm_ws_2sm_sm100", &base, &ptx, &[(512, 512, 320, 2), (1, 4, 8, 2), (129, 260, 72, 4), (257, 513, 136, 2), (200, 300, 200, 4)]);
    // Each hand-over between the CTAs is needed: without the relay the
    // even CTA's MMA thread waits forever; without its wait on peer_full it
    // reads the odd CTA's stage before the TMA wrote it; with the stage
    // freed in the even CTA only, the odd CTA's producer waits forever; with
    // the odd CTA's epilogue arriving on its own acc_empty, the MMA thread
    // waits forever for the third tile's accumulator.
    let faulty = persistent_launch(&base, 257, 513, 136, 2);
    for (fault, from, to, kinds) in [
        ("no relay", "          cute_nvgpu.arch.mbarrier.arrive %pf cta(%zero_i32) : !Bar\n", "", "Deadlock"),
        ("no wait on peer_full", "          cute_nvgpu.arch.mbarrier.wait %pf, %phase : !Bar\n", "", "SharedRace|AsyncReadBeforeWait|Deadlock"),
        ("stages freed in the even CTA only", "cute_nvgpu.arch.sm100.commit_multicast %e, %pair_mask {cta_group = 2 : i32} : !Bar", "cute_nvgpu.arch.sm100.commit %e {cta_group = 2 : i32} : !Bar", "Deadlock"),
        ("the odd epilogue releases locally", "          cute_nvgpu.arch.mbarrier.arrive %drained cta(%zero_i32) : !Bar\n", "          cute_nvgpu.arch.mbarrier.arrive %drained : !Bar\n", "Deadlock"),
    ] {
        let found = fault_kinds(fault, &base, from, to, &faulty);
        assert!(found.iter().any(|k| kinds.split('|').any(|want| k == want)), "{fault}: {found:?}");
    }
}

#[test]
fn gemm_ws_sm100_is_exact_persistent_with_double_buffered_accumulators() {
    // Issue 31 item 4: the warp-specialized persistent Blackwell GEMM (a TMA
    // warp, an MMA warp, four epilogue warps; two accumulators in tensor
    // memory handed over by acc_full / acc_empty mbarriers). Grids smaller
    // than the tile grid, so each CTA's MMA warp fills one accumulator while
    // its epilogue drains the other; ragged shapes through the TMA bounds.
    let (base, ptx) = prepare(&example_launch("gemm_ws_sm100"));
    let at = |m: usize, n: usize, k: usize, grid: u32| persistent_launch(&base, m, n, k, grid);
    persistent_gemm_is_exact("gemm_ws_sm100", &base, &ptx, &[(256, 768, 320, 2), (1, 4, 8, 1), (129, 260, 72, 3), (131, 516, 136, 1), (200, 300, 200, 4)]);
    // The hand-overs are needed: without the epilogue's wait on acc_full it
    // reads an accumulator the UMMAs have not finished (TmemRace); without
    // the MMA warp's wait on acc_empty, the third tile's UMMAs overwrite the
    // first's accumulator before the epilogue read it all (wrong C, or a
    // race reported); without the TMA warp's wait on empty, a stage is
    // refilled under the UMMAs (a deadlock or a wrong C).
    let source = std::fs::read_to_string(&base.source).unwrap();
    let faulty = at(131, 516, 136, 1);
    for (fault, from) in [
        ("no wait on acc_full", "        cute_nvgpu.arch.mbarrier.wait %ready, %phase : !Bar\n"),
        ("no wait on acc_empty", "          cute_nvgpu.arch.mbarrier.wait %drained, %phase : !Bar\n"),
        ("no wait on empty", "            cute_nvgpu.arch.mbarrier.wait %e, %phase : !Bar\n"),
    ] {
        let broken = source.replacen(from, "", 1);
        assert_ne!(source, broken, "{fault}");
        let ptx = Compiler::new().compile(&broken, "sm_100a", Emit::Ptx).unwrap_or_else(|e| panic!("{fault}: {e}"));
        let o = launch::execute(&faulty, &ptx).unwrap_or_else(|e| panic!("{e}"));
        let (m, n, k) = (131, 516, 136);
        let exact = {
            let (a, b, c) = (buffer(&o, "A"), buffer(&o, "B"), buffer(&o, "C"));
            (0..m).all(|i| (0..n).all(|j| c.get(i * n + j) == (0..k).map(|kk| a.get(i * k + kk) * b.get(j * k + kk)).sum::<f64>()))
        };
        assert!(!o.report.hazards.is_empty() || !exact, "{fault}: neither reported nor visible in C: {}", launch::summary(&o));
        if fault == "no wait on acc_empty" {
            // Reported as such since session 19: the UMMA overwrites cells
            // the epilogue's tcgen05.ld read with no wait::ld ordered
            // before it.
            assert!(o.report.hazards.iter().any(|h| h.message.contains("may still be reading")), "{fault}: {}", launch::summary(&o));
        }
    }
}

#[test]
fn gemm_sm100_takes_ragged_shapes_through_the_tma_bounds() {
    // Issue 31 item 1 (sm100): the same, the epilogue's TMA store of the
    // shared C tile clipping the edge tiles: M = 1, a tile + 1 in each of M
    // and N, a prime M, N past one 256-wide tile.
    check_ragged("gemm_sm100", 256, &[(1, 4, 8), (129, 260, 72), (131, 516, 136), (200, 300, 200)]);
}

#[test]
fn gemm_sm100_computes_a_times_b_transposed() {
    // Issue 30: the Blackwell GEMM: TMA on mbarriers, tcgen05.mma into
    // tensor memory (allocated by the TMEM cache), commits to mbarriers,
    // tcgen05.ld in the epilogue. 256 x 512 x 320: 2 x 2 CTAs of 128 x 256,
    // 5 k-tiles of 64 through the 4-stage pipeline, bf16 inputs.
    let o = run(&example_launch("gemm_sm100"));
    let (m, n, k) = (256, 512, 320);
    check_gemm(&o, m, n, k, |i, kk| i * k + kk, |j, kk| j * k + kk, |i, j| i * n + j);
}

#[test]
fn s2t_sm100_copies_the_issuers_tile_into_both_ctas_of_the_pair() {
    // Issue 30 item 5: a cluster of two CTAs. Rank 0 issues
    // tcgen05.cp.cta_group::2 of its 128 x 32-byte tile (a 32-byte swizzled
    // K-major descriptor) and commits to both CTAs' mbarriers; each CTA reads
    // its tensor memory back with tcgen05.ld. Both must hold rank 0's tile
    // (rank 1 staged a different one), lane t = row t, 4 bytes a column.
    let o = run(&example_launch("s2t_sm100"));
    let (tiles, out) = (buffer(&o, "tiles").bytes(), buffer(&o, "out").bytes());
    assert_ne!(tiles[..4096], tiles[4096..], "the two CTAs' tiles differ");
    for rank in 0..2 {
        assert_eq!(out[rank * 4096..(rank + 1) * 4096], tiles[..4096], "CTA rank {rank}'s tensor memory");
    }
}

/// Whether `out` (2M x N) holds, in the rows of CTA x, the rows of its
/// cluster's tile of `in` (M x N): rows 128 x.. = rows 128 (x / 2)..
fn multicast_copied(o: &Outcome) -> bool {
    let (input, out) = (buffer(o, "in"), buffer(o, "out"));
    let n = input.shape[1];
    (0..out.shape[0]).all(|row| (0..n).all(|col| out.get(row * n + col) == input.get(((row / 128) / 2 * 128 + row % 128) * n + col)))
}

#[test]
fn tma_multicast_sm90_fills_both_ctas_of_the_cluster() {
    // Issue 30 item 5 (and issue 31's clustered Hopper GEMM): 2 x 2
    // clusters of 2 CTAs; each CTA loads half of its cluster's 128 x 64 tile
    // with one multicast TMA load into both CTAs' shared memory, completing
    // on each CTA's own mbarrier, then stores the whole tile.
    let o = run(&example_launch("tma_multicast_sm90"));
    assert!(multicast_copied(&o));
    assert!((0..256 * 128).any(|i| buffer(&o, "in").get(i) != 0.0), "the input is not all zeros");
}

#[test]
fn gemm_2sm_sm100_computes_a_times_b_transposed_on_cta_pairs() {
    // Issue 30 item 5: the CTA-pair UMMA (tcgen05.mma.cta_group::2,
    // 256x256x16): 2 x 2 pairs, 3 k-tiles; each CTA of a pair holds half of
    // A's rows, half of B's and its half of the accumulator, the even CTA
    // issues for both and commits to both CTAs' mbarriers.
    let o = run(&example_launch("gemm_2sm_sm100"));
    check_gemm(&o, 512, 512, 192, |i, kk| i * 192 + kk, |j, kk| j * 192 + kk, |i, j| i * 512 + j);
}

#[test]
fn gemm_blockscaled_sm120_applies_each_blocks_scales() {
    // Issue 30 item 6: the MX-format GEMM on sm_120a's block-scaled register
    // MMA (mma.sync ... kind::mxf8f6f4.block_scale.scale_vec::1X, e4m3 with
    // ue8m0 scales): 2 x 3 CTAs of 32 x 16, 3 k-blocks of 32, scales from
    // 2^-3 to 2^3, exact against the host's scaled product. The emulator
    // takes each scale from the lane and byte the PTX ISA's selectors name
    // (9.7.14.3), independently of the compiler's SFALayout / SFBLayout.
    let o = run(&example_launch("gemm_blockscaled_sm120"));
    assert_eq!(block_scaled_errors(&o, 64, 48, 48, 96), 0);
    let sfa = buffer(&o, "SFA");
    assert!((1..64 * 3).any(|i| sfa.get(i) != sfa.get(0)), "the scales vary");
}

#[test]
fn gemm_blockscaled_sm100_applies_each_blocks_scales_from_tensor_memory() {
    // Issue 30 item 4: the MXFP8 GEMM on tcgen05.mma.kind::mxf8f6f4
    // .block_scale (e4m3, ue8m0 scales one per 32 of K): 2 x 2 CTAs of
    // 128 x 128, 5 k-tiles of 128 through the 4-stage TMA pipeline, 20
    // k-blocks of scale factors written to tensor memory by tcgen05.st.
    // The emulator reads row r's factor from byte 0 of column r / 32 at
    // lane r % 32 of each 32-lane partition and requires the four to agree
    // (PTX ISA 9.7.16.10.7). Its first run found the TMEM cache allocating
    // the 128-column accumulator before the 256-column scale factors, which
    // the ISA forbids (9.7.16.7.1); the cache now allocates widest first.
    let o = run(&example_launch("gemm_blockscaled_sm100"));
    assert_eq!(block_scaled_errors(&o, 256, 256, 256, 640), 0);
    let sfa = buffer(&o, "SFA");
    assert!((1..256 * 20).any(|i| sfa.get(i) != sfa.get(0)), "the scales vary");
}

#[test]
fn gemm_nvfp4_sm100_multiplies_packed_e2m1_by_ue4m3_scales_every_16() {
    // Issue 30 item 4: the NVFP4 GEMM on tcgen05.mma.kind::mxf4nvf4
    // .block_scale.block16 (e2m1 two a byte, four ue4m3 scales a row of
    // each 64-wide UMMA, one per 16 of K): 2 x 2 CTAs of 128 x 128, 5
    // k-tiles of 256 through the 4-stage TMA pipeline. Every byte of A and
    // B is random, so every e2m1 code occurs, signs and zero included. Its
    // first compile found sliced 4-bit views claiming the tile's 1024-byte
    // alignment at a run-time k-block (32 bytes): inference now counts
    // packed elements in bits.
    let o = run(&example_launch("gemm_nvfp4_sm100"));
    assert_eq!(nvfp4_errors(&o, 256, 256, 256, 1280), 0);
    let sfa = buffer(&o, "SFA");
    assert!((1..256 * 80).any(|i| sfa.get(i) != sfa.get(0)), "the scales vary");
    let c = buffer(&o, "C");
    assert!((0..256 * 256).any(|i| c.get(i).fract() != 0.0), "the products exercise the fractions");
    // MXFP4, the same kernel with ue8m0 factors every 32 (CuTe's MXF4 atom:
    // kind::mxf4, .block32, two factors a row of each UMMA): a row's word
    // per k-block now holds them in bytes 0 and 1; bytes 2 and 3 are
    // random junk the UMMA must not read.
    let (mut l, _) = prepare(&example_launch("gemm_nvfp4_sm100"));
    let source = std::fs::read_to_string(&l.source).unwrap();
    let mx = source.replace("sf_type = f8E4M3FN, sf_vec = 16", "sf_type = f8E8M0FNU, sf_vec = 32").replace("!cute.ptr<f8E4M3FN, tmem>", "!cute.ptr<f8E8M0FNU, tmem>");
    assert_ne!(mx, source);
    let ptx = Compiler::new().compile(&mx, "sm_100a", Emit::Ptx).unwrap_or_else(|e| panic!("mxfp4: {e}"));
    assert!(ptx.contains("tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32"), "mxfp4: the opcode");
    for arg in &mut l.args {
        if let launch::Arg::Buffer { name, init, .. } = arg {
            if name.starts_with("SF") {
                let values: Vec<f64> = (0..256 * 80).map(|i| if i % 4 < 2 { 125.0 + ((i * 7 + i / 80) % 5) as f64 } else { ((i * 37) % 256) as f64 }).collect();
                *init = launch::Init::Values(values);
            }
        }
    }
    let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("mxfp4: {e}"));
    assert!(o.report.hazards.is_empty(), "mxfp4: {}", launch::summary(&o));
    // The factors of 32-blocks 2j and 2j + 1 of a row: bytes 0 and 1 of its
    // j-th 4-byte word (ue8m0).
    let word_scale = |buf: &launch::Output, row: usize, kk: usize| 2f64.powi(buf.get(row * 80 + 4 * (kk / 64) + (kk % 64) / 32) as i32 - 127);
    assert_eq!(fp4_errors(&o, 256, 256, 256, 1280, &word_scale), 0);
}

/// How many elements of C (M x N) differ from A * B^T, A (M x K) being 2:4
/// sparse: `Ac` holds its kept values (M x K/2) and `META` (M x K/32 x 2
/// words) their places, a nibble per group of four, its low two bits the
/// first kept value's position and its high two the second's (PTX ISA
/// 9.7.16.10.8.2).
fn sparse_product_errors(o: &Outcome, m: usize, n: usize, k: usize) -> usize {
    let (ac, b, meta, c) = (buffer(o, "Ac"), buffer(o, "B"), buffer(o, "META"), buffer(o, "C"));
    let mut wrong = 0;
    for i in 0..m {
        let mut a = vec![0f64; k];
        for j in 0..k / 32 {
            for h in 0..2 {
                let word = meta.get((i * (k / 32) + j) * 2 + h) as i64 as u16;
                for g in 0..4 {
                    let nibble = usize::from((word >> (4 * g)) & 0xf);
                    let (group, kept) = (32 * j + 16 * h + 4 * g, i * k / 2 + 16 * j + 8 * h + 2 * g);
                    a[group + (nibble & 3)] = ac.get(kept);
                    a[group + (nibble >> 2)] = ac.get(kept + 1);
                }
            }
        }
        for jj in 0..n {
            let want: f64 = (0..k).map(|kk| a[kk] * b.get(jj * k + kk)).sum();
            wrong += usize::from(c.get(i * n + jj) != want);
        }
    }
    wrong
}

#[test]
fn gemm_sparse_sm100_places_a_by_its_metadata() {
    // Issue 30 item 4: the 2:4 sparse UMMA (tcgen05.mma.sp.kind::f16,
    // 128x128x32): A's kept values through 64-byte swizzled descriptors,
    // its metadata written to tensor memory by tcgen05.st, 2 x 2 CTAs, 5
    // k-tiles of 64; every one of the seven meaningful nibbles occurs.
    let o = run(&example_launch("gemm_sparse_sm100"));
    assert_eq!(sparse_product_errors(&o, 256, 256, 320), 0);
    let meta = buffer(&o, "META");
    let nibbles: std::collections::BTreeSet<u16> = (0..256 * 20).flat_map(|i| {
        let w = meta.get(i) as i64 as u16;
        (0..4).map(move |g| (w >> (4 * g)) & 0xf)
    }).collect();
    assert_eq!(nibbles.len(), 7, "{nibbles:?}");
}

#[test]
fn the_sparse_example_s_metadata_is_the_script_s() {
    // examples/launch/gemm_sparse_sm100.meta.npy is what
    // scripts/sparse_metadata.py writes (the command its docstring gives).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("cute-sparse-meta-{}.npy", std::process::id()));
    let status = std::process::Command::new(root.join(".venv/bin/python"))
        .arg(root.join("scripts/sparse_metadata.py"))
        .args(["256", "320"])
        .arg(&out)
        .status()
        .expect("the project's Python (ci/setup)");
    assert!(status.success());
    let (made, committed) = (std::fs::read(&out).unwrap(), std::fs::read(root.join("examples/launch/gemm_sparse_sm100.meta.npy")).unwrap());
    std::fs::remove_file(&out).unwrap();
    assert!(made == committed, "regenerate it: .venv/bin/python scripts/sparse_metadata.py 256 320 examples/launch/gemm_sparse_sm100.meta.npy");
}

#[test]
fn dense_umma_kinds_compute_exact_products() {
    // Issue 30 item 4: the dense tcgen05.mma kinds besides f16, through the
    // compiler: examples/gemm_blockscaled_sm100.mlir with its block-scaled
    // atom made the dense UMMA atom of the same shape (the scale factors it
    // still writes go unread): e4m3 and e5m2 (.kind::f8f6f4, f32 D),
    // signed 8-bit integers (.kind::i8, s32 D) and tf32, each exact against
    // the host's product on 2 x 2 CTAs.
    // The same shared memory and block as the example's (same-size types).
    let (base, _) = prepare(&example_launch("gemm_blockscaled_sm100"));
    let source = std::fs::read_to_string(&base.source).unwrap();
    let dense = source
        .replace(
            "!cute_nvgpu.sm100.mma_bs<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>",
            "!cute_nvgpu.sm100.mma<128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss>",
        )
        .replace(" scales(%sfa, %sfb : !sf, !sf)", "");
    assert_ne!(dense, source);
    for (kind, elem, dtype, c_dtype, opcode) in [
        ("e4m3", "f8E4M3FN", launch::Dtype::E4m3, None, "kind::f8f6f4"),
        ("e5m2", "f8E5M2", launch::Dtype::E5m2, None, "kind::f8f6f4"),
        ("s8", "i8", launch::Dtype::I8, Some(launch::Dtype::I32), "kind::i8"),
    ] {
        let mut variant = dense.replace("f8E4M3FN", elem);
        if c_dtype.is_some() {
            variant = variant.replace("f32", "i32");
        }
        let ptx = Compiler::new().compile(&variant, "sm_100a", Emit::Ptx).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert!(ptx.contains(&format!("tcgen05.mma.cta_group::1.{opcode}")), "{kind}: {opcode}");
        let mut l = base.clone();
        for (i, arg) in l.args.iter_mut().enumerate() {
            if let launch::Arg::TensorMap { dtype: d, .. } = arg {
                match (i, c_dtype) {
                    (0 | 1, _) => *d = dtype,
                    (2, Some(c)) => *d = c,
                    _ => {}
                }
            }
        }
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{kind}: {e}"));
        assert!(o.report.hazards.is_empty(), "{kind}: {}", launch::summary(&o));
        check_gemm(&o, 256, 256, 640, |i, kk| i * 640 + kk, |j, kk| j * 640 + kk, |i, j| i * 256 + j);
    }
    // .kind::tf32: 4-byte elements, so a 128-byte swizzled row holds 32 of
    // K: the k-tile is 32 wide (four 128x128x8 UMMAs), the layouts and the
    // boxes follow.
    let mut tf32 = dense.clone();
    for (from, to) in [
        ("128x128x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32)", "128x128x8, ab_major = (k, k), elem_type = (tf32, tf32, f32)"),
        ("S<3,4,3> o 0 o (128,(32,4),4):(128,(1,32),16384)", "S<3,2,3> o 0 o (128,(8,4),4):(32,(1,8),4096)"),
        ("S<3,4,3> o 0 o (128,128,4):(1,128,16384)", "S<3,2,3> o 0 o (32,128,4):(1,32,4096)"),
        ("S<3,4,3> o 0 o (128,128):(1,128)", "S<3,2,3> o 0 o (32,128):(1,32)"),
        ("S<3,4,3> o 0 o (128,32):(128,1)", "S<3,2,3> o 0 o (128,8):(32,1)"),
        ("tma_descriptor<f8E4M3FN, box = [128, 128]", "tma_descriptor<tf32, box = [32, 128]"),
        ("f8E4M3FN", "tf32"),
        ("cute.alloc_smem 65536 : !cute.ptr<tf32", "cute.alloc_smem 16384 : !cute.ptr<tf32"),
        ("%k_tiles_i32 = arith.divui %K, %c128_i32", "%k_tiles_i32 = arith.divui %K, %c32_i32"),
        ("%k0 = arith.muli %si, %c128_i32", "%k0 = arith.muli %si, %c32_i32"),
        ("%k0 = arith.muli %next_i32, %c128_i32", "%k0 = arith.muli %next_i32, %c32_i32"),
    ] {
        assert!(tf32.contains(from), "{from}");
        tf32 = tf32.replace(from, to);
    }
    let ptx = Compiler::new().compile(&tf32, "sm_100a", Emit::Ptx).unwrap_or_else(|e| panic!("tf32: {e}"));
    assert!(ptx.contains("tcgen05.mma.cta_group::1.kind::tf32"));
    let mut l = base.clone();
    for arg in l.args.iter_mut().take(2) {
        let launch::Arg::TensorMap { dtype, boxes, .. } = arg else { panic!("A and B are tensor maps") };
        (*dtype, *boxes) = (launch::Dtype::F32, vec![32, 128]);
    }
    let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("tf32: {e}"));
    assert!(o.report.hazards.is_empty(), "tf32: {}", launch::summary(&o));
    check_gemm(&o, 256, 256, 640, |i, kk| i * 640 + kk, |j, kk| j * 640 + kk, |i, j| i * 256 + j);
}

#[test]
fn wgmma_sm90_computes_one_warpgroup_tile() {
    // One warpgroup: cp.async into 128-byte swizzled shared tiles, four
    // WGMMA 64x128x16 on their descriptors, with issue 36's register pins
    // (the emulator's wgmma.fence rule reports none).
    let o = run(&example_launch("wgmma_sm90"));
    check_gemm(&o, 64, 128, 64, |i, kk| i * 64 + kk, |j, kk| j * 64 + kk, |i, j| i * 128 + j);
}

#[test]
fn wgmma_fp8_sm90_computes_one_warpgroup_tile_in_e4m3() {
    // Issue 30 item 3: FP8 WGMMA (m64n128k32.f32.e4m3.e4m3): K = 32 bytes of
    // 8-bit values a k-block, read through 128-byte swizzled descriptors
    // (128 values of K a shared row), e4m3 decoded per the PTX ISA.
    let o = run(&example_launch("wgmma_fp8_sm90"));
    check_gemm(&o, 64, 128, 128, |i, kk| i * 128 + kk, |j, kk| j * 128 + kk, |i, j| i * 128 + j);
}

#[test]
fn wgmma_tf32_sm90_computes_one_warpgroup_tile() {
    // Issue 30 item 3: TF32 WGMMA (m64n128k8.f32.tf32.tf32): 8 values of K
    // (32 bytes) a k-block, 32-bit elements through 128-byte swizzled
    // descriptors (32 values of K a shared row); values up to 100 in
    // magnitude, exact in tf32's 11 significant bits, sums in f32.
    let o = run(&example_launch("wgmma_tf32_sm90"));
    check_gemm(&o, 64, 128, 32, |i, kk| i * 32 + kk, |j, kk| j * 32 + kk, |i, j| i * 128 + j);
    assert!((0..64 * 128).any(|i| buffer(&o, "C").get(i).abs() > 2048.0), "sums past tf32's integers");
}

#[test]
fn wgmma_s8_computes_one_warpgroup_tile_in_s32() {
    // Issue 30 item 3: the integer WGMMA (m64n128k32.s32.s8.s8, s32
    // accumulators, no scale or transpose immediates): the FP8 example's
    // kernel with its element types made i8 and i32, compiled here, run on
    // values up to 100 in magnitude (sums past 2^16), exact.
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/wgmma_fp8_sm90.mlir")).unwrap();
    let source = source
        .replace("f8E4M3FN", "i8")
        .replace("elem_type = (i8, i8, f32)", "elem_type = (i8, i8, i32)")
        .replace("!cute.ptr<f32, ", "!cute.ptr<i32, ")
        .replace("universal_copy<f32>", "universal_copy<i32>")
        .replace("%zero = arith.constant 0.0 : f32", "%zero = arith.constant 0 : i32")
        .replace("cute.fill %zero, %acc : f32,", "cute.fill %zero, %acc : i32,");
    let dir = std::env::temp_dir().join(format!("cute-wgmma-s8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wgmma_s8.mlir");
    std::fs::write(&path, source).unwrap();
    let ptx = Compiler::new().compile_file(&path, "sm_90a", Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(ptx.contains("wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8"), "the integer WGMMA");
    let buffer_arg = |name: &str, dtype: launch::Dtype, shape: Vec<usize>, seed: Option<u64>| launch::Arg::Buffer {
        name: name.into(),
        dtype,
        shape,
        init: seed.map_or(launch::Init::Zeros, |seed| launch::Init::Randint { lo: -100, hi: 100, seed }),
    };
    let args = vec![
        buffer_arg("A", launch::Dtype::I8, vec![64, 128], Some(31)),
        buffer_arg("B", launch::Dtype::I8, vec![128, 128], Some(32)),
        buffer_arg("C", launch::Dtype::I32, vec![64, 128], None),
    ];
    let l = Launch::new("sm_90a", "wgmma_fp8", [1, 1, 1], [128, 1, 1], args);
    let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    check_gemm(&o, 64, 128, 128, |i, kk| i * 128 + kk, |j, kk| j * 128 + kk, |i, j| i * 128 + j);
    assert!((0..64 * 128).any(|i| buffer(&o, "C").get(i).abs() > 65536.0), "sums past 16 bits");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wgmma_mn_sm90_reads_b_mn_major() {
    // Issue 30 item 3: B MN-major (64 x 128 row-major, N contiguous) in
    // 128-byte swizzled lines of N, read by WGMMA with imm-trans-b = 1
    // through the ISA's MN-major canonical layout (two N blocks at the
    // leading byte offset, k-groups at the stride byte offset).
    let o = run(&example_launch("wgmma_mn_sm90"));
    check_gemm(&o, 64, 128, 64, |i, kk| i * 64 + kk, |j, kk| kk * 128 + j, |i, j| i * 128 + j);
}

#[test]
fn wgmma_rs_sm90_computes_one_warpgroup_tile_with_a_in_registers() {
    // Issue 27 item 6: WGMMA with A in registers (`frag_kind = rs`): each
    // thread loads its A values by the tiled MMA's partition (ALayout_64x16)
    // straight from global memory; the emulator places them by the PTX
    // ISA's register-fragment table, so a value in the wrong register or
    // half gives a wrong C. Its wgmma.fence rule checks the A pins too.
    let o = run(&example_launch("wgmma_rs_sm90"));
    check_gemm(&o, 64, 128, 64, |i, kk| i * 64 + kk, |j, kk| j * 64 + kk, |i, j| i * 128 + j);
}

#[test]
fn tma_copy_sm90_copies_every_element() {
    let o = run(&example_launch("tma_copy_sm90"));
    assert_eq!(buffer(&o, "in").bytes(), buffer(&o, "out").bytes());
}

#[test]
fn sgemm_sm80_computes_a_times_b_transposed() {
    // 96 x 64 x 40: 3 x 2 CTAs of 32 x 32, 5 k-slices of 8; column-major.
    let o = run(&example_launch("sgemm_sm80"));
    let (m, n, k) = (96, 64, 40);
    check_gemm(&o, m, n, k, |i, kk| kk * m + i, |j, kk| kk * n + j, |i, j| j * m + i);
}

/// `cute run` on a launch file written to a scratch folder: (exit code, stderr).
fn cute_run(name: &str, json: &str, files: &[(&str, &[u8])]) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("cute-run-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (file, bytes) in files {
        std::fs::write(dir.join(file), bytes).unwrap();
    }
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let json = json.replace("@EXAMPLES@", examples.to_str().unwrap());
    let path = dir.join("launch.json");
    std::fs::write(&path, json).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cute")).arg("run").arg(&path).arg("--out").arg(dir.join("out")).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

const COPY: &str = r#"{"source": "@EXAMPLES@/copy_sm80.mlir", "chip": "sm_80", "kernel": "copy", "grid": [1, 1, 1], "block": [32, 1, 1],
 "args": [{"buffer": "src", "dtype": "f32", "shape": [8, 32], "init": {"npy": "src.npy"}}, {"buffer": "dst", "dtype": "f32", "shape": [8, 32]}, {"i32": 32}, {"i32": 8}]}"#;

/// A .npy file of f32 values 0..n (NumPy's format 1.0 header).
fn npy_f32(shape: &[usize]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let mut header = format!("{{'descr': '<f4', 'fortran_order': False, 'shape': ({},), }}", dims.join(", "));
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    for i in 0..shape.iter().product::<usize>() {
        out.extend_from_slice(&(i as f32).to_le_bytes());
    }
    out
}

#[test]
fn cute_run_reads_npy_and_writes_npy() {
    let (code, stdout, stderr) = cute_run("ok", COPY, &[("src.npy", &npy_f32(&[8, 32]))]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("instructions") && stdout.contains("0 hazards"), "{stdout}");
    let dir = std::env::temp_dir().join(format!("cute-run-{}-ok", std::process::id()));
    // The copy's output is the input, in the same .npy encoding.
    let written = std::fs::read(dir.join("out/dst.npy")).unwrap();
    let input = npy_f32(&[8, 32]);
    assert_eq!(&written[written.len() - 8 * 32 * 4..], &input[input.len() - 8 * 32 * 4..]);
}

#[test]
fn bad_launch_files_name_the_field() {
    let npy = npy_f32(&[8, 32]);
    let cases: Vec<(&str, String, Vec<(&str, &[u8])>, &str)> = vec![
        ("missing-kernel", COPY.replace(r#""kernel": "copy", "#, ""), vec![("src.npy", &npy)], "launch field 'kernel' is missing"),
        ("no-such-kernel", COPY.replace(r#""kernel": "copy""#, r#""kernel": "kopy""#), vec![("src.npy", &npy)], "launch field 'kernel': no kernel 'kopy' in the PTX (it has copy)"),
        ("arg-count", COPY.replace(r#", {"i32": 8}]"#, "]"), vec![("src.npy", &npy)], "launch field 'args': kernel 'copy' takes 4 parameters, the launch gives 3"),
        ("dtype", COPY.replace(r#"{"i32": 8}"#, r#"{"i64": 8}"#), vec![("src.npy", &npy)], "launch field 'args[3]': parameter copy_param_3 of 'copy' takes 4 bytes, the argument gives 8"),
        ("npy-dtype", COPY.replace(r#""dtype": "f32", "shape": [8, 32], "init""#, r#""dtype": "i32", "shape": [8, 32], "init""#), vec![("src.npy", &npy)], "holds <f4, the launch's dtype needs <i4"),
        ("chip", COPY.replace("sm_80", "sm_42"), vec![("src.npy", &npy)], "launch field 'chip': unsupported chip 'sm_42'"),
        ("unreadable-npy", COPY.to_string(), vec![("src.npy", b"not a numpy file")], "src.npy is not a .npy file: magic not found"),
        ("cta-outside", COPY.replace(r#""args""#, r#""ctas": [[0], [1, 0, 0]], "args""#), vec![("src.npy", &npy)], "launch field 'ctas[1]': [1, 0, 0] is outside the grid [1, 1, 1]"),
        ("sparse-unknown", COPY.replace(r#""args""#, r#""sparse": ["nope"], "args""#), vec![("src.npy", &npy)], "launch field 'sparse': no buffer or tensor map 'nope' among the arguments"),
        ("sparse-npy", COPY.replace(r#""args""#, r#""sparse": ["src"], "args""#), vec![("src.npy", &npy)], "launch field 'sparse': buffer 'src' is made from a file or a list; a sparse buffer's init is \"zeros\" or randint"),
        ("unknown-dtype", COPY.replace(r#""dtype": "f32", "shape": [8, 32]}"#, r#""dtype": "f8", "shape": [8, 32]}"#), vec![("src.npy", &npy)], "launch field 'args[1]': unknown dtype 'f8'"),
    ];
    for (name, json, files, want) in cases {
        let (code, stdout, stderr) = cute_run(name, &json, &files);
        assert_eq!(code, 2, "{name}: {stdout}{stderr}");
        assert!(stderr.contains(want), "{name}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{name}: one line: {stderr}");
    }
}

#[test]
fn ptx_outside_the_subset_is_refused_by_name_and_line() {
    let ptx = ".version 7.1\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tmov.u32 \t%r1, %tid.x;\n\ttex.1d.v4.s32.s32 {%r1, %r2, %r3, %r4}, [t, {%r1}];\n\tret;\n}\n";
    let json = r#"{"source": "k.ptx", "chip": "sm_80", "kernel": "k", "grid": [1], "block": [32], "args": []}"#;
    let (code, stdout, stderr) = cute_run("subset", json, &[("k.ptx", ptx.as_bytes())]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("PTX line 7: instruction 'tex.1d.v4.s32.s32' is outside the supported PTX subset"), "{stderr}");
}

#[test]
fn a_hazard_exits_1_with_the_details_on_stderr() {
    // The copy over a column count the buffers do not have: reads past src.
    let json = COPY.replace(r#"{"i32": 32}, {"i32": 8}"#, r#"{"i32": 32}, {"i32": 16}"#).replace(r#""grid": [1, 1, 1]"#, r#""grid": [1, 2, 1]"#);
    let (code, stdout, stderr) = cute_run("hazard", &json, &[("src.npy", &npy_f32(&[8, 32]))]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("1 hazards"), "{stdout}");
    assert!(stderr.contains("OutOfBounds") && stderr.contains("outside every buffer"), "{stderr}");
}

#[test]
fn cute_run_gpu_without_a_driver_says_so() {
    // CI machines have no GPU: --gpu must refuse cleanly (exit 2, one line),
    // and run where libcuda exists (scripts/compare_gpu_emulator.sh).
    let has_driver = ["/usr/lib/x86_64-linux-gnu/libcuda.so.1", "/usr/lib64/libcuda.so.1"].iter().any(|p| Path::new(p).exists());
    if has_driver {
        return;
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["run", example_launch("copy_sm80").to_str().unwrap(), "--gpu"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("cute run: error: --gpu: no CUDA driver on this machine"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

#[test]
fn cute_run_takes_the_launch_metadata_and_refuses_contradictions() {
    // Issue 34. The block the kernel declares is taken when the launch
    // leaves it out, and another one is refused.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/copy_sm80_block32.mlir");
    let launch = |block: &str| {
        format!(
            r#"{{"source": "{}", "chip": "sm_80", "kernel": "copy", "grid": [1, 1, 1]{block},
 "args": [{{"buffer": "src", "dtype": "f32", "shape": [8, 32], "init": {{"randint": [0, 9]}}}}, {{"buffer": "dst", "dtype": "f32", "shape": [8, 32]}}, {{"i32": 32}}, {{"i32": 8}}]}}"#,
            fixture.display()
        )
    };
    let (code, stdout, stderr) = cute_run("meta-block", &launch(""), &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (code, _, stderr) = cute_run("meta-block-wrong", &launch(r#", "block": [64, 1, 1]"#), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("launch field 'block': [64, 1, 1], but kernel 'copy' is declared for [32, 1, 1] threads"), "{stderr}");
    // Too little dynamic shared memory for the sm100 GEMM: refused before it runs.
    let gemm = r#"{"source": "@EXAMPLES@/gemm_sm100.mlir", "chip": "sm_100a", "kernel": "gemm", "grid": [1], "block": [128], "dynamic_smem": 196672, "args": []}"#;
    let (code, _, stderr) = cute_run("meta-smem", gemm, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("launch field 'dynamic_smem': 196672 bytes, but kernel 'gemm' lays out 196680 bytes"), "{stderr}");
    // A tensor map other than the parameter's type declares: box, swizzle.
    let sm90 = std::fs::read_to_string(example_launch("gemm_sm90")).unwrap().replace("../gemm_sm90.mlir", "@EXAMPLES@/gemm_sm90.mlir");
    let wrong_box = sm90.replacen(r#""box": [64, 128]"#, r#""box": [64, 64]"#, 1);
    let (code, _, stderr) = cute_run("meta-box", &wrong_box, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("launch field 'args[0]' (tensor map A): box [64,64], but parameter 0 of 'gemm' is a map with box [64,128]"), "{stderr}");
    // (Unswizzled: a 64-byte swizzle is refused earlier, a 128-byte inner box
    // being wider than its span.)
    let wrong_swizzle = sm90.replacen(r#""swizzle": 128"#, r#""swizzle": 0"#, 1);
    let (code, _, stderr) = cute_run("meta-swizzle", &wrong_swizzle, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("launch field 'args[0]' (tensor map A): swizzle 0, but parameter 0 of 'gemm' is a map with swizzle 128"), "{stderr}");
}

#[test]
fn cute_run_refuses_a_scalar_beyond_its_declared_bound() {
    // Issue 35: the kernel declares M bounded (`?{max=64}`) and computes
    // 32-bit offsets on that promise; a launch beyond it is refused before
    // it runs, one within it runs.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/copy_sm80_bounded.mlir");
    let launch = |m: usize| {
        format!(
            r#"{{"source": "{}", "chip": "sm_80", "kernel": "copy", "grid": [1, 1, 1],
 "args": [{{"buffer": "src", "dtype": "f32", "shape": [8, {m}], "init": {{"randint": [0, 9]}}}}, {{"buffer": "dst", "dtype": "f32", "shape": [8, {m}]}}, {{"i32": {m}}}, {{"i32": 8}}]}}"#,
            fixture.display()
        )
    };
    let (code, stdout, stderr) = cute_run("bound-within", &launch(64), &[]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (code, _, stderr) = cute_run("bound-beyond", &launch(65), &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("launch field 'args[2]': 65 is beyond the bound 64 that 'copy' declares for parameter 2 (?{max=64})"), "{stderr}");
}

#[test]
fn an_exported_launch_runs_its_ptx_with_the_same_results() {
    // `cute run --export` (for `cute-emu` on a GPU machine without LLVM):
    // the PTX and a launch file with the compiler's block and dynamic shared
    // memory filled in and its npy input copied beside it. Run from there,
    // it gives what the .mlir launch gives, byte for byte.
    let dir = std::env::temp_dir().join(format!("cute-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/copy_sm80_block32.mlir");
    let launch = format!(
        r#"{{"source": "{}", "chip": "sm_80", "kernel": "copy", "grid": [1, 1, 1],
 "args": [{{"buffer": "src", "dtype": "f32", "shape": [8, 32], "init": {{"npy": "src.npy"}}}}, {{"buffer": "dst", "dtype": "f32", "shape": [8, 32]}}, {{"i32": 32}}, {{"i32": 8}}]}}"#,
        fixture.display()
    );
    std::fs::write(dir.join("src.npy"), npy_f32(&[8, 32])).unwrap();
    std::fs::write(dir.join("copy.launch.json"), launch).unwrap();
    let cute = |args: &[&std::ffi::OsStr]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cute")).args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let (launch, exported) = (dir.join("copy.launch.json"), dir.join("bundle"));
    let written = cute(&["run".as_ref(), launch.as_os_str(), "--export".as_ref(), exported.as_os_str()]);
    assert_eq!(written.trim(), exported.join("copy.launch.json").display().to_string());
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(exported.join("copy.launch.json")).unwrap()).unwrap();
    assert_eq!(json["source"], "copy.ptx");
    assert_eq!(json["block"], serde_json::json!([32, 1, 1]), "the compiler's block, which the launch left out");
    assert_eq!(json["args"][0]["init"], serde_json::json!({"npy": "copy.src.npy"}));
    assert!(std::fs::read_to_string(exported.join("copy.ptx")).unwrap().contains(".entry copy("));
    cute(&["run".as_ref(), launch.as_os_str(), "--out".as_ref(), dir.join("from-mlir").as_os_str()]);
    let again = exported.join("copy.launch.json");
    cute(&["run".as_ref(), again.as_os_str(), "--out".as_ref(), dir.join("from-ptx").as_os_str()]);
    for buffer in ["src.npy", "dst.npy"] {
        assert_eq!(std::fs::read(dir.join("from-mlir").join(buffer)).unwrap(), std::fs::read(dir.join("from-ptx").join(buffer)).unwrap(), "{buffer}");
    }
    // --repeat times GPU launches: the emulator refuses it, naming the flag.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cute")).args(["run".as_ref(), again.as_os_str(), "--repeat".as_ref(), "3".as_ref()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("cute run: error: --repeat times launches on a GPU: it needs --gpu"));
}

#[test]
fn the_gpu_bundle_holds_launches_that_run_without_llvm() {
    // scripts/gpu_bundle.sh packs `cute-emu` and exported launches for a
    // GPU machine (scripts/gpu_check.sh runs them there, docs/emulator.md
    // "On a GPU"). Every example it exports runs in `cute-emu` from the
    // bundle alone; the user-size GEMMs have their shapes and grids.
    let bin = Path::new(env!("CARGO_BIN_EXE_cute")).parent().unwrap();
    assert!(bin.join("cute-emu").exists(), "{}: build the workspace first (cargo build --workspace builds cute-emu)", bin.display());
    let out = std::env::temp_dir().join(format!("cute-gpu-bundle-{}", std::process::id()));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = std::process::Command::new("bash")
        .arg(root.join("scripts/gpu_bundle.sh"))
        .arg(&out)
        .env("CUTE_TARGET_DIR", bin)
        .env("CUTE_BUNDLE_NO_ATOMS", "1")
        .status()
        .unwrap();
    assert!(status.success());
    let emu = out.join("cute-emu");
    let mut ran = 0;
    for entry in std::fs::read_dir(out.join("examples")).unwrap() {
        let path = entry.unwrap().path();
        if !path.to_str().unwrap().ends_with(".launch.json") {
            continue;
        }
        let run = std::process::Command::new(&emu).arg("run").arg(&path).output().unwrap();
        assert_eq!(run.status.code(), Some(0), "{}: {}", path.display(), String::from_utf8_lossy(&run.stderr));
        ran += 1;
    }
    let launches = std::fs::read_dir(root.join("examples/launch")).unwrap().filter(|e| e.as_ref().unwrap().path().to_str().unwrap().ends_with(".launch.json")).count();
    assert_eq!(ran, launches);
    let large: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("large/gemm_sm90_4096x4096x4096.launch.json")).unwrap()).unwrap();
    assert_eq!(large["grid"], serde_json::json!([32, 32, 1]));
    assert_eq!(large["args"][0]["tensor_map"]["shape"], serde_json::json!([4096, 4096]));
    assert_eq!(large["args"][3], serde_json::json!({"i32": 4096}));
    assert!(large["dynamic_smem"].as_u64().unwrap() > 48 * 1024);
    // Attention at user size: 16 (batch, head) pairs of 4096 tokens.
    let fmha: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("attention/fmha_fwd_sm90_16x4096x4096_causal.launch.json")).unwrap()).unwrap();
    assert_eq!(fmha["grid"], serde_json::json!([32, 16, 1]));
    assert_eq!(fmha["args"][1]["tensor_map"]["shape"], serde_json::json!([65536, 64]));
    assert_eq!(fmha["args"][7], serde_json::json!({"i32": 1}));
    let _ = std::fs::remove_dir_all(&out);
}

/// The LM-head shapes (issue 35), N x K of B with M = 128: 3,145,728 x 1,024
/// (3.2e9 elements, 6 GiB) and the issue's own 128,256 x 16,384 (a
/// 128,256-token vocabulary, 2.1e9 elements, 4 GiB).
const LM_HEADS: [(usize, usize); 2] = [(3_145_728, 1024), (128_256, 16_384)];

/// An LM-head-shaped GEMM (issue 35) at each of [`LM_HEADS`]: B and C are
/// sparse buffers, only the pages the kernel touches made. The last CTA of
/// the grid reads B past 2^31 elements, where 32-bit offsets wrap; a CTA in
/// the middle is below it. Both are exact against the host reference.
/// `launch` is the launch file's head (source, chip, kernel, block), `args`
/// its arguments with `{m}`, `{n}` and `{k}` filled in; C is M x N
/// row-major and `tile` the CTA's N extent (the grid's second dimension
/// counts N tiles).
fn far_corner(name: &str, launch_head: &str, args: &str, tile: usize) {
    far_corner_of(name, launch_head, |n| {
        let last = n / tile - 1;
        format!(r#""grid": [1, {}, 1], "ctas": [[0, {last}, 0], [0, {}, 0]]"#, last + 1, last / 2)
    }, args, tile);
}

/// [`far_corner`] with the grid and CTAs given for N (`grid(n)`: the
/// launch's "grid" and "ctas" members), which compute the last N tile and
/// the one at half of it.
fn far_corner_of(name: &str, launch_head: &str, grid: impl Fn(usize) -> String, args: &str, tile: usize) {
    for (n, k) in LM_HEADS {
        far_corner_at(name, launch_head, &grid(n), args, tile, n, k);
    }
}

fn far_corner_at(name: &str, launch_head: &str, grid: &str, args: &str, tile: usize, n: usize, k: usize) {
    let m = 128usize;
    let last = n / tile - 1;
    let fill = |s: &str| s.replace("{m}", &m.to_string()).replace("{n}", &n.to_string()).replace("{k}", &k.to_string());
    let json = format!(r#"{{{}, {grid}, "sparse": ["B", "C"], "args": [{}]}}"#, launch_head, fill(args));
    let dir = std::env::temp_dir().join(format!("cute-far-corner-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    std::fs::write(dir.join("lm_head.launch.json"), json.replace("@EXAMPLES@", examples.to_str().unwrap())).unwrap();
    let o = run(&dir.join("lm_head.launch.json"));
    assert!(o.report.hazards.is_empty(), "{name}: {}", launch::summary(&o));
    // Only the CTAs named ran.
    let ran = grid.split("\"ctas\"").nth(1).map_or(0, |c| c.matches('[').count() - 1);
    let summary = launch::summary(&o);
    assert!(summary.contains(&format!("{ran} CTAs,")) || summary.contains(&format!("{ran} CTA,")), "{summary}");
    let (a, b, c) = (buffer(&o, "A"), buffer(&o, "B"), buffer(&o, "C"));
    let a_rows: Vec<f64> = (0..m * k).map(|i| a.get(i)).collect();
    for cta in [last, last / 2] {
        let b_rows: Vec<f64> = (0..tile * k).map(|i| b.get(cta * tile * k + i)).collect();
        let mut wrong = 0;
        for i in 0..m {
            for j in 0..tile {
                let want: f64 = (0..k).map(|kk| a_rows[i * k + kk] * b_rows[j * k + kk]).sum();
                if c.get(i * n + cta * tile + j) != want {
                    wrong += 1;
                }
            }
        }
        assert_eq!(wrong, 0, "{name} {m}x{n}x{k}: CTA (0, {cta}): {wrong} of {} elements of C differ", m * tile);
    }
    // Sparse: B's pages made are the two CTAs' rows, not the 4 or 6 GiB.
    let cute_emu::machine::Bytes::Sparse { pages, .. } = &b.data else { panic!("B is sparse") };
    assert!(pages.len() * cute_emu::machine::PAGE <= 2 * tile * k * 2 + 4 * cute_emu::machine::PAGE, "{name}: {} pages of B made", pages.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gemm_sm80_is_exact_at_the_far_corner_of_lm_head_operands() {
    // The kernel with i32 leading dimensions read outside B at the last CTA
    // (2 GiB before B); its `?{div=8,i64}` strides make the tile bases 64-bit.
    far_corner(
        "sm80",
        r#""source": "@EXAMPLES@/gemm_sm80.mlir", "chip": "sm_80", "kernel": "gemm", "block": [128, 1, 1]"#,
        r#"{"buffer": "A", "dtype": "f16", "shape": [{m}, {k}], "init": {"randint": [-2, 2], "seed": 1}},
           {"buffer": "B", "dtype": "f16", "shape": [{n}, {k}], "init": {"randint": [-2, 2], "seed": 2}},
           {"buffer": "C", "dtype": "f32", "shape": [{m}, {n}]}, {"i32": {m}}, {"i32": {n}}, {"i32": {k}}"#,
        128,
    );
}

#[test]
fn gemm_sm90_is_exact_at_the_far_corner_of_lm_head_operands() {
    // TMA addresses B through its tensor map (64-bit in the TMA unit); the
    // kernel's coordinates are per dimension, far below 2^31.
    far_corner(
        "sm90",
        r#""source": "@EXAMPLES@/gemm_sm90.mlir", "chip": "sm_90a", "kernel": "gemm", "block": [256, 1, 1]"#,
        r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [{m}, {k}], "init": {"randint": [-2, 2], "seed": 1}, "box": [64, 128], "swizzle": 128}},
           {"tensor_map": {"buffer": "B", "dtype": "f16", "shape": [{n}, {k}], "init": {"randint": [-2, 2], "seed": 2}, "box": [64, 128], "swizzle": 128}},
           {"tensor_map": {"buffer": "C", "dtype": "f32", "shape": [{m}, {n}], "init": "zeros", "box": [32, 128], "swizzle": 128}},
           {"i32": {k}}"#,
        128,
    );
}

#[test]
fn gemm_ws_sm90_is_exact_at_the_far_corner_of_lm_head_operands() {
    // The persistent clustered kernel on as many CTAs as N tiles, half as
    // many 2x1 clusters: the last cluster computes the tile at half of N
    // and the last one (its rank-1 CTA the M tile past M = 128, clipped,
    // loading its half of B for its peer).
    far_corner_of(
        "ws_sm90",
        r#""source": "@EXAMPLES@/gemm_ws_sm90.mlir", "chip": "sm_90a", "kernel": "gemm", "block": [384, 1, 1]"#,
        |n| format!(r#""grid": [{}, 1, 1], "ctas": [[{}, 0, 0], [{}, 0, 0]]"#, n / 128, n / 128 - 2, n / 128 - 1),
        r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [{m}, {k}], "init": {"randint": [-2, 2], "seed": 1}, "box": [64, 128], "swizzle": 128}},
           {"tensor_map": {"buffer": "B", "dtype": "f16", "shape": [{n}, {k}], "init": {"randint": [-2, 2], "seed": 2}, "box": [64, 64], "swizzle": 128}},
           {"tensor_map": {"buffer": "C", "dtype": "f32", "shape": [{m}, {n}], "init": "zeros", "box": [32, 128], "swizzle": 128}},
           {"i32": {m}}, {"i32": {n}}, {"i32": {k}}"#,
        128,
    );
}

#[test]
fn gemm_sm100_is_exact_at_the_far_corner_of_lm_head_operands() {
    // TMA loads, UMMA into tensor memory, a tcgen05.ld epilogue through a
    // shared C tile and a TMA store (all addressing 64-bit in the TMA unit).
    far_corner(
        "sm100",
        r#""source": "@EXAMPLES@/gemm_sm100.mlir", "chip": "sm_100a", "kernel": "gemm", "block": [128, 1, 1]"#,
        r#"{"tensor_map": {"buffer": "A", "dtype": "bf16", "shape": [{m}, {k}], "init": {"randint": [-2, 2], "seed": 1}, "box": [64, 128], "swizzle": 128}},
           {"tensor_map": {"buffer": "B", "dtype": "bf16", "shape": [{n}, {k}], "init": {"randint": [-2, 2], "seed": 2}, "box": [64, 256], "swizzle": 128}},
           {"tensor_map": {"buffer": "C", "dtype": "f32", "shape": [{m}, {n}], "init": "zeros", "box": [32, 128], "swizzle": 128}},
           {"i32": {k}}"#,
        256,
    );
}
