//! `tcgen05.mma` (PTX ISA 9.7.16.10): the UMMA of the SM100 tensor core,
//! its instruction descriptor decoded per kind ([`decode_mma`]), its
//! operands read through shared-memory descriptors or from tensor memory,
//! block scaling ([`scale_rows`]) and structured sparsity ([`expand_sparse`]);
//! tensor memory itself and the other tcgen05 instructions are in
//! [`crate::sm100`].

use crate::machine::{describe, Config, Cta, HazardKind, Report, Stop};
use crate::ptx::{Inst, Operand};
use crate::sm100::{bad, illegal, COLUMNS, LANES};
use half::{bf16, f16};

/// The shared byte of element (row, k) of an operand described by an SM100
/// shared-memory descriptor (PTX ISA 9.7.16.4.1): start, leading and stride
/// byte offsets as GMMA's, the swizzle in bits 61..63 (0 none, 2 128 bytes,
/// 4 64 bytes, 6 32 bytes), and the canonical layouts tcgen05 shares with
/// GMMA (`sm90::canonical_address`): K-major, or MN-major when the
/// instruction descriptor's transpose bit says so.
pub(crate) fn descriptor_address(desc: u64, row: u64, k: u64, element_bytes: u64, mn_major: bool) -> Result<u64, String> {
    let swizzle = match desc >> 61 {
        0 => 0,
        2 => 128,
        4 => 64,
        6 => 32,
        other => return Err(format!("descriptor swizzle mode {other} is not emulated")),
    };
    crate::sm90::canonical_address(desc, swizzle, row, k, element_bytes, mn_major)
}

/// `rows` rows of 16 f16 (`format` 0) or bf16 (1) values of an A operand in
/// tensor memory at `taddr`: row r in lane lane0 + r (the M = 128 data
/// path, Layout D of PTX ISA 9.7.16.10.5.4), K along the columns with two
/// 16-bit elements packed in each 32-bit cell, the lower k in the low half
/// (A's sub-word elements are packed, 9.7.16.10.4.2-3; D's are not).
fn tmem_operand_rows(cta: &Cta, taddr: u32, rows: usize, format: u32, inst: &Inst) -> Result<Vec<[f64; 16]>, Stop> {
    let (lane0, column0) = ((taddr >> 16) as usize, (taddr & 0xffff) as usize);
    if cta.tmem.is_empty() || lane0 + rows > LANES || column0 + 8 > cta.tmem_columns {
        return Err(Stop(
            HazardKind::OutOfBounds,
            format!("{}: A of {rows} x 16 at lane {lane0}, column {column0} is outside the {} allocated columns of tensor memory", describe(inst), cta.tmem_columns),
        ));
    }
    let mut out = vec![[0f64; 16]; rows];
    for (row, values) in out.iter_mut().enumerate() {
        for (k, v) in values.iter_mut().enumerate() {
            let cell = cta.tmem[(lane0 + row) * COLUMNS + column0 + k / 2];
            let bits = (cell >> (16 * (k % 2))) as u16;
            *v = if format == 0 { f64::from(f16::from_bits(bits).to_f32()) } else { f64::from(bf16::from_bits(bits).to_f32()) };
        }
    }
    Ok(out)
}

/// A UMMA operand's element type: the instruction descriptor's A / B type
/// field decoded for the kind (PTX ISA 9.7.16.4.2, tables 45-47).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    F16,
    Bf16,
    Tf32,
    E4m3,
    E5m2,
    U8,
    S8,
    /// The 6- and 4-bit types of `.kind::f8f6f4` and `.kind::mxf8f6f4`:
    /// in shared memory each 16 of K are packed, LSB first, into the first
    /// 12 (6-bit) or 8 (4-bit) bytes of a 16-byte chunk, the rest padding
    /// (9.7.16.10.4.4; the TMA formats 16U6_ALIGN16B and 16U4_ALIGN16B), so
    /// the operand has an 8-bit type's geometry.
    E2m3,
    E3m2,
    E2m1,
    /// e2m1 of `.kind::mxf4` / `.kind::mxf4nvf4`: two a byte, the lower k
    /// in the low nibble, no padding (9.7.16.10.4.6).
    E2m1x2,
}

impl Elem {
    fn bytes(self) -> u64 {
        match self {
            Elem::F16 | Elem::Bf16 => 2,
            Elem::Tf32 => 4,
            _ => 1,
        }
    }

