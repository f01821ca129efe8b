//! The execution model (PTX ISA 2 "Programming Model", 3 "PTX Machine
//! Model"): a grid of clusters run one after another, the CTAs of a cluster
//! together, round by round (`cluster.rs`); in a CTA, threads grouped
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

/// Clock components of the asynchronous proxy per mbarrier: a TMA load's
/// writes are ordered before a reader only by a wait on the mbarrier it
/// completes on (a wait on another one, even of a later load, does not
/// order them: transfers complete in any order). Past this many mbarriers
/// a CTA's loads share one component (slot n), which orders them together.
pub(crate) const ASYNC_SLOTS: usize = 32;

/// The length of a CTA's vector clocks: a component per thread, the
/// asynchronous proxy's (slot n) and its per-mbarrier ones.
pub(crate) fn clock_len(threads: usize) -> usize {
    threads + 1 + ASYNC_SLOTS
}
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
    /// Tensor memory read by `tcgen05.ld` before the thread observed the
    /// completion (a `tcgen05.commit`'s mbarrier arrival) of the
    /// `tcgen05.mma` / `tcgen05.cp` that wrote it.
    TmemRace,
    /// Another CTA's state used without the cluster ordering it after its
    /// set-up: a remote mbarrier arrival not ordered after the barrier's
    /// `mbarrier.init` by a `barrier.cluster` (PTX ISA 9.7.13.15.10 and
    /// 9.7.13.3).
    ClusterOrder,
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
    /// Blocked in `barrier.cluster.wait` until every thread of the cluster
    /// arrived (PTX ISA 9.7.13.3).
    ClusterWait,
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
    /// `barrier.cluster.arrive`s and completed `barrier.cluster.wait`s so
    /// far, and the thread's clock at its last arrival (what a waiter of
    /// its CTA acquires).
    pub(crate) cluster_arrivals: u32,
    pub(crate) cluster_waits: u32,
    pub(crate) cluster_clock: Vec<u32>,
    /// The mbarriers this thread initialized that no release has yet made
    /// visible to the cluster (`fence.mbarrier_init.release.cluster`, or a
    /// `barrier.cluster.arrive` without `.relaxed`, PTX ISA 9.7.13.4).
    pub(crate) unreleased_inits: Vec<u64>,
    /// The CTA's tensor-core epoch (`Cta::tc_epoch`) this thread has
    /// observed: through an mbarrier phase a `tcgen05.commit` completed, or
    /// from threads it synchronized with.
    pub(crate) tc_seen: u64,
    /// What this thread knows of other CTAs of the cluster: per rank, a
    /// clock of that CTA's threads, acquired from remote arrivals through
    /// an mbarrier wait (`mbarrier::Mbarrier::foreign`).
    pub(crate) foreign: std::collections::BTreeMap<u32, Vec<u32>>,
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
    pub(crate) barriers: std::collections::HashMap<u64, crate::mbarrier::Mbarrier>,
    /// The asynchronous proxy's clock (TMA writes are its accesses).
    pub(crate) async_clock: Vec<u32>,
    /// The mbarriers whose TMA writes have a clock component of their own
    /// (`async_component`), in the order they were first completed on.
    pub(crate) async_barriers: Vec<u64>,
    /// Tensor memory (lane-major, `sm100::COLUMNS` per lane), allocated on
    /// the first tcgen05.alloc, and the columns allocated so far.
    pub(crate) tmem: Vec<u32>,
    /// Per tensor-memory cell, the tensor-core epoch of the asynchronous
    /// tcgen05 operation that last wrote it, and the epochs issued so far
    /// (each `tcgen05.mma` / `tcgen05.cp` into this CTA's memory is one).
    pub(crate) tmem_stamp: Vec<u64>,
    /// Per tensor-memory cell, the last `tcgen05.ld` that read it: the
    /// reading thread, its own clock component at the read (the read is
    /// an event of its clock), and the load's pc. An MMA or copy writing
    /// the cell must be ordered after it (`sm100::check_tmem_reads`).
    pub(crate) tmem_reads: Vec<Option<(u32, u32, u32)>>,
    pub(crate) tc_epoch: u64,
    pub(crate) tmem_columns: usize,
    /// What the allocation rules remember (`sm100::Rules`).
    pub(crate) tcgen05: crate::sm100::Rules,
    /// The CTA's rank in its cluster (`%cluster_ctarank`).
    pub(crate) rank: u32,
    /// The cluster's other CTAs, lent to this one while it runs a round
    /// (`cluster::run_cluster`): what DSMEM, remote arrivals, multicasts
    /// and the CTA pair reach.
    pub(crate) peers: Vec<Cta<'k>>,
    /// Each warpgroup's register count after its last `setmaxnreg`
    /// (`sm90::setmaxnreg`).
    pub(crate) max_registers: std::collections::BTreeMap<usize, u32>,
}

