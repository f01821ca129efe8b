//! The SM100 tensor-core path (issue 30, second part): tensor memory and
//! `tcgen05` (PTX ISA 9.7.16).
//!
//! - Tensor memory is 128 lanes x 512 columns of 32 bits per CTA; an
//!   address holds the lane in bits 31..16 and the column in 15..0.
//!   `tcgen05.alloc` (a warp collective) writes the allocated columns' base
//!   address into shared memory; `dealloc` / `relinquish_alloc_permit` free.
//! - `tcgen05.mma` runs at issue (`crate::umma`: the dense kinds f16,
//!   tf32, f8f6f4 and i8, block-scaled mxf8f6f4 and sparse f16).
//! - `tcgen05.commit ... mbarrier::arrive::one` arrives on the mbarrier (or,
//!   `.multicast::cluster`, on those of the masked CTAs) once the thread's
//!   earlier tcgen05 operations are done (here: at once).
//! - `tcgen05.cp` copies a shared-memory matrix into tensor memory (both
//!   CTAs' with `cta_group::2`); the pair's alloc/dealloc/relinquish take a
//!   warp of each CTA ([`pair_collective`]).
//! - `tcgen05.ld.sync.aligned.<shape>.xN` (a warp collective): lane l of
//!   the warp reads its registers from the cells [`Shape::place`] names
//!   (32x32b: lane (address lane) + l, N columns from the address column;
//!   the 16-lane shapes 16x64b, 16x128b, 16x256b and 16x32bx2);
//!   `tcgen05.st` writes them the same way; `wait::ld` / `wait::st` order
//!   only.

use crate::machine::{describe, Config, Cta, HazardKind, Report, State, Stop, WARP};
use crate::ptx::{Inst, Operand};


pub const LANES: usize = 128;
pub const COLUMNS: usize = 512;

pub(crate) fn bad(inst: &Inst, message: String) -> Stop {
    Stop(HazardKind::Unsupported, format!("{}: {message}", describe(inst)))
}

/// A use the ISA makes illegal (its behaviour is undefined).
pub(crate) fn illegal(inst: &Inst, message: String) -> Stop {
    Stop(HazardKind::Undefined, format!("{}: {message}", describe(inst)))
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
        "mma" => crate::umma::mma(cta, t, inst, config, report),
        "cp" => cp(cta, t, inst, config, report),
        "shift" => shift(cta, t, inst, config),
        "commit" => commit(cta, t, inst, config, report),
        other => Err(bad(inst, format!("tcgen05.{other} is not emulated"))),
    }
}

/// The data-movement shapes of `tcgen05.ld` / `tcgen05.st` (PTX ISA
/// 9.7.16.2.3, 9.7.16.8.3-4): 32 lanes of 32 bits, or 16 lanes of 64, 128
/// or 256 bits, or two half-warps' 16 lanes of 32 bits `split` columns
/// apart; `.xN` repeats the shape along the columns.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shape {
    S32x32b,
    S16x64b,
    S16x128b,
    S16x256b,
    S16x32bx2,
}

