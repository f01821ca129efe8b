//! Warp-wide exchange: `shfl.sync`, `vote.sync` and `elect.sync` (PTX ISA
//! 9.7.9.6 shfl.sync, 9.7.13.10 vote.sync, 9.7.13.11 elect.sync). Each is a
//! collective of the lanes of its membermask: the emulator runs them for
//! the whole warp (membermask 0xffffffff), executed when every lane has
//! reached the instruction, so a lane that skips one deadlocks the warp as
//! it would hang on a GPU; another mask is refused by name.

use crate::machine::{describe, Config, Cta, HazardKind, Stop, WARP};
use crate::ptx::{Inst, Operand};

fn refuse(inst: &Inst, why: &str) -> Stop {
    Stop(HazardKind::Unsupported, format!("{}: {why}", describe(inst)))
}

/// A destination `d` or `d|p` (a value and a predicate register).
fn destination(inst: &Inst) -> Result<(usize, Option<usize>), Stop> {
    match inst.operands.first() {
        Some(Operand::Reg(d)) => Ok((*d, None)),
        Some(Operand::Vector(v)) if v.len() == 2 => Ok((v[0], Some(v[1]))),
        _ => Err(refuse(inst, "the destination is a register or d|p")),
    }
}

impl Cta<'_> {
    /// Each lane's value of operand `i` (registers, immediates, `!%p`).
    fn lane_values(&self, lanes: &std::ops::Range<usize>, inst: &Inst, i: usize) -> Result<Vec<u64>, Stop> {
        let dummy = Config::none();
        let op = inst.operands.get(i).ok_or_else(|| refuse(inst, "an operand is missing"))?;
        lanes.clone().map(|t| self.value(t, op, &dummy, inst)).collect()
    }

    /// The membermask (the last operand) must name the whole warp.
    fn whole_warp(&self, lanes: &std::ops::Range<usize>, inst: &Inst) -> Result<(), Stop> {
        let masks = self.lane_values(lanes, inst, inst.operands.len() - 1)?;
        if lanes.len() != WARP || masks.iter().any(|m| *m as u32 != u32::MAX) {
            return Err(refuse(inst, "is emulated for a whole warp (membermask 0xffffffff)"));
        }
        Ok(())
    }

    pub(crate) fn warp_exchange(&mut self, lanes: std::ops::Range<usize>, inst: &Inst) -> Result<(), Stop> {
        self.whole_warp(&lanes, inst)?;
        match inst.opcode[0].as_str() {
            "shfl" => self.shfl(lanes, inst),
            "vote" => self.vote(lanes, inst),
            _ => self.elect(lanes, inst),
        }
    }

    /// `shfl.sync.mode.b32 d{|p}, a, b, c, membermask`: lane j's `a`, with
    /// j from the mode, the lane offset or index `b`, and the clamp
    /// (c[4:0]) and segment mask (c[12:8]); a j outside the segment reads
    /// the lane's own `a` and sets p false (the ISA's pseudocode).
    fn shfl(&mut self, lanes: std::ops::Range<usize>, inst: &Inst) -> Result<(), Stop> {
        let (d, p) = destination(inst)?;
        let mode = inst.opcode.get(2).map(String::as_str).unwrap_or("");
        let (a, b, c) = (self.lane_values(&lanes, inst, 1)?, self.lane_values(&lanes, inst, 2)?, self.lane_values(&lanes, inst, 3)?);
        let mut out = Vec::with_capacity(WARP);
        for lane in 0..WARP {
            let (bval, cval, segmask) = (b[lane] as i64 & 31, c[lane] as i64 & 31, (c[lane] as i64 >> 8) & 31);
            let lane_i = lane as i64;
            let max_lane = (lane_i & segmask) | (cval & !segmask);
            let min_lane = lane_i & segmask;
            let (j, valid) = match mode {
                "up" => (lane_i - bval, lane_i - bval >= max_lane),
                "down" => (lane_i + bval, lane_i + bval <= max_lane),
                "bfly" => (lane_i ^ bval, (lane_i ^ bval) <= max_lane),
                "idx" => (min_lane | (bval & !segmask), (min_lane | (bval & !segmask)) <= max_lane),
                _ => return Err(refuse(inst, "shfl.sync mode .up, .down, .bfly or .idx")),
            };
            let source = if valid { j as usize } else { lane };
            out.push((a[source] & 0xffff_ffff, valid));
        }
        for (lane, (value, valid)) in out.into_iter().enumerate() {
            let regs = &mut self.threads[lanes.start + lane].regs;
            regs[d] = value;
            if let Some(p) = p {
                regs[p] = u64::from(valid);
            }
        }
        Ok(())
    }

    /// `vote.sync.{all,any,uni}.pred d, {!}a, membermask` and
    /// `vote.sync.ballot.b32 d, {!}a, membermask` over the warp's
    /// predicates (ballot: bit i is lane i's).
    fn vote(&mut self, lanes: std::ops::Range<usize>, inst: &Inst) -> Result<(), Stop> {
        let Some(Operand::Reg(d)) = inst.operands.first() else {
            return Err(refuse(inst, "the destination is a register"));
        };
        let votes: Vec<bool> = self.lane_values(&lanes, inst, 1)?.iter().map(|v| *v != 0).collect();
        let ballot = votes.iter().enumerate().fold(0u64, |m, (i, v)| m | (u64::from(*v) << i));
        let value = match inst.opcode.get(2).map(String::as_str) {
            Some("all") => u64::from(votes.iter().all(|v| *v)),
            Some("any") => u64::from(votes.iter().any(|v| *v)),
            Some("uni") => u64::from(votes.iter().all(|v| *v == votes[0])),
            Some("ballot") => ballot,
            _ => return Err(refuse(inst, "vote.sync mode .all, .any, .uni or .ballot")),
        };
        for t in lanes {
            self.threads[t].regs[*d] = value;
        }
        Ok(())
    }

    /// `elect.sync d|p, membermask`: one leader of the members; d is its
    /// lane id in every lane, p true in the leader only. The ISA names no
    /// rule for which: the emulator elects the lowest lane.
    fn elect(&mut self, lanes: std::ops::Range<usize>, inst: &Inst) -> Result<(), Stop> {
        let (d, p) = destination(inst)?;
        for (lane, t) in lanes.enumerate() {
            let regs = &mut self.threads[t].regs;
            regs[d] = 0;
            if let Some(p) = p {
                regs[p] = u64::from(lane == 0);
            }
        }
        Ok(())
    }
}
