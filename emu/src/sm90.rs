//! The SM90 asynchronous machinery (issue 30, first part): TMA tensor copies
//! (9.7.9.27 `cp.async.bulk.tensor`) and WGMMA on shared-memory descriptors
//! (9.7.15); the mbarriers they complete on are `mbarrier.rs`.
//!
//! - A TMA load writes its box at issue as the asynchronous proxy (thread n
//!   of the vector clocks): the writes happen-before whoever waits on the
//!   mbarrier it completes, so a read without that wait is a race.
//! - The tensor map is the launch's own 128-byte encoding ([`TensorMap`]) of
//!   what `cuTensorMapEncodeTiled` takes; swizzle 32/64/128 B permutes the
//!   16-byte chunks of each 128-byte row by the address bits [7, 10)
//!   (Swizzle<1|2|3, 4, 3>), as the GMMA descriptors read them.
//! - `wgmma.mma_async` runs at issue, for the whole warpgroup, reading A and
//!   B through their descriptors; `wgmma.fence/commit_group/wait_group` are
//!   then ordering only.

use crate::machine::{describe, Buffer, Config, Cta, HazardKind, Report, Stop, PARAM_WINDOW, WARP};
use crate::mbarrier::{cluster_offset, fault, join_into, shared_offset};
use crate::ptx::{Inst, Operand};
use half::{bf16, f16};

/// The launch's encoding of a tensor map (128 bytes, little endian):
/// magic, global address, element bytes, rank, dims (innermost first),
/// byte strides of dims 1.., box, swizzle bytes; an im2col map keeps its
/// pixel box in the box slots 2..4 and a mode byte after the swizzle.
#[derive(Debug, Clone, PartialEq)]
pub struct TensorMap {
    pub base: u64,
    pub element_bytes: u32,
    pub dims: Vec<u64>,
    /// Byte stride of each dim (dim 0's is the element size).
    pub strides: Vec<u64>,
    /// The box, innermost first; an im2col map's is (channels per pixel,
    /// pixels per column), the shape of what it writes.
    pub boxes: Vec<u32>,
    pub swizzle: u32,
    pub im2col: Option<Im2col>,
}

/// What `cuTensorMapEncodeIm2col` adds to a map (PTX ISA 5.5.4): the pixel
/// box of the filter base in the spatial dims (W, H, D: innermost first),
/// its lower corner relative to the tensor's origin and its upper corner
/// relative to its last element (dim - 1), and the traversal stride of
/// each spatial dim.
#[derive(Debug, Clone, PartialEq)]
pub struct Im2col {
    pub lower: Vec<i32>,
    pub upper: Vec<i32>,
    pub strides: Vec<u32>,
}

impl Im2col {
    /// `cuTensorMapEncodeIm2col`'s element strides, C first: the traversal
    /// strides of the spatial dims between 1 for C and 1 for N.
    pub fn element_strides(&self) -> Vec<u32> {
        let mut all = vec![1];
        all.extend(&self.strides);
        all.push(1);
        all
    }
}

const MAGIC: u64 = 0x6375_7465_5f74_6d61; // "cute_tma"

impl TensorMap {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(128);
        out.extend_from_slice(&MAGIC.to_le_bytes());
        out.extend_from_slice(&self.base.to_le_bytes());
        out.extend_from_slice(&self.element_bytes.to_le_bytes());
        out.extend_from_slice(&(self.dims.len() as u32).to_le_bytes());
        for i in 0..5 {
            out.extend_from_slice(&self.dims.get(i).copied().unwrap_or(1).to_le_bytes());
        }
        for i in 1..5 {
            out.extend_from_slice(&self.strides.get(i).copied().unwrap_or(0).to_le_bytes());
        }
        match &self.im2col {
            None => {
                for i in 0..5 {
                    out.extend_from_slice(&self.boxes.get(i).copied().unwrap_or(1).to_le_bytes());
                }
            }
            Some(im) => {
                // The corners fit 16 bits for every rank (PTX ISA 5.5.4.1).
                out.extend_from_slice(&self.boxes[0].to_le_bytes());
                out.extend_from_slice(&self.boxes[1].to_le_bytes());
                for corner in [&im.lower, &im.upper] {
                    for i in 0..3 {
                        out.extend_from_slice(&(corner.get(i).copied().unwrap_or(0) as i16).to_le_bytes());
                    }
                }
            }
        }
        out.extend_from_slice(&self.swizzle.to_le_bytes());
        out.push(u8::from(self.im2col.is_some()));
        for i in 0..3 {
            out.push(self.im2col.as_ref().and_then(|im| im.strides.get(i)).copied().unwrap_or(1) as u8);
        }
        out.resize(128, 0);
        out
    }

    fn decode(bytes: &[u8]) -> Option<TensorMap> {
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap());
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
        let i16_at = |i: usize| i32::from(i16::from_le_bytes(bytes[i..i + 2].try_into().unwrap()));
        if bytes.len() < 128 || u64_at(0) != MAGIC {
            return None;
        }
        let rank = u32_at(20) as usize;
        let element_bytes = u32_at(16);
        let dims = (0..rank).map(|i| u64_at(24 + 8 * i)).collect();
        let mut strides = vec![u64::from(element_bytes)];
        strides.extend((1..rank).map(|i| u64_at(64 + 8 * (i - 1))));
        let (boxes, im2col) = if bytes[120] == 1 {
            let spatial = rank.saturating_sub(2);
            let im = Im2col {
                lower: (0..spatial).map(|i| i16_at(104 + 2 * i)).collect(),
                upper: (0..spatial).map(|i| i16_at(110 + 2 * i)).collect(),
                strides: (0..spatial).map(|i| u32::from(bytes[121 + i])).collect(),
            };
            (vec![u32_at(96), u32_at(100)], Some(im))
        } else {
            ((0..rank).map(|i| u32_at(96 + 4 * i)).collect(), None)
        };
        Some(TensorMap { base: u64_at(8), element_bytes, dims, strides, boxes, swizzle: u32_at(116), im2col })
    }
}