    /// The width of a sub-byte type, for the types packed in shared memory.
    fn packed_bits(self) -> Option<u64> {
        match self {
            Elem::E2m3 | Elem::E3m2 => Some(6),
            Elem::E2m1 | Elem::E2m1x2 => Some(4),
            _ => None,
        }
    }

    /// Where element (row, k) of the operand lies: its first shared byte,
    /// the bit it starts at, and how many bytes hold it.
    fn locate(self, desc: u64, row: u64, k: u64, mn_major: bool) -> Result<(u64, u64, usize), String> {
        match (self, self.packed_bits()) {
            (Elem::E2m1x2, _) => Ok((descriptor_address(desc, row, k / 2, 1, false)?, 4 * (k % 2), 1)),
            (_, Some(bits)) => {
                let bit = (k % 16) * bits;
                let chunk = descriptor_address(desc, row, k - k % 16, 1, false)?;
                Ok((chunk + bit / 8, bit % 8, (bit % 8 + bits).div_ceil(8) as usize))
            }
            _ => Ok((descriptor_address(desc, row, k, self.bytes(), mn_major)?, 0, self.bytes() as usize)),
        }
    }

    /// The element's value from its bytes, starting at bit `shift`. A tf32
    /// operand is a 32-bit word whose low 13 mantissa bits the tensor core
    /// ignores (PTX ISA 5.2.5.1); the 6- and 4-bit types are 5.2.5.3's.
    fn decode(self, b: &[u8], shift: u64) -> f64 {
        let sub = |bits: u64| ((u16::from(b[0]) | u16::from(b.get(1).copied().unwrap_or(0)) << 8) >> shift) as u8 & ((1u8 << bits) - 1);
        match self {
            Elem::F16 => f64::from(f16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f32()),
            Elem::Bf16 => f64::from(bf16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f32()),
            Elem::Tf32 => f64::from(f32::from_bits(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) & !0x1fff)),
            Elem::E4m3 => crate::mma::fp8(b[0], 4, 3),
            Elem::E5m2 => crate::mma::fp8(b[0], 5, 2),
            Elem::U8 => f64::from(b[0]),
            Elem::S8 => f64::from(b[0] as i8),
            Elem::E2m3 => crate::mma::small_float(sub(6), 2, 3),
            Elem::E3m2 => crate::mma::small_float(sub(6), 3, 2),
            Elem::E2m1 | Elem::E2m1x2 => crate::mma::small_float(sub(4), 2, 1),
        }
    }
}

/// The block scaling of a `.block_scale` UMMA: how many scale factors a
/// row (the `.scale_vec::NX`; each covers K / N of the row), their bytes'
/// first index in the 32-bit tensor-memory word for A and for B (the
/// descriptor's scale-factor IDs) and their type (UE4M3 or UE8M0).
#[derive(Clone, Copy, Debug)]
struct Scales {
    per_row: usize,
    a_id: u32,
    b_id: u32,
    ue4m3: bool,
}

/// What the kind qualifier and the instruction descriptor of one
/// `tcgen05.mma` say: K of one instruction, the element types, D's type,
/// the shape, majorness, negation, and for `.block_scale` the scale-factor
/// IDs (PTX ISA 9.7.16.4.2 tables 42-44, 9.7.16.2.1, 9.7.16.10.7).
#[derive(Debug)]
struct Decoded {
    k: usize,
    a: Elem,
    b: Elem,
    /// D's type: 0 f16, 1 f32, 2 s32 (the dtype encoding).
    d: u32,
    m: usize,
    n: usize,
    a_mn: bool,
    b_mn: bool,
    negate: (bool, bool),
    saturate: bool,
    /// `.block_scale`'s scale factors.
    scales: Option<Scales>,
    /// `tcgen05.mma.sp`: A holds K / 2 kept values a row, placed by the
    /// metadata in tensor memory as the kind structures it (`k` is the
    /// logical K).
    sparse: Option<Sparsity>,
}

