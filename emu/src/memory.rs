//! Memory (PTX ISA 5 "State Spaces", 9.7.9): loads and stores of the
//! global, shared, local and parameter spaces with their bounds, alignment
//! and race checks (the shadow state of every shared byte), `cp.async` and
//! its groups, and the warp collectives (`ldmatrix`).

use crate::alu::{bits, sext};
use crate::machine::*;
use crate::ptx::{Inst, Operand};

impl Cta<'_> {
    pub(crate) fn space<'a>(parts: &[&'a str]) -> &'a str {
        parts
            .iter()
            .copied()
            .find_map(|p| match p {
                "global" | "param" | "local" | "const" => Some(p),
                _ if p.starts_with("shared") => Some("shared"),
                _ => None,
            })
            .unwrap_or("generic")
    }

    pub(crate) fn load(&mut self, t: usize, inst: &Inst, parts: &[&str], ty: &str, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let width = bits(ty).unwrap_or(32) as usize / 8;
        let space = Self::space(parts);
        let dsts: Vec<usize> = match inst.op(0)? {
            Operand::Reg(r) => vec![*r],
            Operand::Vector(v) => v.clone(),
            _ => return Err(Stop(HazardKind::Unsupported, format!("bad destination in {}", describe(inst)))),
        };
        let total = width * dsts.len();
        let bytes = if space == "param" {
            let Operand::Address(base, offset) = inst.op(1)? else { unreachable!("ld.param reads an address") };
            let Operand::Symbol(name) = base.as_ref() else {
                return Err(Stop(HazardKind::Unsupported, format!("ld.param through a register: {}", describe(inst))));
            };
            let i = self.kernel.params.iter().position(|p| &p.name == name).ok_or_else(|| Stop(HazardKind::Unsupported, format!("unknown parameter {name}")))?;
            let p = &config.params[i];
            let at = *offset as usize;
            p.get(at..at + total).map(<[u8]>::to_vec).ok_or_else(|| Stop(HazardKind::OutOfBounds, format!("{} reads past parameter {name} ({} bytes)", describe(inst), p.len())))?
        } else {
            let addr = self.address(t, inst.op(1)?, config, inst)?;
            self.read(t, space, addr, total, inst, buffers, report)?
        };
        for (k, r) in dsts.iter().enumerate() {
            let mut v = 0u64;
            for (j, b) in bytes[k * width..(k + 1) * width].iter().enumerate() {
                v |= u64::from(*b) << (8 * j);
            }
            // ld.s8 / ld.s16 sign-extend into the register.
            if ty.starts_with('s') {
                v = sext(v, (width * 8) as u32) as u64;
            }
            self.threads[t].regs[*r] = v;
        }
        Ok(())
    }

    pub(crate) fn store(&mut self, t: usize, inst: &Inst, parts: &[&str], ty: &str, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let width = bits(ty).unwrap_or(32) as usize / 8;
        let space = Self::space(parts);
        let addr = self.address(t, inst.op(0)?, config, inst)?;
        let values: Vec<u64> = match inst.op(1)? {
            Operand::Vector(v) => v.iter().map(|r| self.threads[t].regs[*r]).collect(),
            other => vec![self.value(t, other, config, inst)?],
        };
        let mut bytes = Vec::with_capacity(width * values.len());
        for v in values {
            bytes.extend_from_slice(&v.to_le_bytes()[..width]);
        }
        self.write(t, space, addr, &bytes, inst, buffers, report)
    }

    /// Resolves a generic address to its state space.
    pub(crate) fn resolve(space: &str, addr: u64) -> (&'static str, u64) {
        match space {
            "shared" => ("shared", addr),
            "global" => ("global", addr),
            "local" => ("local", addr),
            _ if (LOCAL_WINDOW..LOCAL_WINDOW + (1 << 32)).contains(&addr) => ("local", addr - LOCAL_WINDOW),
            _ if (SHARED_WINDOW..SHARED_WINDOW + (1 << 32)).contains(&addr) => ("shared", addr - SHARED_WINDOW),
            _ => ("global", addr),
        }
    }

    /// Bytes `addr..addr + len` of global memory (inside one buffer).
    pub(crate) fn global_read(buffers: &mut [Buffer], addr: u64, len: usize, inst: &Inst) -> Result<Vec<u8>, Stop> {
        let (i, at) = Self::global_hit(buffers, addr, len, inst)?;
        Ok(buffers[i].data.read(at, len))
    }

    pub(crate) fn global_write(buffers: &mut [Buffer], addr: u64, bytes: &[u8], inst: &Inst) -> Result<(), Stop> {
        let (i, at) = Self::global_hit(buffers, addr, bytes.len(), inst)?;
        buffers[i].data.write(at, bytes);
        Ok(())
    }

    /// The buffer holding `addr..addr + len`, and the offset in it.
    fn global_hit(buffers: &[Buffer], addr: u64, len: usize, inst: &Inst) -> Result<(usize, usize), Stop> {
        let hit = buffers.iter().position(|b| addr >= b.base && addr + len as u64 <= b.base + b.data.len() as u64);
        if let Some(i) = hit {
            return Ok((i, (addr - buffers[i].base) as usize));
        }
        let near = buffers.iter().find(|b| addr >= b.base && addr < b.base + (1 << 32)).map(|b| {
            format!(" ({} bytes past the start of buffer {} of {} bytes)", addr - b.base, b.name, b.data.len())
        });
        Err(Stop(HazardKind::OutOfBounds, format!("{} accesses global address {addr:#x}, {len} bytes, outside every buffer{}", describe(inst), near.unwrap_or_default())))
    }

    pub(crate) fn local_range(&mut self, t: usize, addr: u64, len: usize, inst: &Inst, verb: &str) -> Result<&mut [u8], Stop> {
        let local = &mut self.threads[t].local;
        let size = local.len();
        let at = addr as usize;
        match at.checked_add(len) {
            Some(end) if end <= size => Ok(&mut local[at..end]),
            _ => Err(Stop(HazardKind::OutOfBounds, format!("{} {verb} local bytes {at}..{} of a {size}-byte frame", describe(inst), at.saturating_add(len)))),
        }
    }

    /// The offset in the CTA's own shared memory of a shared::cluster
    /// address (`cluster::split`): the shared memory of another CTA of the
    /// cluster (DSMEM) is reached only by mbarrier arrivals and multicasts.
    pub(crate) fn own_shared(&self, addr: u64, inst: &Inst) -> Result<usize, Stop> {
        match crate::cluster::split(addr) {
            (Some(rank), _) if rank != self.rank => Err(Stop(HazardKind::Unsupported, format!("{}: loads and stores of another CTA's shared memory (rank {rank}, DSMEM) are not emulated", describe(inst)))),
            (_, offset) => Ok(offset as usize),
        }
    }

    /// Shared bytes `at..at + len` lie in the CTA's allocation; `verb`
    /// (`reads`, `writes`) names the access in the fault.
    pub(crate) fn shared_bounds(&self, at: usize, len: usize, inst: &Inst, verb: &str) -> Result<(), Stop> {
        if at + len > self.shared.len() {
            return Err(Stop(HazardKind::OutOfBounds, format!("{} {verb} shared bytes {at}..{} of a {}-byte allocation", describe(inst), at + len, self.shared.len())));
        }
        Ok(())
    }

    pub(crate) fn check_alignment(addr: u64, len: usize, inst: &Inst) -> Result<(), Stop> {
        if len.is_power_of_two() && addr % len as u64 != 0 {
            return Err(Stop(HazardKind::Misaligned, format!("{} accesses {len} bytes at {addr:#x}, not {len}-byte aligned", describe(inst))));
        }
        Ok(())
    }

    pub(crate) fn read(&mut self, t: usize, space: &str, addr: u64, len: usize, inst: &Inst, buffers: &mut [Buffer], report: &mut Report) -> Result<Vec<u8>, Stop> {
        Self::check_alignment(addr, len, inst)?;
        let (space, addr) = Self::resolve(space, addr);
        if space == "global" {
            return Self::global_read(buffers, addr, len, inst);
        }
        if space == "local" {
            return Ok(self.local_range(t, addr, len, inst, "reads")?.to_vec());
        }
        let at = self.own_shared(addr, inst)?;
        self.shared_bounds(at, len, inst, "reads")?;
        for a in at..at + len {
            self.check_read(t, a, inst, report);
        }
        Ok(self.shared[at..at + len].to_vec())
    }

    pub(crate) fn write(&mut self, t: usize, space: &str, addr: u64, bytes: &[u8], inst: &Inst, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        Self::check_alignment(addr, bytes.len(), inst)?;
        let (space, addr) = Self::resolve(space, addr);
        if space == "global" {
            return Self::global_write(buffers, addr, bytes, inst);
        }
        if space == "local" {
            self.local_range(t, addr, bytes.len(), inst, "writes")?.copy_from_slice(bytes);
            return Ok(());
        }
        let at = self.own_shared(addr, inst)?;
        self.shared_bounds(at, bytes.len(), inst, "writes")?;
        let pc = self.threads[t].pc as u32;
        for (k, b) in bytes.iter().enumerate() {
            self.check_write(t, at + k, pc, report);
            self.shared[at + k] = *b;
        }
        Ok(())
    }

    /// A read by the asynchronous proxy (a TMA store's source, a WGMMA or
    /// UMMA operand): a byte the generic proxy wrote needs a
    /// fence.proxy.async by its writer after the write (PTX ISA 8.6 "Proxies").
    pub(crate) fn check_async_read(&mut self, at: usize, len: usize, inst: &Inst, report: &mut Report) {
        for a in at..(at + len).min(self.shadow.len()) {
            let s = &self.shadow[a];
            if let (Some((writer, epoch)), Some(w)) = (s.generic, s.write) {
                if self.threads.get(writer as usize).is_some_and(|th| th.proxy_epoch == epoch) {
                    let code = &self.kernel.code;
                    report.hazard(HazardKind::ProxyFence, (w.pc as usize, self.kernel.code.iter().position(|i| std::ptr::eq(i, inst)).unwrap_or(0)), || {
                        format!(
                            "shared byte {a:#x} is written by thread {writer} with {} (the generic proxy) and read by the async proxy with {} with no fence.proxy.async after the write",
                            describe(&code[w.pc as usize]),
                            describe(inst)
                        )
                    });
                }
            }
        }
    }

    pub(crate) fn check_read(&mut self, t: usize, a: usize, inst: &Inst, report: &mut Report) {
        let pc = self.threads[t].pc as u32;
        self.check_read_as(t, a, inst, pc, report);
    }

    /// An asynchronous read of byte `a` by thread `t`'s instruction at `pc`,
    /// in flight from its issue (thread `t`'s clock then: `issued`) until
    /// now: the byte's last write races with it unless ordered before the
    /// issue.
    pub(crate) fn check_read_in_flight(&mut self, t: usize, a: usize, pc: u32, issued: &[u32], retired_by: &str, include_self: bool, report: &mut Report) {
        if let Some(w) = self.shadow[a].write {
            if (include_self || w.thread as usize != t) && w.clock > issued[w.thread as usize] {
                let code = &self.kernel.code;
                report.hazard(HazardKind::SharedRace, (w.pc as usize, pc as usize), || {
                    format!(
                        "race on shared byte {a:#x}: thread {} writes it with {} while {} of thread {t} may still read it (issued before the write, not yet retired by {retired_by}; thread {} is the TMA unit)",
                        w.thread,
                        describe(&code[w.pc as usize]),
                        describe(&code[pc as usize]),
                        self.threads.len()
                    )
                });
            }
        }
    }

    /// The race check of a read of byte `a` by thread `t` with its clock of
    /// now, made by the instruction `inst` at `pc` (an asynchronous read
    /// retired now, or the current instruction).
    pub(crate) fn check_read_as(&mut self, t: usize, a: usize, inst: &Inst, pc: u32, report: &mut Report) {
        let clock = &self.threads[t].clock;
        let s = &mut self.shadow[a];
        if let Some((writer, wpc)) = s.pending {
            let code = &self.kernel.code;
            report.hazard(HazardKind::AsyncReadBeforeWait, (pc as usize, wpc as usize), || {
                format!(
                    "thread {t} reads shared byte {a:#x} with {} while the cp.async of thread {writer} that writes it, {}, has not been waited for",
                    describe(inst),
                    describe(&code[wpc as usize])
                )
            });
        }
        if let Some(w) = s.write {
            if w.thread as usize != t && w.clock > clock[w.thread as usize] {
                let code = &self.kernel.code;
                report.hazard(HazardKind::SharedRace, (w.pc as usize, pc as usize), || {
                    format!(
                        "race on shared byte {a:#x}: thread {} writes it with {}, thread {t} reads it with {}, with no barrier between (threads {} and up are the TMA unit: no wait on the mbarrier that load completes on)",
                        w.thread,
                        describe(&code[w.pc as usize]),
                        describe(inst),
                        self.threads.len()
                    )
                });
            }
        } else if !s.init && report.warnings.len() < 16 {
            let message = format!("uninitialized read of shared byte {a:#x} by thread {t}: {}", describe(inst));
            if !report.warnings.iter().any(|w| w.ends_with(&describe(inst))) {
                report.warnings.push(message);
            }
        }
        let access = Access { thread: t as u32, clock: clock[t], pc };
        match s.reads.iter_mut().find(|r| r.thread == t as u32) {
            Some(r) => *r = access,
            None => s.reads.push(access),
        }
    }

    /// The clock component of the TMA writes that complete on the mbarrier
    /// at `bar` (`machine::ASYNC_SLOTS`): its own, or the shared slot n.
    pub(crate) fn async_component(&mut self, bar: u64) -> usize {
        let n = self.threads.len();
        if let Some(i) = self.async_barriers.iter().position(|&b| b == bar) {
            return n + 1 + i;
        }
        if self.async_barriers.len() < crate::machine::ASYNC_SLOTS {
            self.async_barriers.push(bar);
            return n + self.async_barriers.len();
        }
        n
    }

    pub(crate) fn check_write(&mut self, t: usize, a: usize, pc: u32, report: &mut Report) {
        // Threads n and up are the asynchronous proxy (a TMA load's writes,
        // one component per mbarrier).
        let clock = if t >= self.threads.len() { &self.async_clock } else { &self.threads[t].clock };
        let s = &mut self.shadow[a];
        let code = &self.kernel.code;
        if let Some(w) = s.write {
            if w.thread as usize != t && w.clock > clock[w.thread as usize] {
                report.hazard(HazardKind::SharedRace, (w.pc as usize, pc as usize), || {
                    format!(
                        "race on shared byte {a:#x}: threads {} and {t} both write it, with {} and {}, with no barrier between",
                        w.thread,
                        describe(&code[w.pc as usize]),
                        describe(&code[pc as usize])
                    )
                });
            }
        }
        for r in &s.reads {
            if r.thread as usize != t && r.clock > clock[r.thread as usize] {
                report.hazard(HazardKind::SharedRace, (r.pc as usize, pc as usize), || {
                    format!(
                        "race on shared byte {a:#x}: thread {} reads it with {}, thread {t} writes it with {}, with no barrier between",
                        r.thread,
                        describe(&code[r.pc as usize]),
                        describe(&code[pc as usize])
                    )
                });
            }
        }
        s.write = Some(Access { thread: t as u32, clock: clock[t], pc });
        s.reads.clear();
        s.init = true;
        s.generic = self.threads.get(t).map(|th| (t as u32, th.proxy_epoch));
    }

    /// `cp.async.{ca,cg}.shared.global [dst], [src], size{, src-size}`,
    /// `cp.async.commit_group`, `cp.async.wait_group N`, `cp.async.wait_all`
    /// (PTX ISA 9.7.9.25): the source is read at issue, the destination
    /// written only by the wait that completes the copy's group.
    pub(crate) fn cp_async(&mut self, t: usize, inst: &Inst, parts: &[&str], config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let pc = self.threads[t].pc as u32;
        match parts.get(2).copied() {
            Some("commit_group") => {
                let open = std::mem::take(&mut self.threads[t].open);
                self.threads[t].groups.push(open);
            }
            Some("wait_group") | Some("wait_all") => {
                let keep = if parts[2] == "wait_all" { 0 } else { self.value(t, inst.op(0)?, config, inst)? as usize };
                if parts[2] == "wait_all" {
                    // wait_all also commits the open group (PTX ISA: equivalent to commit_group; wait_group 0).
                    let open = std::mem::take(&mut self.threads[t].open);
                    self.threads[t].groups.push(open);
                }
                let n = self.threads[t].groups.len();
                let done: Vec<Vec<Copy>> = self.threads[t].groups.drain(..n.saturating_sub(keep)).collect();
                self.threads[t].clock[t] += 1;
                for group in done {
                    for copy in group {
                        for (k, b) in copy.bytes.iter().enumerate() {
                            let a = copy.dst + k;
                            self.shadow[a].pending = None;
                            self.check_write(t, a, copy.pc, report);
                            self.shared[a] = *b;
                        }
                    }
                }
            }
            Some("ca") | Some("cg") => {
                let size = self.value(t, inst.op(2)?, config, inst)? as usize;
                let src_size = match inst.operands.get(3) {
                    Some(s) => self.value(t, s, config, inst)? as usize,
                    None => size,
                };
                if !matches!(size, 4 | 8 | 16) || (parts[2] == "cg" && size != 16) {
                    return Err(Stop(HazardKind::Unsupported, format!("{}: cp.async copies 4, 8 or 16 bytes (.cg: 16)", describe(inst))));
                }
                // PTX ISA 9.7.9.25.3.1: src-size is at most cp-size.
                if src_size > size {
                    return Err(Stop(HazardKind::Undefined, format!("{}: src-size {src_size} exceeds cp-size {size}", describe(inst))));
                }
                let dst = self.address(t, inst.op(0)?, config, inst)?;
                let src = self.address(t, inst.op(1)?, config, inst)?;
                Self::check_alignment(dst, size, inst)?;
                Self::check_alignment(src, size, inst)?;
                let mut bytes = vec![0u8; size];
                if src_size > 0 {
                    bytes[..src_size.min(size)].copy_from_slice(&Self::global_read(buffers, src, src_size.min(size), inst)?);
                }
                let at = dst as usize;
                self.shared_bounds(at, size, inst, "writes")?;
                for a in at..at + size {
                    self.shadow[a].pending = Some((t as u32, pc));
                }
                self.threads[t].open.push(Copy { dst: at, bytes, pc });
            }
            _ => return Err(Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)))),
        }
        Ok(())
    }

    /// A warp-collective instruction, executed for every lane at once.
    pub(crate) fn collective(&mut self, lanes: std::ops::Range<usize>, pc: usize, report: &mut Report) -> Result<(), Stop> {
        let kernel = self.kernel;
        let inst = &kernel.code[pc];
        match inst.opcode[0].as_str() {
            "ldmatrix" => self.ldmatrix(lanes, inst, report),
            "stmatrix" => self.stmatrix(lanes, inst, report),
            "shfl" | "vote" | "elect" => self.warp_exchange(lanes, inst),
            "wgmma" => crate::sm90::wgmma(self, lanes, inst, report),
            "setmaxnreg" => crate::sm90::setmaxnreg(self, lanes, inst),
            "tcgen05" => crate::sm100::collective(self, lanes, inst, report),
            "mma" => {
                let mut regs: Vec<&mut Vec<u64>> = self.threads[lanes].iter_mut().map(|t| &mut t.regs).collect();
                crate::mma::execute(inst, &mut regs).map_err(|(kind, m)| Stop(kind, format!("{}: {m}", describe(inst))))
            }
            _ => Err(Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)))),
        }
    }

    /// `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared.b16` (PTX ISA
    /// 9.7.14.5.15): lanes 8m..8m+7 give the row addresses of matrix m (16
    /// bytes each); lane l receives, for matrix m, row l/4 elements
    /// 2(l%4) and 2(l%4)+1 (low half first), or with .trans the elements
    /// (2(l%4), l/4) and (2(l%4)+1, l/4).
    pub(crate) fn ldmatrix(&mut self, lanes: std::ops::Range<usize>, inst: &Inst, report: &mut Report) -> Result<(), Stop> {
        let (trans, dsts) = matrix_operands(inst, 0, &lanes)?;
        let base = lanes.start;
        // rows[m][r]: the 8 elements of row r of matrix m.
        let mut rows = vec![[[0u16; 8]; 8]; dsts.len()];
        for (m, matrix) in rows.iter_mut().enumerate() {
            for (r, row) in matrix.iter_mut().enumerate() {
                let (lane, addr) = self.matrix_row_address(base, m, r, inst.op(1)?, inst)?;
                let bytes = self.read(lane, "shared", addr, 16, inst, &mut [], report)?;
                for (e, value) in row.iter_mut().enumerate() {
                    *value = u16::from_le_bytes([bytes[2 * e], bytes[2 * e + 1]]);
                }
            }
        }
        for l in 0..WARP {
            for (m, rows) in rows.iter().enumerate() {
                let [(r0, c0), (r1, c1)] = fragment_pair(l, trans);
                self.threads[base + l].regs[dsts[m]] = u64::from(rows[r0][c0]) | (u64::from(rows[r1][c1]) << 16);
            }
        }
        Ok(())
    }

    /// `stmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared.b16` (PTX ISA
    /// 9.7.14.5.16), the reverse of ldmatrix: lanes 8m..8m+7 give the row
    /// addresses of matrix m; lane l's register m holds row l/4 elements
    /// 2(l%4) and 2(l%4)+1 (low half first), or with .trans the elements
    /// (2(l%4), l/4) and (2(l%4)+1, l/4) of the stored matrix.
    pub(crate) fn stmatrix(&mut self, lanes: std::ops::Range<usize>, inst: &Inst, report: &mut Report) -> Result<(), Stop> {
        let (trans, srcs) = matrix_operands(inst, 1, &lanes)?;
        let base = lanes.start;
        let mut rows = vec![[[0u16; 8]; 8]; srcs.len()];
        for l in 0..WARP {
            for (m, rows) in rows.iter_mut().enumerate() {
                let v = self.threads[base + l].regs[srcs[m]];
                let [(r0, c0), (r1, c1)] = fragment_pair(l, trans);
                rows[r0][c0] = v as u16;
                rows[r1][c1] = (v >> 16) as u16;
            }
        }
        for (m, matrix) in rows.iter().enumerate() {
            for (r, row) in matrix.iter().enumerate() {
                let (lane, addr) = self.matrix_row_address(base, m, r, inst.op(0)?, inst)?;
                let bytes: Vec<u8> = row.iter().flat_map(|e| e.to_le_bytes()).collect();
                self.write(lane, "shared", addr, &bytes, inst, &mut [], report)?;
            }
        }
        Ok(())
    }

    /// The shared address lane 8m + r of the warp at `base` gives for row r
    /// of matrix m (16 bytes, 16-byte aligned), and that lane's thread.
    fn matrix_row_address(&self, base: usize, m: usize, r: usize, operand: &Operand, inst: &Inst) -> Result<(usize, u64), Stop> {
        let lane = base + 8 * m + r;
        let addr = self.address(lane, operand, &Config::none(), inst)?;
        let (space, addr) = Self::resolve("shared", addr);
        debug_assert_eq!(space, "shared");
        if addr % 16 != 0 {
            return Err(Stop(HazardKind::Misaligned, format!("{}: lane {} gives row address {addr:#x}, not 16-byte aligned", describe(inst), 8 * m + r)));
        }
        Ok((lane, addr))
    }
}