/// The shared byte an element at byte offset `offset` of a box lands on:
/// the box is dense, each 128-byte row's 16-byte chunks permuted by the
/// swizzle (the XOR of address bits [7, 7+b) into [4, 4+b)).
fn swizzled(start: u64, offset: u64, swizzle: u32) -> u64 {
    let addr = start + offset;
    let bits = match swizzle {
        128 => 3,
        64 => 2,
        32 => 1,
        _ => 0,
    };
    addr ^ (((addr >> 7) & ((1 << bits) - 1)) << 4)
}

fn tensor_map(cta: &Cta, t: usize, op: &Operand, config: &Config, inst: &Inst) -> Result<(TensorMap, Vec<i64>), Stop> {
    let Operand::Vector(regs) = op else {
        return Err(fault(HazardKind::Unsupported, format!("{}: expected [tensor-map, {{coordinates}}]", describe(inst))));
    };
    let map_addr = cta.threads[t].regs[regs[0]];
    let coords: Vec<i64> = regs[1..].iter().map(|r| cta.threads[t].regs[*r] as u32 as i32 as i64).collect();
    let index = (map_addr.wrapping_sub(PARAM_WINDOW) / 128) as usize;
    let bytes = config.params.get(index).filter(|_| map_addr >= PARAM_WINDOW).ok_or_else(|| {
        fault(HazardKind::OutOfBounds, format!("{}: the tensor map address {map_addr:#x} is no kernel parameter", describe(inst)))
    })?;
    let map = TensorMap::decode(bytes).ok_or_else(|| fault(HazardKind::Unsupported, format!("{}: parameter {index} is not a tensor map of the launch", describe(inst))))?;
    if coords.len() != map.dims.len() {
        return Err(fault(HazardKind::Unsupported, format!("{}: {} coordinates for a rank-{} tensor map", describe(inst), coords.len(), map.dims.len())));
    }
    Ok((map, coords))
}

/// The global byte address of the element at `position` (innermost first),
/// or None when it lies outside the tensor (the TMA's out-of-bounds fill).
fn element_address(map: &TensorMap, position: &[i64]) -> Option<u64> {
    let inside = position.iter().zip(&map.dims).all(|(&p, &d)| p >= 0 && (p as u64) < d);
    inside.then(|| map.base + position.iter().zip(&map.strides).map(|(&p, &st)| p as u64 * st).sum::<u64>())
}

/// Every element of the box at `coords`: (global byte address or None when
/// out of the tensor, byte offset in the dense box).
fn box_elements(map: &TensorMap, coords: &[i64]) -> Vec<(Option<u64>, u64)> {
    let total: u64 = map.boxes.iter().map(|&b| u64::from(b)).product();
    let mut out = Vec::with_capacity(total as usize);
    let mut position = vec![0i64; map.dims.len()];
    for linear in 0..total {
        let mut rest = linear;
        for (d, p) in position.iter_mut().enumerate() {
            let b = u64::from(map.boxes[d]);
            *p = coords[d] + (rest % b) as i64;
            rest /= b;
        }
        out.push((element_address(map, &position), linear * u64::from(map.element_bytes)));
    }
    out
}

