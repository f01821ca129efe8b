//! mbarriers (PTX ISA 9.7.13.15): an expected arrival count, a pending
//! count, a transaction count and a phase. `arrive` decrements the pending
//! count, `expect_tx` raises the transaction count, a TMA load lowers it by
//! the bytes it writes (`complete_tx`); with both at zero the phase
//! completes and the counts reset. `try_wait.parity P` succeeds once the
//! phase of parity P has completed; the emulator blocks the thread until
//! then (a wait that can never succeed is a deadlock). An arrival from
//! another CTA of the cluster is `arrive_remote`.

use crate::machine::{describe, Config, Cta, HazardKind, Report, Stop};
use crate::ptx::{Inst, Operand};

#[derive(Debug, Clone)]
pub struct Mbarrier {
    expected: u32,
    pending: u32,
    tx: i64,
    phase: u32,
    /// The clocks released by arrivals and transactions of this phase.
    clock: Vec<u32>,
    /// The clocks of the last completed phase (what a waiter acquires).
    completed_clock: Vec<u32>,
    /// What remote arrivals of this phase released: per CTA rank of the
    /// cluster, the arriving threads' clocks (of that CTA's threads), and
    /// those of the last completed phase. A waiter learns them, and a TMA
    /// multicast it then issues into that CTA is ordered after them.
    foreign: std::collections::BTreeMap<u32, Vec<u32>>,
    completed_foreign: std::collections::BTreeMap<u32, Vec<u32>>,
    /// The CTA's tensor-core epoch the arrivals of this phase released
    /// (`tcgen05.commit`), and that of the last completed phase.
    tc: u64,
    completed_tc: u64,
    /// The init's pc, and the `barrier.cluster.arrive`s its thread had made
    /// before it (a use from another CTA must wait at a later one).
    init: (usize, u32),
}

impl Mbarrier {
    /// Whether the phase of `parity` has completed.
    pub fn completed(&self, parity: u32) -> bool {
        // The current phase is `phase`; the one of parity P has completed
        // when the current one has the other parity.
        (self.phase & 1) != (parity & 1)
    }

    /// What a deadlock report says of the barrier: the state of its
    /// current phase.
    pub fn state(&self) -> String {
        format!(
            "phase {} (parity {}): {} of {} arrivals pending, {} transaction bytes outstanding",
            self.phase,
            self.phase & 1,
            self.pending,
            self.expected,
            self.tx
        )
    }

    pub(crate) fn init_pc(&self) -> usize {
        self.init.0
    }

    pub(crate) fn init_arrivals(&self) -> u32 {
        self.init.1
    }

    /// The init is not released by its thread's next cluster arrival.
    pub(crate) fn delay_init(&mut self) {
        self.init.1 += 1;
    }

    /// `complete_tx` of `bytes` (a TMA load's), releasing the clock of the
    /// asynchronous proxy that wrote them when it is of this barrier's CTA.
    pub(crate) fn complete_tx(&mut self, bytes: i64, proxy: Option<&[u32]>) {
        self.tx -= bytes;
        if let Some(proxy) = proxy {
            join_into(&mut self.clock, proxy);
        }
        self.advance();
    }

    /// A `tcgen05.commit` releases the tensor-core operations of the
    /// barrier's CTA up to `epoch` with its arrival.
    pub(crate) fn release_tc(&mut self, epoch: u64) {
        self.tc = self.tc.max(epoch);
    }

    fn advance(&mut self) {
        if self.pending == 0 && self.tx == 0 {
            self.phase += 1;
            self.pending = self.expected;
            self.completed_clock = self.clock.clone();
            self.completed_foreign = std::mem::take(&mut self.foreign);
            self.completed_tc = self.tc;
        }
    }
}

pub(crate) fn join_into(into: &mut [u32], from: &[u32]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a = (*a).max(*b);
    }
}

pub(crate) fn fault(kind: HazardKind, message: String) -> Stop {
    Stop(kind, message)
}

/// The offset of a shared::cta operand in the CTA's shared memory.
pub(crate) fn shared_offset(cta: &Cta, t: usize, op: &Operand, config: &Config, inst: &Inst) -> Result<u64, Stop> {
    match cluster_offset(cta, t, op, config, inst)? {
        (rank, offset) if rank == cta.rank => Ok(offset),
        (rank, _) => Err(fault(HazardKind::Undefined, format!("{} names the shared memory of CTA rank {rank}, where only the CTA's own is allowed", describe(inst)))),
    }
}

