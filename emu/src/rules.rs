//! The register rules of the asynchronous instructions: a register an
//! asynchronous operation writes holds its value only after the operation's
//! wait (tcgen05.ld until tcgen05.wait::ld, wgmma.mma_async until
//! wgmma.wait_group), and a wgmma's operand registers must not be written
//! after the warpgroup's wgmma.fence (PTX ISA 9.7.15.6.1, 9.7.16.8.3).

use crate::machine::{describe, AsyncReadGroup, Cta, HazardKind, Report};
use crate::ptx::{Inst, Operand};

/// The registers an operand reads or writes (an address's base register).
fn regs_of(o: &Operand) -> Vec<usize> {
    match o {
        Operand::Reg(r) => vec![*r],
        Operand::Vector(v) => v.clone(),
        Operand::Address(b, _) => match b.as_ref() {
            Operand::Reg(r) => vec![*r],
            _ => Vec::new(),
        },
        _ => Vec::new(),
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
            for r in regs_of(o) {
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
                const NO_DESTINATION: [&str; 9] = ["st", "bar", "barrier", "bra", "ret", "exit", "fence", "prefetch", "setmaxnreg"];
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
