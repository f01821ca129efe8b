//! Host references shared by the emulator tests (`tests/emulator.rs`,
//! `tests/emulator_faults.rs`).

use cute_emu::launch::{Outcome, Output};

/// How many elements of C's first `rows` x `cols` tile (C row-major, rows
/// of `n`) differ from sum_k 2^(SFA(m, k/32) - 127) A(m, k) 2^(SFB(n,
/// k/32) - 127) B(n, k): the block-scaled GEMMs' buffers, A and B K-major
/// with K = `k`, the ue8m0 scales as bytes, one per 32 of K.
pub fn block_scaled_errors(o: &Outcome, rows: usize, cols: usize, n: usize, k: usize) -> usize {
    let blocks = k / 32;
    let element = |buf: &Output, row: usize, kk: usize| buf.get(row * k + kk);
    let scale = |buf: &Output, row: usize, kk: usize| 2f64.powi(buf.get(row * blocks + kk / 32) as i32 - 127);
    scaled_product_errors(o, rows, cols, n, k, &element, &scale)
}

/// How many elements of C's first `rows` x `cols` tile (C row-major, rows
/// of `n`) differ from sum_k scale(SFA, m, k) A(m, k) scale(SFB, n, k) B(n,
/// k), `element` and `scale` reading row m's value and factor for k from a
/// buffer (A, B and SFA, SFB).
pub fn scaled_product_errors(o: &Outcome, rows: usize, cols: usize, n: usize, k: usize, element: &dyn Fn(&Output, usize, usize) -> f64, scale: &dyn Fn(&Output, usize, usize) -> f64) -> usize {
    let get = |name: &str| o.buffers.iter().find(|b| b.name == name).unwrap();
    let (a, b, sfa, sfb, c) = (get("A"), get("B"), get("SFA"), get("SFB"), get("C"));
    let mut wrong = 0;
    for i in 0..rows {
        for j in 0..cols {
            let want: f64 = (0..k).map(|kk| scale(sfa, i, kk) * element(a, i, kk) * scale(sfb, j, kk) * element(b, j, kk)).sum();
            wrong += usize::from(c.get(i * n + j) != want);
        }
    }
    wrong
}