/// A shared::cluster operand: the rank of the CTA it names and the offset
/// in that CTA's shared memory.
pub(crate) fn cluster_offset(cta: &Cta, t: usize, op: &Operand, config: &Config, inst: &Inst) -> Result<(u32, u64), Stop> {
    let addr = cta.address(t, op, config, inst)?;
    let (rank, offset) = crate::cluster::split(Cta::resolve("shared", addr).1);
    Ok((rank.unwrap_or(cta.rank), offset))
}

/// `mbarrier.init / arrive{.expect_tx}` (try_wait is [`try_wait`]).
pub(crate) fn mbarrier(cta: &mut Cta, t: usize, inst: &Inst, parts: &[&str], config: &Config, report: &mut Report) -> Result<(), Stop> {
    let n = cta.threads.len();
    match parts.get(1).copied() {
        Some("init") => {
            let bar = shared_offset(cta, t, inst.op(0)?, config, inst)?;
            // The 8-byte mbarrier object lives in shared memory.
            if bar % 8 != 0 || bar + 8 > cta.shared.len() as u64 {
                return Err(fault(
                    HazardKind::OutOfBounds,
                    format!("{} puts an mbarrier at shared {bar:#x}, outside the {}-byte allocation or not 8-byte aligned", describe(inst), cta.shared.len()),
                ));
            }
            let count = cta.value(t, inst.op(1)?, config, inst)? as u32;
            let zero = vec![0; crate::machine::clock_len(n)];
            let init = (cta.threads[t].pc, cta.threads[t].cluster_arrivals);
            cta.threads[t].unreleased_inits.push(bar);
            cta.barriers.insert(
                bar,
                Mbarrier {
                    expected: count,
                    pending: count,
                    tx: 0,
                    phase: 0,
                    clock: zero.clone(),
                    completed_clock: zero,
                    foreign: Default::default(),
                    completed_foreign: Default::default(),
                    tc: 0,
                    completed_tc: 0,
                    init,
                },
            );
        }
        Some("arrive") => {
            // mbarrier.arrive{.expect_tx}{.shared{::cta, ::cluster}}.b64 state, [addr]{, tx}
            let (rank, bar) = cluster_offset(cta, t, inst.op(1)?, config, inst)?;
            let tx = if parts.contains(&"expect_tx") { cta.value(t, inst.op(2)?, config, inst)? as i64 } else { 0 };
            if rank != cta.rank {
                // A remote arrival (PTX ISA 9.7.13.15.13): no state comes back
                // (the sink `_`). Unless `.relaxed`, it is a release (the
                // default `.sem`) of the arriving thread's history to the
                // peer's waiters, kept per CTA (each CTA's clocks count its
                // own threads), at either scope: the default `.cta` is what
                // CUTLASS's ClusterBarrier::arrive(cta_id) relies on to free a
                // peer's stage, and assembles as `.relaxed.cluster` does,
                // while `.release.cluster` adds a MEMBAR.ALL.GPU
                // (docs/emulator.md, "Remote arrivals").
                cta.check_remote_barrier(t, rank, bar, inst, report)?;
                let count = if parts.contains(&"expect_tx") || inst.operands.len() < 3 { 1 } else { cta.value(t, inst.op(2)?, config, inst)? as u32 };
                let release = (!parts.contains(&"relaxed")).then(|| (cta.rank, cta.threads[t].clock.clone()));
                for _ in 0..count {
                    arrive_remote(cta.in_cluster(rank, inst)?, bar, tx, inst, release.as_ref().map(|(r, c)| (*r, &c[..])))?;
                }
                cta.threads[t].clock[t] += 1;
                return Ok(());
            }
            let clock = cta.threads[t].clock.clone();
            let b = cta.barriers.get_mut(&bar).ok_or_else(|| fault(HazardKind::Unsupported, format!("{} arrives on shared {bar:#x}, which no mbarrier.init set up", describe(inst))))?;
            if b.pending == 0 {
                return Err(fault(HazardKind::Deadlock, format!("{}: more arrivals than the mbarrier at {bar:#x} expects", describe(inst))));
            }
            b.tx += tx;
            b.pending -= 1;
            join_into(&mut b.clock, &clock);
            let phase = b.phase;
            b.advance();
            cta.threads[t].clock[t] += 1;
            if let Some(Operand::Reg(_)) = inst.operands.first() {
                cta.set(t, inst.op(0)?, u64::from(phase), inst)?;
            }
        }
        other => {
            return Err(fault(HazardKind::Unsupported, format!("{}: mbarrier.{} is not emulated", describe(inst), other.unwrap_or(""))));
        }
    }
    Ok(())
}

