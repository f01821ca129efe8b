//! The SM100 tensor-core path (issue 30, second part): tensor memory and
//! `tcgen05` (PTX ISA 9.7.16).
//!
//! - Tensor memory is 128 lanes x 512 columns of 32 bits per CTA; an
//!   address holds the lane in bits 31..16 and the column in 15..0.
//!   `tcgen05.alloc` (a warp collective) writes the allocated columns' base
//!   address into shared memory; `dealloc` / `relinquish_alloc_permit` free.
//! - `tcgen05.mma.cta_group::{1,2}.kind::K [d], a-desc, b-desc, idesc,
//!   enable-input-d` runs at issue: D (M x N, lane m, column n) = A (M x K)
//!   * B (N x K)^T (+ D), A and B read through their shared-memory
//!   descriptors, the shape, types and majorness from the instruction
//!   descriptor ([`decode_mma`]): the dense kinds f16, tf32, f8f6f4 (8-bit
//!   types) and i8, block-scaled mxf8f6f4 (scale factors in tensor memory,
//!   [`scale_rows`]) and sparse f16 (`.sp`, metadata in tensor memory,
//!   [`expand_sparse`]); with `cta_group::2` the CTA pair's (see [`mma`]).
//! - `tcgen05.commit ... mbarrier::arrive::one` arrives on the mbarrier (or,
//!   `.multicast::cluster`, on those of the masked CTAs) once the thread's
//!   earlier tcgen05 operations are done (here: at once).
//! - `tcgen05.cp` copies a shared-memory matrix into tensor memory (both
//!   CTAs' with `cta_group::2`); the pair's alloc/dealloc/relinquish take a
//!   warp of each CTA ([`pair_collective`]).
//! - `tcgen05.ld.sync.aligned.32x32b.xN` (a warp collective): lane l of warp
//!   w reads tensor-memory lane (address lane) + l, N columns from the
//!   address column, one register each; `tcgen05.st.sync.aligned.32x32b.xN`
//!   writes them the same way; `wait::ld` / `wait::st` order only.

use crate::machine::{describe, Config, Cta, HazardKind, Report, State, Stop, WARP};
use crate::ptx::{Inst, Operand};
use half::{bf16, f16};

pub const LANES: usize = 128;
pub const COLUMNS: usize = 512;

fn bad(inst: &Inst, message: String) -> Stop {
    Stop(HazardKind::Unsupported, format!("{}: {message}", describe(inst)))
}

/// A use the ISA makes illegal (its behaviour is undefined).
fn illegal(inst: &Inst, message: String) -> Stop {
    Stop(HazardKind::Undefined, format!("{}: {message}", describe(inst)))
}

