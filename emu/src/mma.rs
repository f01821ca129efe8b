//! `mma.sync.aligned` (PTX ISA 9.7.14.5.14 "Matrix Fragments for mma.m16n8k*"
//! and 9.7.14.5.13 for m8n8k4 .f64): each lane holds the elements the ISA's
//! fragment tables assign it; `groupID = laneid >> 2`,
//! `threadID_in_group = laneid % 4`. D = A * B + C with row-major A (M x K)
//! and column-major B (K x N), accumulated in f32 (f16 accumulators are
//! rounded at the end), s32 (wrapping) or f64.

use crate::machine::HazardKind;
use crate::ptx::{Inst, Operand};
use half::{bf16, f16};

#[derive(Clone, Copy, PartialEq)]
enum Ty {
    F16,
    Bf16,
    Tf32,
    F32,
    F64,
    S8,
    U8,
    S32,
    E4m3,
    E5m2,
    /// The FP6 and FP4 types of `kind::f8f6f4` / `kind::mxf8f6f4`, each in
    /// an 8-bit container (PTX ISA 9.7.14.5.14: e2m1 in bits 2..5, e3m2 and
    /// e2m3 in bits 0..5).
    E2m1,
    E3m2,
    E2m3,
    /// e2m1 packed eight a register (`kind::mxf4`, `kind::mxf4nvf4`,
    /// m16n8k64: PTX ISA 9.7.14.5.14, the .s4/.u4 tables).
    E2m1x4,
    S4,
    U4,
    /// `.b1` (9.7.14.5.12): 32 single bits a register, multiplied by the
    /// instruction's `.and.popc` / `.xor.popc`.
    B1,
}

fn ty(name: &str) -> Result<Ty, Failure> {
    Ok(match name {
        "f16" => Ty::F16,
        "bf16" => Ty::Bf16,
        "tf32" => Ty::Tf32,
        "f32" => Ty::F32,
        "f64" => Ty::F64,
        "s8" => Ty::S8,
        "u8" => Ty::U8,
        "s32" => Ty::S32,
        "e4m3" => Ty::E4m3,
        "s4" => Ty::S4,
        "u4" => Ty::U4,
        "e5m2" => Ty::E5m2,
        "e2m1" => Ty::E2m1,
        "e3m2" => Ty::E3m2,
        "e2m3" => Ty::E2m3,
        "b1" => Ty::B1,
        other => return Err(unsupported(format!("mma element type .{other} is not emulated"))),
    })
}

fn bits(t: Ty) -> u32 {
    match t {
        Ty::F16 | Ty::Bf16 => 16,
        Ty::S8 | Ty::U8 | Ty::E4m3 | Ty::E5m2 | Ty::E2m1 | Ty::E3m2 | Ty::E2m3 => 8,
        Ty::S4 | Ty::U4 | Ty::E2m1x4 => 4,
        Ty::B1 => 1,
        Ty::F64 => 64,
        _ => 32,
    }
}

/// Element `i` of a fragment held in `regs` (elements packed low first).
fn element(regs: &[u64], i: usize, t: Ty) -> f64 {
    let b = bits(t) as usize;
    let per = (32 / b).max(1);
    let word = regs[i / per];
    let raw = if b == 64 { word } else { (word >> (b * (i % per))) & ((1u64 << b) - 1) };
    match t {
        Ty::F16 => f64::from(f16::from_bits(raw as u16).to_f32()),
        Ty::Bf16 => f64::from(bf16::from_bits(raw as u16).to_f32()),
        // tf32: the 19 high bits of an f32 register (PTX ISA 5.2.5.1); the rest is ignored.
        Ty::Tf32 => f64::from(f32::from_bits((raw as u32) & 0xffff_e000)),
        Ty::F32 => f64::from(f32::from_bits(raw as u32)),
        Ty::F64 => f64::from_bits(raw),
        Ty::S8 => f64::from(raw as u8 as i8),
        Ty::U8 => f64::from(raw as u8),
        Ty::S32 => f64::from(raw as u32 as i32),
        Ty::S4 => f64::from(((raw as u8) << 4) as i8 >> 4),
        Ty::U4 => f64::from(raw as u8 & 0xf),
        Ty::B1 => f64::from(raw as u8 & 1),
        Ty::E4m3 => fp8(raw as u8, 4, 3),
        Ty::E5m2 => fp8(raw as u8, 5, 2),
        Ty::E2m1 => small_float((raw as u8 >> 2) & 0xf, 2, 1),
        Ty::E2m1x4 => small_float(raw as u8 & 0xf, 2, 1),
        Ty::E3m2 => small_float(raw as u8 & 0x3f, 3, 2),
        Ty::E2m3 => small_float(raw as u8 & 0x3f, 2, 3),
    }
}

