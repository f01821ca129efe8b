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

pub use crate::buffer::{Buffer, Bytes, PAGE};
use crate::ptx::{Inst, Kernel, Operand, Special};
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

/// What the launch gives the kernel.
pub struct Config {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_smem: usize,
    /// The bytes of each kernel parameter, in order.
    pub params: Vec<Vec<u8>>,
    /// Stop after this many instructions (a kernel that never ends).
    pub instruction_limit: u64,
    /// Run only these CTAs of the grid (None: all of them), e.g. the last
    /// one of a grid too large to emulate whole (issue 35).
    pub ctas: Option<Vec<[u32; 3]>>,
    /// The cluster shape the kernel declares (`.reqnctapercluster`, or
    /// 1 x 1 x 1 for `.explicitcluster`; None: no cluster); the grid is a
    /// whole number of clusters.
    pub cluster: Option<[u32; 3]>,
}

impl Config {
    /// A launch with no facts, for reading the registers, immediates and
    /// addresses of a collective's operands (none of them reads the grid,
    /// the block or a parameter).
    pub(crate) fn none() -> Config {
        Config { grid: [1; 3], block: [1; 3], dynamic_smem: 0, params: Vec::new(), instruction_limit: 0, ctas: None, cluster: None }
    }

    /// The cluster shape, 1 x 1 x 1 when the kernel declares none.
    pub fn cluster_shape(&self) -> [u32; 3] {
        self.cluster.unwrap_or([1; 3])
    }
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
    /// A register of tcgen05.ld used before tcgen05.wait::ld.
    TmemRegister,
    /// An operand value the PTX ISA leaves undefined (mma.sp metadata that
    /// names one element twice, or a sparsity selector out of range).
    Undefined,
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
    pub(crate) fn hazard(&mut self, kind: HazardKind, key: (usize, usize), message: impl FnOnce() -> String) {
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
pub(crate) enum State {
    Running,
    Barrier(u32, u32),
    Collective(usize),
    /// Blocked in `mbarrier.try_wait.parity` on (barrier offset, parity).
    MbarrierWait(u64, u32),
    Exited,
}

#[derive(Clone, Copy)]
pub(crate) struct Access {
    pub(crate) thread: u32,
    pub(crate) clock: u32,
    pub(crate) pc: u32,
}

#[derive(Clone, Default)]
pub(crate) struct Shadow {
    pub(crate) write: Option<Access>,
    pub(crate) reads: Vec<Access>,
    pub(crate) init: bool,
    /// A `cp.async` whose wait has not come: (thread, pc).
    pub(crate) pending: Option<(u32, u32)>,
    /// The last write, when the generic proxy made it: (thread, the
    /// thread's fence.proxy.async count then).
    pub(crate) generic: Option<(u32, u32)>,
}

pub(crate) struct Copy {
    pub(crate) dst: usize,
    pub(crate) bytes: Vec<u8>,
    pub(crate) pc: u32,
}

pub(crate) struct Thread {
    pub(crate) regs: Vec<u64>,
    pub(crate) pc: usize,
    pub(crate) state: State,
    pub(crate) clock: Vec<u32>,
    pub(crate) tid: [u32; 3],
    /// Committed cp.async groups, oldest first, and the open one.
    pub(crate) groups: Vec<Vec<Copy>>,
    pub(crate) open: Vec<Copy>,
    /// The WGMMA register rule (PTX ISA 9.7.15.6.1 wgmma.fence): per
    /// register, the fence epoch of its last write by a non-wgmma
    /// instruction and that instruction; the epoch counts wgmma.fence.
    pub(crate) fence_epoch: u32,
    pub(crate) written: Vec<(u32, u32)>,
    /// wgmma.mma_async groups (PTX ISA 9.7.15.7 wgmma.commit_group and
    /// wgmma.wait_group): the open one and the committed ones, oldest first.
    pub(crate) wgmma_open: AsyncReadGroup,
    pub(crate) wgmma_groups: Vec<AsyncReadGroup>,
    /// The shared reads of this thread's TMA stores (PTX ISA 9.7.9.27),
    /// pending until `cp.async.bulk.wait_group{.read}` retires their bulk
    /// async-group: the open group and the committed ones, oldest first.
    pub(crate) bulk_open: AsyncReadGroup,
    pub(crate) bulk_groups: Vec<AsyncReadGroup>,
    /// fence.proxy.async executed so far.
    pub(crate) proxy_epoch: u32,
    /// Destination registers of tcgen05.ld not yet waited for
    /// (tcgen05.wait::ld), with the load's pc.
    pub(crate) tmem_pending: Vec<(usize, u32)>,
    /// The thread's `.local` memory (private: no other thread can reach it,
    /// so it needs no race shadow).
    pub(crate) local: Vec<u8>,
}

/// What the asynchronous operations of one group leave pending until its
/// wait retires the group (wgmma.mma_async until wgmma.wait_group; a TMA
/// store until cp.async.bulk.wait_group.read, its reads only): the
/// registers a wgmma writes (with its pc) and, on the warpgroup's first
/// thread, the shared bytes they
/// read through their descriptors (with the wgmma's pc). PTX ISA 9.7.15.5:
/// the asynchronous operation reads shared memory at some time before it
/// completes, so those reads are recorded for the race check when the
/// group is waited for: a write of another thread between the wgmma's issue
/// and that wait races with it unless it is ordered before the issue (the
/// clock then, `issued`), and a write after the wait unless the wait is
/// ordered before it (the read is recorded with the clock of the wait).
#[derive(Default)]
pub(crate) struct AsyncReadGroup {
    pub(crate) regs: Vec<(usize, u32)>,
    /// (byte, the operation's pc, index of its clock in `issued`).
    pub(crate) reads: Vec<(usize, u32, usize)>,
    pub(crate) issued: Vec<Vec<u32>>,
}

pub(crate) struct Cta<'k> {
    pub(crate) kernel: &'k Kernel,
    pub(crate) id: [u32; 3],
    pub(crate) threads: Vec<Thread>,
    pub(crate) shared: Vec<u8>,
    pub(crate) shadow: Vec<Shadow>,
    /// Shared-variable name -> offset; `.local` variables -> their
    /// offset in each thread's local memory.
    pub(crate) symbols: Vec<(String, u64)>,
    /// Parameter name -> its address in the parameter window.
    pub(crate) params: Vec<(String, u64)>,
    /// mbarriers by shared offset (PTX ISA 9.7.13.15).
    pub(crate) barriers: std::collections::HashMap<u64, crate::sm90::Mbarrier>,
    /// The asynchronous proxy's clock (TMA writes are its accesses).
    pub(crate) async_clock: Vec<u32>,
    /// Tensor memory (lane-major, `sm100::COLUMNS` per lane), allocated on
    /// the first tcgen05.alloc, and the columns allocated so far.
    pub(crate) tmem: Vec<u32>,
    pub(crate) tmem_columns: usize,
    /// What the allocation rules remember (`sm100::Rules`).
    pub(crate) tcgen05: crate::sm100::Rules,
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
    let every: Vec<[u32; 3]>;
    let ctas = match &config.ctas {
        Some(chosen) => chosen.as_slice(),
        None => {
            every = (0..gz).flat_map(|z| (0..gy).flat_map(move |y| (0..gx).map(move |x| [x, y, z]))).collect();
            every.as_slice()
        }
    };
    for &id in ctas {
        report.ctas += 1;
        report.warps += threads_per_cta.div_ceil(WARP);
        let mut cta = Cta::new(kernel, id, config);
        cta.run(config, buffers, &mut report);
        if report.instructions > config.instruction_limit {
            report.hazard(HazardKind::Deadlock, (0, 0), || {
                format!("stopped after {} instructions (a kernel that does not end?)", config.instruction_limit)
            });
            return report;
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
                    wgmma_open: AsyncReadGroup::default(),
                    wgmma_groups: Vec::new(),
                    bulk_open: AsyncReadGroup::default(),
                    bulk_groups: Vec::new(),
                    proxy_epoch: 0,
                    tmem_pending: Vec::new(),
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
            tcgen05: Default::default(),
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

    pub(crate) fn report_deadlock(&self, report: &mut Report) {
        let mut text = format!("deadlock in CTA {:?}: no thread can move", self.id);
        let mut shown = 0;
        for (t, thread) in self.threads.iter().enumerate() {
            let what = match thread.state {
                State::Barrier(id, expected) => format!("waits at barrier {id} (expects {expected} threads)"),
                State::Collective(_) => "waits for its warp at a collective".to_string(),
                State::MbarrierWait(bar, parity) => {
                    let state = self.barriers.get(&bar).map_or_else(|| "never initialized".to_string(), |b| b.state());
                    format!("waits on the mbarrier at shared {bar:#x} for phase parity {parity}; it is at {state}")
                }
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

    /// The shared reads of retired asynchronous groups (wgmma, TMA store),
    /// race-checked now: against the writes since each one's issue (of the
    /// issuing thread too, with `include_self`), and recorded as reads of
    /// thread `t` with its clock of the wait.
    pub(crate) fn retire_async_reads(&mut self, t: usize, retired: Vec<AsyncReadGroup>, retired_by: &str, include_self: bool, report: &mut Report) {
        let kernel = self.kernel;
        for group in retired {
            for (a, by, issue) in group.reads {
                self.check_read_in_flight(t, a, by, &group.issued[issue], retired_by, include_self, report);
                self.check_read_as(t, a, &kernel.code[by as usize], by, report);
            }
        }
    }

    pub(crate) fn special(&self, t: usize, s: Special, config: &Config) -> u64 {
        let th = &self.threads[t];
        u64::from(match s {
            Special::Tid(d) => th.tid[d],
            Special::Ntid(d) => config.block[d],
            Special::Ctaid(d) => self.id[d],
            Special::Nctaid(d) => config.grid[d],
            Special::LaneId => (t % WARP) as u32,
            Special::WarpId => (t / WARP) as u32,
            Special::ClusterId(d) => self.id[d] / config.cluster_shape()[d],
            Special::NclusterId(d) => config.grid[d] / config.cluster_shape()[d],
            Special::ClusterCtaid(d) => self.id[d] % config.cluster_shape()[d],
            Special::ClusterNctaid(d) => config.cluster_shape()[d],
            Special::ClusterCtarank => {
                let [cx, cy, cz] = config.cluster_shape();
                self.id[0] % cx + (self.id[1] % cy) * cx + (self.id[2] % cz) * cx * cy
            }
            Special::ClusterNctarank => config.cluster_shape().iter().product(),
            Special::IsExplicitCluster => u32::from(config.cluster.is_some()),
        })
    }

    pub(crate) fn value(&self, t: usize, op: &Operand, config: &Config, inst: &Inst) -> Result<u64, Stop> {
        Ok(match op {
            Operand::Reg(r) => self.threads[t].regs[*r],
            Operand::NotPred(p) => u64::from(self.threads[t].regs[*p] == 0),
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

    pub(crate) fn run_thread(&mut self, t: usize, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
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
            if !self.threads[t].tmem_pending.is_empty() || inst.opcode[0] == "tcgen05" {
                self.tmem_register_rule(t, inst, report);
            }
            match inst.opcode[0].as_str() {
                "bra" => {
                    let Operand::Label(target) = inst.operands[0] else { unreachable!("parsed as a label") };
                    self.threads[t].pc = target;
                    continue;
                }
                "ret" | "exit" => {
                    self.threads[t].state = State::Exited;
                    let th = &self.threads[t];
                    if let Some(&(a, by, _)) = th.bulk_groups.iter().chain([&th.bulk_open]).flat_map(|g| g.reads.iter()).next() {
                        // The CTA's shared memory goes with its last thread:
                        // a store still reading it reads freed memory.
                        report.hazard(HazardKind::AsyncReadBeforeWait, (by as usize, pc), || {
                            format!(
                                "thread {t} exits while its TMA store {} may still read shared byte {a:#x} (no cp.async.bulk.wait_group.read retired its bulk group)",
                                describe(&code[by as usize])
                            )
                        });
                    }
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
                "ldmatrix" | "mma" | "shfl" | "vote" | "elect" => {
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
    /// The tcgen05.ld register rule (PTX ISA 9.7.16.8.3 tcgen05.wait): the
    /// destination registers of a tcgen05.ld hold their values only after
    /// the thread's tcgen05.wait::ld; any instruction touching one before is
    /// a hazard (LLVM's scheduler once moved a use of them above the wait).
    pub(crate) fn tmem_register_rule(&mut self, t: usize, inst: &Inst, report: &mut Report) {
        let pc = self.threads[t].pc as u32;
        let sub = inst.opcode.get(1).map(String::as_str).unwrap_or("");
        if inst.opcode[0] == "tcgen05" && sub == "wait::ld" {
            self.threads[t].tmem_pending.clear();
            return;
        }
        for o in &inst.operands {
            let regs: Vec<usize> = match o {
                Operand::Reg(r) => vec![*r],
                Operand::Vector(v) => v.clone(),
                Operand::Address(b, _) => match b.as_ref() {
                    Operand::Reg(r) => vec![*r],
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            };
            for r in regs {
                if let Some(&(_, by)) = self.threads[t].tmem_pending.iter().find(|(f, by)| *f == r && *by != pc) {
                    let (code, names) = (&self.kernel.code, &self.kernel.register_names);
                    report.hazard(HazardKind::TmemRegister, (by as usize, pc as usize), || {
                        format!(
                            "thread {t}: register {} of {} is used by {} before tcgen05.wait::ld",
                            names[r],
                            describe(&code[by as usize]),
                            describe(inst)
                        )
                    });
                }
            }
        }
        if inst.opcode[0] == "tcgen05" && sub == "ld" {
            if let Some(Operand::Vector(d)) = inst.operands.first() {
                let pending = d.iter().map(|r| (*r, pc));
                self.threads[t].tmem_pending.extend(pending);
            }
        }
    }

    /// PTX ISA 9.7.15.6.1 (wgmma.fence): a register a wgmma.mma_async uses
    /// must not be written between the warpgroup's last wgmma.fence and the
    /// wgmma (accumulators chained by wgmmas excepted), and a register an
    /// issued wgmma writes must not be touched before wgmma.wait_group.
    pub(crate) fn wgmma_register_rule(&mut self, t: usize, inst: &Inst, report: &mut Report) {
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
            ("wgmma", "commit_group") => {
                let group = std::mem::take(&mut self.threads[t].wgmma_open);
                self.threads[t].wgmma_groups.push(group);
            }
            ("wgmma", "wait_group") => {
                let keep = match inst.operands.first() {
                    Some(Operand::Imm(n)) => *n as usize,
                    _ => 0,
                };
                let groups = &mut self.threads[t].wgmma_groups;
                let retired: Vec<AsyncReadGroup> = groups.drain(..groups.len().saturating_sub(keep)).collect();
                self.retire_async_reads(t, retired, "wgmma.wait_group", false, report);
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
                        self.threads[t].wgmma_open.regs.push((*r, pc));
                    }
                }
            }
            ("wgmma", _) => {}
            _ => {
                let th = &self.threads[t];
                if !th.wgmma_open.regs.is_empty() || !th.wgmma_groups.is_empty() {
                    // The registers of every group not retired, open one included.
                    let in_flight = || th.wgmma_groups.iter().chain([&th.wgmma_open]).flat_map(|g| g.regs.iter());
                    for r in inst.operands.iter().flat_map(regs_of) {
                        if let Some((_, by)) = in_flight().find(|(f, _)| *f == r) {
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
