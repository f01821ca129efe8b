//! Verifiers of the `cute_nvgpu` ops (spec 000's SM90/SM100 lowering ops):
//! residencies and element types against the registry's atom types, with the
//! registry's verbatim strings where the same contract is violated. Called
//! from each op's C++ `verify()` through `cute_rs_verify_op`.

use super::atom::{Atom, FragKind, MmaFamily};
use super::op_access::{is_ptr_in, operand, ptr_in, result, segments, type_attr, verify_mbarrier_operand, SMEM, TMEM};
use super::operands::{residency, Operand};
use crate::dialect::types::{bits_of, vector_parts};
use melior::ir::{
    attribute::IntegerAttribute,
    operation::OperationLike,
    OperationRef, Type, Value, ValueLike,
};

/// The verifier of every `cute_nvgpu` op, by op name (None: not an op of
/// this dialect).
pub fn verifier(name: &str) -> Option<fn(OperationRef) -> Result<(), String>> {
    Some(match name {
        "cute_nvgpu.atom.sm90.wgmma" | "cute_nvgpu.atom.sm100.imma" => verify_atom_builder,
        "cute_nvgpu.gmma.descriptor" => verify_gmma_descriptor,
        "cute_nvgpu.register.accumulator" => verify_register_accumulator,
        "cute_nvgpu.atom" => verify_payload,
        "cute_nvgpu.arch.sm100.retrieve_tmem_ptr" => verify_retrieve_tmem_ptr,
        "cute_nvgpu.mbarrier.init" => verify_mbarrier_init,
        "cute_nvgpu.cp_async.s2t" => verify_cp_async_s2t,
        "cute_nvgpu.arch.copy.SM100.copy_s2t" => super::tcgen05::verify_copy_s2t,
        "cute_nvgpu.arch.sm100.tmem_alloc" => verify_tmem_alloc,
        "cute_nvgpu.arch.sm100.tmem_dealloc" => verify_tmem_dealloc,
        "cute_nvgpu.arch.sm100.tmem_load"
        | "cute_nvgpu.arch.sm100.tmem_store"
        | "cute_nvgpu.arch.sm100.load_b8x256"
        | "cute_nvgpu.arch.sm100.store_b8x256" => super::tcgen05::verify_access,
        "cute_nvgpu.arch.sm100.wait" | "cute_nvgpu.arch.sm100.fence" => super::tcgen05::verify_kind,
        "cute_nvgpu.arch.sm100.relinquish_alloc_permit" | "cute_nvgpu.arch.sm100.shift" => super::tcgen05::verify_cta_group_op,
        "cute_nvgpu.arch.sm100.commit" | "cute_nvgpu.arch.sm100.commit_multicast" => super::tcgen05::verify_commit,
        "cute_nvgpu.arch.sm100.mma" => super::tcgen05::verify_mma,
        "cute_nvgpu.tma.copy" => verify_tma_copy,
        "cute_nvgpu.tma.prefetch" => verify_tma_prefetch,
        "cute_nvgpu.arch.mbarrier.init" | "cute_nvgpu.arch.mbarrier.wait" => verify_mbarrier_operand,
        "cute_nvgpu.arch.mbarrier.arrive" => verify_mbarrier_arrive,
        _ => return None,
    })
}

/// A column count of tcgen05.alloc: a power of two in [32, 512] when constant.
fn verify_columns(columns: Value) -> Result<(), String> {
    let Some(n) = constant_int(columns) else { return Ok(()) };
    if !(32..=512).contains(&n) || n.count_ones() != 1 {
        return Err(format!("allocates TMEM columns in powers of two from 32 to 512, got {n}"));
    }
    Ok(())
}

/// The value of an `arith.constant` integer operand.
fn constant_int(value: Value) -> Option<i64> {
    let result = melior::ir::operation::OperationResult::try_from(value).ok()?;
    let def = result.owner();
    if def.name().as_string_ref().as_str().ok()? != "arith.constant" {
        return None;
    }
    IntegerAttribute::try_from(def.attribute("value").ok()?).ok().map(|a| a.value())
}