/// An FP6 / FP4 value (PTX ISA 5.2.5.3: sign, exponent, mantissa, bias
/// 2^(e-1) - 1, subnormals at exponent 0, no infinity or NaN).
pub(crate) fn small_float(bits: u8, exponent_bits: u32, mantissa_bits: u32) -> f64 {
    let sign = if bits >> (exponent_bits + mantissa_bits) & 1 != 0 { -1.0 } else { 1.0 };
    let e = i32::from(bits >> mantissa_bits) & ((1 << exponent_bits) - 1);
    let m = f64::from(bits & ((1 << mantissa_bits) - 1));
    let (bias, scale) = ((1i32 << (exponent_bits - 1)) - 1, f64::from(1u32 << mantissa_bits));
    if e == 0 {
        sign * (m / scale) * 2f64.powi(1 - bias)
    } else {
        sign * (1.0 + m / scale) * 2f64.powi(e - bias)
    }
}

/// The block scales of an `mma ... .block_scale.scale_vec::NX` (PTX ISA
/// 9.7.14.3): `scale-a-data` and `scale-b-data` are a 32-bit register a
/// lane. Of each quad of lanes (rows g and g + 8 of A, column g of B), the
/// pair `thread-id-a` selects (lanes 4g + 2 thread-id-a + {0, 1}) gives A's
/// scales, the first lane of the pair row g's and the second row g + 8's;
/// the lane 4g + thread-id-b gives column g's of B. In the register, the
/// N scales of a row (the N chunks of K) are the bytes from byte-id on.
struct BlockScale {
    chunks: usize,
    a: Vec<Vec<f64>>,
    b: Vec<Vec<f64>>,
}

impl BlockScale {
    fn new(inst: &Inst, parts: &[&str], lanes: &[&mut Vec<u64>]) -> Result<BlockScale, Failure> {
        let chunks = match parts.iter().find(|p| p.starts_with("scale_vec::")) {
            Some(&"scale_vec::1X") => 1,
            Some(&"scale_vec::2X") => 2,
            Some(&"scale_vec::4X") => 4,
            _ => return Err(unsupported("a block-scaled mma names .scale_vec::1X, 2X or 4X".into())),
        };
        let decode = |byte: u8| match parts.last().copied() {
            Some("ue8m0") => Ok(scale_factor(byte, false)),
            Some("ue4m3") => Ok(scale_factor(byte, true)),
            other => Err(unsupported(format!("block scale type .{} is not emulated", other.unwrap_or("")))),
        };
        let selector = |i: usize| -> Result<(usize, usize, usize), Failure> {
            let (Some(Operand::Reg(data)), Some(Operand::Vector(ids))) = (inst.operands.get(i), inst.operands.get(i + 1)) else {
                return Err(unsupported("block scales are a register and a {byte-id, thread-id} vector".into()));
            };
            let (byte, thread) = (lanes[0][ids[0]] as usize & 0xffff, lanes[0][ids[1]] as usize & 0xffff);
            if byte + chunks > 4 || thread > 3 || (chunks == 2 && byte % 2 != 0) {
                return Err((HazardKind::Undefined, format!("byte-id {byte}, thread-id {thread} with {chunks} scales a row (PTX ISA 9.7.14.3)")));
            }
            Ok((*data, byte, thread))
        };
        let ((a_reg, a_byte, a_thread), (b_reg, b_byte, b_thread)) = (selector(4)?, selector(6)?);
        if a_thread > 1 {
            return Err((HazardKind::Undefined, format!("thread-id-a {a_thread} (0 or 1: a pair of the quad, PTX ISA 9.7.14.3)")));
        }
        let scales = |lane: usize, reg: usize, byte: usize| -> Result<Vec<f64>, Failure> {
            (0..chunks).map(|j| decode((lanes[lane][reg] >> (8 * (byte + j))) as u8)).collect()
        };
        let a = (0..16).map(|r| scales(4 * (r % 8) + 2 * a_thread + r / 8, a_reg, a_byte)).collect::<Result<_, _>>()?;
        let b = (0..8).map(|n| scales(4 * n + b_thread, b_reg, b_byte)).collect::<Result<_, _>>()?;
        Ok(BlockScale { chunks, a, b })
    }
}