/// The scale factors a `.block_scale` UMMA names: the vector size of its
/// qualifier for the kind (PTX ISA table 55: `.scale_vec::1X` / `.block32`
/// for mxf8f6f4, the default; `2X` / `.block32` for mxf4, the default, and
/// mxf4nvf4; `4X` / `.block16` for mxf4nvf4, which must name one), the
/// scale type and IDs of the descriptor (tables 46-47: bit 23 UE8M0 1 or,
/// for mxf4nvf4 with 4X only, UE4M3 0; IDs in bits 29-30 and 4-5, any byte
/// for 1X, 0 or 2 for 2X, 0 for 4X), and its reserved bits (0-1, 3, 6,
/// 24-26; 31 for mxf8f6f4, mxf4's K = 96 flag; 12 for mxf4's 2-bit B type).
fn block_scales(kind: &str, parts: &[&str], idesc: u32, inst: &Inst) -> Result<Scales, Stop> {
    let field = |lo: u32, bits: u32| (idesc >> lo) & ((1 << bits) - 1);
    let undefined = |what: String| illegal(inst, format!("instruction descriptor {idesc:#010x}: {what}"));
    let vector = parts.iter().find(|p| p.starts_with("scale_vec::") || matches!(**p, "block16" | "block32")).copied();
    let per_row = match (kind, vector) {
        ("mxf8f6f4", None | Some("scale_vec::1X" | "block32")) => 1,
        ("mxf4", None | Some("scale_vec::2X" | "block32")) | ("mxf4nvf4", Some("scale_vec::2X" | "block32")) => 2,
        ("mxf4nvf4", Some("scale_vec::4X" | "block16")) => 4,
        _ => return Err(illegal(inst, format!(".kind::{kind} does not take {} (PTX ISA table 55: mxf8f6f4 1X / block32, mxf4 2X / block32, mxf4nvf4 2X / block32 or 4X / block16, named)", vector.map_or("the default scale vector size".to_string(), |v| format!(".{v}"))))),
    };
    let reserved = 0b11 | 1 << 3 | 1 << 6 | 0b111 << 24 | if kind == "mxf8f6f4" { 1 << 31 } else { 1 << 12 };
    if idesc & reserved != 0 {
        return Err(undefined(format!("a reserved bit of the .kind::{kind} descriptor is set (mask {reserved:#010x})")));
    }
    if kind != "mxf8f6f4" && field(31, 1) != 0 {
        return Err(bad(inst, format!("instruction descriptor {idesc:#010x}: K = 96 (bit 31) is not emulated")));
    }
    if kind != "mxf8f6f4" && (field(15, 1) != 0 || field(16, 1) != 0) {
        return Err(undefined(format!(".kind::{kind} cannot transpose A or B")));
    }
    let ue4m3 = field(23, 1) == 0;
    if ue4m3 && !(kind == "mxf4nvf4" && per_row == 4) {
        return Err(undefined(format!(".kind::{kind} with {per_row} scale factors a row takes UE8M0 scales (scale type 1); UE4M3 is mxf4nvf4's with 4X")));
    }
    let (a_id, b_id) = (field(29, 2), field(4, 2));
    for (which, id) in [("A", a_id), ("B", b_id)] {
        if (per_row == 2 && id % 2 != 0) || (per_row == 4 && id != 0) {
            return Err(undefined(format!("scale factor {which} ID {id} with {per_row} scale factors a row (2X: 0 or 2; 4X: 0; PTX ISA 9.7.16.10.7)")));
        }
    }
    Ok(Scales { per_row, a_id, b_id, ue4m3 })
}