/// The A/B contract shared by the WGMMA and UMMA atom builders: element
/// types first, then residencies (spec 003 ladder order and strings).
fn verify_atom_builder(op: OperationRef) -> Result<(), String> {
    let atom = Atom::of(result(op, 0)?).ok_or("the result is not a registry MMA atom")?;
    let mma = *atom.as_mma().ok_or("the result is not a registry MMA atom")?;
    let (a, b) = (Operand::of(operand(op, 0)?), Operand::of(operand(op, 1)?));
    let text = |t: Option<Type>| crate::dialect::types::type_text(t);
    if a.element != Some(mma.a) {
        return Err(format!("expects operand a with element type {}, but get {}.", mma.a, text(a.element)));
    }
    if b.element != Some(mma.b) {
        return Err(format!("expects operand b with element type {}, but get {}.", mma.b, text(b.element)));
    }
    let allowed_a = match mma.frag {
        FragKind::Rs => residency::RMEM,
        FragKind::Ts => residency::TMEM,
        _ => residency::SMEM | residency::SMEM_DESC,
    };
    if a.residency & allowed_a == 0 {
        return Err(format!("expects memref/smem_desc_view for operand A, but gets A:{}.", a.ty));
    }
    if b.residency & (residency::SMEM | residency::SMEM_DESC) == 0 {
        return Err(format!("expects smem_desc_view for operand B, but gets B: {}.", b.ty));
    }
    Ok(())
}

fn verify_gmma_descriptor(op: OperationRef) -> Result<(), String> {
    let matrix = Operand::of(operand(op, 0)?);
    if matrix.residency & (residency::SMEM | residency::SMEM_DESC) == 0 {
        return Err(format!("packs a shared-memory matrix, but got {}", matrix.ty));
    }
    Ok(())
}

fn wgmma<'c>(ty: Type<'c>) -> Result<super::Mma<'c>, String> {
    match Atom::of(ty) {
        Some(Atom::Mma(p)) if p.family == MmaFamily::Sm90 => Ok(p),
        _ => Err(format!("expects a !cute_nvgpu.sm90.mma atom, got {ty}")),
    }
}

fn verify_register_accumulator(op: OperationRef) -> Result<(), String> {
    let atom = wgmma(type_attr(op, "atom")?)?;
    let acc = result(op, 0)?;
    let want = i64::from(atom.m) * i64::from(atom.n) / 128;
    match vector_parts(acc) {
        Some((element, count)) if element == atom.c && count == want => Ok(()),
        _ => Err(format!(
            "a warpgroup thread holds {want} x {} of the {}x{} accumulator, but the result is {acc}",
            atom.c, atom.m, atom.n
        )),
    }
}