/// A block scale factor: ue8m0 is 2^(e - 127), 0xff NaN; ue4m3 an
/// unsigned e4m3 (PTX ISA 5.2.5.4).
pub(crate) fn scale_factor(byte: u8, ue4m3: bool) -> f64 {
    match (ue4m3, byte) {
        (true, _) => fp8(byte & 0x7f, 4, 3),
        (false, 0xff) => f64::NAN,
        (false, _) => 2f64.powi(i32::from(byte) - 127),
    }
}

/// An FP8 value (PTX ISA 5.2.5.2: e4m3 has no infinities, S.1111.111 is
/// NaN; e5m2 follows IEEE 754 with its 5-bit exponent).
pub fn fp8(bits: u8, exponent_bits: u32, mantissa_bits: u32) -> f64 {
    let sign = if bits & 0x80 != 0 { -1.0 } else { 1.0 };
    let e = u32::from(bits >> mantissa_bits) & ((1 << exponent_bits) - 1);
    let m = f64::from(bits & ((1 << mantissa_bits) - 1));
    let bias = (1i32 << (exponent_bits - 1)) - 1;
    let max_e = (1 << exponent_bits) - 1;
    if exponent_bits == 4 && e == max_e && m == 7.0 {
        return f64::NAN;
    }
    if exponent_bits == 5 && e == max_e {
        return if m == 0.0 { sign * f64::INFINITY } else { f64::NAN };
    }
    let scale = f64::from(1u32 << mantissa_bits);
    if e == 0 {
        sign * (m / scale) * 2f64.powi(1 - bias)
    } else {
        sign * (1.0 + m / scale) * 2f64.powi(e as i32 - bias)
    }
}

/// (row, column) of element `i` of lane `lane` in A (M x K), B (K x N) or
/// C/D (M x N), per the ISA's tables for the shape and A's type.
fn position(which: char, shape: (usize, usize, usize), a: Ty, lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    match (which, shape, a) {
        ('C', (8, 8, 4), _) => (g, 2 * t + i),
        ('A', (8, 8, 4), _) => (g, t),
        ('B', (8, 8, 4), _) => (t, g),
        ('C', _, _) => (g + 8 * (i / 2), 2 * t + i % 2),
        // .b1 (9.7.14.5.12): thirty-two bits a register.
        ('A', (16, 8, 128), Ty::B1) => (g + 8 * (i / 32), 32 * t + i % 32),
        ('B', (16, 8, 128), Ty::B1) => (32 * t + i, g),
        ('A', (16, 8, 16), Ty::F16 | Ty::Bf16) => (g + 8 * ((i / 2) % 2), 2 * t + i % 2 + 8 * (i / 4)),
        ('B', (16, 8, 16), Ty::F16 | Ty::Bf16) => (2 * t + i % 2 + 8 * (i / 2), g),
        ('A', (16, 8, 8), Ty::F16 | Ty::Bf16) => (g + 8 * (i / 2), 2 * t + i % 2),
        ('B', (16, 8, 8), Ty::F16 | Ty::Bf16) => (2 * t + i, g),
        ('A', (16, 8, 8), Ty::Tf32) => (g + 8 * (i % 2), t + 4 * (i / 2)),
        ('B', (16, 8, 8), Ty::Tf32) => (t + 4 * i, g),
        ('A', (16, 8, 4), Ty::Tf32) => (g + 8 * i, t),
        ('B', (16, 8, 4), Ty::Tf32) => (t, g),
        // 4-bit integers (9.7.14.5.9 .s4/.u4): eight a register.
        ('A', (16, 8, 32), Ty::S4 | Ty::U4) => (g + 8 * (i / 8), 8 * t + i % 8),
        ('B', (16, 8, 32), Ty::S4 | Ty::U4) => (8 * t + i, g),
        ('A', (16, 8, 64), _) => (g + 8 * ((i / 8) % 2), 8 * t + i % 8 + 32 * (i / 16)),
        ('B', (16, 8, 64), _) => (8 * t + i % 8 + 32 * (i / 8), g),
        ('A', (16, 8, 16), _) => (g + 8 * (i / 4), 4 * t + i % 4),
        ('B', (16, 8, 16), _) => (4 * t + i, g),
        ('A', (16, 8, 32), _) => (g + 8 * ((i / 4) % 2), 4 * t + i % 4 + 16 * (i / 8)),
        ('B', (16, 8, 32), _) => (4 * t + i % 4 + 16 * (i / 4), g),
        _ => (usize::MAX, usize::MAX),
    }
}

