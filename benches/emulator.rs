//! The PTX emulator's speed (issues 28 and 30): `examples/gemm_sm80.mlir`
//! at 256x256x128 and 512x512x256, `gemm_sm90.mlir` (TMA, mbarriers, WGMMA)
//! at 256x256x256 and `gemm_sm100.mlir` (TMA, tcgen05, tensor memory) at
//! 256x512x256 through `cute_emu::launch::execute`, with the emulated
//! instructions per second, against a reference measured in the same run:
//! the same GEMM computed on the host by a plain triple loop (the machine is
//! shared and noisy: read the ratio).
//!
//! `cargo bench --bench emulator` (release), or `--profile opt-ci`.

use cute_emu::launch;
use cute_mlir::{compile::Emit, Compiler};
use std::time::Instant;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut l = launch::parse(&root.join("examples/launch/gemm_sm80.launch.json")).unwrap();
    let ptx = Compiler::new().compile_file(&l.source, &l.chip, Emit::Ptx).unwrap();
    for (m, n, k) in [(256usize, 256usize, 128usize), (512, 512, 256)] {
        l.grid = [(m / 128) as u32, (n / 128) as u32, 1];
        if let launch::Arg::Buffer { shape, .. } = &mut l.args[2] {
            *shape = vec![m, n];
        }
        if let launch::Arg::Buffer { shape, .. } = &mut l.args[0] {
            *shape = vec![m, k];
        }
        if let launch::Arg::Buffer { shape, .. } = &mut l.args[1] {
            *shape = vec![n, k];
        }
        l.args[3] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: m as f64 };
        l.args[4] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: n as f64 };
        l.args[5] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: k as f64 };
        check_and_report("gemm_sm80", (m, n, k), &launch::execute(&l, &ptx).unwrap());
    }
    // The TMA GEMMs: A (M x K), B (N x K) and C (M x N) as tensor maps;
    // grid: 128-row CTA tiles in x, the kernel's N tile in y.
    for (name, (m, n, k), n_tile) in [("gemm_sm90", (256usize, 256usize, 256usize), 128usize), ("gemm_sm100", (256, 512, 256), 256)] {
        let mut l = launch::parse(&root.join(format!("examples/launch/{name}.launch.json"))).unwrap();
        let (ptx, info) = Compiler::new().compile_file_with_launch_info(&l.source, &l.chip, Emit::Ptx).unwrap();
        let kernel = info.kernels.iter().find(|kernel| kernel.name == l.kernel).unwrap();
        l.complete(kernel.block, kernel.dynamic_smem as usize).unwrap();
        l.grid = [(m / 128) as u32, (n / n_tile) as u32, 1];
        for (i, shape) in [vec![m, k], vec![n, k], vec![m, n]].into_iter().enumerate() {
            match &mut l.args[i] {
                launch::Arg::Buffer { shape: s, .. } | launch::Arg::TensorMap { shape: s, .. } => *s = shape,
                launch::Arg::Scalar { .. } => unreachable!("A, B, C come first"),
            }
        }
        // The scalar after C: K (both clip M and N through their tensor maps).
        l.args[3] = launch::Arg::Scalar { dtype: launch::Dtype::I32, value: k as f64 };
        check_and_report(name, (m, n, k), &launch::execute(&l, &ptx).unwrap());
    }
}

/// Checks a GEMM outcome (A: M x K, B: N x K, C: M x N, buffers 0, 1, 2)
/// against the host triple loop, C = A * B^T as the tests check it, timing
/// that loop as the reference, and prints both.
fn check_and_report(name: &str, (m, n, k): (usize, usize, usize), outcome: &launch::Outcome) {
    assert!(outcome.report.hazards.is_empty(), "{name}: {}", launch::summary(outcome));
    let (a, b) = (&outcome.buffers[0], &outcome.buffers[1]);
    let av: Vec<f64> = (0..m * k).map(|i| a.get(i)).collect();
    let bv: Vec<f64> = (0..n * k).map(|i| b.get(i)).collect();
    let start = Instant::now();
    let mut c = vec![0f64; m * n];
    for i in 0..m {
        for j in 0..n {
            c[i * n + j] = (0..k).map(|kk| av[i * k + kk] * bv[j * k + kk]).sum();
        }
    }
    let host = start.elapsed().as_secs_f64();
    assert!((0..m * n).all(|i| outcome.buffers[2].get(i) == c[i]), "{name}: the emulated GEMM differs from the host's");
    println!(
        "{name} {m}x{n}x{k}: {} instructions in {:.3} s ({:.1} M instructions/s); host reference {:.4} s; emulator / host = {:.0}",
        outcome.report.instructions,
        outcome.seconds,
        outcome.report.instructions as f64 / outcome.seconds / 1e6,
        host,
        outcome.seconds / host
    );
}