fn decode_mma(parts: &[&str], idesc: u32, inst: &Inst) -> Result<Decoded, Stop> {
    let field = |lo: u32, bits: u32| (idesc >> lo) & ((1 << bits) - 1);
    let kind = parts.iter().find_map(|p| p.strip_prefix("kind::")).unwrap_or("");
    let block_scale = parts.iter().any(|p| p.starts_with("block_scale"));
    let sparse = parts.contains(&"sp");
    let undefined = |what: String| illegal(inst, format!("instruction descriptor {idesc:#010x}: {what}"));
    if sparse != (field(2, 1) == 1) {
        return Err(undefined(format!("the sparsity bit (2) is {} for {} tcgen05.mma", field(2, 1), if sparse { "a sparse" } else { "a dense" })));
    }
    if sparse && field(0, 2) != 0 {
        return Err(bad(inst, format!("instruction descriptor {idesc:#010x}: sparsity selector {} (the sub-columns selectors other than 0 pick are in the PTX ISA's figures only)", field(0, 2))));
    }
    let fp8 = |f: u32| match f {
        0 => Ok(Elem::E4m3),
        1 => Ok(Elem::E5m2),
        3 => Ok(Elem::E2m3),
        4 => Ok(Elem::E3m2),
        5 => Ok(Elem::E2m1),
        other => Err(undefined(format!("A/B type {other} is not a .kind::{kind} type (0 e4m3, 1 e5m2, 3 e2m3, 4 e3m2, 5 e2m1)"))),
    };
    let (k, a, b) = match (kind, block_scale) {
        ("f16", false) => {
            let t = |f: u32| match f {
                0 => Ok(Elem::F16),
                1 => Ok(Elem::Bf16),
                other => Err(undefined(format!("A/B type {other} is not a .kind::f16 type (0 f16, 1 bf16)"))),
            };
            (16, t(field(7, 3))?, t(field(10, 3))?)
        }
        ("tf32", false) => {
            if field(7, 3) != 2 || field(10, 3) != 2 {
                return Err(undefined("A and B types of .kind::tf32 are 2 (tf32)".into()));
            }
            (8, Elem::Tf32, Elem::Tf32)
        }
        ("f8f6f4", false) | ("mxf8f6f4", true) => (32, fp8(field(7, 3))?, fp8(field(10, 3))?),
        ("i8", false) => {
            let t = |f: u32| match f {
                0 => Ok(Elem::U8),
                1 => Ok(Elem::S8),
                other => Err(undefined(format!("A/B type {other} is not a .kind::i8 type (0 unsigned, 1 signed)"))),
            };
            (32, t(field(7, 3))?, t(field(10, 3))?)
        }
        ("mxf4" | "mxf4nvf4", true) => {
            if field(7, 3) != 1 || field(10, 2) != 1 {
                return Err(undefined(format!("A and B types of .kind::{kind} are 1 (e2m1)")));
            }
            (64, Elem::E2m1x2, Elem::E2m1x2)
        }
        _ => return Err(bad(inst, format!("tcgen05.mma is emulated for .kind::f16, tf32, f8f6f4, i8, and with .block_scale mxf8f6f4, mxf4 and mxf4nvf4; not .kind::{kind}{}", if block_scale { " with .block_scale" } else { "" }))),
    };
    // Sparse: K is the logical K, twice the dense one (9.7.16.2.1).
    let k = if sparse { 2 * k } else { k };
    let sparse = sparse.then(|| Sparsity::of(kind));
    let n = (field(17, 6) * 8) as usize;
    let (a_mn, b_mn) = (field(15, 1) != 0, field(16, 1) != 0);
    let scales = if block_scale { Some(block_scales(kind, parts, idesc, inst)?) } else { None };
    // The sub-byte types are packed along K: K-major only (9.7.16.10.4).
    if (a_mn && a.packed_bits().is_some()) || (b_mn && b.packed_bits().is_some()) {
        return Err(undefined(format!("a transposed (MN-major) operand of a 6- or 4-bit type ({a:?} x {b:?}): they are packed along K")));
    }
    if block_scale {
        return Ok(Decoded { k, a, b, d: 1, m: (field(27, 2) * 128) as usize, n, a_mn, b_mn, negate: (field(13, 1) != 0, field(14, 1) != 0), saturate: false, scales, sparse });
    }
    let d = field(4, 2);
    let d_ok = match kind {
        "f16" | "f8f6f4" => d <= 1,
        "tf32" => d == 1,
        _ => d == 2,
    };
    if !d_ok {
        return Err(undefined(format!("D type {d} is not one of .kind::{kind}'s")));
    }
    let negate = (field(13, 1) != 0, field(14, 1) != 0);
    if kind == "i8" && (negate.0 || negate.1) {
        return Err(undefined(".kind::i8 cannot negate A or B".into()));
    }
    if field(6, 1) != 0 || field(23, 1) != 0 || field(29, 1) != 0 || (kind != "i8" && field(3, 1) != 0) {
        return Err(undefined("a reserved bit is set (bits 6, 23, 29; 3 but for .kind::i8)".into()));
    }
    Ok(Decoded { k, a, b, d, m: (field(24, 5) * 16) as usize, n, a_mn, b_mn, negate, saturate: field(3, 1) != 0, scales: None, sparse })
}