/// Every element an im2col load at `coords` (c, w, h, d, n: innermost
/// first) with filter offsets `offsets` (w, h, d) reads, pixel by pixel
/// (PTX ISA 5.5.4): the filter base walks the pixel box from the
/// coordinates, W fastest, wrapping to the box's lower corner and into the
/// next row, plane and image; each pixel reads `channels` elements from c
/// at base + offsets. Outside the tensor the element is zero (the
/// convolution's padding). A start outside the box or off its traversal
/// stride is refused (the ISA requires the filter base inside the box).
fn im2col_elements(map: &TensorMap, im: &Im2col, coords: &[i64], offsets: &[i64]) -> Result<Vec<(Option<u64>, u64)>, String> {
    let rank = map.dims.len();
    let spatial = rank - 2;
    let (channels, pixels) = (u64::from(map.boxes[0]), u64::from(map.boxes[1]));
    // Per spatial dim: the box's base positions and the start's index in them.
    let mut extent = Vec::with_capacity(spatial);
    let mut start = 0u64;
    let mut scale = 1u64;
    for s in 0..spatial {
        let (lo, hi, stride) = (i64::from(im.lower[s]), map.dims[s + 1] as i64 - 1 + i64::from(im.upper[s]), i64::from(im.strides[s]));
        if hi < lo {
            return Err(format!("the pixel box of dim {} is empty ({lo}..={hi})", s + 1));
        }
        let positions = ((hi - lo) / stride + 1) as u64;
        let at = coords[s + 1] - lo;
        if at < 0 || coords[s + 1] > hi || at % stride != 0 {
            return Err(format!(
                "coordinate {} of dim {} is outside the pixel box {lo}..={hi} (stride {stride}); the filter base must lie in it",
                coords[s + 1],
                s + 1
            ));
        }
        start += (at / stride) as u64 * scale;
        scale *= positions;
        extent.push(positions);
    }
    let per_image = scale;
    let mut out = Vec::with_capacity((channels * pixels) as usize);
    for i in 0..pixels {
        let t = start + i;
        let mut rest = t % per_image;
        let n = coords[rank - 1] + (t / per_image) as i64;
        let mut position = vec![0i64; rank];
        position[rank - 1] = n;
        for s in 0..spatial {
            let q = (rest % extent[s]) as i64;
            rest /= extent[s];
            position[s + 1] = i64::from(im.lower[s]) + q * i64::from(im.strides[s]) + offsets.get(s).copied().unwrap_or(0);
        }
        for j in 0..channels {
            position[0] = coords[0] + j as i64;
            out.push((element_address(map, &position), (i * channels + j) * u64::from(map.element_bytes)));
        }
    }
    Ok(out)
}

/// `cp.async.bulk.tensor` (load to shared with an mbarrier, store from
/// shared with a bulk group), `cp.async.bulk.commit_group / wait_group`.
pub(crate) fn bulk(cta: &mut Cta, t: usize, inst: &Inst, parts: &[&str], config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
    if parts.get(3) != Some(&"tensor") {
        // The bulk async-groups of the thread's TMA stores: commit_group
        // closes the open one; wait_group{.read} N retires all but the N
        // newest, and their shared reads are checked against the writes
        // made since their issue (the reads happen at some time before).
        match parts.get(3).copied() {
            Some("commit_group") => {
                let group = std::mem::take(&mut cta.threads[t].bulk_open);
                cta.threads[t].bulk_groups.push(group);
            }
            Some("wait_group") => {
                let n = inst.operands.first().ok_or_else(|| fault(HazardKind::Unsupported, format!("{}: wait_group needs its group count", describe(inst))))?;
                let keep = cta.value(t, n, config, inst)? as usize;
                let groups = &mut cta.threads[t].bulk_groups;
                let retired: Vec<crate::machine::AsyncReadGroup> = groups.drain(..groups.len().saturating_sub(keep)).collect();
                // The issuing thread's own later writes race too: the store
                // may read after them.
                cta.retire_async_reads(t, retired, "cp.async.bulk.wait_group.read", true, report);
            }
            _ => {}
        }
        return Ok(());
    }
    let to_shared = parts.get(5).is_some_and(|p| p.starts_with("shared"));
    let pc = cta.threads[t].pc as u32;
    if to_shared {
        tma_load(cta, t, inst, &parts, config, buffers, report)?;
    } else {
        let (map, coords) = tensor_map(cta, t, inst.op(0)?, config, inst)?;
        if map.im2col.is_some() || parts.iter().any(|p| p.starts_with("im2col")) {
            return Err(fault(HazardKind::Unsupported, format!("{}: im2col TMA stores are not emulated", describe(inst))));
        }
        let src = shared_offset(cta, t, inst.op(1)?, config, inst)?;
        let width = map.element_bytes as usize;
        // The values now; the race check of the reads when their bulk group
        // is retired.
        let issue = cta.threads[t].bulk_open.issued.len();
        let clock = cta.threads[t].clock.clone();
        cta.threads[t].bulk_open.issued.push(clock);
        // A new event of the thread: its later writes are after the issue.
        cta.threads[t].clock[t] += 1;
        for (global, offset) in box_elements(&map, &coords) {
            let at = swizzled(src, offset, map.swizzle) as usize;
            cta.shared_bounds(at, width, inst, "reads")?;
            let data = cta.shared[at..at + width].to_vec();
            cta.threads[t].bulk_open.reads.extend((at..at + width).map(|a| (a, pc, issue)));
            cta.check_async_read(at, width, inst, report);
            if let Some(g) = global {
                Cta::global_write(buffers, g, &data, inst)?;
            }
        }
    }
    Ok(())
}

