//! Clusters (PTX ISA 2.2.2 "Cluster of Cooperative Thread Arrays", issue 30
//! item 5): the CTAs of a cluster run together, round by round, so that one
//! can reach another's shared memory and tensor memory.
//!
//! - Each round every CTA of the cluster runs its threads until they block
//!   (`Cta::round`), holding the others as its `peers` meanwhile; then the
//!   cluster barrier (`barrier.cluster.arrive/wait`, 9.7.13.3) releases the
//!   threads whose wait every non-exited thread of the cluster arrived for.
//!   A cluster in which no CTA can move is deadlocked.
//! - Shared::cluster addresses (5.1.5 and `mapa`, 9.7.9.23): the window of
//!   CTA rank r is `(r + 1) << 24` up (shared memory is under 16 MiB); an
//!   address below 1 << 24 is the issuing CTA's own, as the ISA's
//!   shared::cta window lies inside shared::cluster.
//! - An mbarrier of another CTA (a remote `mbarrier.arrive`, a multicast
//!   `tcgen05.commit`) may be used only after its `mbarrier.init` is ordered
//!   before the use: the initializing thread arrives at a cluster barrier
//!   after the init, and the using thread waits at it before the use.
//!   Anything else is a `ClusterOrder` hazard, whatever the schedule.

use crate::machine::{describe, Buffer, Config, Cta, HazardKind, Report, Round, Stop, State, SHARED_WINDOW, WARP};
use crate::mbarrier::join_into;
use crate::ptx::{Inst, Kernel};

/// The first shared::cluster address of a CTA other than the issuer's.
const CLUSTER_WINDOW: u64 = 1 << 24;

/// The shared::cluster address of `offset` in the CTA of `rank`.
pub(crate) fn cluster_address(rank: u32, offset: u64) -> u64 {
    (u64::from(rank) + 1) * CLUSTER_WINDOW + offset
}

/// A shared address split into (the CTA rank it names, if it names one;
/// the offset in that CTA's shared memory).
pub(crate) fn split(addr: u64) -> (Option<u32>, u64) {
    if addr < CLUSTER_WINDOW {
        (None, addr)
    } else {
        (Some((addr / CLUSTER_WINDOW - 1) as u32), addr % CLUSTER_WINDOW)
    }
}

/// Runs the grid (or the CTAs `config.ctas` names, each with its whole
/// cluster) one cluster after another.
pub(crate) fn run(kernel: &Kernel, config: &Config, buffers: &mut [Buffer]) -> Report {
    let mut report = Report::default();
    let [gx, gy, gz] = config.grid;
    let shape = config.cluster_shape();
    let threads_per_cta = (config.block[0] * config.block[1] * config.block[2]) as usize;
    let every: Vec<[u32; 3]> = (0..gz).flat_map(|z| (0..gy).flat_map(move |y| (0..gx).map(move |x| [x, y, z]))).collect();
    let wanted = config.ctas.as_deref().unwrap_or(&every);
    let mut clusters: Vec<[u32; 3]> = Vec::new();
    for id in wanted {
        let cluster = [id[0] / shape[0], id[1] / shape[1], id[2] / shape[2]];
        if !clusters.contains(&cluster) {
            clusters.push(cluster);
        }
    }
    for cluster in clusters {
        let ids: Vec<[u32; 3]> = (0..shape[2])
            .flat_map(|z| (0..shape[1]).flat_map(move |y| (0..shape[0]).map(move |x| [x, y, z])))
            .map(|[x, y, z]| [cluster[0] * shape[0] + x, cluster[1] * shape[1] + y, cluster[2] * shape[2] + z])
            .collect();
        report.ctas += ids.len();
        report.warps += ids.len() * threads_per_cta.div_ceil(WARP);
        run_cluster(kernel, config, buffers, &mut report, &ids);
        if report.instructions > config.instruction_limit {
            report.hazard(HazardKind::Deadlock, (0, 0), || format!("stopped after {} instructions (a kernel that does not end?)", config.instruction_limit));
            break;
        }
    }
    report
}

/// Runs one cluster's CTAs (in rank order) together until all exit, one
/// stops on a fault, or none can move.
fn run_cluster(kernel: &Kernel, config: &Config, buffers: &mut [Buffer], report: &mut Report, ids: &[[u32; 3]]) {
    let mut ctas: Vec<Cta> = ids.iter().map(|&id| Cta::new(kernel, id, config)).collect();
    loop {
        let mut progress = false;
        let mut done = 0;
        for i in 0..ctas.len() {
            let mut cta = ctas.remove(i);
            cta.peers = std::mem::take(&mut ctas);
            let round = cta.round(config, buffers, report);
            ctas = std::mem::take(&mut cta.peers);
            ctas.insert(i, cta);
            match round {
                Round::Stopped => return,
                Round::Progress => progress = true,
                Round::Done => done += 1,
                Round::Stuck => {}
            }
        }
        if done == ctas.len() {
            return;
        }
        progress |= release_cluster_barrier(&mut ctas);
        if !progress {
            for cta in ctas.iter().filter(|c| !c.threads.iter().all(|t| t.state == State::Exited)) {
                cta.report_deadlock(report);
            }
            return;
        }
    }
}