/// `tcgen05.mma.cta_group::N.kind::K [d], a-desc, b-desc, idesc,
/// {[scale-A], [scale-B],} enable-input-d`: D (M x N) = A (M x K) * B (N x
/// K)^T (+ D), at issue, for the dense kinds f16, tf32, f8f6f4 and i8,
/// the block-scaled mxf8f6f4, mxf4 and mxf4nvf4 (A's and B's values each
/// times their row's scale factor for that chunk of K, [`scale_rows`]),
/// and `.sp` A of each ([`expand_sparse`]). With `cta_group::2`
/// (9.7.16.5, data-path layout A for M = 256) the CTA pair computes it
/// together: the even CTA's shared memory holds rows 0..M/2 of A and
/// 0..N/2 of B at the descriptors' addresses, the odd CTA's the rest at the
/// same addresses, and each CTA's tensor memory receives its M/2 rows of D
/// (all N columns) at the same address (the split CUTLASS's 2x1SM atoms
/// document; the ISA shows it in figures only).
pub(crate) fn mma(cta: &mut Cta, t: usize, inst: &Inst, config: &Config, report: &mut Report) -> Result<(), Stop> {
    let cta_rank = cta.rank;
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    let pair = parts.contains(&"cta_group::2");
    let ops = &inst.operands;
    let d_addr = cta.address(t, inst.op(0)?, config, inst)? as u32;
    // A from shared memory (a descriptor) or, in the `[d], [a], b-desc`
    // form, from tensor memory (an address).
    let a_tmem = match inst.op(1)? {
        Operand::Address(..) => Some(cta.address(t, inst.op(1)?, config, inst)? as u32),
        _ => None,
    };
    let desc_a = if a_tmem.is_some() { 0 } else { cta.value(t, inst.op(1)?, config, inst)? };
    let desc_b = cta.value(t, inst.op(2)?, config, inst)?;
    // `.sp`: `[d], a-desc, b-desc, [sp-meta], idesc, ...`.
    let sparse = parts.contains(&"sp");
    let at = usize::from(sparse);
    let meta = if sparse { Some(cta.address(t, inst.op(3)?, config, inst)? as u32) } else { None };
    let idesc = cta.value(t, inst.op(3 + at)?, config, inst)? as u32;
    let f = decode_mma(&parts, idesc, inst)?;
    let scales = match f.scales {
        Some(_) => Some((cta.address(t, inst.op(4 + at)?, config, inst)? as u32, cta.address(t, inst.op(5 + at)?, config, inst)? as u32)),
        None => None,
    };
    let accumulate = cta.value(t, ops.last().expect("enable-input-d"), config, inst)? != 0;
    if f.a_mn && a_tmem.is_some() {
        return Err(bad(inst, format!("instruction descriptor {idesc:#x}: A in tensor memory cannot be transposed")));
    }
    if a_tmem.is_some() && f.sparse.is_some() {
        return Err(bad(inst, "sparse A in tensor memory is not emulated".into()));
    }
    if a_tmem.is_some() && f.a != Elem::F16 && f.a != Elem::Bf16 {
        return Err(bad(inst, "A in tensor memory is emulated for .kind::f16".into()));
    }
    let ctas = if pair { 2 } else { 1 };
    if f.m != 128 * ctas || f.n % (8 * ctas) != 0 || f.n == 0 {
        return Err(bad(inst, format!("instruction descriptor {idesc:#x}: M {}, N {} (emulated: M = 128 a CTA)", f.m, f.n)));
    }
    // The CTAs in the order of their rows: this one, or the pair's even then odd.
    let ranks: Vec<u32> = if pair {
        cta.pair_peer(inst)?;
        vec![cta.rank & !1, cta.rank | 1]
    } else {
        vec![cta.rank]
    };
    let (rows, b_rows) = (f.m / ctas, f.n / ctas);
    let mut a = Vec::new();
    let mut b = Vec::new();
    for &rank in &ranks {
        let issuer = (rank == cta.rank).then_some(t);
        let holder = cta.in_cluster(rank, inst)?;
        let mut a_part = match a_tmem {
            Some(taddr) => tmem_operand_rows(holder, taddr, rows, u32::from(f.a == Elem::Bf16), inst)?.into_iter().map(|r| r.to_vec()).collect(),
            None => match f.sparse {
                Some(sparsity) => {
                    let kept = operand_rows(holder, issuer, desc_a, rows, f.k / 2, f.a, f.a_mn, inst, report)?;
                    expand_sparse(holder, kept, meta.expect("sparse"), sparsity, inst)?
                }
                None => operand_rows(holder, issuer, desc_a, rows, f.k, f.a, f.a_mn, inst, report)?,
            },
        };
        let mut b_part = operand_rows(holder, issuer, desc_b, b_rows, f.k, f.b, f.b_mn, inst, report)?;
        if let (Some(sc), Some((sfa, sfb))) = (f.scales, scales) {
            scale_rows(holder, &mut a_part, sfa, sc.a_id, &sc, inst)?;
            scale_rows(holder, &mut b_part, sfb, sc.b_id, &sc, inst)?;
        }
        a.push(a_part);
        b.extend(b_part);
    }
    let sign = if f.negate.0 != f.negate.1 { -1.0 } else { 1.0 };
    let (lane0, column0) = ((d_addr >> 16) as usize, (d_addr & 0xffff) as usize);
    let issuer_clock = cta.threads[t].clock.clone();
    for (&rank, a) in ranks.iter().zip(&a) {
        let holder = cta.in_cluster(rank, inst)?;
        if rank == cta_rank {
            check_tmem_reads(holder, t, &issuer_clock, lane0, rows, column0, f.n, inst, report);
        }
        holder.tc_epoch += 1;
        let epoch = holder.tc_epoch;
        if holder.tmem.is_empty() || lane0 + rows > LANES || column0 + f.n > holder.tmem_columns {
            return Err(Stop(
                HazardKind::OutOfBounds,
                format!("{}: D of {rows} x {} at lane {lane0}, column {column0} is outside the {} allocated columns of CTA rank {rank}'s tensor memory", describe(inst), f.n, holder.tmem_columns),
            ));
        }
        for (row, a_row) in a.iter().enumerate() {
            for (col, b_row) in b.iter().enumerate() {
                let at = (lane0 + row) * COLUMNS + column0 + col;
                let cell = &mut holder.tmem[at];
                *cell = accumulate_cell(*cell, accumulate, &f, sign, a_row, b_row);
                holder.tmem_stamp[at] = epoch;
            }
        }
    }
    Ok(())
}

