//! The tcgen05 family of `cute_nvgpu.arch.sm100.*` (spec 000's SM100
//! populator: retrieve_tmem_ptr, tmem_load/store/alloc/dealloc and ten
//! further tcgen05 ops; the choice is in docs/nvgpu-decisions.md "The ten
//! tcgen05 ops"): the PTX facts of their shapes, kinds and CTA groups, read
//! by their verifiers here and by their lowering
//! (`passes::conversion::nvgpu_to_nvvm::sm100::tcgen05`), so both agree by construction.

use super::op_access::{is_ptr_in, operand, result, SMEM, TMEM};
use crate::dialect::types::{bits_of, vector_parts};
use melior::ir::{
    attribute::{AttributeLike, IntegerAttribute, StringAttribute},
    operation::OperationLike,
    OperationRef, Type,
};

/// A data-path shape of `tcgen05.ld` / `tcgen05.st`: its PTX spelling and
/// the 32-bit registers one repetition (`.x1`) gives a thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LdStShape {
    pub name: &'static str,
    pub registers: i64,
}

/// The five data paths of the PTX ISA (tcgen05 "Matrix fragments").
pub const LDST_SHAPES: &[LdStShape] = &[
    LdStShape { name: "32x32b", registers: 1 },
    LdStShape { name: "16x64b", registers: 1 },
    LdStShape { name: "16x128b", registers: 2 },
    LdStShape { name: "16x256b", registers: 4 },
    LdStShape { name: "16x32bx2", registers: 1 },
];

pub fn ldst_shape(name: &str) -> Result<LdStShape, String> {
    LDST_SHAPES.iter().copied().find(|s| s.name == name).ok_or_else(|| {
        let names: Vec<&str> = LDST_SHAPES.iter().map(|s| s.name).collect();
        format!("tcgen05.ld/st has no shape '{name}' (shapes: {})", names.join(", "))
    })
}

/// The repetition count (`.num`) of `registers` 32-bit registers of a
/// shape: a power of two up to 128, at most 128 registers.
pub fn repetitions(shape: LdStShape, registers: i64) -> Result<i64, String> {
    let num = registers / shape.registers;
    if registers % shape.registers != 0 || num < 1 || !(num as u64).is_power_of_two() || num > 128 || registers > 128 {
        return Err(format!(
            "tcgen05.ld/st.{} moves {} register(s) per repetition, 1 to 128 repetitions (a power of two) and at most 128 registers; got {registers}",
            shape.name, shape.registers
        ));
    }
    Ok(num)
}

/// A `tcgen05.cp` shape and the multicasts it takes.
pub const CP_SHAPES: &[(&str, &[&str])] = &[
    ("128x256b", &["none"]),
    ("4x256b", &["none"]),
    ("128x128b", &["none"]),
    ("64x128b", &["warpx2_02_13", "warpx2_01_23"]),
    ("32x128b", &["warpx4"]),
];

pub fn check_cp_shape(shape: &str, multicast: &str) -> Result<(), String> {
    let Some((_, casts)) = CP_SHAPES.iter().find(|(s, _)| *s == shape) else {
        let names: Vec<&str> = CP_SHAPES.iter().map(|(s, _)| *s).collect();
        return Err(format!("tcgen05.cp has no shape '{shape}' (shapes: {})", names.join(", ")));
    };
    if !casts.contains(&multicast) {
        return Err(format!("tcgen05.cp.{shape} takes multicast {}, got '{multicast}'", casts.join(" or ")));
    }
    Ok(())
}

/// The `tcgen05.mma` kinds: dense (`f16`, `tf32`, `f8f6f4`, `i8`) and
/// block-scaled (`mxf8f6f4`, `mxf4`, `mxf4nvf4`), and the scale-vector
/// sizes each block-scaled kind spells (empty: the kind's default).
pub fn is_block_scaled_kind(kind: &str) -> Option<bool> {
    match kind {
        "f16" | "tf32" | "f8f6f4" | "i8" => Some(false),
        "mxf8f6f4" | "mxf4" | "mxf4nvf4" => Some(true),
        _ => None,
    }
}