/// The shared byte of element (row, k) of an operand described by an SM100
/// shared-memory descriptor (PTX ISA 9.7.16.4.1): start, leading and stride
/// byte offsets as GMMA's, the swizzle in bits 61..63 (0 none, 2 128 bytes,
/// 4 64 bytes, 6 32 bytes), and the canonical layouts tcgen05 shares with
/// GMMA (`sm90::canonical_address`): K-major, or MN-major when the
/// instruction descriptor's transpose bit says so.
fn descriptor_address(desc: u64, row: u64, k: u64, element_bytes: u64, mn_major: bool) -> Result<u64, String> {
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

/// The allocation rules of PTX ISA 9.7.16.7.1 a CTA's history can break:
/// "it is illegal for a CTA to perform tcgen05.alloc after any of its
/// constituent threads execute tcgen05.relinquish_alloc_permit", "the
/// number of columns allocated should not increase between any two
/// allocations in the execution order within the CTA", and one
/// `.cta_group` for all tcgen05 instructions of a kernel.
#[derive(Debug, Default)]
pub(crate) struct Rules {
    /// A thread of the CTA executed `tcgen05.relinquish_alloc_permit`.
    relinquished: bool,
    /// The columns of the last `tcgen05.alloc`.
    last_alloc: Option<usize>,
    /// The `.cta_group` of the first tcgen05 instruction that names one.
    cta_group: Option<String>,
}

/// "All tcgen05 instructions within a kernel must specify the same value
/// for the .cta_group qualifier" (9.7.16.7.1, 9.7.16.9.2, 9.7.16.12.1).
fn check_cta_group(cta: &mut Cta, inst: &Inst) -> Result<(), Stop> {
    let Some(group) = inst.opcode.iter().find(|p| p.starts_with("cta_group::")) else { return Ok(()) };
    match &cta.tcgen05.cta_group {
        Some(first) if first != group => Err(illegal(inst, format!("{group} where the kernel's earlier tcgen05 instructions use {first}: all must use the same"))),
        Some(_) => Ok(()),
        None => {
            cta.tcgen05.cta_group = Some(group.clone());
            Ok(())
        }
    }
}

/// One thread's `tcgen05.*` instruction (the collectives are in
/// [`collective`]).
pub(crate) fn execute(cta: &mut Cta, t: usize, inst: &Inst, config: &Config, report: &mut Report) -> Result<(), Stop> {
    check_cta_group(cta, inst)?;
    let what = inst.opcode.get(1).map(String::as_str).unwrap_or("");
    match what {
        w if w.starts_with("fence") => Ok(()),
        "wait::ld" | "wait::st" => Ok(()),
        "mma" => mma(cta, t, inst, config, report),
        "cp" => cp(cta, t, inst, config, report),
        "commit" => commit(cta, t, inst, config, report),
        other => Err(bad(inst, format!("tcgen05.{other} is not emulated"))),
    }
}

/// Whether a `tcgen05` instruction is a warp collective.
pub(crate) fn is_collective(inst: &Inst) -> bool {
    matches!(inst.opcode.get(1).map(String::as_str), Some("alloc" | "dealloc" | "relinquish_alloc_permit" | "ld" | "st"))
}

/// Whether a `tcgen05` collective is the CTA pair's (PTX ISA 9.7.16.5,
/// table 46: `alloc`, `dealloc` and `relinquish_alloc_permit` with
/// `.cta_group::2` take a warp of each CTA of the pair).
pub(crate) fn is_pair_collective(inst: &Inst) -> bool {
    inst.opcode[0] == "tcgen05"
        && matches!(inst.opcode.get(1).map(String::as_str), Some("alloc" | "dealloc" | "relinquish_alloc_permit"))
        && inst.opcode.iter().any(|p| p == "cta_group::2")
}

/// A pair collective whose warp `lanes` of `cta` is at `pc`: runs it in both
/// CTAs (the same columns in each, each warp writing its own CTA's slot)
/// once a warp of the peer is at it too, and releases the peer's warp;
/// false while the peer's warp has not come.
pub(crate) fn pair_collective(cta: &mut Cta, lanes: std::ops::Range<usize>, pc: usize, report: &mut Report) -> Result<bool, Stop> {
    let inst = &cta.kernel.code[pc];
    let peer = cta.pair_peer(inst)?;
    let n = peer.threads.len();
    let Some(w) = (0..n.div_ceil(WARP)).find(|w| (w * WARP..((w + 1) * WARP).min(n)).all(|t| peer.threads[t].state == State::Collective(pc))) else {
        return Ok(false);
    };
    let peer_lanes = w * WARP..((w + 1) * WARP).min(n);
    collective(peer, peer_lanes.clone(), inst, report)?;
    peer.release(peer_lanes, pc);
    let peer_columns = peer.tmem_columns;
    collective(cta, lanes, inst, report)?;
    if cta.tmem_columns != peer_columns {
        return Err(illegal(inst, format!("the CTA pair's tensor memory differs ({} and {peer_columns} columns allocated): a cta_group::2 allocation needs the same in both", cta.tmem_columns)));
    }
    Ok(true)
}

/// `tcgen05.commit.cta_group::N.mbarrier::arrive::one{.shared::cluster}
/// {.multicast::cluster}.b64 [mbar]{, mask}` (PTX ISA 9.7.16.12.1): once
/// the thread's earlier tcgen05 operations are done (here: at once), one
/// arrival on the mbarrier, or with `.multicast::cluster` on the mbarrier
/// at the same offset in each CTA whose rank bit the 16-bit mask sets.
fn commit(cta: &mut Cta, t: usize, inst: &Inst, config: &Config, report: &mut Report) -> Result<(), Stop> {
    let (rank, bar) = crate::mbarrier::cluster_offset(cta, t, &inst.operands[0], config, inst)?;
    let ranks: Vec<u32> = if inst.opcode.iter().any(|p| p.starts_with("multicast")) {
        let mask = cta.value(t, &inst.operands[1], config, inst)? as u16;
        (0..16).filter(|r| mask & (1 << r) != 0).collect()
    } else {
        vec![rank]
    };
    for rank in ranks {
        if rank != cta.rank {
            cta.check_remote_barrier(t, rank, bar, inst, report)?;
        }
        // The arrival releases the tensor-core operations of the barrier's
        // CTA issued so far (those of its tensor memory).
        let holder = cta.in_cluster(rank, inst)?;
        let epoch = holder.tc_epoch;
        if let Some(b) = holder.barriers.get_mut(&bar) {
            b.release_tc(epoch);
        }
        if rank == cta.rank {
            crate::mbarrier::arrive_once(cta, t, bar, inst)?;
        } else {
            crate::mbarrier::arrive_remote(cta.in_cluster(rank, inst)?, bar, 0, inst, None)?;
        }
    }
    Ok(())
}

/// `tcgen05.cp.cta_group::N.shape [taddr], s-desc` (PTX ISA 9.7.16.9.2):
/// the matrix the shared-memory descriptor describes (rows of the shape's
/// bits, K-major as an MMA operand: row r, byte k at the descriptor's
/// address of (r, k)) into tensor memory, row r to lane (taddr lane) + r,
/// 4 bytes a column from the taddr column; with `cta_group::2` into the
/// tensor memory of both CTAs of the pair. It completes at issue here.
fn cp(cta: &mut Cta, t: usize, inst: &Inst, config: &Config, report: &mut Report) -> Result<(), Stop> {
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    if parts.iter().any(|p| p.starts_with("warpx") || p.starts_with("b8x16") || p.starts_with("b6x16") || p.starts_with("b4x16")) {
        return Err(bad(inst, "tcgen05.cp with warp multicast or decompression is not emulated".into()));
    }
    let (rows, bits) = match parts.get(3).copied() {
        Some("128x256b") => (128, 256),
        Some("4x256b") => (4, 256),
        Some("128x128b") => (128, 128),
        other => return Err(bad(inst, format!("tcgen05.cp shape {} is not emulated (128x256b, 4x256b, 128x128b are)", other.unwrap_or("")))),
    };
    let taddr = cta.address(t, &inst.operands[0], config, inst)? as u32;
    let desc = cta.value(t, &inst.operands[1], config, inst)?;
    let row_bytes = bits / 8;
    let mut data = vec![0u8; rows * row_bytes];
    for r in 0..rows {
        for k in 0..row_bytes {
            let at = descriptor_address(desc, r as u64, k as u64, 1, false).map_err(|e| bad(inst, e))?;
            data[r * row_bytes + k] = cta.read(t, "shared", at, 1, inst, &mut [], report)?[0];
            cta.check_async_read(at as usize, 1, inst, report);
        }
    }
    write_rows(cta, taddr, &data, row_bytes, inst)?;
    if parts.contains(&"cta_group::2") {
        write_rows(cta.pair_peer(inst)?, taddr, &data, row_bytes, inst)?;
    }
    Ok(())
}

/// Rows of `row_bytes` into tensor memory from lane and column `taddr`,
/// little endian, 4 bytes a column.
fn write_rows(cta: &mut Cta, taddr: u32, data: &[u8], row_bytes: usize, inst: &Inst) -> Result<(), Stop> {
    let (lane0, column0) = ((taddr >> 16) as usize, (taddr & 0xffff) as usize);
    let (rows, columns) = (data.len() / row_bytes, row_bytes / 4);
    if cta.tmem.is_empty() || lane0 + rows > LANES || column0 + columns > cta.tmem_columns {
        return Err(Stop(
            HazardKind::OutOfBounds,
            format!("{}: lanes {lane0}..{}, columns {column0}..{} of CTA rank {} are outside its {} allocated columns of tensor memory", describe(inst), lane0 + rows, column0 + columns, cta.rank, cta.tmem_columns),
        ));
    }
    cta.tc_epoch += 1;
    for (r, row) in data.chunks(row_bytes).enumerate() {
        for (c, word) in row.chunks(4).enumerate() {
            let at = (lane0 + r) * COLUMNS + column0 + c;
            cta.tmem[at] = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
            cta.tmem_stamp[at] = cta.tc_epoch;
        }
    }
    Ok(())
}

/// The warp collectives: alloc, dealloc, relinquish_alloc_permit, ld, st.
pub(crate) fn collective(cta: &mut Cta, lanes: std::ops::Range<usize>, inst: &Inst, report: &mut Report) -> Result<(), Stop> {
    let first = lanes.start;
    let dummy = Config::none();
    check_cta_group(cta, inst)?;
    match inst.opcode[1].as_str() {
        "alloc" => {
            let columns = cta.value(first, &inst.operands[1], &dummy, inst)? as usize;
            if !columns.is_power_of_two() || !(32..=COLUMNS).contains(&columns) {
                return Err(bad(inst, format!("tcgen05.alloc of {columns} columns (a power of two in 32..=512)")));
            }
            if cta.tcgen05.relinquished {
                return Err(illegal(inst, "tcgen05.alloc after the CTA relinquished its allocation permit (tcgen05.relinquish_alloc_permit)".into()));
            }
            if let Some(last) = cta.tcgen05.last_alloc.filter(|&last| columns > last) {
                return Err(illegal(inst, format!("tcgen05.alloc of {columns} columns after one of {last}: the columns allocated may not increase between two allocations")));
            }
            cta.tcgen05.last_alloc = Some(columns);
            if cta.tmem.is_empty() {
                cta.tmem = vec![0; LANES * COLUMNS];
                cta.tmem_stamp = vec![0; LANES * COLUMNS];
                cta.tmem_reads = vec![None; LANES * COLUMNS];
            }
            let base = cta.tmem_columns;
            if base + columns > COLUMNS {
                return Err(Stop(HazardKind::OutOfBounds, format!("{}: {columns} more columns of tensor memory past the {COLUMNS} there are", describe(inst))));
            }
            cta.tmem_columns += columns;
            // The address (lane 0, the first column) into the shared slot.
            let slot = cta.address(first, &inst.operands[0], &dummy, inst)?;
            cta.write(first, "shared", slot, &(base as u32).to_le_bytes(), inst, &mut [], report)
        }
        "dealloc" => {
            let columns = cta.value(first, &inst.operands[1], &dummy, inst)? as usize;
            if columns > cta.tmem_columns {
                return Err(Stop(HazardKind::OutOfBounds, format!("{}: frees {columns} columns of tensor memory, {} are allocated", describe(inst), cta.tmem_columns)));
            }
            cta.tmem_columns -= columns;
            Ok(())
        }
        "relinquish_alloc_permit" => {
            cta.tcgen05.relinquished = true;
            Ok(())
        }
        "ld" | "st" => {
            let load = inst.opcode[1] == "ld";
            let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
            if !parts.contains(&"32x32b") || parts.iter().any(|p| p.contains("pack::")) {
                return Err(bad(inst, "tcgen05.ld/st are emulated for the 32x32b shape without (un)packing".into()));
            }
            // ld: {regs}, [taddr]; st: [taddr], {regs}.
            let (registers, address) = if load { (&inst.operands[0], &inst.operands[1]) } else { (&inst.operands[1], &inst.operands[0]) };
            let Operand::Vector(dst) = registers else { return Err(bad(inst, "the registers are a vector".into())) };
            if cta.tmem.is_empty() {
                return Err(Stop(HazardKind::OutOfBounds, format!("{}: no tensor memory is allocated", describe(inst))));
            }
            // PTX ISA 9.7.16.8.1: warp w of a warpgroup reaches lanes
            // 32 (w % 4) .. 32 (w % 4) + 31 only.
            let quarter = (first / WARP) % 4;
            for (l, t) in lanes.clone().enumerate() {
                let addr = cta.address(t, address, &dummy, inst)? as u32;
                let (lane, column) = ((addr >> 16) as usize + l, (addr & 0xffff) as usize);
                if lane / 32 != quarter {
                    return Err(Stop(
                        HazardKind::OutOfBounds,
                        format!("{}: warp {} of its warpgroup reaches lanes {}..{} of tensor memory only (PTX ISA 9.7.16.8.1), not lane {lane}", describe(inst), quarter, 32 * quarter, 32 * quarter + 31),
                    ));
                }
                if lane >= LANES || column + dst.len() > cta.tmem_columns {
                    return Err(Stop(
                        HazardKind::OutOfBounds,
                        format!("{}: lane {lane}, columns {column}..{} are outside the {} allocated columns of tensor memory", describe(inst), column + dst.len(), cta.tmem_columns),
                    ));
                }
                let read_at = cta.threads[t].clock[t];
                let pc = cta.threads[t].pc as u32;
                for (r, reg) in dst.iter().enumerate() {
                    let cell = lane * COLUMNS + column + r;
                    if load {
                        cta.tmem_reads[cell] = Some((t as u32, read_at, pc));
                        cta.threads[t].regs[*reg] = u64::from(cta.tmem[cell]);
                        if cta.tmem_stamp[cell] > cta.threads[t].tc_seen {
                            let pc = cta.threads[t].pc;
                            report.hazard(HazardKind::TmemRace, (pc, 0), || {
                                format!(
                                    "thread {t}: {} reads tensor memory (lane {lane}, column {}) that a tcgen05.mma / tcgen05.cp wrote, before observing the mbarrier phase its tcgen05.commit completes (PTX ISA 9.7.16.6)",
                                    describe(inst),
                                    column + r
                                )
                            });
                        }
                    } else {
                        cta.tmem[cell] = cta.threads[t].regs[*reg] as u32;
                    }
                }
                if load {
                    // The load is an event of its thread: what the thread
                    // releases afterwards (after its wait::ld) orders it.
                    cta.threads[t].clock[t] += 1;
                }
            }
            Ok(())
        }
        other => Err(bad(inst, format!("tcgen05.{other} is not emulated"))),
    }
}

/// A UMMA operand's element type: the instruction descriptor's A / B type
/// field decoded for the kind (PTX ISA 9.7.16.4.2, tables 42-44).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    F16,
    Bf16,
    Tf32,
    E4m3,
    E5m2,
    U8,
    S8,
}

