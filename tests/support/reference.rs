//! Host references shared by the emulator tests (`tests/emulator.rs`,
//! `tests/emulator_faults.rs`).

use cute_emu::launch::Outcome;

/// How many elements of C's first `rows` x `cols` tile (C row-major, rows
/// of `n`) differ from sum_k 2^(SFA(m, k/32) - 127) A(m, k) 2^(SFB(n,
/// k/32) - 127) B(n, k): the block-scaled GEMMs' buffers, A and B K-major
/// with K = `k`, the ue8m0 scales as bytes, one per 32 of K.
pub fn block_scaled_errors(o: &Outcome, rows: usize, cols: usize, n: usize, k: usize) -> usize {
    let get = |name: &str| o.buffers.iter().find(|b| b.name == name).unwrap();
    let (a, b, sfa, sfb, c) = (get("A"), get("B"), get("SFA"), get("SFB"), get("C"));
    let blocks = k / 32;
    let scale = |byte: f64| 2f64.powi(byte as i32 - 127);
    let mut wrong = 0;
    for i in 0..rows {
        for j in 0..cols {
            let want: f64 = (0..k).map(|kk| scale(sfa.get(i * blocks + kk / 32)) * a.get(i * k + kk) * scale(sfb.get(j * blocks + kk / 32)) * b.get(j * k + kk)).sum();
            wrong += usize::from(c.get(i * n + j) != want);
        }
    }
    wrong
}