/// A TMA load (`cp.async.bulk.tensor.Nd.shared::cluster.global{.im2col}
/// .mbarrier::complete_tx::bytes{.multicast::cluster} [dst], [map, {c}],
/// [mbar]{, offsets}{, mask}`, PTX ISA 9.7.9.27.1.2): the box (or the
/// im2col pixels) read from global memory, written by the asynchronous
/// proxy into shared memory from dst, its bytes completed on mbar. With
/// `.multicast::cluster` into the shared memory of each CTA the 16-bit mask
/// names, at the same offsets, each completing on its own mbarrier there.
fn tma_load(cta: &mut Cta, t: usize, inst: &Inst, parts: &[&str], config: &Config, buffers: &mut [Buffer], report: &mut Report) -> Result<(), Stop> {
    let pc = cta.threads[t].pc as u32;
    let (dst_rank, dst) = cluster_offset(cta, t, inst.op(0)?, config, inst)?;
    let (map, coords) = tensor_map(cta, t, inst.op(1)?, config, inst)?;
    let (bar_rank, bar) = cluster_offset(cta, t, inst.op(2)?, config, inst)?;
    let im2col = parts.contains(&"im2col");
    let elements = match (im2col, &map.im2col) {
        (false, None) => box_elements(&map, &coords),
        (true, Some(im)) => {
            // The filter offsets: 16-bit unsigned registers, one per spatial dim.
            let offsets: Vec<i64> = match inst.operands.get(3) {
                Some(Operand::Vector(regs)) => regs.iter().map(|r| i64::from(cta.threads[t].regs[*r] as u16)).collect(),
                _ => Vec::new(),
            };
            if offsets.len() != map.dims.len() - 2 {
                return Err(fault(HazardKind::Unsupported, format!("{}: {} im2col offsets for a rank-{} map", describe(inst), offsets.len(), map.dims.len())));
            }
            im2col_elements(&map, im, &coords, &offsets).map_err(|e| fault(HazardKind::OutOfBounds, format!("{}: {e}", describe(inst))))?
        }
        (im2col, _) => {
            let (mode, map_mode) = if im2col { ("an im2col", "a tiled") } else { ("a tiled", "an im2col") };
            return Err(fault(HazardKind::Unsupported, format!("{}: {mode} load through {map_mode} tensor map", describe(inst))));
        }
    };
    let width = map.element_bytes as usize;
    let mut writes = Vec::with_capacity(elements.len());
    for (global, offset) in elements {
        let data = match global {
            Some(g) => Cta::global_read(buffers, g, width, inst)?,
            None => vec![0; width], // OOB fill zero
        };
        writes.push((swizzled(dst, offset, map.swizzle) as usize, data));
    }
    // (destination CTA, the CTA of its mbarrier).
    let targets: Vec<(u32, u32)> = if parts.iter().any(|p| p.starts_with("multicast")) {
        let mask = cta.value(t, inst.op(if im2col { 4 } else { 3 })?, config, inst)? as u16;
        (0..16).filter(|r| mask & (1 << r) != 0).map(|r| (r, r)).collect()
    } else {
        vec![(dst_rank, bar_rank)]
    };
    let issued = cta.threads[t].clock.clone();
    let me = cta.rank;
    let known = cta.threads[t].foreign.clone();
    for (rank, bar_rank) in targets {
        if bar_rank != me {
            cta.check_remote_barrier(t, bar_rank, bar, inst, report)?;
        }
        // The asynchronous proxy of the destination writes, after what the
        // issuing thread did when it is of the same CTA.
        // Its writes are stamped in the component of the mbarrier they
        // complete on (`machine::ASYNC_SLOTS`), so that only a wait on that
        // mbarrier orders them before a reader.
        let target = cta.in_cluster(rank, inst)?;
        let component = if bar_rank == rank { target.async_component(bar) } else { target.threads.len() };
        if rank == me {
            join_into(&mut target.async_clock, &issued);
        } else if let Some(clock) = known.get(&rank) {
            // Into another CTA: after what the issuer learned of that CTA's
            // threads (their remote arrivals on an mbarrier it waited on).
            join_into(&mut target.async_clock, clock);
        }
        target.async_clock[component] += 1;
        for (at, data) in &writes {
            target.shared_bounds(*at, width, inst, "writes")?;
            for (k, b) in data.iter().enumerate() {
                target.check_write(component, at + k, pc, report);
                target.shared[at + k] = *b;
            }
        }
        // What a wait on the mbarrier learns: the issuer's history (same
        // CTA) and these writes, not the other mbarriers' loads.
        let mut proxy = if rank == me { issued.clone() } else { vec![0; target.async_clock.len()] };
        proxy[component] = proxy[component].max(target.async_clock[component]);
        let bytes = (writes.len() * width) as i64;
        let holder = cta.in_cluster(bar_rank, inst)?;
        let b = holder.barriers.get_mut(&bar).ok_or_else(|| fault(HazardKind::Unsupported, format!("{} completes on shared {bar:#x} of CTA rank {bar_rank}, which no mbarrier.init set up", describe(inst))))?;
        b.complete_tx(bytes, (bar_rank == rank).then_some(&proxy[..]));
    }
    Ok(())
}