fn verify_payload(op: OperationRef) -> Result<(), String> {
    let atom_type = result(op, 0)?;
    let parts: Vec<Type> = op.operands().map(|v| v.r#type()).collect();
    let atom = Atom::of(atom_type);
    let i64_type = |t: Type| t.to_string() == "i64";
    match &atom {
        Some(Atom::Mma(p)) if p.family == MmaFamily::Sm90 => {
            if parts.len() != 3 {
                return Err(format!(
                    "a WGMMA payload is (A descriptor or fragment, B descriptor, accumulator), got {} parts",
                    parts.len()
                ));
            }
            if p.frag == FragKind::Ss && !i64_type(parts[0]) {
                return Err(format!("an ss WGMMA payload takes the A descriptor as i64, got {}", parts[0]));
            }
            if !i64_type(parts[1]) {
                return Err(format!("a WGMMA payload takes the B descriptor as i64, got {}", parts[1]));
            }
            match vector_parts(parts[2]) {
                Some((element, _)) if element == p.c => Ok(()),
                _ => Err(format!("a WGMMA payload accumulates in a register vector of {}, got {}", p.c, parts[2])),
            }
        }
        // UMMA (the TmemAtom MMAs): accumulator in tensor memory.
        Some(Atom::Mma(p)) if p.family.is_umma() => {
            if parts.len() != 4 {
                return Err(format!("a UMMA payload is (A, B, TMEM accumulator, mbarrier), got {} parts", parts.len()));
            }
            if !is_ptr_in(parts[2], TMEM) {
                return Err(format!("a UMMA payload accumulates in tensor memory, got {}", parts[2]));
            }
            if !is_ptr_in(parts[3], SMEM) {
                return Err(format!("a UMMA payload completes on a shared-memory mbarrier, got {}", parts[3]));
            }
            Ok(())
        }
        _ if parts.is_empty() => Err("an atom payload needs at least one part".into()),
        _ => Ok(()),
    }
}

fn verify_retrieve_tmem_ptr(op: OperationRef) -> Result<(), String> {
    let ptr = result(op, 0)?;
    if !is_ptr_in(ptr, TMEM) {
        return Err(format!("returns a tensor-memory pointer, got {ptr}"));
    }
    verify_columns(op.operand(1).map_err(|e| e.to_string())?)
}

fn verify_mbarrier_init(op: OperationRef) -> Result<(), String> {
    let mbar = result(op, 0)?;
    match ptr_in(mbar, SMEM) {
        Some(element) if element.to_string() == "i64" => Ok(()),
        _ => Err(format!("an mbarrier is an i64 in shared memory, got {mbar}")),
    }
}

fn verify_cp_async_s2t(op: OperationRef) -> Result<(), String> {
    let atom_type = type_attr(op, "atom")?;
    let Some(Atom::TmemCopy { op: super::TmemCopy::S2t, element }) = Atom::of(atom_type) else {
        return Err(format!("expects an !cute_nvgpu.atom.s2t_copy atom, got {atom_type}"));
    };
    let (src, dst, mbar) = (Operand::of(operand(op, 0)?), operand(op, 1)?, operand(op, 2)?);
    if src.residency & residency::SMEM == 0 {
        return Err(format!("'{atom_type}' copies smem to tmem, but got src: {}", src.ty));
    }
    if !is_ptr_in(dst, TMEM) {
        return Err(format!("'{atom_type}' copies smem to tmem, but got dst: {dst}"));
    }
    if !is_ptr_in(mbar, SMEM) {
        return Err(format!("completes on a shared-memory mbarrier, got {mbar}"));
    }
    let held = src.element.map_or(0, bits_of);
    if held != bits_of(element) {
        return Err(format!(
            "'{atom_type}' moves {}-bit elements, but the source holds {}",
            bits_of(element),
            crate::dialect::types::type_text(src.element)
        ));
    }
    let cta_group = op.attribute("cta_group").ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map_or(1, |a| a.value());
    if cta_group != 1 && cta_group != 2 {
        return Err(format!("'{atom_type}' copies for one CTA or a CTA pair: cta_group 1 or 2, got {cta_group}"));
    }
    if let Some(partition) = constant_int(op.operand(3).map_err(|e| e.to_string())?) {
        if !(0..cta_group).contains(&partition) {
            return Err(format!("'{atom_type}': partition {partition} of a {cta_group}-CTA copy (0..{})", cta_group - 1));
        }
    }
    Ok(())
}

fn verify_tmem_alloc(op: OperationRef) -> Result<(), String> {
    let slot = operand(op, 0)?;
    match ptr_in(slot, SMEM) {
        Some(element) if element.to_string() == "i32" => {}
        _ => return Err(format!("writes the 32-bit TMEM handle to shared memory, got {slot}")),
    }
    verify_columns(op.operand(1).map_err(|e| e.to_string())?)
}

fn verify_tmem_dealloc(op: OperationRef) -> Result<(), String> {
    let tmem = operand(op, 0)?;
    if !is_ptr_in(tmem, TMEM) {
        return Err(format!("releases tensor memory, got {tmem}"));
    }
    verify_columns(op.operand(1).map_err(|e| e.to_string())?)
}

/// The TMA atom and descriptor of a TMA execution op, agreeing.
fn tma_operands<'c>(op: OperationRef<'c, '_>) -> Result<(super::atom::Tma, String, super::TmaDescriptor<'c>, u32), String> {
    let atom_type = operand(op, 0)?;
    let atom_text = atom_type.to_string();
    let (atom, interfaces) = Atom::with_interfaces(atom_type).ok_or_else(|| format!("expects a TMA atom, got {atom_text}"))?;
    let Atom::Tma { tma, .. } = atom else { return Err(format!("expects a TMA atom, got {atom_text}")) };
    let descriptor_type = operand(op, 1)?;
    let Some(Atom::TmaDescriptor(descriptor)) = Atom::of(descriptor_type) else {
        return Err(format!("expects a TMA descriptor, got {descriptor_type}"));
    };
    super::copy::verify_tma_binding(&atom, &atom_text, &descriptor, &descriptor_type.to_string())?;
    Ok((tma, atom_text, descriptor, interfaces))
}