fn vector(op: &Operand) -> Result<&[usize], Failure> {
    match op {
        Operand::Vector(v) => Ok(v),
        _ => Err(unsupported("mma operands are register vectors".into())),
    }
}

type Failure = (HazardKind, String);

/// The combinations the ISA defines for the 4-bit block-scaled kinds (PTX
/// ISA 9.7.14.5.14 mma, "block_scale"): m16n8k64 with e2m1 A and B, f32 C
/// and D; `kind::mxf4` with `.scale_vec::2X` and `.ue8m0`;
/// `kind::mxf4nvf4` with `.scale_vec::2X` and `.ue8m0` or `.scale_vec::4X`
/// and `.ue4m3`. Others are refused by name.
fn check_mxf4(parts: &[&str]) -> Result<(), Failure> {
    let kind = if parts.contains(&"kind::mxf4") { "kind::mxf4" } else { "kind::mxf4nvf4" };
    let vec = parts.iter().find(|p| p.starts_with("scale_vec::")).copied().unwrap_or("");
    let scale = parts.last().copied().unwrap_or("");
    let n = parts.len() - 1;
    let types_ok = n >= 4 && parts[n - 4..n] == ["f32", "e2m1", "e2m1", "f32"];
    let combination = matches!((kind, vec, scale), (_, "scale_vec::2X", "ue8m0") | ("kind::mxf4nvf4", "scale_vec::4X", "ue4m3"));
    if !parts.contains(&"m16n8k64") || !types_ok || !combination {
        return Err(unsupported(format!("{kind} is m16n8k64 with f32.e2m1.e2m1.f32 and .scale_vec::2X.ue8m0{} (PTX ISA 9.7.14.5.14); got .{}", if kind == "kind::mxf4nvf4" { " or .scale_vec::4X.ue4m3" } else { "" }, parts.join("."))));
    }
    Ok(())
}

fn unsupported(m: String) -> Failure {
    (HazardKind::Unsupported, m)
}

/// The bit operation of a `.b1` MMA, summed by population count.
#[derive(Clone, Copy)]
enum B1Op {
    And,
    Xor,
}