impl Shape {
    fn of(part: &str) -> Option<Shape> {
        Some(match part {
            "32x32b" => Shape::S32x32b,
            "16x64b" => Shape::S16x64b,
            "16x128b" => Shape::S16x128b,
            "16x256b" => Shape::S16x256b,
            "16x32bx2" => Shape::S16x32bx2,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Shape::S32x32b => "32x32b",
            Shape::S16x64b => "16x64b",
            Shape::S16x128b => "16x128b",
            Shape::S16x256b => "16x256b",
            Shape::S16x32bx2 => "16x32bx2",
        }
    }

    /// Registers a thread holds per repetition (tables 49 and 50).
    fn registers(self) -> usize {
        match self {
            Shape::S16x128b => 2,
            Shape::S16x256b => 4,
            _ => 1,
        }
    }

    /// (lane, column) from the address of register `r` of lane `t` of the
    /// warp. The ISA draws these in figures 183-187 only; the emulator
    /// takes the placement of CUTLASS's `SM100_TMEM_LOAD_*` traits
    /// (docs/emulator.md): 32x32b lane t, column r; 16x64b lane t/4 +
    /// 8 (t%2), column (t/2)%2 + 2r; 16x128b lane t/4 + 8 (r%2), column t%4
    /// + 4 (r/2); 16x256b lane t/4 + 8 ((r/2)%2), column 2 (t%4) + r%2 +
    /// 8 (r/4); 16x32bx2 lane t%16, column r, plus `split` for t >= 16.
    fn place(self, t: usize, r: usize, split: usize) -> (usize, usize) {
        match self {
            Shape::S32x32b => (t, r),
            Shape::S16x64b => (t / 4 + 8 * (t % 2), (t / 2) % 2 + 2 * r),
            Shape::S16x128b => (t / 4 + 8 * (r % 2), t % 4 + 4 * (r / 2)),
            Shape::S16x256b => (t / 4 + 8 * ((r / 2) % 2), 2 * (t % 4) + r % 2 + 8 * (r / 4)),
            Shape::S16x32bx2 => (t % 16, r + if t >= 16 { split } else { 0 }),
        }
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
    let (rank, bar) = crate::mbarrier::cluster_offset(cta, t, inst.op(0)?, config, inst)?;
    let ranks: Vec<u32> = if inst.opcode.iter().any(|p| p.starts_with("multicast")) {
        let mask = cta.value(t, inst.op(1)?, config, inst)? as u16;
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
/// address of (r, k)) into tensor memory, row r to lane (taddr lane) + r
/// (but for the multicasts and `.4x256b`, below), 4 bytes a column from the
/// taddr column; with `cta_group::2` into the
/// tensor memory of both CTAs of the pair. It completes at issue here.
fn cp(cta: &mut Cta, t: usize, inst: &Inst, config: &Config, report: &mut Report) -> Result<(), Stop> {
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    if parts.iter().any(|p| p.starts_with("b8x16") || p.starts_with("b6x16") || p.starts_with("b4x16")) {
        return Err(bad(inst, "tcgen05.cp with decompression (.b8x16) is not emulated".into()));
    }
    let multicast = parts.iter().find(|p| p.starts_with("warpx")).copied();
    let shape = parts.get(3).copied();
    let (rows, bits) = match (shape, multicast) {
        (Some("128x256b"), None) => (128, 256),
        (Some("4x256b"), None) => (4, 256),
        (Some("128x128b"), None) => (128, 128),
        (Some("32x128b"), Some("warpx4")) => (32, 128),
        (Some("64x128b"), Some("warpx2::02_13" | "warpx2::01_23")) => (64, 128),
        (Some("32x128b"), _) => return Err(illegal(inst, "the .32x128b shape requires .warpx4 (PTX ISA 9.7.16.9.2)".into())),
        (Some("64x128b"), _) => return Err(illegal(inst, "the .64x128b shape requires .warpx2::02_13 or .warpx2::01_23 (PTX ISA 9.7.16.9.2)".into())),
        (Some(shape), Some(m)) => return Err(illegal(inst, format!("the .{shape} shape takes no .{m} multicast (PTX ISA 9.7.16.9.2)"))),
        (other, _) => return Err(bad(inst, format!("tcgen05.cp shape {} is not emulated (128x256b, 4x256b, 128x128b, 64x128b.warpx2, 32x128b.warpx4 are)", other.unwrap_or("")))),
    };
    let taddr = cta.address(t, inst.op(0)?, config, inst)? as u32;
    let desc = cta.value(t, inst.op(1)?, config, inst)?;
    let row_bytes = bits / 8;
    let mut data = vec![0u8; rows * row_bytes];
    for r in 0..rows {
        for k in 0..row_bytes {
            let at = crate::umma::descriptor_address(desc, r as u64, k as u64, 1, false).map_err(|e| bad(inst, e))?;
            data[r * row_bytes + k] = cta.read(t, "shared", at, 1, inst, &mut [], report)?[0];
            cta.check_async_read(at as usize, 1, inst, report);
        }
    }
    // (the first row, the rows, the lane offset) of each copy. .warpx4:
    // "the data being copied is multicasted into all 4 warps": the 32 rows
    // into each warp's quarter of the lanes. .warpx2: "multicasted into
    // warp pairs and each warp in the warp pair receive half of the data"
    // (pairs of warps 0 and 2, 1 and 3 with ::02_13; 0 and 1, 2 and 3
    // with ::01_23): each pair one half of the 64 rows in both its warps,
    // as CUTLASS's UTCCP 2x64dp128bitlw0213 / lw0123 traits place them.
    let copies: Vec<(usize, usize, u32)> = match (shape, multicast) {
        (_, Some("warpx4")) => (0..4).map(|q| (0, 32, 32 * q)).collect(),
        (_, Some("warpx2::02_13")) => vec![(0, 64, 0), (0, 64, 64)],
        (_, Some("warpx2::01_23")) => vec![(0, 32, 0), (0, 32, 32), (32, 32, 64), (32, 32, 96)],
        // .4x256b: row i into lane 32 i, the first of each 32-lane
        // partition (the ISA says only "4 rows"; CUTLASS's UTCCP 4dp256bit
        // traits place row i at logical row 32 i of the 128).
        (Some("4x256b"), _) => (0..4).map(|i| (i, 1, 32 * i as u32)).collect(),
        _ => vec![(0, rows, 0)],
    };
    for &(first, count, lanes) in &copies {
        let part = &data[first * row_bytes..(first + count) * row_bytes];
        let at = taddr + (lanes << 16);
        write_rows(cta, at, part, row_bytes, inst)?;
        if parts.contains(&"cta_group::2") {
            write_rows(cta.pair_peer(inst)?, at, part, row_bytes, inst)?;
        }
    }
    Ok(())
}

/// `tcgen05.shift.cta_group::N.down [taddr]` (PTX ISA 9.7.16.9.3): "the
/// shifting of 32-byte elements downwards across all the rows, except the
/// last, by one row" (the implicit 31x256b shape): of the 32 lanes from
/// taddr's (aligned to 32), lane i + 1 receives lane i's 8 columns from
/// taddr's column, for i < 31; the first lane keeps its own (the text says
/// nothing of it). Both CTAs of the pair with `cta_group::2`. It completes
/// at issue here, an operation of the tensor core that `tcgen05.commit`
/// tracks like an MMA.
fn shift(cta: &mut Cta, t: usize, inst: &Inst, config: &Config) -> Result<(), Stop> {
    let taddr = cta.address(t, inst.op(0)?, config, inst)? as u32;
    let (lane0, column0) = ((taddr >> 16) as usize, (taddr & 0xffff) as usize);
    if lane0 % 32 != 0 {
        return Err(illegal(inst, format!("the lane of taddr ({lane0}) must be aligned to 32 (PTX ISA 9.7.16.9.3)")));
    }
    let shift_one = |cta: &mut Cta| -> Result<(), Stop> {
        if cta.tmem.is_empty() || lane0 + 32 > LANES || column0 + 8 > cta.tmem_columns {
            return Err(Stop(
                HazardKind::OutOfBounds,
                format!("{}: lanes {lane0}..{}, columns {column0}..{} are outside the {} allocated columns of tensor memory", describe(inst), lane0 + 32, column0 + 8, cta.tmem_columns),
            ));
        }
        cta.tc_epoch += 1;
        for lane in (lane0 + 1..lane0 + 32).rev() {
            for column in column0..column0 + 8 {
                let (to, from) = (lane * COLUMNS + column, (lane - 1) * COLUMNS + column);
                cta.tmem[to] = cta.tmem[from];
                cta.tmem_stamp[to] = cta.tc_epoch;
            }
        }
        Ok(())
    };
    shift_one(cta)?;
    if inst.opcode.iter().any(|p| p == "cta_group::2") {
        shift_one(cta.pair_peer(inst)?)?;
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
            let columns = cta.value(first, inst.op(1)?, &dummy, inst)? as usize;
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
            let slot = cta.address(first, inst.op(0)?, &dummy, inst)?;
            cta.write(first, "shared", slot, &(base as u32).to_le_bytes(), inst, &mut [], report)
        }
        "dealloc" => {
            let columns = cta.value(first, inst.op(1)?, &dummy, inst)? as usize;
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
            // .pack::16b (ld) / .unpack::16b (st): a register holds two
            // 16-bit elements of adjacent columns, the lower column's in its
            // low half; in tensor memory each is the low 16 bits of its
            // column (9.7.16.8.3-4; D's sub-word elements are not packed).
            let packed = parts.iter().any(|p| *p == if load { "pack::16b" } else { "unpack::16b" });
            if !packed && parts.iter().any(|p| p.contains("pack::")) {
                return Err(bad(inst, format!("tcgen05.{} takes {}", inst.opcode[1], if load { ".pack::16b" } else { ".unpack::16b" })));
            }
            let Some(shape) = parts.iter().copied().find_map(Shape::of) else {
                return Err(bad(inst, "tcgen05.ld/st of an unknown shape".into()));
            };
            // ld: {regs}, [taddr]{, split}; st: [taddr]{, split}, {regs}.
            let (registers, address) = if load { (inst.op(0)?, inst.op(1)?) } else { (inst.operands.last().expect("registers"), inst.op(0)?) };
            let Operand::Vector(dst) = registers else { return Err(bad(inst, "the registers are a vector".into())) };
            let num: usize = parts.iter().find_map(|p| p.strip_prefix('x').and_then(|n| n.parse().ok())).unwrap_or(0);
            if dst.len() != num * shape.registers() {
                return Err(illegal(inst, format!("{} registers for .{}.x{num}: the shape and number take {} a thread (PTX ISA 9.7.16.8.3)", dst.len(), shape.name(), num * shape.registers())));
            }
            let split = if shape == Shape::S16x32bx2 { cta.value(first, inst.op(if load { 2 } else { 1 })?, &dummy, inst)? as usize } else { 0 };
            if cta.tmem.is_empty() {
                return Err(Stop(HazardKind::OutOfBounds, format!("{}: no tensor memory is allocated", describe(inst))));
            }
            // PTX ISA 9.7.16.8.1: warp w of a warpgroup reaches lanes
            // 32 (w % 4) .. 32 (w % 4) + 31 only.
            let quarter = (first / WARP) % 4;
            for (l, t) in lanes.clone().enumerate() {
                let addr = cta.address(t, address, &dummy, inst)? as u32;
                let (lane0, column0) = ((addr >> 16) as usize, (addr & 0xffff) as usize);
                // (register, lane, column, the register's 16-bit half when packed)
                let cells: Vec<(usize, usize, usize, Option<u32>)> = (0..dst.len())
                    .flat_map(|r| {
                        let (dl, dc) = shape.place(l, r, split);
                        let halves: &[Option<u32>] = if packed { &[Some(0), Some(1)] } else { &[None] };
                        halves.iter().map(move |&h| match h {
                            Some(h) => (r, lane0 + dl, column0 + 2 * dc + h as usize, Some(h)),
                            None => (r, lane0 + dl, column0 + dc, None),
                        })
                    })
                    .collect();
                for &(_, lane, column, _) in &cells {
                    if lane / 32 != quarter {
                        return Err(Stop(
                            HazardKind::OutOfBounds,
                            format!("{}: warp {} of its warpgroup reaches lanes {}..{} of tensor memory only (PTX ISA 9.7.16.8.1), not lane {lane}", describe(inst), quarter, 32 * quarter, 32 * quarter + 31),
                        ));
                    }
                    if lane >= LANES || column >= cta.tmem_columns {
                        return Err(Stop(
                            HazardKind::OutOfBounds,
                            format!("{}: lane {lane}, column {column} is outside the {} allocated columns of tensor memory", describe(inst), cta.tmem_columns),
                        ));
                    }
                }
                let read_at = cta.threads[t].clock[t];
                let pc = cta.threads[t].pc as u32;
                if load && packed {
                    for &reg in dst.iter() {
                        cta.threads[t].regs[reg] = 0;
                    }
                }
                for &(r, lane, column, half) in &cells {
                    let (reg, cell) = (dst[r], lane * COLUMNS + column);
                    if load {
                        cta.tmem_reads[cell] = Some((t as u32, read_at, pc));
                        match half {
                            Some(h) => cta.threads[t].regs[reg] |= u64::from(cta.tmem[cell] & 0xffff) << (16 * h),
                            None => cta.threads[t].regs[reg] = u64::from(cta.tmem[cell]),
                        }
                        if cta.tmem_stamp[cell] > cta.threads[t].tc_seen {
                            let pc = cta.threads[t].pc;
                            report.hazard(HazardKind::TmemRace, (pc, 0), || {
                                format!(
                                    "thread {t}: {} reads tensor memory (lane {lane}, column {column}) that a tcgen05.mma / tcgen05.cp wrote, before observing the mbarrier phase its tcgen05.commit completes (PTX ISA 9.7.16.6)",
                                    describe(inst),
                                )
                            });
                        }
                    } else {
                        let value = cta.threads[t].regs[reg] as u32;
                        cta.tmem[cell] = match half {
                            // A 16-bit element into the low half; the high
                            // half, which the ISA leaves unsaid, unchanged.
                            Some(h) => (cta.tmem[cell] & 0xffff_0000) | ((value >> (16 * h)) & 0xffff),
                            None => value,
                        };
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