/// Ends the `barrier.cluster.wait`s every non-exited thread of the cluster
/// arrived for; a waiter acquires what its CTA's threads released when
/// they arrived (PTX ISA 9.7.13.3: arrive has release, wait acquire
/// semantics). Exited threads count as arrived.
fn release_cluster_barrier(ctas: &mut [Cta]) -> bool {
    let arrived = |ctas: &[Cta], generation: u32| {
        ctas.iter().all(|c| c.threads.iter().all(|t| t.state == State::Exited || t.cluster_arrivals >= generation))
    };
    let mut progress = false;
    for i in 0..ctas.len() {
        let waiting: Vec<usize> = (0..ctas[i].threads.len())
            .filter(|&t| ctas[i].threads[t].state == State::ClusterWait && arrived(ctas, ctas[i].threads[t].cluster_waits + 1))
            .collect();
        if waiting.is_empty() {
            continue;
        }
        let cta = &mut ctas[i];
        let mut released = vec![0u32; crate::machine::clock_len(cta.threads.len())];
        let mut tc_seen = 0;
        for th in &cta.threads {
            join_into(&mut released, &th.cluster_clock);
            tc_seen = tc_seen.max(th.tc_seen);
        }
        for t in waiting {
            let th = &mut cta.threads[t];
            join_into(&mut th.clock, &released);
            th.tc_seen = th.tc_seen.max(tc_seen);
            th.cluster_waits += 1;
            th.state = State::Running;
            th.pc += 1;
        }
        progress = true;
    }
    progress
}

impl<'k> Cta<'k> {
    /// The CTA of cluster rank `rank` (this one or a peer).
    pub(crate) fn in_cluster(&mut self, rank: u32, inst: &Inst) -> Result<&mut Cta<'k>, Stop> {
        if rank == self.rank {
            return Ok(self);
        }
        let size = self.peers.len() + 1;
        self.peers.iter_mut().find(|c| c.rank == rank).ok_or_else(|| {
            Stop(HazardKind::OutOfBounds, format!("{} names CTA rank {rank} of a cluster of {size}", describe(inst)))
        })
    }

    /// The peer of this CTA in its CTA pair (PTX ISA 9.7.16.5.2), which must
    /// not have exited (9.7.16.5, table 46).
    pub(crate) fn pair_peer(&mut self, inst: &Inst) -> Result<&mut Cta<'k>, Stop> {
        let peer = self.rank ^ 1;
        if !self.peers.iter().any(|c| c.rank == peer) {
            return Err(Stop(HazardKind::Undefined, format!("{}: a cta_group::2 operation in a CTA without a peer (the cluster has {} CTA)", describe(inst), self.peers.len() + 1)));
        }
        let cta = self.in_cluster(peer, inst)?;
        if cta.threads.iter().all(|t| t.state == State::Exited) {
            return Err(Stop(HazardKind::Undefined, format!("{}: the peer CTA (rank {peer}) has exited (PTX ISA 9.7.16.5: it must be active)", describe(inst))));
        }
        Ok(cta)
    }

    /// Checks that thread `t` may use the mbarrier at `bar` of the CTA of
    /// `rank`: that it exists and, in another CTA, that its init is
    /// ordered before the use by a cluster barrier.
    pub(crate) fn check_remote_barrier(&mut self, t: usize, rank: u32, bar: u64, inst: &Inst, report: &mut Report) -> Result<(), Stop> {
        let waits = self.threads[t].cluster_waits;
        let (me, pc) = (self.rank, self.threads[t].pc);
        let target = self.in_cluster(rank, inst)?;
        if rank != me && target.threads.iter().all(|t| t.state == State::Exited) {
            // A CTA's shared memory lives as long as the CTA: a peer that
            // may still be reached must not exit first (CUTLASS ends its
            // clustered kernels with a cluster barrier for this).
            return Err(Stop(
                HazardKind::ClusterOrder,
                format!("{} reaches shared {bar:#x} of CTA rank {rank}, which has exited: its shared memory is gone (a cluster barrier before exit keeps it)", describe(inst)),
            ));
        }
        let Some(b) = target.barriers.get(&bar) else {
            return Err(Stop(HazardKind::ClusterOrder, format!("{} arrives on shared {bar:#x} of CTA rank {rank}, where no mbarrier.init set one up (yet)", describe(inst))));
        };
        if rank != me && waits <= b.init_arrivals() {
            let init = describe(&target.kernel.code[b.init_pc()]);
            report.hazard(HazardKind::ClusterOrder, (pc, b.init_pc()), || {
                format!(
                    "thread {t} of CTA rank {me}: {} uses the mbarrier at shared {bar:#x} of CTA rank {rank}, whose {init} no barrier.cluster orders before it",
                    describe(inst)
                )
            });
        }
        Ok(())
    }

    /// `mapa{.shared::cluster}.u32/u64 d, a, r` (PTX ISA 9.7.9.23): the
    /// address of a's shared variable in the CTA of rank r (a and d generic
    /// without the space).
    pub(crate) fn mapa(&mut self, t: usize, inst: &Inst, parts: &[&str], config: &Config) -> Result<(), Stop> {
        let a = self.value(t, inst.op(1)?, config, inst)?;
        let rank = self.value(t, inst.op(2)?, config, inst)? as u32;
        let size: u32 = config.cluster_shape().iter().product();
        if rank >= size {
            return Err(Stop(HazardKind::OutOfBounds, format!("{}: CTA rank {rank} in a cluster of {size}", describe(inst))));
        }
        let generic = !parts.contains(&"shared::cluster");
        let (space, offset) = Cta::resolve(if generic { "generic" } else { "shared" }, a);
        if space != "shared" {
            return Err(Stop(HazardKind::OutOfBounds, format!("{}: {a:#x} is not a shared-memory address", describe(inst))));
        }
        let mapped = cluster_address(rank, split(offset).1);
        self.set(t, inst.op(0)?, if generic { SHARED_WINDOW + mapped } else { mapped }, inst)
    }
}