/// Executes one `mma.sync` or `mma.sp.sync` for the 32 lanes' register files.
pub fn execute(inst: &Inst, lanes: &mut [&mut Vec<u64>]) -> Result<(), Failure> {
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    let scaled = parts.contains(&"block_scale");
    // The 4-bit kinds pack e2m1 eight a register (m16n8k64).
    let packed4 = parts.contains(&"kind::mxf4") || parts.contains(&"kind::mxf4nvf4");
    if scaled && !packed4 && !parts.contains(&"kind::mxf8f6f4") {
        return Err(unsupported("block-scaled mma is emulated for kind::mxf8f6f4, kind::mxf4 and kind::mxf4nvf4".into()));
    }
    if packed4 {
        check_mxf4(&parts)?;
    }
    let sparse = match parts[1] {
        "sp" => Some(false),
        "sp::ordered_metadata" => Some(true),
        _ => None,
    };
    let shape_text = parts.iter().find(|p| p.starts_with('m') && p.contains('n') && p.contains('k')).ok_or_else(|| unsupported("mma without a shape".into()))?;
    let dims: Vec<usize> = shape_text[1..].split(['n', 'k']).map(|d| d.parse().unwrap_or(0)).collect();
    let shape = (dims[0], dims[1], dims[2]);
    let b1_op = match (parts.contains(&"popc"), parts.contains(&"and"), parts.contains(&"xor")) {
        (true, true, false) => Some(B1Op::And),
        (true, false, true) => Some(B1Op::Xor),
        (false, false, false) => None,
        _ => return Err(unsupported("a binary mma takes one of .and.popc and .xor.popc".into())),
    };
    if !parts.contains(&"row") || !parts.contains(&"col") {
        return Err(unsupported("mma is emulated for .row.col".into()));
    }
    // The types are the last four parts, before a binary MMA's `.bitOp.popc`
    // (`...s32.b1.b1.s32.and.popc`).
    let n = parts.len() - if b1_op.is_some() { 2 } else { 0 } - usize::from(scaled);
    let packed = |t: Ty| if packed4 && t == Ty::E2m1 { Ty::E2m1x4 } else { t };
    let (d_ty, a_ty, b_ty, c_ty) = (ty(parts[n - 4])?, packed(ty(parts[n - 3])?), packed(ty(parts[n - 2])?), ty(parts[n - 1])?);
    if (a_ty == Ty::B1) != b1_op.is_some() {
        return Err(unsupported("a .b1 mma, and only it, names .and.popc or .xor.popc".into()));
    }
    if lanes.len() != 32 {
        return Err(unsupported("mma needs a full warp".into()));
    }
    let operand = |i: usize| inst.operands.get(i).ok_or_else(|| unsupported("mma is missing an operand".into()));
    let (d, a, b, c) = (vector(operand(0)?)?, vector(operand(1)?)?, vector(operand(2)?)?, vector(operand(3)?)?);
    let (m, nn, k) = shape;
    // A sparse A holds K/2 values a row, placed by the dense tables of
    // m16n8(K/2) (PTX ISA 9.7.14.6.2: "the layout of fragment A is the
    // same as ... without sparsity"); the metadata places them in K.
    let stored_k = if sparse.is_some() { k / 2 } else { k };
    // Elements per lane of each fragment.
    let per_lane = |rows: usize, cols: usize| rows * cols / 32;
    let (na, nb, nc) = (per_lane(m, stored_k), per_lane(k, nn), per_lane(m, nn));
    let mut am = vec![vec![0.0; k]; m];
    let mut bm = vec![vec![f64::NAN; nn]; k];
    let mut cm = vec![vec![f64::NAN; nn]; m];
    let sparsity = match sparse {
        Some(ordered) => Some(Sparsity::new(inst, a_ty, shape, ordered, lanes)?),
        None => None,
    };
    let not_emulated = || unsupported(format!("mma shape m{m}n{nn}k{k} with .{} inputs is not emulated", parts[n - 3]));
    for (lane, regs) in lanes.iter().enumerate() {
        let read = |v: &[usize]| v.iter().map(|r| regs[*r]).collect::<Vec<u64>>();
        let (ra, rb, rc) = (read(a), read(b), read(c));
        for i in 0..na {
            let (r, col) = position('A', (m, nn, stored_k), a_ty, lane, i);
            if r >= m || col >= stored_k {
                return Err(not_emulated());
            }
            let col = match &sparsity {
                Some(s) => s.column(r, col)?,
                None => col,
            };
            am[r][col] = element(&ra, i, a_ty);
        }
        for i in 0..nb {
            let (r, col) = if sparse.is_some() { sparse_b(a_ty, lane, i) } else { position('B', shape, a_ty, lane, i) };
            if r >= k || col >= nn {
                return Err(not_emulated());
            }
            bm[r][col] = element(&rb, i, b_ty);
        }
        for i in 0..nc {
            let (r, col) = position('C', shape, a_ty, lane, i);
            cm[r][col] = element(&rc, i, c_ty);
        }
    }
    if scaled {
        // D = (A * scale_A) * (B * scale_B) + C, chunk j of K scaled by the
        // row's (column's) scale j.
        let scale = BlockScale::new(inst, &parts, lanes)?;
        let chunk = k / scale.chunks;
        for (r, row) in am.iter_mut().enumerate() {
            for (kk, v) in row.iter_mut().enumerate() {
                *v *= scale.a[r][kk / chunk];
            }
        }
        for (kk, row) in bm.iter_mut().enumerate() {
            for (col, v) in row.iter_mut().enumerate() {
                *v *= scale.b[col][kk / chunk];
            }
        }
    }
    for (lane, regs) in lanes.iter_mut().enumerate() {
        let mut out = vec![0u64; d.len()];
        for i in 0..nc {
            let (r, col) = position('C', shape, a_ty, lane, i);
            let value = match d_ty {
                Ty::S32 => {
                    let mut acc = cm[r][col] as i64 as i32;
                    for kk in 0..k {
                        let (x, y) = (am[r][kk] as i32, bm[kk][col] as i32);
                        // .b1: the popc of (a AND b) or (a XOR b) over K.
                        let term = match b1_op {
                            Some(B1Op::Xor) => x ^ y,
                            _ => x.wrapping_mul(y),
                        };
                        acc = acc.wrapping_add(term);
                    }
                    u64::from(acc as u32)
                }
                Ty::F64 => {
                    let mut acc = cm[r][col];
                    for kk in 0..k {
                        acc = am[r][kk].mul_add(bm[kk][col], acc);
                    }
                    acc.to_bits()
                }
                _ => {
                    let mut acc = cm[r][col] as f32;
                    for kk in 0..k {
                        acc += (am[r][kk] * bm[kk][col]) as f32;
                    }
                    match d_ty {
                        Ty::F16 => u64::from(f16::from_f32(acc).to_bits()),
                        _ => u64::from(acc.to_bits()),
                    }
                }
            };
            let b = bits(d_ty) as usize;
            let per = (32 / b).max(1);
            out[i / per] |= if b == 64 { value } else { value << (b * (i % per)) };
        }
        for (j, r) in d.iter().enumerate() {
            regs[*r] = out[j];
        }
    }
    Ok(())
}

