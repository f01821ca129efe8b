//! The execution model (PTX ISA 2 "Programming Model", 3 "PTX Machine
//! Model"): a grid of CTAs run one after another; in a CTA, threads grouped
//! in warps of 32 lanes, each with its own registers and program counter.
//! Threads run until they block: at a barrier (`bar.sync`, PTX ISA 9.7.13.1)
//! until every thread the barrier expects arrives; at a warp-collective
//! instruction (`ldmatrix`, `mma.sync`: `.sync.aligned`) until every lane of
//! the warp reaches the same instruction. The schedule is deterministic; if
//! no thread can move, the CTA is deadlocked and the blocked threads are
//! reported, never waited for.
//!
//! Happens-before is tracked with vector clocks (FastTrack-style shadow
//! state per shared byte): barriers join the clocks of the CTA, collectives
//! those of the warp, and a `cp.async.wait_group` makes the copies it
//! completes writes of the waiting thread at that point (PTX ISA 9.7.9.25
//! "cp.async": the destination is not written until the wait). Two accesses
//! of one shared byte from different threads, one a write, with no
//! happens-before between them, are a race, whatever the schedule.

use crate::ptx::{Inst, Kernel, Operand, Special};
use half::{bf16, f16};
use std::fmt::Write as _;

pub const WARP: usize = 32;
/// Global buffers are placed 4 GiB apart from here (addresses a kernel
/// computes from its parameters).
pub const GLOBAL_BASE: u64 = 0x1_0000_0000;
/// Generic addresses of shared memory (`cvta.shared`) start here.
pub const SHARED_WINDOW: u64 = 0x7f00_0000_0000;
/// Generic addresses of the kernel parameters (`cvta.param`), 128 bytes each.
pub const PARAM_WINDOW: u64 = 0x7e00_0000_0000;
/// Generic addresses of a thread's local memory (`cvta.local`).
pub const LOCAL_WINDOW: u64 = 0x7d00_0000_0000;

/// A device buffer of the launch.
#[derive(Debug, Clone)]
pub struct Buffer {
    pub name: String,
    pub base: u64,
    pub data: Vec<u8>,
}