/// What one round of a CTA did (`Cta::round`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Round {
    /// Some thread moved.
    Progress,
    /// No thread could move (each waits on something).
    Stuck,
    /// Every thread exited.
    Done,
    /// A fault stopped the CTA (reported), or the instruction limit passed.
    Stopped,
}

/// A fault that stops the CTA (an access outside every allocation, an
/// instruction the emulator does not know).
pub(crate) struct Stop(pub(crate) HazardKind, pub(crate) String);

pub(crate) fn describe(inst: &Inst) -> String {
    format!("`{}` (PTX line {})", inst.text, inst.line)
}

/// Runs `kernel` over the grid, cluster by cluster; global memory is
/// `buffers`.
pub fn run(kernel: &Kernel, config: &Config, buffers: &mut [Buffer]) -> Report {
    crate::cluster::run(kernel, config, buffers)
}

impl<'k> Cta<'k> {
    pub(crate) fn new(kernel: &'k Kernel, id: [u32; 3], config: &Config) -> Self {
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
                // Slot n is the asynchronous proxy's (TMA writes), and the
                // ASYNC_SLOTS after it its writes per mbarrier.
                let mut clock = vec![0; clock_len(n)];
                clock[i as usize] = 1;
                Thread {
                    regs: kernel.initial_registers(),
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
                    cluster_arrivals: 0,
                    cluster_waits: 0,
                    cluster_clock: vec![0; clock_len(n)],
                    tc_seen: 0,
                    unreleased_inits: Vec::new(),
                    foreign: Default::default(),
                }
            })
            .collect();
        let mut params = Vec::new();
        let mut at = 0u64;
        for p in &kernel.params {
            params.push((p.name.clone(), PARAM_WINDOW + at));
            at += (p.bytes as u64).div_ceil(128) * 128;
        }
        let mut async_clock = vec![0; clock_len(n)];
        async_clock[n] = 1;
        let [cx, cy, cz] = config.cluster_shape();
        let rank = id[0] % cx + (id[1] % cy) * cx + (id[2] % cz) * cx * cy;
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
            async_barriers: Vec::new(),
            tmem: Vec::new(),
            tmem_columns: 0,
            tmem_stamp: Vec::new(),
            tmem_reads: Vec::new(),
            tc_epoch: 0,
            tcgen05: Default::default(),
            rank,
            peers: Vec::new(),
            max_registers: Default::default(),
        }
    }

    /// One round: every running thread runs until it blocks, then the
    /// waits that can end (mbarrier phases, warp collectives, CTA
    /// barriers) end. The cluster's barrier is the cluster's
    /// (`cluster::run_cluster`).
    pub(crate) fn round(&mut self, config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Round {
        let n = self.threads.len();
        if self.threads.iter().all(|t| t.state == State::Exited) {
            return Round::Done;
        }
        let mut progress = false;
        for t in 0..n {
            if self.threads[t].state == State::Running {
                progress = true;
                if let Err(Stop(kind, message)) = self.run_thread(t, config, buffers, report) {
                    report.hazard(kind, (self.threads[t].pc, 0), || message);
                    return Round::Stopped;
                }
                if report.instructions > config.instruction_limit {
                    return Round::Stopped;
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
        match self.release_collectives(report) {
            Ok(moved) => progress |= moved,
            Err((pc, Stop(kind, message))) => {
                report.hazard(kind, (pc, 0), || message);
                return Round::Stopped;
            }
        }
        progress |= self.release_barriers();
        if self.threads.iter().all(|t| t.state == State::Exited) {
            // PTX ISA 9.7.16.7.1: tensor memory must be deallocated before the CTA exits.
            if self.tmem_columns != 0 {
                let columns = self.tmem_columns;
                report.hazard(HazardKind::OutOfBounds, (usize::MAX - 1, 0), || {
                    format!("CTA {:?} exits with {columns} columns of tensor memory still allocated (a missing tcgen05.dealloc)", self.id)
                });
            }
            return Round::Done;
        }
        if progress {
            Round::Progress
        } else {
            Round::Stuck
        }
    }

    /// Collectives: every lane of the warp (a warpgroup of 4 warps for
    /// wgmma.mma_async, PTX ISA 9.7.15) at the same one; a `cta_group::2`
    /// allocation also waits for a warp of the peer CTA at it (9.7.16.5).
    fn release_collectives(&mut self, report: &mut Report) -> Result<bool, (usize, Stop)> {
        let n = self.threads.len();
        let mut progress = false;
        for w in 0..n.div_ceil(WARP) {
            let width = match self.threads[w * WARP].state {
                State::Collective(pc) if matches!(self.kernel.code[pc].opcode[0].as_str(), "wgmma" | "setmaxnreg") => 4 * WARP,
                _ => WARP,
            };
            if width > WARP && w % 4 != 0 {
                continue;
            }
            let lanes = w * WARP..(w * WARP + width).min(n);
            let State::Collective(pc) = self.threads[lanes.start].state else { continue };
            if !lanes.clone().all(|t| self.threads[t].state == State::Collective(pc)) {
                continue;
            }
            if crate::sm100::is_pair_collective(&self.kernel.code[pc]) {
                if !crate::sm100::pair_collective(self, lanes.clone(), pc, report).map_err(|e| (pc, e))? {
                    continue;
                }
            } else {
                self.collective(lanes.clone(), pc, report).map_err(|e| (pc, e))?;
            }
            self.release(lanes, pc);
            progress = true;
        }
        Ok(progress)
    }

    /// Barriers: release a barrier whose expected threads all arrived.
    fn release_barriers(&mut self) -> bool {
        let n = self.threads.len();
        let mut progress = false;
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
        progress
    }

    pub(crate) fn report_deadlock(&self, report: &mut Report) {
        let mut text = format!("deadlock in CTA {:?} (cluster rank {}): no thread can move", self.id, self.rank);
        let mut shown = 0;
        for (t, thread) in self.threads.iter().enumerate() {
            let what = match thread.state {
                State::Barrier(id, expected) => format!("waits at barrier {id} (expects {expected} threads)"),
                State::Collective(_) => "waits for its warp at a collective".to_string(),
                State::MbarrierWait(bar, parity) => {
                    let state = self.barriers.get(&bar).map_or_else(|| "never initialized".to_string(), |b| b.state());
                    format!("waits on the mbarrier at shared {bar:#x} for phase parity {parity}; it is at {state}")
                }
                State::ClusterWait => format!("waits at barrier.cluster.wait (its wait {})", thread.cluster_waits + 1),
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
        // One report per cluster rank: a cluster's stuck CTAs each show.
        report.hazard(HazardKind::Deadlock, (usize::MAX, self.rank as usize), || text);
    }

    /// Ends the collective at `pc` for `lanes`: their clocks joined, each
    /// running again after it.
    pub(crate) fn release(&mut self, lanes: std::ops::Range<usize>, pc: usize) {
        self.join(lanes.clone());
        for t in lanes {
            self.threads[t].state = State::Running;
            self.threads[t].pc = pc + 1;
        }
    }

    /// Joins the vector clocks of `threads` and advances each one's own.
    pub(crate) fn join(&mut self, threads: impl Iterator<Item = usize> + Clone) {
        let mut joined = vec![0u32; clock_len(self.threads.len())];
        let mut tc_seen = 0;
        for t in threads.clone() {
            for (j, c) in self.threads[t].clock.iter().enumerate() {
                joined[j] = joined[j].max(*c);
            }
            tc_seen = tc_seen.max(self.threads[t].tc_seen);
        }
        for t in threads {
            self.threads[t].clock.copy_from_slice(&joined);
            self.threads[t].clock[t] += 1;
            self.threads[t].tc_seen = tc_seen;
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
            Special::ClusterCtarank => self.rank,
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
                "barrier" if inst.opcode.get(1).is_some_and(|p| p == "cluster") => {
                    // PTX ISA 9.7.13.3: arrive (release, unless .relaxed),
                    // then wait (acquire) until every non-exited thread of
                    // the cluster arrived; the cluster releases the waits.
                    if inst.opcode.get(2).is_some_and(|p| p == "wait") {
                        if self.threads[t].cluster_waits >= self.threads[t].cluster_arrivals {
                            return Err(Stop(HazardKind::Undefined, format!("thread {t}: {} without a barrier.cluster.arrive before it", describe(inst))));
                        }
                        self.threads[t].state = State::ClusterWait;
                        return Ok(());
                    }
                    let th = &mut self.threads[t];
                    if th.cluster_arrivals > th.cluster_waits {
                        return Err(Stop(HazardKind::Undefined, format!("thread {t}: {} twice without a barrier.cluster.wait between", describe(inst))));
                    }
                    th.cluster_arrivals += 1;
                    if !inst.opcode.iter().any(|p| p == "relaxed") {
                        th.cluster_clock.clone_from(&th.clock);
                        th.clock[t] += 1;
                        th.unreleased_inits.clear();
                    } else {
                        // A relaxed arrival releases nothing: the inits it
                        // follows become visible at a later one.
                        for bar in th.unreleased_inits.clone() {
                            if let Some(b) = self.barriers.get_mut(&bar) {
                                b.delay_init();
                            }
                        }
                    }
                }
                "bar" | "barrier" if inst.operands.is_empty() => {
                    return Err(Stop(HazardKind::Unsupported, format!("{} is outside the supported PTX subset (bar.sync / barrier.sync take a barrier number)", describe(inst))));
                }
                "bar" | "barrier" => {
                    // bar.sync a{, b}: barrier a, b threads (all of the CTA without b).
                    let id = self.value(t, inst.op(0)?, config, inst)? as u32;
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
                "ldmatrix" | "stmatrix" | "mma" | "shfl" | "vote" | "elect" | "setmaxnreg" => {
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
                    if !crate::mbarrier::try_wait(self, t, inst, config, report)? {
                        let (bar, parity) = crate::mbarrier::wait_target(self, t, inst, config)?;
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