/// Row and column of value `i` of lane `lane` in a sparse MMA's B (K x N):
/// PTX ISA 9.7.14.6.2, the dense m16n8 tables extended to the sparse K
/// (`per` values a 32-bit register; registers step 4 * `per` rows).
fn sparse_b(a: Ty, lane: usize, i: usize) -> (usize, usize) {
    let per = (32 / bits(a) as usize).max(1);
    let (g, t) = (lane >> 2, lane % 4);
    (per * t + i % per + 4 * per * (i / per), g)
}

/// The metadata of an `mma.sp` (PTX ISA 9.7.14.6.1 "Sparse matrix
/// storage"): each row of A is cut into chunks of four index units (an
/// element of 16 or 8 bits, a pair of 4-bit elements, half of a tf32
/// element) of which two are stored, their 2-bit indices a 4-bit nibble
/// of the metadata (the first stored value's index in the low bits). A
/// group of four lanes (rows g and g + 8) keeps its metadata in one, two
/// or four of its lanes, chosen by the sparsity selector (9.7.14.6.2, the
/// metadata figures):
/// - 16-bit and tf32 inputs: a lane holds four chunks of both rows, row g
///   in bits 15..0 and row g + 8 in bits 31..16, the lanes in order of K;
/// - 8- and 4-bit inputs: a lane holds eight chunks of one row, lanes
///   (row g, row g + 8) for the first 8 chunks, then the next two lanes.
///
/// An H100 agrees on every shape (session 13: `scripts/gpu_check.sh`
/// over the atom kernels of `tests/emulator_atoms.rs`).
struct Sparsity {
    /// Each lane's metadata word.
    words: Vec<u32>,
    /// 8- and 4-bit inputs: a lane's word is eight chunks of one row.
    row_a_lane: bool,
    /// The first lane of a group that holds metadata.
    first: usize,
    /// Elements of a chunk, stored values of a chunk, elements of a unit
    /// (0 for tf32, whose units are half elements).
    chunk: usize,
    stored: usize,
    unit: usize,
    ordered: bool,
}