/// What the launch gives the kernel.
pub struct Config {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_smem: usize,
    /// The bytes of each kernel parameter, in order.
    pub params: Vec<Vec<u8>>,
    /// Stop after this many instructions (a kernel that never ends).
    pub instruction_limit: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HazardKind {
    SharedRace,
    AsyncReadBeforeWait,
    OutOfBounds,
    Misaligned,
    Deadlock,
    Divergence,
    /// A wgmma register written after its fence or used before its wait.
    WgmmaRegister,
    /// Generic-proxy data read by the async proxy without fence.proxy.async.
    ProxyFence,
    Unsupported,
}

/// A reported hazard (deduplicated by kind and instructions; `count` says
/// how often it happened).
#[derive(Debug, Clone)]
pub struct Hazard {
    pub kind: HazardKind,
    pub message: String,
    pub count: u64,
    key: (usize, usize),
}

#[derive(Debug, Default)]
pub struct Report {
    pub instructions: u64,
    pub ctas: usize,
    pub warps: usize,
    pub hazards: Vec<Hazard>,
    /// Uninitialized shared-memory reads and other warnings.
    pub warnings: Vec<String>,
}

impl Report {
    fn hazard(&mut self, kind: HazardKind, key: (usize, usize), message: impl FnOnce() -> String) {
        if let Some(h) = self.hazards.iter_mut().find(|h| h.kind == kind && h.key == key) {
            h.count += 1;
            return;
        }
        if self.hazards.len() < 64 {
            self.hazards.push(Hazard { kind, message: message(), count: 1, key });
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Running,
    Barrier(u32, u32),
    Collective(usize),
    /// Blocked in `mbarrier.try_wait.parity` on (barrier offset, parity).
    MbarrierWait(u64, u32),
    Exited,
}

#[derive(Clone, Copy)]
struct Access {
    thread: u32,
    clock: u32,
    pc: u32,
}

#[derive(Clone, Default)]
struct Shadow {
    write: Option<Access>,
    reads: Vec<Access>,
    init: bool,
    /// A `cp.async` whose wait has not come: (thread, pc).
    pending: Option<(u32, u32)>,
    /// The last write, when the generic proxy made it: (thread, the
    /// thread's fence.proxy.async count then).
    generic: Option<(u32, u32)>,
}

struct Copy {
    dst: usize,
    bytes: Vec<u8>,
    pc: u32,
}

pub(crate) struct Thread {
    pub(crate) regs: Vec<u64>,
    pub(crate) pc: usize,
    state: State,
    pub(crate) clock: Vec<u32>,
    tid: [u32; 3],
    /// Committed cp.async groups, oldest first, and the open one.
    groups: Vec<Vec<Copy>>,
    open: Vec<Copy>,
    /// The WGMMA register rule (PTX ISA 9.7.15.6.1 wgmma.fence): per
    /// register, the fence epoch of its last write by a non-wgmma
    /// instruction and that instruction; the epoch counts wgmma.fence.
    fence_epoch: u32,
    written: Vec<(u32, u32)>,
    /// Registers of wgmma.mma_async not yet waited for (wait_group 0).
    in_flight: Vec<(usize, u32)>,
    /// fence.proxy.async executed so far.
    proxy_epoch: u32,
    /// The thread's `.local` memory (private: no other thread can reach it,
    /// so it needs no race shadow).
    local: Vec<u8>,
}

pub(crate) struct Cta<'k> {
    pub(crate) kernel: &'k Kernel,
    id: [u32; 3],
    pub(crate) threads: Vec<Thread>,
    pub(crate) shared: Vec<u8>,
    shadow: Vec<Shadow>,
    /// Shared-variable name -> offset; `.local` variables -> their
    /// offset in each thread's local memory.
    symbols: Vec<(String, u64)>,
    /// Parameter name -> its address in the parameter window.
    params: Vec<(String, u64)>,
    /// mbarriers by shared offset (PTX ISA 9.7.13.15).
    pub(crate) barriers: std::collections::HashMap<u64, crate::sm90::Mbarrier>,
    /// The asynchronous proxy's clock (TMA writes are its accesses).
    pub(crate) async_clock: Vec<u32>,
    /// Tensor memory (lane-major, `sm100::COLUMNS` per lane), allocated on
    /// the first tcgen05.alloc, and the columns allocated so far.
    pub(crate) tmem: Vec<u32>,
    pub(crate) tmem_columns: usize,
}

/// A fault that stops the CTA (an access outside every allocation, an
/// instruction the emulator does not know).
pub(crate) struct Stop(pub(crate) HazardKind, pub(crate) String);

pub(crate) fn describe(inst: &Inst) -> String {
    format!("`{}` (PTX line {})", inst.text, inst.line)
}

/// Runs `kernel` over the grid; global memory is `buffers`.
pub fn run(kernel: &Kernel, config: &Config, buffers: &mut [Buffer]) -> Report {
    let mut report = Report::default();
    let [gx, gy, gz] = config.grid;
    let threads_per_cta = (config.block[0] * config.block[1] * config.block[2]) as usize;
    for z in 0..gz {
        for y in 0..gy {
            for x in 0..gx {
                report.ctas += 1;
                report.warps += threads_per_cta.div_ceil(WARP);
                let mut cta = Cta::new(kernel, [x, y, z], config);
                cta.run(config, buffers, &mut report);
                if report.instructions > config.instruction_limit {
                    report.hazard(HazardKind::Deadlock, (0, 0), || {
                        format!("stopped after {} instructions (a kernel that does not end?)", config.instruction_limit)
                    });
                    return report;
                }
            }
        }
    }
    report
}

impl<'k> Cta<'k> {
    fn new(kernel: &'k Kernel, id: [u32; 3], config: &Config) -> Self {
        // Static variables first, in declaration order; the dynamic
        // (`.extern`) arrays after them, all at the same aligned offset
        // (PTX ISA 5.1.5: they share the dynamically sized tail).
        let mut offset = 0u64;
        let mut symbols = Vec::new();
        for var in kernel.shared.iter().filter(|v| !v.dynamic) {
            let align = var.align.max(1) as u64;
            offset = offset.div_ceil(align) * align;
            symbols.push((var.name.clone(), offset));
            offset += var.bytes as u64;
        }
        let dynamic: Vec<_> = kernel.shared.iter().filter(|v| v.dynamic).collect();
        if !dynamic.is_empty() {
            let align = dynamic.iter().map(|v| v.align.max(1) as u64).max().unwrap_or(1);
            offset = offset.div_ceil(align) * align;
            for var in dynamic {
                symbols.push((var.name.clone(), offset));
            }
            offset += config.dynamic_smem as u64;
        }
        let size = offset as usize;
        let mut local_bytes = 0u64;
        for var in &kernel.local {
            let align = var.align.max(1) as u64;
            local_bytes = local_bytes.div_ceil(align) * align;
            symbols.push((var.name.clone(), local_bytes));
            local_bytes += var.bytes as u64;
        }
        let [bx, by, bz] = config.block;
        let n = (bx * by * bz) as usize;
        let tracks_wgmma = kernel.code.iter().any(|i| i.opcode[0] == "wgmma");
        let threads = (0..n)
            .map(|i| {
                let i = i as u32;
                // Slot n is the asynchronous proxy's (TMA writes).
                let mut clock = vec![0; n + 1];
                clock[i as usize] = 1;
                Thread {
                    regs: vec![0; kernel.registers],
                    pc: 0,
                    state: State::Running,
                    clock,
                    tid: [i % bx, (i / bx) % by, i / (bx * by)],
                    groups: Vec::new(),
                    open: Vec::new(),
                    fence_epoch: 1,
                    written: if tracks_wgmma { vec![(0, 0); kernel.registers] } else { Vec::new() },
                    in_flight: Vec::new(),
                    proxy_epoch: 0,
                    local: vec![0; local_bytes as usize],
                }
            })
            .collect();
        let mut params = Vec::new();
        let mut at = 0u64;
        for p in &kernel.params {
            params.push((p.name.clone(), PARAM_WINDOW + at));
            at += (p.bytes as u64).div_ceil(128) * 128;
        }
        let mut async_clock = vec![0; n + 1];
        async_clock[n] = 1;
        Cta {
            kernel,
            id,
            threads,
            shared: vec![0; size],
            shadow: vec![Shadow::default(); size],
            symbols,
            params,
            barriers: Default::default(),
            async_clock,
            tmem: Vec::new(),
            tmem_columns: 0,
        }
    }