/// One WGMMA input element from its raw bits (PTX ISA 5.2.5).
fn wgmma_input(ty: &str, raw: u32) -> f64 {
    match ty {
        "f16" => f64::from(f16::from_bits(raw as u16).to_f32()),
        "bf16" => f64::from(bf16::from_bits(raw as u16).to_f32()),
        // tf32: the 19 high bits of an f32 (PTX ISA 5.2.5.1).
        "tf32" => f64::from(f32::from_bits(raw & 0xffff_e000)),
        "e4m3" => crate::mma::fp8(raw as u8, 4, 3),
        "e5m2" => crate::mma::fp8(raw as u8, 5, 2),
        "s8" => f64::from(raw as u8 as i8),
        _ => f64::from(raw as u8),
    }
}

/// D = A * B^T (+ D with `scale_d`) into the warpgroup's accumulator
/// registers, by the ISA's D fragment (9.7.15.5.1.1.2): value i of lane l
/// of warp w is D[16w + l/4 + 8((i/2)%2)][8(i/4) + 2(l%4) + i%2]; f32 and
/// s32 one a register, f16 two.
fn write_accumulators(cta: &mut Cta, lanes: std::ops::Range<usize>, d_regs: &[usize], d_ty: &str, scale_d: bool, a: &[Vec<f64>], b: &[Vec<f64>]) -> Result<(), String> {
    let (n, k) = (b.len(), a[0].len());
    let integer = d_ty == "s32";
    let per_thread = n / 2;
    let packed = d_ty == "f16";
    if d_regs.len() != if packed { per_thread / 2 } else { per_thread } {
        return Err(format!("{} D registers for m64n{n} .{d_ty}", d_regs.len()));
    }
    for (w, t) in lanes.clone().enumerate() {
        let (warp, l) = (w / 32, w % 32);
        let mut out = vec![0u64; d_regs.len()];
        for i in 0..per_thread {
            let row = 16 * warp + l / 4 + 8 * ((i / 2) % 2);
            let col = 8 * (i / 4) + 2 * (l % 4) + i % 2;
            if integer {
                // s32 accumulators, wrapping (9.7.15.5).
                let old = if scale_d { cta.threads[t].regs[d_regs[i]] as u32 as i32 } else { 0 };
                let sum = (0..k).fold(old, |acc, kk| acc.wrapping_add((a[row][kk] as i32).wrapping_mul(b[col][kk] as i32)));
                out[i] = u64::from(sum as u32);
                continue;
            }
            let old = if packed {
                let word = cta.threads[t].regs[d_regs[i / 2]];
                f64::from(f16::from_bits((word >> (16 * (i % 2))) as u16).to_f32())
            } else {
                f64::from(f32::from_bits(cta.threads[t].regs[d_regs[i]] as u32))
            };
            let mut acc = if scale_d { old as f32 } else { 0.0 };
            for kk in 0..k {
                acc += (a[row][kk] * b[col][kk]) as f32;
            }
            if packed {
                out[i / 2] |= u64::from(f16::from_f32(acc).to_bits()) << (16 * (i % 2));
            } else {
                out[i] = u64::from(acc.to_bits());
            }
        }
        for (j, r) in d_regs.iter().enumerate() {
            cta.threads[t].regs[*r] = out[j];
        }
    }
    Ok(())
}

/// The shared byte of element (row, k) of an operand described by a GMMA
/// descriptor, by the canonical layouts of PTX ISA 9.7.15.5.1.2.1.3 (T =
/// 16 bytes of elements; the swizzle XORs byte-address bits [7, 10) into
/// [4, 7), as Swizzle<B, 4, 3>). K-major: rows in groups of 8 at the
/// stride byte offset; with a swizzle each row is one swizzle span
/// (32/64/128 bytes) of K, without one 8x16-byte core matrices, k-groups at
/// the leading byte offset. MN-major (`mn_major`, the wgmma's imm-trans):
/// each k is a line of MN elements; with a swizzle, ((T, S, m), (8, k)) :
/// ((1, T, LBO), (S T, SBO)) for a span of S x 16 bytes: a span of MN
/// contiguous, the 8 k of a group a span apart, MN spans at LBO and
/// k-groups at SBO; without, ((T, 1, m), (8, k)) : ((1, T, SBO), (T, LBO)):
/// 16 bytes of MN contiguous, the 8 k of a group 16 bytes apart, MN chunks
/// at SBO and k-groups at LBO.
fn descriptor_address(desc: u64, row: u64, k: u64, element_bytes: u64, mn_major: bool) -> Result<u64, String> {
    let swizzle = match desc >> 62 {
        0 => 0,
        1 => 128,
        2 => 64,
        3 => 32,
        _ => unreachable!(),
    };
    canonical_address(desc, swizzle, row, k, element_bytes, mn_major)
}