impl Sparsity {
    fn new(inst: &Inst, a: Ty, (_, _, k): (usize, usize, usize), ordered: bool, lanes: &[&mut Vec<u64>]) -> Result<Self, Failure> {
        let (chunk, stored, unit) = match a {
            Ty::F16 | Ty::Bf16 | Ty::S8 | Ty::U8 | Ty::E4m3 | Ty::E5m2 => (4, 2, 1),
            Ty::S4 | Ty::U4 => (8, 4, 2),
            Ty::Tf32 => (2, 1, 0),
            _ => return Err(unsupported("mma.sp is emulated for 16-, 8- and 4-bit inputs and tf32".into())),
        };
        let holders = k / chunk / 4;
        let selector = match inst.operands.get(5) {
            Some(Operand::Imm(v)) => *v as usize,
            _ => return Err(unsupported("mma.sp takes an immediate sparsity selector".into())),
        };
        if !matches!(holders, 1 | 2 | 4) {
            return Err(unsupported(format!("mma.sp with K = {k} is not emulated")));
        }
        if selector >= 4 / holders {
            return Err((HazardKind::Undefined, format!("sparsity selector {selector} with metadata in {holders} lanes of four (PTX ISA 9.7.14.6.1: undefined)")));
        }
        let words = lanes
            .iter()
            .map(|regs| match inst.operands.get(4) {
                Some(Operand::Reg(r)) => Ok(regs[*r] as u32),
                Some(Operand::Imm(v)) => Ok(*v as u32),
                _ => Err(unsupported("mma.sp metadata is a register".into())),
            })
            .collect::<Result<_, _>>()?;
        Ok(Sparsity { words, row_a_lane: bits(a) <= 8, first: selector * holders, chunk, stored, unit, ordered })
    }

    /// The column in K of stored column `col` of row `row`.
    fn column(&self, row: usize, col: usize) -> Result<usize, Failure> {
        let (chunk, slot) = (col / self.stored, col % self.stored);
        let upper = usize::from(row >= 8);
        let (lane, shift) = if self.row_a_lane {
            (4 * (row % 8) + self.first + upper + 2 * (chunk / 8), 4 * (chunk % 8))
        } else {
            (4 * (row % 8) + self.first + chunk / 4, 4 * (chunk % 4) + 16 * upper)
        };
        let nibble = (self.words[lane] >> shift) & 0xf;
        let (i0, i1) = ((nibble & 3) as usize, (nibble >> 2) as usize);
        let undefined = |why: &str| (HazardKind::Undefined, format!("metadata 0b{nibble:04b} of lane {lane} for row {row}, chunk {chunk} {why} (PTX ISA 9.7.14.6.1: undefined)"));
        if self.unit == 0 {
            // tf32: 0b0100 keeps element 0 of the pair, 0b1110 element 1.
            return match nibble {
                0b0100 => Ok(2 * chunk),
                0b1110 => Ok(2 * chunk + 1),
                _ => Err(undefined("is not 0b0100 or 0b1110")),
            };
        }
        if i0 == i1 {
            return Err(undefined("names one element twice"));
        }
        if self.ordered && i0 > i1 {
            return Err(undefined("is out of order for ::ordered_metadata"));
        }
        let index = if slot / self.unit == 0 { i0 } else { i1 };
        Ok(chunk * self.chunk + index * self.unit + slot % self.unit)
    }
}