/// The block-scale spellings a block-scaled kind takes: mxf8f6f4 one
/// scale per 32 elements (`block32` or the default), mxf4 `block32` (or
/// the default), mxf4nvf4 `block16` or `block32`, spelled (NVVM refuses it
/// without).
pub fn check_block_scale(kind: &str, block: &str) -> Result<(), String> {
    let allowed: &[&str] = match kind {
        "mxf8f6f4" => &["", "block32"],
        "mxf4" => &["", "block32"],
        "mxf4nvf4" => &["block16", "block32"],
        _ => &[""],
    };
    if allowed.contains(&block) {
        Ok(())
    } else {
        let spelled: Vec<String> = allowed.iter().map(|b| if b.is_empty() { "none".to_string() } else { format!("\"{b}\"") }).collect();
        Err(format!("kind::{kind} takes block_scale {}, got \"{block}\"", spelled.join(" or ")))
    }
}

/// A string attribute's value. An empty string is read by hand: MLIR
/// gives it a null data pointer, which melior's `value()` turns into a
/// slice (undefined behaviour, caught by the debug build's check).
pub fn string_attr(op: OperationRef, name: &str) -> Option<String> {
    let attr = op.attribute(name).ok().and_then(|a| StringAttribute::try_from(a).ok())?;
    // SAFETY: a live string attribute; its data is read only when non-empty.
    let raw = unsafe { mlir_sys::mlirStringAttrGetValue(attr.to_raw()) };
    if raw.length == 0 {
        return Some(String::new());
    }
    Some(attr.value().to_string())
}

pub fn cta_group(op: OperationRef) -> i64 {
    op.attribute("cta_group").ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map_or(1, |a| a.value())
}

fn check_cta_group(op: OperationRef) -> Result<i64, String> {
    match cta_group(op) {
        g @ (1 | 2) => Ok(g),
        g => Err(format!("issues for one CTA or a CTA pair: cta_group 1 or 2, got {g}")),
    }
}

/// The shape and 32-bit register count of a TMEM load or store of `values`.
pub fn access(op: OperationRef, values: Type, shape: &str) -> Result<(LdStShape, i64), String> {
    let tmem = operand(op, 0)?;
    let element = super::op_access::ptr_in(tmem, TMEM).ok_or_else(|| format!("accesses tensor memory, got {tmem}"))?;
    let (held, count) = vector_parts(values).ok_or_else(|| format!("expects a register vector, got {values}"))?;
    if held != element {
        return Err(format!("moves {element} but the registers hold {held}"));
    }
    let bits = bits_of(held);
    if !matches!(bits, 8 | 16 | 32) {
        return Err(format!("moves 32/16/8-bit elements, got {held}"));
    }
    let shape = ldst_shape(shape)?;
    if (count * i64::from(bits)) % 32 != 0 {
        return Err(format!("moves whole 32-bit registers, got {count} x {held}"));
    }
    let registers = count * i64::from(bits) / 32;
    repetitions(shape, registers)?;
    Ok((shape, registers))
}

/// `tmem_load` / `tmem_store` (any shape; 16x32bx2 needs its `split`) and
/// `load_b8x256` / `store_b8x256` (the 16x256b shape).
pub fn verify_access(op: OperationRef) -> Result<(), String> {
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    let values = if op.result_count() == 1 { result(op, 0)? } else { operand(op, 1)? };
    let shape = if name.ends_with("_b8x256") { "16x256b".to_string() } else { string_attr(op, "shape").unwrap_or_else(|| "32x32b".into()) };
    let (shape, _) = access(op, values, &shape)?;
    let split = op.attribute("split").ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|a| a.value());
    match (shape.name, split) {
        ("16x32bx2", None) => Err("the 16x32bx2 shape reads two half-warps: give split, the column offset of the second".into()),
        ("16x32bx2", Some(s)) if !(0..1 << 16).contains(&s) => Err(format!("split is a 16-bit column offset, got {s}")),
        ("16x32bx2", Some(_)) => Ok(()),
        (other, Some(_)) => Err(format!("split belongs to the 16x32bx2 shape, not {other}")),
        _ => Ok(()),
    }
}