impl Elem {
    fn bytes(self) -> u64 {
        match self {
            Elem::F16 | Elem::Bf16 => 2,
            Elem::Tf32 => 4,
            _ => 1,
        }
    }

    /// The element's value. A tf32 operand is a 32-bit word whose low 13
    /// mantissa bits the tensor core ignores (PTX ISA 5.2.5.1).
    fn decode(self, b: &[u8]) -> f64 {
        match self {
            Elem::F16 => f64::from(f16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f32()),
            Elem::Bf16 => f64::from(bf16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f32()),
            Elem::Tf32 => f64::from(f32::from_bits(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) & !0x1fff)),
            Elem::E4m3 => crate::mma::fp8(b[0], 4, 3),
            Elem::E5m2 => crate::mma::fp8(b[0], 5, 2),
            Elem::U8 => f64::from(b[0]),
            Elem::S8 => f64::from(b[0] as i8),
        }
    }
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
    /// `.block_scale` (one UE8M0 scale factor per 32 K, `.scale_vec::1X`):
    /// the byte of the scale-factor word for A and for B.
    scale_ids: Option<(u32, u32)>,
    /// `tcgen05.mma.sp`: A holds K / 2 kept values a row, placed by the
    /// metadata in tensor memory (`k` is the logical K).
    sparse: bool,
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
    if sparse && (kind != "f16" || block_scale) {
        return Err(bad(inst, format!("sparse tcgen05.mma is emulated for .kind::f16; not .kind::{kind}")));
    }
    if sparse && field(0, 2) != 0 {
        return Err(bad(inst, format!("instruction descriptor {idesc:#010x}: sparsity selector {} (the sub-columns selectors other than 0 pick are in the PTX ISA's figures only)", field(0, 2))));
    }
    let fp8 = |f: u32| match f {
        0 => Ok(Elem::E4m3),
        1 => Ok(Elem::E5m2),
        3..=5 => Err(bad(inst, format!("instruction descriptor {idesc:#010x}: the 6- and 4-bit types of .kind::{kind} (type {f}) are not emulated"))),
        other => Err(undefined(format!("A/B type {other} is not a .kind::{kind} type"))),
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
        _ => return Err(bad(inst, format!("tcgen05.mma is emulated for .kind::f16, tf32, f8f6f4, i8 and mxf8f6f4.block_scale; not .kind::{kind}{}", if block_scale { " with .block_scale" } else { "" }))),
    };
    let n = (field(17, 6) * 8) as usize;
    let (a_mn, b_mn) = (field(15, 1) != 0, field(16, 1) != 0);
    if block_scale {
        // Table 43: bits 0-1, 3, 6, 24-26 and 31 reserved; no dtype (D is
        // f32); M >> 7 in bits 27-28; the scale type in bit 23.
        let vector = parts.iter().find(|p| p.starts_with("scale_vec::") || p.starts_with("block"));
        if !matches!(vector.copied(), None | Some("block_scale") | Some("scale_vec::1X") | Some("block32")) {
            return Err(bad(inst, "mxf8f6f4 takes one scale factor per 32 K (.scale_vec::1X / .block32)".into()));
        }
        if idesc & (0b11 | 1 << 3 | 1 << 6 | 0b111 << 24 | 1 << 31) != 0 {
            return Err(undefined("a reserved bit of the .kind::mxf8f6f4 descriptor is set (bits 0-1, 3, 6, 24-26, 31 must be 0)".into()));
        }
        if field(23, 1) != 1 {
            return Err(undefined(".kind::mxf8f6f4 scale factors are UE8M0 (scale type 1)".into()));
        }
        return Ok(Decoded { k, a, b, d: 1, m: (field(27, 2) * 128) as usize, n, a_mn, b_mn, negate: (field(13, 1) != 0, field(14, 1) != 0), saturate: false, scale_ids: Some((field(29, 2), field(4, 2))), sparse });
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
    // Sparse: K is the logical K, twice the dense one (9.7.16.2.1).
    let k = if sparse { 2 * k } else { k };
    Ok(Decoded { k, a, b, d, m: (field(24, 5) * 16) as usize, n, a_mn, b_mn, negate, saturate: field(3, 1) != 0, scale_ids: None, sparse })
}