/// One cell of D: its old value (when `accumulate`) plus the dot product
/// of a row of A and a row of B, stored as D's type: f32, f16 in the low
/// half of the word (9.7.16.10.4.1: D's sub-word elements are not packed),
/// or s32 (wrapping, or clamped with `.satfinite`'s saturate bit).
fn accumulate_cell(cell: u32, accumulate: bool, f: &Decoded, sign: f64, a: &[f64], b: &[f64]) -> u32 {
    match f.d {
        2 => {
            let mut acc = if accumulate { i64::from(cell as i32) } else { 0 };
            for (x, y) in a.iter().zip(b) {
                acc += (x * y) as i64;
            }
            if f.saturate {
                acc.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32
            } else {
                acc as i32 as u32
            }
        }
        0 => {
            let mut acc = if accumulate { f16::from_bits(cell as u16).to_f32() } else { 0.0 };
            for (x, y) in a.iter().zip(b) {
                acc += (sign * x * y) as f32;
            }
            u32::from(f16::from_f32(acc).to_bits())
        }
        _ => {
            let mut acc = if accumulate { f32::from_bits(cell) } else { 0.0 };
            for (x, y) in a.iter().zip(b) {
                acc += (sign * x * y) as f32;
            }
            acc.to_bits()
        }
    }
}

/// Multiplies each of `rows` (A's or B's rows of this CTA, K values each)
/// by its scale factors (PTX ISA 9.7.16.10.7): with N a row
/// (`.scale_vec::NX`), chunk s of K / N values by the byte `id` + s of the
/// 32-bit cell at lane r % 32 + 32 p, column (taddr's) + r / 32, a UE8M0
/// or UE4M3 value; and "scale factors for A and B matrices need to be
/// duplicated to all 32 lane partitions of tensor memory": the four
/// partitions p must agree, else the instruction is undefined.
fn scale_rows(cta: &Cta, rows: &mut [Vec<f64>], taddr: u32, id: u32, scales: &Scales, inst: &Inst) -> Result<(), Stop> {
    let (lane0, column0) = ((taddr >> 16) as usize, (taddr & 0xffff) as usize);
    let columns = rows.len().div_ceil(32);
    if cta.tmem.is_empty() || lane0 != 0 || column0 + columns > cta.tmem_columns {
        return Err(Stop(
            HazardKind::OutOfBounds,
            format!("{}: the scale factors of {} rows at lane {lane0}, column {column0} (lane 0 and {columns} columns: 32 rows a column, in all four lane partitions) are outside the {} allocated columns of tensor memory", describe(inst), rows.len(), cta.tmem_columns),
        ));
    }
    for (r, values) in rows.iter_mut().enumerate() {
        let chunk = values.len() / scales.per_row;
        for s in 0..scales.per_row {
            let byte_id = id as usize + s;
            let byte = |p: usize| (cta.tmem[(r % 32 + 32 * p) * COLUMNS + column0 + r / 32] >> (8 * byte_id)) as u8;
            let e = byte(0);
            if let Some(p) = (1..4).find(|&p| byte(p) != e) {
                return Err(illegal(
                    inst,
                    format!("scale factor {s} of row {r} differs between lane partitions 0 and {p} (byte {byte_id}: {e:#04x} and {:#04x} at lanes {} and {}, column {}): it must be duplicated to all four (PTX ISA 9.7.16.10.7)", byte(p), r % 32, r % 32 + 32 * p, column0 + r / 32),
                ));
            }
            let factor = crate::mma::scale_factor(e, scales.ue4m3);
            for v in &mut values[s * chunk..(s + 1) * chunk] {
                *v *= factor;
            }
        }
    }
    Ok(())
}

