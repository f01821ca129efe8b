//! Host references of the 4-bit GEMMs (`tests/emulator.rs`): e2m1
//! operands two a byte, ue4m3 or ue8m0 block scales, through
//! [`super::reference::scaled_product_errors`].

use cute_emu::launch::{Outcome, Output};

/// An e2m1 value from its 4-bit code (PTX ISA 5.2.5.3: sign, 2 exponent
/// bits, 1 mantissa bit, bias 1, no infinities or NaN).
fn e2m1(code: u8) -> f64 {
    const MAGNITUDE: [f64; 8] = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0];
    let v = MAGNITUDE[usize::from(code & 7)];
    if code & 8 != 0 { -v } else { v }
}

/// A ue4m3 scale factor (5.2.5.4: e4m3's exponent and mantissa, bias 7,
/// no sign).
fn ue4m3(byte: u8) -> f64 {
    let (e, m) = (i32::from(byte >> 3 & 0xf), f64::from(byte & 7));
    if e == 0 { m / 8.0 * 2f64.powi(-6) } else { (1.0 + m / 8.0) * 2f64.powi(e - 7) }
}

/// How many elements of C's first `rows` x `cols` tile (C row-major, rows
/// of `n`) differ from sum_k SFA(m, k/16) A(m, k) SFB(n, k/16) B(n, k):
/// the NVFP4 GEMM's buffers, the ue4m3 scales as bytes, one per 16 of K.
pub fn nvfp4_errors(o: &Outcome, rows: usize, cols: usize, n: usize, k: usize) -> usize {
    fp4_errors(o, rows, cols, n, k, &|buf, row, kk| ue4m3(buf.get(row * k / 16 + kk / 16) as u8))
}

/// How many elements of C's first `rows` x `cols` tile (C row-major, rows
/// of `n`) differ from sum_k scale(SFA, m, k) A(m, k) scale(SFB, n, k) B(n,
/// k): A and B bytes of two e2m1 each (K-major, the lower k in the low
/// nibble, K = `k`), `scale` reading a row's factor for k from its buffer.
pub fn fp4_errors(o: &Outcome, rows: usize, cols: usize, n: usize, k: usize, scale: &dyn Fn(&Output, usize, usize) -> f64) -> usize {
    let element = |buf: &Output, row: usize, kk: usize| e2m1((buf.get(row * k / 2 + kk / 2) as u8) >> (4 * (kk % 2)) & 0xf);
    super::reference::scaled_product_errors(o, rows, cols, n, k, &element, scale)
}
