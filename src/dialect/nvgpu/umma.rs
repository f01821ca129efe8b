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
    /// Structured sparsity (`tcgen05.mma.sp`): bit 2.
    pub sparse: bool,
}

/// CuTe's `make_instr_desc` for a dense or sparse UMMA (no shift);
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
    Ok(u32::from(f.sparse) << 2
        | u32::from(f.saturate) << 3
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

/// The block-scaled `tcgen05.mma` of an element pair and its scale-vector
/// size (CuTe's SM100 block-scaled atoms): FP4 x FP4 is kind::mxf4 with one
/// scale per 32 elements and kind::mxf4nvf4 (block16) with one per 16, its
/// FP4 format packed (E2M1 = 1); any FP8/FP6 operand makes it
/// kind::mxf8f6f4 (FP4 then unpacked in shared memory, E2M1 = 5), one
/// scale per 32. The kind, the block-scale spelling, A's and B's formats.
pub fn block_scaled_kind(a: &str, b: &str, sf_vec: u32) -> Result<(&'static str, &'static str, u32, u32), String> {
    let fp4 = |t: &str| t == "f4E2M1FN";
    if fp4(a) && fp4(b) {
        return match sf_vec {
            32 => Ok(("mxf4", "block32", 1, 1)),
            16 => Ok(("mxf4nvf4", "block16", 1, 1)),
            v => Err(format!("FP4 x FP4 block scaling takes sf_vec 16 or 32, got {v}")),
        };
    }
    if sf_vec != 32 {
        return Err(format!("kind::mxf8f6f4 scales blocks of 32 elements, got sf_vec {sf_vec}"));
    }
    let format = |t: &str| match kind_and_format(t) {
        Some(("f8f6f4", f)) => Ok(f),
        _ => Err(format!("kind::mxf8f6f4 has no element type {t}")),
    };
    Ok(("mxf8f6f4", "", format(a)?, format(b)?))
}

/// The fields of one block-scaled UMMA.
#[derive(Clone, Copy, Debug)]
pub struct BlockScaledFields<'a> {
    pub a: &'a str,
    pub b: &'a str,
    pub sf: &'a str,
    pub sf_vec: u32,
    pub m: u32,
    pub n: u32,
    pub a_mn_major: bool,
    pub b_mn_major: bool,
    pub sparse: bool,
}

/// CuTe's `make_instr_desc_block_scaled` (`UMMA::InstrDescriptorBlockScaled`:
/// no D format, the scale format at bit 23, the scale-factor ids 0).
pub fn instr_desc_block_scaled(f: &BlockScaledFields) -> Result<u32, String> {
    let (_, _, a, b) = block_scaled_kind(f.a, f.b, f.sf_vec)?;
    let scale = match f.sf {
        "f8E4M3FN" => 0,
        "f8E8M0FNU" => 1,
        other => return Err(format!("block scale factors are f8E8M0FNU (ue8m0) or f8E4M3FN (ue4m3), not {other}")),
    };
    if f.m % 16 != 0 || f.m >> 4 >= 1 << 5 || f.n % 8 != 0 || f.n >> 3 >= 1 << 6 {
        return Err(format!("UMMA shape {}x{} does not fit the descriptor (M a multiple of 16, N of 8)", f.m, f.n));
    }
    Ok(u32::from(f.sparse) << 2
        | a << 7
        | b << 10
        | u32::from(f.a_mn_major) << 15
        | u32::from(f.b_mn_major) << 16
        | (f.n >> 3) << 17
        | scale << 23
        | (f.m >> 4) << 24)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tests/fixtures/umma_descriptors.txt (section instr): CUTLASS's own
    /// make_instr_desc (scripts/cute_umma_desc_oracle.cpp).
    /// The data lines of one `# section NAME` of the fixture.
    fn section(name: &str) -> Vec<&'static str> {
        let text = include_str!("../../../tests/fixtures/umma_descriptors.txt");
        let start = text.find(&format!("# section {name}\n")).unwrap();
        let rest = &text[start..];
        let rest = &rest[rest.find('\n').unwrap() + 1..];
        let end = rest.find("# section ").unwrap_or(rest.len());
        rest[..end].lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect()
    }

    #[test]
    fn instruction_descriptors_are_cutlass_s() {
        for (name, sparse, at_least) in [("instr", false, 100), ("instr_sparse", true, 6)] {
        let mut checked = 0;
        for line in section(name) {
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
                sparse,
            };
            let want = u32::from_str_radix(f[10].trim_start_matches("0x"), 16).unwrap();
            assert_eq!(instr_desc(&fields).unwrap(), want, "{line}");
            checked += 1;
        }
        assert!(checked >= at_least, "{name}: {checked}");
        }
    }

    /// tests/fixtures/umma_descriptors.txt (section instr_block_scaled):
    /// CUTLASS's make_instr_desc_block_scaled. The scale-vector size is not
    /// in the word; the fixture's FP4 x FP4 rows are checked with both.
    #[test]
    fn block_scaled_descriptors_are_cutlass_s() {
        let mut checked = 0;
        for line in section("instr_block_scaled") {
            let f: Vec<&str> = line.split_whitespace().collect();
            let vecs: &[u32] = if f[0] == "f4E2M1FN" && f[1] == "f4E2M1FN" { if f[2] == "f8E4M3FN" { &[16] } else { &[16, 32] } } else { &[32] };
            for &sf_vec in vecs {
                let fields = BlockScaledFields {
                    a: f[0],
                    b: f[1],
                    sf: f[2],
                    sf_vec,
                    m: f[3].parse().unwrap(),
                    n: f[4].parse().unwrap(),
                    a_mn_major: f[5] == "mn",
                    b_mn_major: f[6] == "mn",
                    sparse: f[7] == "1",
                };
                let want = u32::from_str_radix(f[8].trim_start_matches("0x"), 16).unwrap();
                assert_eq!(instr_desc_block_scaled(&fields).unwrap(), want, "{line} (sf_vec {sf_vec})");
                checked += 1;
            }
        }
        assert!(checked >= 30, "{checked}");
        assert_eq!(block_scaled_kind("f4E2M1FN", "f4E2M1FN", 16).unwrap().0, "mxf4nvf4");
        assert_eq!(block_scaled_kind("f4E2M1FN", "f8E4M3FN", 32).unwrap(), ("mxf8f6f4", "", 5, 0));
        assert!(block_scaled_kind("f8E4M3FN", "f8E4M3FN", 16).unwrap_err().contains("blocks of 32"));
        assert!(block_scaled_kind("f16", "f16", 32).unwrap_err().contains("no element type f16"));
    }

    #[test]
    fn bad_combinations_are_named() {
        let base = InstrFields { a: "f16", b: "f16", c: "f32", m: 128, n: 256, a_mn_major: false, b_mn_major: false, a_negate: false, b_negate: false, saturate: false, sparse: false };
        assert!(instr_desc(&InstrFields { b: "f8E4M3FN", ..base }).unwrap_err().contains("kinds f16 and f8f6f4 differ"));
        assert!(instr_desc(&InstrFields { c: "bf16", ..base }).unwrap_err().contains("accumulates in f16, f32 or s32"));
        assert!(instr_desc(&InstrFields { a: "f64", ..base }).unwrap_err().contains("no A element type f64"));
        assert!(instr_desc(&InstrFields { n: 260, ..base }).unwrap_err().contains("does not fit"));
    }
}