    fn run(&mut self, config: &Config, buffers: &mut [Buffer], report: &mut Report) {
        let n = self.threads.len();
        loop {
            let mut progress = false;
            for t in 0..n {
                if self.threads[t].state == State::Running {
                    progress = true;
                    if let Err(Stop(kind, message)) = self.run_thread(t, config, buffers, report) {
                        report.hazard(kind, (self.threads[t].pc, 0), || message);
                        return;
                    }
                    if report.instructions > config.instruction_limit {
                        return;
                    }
                }
            }
            // Threads blocked on an mbarrier whose phase they wait for completed.
            for t in 0..n {
                if let State::MbarrierWait(bar, parity) = self.threads[t].state {
                    if self.barriers.get(&bar).is_some_and(|b| b.completed(parity)) {
                        self.threads[t].state = State::Running;
                        progress = true;
                    }
                }
            }
            // Collectives: every lane of the warp (a warpgroup of 4 warps for
            // wgmma.mma_async, PTX ISA 9.7.15) at the same one.
            for w in 0..n.div_ceil(WARP) {
                let width = match self.threads[w * WARP].state {
                    State::Collective(pc) if self.kernel.code[pc].opcode[0] == "wgmma" => 4 * WARP,
                    _ => WARP,
                };
                if width > WARP && w % 4 != 0 {
                    continue;
                }
                let lanes = w * WARP..(w * WARP + width).min(n);
                let first = self.threads[lanes.start].state;
                if let State::Collective(pc) = first {
                    if lanes.clone().all(|t| self.threads[t].state == State::Collective(pc)) {
                        if let Err(Stop(kind, message)) = self.collective(lanes.clone(), pc, report) {
                            report.hazard(kind, (pc, 0), || message);
                            return;
                        }
                        self.join(lanes.clone());
                        for t in lanes {
                            self.threads[t].state = State::Running;
                            self.threads[t].pc = pc + 1;
                        }
                        progress = true;
                    }
                }
            }
            // Barriers: release a barrier whose expected threads all arrived.
            let mut waiting: Vec<(u32, u32, usize)> = Vec::new();
            for t in 0..n {
                if let State::Barrier(id, expected) = self.threads[t].state {
                    waiting.push((id, expected, t));
                }
            }
            for id in 0..16u32 {
                let here: Vec<usize> = waiting.iter().filter(|w| w.0 == id).map(|w| w.2).collect();
                if here.is_empty() {
                    continue;
                }
                let expected = waiting.iter().find(|w| w.0 == id).map(|w| w.1).unwrap_or(n as u32) as usize;
                if here.len() >= expected {
                    self.join(here.iter().copied());
                    for &t in &here {
                        self.threads[t].state = State::Running;
                        self.threads[t].pc += 1;
                    }
                    progress = true;
                }
            }
            if self.threads.iter().all(|t| t.state == State::Exited) {
                // PTX ISA 9.7.16.7.1: tensor memory must be deallocated before the CTA exits.
                if self.tmem_columns != 0 {
                    let columns = self.tmem_columns;
                    report.hazard(HazardKind::OutOfBounds, (usize::MAX - 1, 0), || {
                        format!("CTA {:?} exits with {columns} columns of tensor memory still allocated (a missing tcgen05.dealloc)", self.id)
                    });
                }
                return;
            }
            if !progress {
                self.report_deadlock(report);
                return;
            }
        }
    }

    fn report_deadlock(&self, report: &mut Report) {
        let mut text = format!("deadlock in CTA {:?}: no thread can move", self.id);
        let mut shown = 0;
        for (t, thread) in self.threads.iter().enumerate() {
            let what = match thread.state {
                State::Barrier(id, expected) => format!("waits at barrier {id} (expects {expected} threads)"),
                State::Collective(_) => "waits for its warp at a collective".to_string(),
                State::MbarrierWait(bar, parity) => format!("waits on the mbarrier at shared {bar:#x} for phase parity {parity}"),
                State::Exited => continue,
                State::Running => continue,
            };
            if shown < 8 {
                let _ = write!(text, "\n  thread {t} {what}: {}", describe(&self.kernel.code[thread.pc]));
            }
            shown += 1;
        }
        let exited = self.threads.iter().filter(|t| t.state == State::Exited).count();
        let _ = write!(text, "\n  ({shown} threads blocked, {exited} exited without arriving)");
        report.hazard(HazardKind::Deadlock, (usize::MAX, 0), || text);
    }