/// The coordinate operands of a TMA op: one i32 per box dimension.
fn coordinates(op: OperationRef, first: usize, segment: Option<usize>) -> usize {
    match segment {
        Some(n) => n,
        None => op.operand_count() - first,
    }
}

/// `cute_nvgpu.tma.copy`: the atom and descriptor agree, the shared tile is
/// of the descriptor's element type and swizzle and is filled by whole,
/// aligned boxes (`layout::tma::boxes`), the completion operands match the
/// direction.
fn verify_tma_copy(op: OperationRef) -> Result<(), String> {
    use super::atom::{TmaDirection, TmaMode};
    let (tma, atom_text, descriptor, _) = tma_operands(op)?;
    let seg = segments(op)?;
    let count = coordinates(op, 3, seg.get(3).map(|&n| n as usize));
    let offsets = seg.get(7).copied().unwrap_or(0) as usize;
    let im2col = tma.mode == TmaMode::Im2col;
    // An im2col load addresses the tensor (the atom's rank) and loads one
    // 2-D box; a tile copy's coordinates are its box's.
    let rank = if im2col {
        match Atom::of(operand(op, 0)?) {
            Some(Atom::Tma { rank, .. }) => rank as usize,
            _ => descriptor.box_shape.len(),
        }
    } else {
        descriptor.box_shape.len()
    };
    if count != rank {
        let what = if im2col { "a tensor" } else { "a box" };
        return Err(format!("'{atom_text}' addresses {what} of rank {rank} with {rank} coordinates, got {count}"));
    }
    if im2col && offsets != rank - 2 {
        return Err(format!(
            "'{atom_text}' takes {} im2col offsets (one per spatial dimension: im2col [%o : i16, ...]), got {offsets}",
            rank - 2
        ));
    }
    if !im2col && offsets != 0 {
        return Err(format!("'{atom_text}' is not an im2col load; im2col [...] belongs to tma_load_im2col"));
    }
    let (has_mbar, has_mask) = (seg.get(4) == Some(&1), seg.get(5) == Some(&1));
    let load = tma.direction == TmaDirection::Load;
    if load && !has_mbar {
        return Err(format!("'{atom_text}' completes on an mbarrier: add mbar(%bar : !cute.ptr<i64, smem>)"));
    }
    if !load && has_mbar {
        return Err(format!("'{atom_text}' completes in a bulk async-group, not on an mbarrier"));
    }
    if (tma.mode == TmaMode::Multicast) != has_mask {
        return Err(if has_mask {
            format!("'{atom_text}' is not a multicast load; mask(...) belongs to tma_load_multicast")
        } else {
            format!("'{atom_text}' needs the CTA mask of its multicast: mask(%mask : i16)")
        });
    }
    if has_mbar {
        let mbar = operand(op, 3 + count)?;
        if ptr_in(mbar, SMEM).map(|t| t.to_string()) != Some("i64".into()) {
            return Err(format!("'{atom_text}' completes on a shared-memory i64 mbarrier, got {mbar}"));
        }
    }
    let smem = Operand::of(operand(op, 2)?);
    if smem.residency != residency::SMEM {
        return Err(format!("'{atom_text}' moves boxes to and from shared memory, got {}", smem.ty));
    }
    if smem.element != Some(descriptor.element) {
        return Err(format!("'{atom_text}' moves {} elements, the shared tile holds {}", descriptor.element, crate::dialect::types::type_text(smem.element)));
    }
    let (layout, swizzle) = if smem.composed {
        let c = crate::dialect::spec::parse_checked_composed(&smem.layout_text)?;
        (c.layout, Some(c.swizzle))
    } else {
        (smem.layout()?, None)
    };
    let bits = crate::dialect::types::storage_bits(descriptor.element);
    let want = match descriptor.swizzle {
        0 => None,
        span => Some(crate::layout::Swizzle::new((span / 16).trailing_zeros(), 4, 3).map_err(|e| e.to_string())?),
    };
    let have = swizzle.filter(|s| s.bits > 0).map(|s| s.over_bits(bits)).transpose().map_err(|e| e.to_string())?;
    if have != want {
        return Err(format!(
            "'{atom_text}': the descriptor swizzles {} bytes, but the shared tile {} is {}",
            descriptor.swizzle,
            smem.layout_text,
            have.map_or("not swizzled".to_string(), |s| format!("swizzled by {s} over bytes"))
        ));
    }
    let boxes = crate::layout::tma::boxes(&layout, &descriptor.box_shape).map_err(|e| format!("'{atom_text}': {e}"))?;
    if im2col && boxes.len() != 1 {
        return Err(format!(
            "'{atom_text}' loads one im2col box of {:?} (channels, pixels); the shared tile {} holds {}",
            descriptor.box_shape,
            smem.layout_text,
            boxes.len()
        ));
    }
    let period = want.map_or(128, |s| 1i64 << s.period_log2());
    for b in &boxes {
        // In bits, then bytes: sub-byte elements are packed.
        let start_bits = b.offset * i64::from(bits);
        if start_bits % (8 * period) != 0 {
            let start = if start_bits % 8 == 0 { format!("{} bytes", start_bits / 8) } else { format!("{start_bits} bits") };
            return Err(format!("'{atom_text}': the box at {:?} starts {start} into the tile, not on a {period}-byte boundary", b.origin));
        }
    }
    Ok(())
}