/// The address of [`descriptor_address`] from a descriptor's start, leading
/// and stride byte offsets (bits 0..14, 16..30, 32..46, in 16-byte units,
/// the same in GMMA's and tcgen05's descriptors) and its decoded `swizzle`
/// in bytes (0 for none), whose encodings differ between the two.
pub(crate) fn canonical_address(desc: u64, swizzle: u32, row: u64, k: u64, element_bytes: u64, mn_major: bool) -> Result<u64, String> {
    let start = (desc & 0x3fff) << 4;
    let lbo = ((desc >> 16) & 0x3fff) << 4;
    let sbo = ((desc >> 32) & 0x3fff) << 4;
    if mn_major {
        let mn_byte = row * element_bytes;
        return Ok(if swizzle == 0 {
            start + (mn_byte / 16) * sbo + (k / 8) * lbo + (k % 8) * 16 + mn_byte % 16
        } else {
            let span = u64::from(swizzle);
            swizzled(start + (mn_byte / span) * lbo + (k / 8) * sbo, (k % 8) * span + mn_byte % span, swizzle)
        });
    }
    let k_byte = k * element_bytes;
    Ok(if swizzle == 0 {
        start + (row / 8) * sbo + (k_byte / 16) * lbo + (row % 8) * 16 + k_byte % 16
    } else {
        let row_bytes = swizzle as u64;
        if k_byte >= row_bytes {
            return Err(format!("a K slice of {k_byte} bytes past a {row_bytes}-byte swizzled row is not emulated"));
        }
        swizzled(start + (row / 8) * sbo, (row % 8) * row_bytes + k_byte, swizzle)
    })
}

