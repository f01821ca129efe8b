//! The SM100 UMMA instruction descriptor (CuTe's `UMMA::InstrDescriptor`,
//! `make_instr_desc`): the 32-bit word `tcgen05.mma` takes beside its
//! operands, naming the element formats, majors, shape and modifiers.
//!
//! | bits | field |
//! |---|---|
//! | 0-1, 2 | sparsity selector, sparse flag (0: dense) |
//! | 3 | saturate (integer kinds) |
//! | 4-5 | D format: F16 0, F32 1, S32 2 |
//! | 7-9, 10-12 | A, B format (per kind: f16 0 / bf16 1 / tf32 2; e4m3 0 / e5m2 1 / e2m3 3 / e3m2 4 / e2m1 5; u8 0 / s8 1) |
//! | 13, 14 | negate A, B |
//! | 15, 16 | A, B major (K 0, MN 1) |
//! | 17-22 | N >> 3 |
//! | 24-28 | M >> 4 |
//! | 30-31 | max shift (0: none) |

/// The `tcgen05.mma` kind of an element type pair and the per-operand
/// format codes.
pub fn kind_and_format(name: &str) -> Option<(&'static str, u32)> {
    Some(match name {
        "f16" => ("f16", 0),
        "bf16" => ("f16", 1),
        "tf32" => ("tf32", 2),
        "f8E4M3FN" => ("f8f6f4", 0),
        "f8E5M2" => ("f8f6f4", 1),
        "f6E2M3FN" => ("f8f6f4", 3),
        "f6E3M2FN" => ("f8f6f4", 4),
        "f4E2M1FN" => ("f8f6f4", 5),
        "ui8" => ("i8", 0),
        "i8" | "si8" => ("i8", 1),
        _ => return None,
    })
}

/// The accumulator format code.
fn c_format(name: &str) -> Option<u32> {
    Some(match name {
        "f16" => 0,
        "f32" => 1,
        "i32" | "si32" => 2,
        _ => return None,
    })
}

/// The fields of one dense UMMA.
#[derive(Clone, Copy, Debug)]
pub struct InstrFields<'a> {
    pub a: &'a str,
    pub b: &'a str,
    pub c: &'a str,
    pub m: u32,
    pub n: u32,
    pub a_mn_major: bool,
    pub b_mn_major: bool,
    pub a_negate: bool,
    pub b_negate: bool,
    pub saturate: bool,
}

/// CuTe's `make_instr_desc` for a dense UMMA (no sparsity, no shift);
/// errors name what the kinds do not allow.
pub fn instr_desc(f: &InstrFields) -> Result<u32, String> {
    let (ka, a) = kind_and_format(f.a).ok_or_else(|| format!("UMMA has no A element type {}", f.a))?;
    let (kb, b) = kind_and_format(f.b).ok_or_else(|| format!("UMMA has no B element type {}", f.b))?;
    if ka != kb {
        return Err(format!("UMMA multiplies {} by {}: kinds {ka} and {kb} differ", f.a, f.b));
    }
    let c = c_format(f.c).ok_or_else(|| format!("UMMA accumulates in f16, f32 or s32, not {}", f.c))?;
    if f.m % 16 != 0 || f.m >> 4 >= 1 << 5 || f.n % 8 != 0 || f.n >> 3 >= 1 << 6 {
        return Err(format!("UMMA shape {}x{} does not fit the descriptor (M a multiple of 16, N of 8)", f.m, f.n));
    }
    Ok(u32::from(f.saturate) << 3
        | c << 4
        | a << 7
        | b << 10
        | u32::from(f.a_negate) << 13
        | u32::from(f.b_negate) << 14
        | u32::from(f.a_mn_major) << 15
        | u32::from(f.b_mn_major) << 16
        | (f.n >> 3) << 17
        | (f.m >> 4) << 24)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tests/fixtures/umma_descriptors.txt (section instr): CUTLASS's own
    /// make_instr_desc (scripts/cute_umma_desc_oracle.cpp).
    #[test]
    fn instruction_descriptors_are_cutlass_s() {
        let text = include_str!("../../../tests/fixtures/umma_descriptors.txt");
        let section = &text[text.find("# section instr").unwrap()..];
        let mut checked = 0;
        for line in section.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let fields = InstrFields {
                a: f[0],
                b: f[1],
                c: f[2],
                m: f[3].parse().unwrap(),
                n: f[4].parse().unwrap(),
                a_mn_major: f[5] == "mn",
                b_mn_major: f[6] == "mn",
                a_negate: f[7] == "1",
                b_negate: f[8] == "1",
                saturate: f[9] == "1",
            };
            let want = u32::from_str_radix(f[10].trim_start_matches("0x"), 16).unwrap();
            assert_eq!(instr_desc(&fields).unwrap(), want, "{line}");
            checked += 1;
        }
        assert!(checked >= 100, "{checked}");
    }

    #[test]
    fn bad_combinations_are_named() {
        let base = InstrFields { a: "f16", b: "f16", c: "f32", m: 128, n: 256, a_mn_major: false, b_mn_major: false, a_negate: false, b_negate: false, saturate: false };
        assert!(instr_desc(&InstrFields { b: "f8E4M3FN", ..base }).unwrap_err().contains("kinds f16 and f8f6f4 differ"));
        assert!(instr_desc(&InstrFields { c: "bf16", ..base }).unwrap_err().contains("accumulates in f16, f32 or s32"));
        assert!(instr_desc(&InstrFields { a: "f64", ..base }).unwrap_err().contains("no A element type f64"));
        assert!(instr_desc(&InstrFields { n: 260, ..base }).unwrap_err().contains("does not fit"));
    }
}