/// `cute_nvgpu.tma.prefetch`: an atom with the prefetch interface, and
/// either no coordinates (the descriptor) or one per box dimension (a tile).
fn verify_tma_prefetch(op: OperationRef) -> Result<(), String> {
    let (_, atom_text, descriptor, interfaces) = tma_operands(op)?;
    if !super::records::has_interface(interfaces, super::records::Interface::PrefetchAtom) {
        return Err(format!("'{atom_text}' does not implement the prefetch interface (only tma_load prefetches)"));
    }
    let count = op.operand_count() - 2;
    let rank = descriptor.box_shape.len();
    let (tma, ..) = tma_operands(op)?;
    if count != 0 && tma.mode == super::atom::TmaMode::Im2col {
        return Err(format!("'{atom_text}' prefetches its descriptor only (no coordinates): the L2 prefetch of an im2col box is not lowered"));
    }
    if count != 0 && count != rank {
        return Err(format!("'{atom_text}' prefetches the descriptor (no coordinates) or a box of rank {rank}, got {count} coordinates"));
    }
    Ok(())
}

/// `arch.mbarrier.arrive`: the transaction tiles are static shared-memory
/// views; a remote arrival (`cta`) carries no bytes.
fn verify_mbarrier_arrive(op: OperationRef) -> Result<(), String> {
    verify_mbarrier_operand(op)?;
    let seg = segments(op)?;
    let (bytes, remote) = (seg.get(1).copied().unwrap_or(0) as usize, seg.get(2).copied().unwrap_or(0) as usize);
    if remote == 1 && op.operand_count() > 2 {
        return Err("an arrival on another CTA's mbarrier (`cta`) carries no transaction bytes (`bytes`, `tx`): the bytes are expected by the CTA whose shared memory receives them".into());
    }
    let first = 1 + bytes + remote;
    for i in first..op.operand_count() {
        transaction_bytes(operand(op, i)?)?;
    }
    Ok(())
}

/// The bytes a TMA transaction writes into the shared tile `ty`: its size
/// times the element's storage bits / 8 (CuTe's `tma_transaction_bytes`).
pub fn transaction_bytes(ty: Type) -> Result<i64, String> {
    let tile = Operand::of(ty);
    if tile.residency != residency::SMEM {
        return Err(format!("expects shared-memory tiles for the transaction bytes, got {ty}"));
    }
    let size = tile.layout().ok().and_then(|l| crate::layout::size(&l).ok()).and_then(|s| s.as_int());
    let bits = tile.element.map(crate::dialect::types::storage_bits).unwrap_or(0);
    match size {
        Some(n) if bits > 0 => Ok(n * i64::from(bits) / 8),
        _ => Err(format!("the transaction bytes of {ty} need a static size and element type")),
    }
}
