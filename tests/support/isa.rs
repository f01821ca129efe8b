//! The PTX ISA's mma.sync fragment tables (9.7.14.5.x), written out apart
//! from the emulator's and the compiler's code: the references of
//! tests/emulator_atoms.rs and tests/emulator_block_scale.rs.

/// (row, column) of value `i` of lane `l` in A (M x K), B (K x N) or C
/// (M x N): PTX ISA 9.7.14.5.14 (m16n8k*) and 9.7.14.5.13 (m8n8k4 .f64).
pub fn isa(which: char, shape: (usize, usize, usize), class: &str, l: usize, i: usize) -> (usize, usize) {
    let (g, t) = (l / 4, l % 4);
    match (which, shape, class) {
        ('A', (8, 8, 4), _) => (g, t),
        ('B', (8, 8, 4), _) => (t, g),
        ('C', (8, 8, 4), _) => (g, 2 * t + i),
        ('C', _, _) => (if i < 2 { g } else { g + 8 }, 2 * t + i % 2),
        ('A', (16, 8, 16), "f16") => (if i % 4 < 2 { g } else { g + 8 }, 2 * t + i % 2 + if i >= 4 { 8 } else { 0 }),
        ('B', (16, 8, 16), "f16") => (2 * t + i % 2 + if i >= 2 { 8 } else { 0 }, g),
        ('A', (16, 8, 8), "f16") => (if i < 2 { g } else { g + 8 }, 2 * t + i % 2),
        ('B', (16, 8, 8), "f16") => (2 * t + i, g),
        ('A', (16, 8, 8), "tf32") => (if i % 2 == 0 { g } else { g + 8 }, if i < 2 { t } else { t + 4 }),
        ('B', (16, 8, 8), "tf32") => (if i == 0 { t } else { t + 4 }, g),
        ('A', (16, 8, 4), "tf32") => (if i == 0 { g } else { g + 8 }, t),
        ('B', (16, 8, 4), "tf32") => (t, g),
        ('A', (16, 8, 16), "i8") => (if i < 4 { g } else { g + 8 }, 4 * t + i % 4),
        ('B', (16, 8, 16), "i8") => (4 * t + i, g),
        ('A', (16, 8, 32), "i8") => (if i < 4 || (8..12).contains(&i) { g } else { g + 8 }, 4 * t + i % 4 + if i >= 8 { 16 } else { 0 }),
        ('B', (16, 8, 32), "i8") => (4 * t + i % 4 + if i >= 4 { 16 } else { 0 }, g),
        other => panic!("no ISA table for {other:?}"),
    }
}

/// (row, column) of 4-bit value `i` of lane `l`: PTX ISA 9.7.14.5.14, the
/// .s4/.u4 tables of m16n8k32 and m16n8k64 (eight values a register).
pub fn isa4(which: char, k: usize, l: usize, i: usize) -> (usize, usize) {
    let (g, t) = (l / 4, l % 4);
    match (which, k) {
        ('A', 32) => (if i < 8 { g } else { g + 8 }, 8 * t + i % 8),
        ('B', 32) => (8 * t + i, g),
        ('A', 64) => (if i < 8 || (16..24).contains(&i) { g } else { g + 8 }, 8 * t + i % 8 + if i >= 16 { 32 } else { 0 }),
        ('B', 64) => (8 * t + i % 8 + if i >= 8 { 32 } else { 0 }, g),
        other => panic!("no ISA table for {other:?}"),
    }
}
