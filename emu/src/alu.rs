//! One thread's instruction (PTX ISA 9.7): integer, floating-point and
//! logic arithmetic, conversions, comparisons and branches here; memory,
//! the SM-tier families and the collectives are dispatched to their files.

use crate::machine::*;
use crate::ptx::{Inst, Operand};
use half::{bf16, f16};

/// Bits of a type suffix (`b32`, `s64`, `f16`, `pred`).
pub(crate) fn bits(ty: &str) -> Option<u32> {
    match ty {
        "pred" => Some(1),
        "f16x2" | "bf16x2" => Some(32),
        "f32x2" => Some(64),
        _ => {
            let digits = ty.trim_start_matches(|c: char| c.is_ascii_alphabetic());
            if ty.len() == digits.len() || !matches!(&ty[..1], "b" | "s" | "u" | "f") {
                return None;
            }
            digits.parse().ok()
        }
    }
}

pub(crate) fn is_type(part: &str) -> bool {
    bits(part).is_some() && part != "pred" || part == "pred"
}

pub(crate) fn mask(v: u64, bits: u32) -> u64 {
    if bits >= 64 { v } else { v & ((1u64 << bits) - 1) }
}

pub(crate) fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 { v as i64 } else { ((v << (64 - bits)) as i64) >> (64 - bits) }
}

pub(crate) fn float_of(v: u64, ty: &str) -> f64 {
    match ty {
        "f32" => f64::from(f32::from_bits(v as u32)),
        "f64" => f64::from_bits(v),
        "f16" => f64::from(f16::from_bits(v as u16).to_f32()),
        "bf16" => f64::from(bf16::from_bits(v as u16).to_f32()),
        _ => 0.0,
    }
}

pub(crate) fn bits_of_float(x: f64, ty: &str) -> u64 {
    match ty {
        "f32" => u64::from((x as f32).to_bits()),
        "f64" => x.to_bits(),
        "f16" => u64::from(f16::from_f64(x).to_bits()),
        "bf16" => u64::from(bf16::from_f64(x).to_bits()),
        _ => 0,
    }
}

/// An instruction's operand type (its last type part) and what the
/// arithmetic reads of it.
#[derive(Clone, Copy)]
struct Kind<'p> {
    ty: &'p str,
    width: u32,
    float: bool,
    signed: bool,
}

impl<'p> Kind<'p> {
    fn of(parts: &[&'p str]) -> Self {
        let ty = parts.iter().rev().find(|p| is_type(p)).copied().unwrap_or("b32");
        Kind { ty, width: bits(ty).unwrap_or(32), float: ty.starts_with('f') && ty != "f16x2", signed: ty.starts_with('s') }
    }
}

impl Cta<'_> {
    pub(crate) fn set(&mut self, t: usize, op: &Operand, v: u64, inst: &Inst) -> Result<(), Stop> {
        match op {
            Operand::Reg(r) => {
                self.threads[t].regs[*r] = v;
                Ok(())
            }
            _ => Err(Stop(HazardKind::Unsupported, format!("the destination of {} is not a register", describe(inst)))),
        }
    }