/// `wgmma.mma_async.sync.aligned.m64nNk16.dtype.atype.btype d, a-desc,
/// b-desc, scale-d, imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b`
/// (or `d, {a0..a3}, b-desc, ...` with A in registers, no trans-a)
/// for the 128 threads of a warpgroup: D (64 x N) = A (64 x 16) * B^T + D,
/// thread 32w + l holding, for value i, D[16w + l/4 + 8((i/2)%2)][8(i/4) + 2(l%4) + i%2].
pub(crate) fn wgmma(cta: &mut Cta, lanes: std::ops::Range<usize>, inst: &Inst, report: &mut Report) -> Result<(), Stop> {
    let parts: Vec<&str> = inst.opcode.iter().map(String::as_str).collect();
    let bad = |m: String| fault(HazardKind::Unsupported, format!("{}: {m}", describe(inst)));
    if lanes.len() != 128 {
        return Err(bad("wgmma.mma_async needs a warpgroup of 128 threads".into()));
    }
    let shape = parts.iter().find(|p| p.starts_with("m64n")).ok_or_else(|| bad("no m64nNk shape".into()))?;
    let (n, k) = {
        let rest = &shape[4..];
        let (n, k) = rest.split_once('k').ok_or_else(|| bad("bad shape".into()))?;
        (n.parse::<usize>().map_err(|_| bad("bad N".into()))?, k.parse::<usize>().map_err(|_| bad("bad K".into()))?)
    };
    let len = parts.len();
    let (d_ty, a_ty, b_ty) = (parts[len - 3], parts[len - 2], parts[len - 1]);
    // PTX ISA 9.7.15.2: K is 32 bytes of the inputs; 16-bit inputs take
    // f16 or bf16 on both sides, the 8-bit float (and integer) ones any mix.
    let kind = |t: &str| match t {
        "f16" | "bf16" => Some((2usize, "16-bit")),
        "tf32" => Some((4, "tf32")),
        "e4m3" | "e5m2" => Some((1, "fp8")),
        "s8" | "u8" => Some((1, "int8")),
        _ => None,
    };
    let (Some((bytes, family)), Some((_, b_family))) = (kind(a_ty), kind(b_ty)) else {
        return Err(bad(format!("wgmma .{a_ty}.{b_ty} inputs are not emulated")));
    };
    let integer = family == "int8";
    let d_ok = if integer { d_ty == "s32" } else { matches!(d_ty, "f32" | "f16") && (family != "tf32" || d_ty == "f32") };
    if family != b_family || (family == "16-bit" && a_ty != b_ty) || !d_ok || k * bytes != 32 {
        return Err(bad(format!("wgmma .{d_ty}.{a_ty}.{b_ty} k{k} is not a wgmma the ISA defines")));
    }
    let ops = &inst.operands;
    let Operand::Vector(d_regs) = inst.op(0)? else { return Err(bad("D is a register vector".into())) };
    let first = lanes.start;
    let value = |cta: &Cta, t: usize, op: &Operand| -> u64 {
        match op {
            Operand::Reg(r) => cta.threads[t].regs[*r],
            Operand::Imm(v) => *v,
            _ => 0,
        }
    };
    // A in registers (`d, a, b-desc, scale-d, imm-scale-a, imm-scale-b,
    // imm-trans-b`) or through a descriptor (one more immediate, trans-a).
    let a_regs = match inst.op(1)? {
        Operand::Vector(regs) => Some(regs.clone()),
        _ => None,
    };
    if a_regs.is_some() && family != "16-bit" {
        return Err(bad(format!("wgmma with A in registers is emulated for 16-bit inputs, not .{a_ty}")));
    }
    // The immediates after scale-d: imm-scale-a and -b (not for integers),
    // then imm-trans-a (descriptor A only) and -b (16-bit inputs only).
    let scales = if integer { 0 } else { 2 };
    let transposes = if family == "16-bit" { if a_regs.is_some() { 1 } else { 2 } } else { 0 };
    let expected = 4 + scales + transposes;
    if ops.len() != expected {
        return Err(bad(format!("{} operands, expected {expected}", ops.len())));
    }
    let (desc_a, desc_b) = (value(cta, first, inst.op(1)?), value(cta, first, inst.op(2)?));
    let scale_d = value(cta, first, inst.op(3)?) != 0;
    let signed = |v: u64| if v as u32 as i32 == -1 { -1.0 } else { 1.0 };
    let (scale_a, scale_b) = if integer { (1.0, 1.0) } else { (signed(value(cta, first, inst.op(4)?)), signed(value(cta, first, inst.op(5)?))) };
    // imm-trans-a / imm-trans-b: 1 reads the operand MN-major.
    let trans = |i: usize| ops.get(i).map_or(Ok(false), |op| match value(cta, first, op) {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(bad(format!("imm-trans {other} (0 or 1)"))),
    });
    let (trans_a, trans_b) = match transposes {
        2 => (trans(6)?, trans(7)?),
        1 => (false, trans(6)?),
        _ => (false, false),
    };
    // A and B through their descriptors, read by the warpgroup's first
    // thread: the values now, the race check when the group is waited for
    // (`AsyncReadGroup`).
    let pc = cta.threads[first].pc as u32;
    let issue = cta.threads[first].wgmma_open.issued.len();
    let clock = cta.threads[first].clock.clone();
    cta.threads[first].wgmma_open.issued.push(clock);
    let read_element = |cta: &mut Cta, report: &mut Report, ty: &str, desc: u64, row: u64, kk: u64, mn_major: bool| -> Result<f64, Stop> {
        let at = descriptor_address(desc, row, kk, bytes as u64, mn_major).map_err(bad)?;
        Cta::check_alignment(at, bytes, inst)?;
        let at = at as usize;
        cta.shared_bounds(at, bytes, inst, "reads")?;
        cta.check_async_read(at, bytes, inst, report);
        cta.threads[first].wgmma_open.reads.extend((at..at + bytes).map(|a| (a, pc, issue)));
        let raw = cta.shared[at..at + bytes].iter().rev().fold(0u32, |v, b| (v << 8) | u32::from(*b));
        Ok(wgmma_input(ty, raw))
    };
    let mut a = vec![vec![0f64; k]; 64];
    match &a_regs {
        // PTX ISA 9.7.15.5.1.1.1 (matrix A of .m64nNk16 in registers):
        // warp w of the warpgroup holds rows 16w..16w+15; value i of lane l
        // (register i/2, half i%2, low first) is A[16w + l/4 + 8((i/2)%2)]
        // [2(l%4) + i%2 + 8(i/4)].
        Some(regs) => {
            if regs.len() != 4 {
                return Err(bad(format!("{} A registers, expected 4", regs.len())));
            }
            for (w, t) in lanes.clone().enumerate() {
                let (warp, l) = (w / 32, w % 32);
                for i in 0..8 {
                    let word = cta.threads[t].regs[regs[i / 2]];
                    let x = wgmma_input(a_ty, (word >> (16 * (i % 2))) as u32 & 0xffff);
                    a[16 * warp + l / 4 + 8 * ((i / 2) % 2)][2 * (l % 4) + i % 2 + 8 * (i / 4)] = scale_a * x;
                }
            }
        }
        None => {
            for (m, row) in a.iter_mut().enumerate() {
                for (kk, v) in row.iter_mut().enumerate() {
                    *v = scale_a * read_element(cta, report, a_ty, desc_a, m as u64, kk as u64, trans_a)?;
                }
            }
        }
    }
    let mut b = vec![vec![0f64; k]; n];
    for (j, row) in b.iter_mut().enumerate() {
        for (kk, v) in row.iter_mut().enumerate() {
            *v = scale_b * read_element(cta, report, b_ty, desc_b, j as u64, kk as u64, trans_b)?;
        }
    }
    write_accumulators(cta, lanes, d_regs, d_ty, scale_d, &a, &b).map_err(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values an im2col load reads from an N x 4 x 4 x 1 tensor holding
    /// 1, 2, 3, ... (0 where the element is outside the tensor).
    fn im2col_values(images: u64, corners: (i32, i32), coords: [i64; 4], offsets: [i64; 2], pixels: u32) -> Vec<u64> {
        let map = TensorMap {
            base: 0,
            element_bytes: 1,
            dims: vec![1, 4, 4, images],
            strides: vec![1, 1, 4, 16],
            boxes: vec![1, pixels],
            swizzle: 0,
            im2col: Some(Im2col { lower: vec![corners.0; 2], upper: vec![corners.1; 2], strides: vec![1, 1] }),
        };
        assert_eq!(TensorMap::decode(&map.encode()).as_ref(), Some(&map), "the encoding round-trips");
        let im = map.im2col.as_ref().unwrap();
        im2col_elements(&map, im, &coords, &offsets).unwrap().iter().map(|(g, _)| g.map_or(0, |a| a + 1)).collect()
    }

    #[test]
    fn im2col_walks_the_pixel_box_from_the_filter_base() {
        // The cases Triton's im2col tutorial asserts on Hopper hardware
        // (python/tutorials/gluon/13-tma-im2col.py): corners (-1, -1) make
        // the box -1..=2 in W and H (the upper corner is relative to dim - 1).
        let padded = im2col_values(1, (-1, -1), [0, -1, -1, 0], [0, 0], 16);
        assert_eq!(padded, [0, 0, 0, 0, 0, 1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11]);
        // The filter offsets move the reads, not the walk.
        let shifted = im2col_values(1, (-1, -1), [0, -1, -1, 0], [1, 1], 16);
        assert_eq!(shifted, (1..=16).collect::<Vec<_>>());
        // From base (w 2, h 1): to the end of the row, the next row from
        // the box's lower corner, then into the next image.
        let wrapped = im2col_values(2, (-1, -1), [0, 2, 1, 0], [0, 0], 16);
        assert_eq!(wrapped, [7, 0, 9, 10, 11, 0, 0, 0, 0, 0, 17, 18, 19, 0, 21, 22]);
    }

    #[test]
    fn im2col_refuses_a_filter_base_outside_the_box() {
        let map = TensorMap {
            base: 0,
            element_bytes: 1,
            dims: vec![1, 4, 4, 1],
            strides: vec![1, 1, 4, 16],
            boxes: vec![1, 4],
            swizzle: 0,
            im2col: Some(Im2col { lower: vec![-1; 2], upper: vec![-1; 2], strides: vec![1, 1] }),
        };
        let im = map.im2col.clone().unwrap();
        let e = im2col_elements(&map, &im, &[0, 3, 0, 0], &[0, 0]).unwrap_err();
        assert!(e.contains("coordinate 3 of dim 1 is outside the pixel box -1..=2"), "{e}");
        let mut strided = im.clone();
        strided.strides = vec![2, 1];
        let e = im2col_elements(&map, &strided, &[0, 0, 0, 0], &[0, 0]).unwrap_err();
        assert!(e.contains("(stride 2)"), "{e}");
    }
}

/// The SM's register file: 64K 32-bit registers (the pool `setmaxnreg`
/// moves registers through).
const REGISTER_FILE: u32 = 65536;

/// `setmaxnreg.{inc,dec}.sync.aligned.u32 n` (PTX ISA 9.7.19.5), released
/// when all four warps of the warpgroup reach it (a warp that never does
/// leaves the others waiting: the deadlock report names them). The count is
/// a multiple of 8 in 24..=256, `.dec` may not raise and `.inc` not lower
/// the warpgroup's count, and `.inc` waits until the CTA's pool holds the
/// registers: a request that the 64K-register file cannot hold next to the
/// other warpgroups' counts never completes, reported as a deadlock.
pub(crate) fn setmaxnreg(cta: &mut Cta, lanes: std::ops::Range<usize>, inst: &Inst) -> Result<(), Stop> {
    let inc = inst.opcode.iter().any(|p| p == "inc");
    if !inc && !inst.opcode.iter().any(|p| p == "dec") {
        return Err(Stop(HazardKind::Unsupported, format!("{}: setmaxnreg takes .inc or .dec", describe(inst))));
    }
    let Some(Operand::Imm(count)) = inst.operands.first() else {
        return Err(Stop(HazardKind::Unsupported, format!("{}: the register count is an immediate", describe(inst))));
    };
    let count = *count as i64;
    if !(24..=256).contains(&count) || count % 8 != 0 {
        return Err(Stop(HazardKind::Undefined, format!("{}: the register count must be a multiple of 8 in 24..=256", describe(inst))));
    }
    let count = count as u32;
    let group = lanes.start / (4 * WARP);
    if let Some(&before) = cta.max_registers.get(&group) {
        if (inc && count < before) || (!inc && count > before) {
            return Err(Stop(HazardKind::Undefined, format!("{}: warpgroup {group} holds {before} registers a thread", describe(inst))));
        }
    }
    cta.max_registers.insert(group, count);
    let total: u32 = cta.max_registers.values().map(|&r| r * 4 * WARP as u32).sum();
    if inc && total > REGISTER_FILE {
        return Err(Stop(
            HazardKind::Deadlock,
            format!("{}: the warpgroups' register counts ({:?}) need {total} registers, more than the SM's {REGISTER_FILE}: the .inc waits forever", describe(inst), cta.max_registers),
        ));
    }
    Ok(())
}