/// An arrival (with `tx` expected transaction bytes) from another CTA of
/// the cluster on `cta`'s mbarrier at `bar`.
/// `release`: the arriving thread's CTA and clock, for an arrival that
/// releases its history (any but `.relaxed`).
pub(crate) fn arrive_remote(cta: &mut Cta, bar: u64, tx: i64, inst: &Inst, release: Option<(u32, &[u32])>) -> Result<(), Stop> {
    let rank = cta.rank;
    let b = cta.barriers.get_mut(&bar).ok_or_else(|| fault(HazardKind::Unsupported, format!("{} arrives on shared {bar:#x} of CTA rank {rank}, which no mbarrier.init set up", describe(inst))))?;
    if b.pending == 0 {
        return Err(fault(HazardKind::Deadlock, format!("{}: more arrivals than the mbarrier at {bar:#x} of CTA rank {rank} expects", describe(inst))));
    }
    if let Some((from, clock)) = release {
        let known = b.foreign.entry(from).or_insert_with(|| vec![0; clock.len()]);
        join_into(known, clock);
    }
    b.tx += tx;
    b.pending -= 1;
    b.advance();
    Ok(())
}

/// One arrival of thread `t` on the mbarrier at shared `bar` (what
/// `tcgen05.commit ... mbarrier::arrive::one` does when its MMAs are done).
pub(crate) fn arrive_once(cta: &mut Cta, t: usize, bar: u64, inst: &Inst) -> Result<(), Stop> {
    let clock = cta.threads[t].clock.clone();
    let b = cta.barriers.get_mut(&bar).ok_or_else(|| fault(HazardKind::Unsupported, format!("{} arrives on shared {bar:#x}, which no mbarrier.init set up", describe(inst))))?;
    if b.pending == 0 {
        return Err(fault(HazardKind::Deadlock, format!("{}: more arrivals than the mbarrier at {bar:#x} expects", describe(inst))));
    }
    b.pending -= 1;
    join_into(&mut b.clock, &clock);
    b.advance();
    cta.threads[t].clock[t] += 1;
    Ok(())
}

/// The barrier and parity a `try_wait.parity` waits for.
pub(crate) fn wait_target(cta: &Cta, t: usize, inst: &Inst, config: &Config) -> Result<(u64, u32), Stop> {
    let bar = shared_offset(cta, t, inst.op(1)?, config, inst)?;
    let parity = cta.value(t, inst.op(2)?, config, inst)? as u32;
    Ok((bar, parity))
}

/// `mbarrier.try_wait.parity P, [addr], parity{, hint}`: true (and P set,
/// the phase's clocks acquired) when the phase has completed.
pub(crate) fn try_wait(cta: &mut Cta, t: usize, inst: &Inst, config: &Config, report: &mut Report) -> Result<bool, Stop> {
    if !inst.opcode.iter().any(|p| p == "parity") {
        return Err(fault(HazardKind::Unsupported, format!("{}: only try_wait.parity is emulated", describe(inst))));
    }
    let (bar, parity) = wait_target(cta, t, inst, config)?;
    let Some(b) = cta.barriers.get(&bar) else {
        return Err(fault(HazardKind::Unsupported, format!("{} waits on shared {bar:#x}, which no mbarrier.init set up", describe(inst))));
    };
    if !b.completed(parity) {
        return Ok(false);
    }
    let (acquired, tc) = (b.completed_clock.clone(), b.completed_tc);
    let foreign = b.completed_foreign.clone();
    join_into(&mut cta.threads[t].clock, &acquired);
    for (rank, clock) in foreign {
        let known = cta.threads[t].foreign.entry(rank).or_insert_with(|| vec![0; clock.len()]);
        join_into(known, &clock);
    }
    cta.threads[t].tc_seen = cta.threads[t].tc_seen.max(tc);
    cta.set(t, inst.op(0)?, 1, inst)?;
    let _ = report;
    Ok(true)
}