/// The (row, column) of the two 16-bit halves (low first) lane `l` holds of
/// each m8n8 matrix: row l/4, columns 2(l%4) and 2(l%4)+1, or transposed.
fn fragment_pair(l: usize, trans: bool) -> [(usize, usize); 2] {
    if trans {
        [(2 * (l % 4), l / 4), (2 * (l % 4) + 1, l / 4)]
    } else {
        [(l / 4, 2 * (l % 4)), (l / 4, 2 * (l % 4) + 1)]
    }
}

/// An ldmatrix / stmatrix's `.trans` and its register vector (operand
/// `registers`), one register per matrix, executed by a whole warp.
fn matrix_operands<'i>(inst: &'i Inst, registers: usize, lanes: &std::ops::Range<usize>) -> Result<(bool, &'i Vec<usize>), Stop> {
    let (count, trans) = matrix_shape(inst)?;
    let Operand::Vector(regs) = inst.op(registers)? else {
        return Err(Stop(HazardKind::Unsupported, format!("{}: the registers are a vector", describe(inst))));
    };
    if regs.len() != count || lanes.len() != WARP {
        return Err(Stop(HazardKind::Unsupported, format!("{}: {} registers for .x{count} in a warp of {}", describe(inst), regs.len(), lanes.len())));
    }
    Ok((trans, regs))
}

/// The matrices (`.x1`, `.x2`, `.x4`) and `.trans` of an ldmatrix /
/// stmatrix, which the emulator models for `.m8n8` of `.b16` only.
fn matrix_shape(inst: &Inst) -> Result<(usize, bool), Stop> {
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    let count: usize = match parts.iter().find(|p| p.starts_with('x')) {
        Some(&"x1") => 1,
        Some(&"x2") => 2,
        Some(&"x4") => 4,
        _ => return Err(Stop(HazardKind::Unsupported, format!("{}: .x1, .x2 or .x4", describe(inst)))),
    };
    if !parts.contains(&"m8n8") || !parts.contains(&"b16") {
        return Err(Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset (m8n8 .b16)", describe(inst))));
    }
    Ok((count, parts.contains(&"trans")))
}