/// How a sparse UMMA's A is structured and where its metadata lies (PTX
/// ISA 9.7.16.10.8): each group of K holds kept values at the places a
/// 4-bit nibble of metadata gives, two 2-bit indices (low two bits the
/// first's place, high two the second's). The granularity is the ISA's;
/// where the nibbles lie in tensor memory it shows in figures only
/// (262-267): the emulator takes CUTLASS's `tmem_e_frg` placement for M =
/// 128 and sparsity selector 0.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Sparsity {
    /// `.kind::f16`, 2:4: one 32-bit column for the 32 of K; row m's
    /// nibble of group g in lane (m % 8) + 16 (m / 16) + 8 (g / 4), bits
    /// 16 ((m / 8) % 2) + 4 (g % 4).
    F16,
    /// `.kind::tf32`, 1:2: groups of two, one kept; the nibble places its
    /// two 16-bit halves (0b0100 element 0, 0b1110 element 1, the only
    /// meaningful values); placed as f16's, a pair for a group of four.
    Tf32,
    /// `.kind::f8f6f4`, `mxf8f6f4`, `i8`, 2:4: row m in lane m, group g's
    /// nibble in column g / 8, bits 4 (g % 8) (two columns for the 64 of K).
    Byte,
    /// `.kind::mxf4`, `mxf4nvf4`, 4:8 in pairs: groups of eight, the
    /// indices place two kept pairs; placed as the 8-bit kinds'.
    Fp4,
}

impl Sparsity {
    /// The structure of `.kind::{kind}` (a kind `decode_mma` accepted).
    fn of(kind: &str) -> Sparsity {
        match kind {
            "f16" => Sparsity::F16,
            "tf32" => Sparsity::Tf32,
            "mxf4" | "mxf4nvf4" => Sparsity::Fp4,
            _ => Sparsity::Byte,
        }
    }

    /// (group size, kept values a group, values an index places).
    fn group(self) -> (usize, usize, usize) {
        match self {
            Sparsity::F16 | Sparsity::Byte => (4, 2, 1),
            Sparsity::Tf32 => (2, 1, 1),
            Sparsity::Fp4 => (8, 4, 2),
        }
    }

    /// Row m's nibble of group g: (lane, column offset, bit).
    fn place(self, m: usize, g: usize) -> (usize, usize, usize) {
        match self {
            Sparsity::F16 | Sparsity::Tf32 => (m % 8 + 16 * (m / 16) + 8 * (g / 4), 0, 16 * ((m / 8) % 2) + 4 * (g % 4)),
            Sparsity::Byte | Sparsity::Fp4 => (m, g / 8, 4 * (g % 8)),
        }
    }

    fn meaningful(self, nibble: u32) -> bool {
        match self {
            Sparsity::Tf32 => matches!(nibble, 0b0100 | 0b1110),
            _ => matches!(nibble, 0b0100 | 0b1000 | 0b1100 | 0b1001 | 0b1101 | 0b0110 | 0b1110),
        }
    }
}