/// `tcgen05.mma.cta_group::N.kind::K [d], a-desc, b-desc, idesc,
/// {[scale-A], [scale-B],} enable-input-d`: D (M x N) = A (M x K) * B (N x
/// K)^T (+ D), at issue, for the dense kinds f16, tf32, f8f6f4 (8-bit
/// types) and i8, and block-scaled mxf8f6f4 (A's and B's values each times
/// their row's scale factor, one per 32 K). With `cta_group::2`
/// (9.7.16.5, data-path layout A for M = 256) the CTA pair computes it
/// together: the even CTA's shared memory holds rows 0..M/2 of A and
/// 0..N/2 of B at the descriptors' addresses, the odd CTA's the rest at the
/// same addresses, and each CTA's tensor memory receives its M/2 rows of D
/// (all N columns) at the same address (the split CUTLASS's 2x1SM atoms
/// document; the ISA shows it in figures only).
fn mma(cta: &mut Cta, t: usize, inst: &Inst, config: &Config, report: &mut Report) -> Result<(), Stop> {
    let cta_rank = cta.rank;
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    let pair = parts.contains(&"cta_group::2");
    let ops = &inst.operands;
    let d_addr = cta.address(t, &ops[0], config, inst)? as u32;
    // A from shared memory (a descriptor) or, in the `[d], [a], b-desc`
    // form, from tensor memory (an address).
    let a_tmem = match &ops[1] {
        Operand::Address(..) => Some(cta.address(t, &ops[1], config, inst)? as u32),
        _ => None,
    };
    let desc_a = if a_tmem.is_some() { 0 } else { cta.value(t, &ops[1], config, inst)? };
    let desc_b = cta.value(t, &ops[2], config, inst)?;
    // `.sp`: `[d], a-desc, b-desc, [sp-meta], idesc, ...`.
    let sparse = parts.contains(&"sp");
    let at = usize::from(sparse);
    let meta = if sparse { Some(cta.address(t, &ops[3], config, inst)? as u32) } else { None };
    let idesc = cta.value(t, &ops[3 + at], config, inst)? as u32;
    let f = decode_mma(&parts, idesc, inst)?;
    let scales = match f.scale_ids {
        Some(_) => Some((cta.address(t, &ops[4 + at], config, inst)? as u32, cta.address(t, &ops[5 + at], config, inst)? as u32)),
        None => None,
    };
    let accumulate = cta.value(t, ops.last().expect("enable-input-d"), config, inst)? != 0;
    if f.a_mn && a_tmem.is_some() {
        return Err(bad(inst, format!("instruction descriptor {idesc:#x}: A in tensor memory cannot be transposed")));
    }
    if a_tmem.is_some() && f.sparse {
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
            None if f.sparse => {
                let kept = operand_rows(holder, issuer, desc_a, rows, f.k / 2, f.a, f.a_mn, inst, report)?;
                expand_sparse(holder, kept, meta.expect("sparse"), inst)?
            }
            None => operand_rows(holder, issuer, desc_a, rows, f.k, f.a, f.a_mn, inst, report)?,
        };
        let mut b_part = operand_rows(holder, issuer, desc_b, b_rows, f.k, f.b, f.b_mn, inst, report)?;
        if let (Some((a_id, b_id)), Some((sfa, sfb))) = (f.scale_ids, scales) {
            scale_rows(holder, &mut a_part, sfa, a_id, f.k, inst)?;
            scale_rows(holder, &mut b_part, sfb, b_id, f.k, inst)?;
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
/// by its scale factor, a UE8M0 byte (2^(e - 127), 0xff NaN) in tensor
/// memory at `taddr` (PTX ISA 9.7.16.10.7, `.scale_vec::1X`): the factor
/// of row r is byte `id` of the 32-bit cell at lane r % 32 + 32 p, column
/// (taddr's) + r / 32, and "scale factors for A and B matrices need to be
/// duplicated to all 32 lane partitions of tensor memory": the four
/// partitions p must agree, else the instruction is undefined.
fn scale_rows(cta: &Cta, rows: &mut [Vec<f64>], taddr: u32, id: u32, k: usize, inst: &Inst) -> Result<(), Stop> {
    let (lane0, column0) = ((taddr >> 16) as usize, (taddr & 0xffff) as usize);
    let columns = rows.len().div_ceil(32);
    if cta.tmem.is_empty() || lane0 != 0 || column0 + columns > cta.tmem_columns {
        return Err(Stop(
            HazardKind::OutOfBounds,
            format!("{}: the scale factors of {} rows at lane {lane0}, column {column0} (lane 0 and {columns} columns: 32 rows a column, in all four lane partitions) are outside the {} allocated columns of tensor memory", describe(inst), rows.len(), cta.tmem_columns),
        ));
    }
    debug_assert!(rows.iter().all(|r| r.len() == k));
    for (r, values) in rows.iter_mut().enumerate() {
        let byte = |p: usize| (cta.tmem[(r % 32 + 32 * p) * COLUMNS + column0 + r / 32] >> (8 * id)) as u8;
        let e = byte(0);
        if let Some(p) = (1..4).find(|&p| byte(p) != e) {
            return Err(illegal(
                inst,
                format!("the scale factor of row {r} differs between lane partitions 0 and {p} (bytes {e:#04x} and {:#04x} at lanes {} and {}, column {}): it must be duplicated to all four (PTX ISA 9.7.16.10.7)", byte(p), r % 32, r % 32 + 32 * p, column0 + r / 32),
            ));
        }
        let factor = if e == 0xff { f64::NAN } else { 2f64.powi(i32::from(e) - 127) };
        for v in values.iter_mut() {
            *v *= factor;
        }
    }
    Ok(())
}

/// A's rows of the sparse `.kind::f16` UMMA (PTX ISA 9.7.16.10.8.2, 2:4):
/// each row keeps two values of every four of K, and a 4-bit nibble of
/// the metadata places them: its low two bits the position of the first
/// kept value in the group, its high two bits the second's; "the only
/// meaningful values of the index are 0b0100, 0b1000, 0b1100, 0b1001,
/// 0b1101, 0b0110, 0b1110", the rest undefined. Where the nibbles lie in
/// tensor memory the ISA shows in figures only (263 for M = 128, sparsity
/// selector 0): the emulator takes CUTLASS's `tmem_e_frg` placement, one
/// 32-bit column for the 32 of K: row m's nibble of group g in lane
/// (m % 8) + 16 (m / 16) + 8 (g / 4), bits 16 ((m / 8) % 2) + 4 (g % 4).
fn expand_sparse(cta: &Cta, kept: Vec<Vec<f64>>, meta: u32, inst: &Inst) -> Result<Vec<Vec<f64>>, Stop> {
    const MEANINGFUL: [u32; 7] = [0b0100, 0b1000, 0b1100, 0b1001, 0b1101, 0b0110, 0b1110];
    let (lane0, column) = ((meta >> 16) as usize, (meta & 0xffff) as usize);
    if cta.tmem.is_empty() || lane0 != 0 || column >= cta.tmem_columns || kept.len() != LANES {
        return Err(Stop(
            HazardKind::OutOfBounds,
            format!("{}: the sparsity metadata at lane {lane0}, column {column} (lane 0, one column for 128 rows) is outside the {} allocated columns of tensor memory", describe(inst), cta.tmem_columns),
        ));
    }
    let mut out = Vec::with_capacity(kept.len());
    for (m, values) in kept.iter().enumerate() {
        let mut row = vec![0f64; 2 * values.len()];
        for g in 0..values.len() / 2 {
            let lane = m % 8 + 16 * (m / 16) + 8 * (g / 4);
            let shift = 16 * ((m / 8) % 2) + 4 * (g % 4);
            let nibble = (cta.tmem[lane * COLUMNS + column] >> shift) & 0xf;
            if !MEANINGFUL.contains(&nibble) {
                return Err(illegal(inst, format!("sparsity metadata 0b{nibble:04b} for row {m}, group {g} (lane {lane}, column {column}, bits {shift}..{}) is not one of the meaningful values (PTX ISA 9.7.16.10.8.2)", shift + 4)));
            }
            row[4 * g + (nibble & 3) as usize] = values[2 * g];
            row[4 * g + (nibble >> 2) as usize] = values[2 * g + 1];
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
    let size = elem.bytes();
    let mut out = vec![vec![0f64; k]; rows];
    for (row, values) in out.iter_mut().enumerate() {
        for (kk, v) in values.iter_mut().enumerate() {
            let at = descriptor_address(desc, row as u64, kk as u64, size, mn_major).map_err(|e| bad(inst, e))?;
            let bytes = match issuer {
                Some(t) => cta.read(t, "shared", at, size as usize, inst, &mut [], report)?,
                None => {
                    cta.shared_bounds(at as usize, size as usize, inst, "reads")?;
                    cta.shared[at as usize..(at + size) as usize].to_vec()
                }
            };
            cta.check_async_read(at as usize, size as usize, inst, report);
            *v = elem.decode(&bytes);
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