    /// Joins the vector clocks of `threads` and advances each one's own.
    pub(crate) fn join(&mut self, threads: impl Iterator<Item = usize> + Clone) {
        let n = self.threads.len() + 1;
        let mut joined = vec![0u32; n];
        for t in threads.clone() {
            for (j, c) in self.threads[t].clock.iter().enumerate() {
                joined[j] = joined[j].max(*c);
            }
        }
        for t in threads {
            self.threads[t].clock.copy_from_slice(&joined);
            self.threads[t].clock[t] += 1;
        }
    }

    fn special(&self, t: usize, s: Special, config: &Config) -> u64 {
        let th = &self.threads[t];
        u64::from(match s {
            Special::Tid(d) => th.tid[d],
            Special::Ntid(d) => config.block[d],
            Special::Ctaid(d) => self.id[d],
            Special::Nctaid(d) => config.grid[d],
            Special::LaneId => (t % WARP) as u32,
            Special::WarpId => (t / WARP) as u32,
        })
    }

    pub(crate) fn value(&self, t: usize, op: &Operand, config: &Config, inst: &Inst) -> Result<u64, Stop> {
        Ok(match op {
            Operand::Reg(r) => self.threads[t].regs[*r],
            Operand::Imm(v) => *v,
            Operand::Special(s) => self.special(t, *s, config),
            Operand::Symbol(name) => self
                .symbols
                .iter()
                .chain(self.params.iter())
                .find(|(s, _)| s == name)
                .map(|(_, o)| *o)
                .ok_or_else(|| Stop(HazardKind::Unsupported, format!("unknown symbol '{name}' in {}", describe(inst))))?,
            _ => return Err(Stop(HazardKind::Unsupported, format!("operand {op:?} is not a value in {}", describe(inst)))),
        })
    }

    pub(crate) fn address(&self, t: usize, op: &Operand, config: &Config, inst: &Inst) -> Result<u64, Stop> {
        match op {
            Operand::Address(base, offset) => {
                let b = match base.as_ref() {
                    Operand::Symbol(name) if self.kernel.params.iter().any(|p| &p.name == name) => 0,
                    other => self.value(t, other, config, inst)?,
                };
                Ok(b.wrapping_add(*offset as u64))
            }
            _ => Err(Stop(HazardKind::Unsupported, format!("expected an address in {}", describe(inst)))),
        }
    }