        pub(crate) fn execute(&mut self, t: usize, inst: &Inst, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
        let kind = Kind::of(&parts);
        let Kind { ty, width, float, signed } = kind;
        let val = |cta: &Self, i: usize| cta.value(t, inst.op(i)?, config, inst);
        let unsupported = || Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)));
        match parts[0] {
            "mov" => {
                let v = if let Operand::Vector(parts) = inst.op(1)? {
                    // Packing (PTX ISA 9.7.9.10): {lo, .., hi} into one value.
                    let piece = width / parts.len() as u32;
                    parts.iter().enumerate().fold(0, |acc, (i, r)| acc | (mask(self.threads[t].regs[*r], piece) << (piece * i as u32)))
                } else {
                    mask(val(self, 1)?, width)
                };
                if let Operand::Vector(parts) = inst.op(0)? {
                    // Unpacking (PTX ISA 9.7.9.10): {lo, .., hi} take equal
                    // slices of the source, the first the low bits.
                    let piece = width / parts.len() as u32;
                    for (i, r) in parts.iter().enumerate() {
                        self.threads[t].regs[*r] = mask(v >> (piece * i as u32), piece);
                    }
                } else {
                    self.set(t, inst.op(0)?, v, inst)?;
                }
            }
            "add" | "sub" | "min" | "max" | "div" | "rem" | "mul" | "mad" | "fma" => self.arithmetic(t, inst, &parts, kind, config)?,
            "and" | "or" | "xor" => {
                let (a, b) = (val(self, 1)?, val(self, 2)?);
                let r = match parts[0] {
                    "and" => a & b,
                    "or" => a | b,
                    _ => a ^ b,
                };
                self.set(t, inst.op(0)?, mask(r, width), inst)?;
            }
            "prmt" => {
                // PTX ISA 9.7.8.7, the default mode: bytes 0..3 of a and
                // 4..7 of b; result byte i is the byte that nibble i of c
                // selects (its bit 3 replicates the byte's sign instead).
                if parts.len() != 2 || parts[1] != "b32" {
                    return Err(unsupported());
                }
                let bytes = mask(val(self, 1)?, 32) | (mask(val(self, 2)?, 32) << 32);
                let c = val(self, 3)?;
                let r = (0..4).fold(0u64, |acc, i| {
                    let selector = (c >> (4 * i)) & 0xf;
                    let byte = (bytes >> (8 * (selector & 7))) & 0xff;
                    let byte = if selector & 8 != 0 { if byte & 0x80 != 0 { 0xff } else { 0 } } else { byte };
                    acc | (byte << (8 * i))
                });
                self.set(t, inst.op(0)?, r, inst)?;
            }
            "not" => {
                let a = val(self, 1)?;
                self.set(t, inst.op(0)?, mask(!a, width), inst)?;
            }
            "clz" | "tanh" | "ex2" | "rcp" => self.special_unary(t, inst, &parts, kind, config)?,
            "neg" | "abs" => {
                let a = val(self, 1)?;
                let r = if float {
                    let x = float_of(a, ty);
                    bits_of_float(if parts[0] == "neg" { -x } else { x.abs() }, ty)
                } else {
                    let x = sext(a, width);
                    mask(if parts[0] == "neg" { x.wrapping_neg() } else { x.wrapping_abs() } as u64, width)
                };
                self.set(t, inst.op(0)?, r, inst)?;
            }
            "shl" | "shr" => {
                let (a, s) = (val(self, 1)?, mask(val(self, 2)?, 32));
                let r = if parts[0] == "shl" {
                    if s >= u64::from(width) { 0 } else { mask(a << s, width) }
                } else if signed {
                    let x = sext(a, width);
                    mask((x >> s.min(u64::from(width) - 1)) as u64, width)
                } else if s >= u64::from(width) {
                    0
                } else {
                    mask(a, width) >> s
                };
                self.set(t, inst.op(0)?, r, inst)?;
            }
            "selp" => {
                let c = val(self, 3)?;
                let r = if c != 0 { val(self, 1)? } else { val(self, 2)? };
                self.set(t, inst.op(0)?, mask(r, width), inst)?;
            }
            "setp" => self.compare(t, inst, &parts, kind, config)?,
            "cvt" => self.convert(t, inst, &parts, config)?,
            "cvta" => {
                // cvta.shared / cvta.local: state-space offset -> generic; cvta.to.*: back.
                let a = val(self, 1)?;
                let shared = |p: Option<&&str>| p.is_some_and(|p| p.starts_with("shared"));
                let local = |p: Option<&&str>| p == Some(&"local");
                let r = match (parts.get(1), parts.get(2)) {
                    (Some(&"to"), p) if shared(p) => a.wrapping_sub(SHARED_WINDOW),
                    (p, _) if shared(p) => a.wrapping_add(SHARED_WINDOW),
                    (Some(&"to"), p) if local(p) => a.wrapping_sub(LOCAL_WINDOW),
                    (p, _) if local(p) => a.wrapping_add(LOCAL_WINDOW),
                    // Global and parameter addresses are generic as they are here.
                    _ => a,
                };
                self.set(t, inst.op(0)?, r, inst)?;
            }
            "bfe" => {
                let (a, pos, len) = (val(self, 1)?, mask(val(self, 2)?, 8) as u32, mask(val(self, 3)?, 8) as u32);
                let r = if len == 0 {
                    0
                } else {
                    let field = if pos >= width { 0 } else { mask(mask(a, width) >> pos, len.min(width)) };
                    let top = (pos + len).min(width) - 1;
                    let sign = signed && (if pos >= width { a >> (width - 1) } else { a >> top }) & 1 == 1;
                    if sign { mask(field | (!0u64 << len.min(63)), width) } else { field }
                };
                self.set(t, inst.op(0)?, r, inst)?;
            }
            "mbarrier" => crate::mbarrier::mbarrier(self, t, inst, &parts, config, report)?,
            "tcgen05" => crate::sm100::execute(self, t, inst, config, report)?,
            // Fences order proxies on hardware; the emulator's memory is one.
            // fence.proxy.async orders the thread's generic writes before
            // later async-proxy reads; other fences order a memory the
            // emulator keeps sequentially consistent.
            "fence" => {
                if parts.get(1) == Some(&"proxy") && parts.get(2).is_some_and(|p| p.starts_with("async")) {
                    self.threads[t].proxy_epoch += 1;
                }
                if parts.get(1) == Some(&"mbarrier_init") {
                    self.threads[t].unreleased_inits.clear();
                }
            }
            "prefetch" => {}
            "mapa" => self.mapa(t, inst, &parts, config)?,
            "wgmma" => {} // fence / commit_group / wait_group: the MMA completes at issue here
            "cp" if parts.get(2) == Some(&"bulk") => crate::sm90::bulk(self, t, inst, &parts, config, buffers, report)?,
            "ld" => self.load(t, inst, &parts, ty, config, buffers, report)?,
            "st" => self.store(t, inst, &parts, ty, config, buffers, report)?,
            "cp" => self.cp_async(t, inst, &parts, config, buffers, report)?,
            _ => return Err(unsupported()),
        }
        Ok(())
    }
    /// `add`, `sub`, `mul` (`.lo`, `.hi`, `.wide`), `mad`, `fma`, `min`,
    /// `max`, `div`, `rem` (PTX ISA 9.7.1 integer and 9.7.3 floating-point
    /// arithmetic): integers at their width, wrapping; f32 results rounded
    /// to f32 (round to nearest even), fused multiply-adds rounded once.
    /// `clz` (PTX ISA 9.7.1.16: the leading zeros of a .b32 or .b64 value,
    /// a .u32 result; FastDivmod's shift, ceil(log2 d)), `tanh.approx.f32`
    /// (9.7.3.22) and `ex2.approx{.ftz}.f32` (9.7.3.21): the correctly
    /// rounded function; a GPU's result differs by up to the ISA's bound
    /// (relative 2^-10.987 for tanh, 2^-22 for ex2), so kernels using them
    /// are compared with a tolerance on a GPU.
    fn special_unary(&mut self, t: usize, inst: &Inst, parts: &[&str], k: Kind, config: &Config) -> Result<(), Stop> {
        let a = self.value(t, inst.op(1)?, config, inst)?;
        let r = if parts[0] == "clz" {
            let a = mask(a, k.width);
            u64::from(if a == 0 { k.width } else { a.leading_zeros() - (64 - k.width) })
        } else if parts[0] == "rcp" && (k.ty == "f32" || k.ty == "f64") && (parts.contains(&"rn") || parts.contains(&"approx")) {
            // PTX ISA 9.7.3.11 rcp: `.rn` is the IEEE reciprocal, correctly
            // rounded; `.approx` is within 1 ulp, here the same value.
            // `.ftz` flushes subnormal inputs and results to zero.
            let ftz = parts.contains(&"ftz");
            let x = float_of(a, k.ty);
            let x = if ftz && x != 0.0 && x.abs() < f64::from(f32::MIN_POSITIVE) { 0.0f64.copysign(x) } else { x };
            let r = if k.ty == "f32" { f64::from(1.0f32 / x as f32) } else { 1.0 / x };
            let r = if ftz && r != 0.0 && r.abs() < f64::from(f32::MIN_POSITIVE) { 0.0f64.copysign(r) } else { r };
            bits_of_float(r, k.ty)
        } else {
            if !parts.contains(&"approx") || k.ty != "f32" {
                return Err(Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst))));
            }
            let ftz = parts.contains(&"ftz");
            let flush = |x: f64| if ftz && x != 0.0 && x.abs() < f64::from(f32::MIN_POSITIVE) { 0.0f64.copysign(x) } else { x };
            let x = flush(float_of(a, k.ty));
            let r = if parts[0] == "tanh" { x.tanh() } else { x.exp2() };
            bits_of_float(flush(f64::from(r as f32)), k.ty)
        };
        self.set(t, inst.op(0)?, r, inst)
    }

    fn arithmetic(&mut self, t: usize, inst: &Inst, parts: &[&str], k: Kind, config: &Config) -> Result<(), Stop> {
        let Kind { ty, width, float, signed } = k;
        let val = |cta: &Self, i: usize| cta.value(t, inst.op(i)?, config, inst);
        let unsupported = || Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)));
        let (a, b) = (val(self, 1)?, val(self, 2)?);
        if let Some(elem) = ty.strip_suffix("x2") {
            // Packed floats (PTX ISA 9.7.4 f16x2 / bf16x2, 9.7.3 f32x2): the
            // operation on each of the two elements, the first the low half.
            let eb = width / 2;
            let c = if matches!(parts[0], "fma" | "mad") { val(self, 3)? } else { 0 };
            let mut r = 0u64;
            for i in 0..2 {
                let lane = |v: u64| mask(v >> (eb * i), eb);
                let (x, y, z) = (float_of(lane(a), elem), float_of(lane(b), elem), float_of(lane(c), elem));
                let v = match parts[0] {
                    "add" => x + y,
                    "sub" => x - y,
                    "mul" => x * y,
                    "min" => x.min(y),
                    "max" => x.max(y),
                    // One rounding of the fused product and sum.
                    "fma" => if elem == "f32" { f64::from((x as f32).mul_add(y as f32, z as f32)) } else { x.mul_add(y, z) },
                    _ => return Err(unsupported()),
                };
                // Each element's result rounds to its type (to nearest even).
                r |= mask(bits_of_float(if elem == "f32" { f64::from(v as f32) } else { v }, elem), eb) << (eb * i);
            }
            return self.set(t, inst.op(0)?, r, inst);
        }
        let r = if float {
            let (x, y) = (float_of(a, ty), float_of(b, ty));
            let r = match parts[0] {
                "add" => x + y,
                "sub" => x - y,
                "mul" => x * y,
                "min" => x.min(y),
                "max" => x.max(y),
                "div" => x / y,
                "fma" | "mad" => {
                    let c = float_of(val(self, 3)?, ty);
                    if ty == "f32" { f64::from((x as f32).mul_add(y as f32, c as f32)) } else { x.mul_add(y, c) }
                }
                _ => return Err(unsupported()),
            };
            // f32 arithmetic rounds each result to f32 (round to nearest even: .rn).
            bits_of_float(if ty == "f32" && parts[0] != "fma" && parts[0] != "mad" { f64::from(r as f32) } else { r }, ty)
        } else {
            let wide = parts.contains(&"wide");
            let hi = parts.contains(&"hi");
            let (sa, sb) = (sext(a, width), sext(b, width));
            let (ua, ub) = (mask(a, width), mask(b, width));
            let product = |signed: bool| -> u128 {
                if signed { (i128::from(sa) * i128::from(sb)) as u128 } else { u128::from(ua) * u128::from(ub) }
            };
            match parts[0] {
                "add" => mask(a.wrapping_add(b), width),
                "sub" => mask(a.wrapping_sub(b), width),
                "min" => if signed { mask(sa.min(sb) as u64, width) } else { ua.min(ub) },
                "max" => if signed { mask(sa.max(sb) as u64, width) } else { ua.max(ub) },
                "div" | "rem" => {
                    if ub == 0 {
                        return Err(Stop(HazardKind::Unsupported, format!("division by zero in {}", describe(inst))));
                    }
                    let r = match (parts[0], signed) {
                        ("div", true) => sa.wrapping_div(sb) as u64,
                        ("div", false) => ua / ub,
                        (_, true) => sa.wrapping_rem(sb) as u64,
                        (_, false) => ua % ub,
                    };
                    mask(r, width)
                }
                "mul" | "mad" => {
                    let p = product(signed);
                    let base = if wide {
                        mask(p as u64, 2 * width)
                    } else if hi {
                        mask((p >> width) as u64, width)
                    } else {
                        mask(p as u64, width)
                    };
                    if parts[0] == "mad" {
                        let out = if wide { 2 * width } else { width };
                        mask(base.wrapping_add(val(self, 3)?), out)
                    } else {
                        base
                    }
                }
                _ => return Err(unsupported()),
            }
        };
        self.set(t, inst.op(0)?, r, inst)
    }

    /// `setp.cmp.type` (PTX ISA 9.7.7.1): signed, unsigned (`lo`, `ls`, `hi`,
    /// `hs`, or an unsigned type) and floating-point comparisons, the `u`
    /// forms true for unordered (NaN) operands.
    fn compare(&mut self, t: usize, inst: &Inst, parts: &[&str], k: Kind, config: &Config) -> Result<(), Stop> {
        let Kind { ty, width, float, signed } = k;
        let val = |cta: &Self, i: usize| cta.value(t, inst.op(i)?, config, inst);
        let unsupported = || Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)));
        let cmp = parts[1];
        let (a, b) = (val(self, 1)?, val(self, 2)?);
        let r = if float {
            let (x, y) = (float_of(a, ty), float_of(b, ty));
            let unordered = x.is_nan() || y.is_nan();
            match cmp {
                "eq" => x == y,
                "ne" => x != y && !unordered,
                "lt" => x < y,
                "le" => x <= y,
                "gt" => x > y,
                "ge" => x >= y,
                "equ" => x == y || unordered,
                "neu" => x != y,
                "ltu" => !(x >= y),
                "leu" => !(x > y),
                "gtu" => !(x <= y),
                "geu" => !(x < y),
                "num" => !unordered,
                "nan" => unordered,
                _ => return Err(unsupported()),
            }
        } else {
            let (sa, sb, ua, ub) = (sext(a, width), sext(b, width), mask(a, width), mask(b, width));
            let unsigned_cmp = !signed;
            match cmp {
                "eq" => ua == ub,
                "ne" => ua != ub,
                "lt" => if unsigned_cmp { ua < ub } else { sa < sb },
                "le" => if unsigned_cmp { ua <= ub } else { sa <= sb },
                "gt" => if unsigned_cmp { ua > ub } else { sa > sb },
                "ge" => if unsigned_cmp { ua >= ub } else { sa >= sb },
                "lo" => ua < ub,
                "ls" => ua <= ub,
                "hi" => ua > ub,
                "hs" => ua >= ub,
                _ => return Err(unsupported()),
            }
        };
        self.set(t, inst.op(0)?, u64::from(r), inst)
    }

    /// `cvt{.rnd}.dtype.atype` (PTX ISA 9.7.9.21) between integer and float
    /// types with the rounding modifiers, and `cvt.rn.{f16x2,bf16x2}.f32`.
    fn convert(&mut self, t: usize, inst: &Inst, parts: &[&str], config: &Config) -> Result<(), Stop> {
        let val = |cta: &Self, i: usize| cta.value(t, inst.op(i)?, config, inst);
        let unsupported = || Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)));
        // cvt{.rnd}.dtype.atype (PTX ISA 9.7.9.21).
        let types: Vec<&str> = parts.iter().copied().filter(|p| is_type(p)).collect();
        let (dst, src) = (types[0], types[1]);
        if matches!(dst, "f16x2" | "bf16x2") && src == "f32" {
            // cvt.rn.{f16x2,bf16x2}.f32 d, a, b: a converted into the
            // upper half of d, b into the lower (round to nearest even).
            if !parts.contains(&"rn") || inst.operands.len() != 3 {
                return Err(unsupported());
            }
            let half = if dst == "f16x2" { "f16" } else { "bf16" };
            let (a, b) = (float_of(val(self, 1)?, "f32"), float_of(val(self, 2)?, "f32"));
            let r = (bits_of_float(a, half) << 16) | bits_of_float(b, half);
            return self.set(t, inst.op(0)?, r, inst);
        }
        let a = val(self, 1)?;
        let (db, sb) = (bits(dst).unwrap_or(32), bits(src).unwrap_or(32));
        let r = match (dst.starts_with('f'), src.starts_with('f')) {
            (false, false) => {
                let v = if src.starts_with('s') { sext(a, sb) as u64 } else { mask(a, sb) };
                mask(v, db)
            }
            (true, true) => bits_of_float(float_of(a, src), dst),
            (true, false) => {
                let v = if src.starts_with('s') { sext(a, sb) as f64 } else { mask(a, sb) as f64 };
                bits_of_float(v, dst)
            }
            (false, true) => {
                let x = float_of(a, src);
                // .rzi truncates, .rni rounds to nearest even (PTX ISA: integer rounding modifiers).
                let x = if parts.contains(&"rni") { x.round_ties_even() } else if parts.contains(&"rmi") { x.floor() } else if parts.contains(&"rpi") { x.ceil() } else { x.trunc() };
                mask(if dst.starts_with('s') { x as i64 as u64 } else { x as u64 }, db)
            }
        };
        self.set(t, inst.op(0)?, r, inst)
    }
}