/// `wait "load"|"store"` and `fence "before"|"after"`.
pub fn verify_kind(op: OperationRef) -> Result<(), String> {
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    let kind = string_attr(op, "kind").unwrap_or_default();
    let allowed: [&str; 2] = if name.ends_with(".wait") { ["load", "store"] } else { ["before", "after"] };
    if !allowed.contains(&kind.as_str()) {
        return Err(format!("kind is \"{}\" or \"{}\", got \"{kind}\"", allowed[0], allowed[1]));
    }
    Ok(())
}

/// Ops whose only contract is the CTA group (relinquish_alloc_permit) or a
/// TMEM address and the CTA group (shift).
pub fn verify_cta_group_op(op: OperationRef) -> Result<(), String> {
    check_cta_group(op)?;
    if op.operand_count() == 1 {
        let tmem = operand(op, 0)?;
        if !is_ptr_in(tmem, TMEM) {
            return Err(format!("shifts tensor memory, got {tmem}"));
        }
    }
    Ok(())
}

/// `commit` / `commit_multicast`: an i64 mbarrier in shared memory.
pub fn verify_commit(op: OperationRef) -> Result<(), String> {
    super::op_access::verify_mbarrier_operand(op)?;
    check_cta_group(op).map(|_| ())
}

/// The raw S2T copy: TMEM destination, shared source (the lowering needs
/// its descriptor), shape and multicast of PTX's table.
pub fn verify_copy_s2t(op: OperationRef) -> Result<(), String> {
    let (dst, src, mbar) = (operand(op, 0)?, operand(op, 1)?, operand(op, 2)?);
    if !is_ptr_in(dst, TMEM) {
        return Err(format!("copies into tensor memory, got dst: {dst}"));
    }
    if src.to_string() != "i64" && !is_ptr_in(src, SMEM) {
        return Err(format!("copies from shared memory (pointer or i64 descriptor), got src: {src}"));
    }
    if !is_ptr_in(mbar, SMEM) {
        return Err(format!("completes on a shared-memory mbarrier, got {mbar}"));
    }
    let shape = string_attr(op, "shape").unwrap_or_else(|| "128x256b".into());
    let multicast = string_attr(op, "multicast").unwrap_or_else(|| "none".into());
    check_cp_shape(&shape, &multicast)?;
    check_cta_group(op).map(|_| ())
}

/// The raw UMMA: operands in their memories, the kind's extras present
/// exactly when the kind takes them.
pub fn verify_mma(op: OperationRef) -> Result<(), String> {
    let kind = string_attr(op, "kind").unwrap_or_default();
    let block_scaled = is_block_scaled_kind(&kind)
        .ok_or_else(|| format!("tcgen05.mma has no kind '{kind}' (f16, tf32, f8f6f4, i8, mxf8f6f4, mxf4, mxf4nvf4)"))?;
    let d = operand(op, 0)?;
    if !is_ptr_in(d, TMEM) {
        return Err(format!("accumulates in tensor memory, got d: {d}"));
    }
    let a = operand(op, 1)?;
    if a.to_string() != "i64" && !is_ptr_in(a, TMEM) {
        return Err(format!("reads A through its shared-memory descriptor (i64) or from tensor memory, got {a}"));
    }
    let segments = super::op_access::segments(op)?;
    let scales = segments.get(6).copied().unwrap_or(0);
    for i in 5..op.operand_count() {
        let t = operand(op, i)?;
        if !is_ptr_in(t, TMEM) {
            return Err(format!("sparsity metadata and scale factors live in tensor memory, got {t}"));
        }
    }
    if block_scaled && scales != 2 {
        return Err(format!("kind::{kind} is block-scaled: it needs scales(%sfa, %sfb) in tensor memory"));
    }
    if !block_scaled && scales != 0 {
        return Err(format!("kind::{kind} takes no scale factors"));
    }
    check_block_scale(&kind, &string_attr(op, "block_scale").unwrap_or_default())?;
    check_cta_group(op).map(|_| ())
}
