//! Issue 28: the kernels run in the PTX emulator (cute-emu) through the
//! launch files beside the examples, and give exactly what a host
//! reference computes (small integers: every sum is exact).

use cute_emu::launch::{self, Outcome};
use cute_mlir::{compile::Emit, Compiler};
use std::path::{Path, PathBuf};

fn example_launch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/launch").join(format!("{name}.launch.json"))
}

/// Parses, compiles and runs a launch file; no hazard may be reported.
fn run(path: &Path) -> Outcome {
    let l = launch::parse(path).unwrap_or_else(|e| panic!("{e}"));
    let ptx = Compiler::new().compile_file(&l.source, &l.chip, Emit::Ptx).unwrap_or_else(|e| panic!("{e}"));
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
    assert_eq!(src.data, dst.data);
    assert!((0..src.shape.iter().product()).any(|i| src.get(i) != 0.0), "the input is not all zeros");
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
fn sgemm_sm80_computes_a_times_b_transposed() {
    // 96 x 64 x 40: 3 x 2 CTAs of 32 x 32, 5 k-slices of 8; column-major.
    let o = run(&example_launch("sgemm_sm80"));
    let (m, n, k) = (96, 64, 40);
    check_gemm(&o, m, n, k, |i, kk| kk * m + i, |j, kk| kk * n + j, |i, j| j * m + i);
}