    fn run_thread(&mut self, t: usize, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let code = &self.kernel.code;
        loop {
            let pc = self.threads[t].pc;
            let Some(inst) = code.get(pc) else {
                self.threads[t].state = State::Exited;
                return Ok(());
            };
            report.instructions += 1;
            if report.instructions > config.instruction_limit {
                return Ok(());
            }
            if let Some((p, negate)) = inst.guard {
                if (self.threads[t].regs[p] != 0) == negate {
                    self.threads[t].pc += 1;
                    continue;
                }
            }
            if !self.threads[t].written.is_empty() {
                self.wgmma_register_rule(t, inst, report);
            }
            match inst.opcode[0].as_str() {
                "bra" => {
                    let Operand::Label(target) = inst.operands[0] else { unreachable!("parsed as a label") };
                    self.threads[t].pc = target;
                    continue;
                }
                "ret" | "exit" => {
                    self.threads[t].state = State::Exited;
                    return Ok(());
                }
                "bar" | "barrier" => {
                    // bar.sync a{, b}: barrier a, b threads (all of the CTA without b).
                    let id = self.value(t, &inst.operands[0], config, inst)? as u32;
                    let expected = match inst.operands.get(1) {
                        Some(b) => self.value(t, b, config, inst)? as u32,
                        None => self.threads.len() as u32,
                    };
                    if inst.opcode.get(1).is_some_and(|m| m == "arrive") {
                        return Err(Stop(HazardKind::Unsupported, format!("bar.arrive is not supported: {}", describe(inst))));
                    }
                    self.threads[t].state = State::Barrier(id, expected);
                    return Ok(());
                }
                "ldmatrix" | "mma" => {
                    self.threads[t].state = State::Collective(pc);
                    return Ok(());
                }
                "tcgen05" if crate::sm100::is_collective(inst) => {
                    self.threads[t].state = State::Collective(pc);
                    return Ok(());
                }
                "wgmma" if inst.opcode.get(1).is_some_and(|p| p == "mma_async") => {
                    self.threads[t].state = State::Collective(pc);
                    return Ok(());
                }
                "mbarrier" if inst.opcode.get(1).is_some_and(|p| p == "try_wait" || p == "test_wait") => {
                    if !crate::sm90::try_wait(self, t, inst, config, report)? {
                        let (bar, parity) = crate::sm90::wait_target(self, t, inst, config)?;
                        self.threads[t].state = State::MbarrierWait(bar, parity);
                        return Ok(());
                    }
                }
                _ => self.execute(t, inst, config, buffers, report)?,
            }
            self.threads[t].pc += 1;
        }
    }
}

impl Cta<'_> {
    /// PTX ISA 9.7.15.6.1 (wgmma.fence): a register a wgmma.mma_async uses
    /// must not be written between the warpgroup's last wgmma.fence and the
    /// wgmma (accumulators chained by wgmmas excepted), and a register an
    /// issued wgmma writes must not be touched before wgmma.wait_group.
    fn wgmma_register_rule(&mut self, t: usize, inst: &Inst, report: &mut Report) {
        let pc = self.threads[t].pc as u32;
        let op = inst.opcode[0].as_str();
        let sub = inst.opcode.get(1).map(String::as_str).unwrap_or("");
        let regs_of = |o: &Operand| -> Vec<usize> {
            match o {
                Operand::Reg(r) => vec![*r],
                Operand::Vector(v) => v.clone(),
                Operand::Address(b, _) => match b.as_ref() {
                    Operand::Reg(r) => vec![*r],
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            }
        };
        let code = &self.kernel.code;
        let names = &self.kernel.register_names;
        match (op, sub) {
            ("wgmma", "fence") => self.threads[t].fence_epoch += 1,
            ("wgmma", "wait_group") => {
                let keep = match inst.operands.first() {
                    Some(Operand::Imm(n)) => *n,
                    _ => 0,
                };
                if keep == 0 {
                    self.threads[t].in_flight.clear();
                }
            }
            ("wgmma", "mma_async") => {
                let epoch = self.threads[t].fence_epoch;
                // D and (for rs) A registers: the vectors in braces; a
                // descriptor (ss) is a value, not a fragment.
                let used: Vec<usize> = inst
                    .operands
                    .iter()
                    .take(2)
                    .filter(|o| matches!(o, Operand::Vector(_)))
                    .flat_map(regs_of)
                    .collect();
                for r in &used {
                    let (when, by) = self.threads[t].written[*r];
                    if when == epoch {
                        report.hazard(HazardKind::WgmmaRegister, (by as usize, pc as usize), || {
                            format!(
                                "thread {t}: register {} is written by {} after the last wgmma.fence and used by {} (PTX ISA wgmma.fence: the fence must stand between them)",
                                names[*r],
                                describe(&code[by as usize]),
                                describe(inst)
                            )
                        });
                    }
                }
                if let Some(Operand::Vector(d)) = inst.operands.first() {
                    for r in d {
                        // A wgmma's own accumulator writes are exempt from the fence rule.
                        self.threads[t].written[*r] = (0, pc);
                        self.threads[t].in_flight.push((*r, pc));
                    }
                }
            }
            ("wgmma", _) => {}
            _ => {
                let in_flight = &self.threads[t].in_flight;
                if !in_flight.is_empty() {
                    for r in inst.operands.iter().flat_map(regs_of) {
                        if let Some((_, by)) = in_flight.iter().find(|(f, _)| *f == r) {
                            let by = *by;
                            report.hazard(HazardKind::WgmmaRegister, (by as usize, pc as usize), || {
                                format!(
                                    "thread {t}: register {} of {} is used by {} before wgmma.wait_group",
                                    names[r],
                                    describe(&code[by as usize]),
                                    describe(inst)
                                )
                            });
                        }
                    }
                }
                // The registers this instruction writes: its first operand.
                const NO_DESTINATION: [&str; 8] = ["st", "bar", "barrier", "bra", "ret", "exit", "fence", "prefetch"];
                let no_destination = NO_DESTINATION.contains(&op) || (op == "cp" && sub != "") || (op == "mbarrier" && sub == "init");
                if !no_destination {
                    let epoch = self.threads[t].fence_epoch;
                    for r in inst.operands.first().map(regs_of).unwrap_or_default() {
                        self.threads[t].written[r] = (epoch, pc);
                    }
                }
            }
        }
    }
}

/// Bits of a type suffix (`b32`, `s64`, `f16`, `pred`).
fn bits(ty: &str) -> Option<u32> {
    match ty {
        "pred" => Some(1),
        "f16x2" | "bf16x2" => Some(32),
        _ => {
            let digits = ty.trim_start_matches(|c: char| c.is_ascii_alphabetic());
            if ty.len() == digits.len() || !matches!(&ty[..1], "b" | "s" | "u" | "f") {
                return None;
            }
            digits.parse().ok()
        }
    }
}

fn is_type(part: &str) -> bool {
    bits(part).is_some() && part != "pred" || part == "pred"
}

fn mask(v: u64, bits: u32) -> u64 {
    if bits >= 64 { v } else { v & ((1u64 << bits) - 1) }
}

fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 { v as i64 } else { ((v << (64 - bits)) as i64) >> (64 - bits) }
}

fn float_of(v: u64, ty: &str) -> f64 {
    match ty {
        "f32" => f64::from(f32::from_bits(v as u32)),
        "f64" => f64::from_bits(v),
        "f16" => f64::from(f16::from_bits(v as u16).to_f32()),
        "bf16" => f64::from(bf16::from_bits(v as u16).to_f32()),
        _ => 0.0,
    }
}

fn bits_of_float(x: f64, ty: &str) -> u64 {
    match ty {
        "f32" => u64::from((x as f32).to_bits()),
        "f64" => x.to_bits(),
        "f16" => u64::from(f16::from_f64(x).to_bits()),
        "bf16" => u64::from(bf16::from_f64(x).to_bits()),
        _ => 0,
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

    #[allow(clippy::too_many_lines)]
    fn execute(&mut self, t: usize, inst: &Inst, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
        let ty = parts.iter().rev().find(|p| is_type(p)).copied().unwrap_or("b32");
        let width = bits(ty).unwrap_or(32);
        let float = ty.starts_with('f') && ty != "f16x2";
        let signed = ty.starts_with('s');
        let ops = &inst.operands;
        let val = |cta: &Self, i: usize| cta.value(t, &ops[i], config, inst);
        let unsupported = || Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)));
        match parts[0] {
            "mov" => {
                let v = if let Operand::Vector(parts) = &ops[1] {
                    // Packing (PTX ISA 9.7.9.10): {lo, .., hi} into one value.
                    let piece = width / parts.len() as u32;
                    parts.iter().enumerate().fold(0, |acc, (i, r)| acc | (mask(self.threads[t].regs[*r], piece) << (piece * i as u32)))
                } else {
                    mask(val(self, 1)?, width)
                };
                if let Operand::Vector(parts) = &ops[0] {
                    // Unpacking (PTX ISA 9.7.9.10): {lo, .., hi} take equal
                    // slices of the source, the first the low bits.
                    let piece = width / parts.len() as u32;
                    for (i, r) in parts.iter().enumerate() {
                        self.threads[t].regs[*r] = mask(v >> (piece * i as u32), piece);
                    }
                } else {
                    self.set(t, &ops[0], v, inst)?;
                }
            }
            "add" | "sub" | "min" | "max" | "div" | "rem" | "mul" | "mad" | "fma" => {
                let (a, b) = (val(self, 1)?, val(self, 2)?);
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
                self.set(t, &ops[0], r, inst)?;
            }
            "and" | "or" | "xor" => {
                let (a, b) = (val(self, 1)?, val(self, 2)?);
                let r = match parts[0] {
                    "and" => a & b,
                    "or" => a | b,
                    _ => a ^ b,
                };
                self.set(t, &ops[0], mask(r, width), inst)?;
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
                self.set(t, &ops[0], r, inst)?;
            }
            "not" => {
                let a = val(self, 1)?;
                self.set(t, &ops[0], mask(!a, width), inst)?;
            }
            "neg" | "abs" => {
                let a = val(self, 1)?;
                let r = if float {
                    let x = float_of(a, ty);
                    bits_of_float(if parts[0] == "neg" { -x } else { x.abs() }, ty)
                } else {
                    let x = sext(a, width);
                    mask(if parts[0] == "neg" { x.wrapping_neg() } else { x.wrapping_abs() } as u64, width)
                };
                self.set(t, &ops[0], r, inst)?;
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
                self.set(t, &ops[0], r, inst)?;
            }
            "selp" => {
                let c = val(self, 3)?;
                let r = if c != 0 { val(self, 1)? } else { val(self, 2)? };
                self.set(t, &ops[0], mask(r, width), inst)?;
            }
            "setp" => {
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
                self.set(t, &ops[0], u64::from(r), inst)?;
            }
            "cvt" => {
                // cvt{.rnd}.dtype.atype (PTX ISA 9.7.9.21).
                let types: Vec<&str> = parts.iter().copied().filter(|p| is_type(p)).collect();
                let (dst, src) = (types[0], types[1]);
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
                self.set(t, &ops[0], r, inst)?;
            }
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
                self.set(t, &ops[0], r, inst)?;
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
                self.set(t, &ops[0], r, inst)?;
            }
            "mbarrier" => crate::sm90::mbarrier(self, t, inst, &parts, config, report)?,
            "tcgen05" => crate::sm100::execute(self, t, inst, config, report)?,
            // Fences order proxies on hardware; the emulator's memory is one.
            // fence.proxy.async orders the thread's generic writes before
            // later async-proxy reads; other fences order a memory the
            // emulator keeps sequentially consistent.
            "fence" => {
                if parts.get(1) == Some(&"proxy") && parts.get(2).is_some_and(|p| p.starts_with("async")) {
                    self.threads[t].proxy_epoch += 1;
                }
            }
            "prefetch" => {}
            "wgmma" => {} // fence / commit_group / wait_group: the MMA completes at issue here
            "cp" if parts.get(2) == Some(&"bulk") => crate::sm90::bulk(self, t, inst, &parts, config, buffers, report)?,
            "ld" => self.load(t, inst, &parts, ty, config, buffers, report)?,
            "st" => self.store(t, inst, &parts, ty, config, buffers, report)?,
            "cp" => self.cp_async(t, inst, &parts, config, buffers, report)?,
            _ => return Err(unsupported()),
        }
        Ok(())
    }

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

    fn load(&mut self, t: usize, inst: &Inst, parts: &[&str], ty: &str, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let width = bits(ty).unwrap_or(32) as usize / 8;
        let space = Self::space(parts);
        let dsts: Vec<usize> = match &inst.operands[0] {
            Operand::Reg(r) => vec![*r],
            Operand::Vector(v) => v.clone(),
            _ => return Err(Stop(HazardKind::Unsupported, format!("bad destination in {}", describe(inst)))),
        };
        let total = width * dsts.len();
        let bytes = if space == "param" {
            let Operand::Address(base, offset) = &inst.operands[1] else { unreachable!("ld.param reads an address") };
            let Operand::Symbol(name) = base.as_ref() else {
                return Err(Stop(HazardKind::Unsupported, format!("ld.param through a register: {}", describe(inst))));
            };
            let i = self.kernel.params.iter().position(|p| &p.name == name).ok_or_else(|| Stop(HazardKind::Unsupported, format!("unknown parameter {name}")))?;
            let p = &config.params[i];
            let at = *offset as usize;
            p.get(at..at + total).map(<[u8]>::to_vec).ok_or_else(|| Stop(HazardKind::OutOfBounds, format!("{} reads past parameter {name} ({} bytes)", describe(inst), p.len())))?
        } else {
            let addr = self.address(t, &inst.operands[1], config, inst)?;
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

    fn store(&mut self, t: usize, inst: &Inst, parts: &[&str], ty: &str, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let width = bits(ty).unwrap_or(32) as usize / 8;
        let space = Self::space(parts);
        let addr = self.address(t, &inst.operands[0], config, inst)?;
        let values: Vec<u64> = match &inst.operands[1] {
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

    pub(crate) fn global_range<'b>(buffers: &'b mut [Buffer], addr: u64, len: usize, inst: &Inst) -> Result<&'b mut [u8], Stop> {
        let hit = buffers.iter().position(|b| addr >= b.base && addr + len as u64 <= b.base + b.data.len() as u64);
        if let Some(i) = hit {
            let b = &mut buffers[i];
            let at = (addr - b.base) as usize;
            return Ok(&mut b.data[at..at + len]);
        }
        let near = buffers.iter().find(|b| addr >= b.base && addr < b.base + (1 << 32)).map(|b| {
            format!(" ({} bytes past the start of buffer {} of {} bytes)", addr - b.base, b.name, b.data.len())
        });
        Err(Stop(HazardKind::OutOfBounds, format!("{} accesses global address {addr:#x}, {len} bytes, outside every buffer{}", describe(inst), near.unwrap_or_default())))
    }

    fn local_range(&mut self, t: usize, addr: u64, len: usize, inst: &Inst, verb: &str) -> Result<&mut [u8], Stop> {
        let local = &mut self.threads[t].local;
        let size = local.len();
        let at = addr as usize;
        match at.checked_add(len) {
            Some(end) if end <= size => Ok(&mut local[at..end]),
            _ => Err(Stop(HazardKind::OutOfBounds, format!("{} {verb} local bytes {at}..{} of a {size}-byte frame", describe(inst), at.saturating_add(len)))),
        }
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
            return Ok(Self::global_range(buffers, addr, len, inst)?.to_vec());
        }
        if space == "local" {
            return Ok(self.local_range(t, addr, len, inst, "reads")?.to_vec());
        }
        let at = addr as usize;
        if at + len > self.shared.len() {
            return Err(Stop(HazardKind::OutOfBounds, format!("{} reads shared bytes {at}..{} of a {}-byte allocation", describe(inst), at + len, self.shared.len())));
        }
        for a in at..at + len {
            self.check_read(t, a, inst, report);
        }
        Ok(self.shared[at..at + len].to_vec())
    }

    pub(crate) fn write(&mut self, t: usize, space: &str, addr: u64, bytes: &[u8], inst: &Inst, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        Self::check_alignment(addr, bytes.len(), inst)?;
        let (space, addr) = Self::resolve(space, addr);
        if space == "global" {
            Self::global_range(buffers, addr, bytes.len(), inst)?.copy_from_slice(bytes);
            return Ok(());
        }
        if space == "local" {
            self.local_range(t, addr, bytes.len(), inst, "writes")?.copy_from_slice(bytes);
            return Ok(());
        }
        let at = addr as usize;
        if at + bytes.len() > self.shared.len() {
            return Err(Stop(HazardKind::OutOfBounds, format!("{} writes shared bytes {at}..{} of a {}-byte allocation", describe(inst), at + bytes.len(), self.shared.len())));
        }
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
        let clock = &self.threads[t].clock;
        let pc = self.threads[t].pc as u32;
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
                        "race on shared byte {a:#x}: thread {} writes it with {}, thread {t} reads it with {}, with no barrier between (thread {} is the TMA unit: no wait on its mbarrier)",
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

    pub(crate) fn check_write(&mut self, t: usize, a: usize, pc: u32, report: &mut Report) {
        // Thread n is the asynchronous proxy (a TMA load's writes).
        let clock = if t == self.threads.len() { &self.async_clock } else { &self.threads[t].clock };
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
    fn cp_async(&mut self, t: usize, inst: &Inst, parts: &[&str], config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
        let pc = self.threads[t].pc as u32;
        match parts.get(2).copied() {
            Some("commit_group") => {
                let open = std::mem::take(&mut self.threads[t].open);
                self.threads[t].groups.push(open);
            }
            Some("wait_group") | Some("wait_all") => {
                let keep = if parts[2] == "wait_all" { 0 } else { self.value(t, &inst.operands[0], config, inst)? as usize };
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
                let size = self.value(t, &inst.operands[2], config, inst)? as usize;
                let src_size = match inst.operands.get(3) {
                    Some(s) => self.value(t, s, config, inst)? as usize,
                    None => size,
                };
                if !matches!(size, 4 | 8 | 16) || (parts[2] == "cg" && size != 16) {
                    return Err(Stop(HazardKind::Unsupported, format!("{}: cp.async copies 4, 8 or 16 bytes (.cg: 16)", describe(inst))));
                }
                let dst = self.address(t, &inst.operands[0], config, inst)?;
                let src = self.address(t, &inst.operands[1], config, inst)?;
                Self::check_alignment(dst, size, inst)?;
                Self::check_alignment(src, size, inst)?;
                let mut bytes = vec![0u8; size];
                if src_size > 0 {
                    bytes[..src_size.min(size)].copy_from_slice(Self::global_range(buffers, src, src_size.min(size), inst)?);
                }
                let at = dst as usize;
                if at + size > self.shared.len() {
                    return Err(Stop(HazardKind::OutOfBounds, format!("{} writes shared bytes {at}..{} of a {}-byte allocation", describe(inst), at + size, self.shared.len())));
                }
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
    fn collective(&mut self, lanes: std::ops::Range<usize>, pc: usize, report: &mut Report) -> Result<(), Stop> {
        let kernel = self.kernel;
        let inst = &kernel.code[pc];
        match inst.opcode[0].as_str() {
            "ldmatrix" => self.ldmatrix(lanes, inst, report),
            "wgmma" => crate::sm90::wgmma(self, lanes, inst, report),
            "tcgen05" => crate::sm100::collective(self, lanes, inst, report),
            "mma" => {
                let mut regs: Vec<&mut Vec<u64>> = self.threads[lanes].iter_mut().map(|t| &mut t.regs).collect();
                crate::mma::execute(inst, &mut regs).map_err(|m| Stop(HazardKind::Unsupported, format!("{}: {m}", describe(inst))))
            }
            _ => Err(Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset", describe(inst)))),
        }
    }

    /// `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.shared.b16` (PTX ISA
    /// 9.7.14.5.15): lanes 8m..8m+7 give the row addresses of matrix m (16
    /// bytes each); lane l receives, for matrix m, row l/4 elements
    /// 2(l%4) and 2(l%4)+1 (low half first), or with .trans the elements
    /// (2(l%4), l/4) and (2(l%4)+1, l/4).
    fn ldmatrix(&mut self, lanes: std::ops::Range<usize>, inst: &Inst, report: &mut Report) -> Result<(), Stop> {
        let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
        let count: usize = match parts.iter().find(|p| p.starts_with('x')) {
            Some(&"x1") => 1,
            Some(&"x2") => 2,
            Some(&"x4") => 4,
            _ => return Err(Stop(HazardKind::Unsupported, format!("{}: ldmatrix .x1, .x2 or .x4", describe(inst)))),
        };
        if !parts.contains(&"m8n8") || !parts.contains(&"b16") {
            return Err(Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset (m8n8 .b16)", describe(inst))));
        }
        let trans = parts.contains(&"trans");
        let Operand::Vector(dsts) = &inst.operands[0] else {
            return Err(Stop(HazardKind::Unsupported, format!("{}: the destination is a vector", describe(inst))));
        };
        if dsts.len() != count || lanes.len() != WARP {
            return Err(Stop(HazardKind::Unsupported, format!("{}: {} registers for .x{count} in a warp of {}", describe(inst), dsts.len(), lanes.len())));
        }
        let base = lanes.start;
        // rows[m][r]: the 8 elements of row r of matrix m.
        let mut rows = vec![[[0u16; 8]; 8]; count];
        let dummy = Config { grid: [1; 3], block: [1; 3], dynamic_smem: 0, params: Vec::new(), instruction_limit: 0 };
        for m in 0..count {
            for r in 0..8 {
                let lane = base + 8 * m + r;
                let addr = self.address(lane, &inst.operands[1], &dummy, inst)?;
                let (space, addr) = Self::resolve("shared", addr);
                debug_assert_eq!(space, "shared");
                if addr % 16 != 0 {
                    return Err(Stop(HazardKind::Misaligned, format!("{}: lane {} gives row address {addr:#x}, not 16-byte aligned", describe(inst), 8 * m + r)));
                }
                let bytes = self.read(lane, "shared", addr, 16, inst, &mut [], report)?;
                for e in 0..8 {
                    rows[m][r][e] = u16::from_le_bytes([bytes[2 * e], bytes[2 * e + 1]]);
                }
            }
        }
        for l in 0..WARP {
            for (m, rows) in rows.iter().enumerate() {
                let (lo, hi) = if trans {
                    (rows[2 * (l % 4)][l / 4], rows[2 * (l % 4) + 1][l / 4])
                } else {
                    (rows[l / 4][2 * (l % 4)], rows[l / 4][2 * (l % 4) + 1])
                };
                self.threads[base + l].regs[dsts[m]] = u64::from(lo) | (u64::from(hi) << 16);
            }
        }
        Ok(())
    }
}
