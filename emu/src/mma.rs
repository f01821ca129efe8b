//! `mma.sync.aligned` (PTX ISA 9.7.14.5.14 "Matrix Fragments for mma.m16n8k*"
//! and 9.7.14.5.13 for m8n8k4 .f64): each lane holds the elements the ISA's
//! fragment tables assign it; `groupID = laneid >> 2`,
//! `threadID_in_group = laneid % 4`. D = A * B + C with row-major A (M x K)
//! and column-major B (K x N), accumulated in f32 (f16 accumulators are
//! rounded at the end), s32 (wrapping) or f64.

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
    S4,
    U4,
}

fn ty(name: &str) -> Result<Ty, String> {
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
        other => return Err(format!("mma element type .{other} is not emulated")),
    })
}

fn bits(t: Ty) -> u32 {
    match t {
        Ty::F16 | Ty::Bf16 => 16,
        Ty::S8 | Ty::U8 | Ty::E4m3 | Ty::E5m2 => 8,
        Ty::S4 | Ty::U4 => 4,
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
        Ty::E4m3 => fp8(raw as u8, 4, 3),
        Ty::E5m2 => fp8(raw as u8, 5, 2),
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

fn vector(op: &Operand) -> Result<&[usize], String> {
    match op {
        Operand::Vector(v) => Ok(v),
        _ => Err("mma operands are register vectors".into()),
    }
}

/// Executes one `mma.sync` for the 32 lanes' register files.
pub fn execute(inst: &Inst, lanes: &mut [&mut Vec<u64>]) -> Result<(), String> {
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    if parts.iter().any(|p| matches!(*p, "sp" | "block_scale" | "kind::mxf8f6f4")) {
        return Err("sparse and block-scaled mma are not emulated".into());
    }
    let shape_text = parts.iter().find(|p| p.starts_with('m') && p.contains('n') && p.contains('k')).ok_or("mma without a shape")?;
    let dims: Vec<usize> = shape_text[1..].split(['n', 'k']).map(|d| d.parse().unwrap_or(0)).collect();
    let shape = (dims[0], dims[1], dims[2]);
    if !parts.contains(&"row") || !parts.contains(&"col") {
        return Err("mma is emulated for .row.col".into());
    }
    let n = parts.len();
    let (d_ty, a_ty, b_ty, c_ty) = (ty(parts[n - 4])?, ty(parts[n - 3])?, ty(parts[n - 2])?, ty(parts[n - 1])?);
    if lanes.len() != 32 {
        return Err("mma needs a full warp".into());
    }
    let (d, a, b, c) = (vector(&inst.operands[0])?, vector(&inst.operands[1])?, vector(&inst.operands[2])?, vector(&inst.operands[3])?);
    let (m, nn, k) = shape;
    // Elements per lane of each fragment.
    let per_lane = |rows: usize, cols: usize| rows * cols / 32;
    let (na, nb, nc) = (per_lane(m, k), per_lane(k, nn), per_lane(m, nn));
    let mut am = vec![vec![f64::NAN; k]; m];
    let mut bm = vec![vec![f64::NAN; nn]; k];
    let mut cm = vec![vec![f64::NAN; nn]; m];
    for (lane, regs) in lanes.iter().enumerate() {
        let read = |v: &[usize]| v.iter().map(|r| regs[*r]).collect::<Vec<u64>>();
        let (ra, rb, rc) = (read(a), read(b), read(c));
        for i in 0..na {
            let (r, col) = position('A', shape, a_ty, lane, i);
            if r >= m || col >= k {
                return Err(format!("mma shape m{m}n{nn}k{k} with .{} inputs is not emulated", parts[n - 3]));
            }
            am[r][col] = element(&ra, i, a_ty);
        }
        for i in 0..nb {
            let (r, col) = position('B', shape, a_ty, lane, i);
            if r >= k || col >= nn {
                return Err(format!("mma shape m{m}n{nn}k{k} is not emulated"));
            }
            bm[r][col] = element(&rb, i, b_ty);
        }
        for i in 0..nc {
            let (r, col) = position('C', shape, a_ty, lane, i);
            cm[r][col] = element(&rc, i, c_ty);
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
                        acc = acc.wrapping_add((am[r][kk] as i32).wrapping_mul(bm[kk][col] as i32));
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