/// A's rows of a sparse UMMA from its kept values (K / 2 a row) and the
/// metadata at `meta` (lane 0), structured as `sparsity` says.
fn expand_sparse(cta: &Cta, kept: Vec<Vec<f64>>, meta: u32, sparsity: Sparsity, inst: &Inst) -> Result<Vec<Vec<f64>>, Stop> {
    let (lane0, column) = ((meta >> 16) as usize, (meta & 0xffff) as usize);
    let (size, keep, width) = sparsity.group();
    let groups = kept.first().map_or(0, |r| r.len() / keep);
    let columns = sparsity.place(0, groups.saturating_sub(1)).1 + 1;
    if cta.tmem.is_empty() || lane0 != 0 || column + columns > cta.tmem_columns || kept.len() != LANES {
        return Err(Stop(
            HazardKind::OutOfBounds,
            format!("{}: the sparsity metadata at lane {lane0}, column {column} (lane 0, {columns} column(s) for 128 rows) is outside the {} allocated columns of tensor memory", describe(inst), cta.tmem_columns),
        ));
    }
    let mut out = Vec::with_capacity(kept.len());
    for (m, values) in kept.iter().enumerate() {
        let mut row = vec![0f64; size * groups];
        for g in 0..groups {
            let (lane, dc, shift) = sparsity.place(m, g);
            let nibble = (cta.tmem[lane * COLUMNS + column + dc] >> shift) & 0xf;
            if !sparsity.meaningful(nibble) {
                return Err(illegal(inst, format!("sparsity metadata 0b{nibble:04b} for row {m}, group {g} (lane {lane}, column {}, bits {shift}..{}) is not one of the meaningful values (PTX ISA 9.7.16.10.8)", column + dc, shift + 4)));
            }
            // tf32's indices count 16-bit halves: half 2 is element 1.
            let places: &[u32] = if sparsity == Sparsity::Tf32 { &[(nibble & 3) / 2] } else { &[nibble & 3, nibble >> 2] };
            for (j, &at) in places.iter().enumerate() {
                for t in 0..width {
                    row[size * g + width * at as usize + t] = values[keep * g + width * j + t];
                }
            }
        }
        out.push(row);
    }
    Ok(out)
}

/// `rows` rows of `k` elements of a UMMA operand in `cta`'s shared memory,
/// read through its descriptor by the asynchronous proxy (for the issuing
/// thread `issuer` when the CTA is its own: those reads are race-checked;
/// a peer's are ordered by the cluster).
#[allow(clippy::too_many_arguments)]
fn operand_rows(cta: &mut Cta, issuer: Option<usize>, desc: u64, rows: usize, k: usize, elem: Elem, mn_major: bool, inst: &Inst, report: &mut Report) -> Result<Vec<Vec<f64>>, Stop> {
    let mut out = vec![vec![0f64; k]; rows];
    for (row, values) in out.iter_mut().enumerate() {
        for (kk, v) in values.iter_mut().enumerate() {
            let (at, shift, size) = elem.locate(desc, row as u64, kk as u64, mn_major).map_err(|e| bad(inst, e))?;
            // A 6-bit element may straddle two bytes: read them one by one
            // (the tensor core reads the chunk, not an aligned access).
            let (count, unit) = if size > 1 && elem.packed_bits().is_some() { (size, 1) } else { (1, size) };
            let mut bytes = Vec::with_capacity(size);
            for at in (0..count).map(|i| at + i as u64) {
                match issuer {
                    Some(t) => bytes.extend(cta.read(t, "shared", at, unit, inst, &mut [], report)?),
                    None => {
                        cta.shared_bounds(at as usize, unit, inst, "reads")?;
                        bytes.extend_from_slice(&cta.shared[at as usize..at as usize + unit]);
                    }
                }
            }
            cta.check_async_read(at as usize, size, inst, report);
            *v = elem.decode(&bytes, shift);
        }
    }
    Ok(out)
}

/// Write-after-read in tensor memory (PTX ISA 9.7.16.6, 9.7.16.8.3): a
/// tcgen05.mma issued by thread `t` (clock `issuer`) overwrites the cells
/// lanes `lane0..+rows`, columns `column0..+cols`; each cell a `tcgen05.ld`
/// read must have been read before the issue: the issuer must have
/// acquired an event of the reading thread after its load (its
/// `tcgen05.wait::ld`, a fence and a barrier or mbarrier between). Reported
/// once per pair of instructions.
#[allow(clippy::too_many_arguments)]
fn check_tmem_reads(cta: &mut Cta, t: usize, issuer: &[u32], lane0: usize, rows: usize, column0: usize, cols: usize, inst: &Inst, report: &mut Report) {
    if cta.tmem_reads.is_empty() {
        return;
    }
    let pc = cta.threads[t].pc;
    for lane in lane0..(lane0 + rows).min(LANES) {
        for column in column0..column0 + cols {
            let Some(Some((reader, at, load_pc))) = cta.tmem_reads.get(lane * COLUMNS + column).copied() else { continue };
            if reader as usize == t || issuer[reader as usize] > at {
                continue;
            }
            let load = describe(&cta.kernel.code[load_pc as usize]);
            report.hazard(HazardKind::TmemRace, (pc, load_pc as usize), || {
                format!(
                    "thread {t}: {} overwrites tensor memory (lane {lane}, column {column}) that thread {reader}'s {load} may still be reading: no wait::ld of it is ordered before the MMA (PTX ISA 9.7.16.6)",
                    describe(inst)
                )
            });
        }
    }
}
