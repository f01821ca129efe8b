//! `sm90.mma` (WGMMA, `ss`): `nvvm.wgmma.mma_async` on two GMMA shared-memory
//! descriptors and the warpgroup's register accumulator. The descriptors
//! come from the operand views' layouts through the Rust algebra
//! (`layout::gmma::make_gmma_desc`, CuTe's `make_gmma_desc`): every field but
//! the start address is a constant; the start address is the view's
//! shared-memory address, so the word is side-effect-free integer
//! arithmetic that CSE and LICM can share and hoist.
//!
//! The asynchronous protocol is the kernel's, as in CuTe: `nvvm.wgmma.fence.aligned`
//! (CuTe's `warpgroup_arrive`) before the first MMA that reads registers
//! written since, `nvvm.wgmma.commit.group.sync.aligned` and
//! `nvvm.wgmma.wait.group.sync.aligned N` after them.

use crate::passes::conversion::cute_to_llvm::memory::{cute_value, element_type, gep, view_ptr};
use crate::passes::conversion::cute_to_llvm::values::{Builder, CuteValue};
use super::super::{call_atom, static_size, value_addresses};
use crate::dialect::nvgpu::{
    atom::{FragKind, Major, MmaFamily},
    Atom,
};
use crate::dialect::types::{bits_of, storage_bits};
use crate::layout::gmma;
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    dialect::llvm::{self, LoadStoreOptions},
    ir::{
        attribute::{DenseI64ArrayAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{mma_shape, Nvvm, nvvm};

/// The GMMA descriptor word of a shared-memory operand view.
pub(in crate::passes::conversion) fn descriptor<'c, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    major: Major,
    role: &str,
) -> Result<Value<'c, 'a>, PatternError> {
    matrix_descriptor(b, view, major, role, false)
}

/// The GMMA (SM90) or UMMA (SM100, `umma`) descriptor word of a
/// shared-memory operand view: the constant fields from the Rust algebra,
/// ORed with the view's start address.
pub(in crate::passes::conversion) fn matrix_descriptor<'c, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    major: Major,
    role: &str,
    umma: bool,
) -> Result<Value<'c, 'a>, PatternError> {
    let CuteValue::View(space, layout, swizzle) = cute_value(view)? else {
        return Err(format!("{role} must be a view, got {}", view.r#type()).into());
    };
    if space != 3 {
        return Err(format!("a GMMA descriptor describes shared memory; {role} is {}", view.r#type()).into());
    }
    let element = element_type(view.r#type())?;
    let bits = storage_bits(element);
    let tile = crate::dialect::nvgpu::mma::gmma_tile(&layout);
    let major = match major {
        Major::K => gmma::Major::K,
        Major::Mn => gmma::Major::Mn,
    };
    let (swizzle, offset) = match swizzle {
        Some((s, offset)) => (Some(s), offset),
        None => (None, 0),
    };
    if offset * i64::from(bits) % 128 != 0 {
        return Err(format!("{role} starts {offset} elements into its swizzle atom, not at a 16-byte boundary").into());
    }
    let constant = if umma {
        gmma::make_umma_desc(&tile, swizzle, bits, major, 0).map_err(|e| format!("{role}: {e}"))?.bits()
    } else {
        gmma::make_gmma_desc(&tile, swizzle, bits, major, 0).map_err(|e| format!("{role}: {e}"))?.bits()
    };
    let i64_type: Type = IntegerType::new(b.context, 64).into();
    let i32_type: Type = IntegerType::new(b.context, 32).into();
    let mut ptr = view_ptr(b, view)?;
    if offset != 0 {
        let at = b.int(i32_type, offset)?;
        ptr = gep(b, ptr, at, element)?;
    }
    // Shared-memory addresses are 32-bit; bits 4..17 are the start field.
    let address = b.insert(OperationBuilder::new("llvm.ptrtoint", b.location).add_operands(&[ptr]).add_results(&[i32_type]).build()?)?;
    let address = b.insert(OperationBuilder::new("llvm.zext", b.location).add_operands(&[address]).add_results(&[i64_type]).build()?)?;
    let four = b.int(i64_type, 4)?;
    let start = b.bin("llvm.lshr", address, four)?;
    let mask = b.int(i64_type, 0x3fff)?;
    let start = b.bin("llvm.and", start, mask)?;
    let constant = b.int(i64_type, constant as i64)?;
    b.bin("llvm.or", start, constant)
}

/// `cute_nvgpu.gmma.descriptor %view -> i64` (spec 000's packer): the
/// major-ness is the tile's contiguous mode (K-major when K has unit stride).
pub fn lower_descriptor_op<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let view = op.operand(0)?;
    let CuteValue::View(_, layout, _) = cute_value(view)? else { return Err("gmma.descriptor takes a view".into()) };
    let tile = crate::dialect::nvgpu::mma::gmma_tile(&layout);
    let unit = |mode: usize| {
        tile.mode(mode).is_some_and(|m| m.stride().leaves().iter().any(|d| matches!(d, crate::layout::Leaf::Int(1))))
    };
    let major = if unit(1) {
        Major::K
    } else if unit(0) {
        Major::Mn
    } else {
        return Err(format!("gmma.descriptor: neither mode of {tile} is contiguous (K- or MN-major)").into());
    };
    Ok(vec![descriptor(&b, view, major, "the matrix")?])
}

/// The `#nvvm.wgmma_type` of an element type.
fn wgmma_type(t: Type) -> Result<&'static str, PatternError> {
    Ok(match t.to_string().as_str() {
        "f16" => "f16",
        "bf16" => "bf16",
        "tf32" | "f32" => "tf32",
        "f8E4M3FN" => "e4m3",
        "f8E5M2" => "e5m2",
        "i8" | "si8" => "s8",
        "ui8" => "u8",
        "i32" | "si32" => "s32",
        other => return Err(format!("wgmma.mma_async has no element type {other}").into()),
    })
}

pub fn lower<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let Some(Atom::Mma(p)) = call_atom(op)? else { return Err(PatternError::NoMatch) };
    if p.family != MmaFamily::Sm90 {
        return Err(PatternError::NoMatch);
    }
    let b = Builder::new(context, rewriter, op.location());
    let (d, a, bv, c) = (op.operand(1)?, op.operand(2)?, op.operand(3)?, op.operand(4)?);
    let desc_a = if p.frag == FragKind::Rs { None } else { Some(descriptor(&b, a, p.a_major, "A")?) };
    let desc_b = descriptor(&b, bv, p.b_major, "B")?;
    // The accumulator: M*N/128 values per thread; 16-bit ones in pairs.
    let values = i64::from(p.m) * i64::from(p.n) / 128;
    let c_bits = bits_of(p.c);
    let per = if c_bits == 16 { 2 } else { 1 };
    // Registers hold bits: signed and unsigned accumulators are i32.
    let register: Type = if c_bits == 16 { IntegerType::new(context, 32).into() } else { crate::passes::conversion::cute_to_llvm::memory::storage_type(context, p.c) };
    for (view, role) in [(c, "C"), (d, "D")] {
        let size = static_size(view, role)?;
        if size != values {
            return Err(format!("{role} holds {values} accumulators per thread of the warpgroup, got {}", view.r#type()).into());
        }
        if !matches!(cute_value(view)?, CuteValue::View(5, ..)) {
            return Err(format!("{role} must be a register fragment (rmem), got {}", view.r#type()).into());
        }
        if per > 1 && !super::super::aligned_runs(&super::super::view_layout(view)?, per) {
            return Err(format!("{role}: pairs of 16-bit accumulators share a register, but {} splits them", view.r#type()).into());
        }
    }
    let starts: Vec<i64> = (0..values).step_by(per as usize).collect();
    let registers: Vec<Value> = value_addresses(&b, c, &starts)?
        .into_iter()
        .map(|ptr| b.insert(llvm::load(context, ptr, register, b.location, LoadStoreOptions::new())))
        .collect::<Result<_, _>>()?;
    let acc_type = llvm::r#type::r#struct(context, &vec![register; registers.len()], false);
    let mut acc = b.insert(llvm::undef(acc_type, b.location))?;
    for (j, r) in registers.iter().enumerate() {
        let at = DenseI64ArrayAttribute::new(context, &[j as i64]);
        acc = b.insert(llvm::insert_value(context, acc, at, *r, b.location))?;
    }
    let result = match desc_a {
        Some(desc_a) => mma_async(&b, &p, acc, desc_a, desc_b)?,
        None => {
            let a_registers = register_a(&b, &p, a)?;
            mma_async_rs(&b, &p, &registers, &a_registers, desc_b, acc_type)?
        }
    };
    for (j, ptr) in value_addresses(&b, d, &starts)?.into_iter().enumerate() {
        let at = DenseI64ArrayAttribute::new(context, &[j as i64]);
        let x = b.insert(llvm::extract_value(context, result, at, register, b.location))?;
        rewriter.as_rewriter_base().insert(llvm::store(context, x, ptr, b.location, LoadStoreOptions::new()));
    }
    Ok(Vec::new())
}

/// `nvvm.wgmma.mma_async` of atom `p` on the accumulator struct `acc`:
/// `D = A * B + D` (scale-d one; a zero accumulator starts a tile).
fn mma_async<'c, 'a>(
    b: &Builder<'c, '_>,
    p: &crate::dialect::nvgpu::Mma<'c>,
    acc: Value<'c, 'a>,
    desc_a: Value<'c, 'a>,
    desc_b: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, PatternError> {
    let context = b.context;
    let id = |name: &str| Identifier::new(context, name);
    // Transposes: A row / B col are K-major.
    let layout = |major: Major, k_major: &str, mn_major: &str| match major {
        Major::K => k_major.to_string(),
        Major::Mn => mn_major.to_string(),
    };
    let attributes = [
        (id("shape"), mma_shape(b.context, p.m, p.n, p.k)?),
        (id("typeA"), nvvm(b.context, Nvvm::WgmmaType, &wgmma_type(p.a)?.to_string())?),
        (id("typeB"), nvvm(b.context, Nvvm::WgmmaType, &wgmma_type(p.b)?.to_string())?),
        (id("typeD"), nvvm(b.context, Nvvm::WgmmaType, &wgmma_type_d(p.c)?.to_string())?),
        (id("layoutA"), nvvm(b.context, Nvvm::MmaLayout, &layout(p.a_major, "row", "col").to_string())?),
        (id("layoutB"), nvvm(b.context, Nvvm::MmaLayout, &layout(p.b_major, "col", "row").to_string())?),
        (id("scaleA"), nvvm(b.context, Nvvm::WgmmaScaleIn, "one")?),
        (id("scaleB"), nvvm(b.context, Nvvm::WgmmaScaleIn, "one")?),
        (id("scaleD"), nvvm(b.context, Nvvm::WgmmaScaleOut, "one")?),
    ];
    b.insert(
        OperationBuilder::new("nvvm.wgmma.mma_async", b.location)
            .add_operands(&[acc, desc_a, desc_b])
            .add_attributes(&attributes)
            .add_results(&[acc.r#type()])
            .build()?,
    )
}

/// The four 32-bit registers of a thread's A fragment (`rs`): its
/// M*K/128 values in CuTe's value order (the PTX ISA's a0, a1, ...), each
/// run of 32 / bits consecutive values one register, low value low.
fn register_a<'c, 'a>(b: &Builder<'c, '_>, p: &crate::dialect::nvgpu::Mma<'c>, a: Value<'c, 'a>) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let values = i64::from(p.m) * i64::from(p.k) / 128;
    let per = i64::from(32 / storage_bits(p.a).max(1));
    if static_size(a, "A")? != values || !matches!(cute_value(a)?, CuteValue::View(5, ..)) {
        return Err(format!("A (frag_kind = rs) is the thread's {values} values in registers (rmem), got {}", a.r#type()).into());
    }
    if !super::super::aligned_runs(&super::super::view_layout(a)?, per) {
        return Err(format!("A: {per} values share a register, but {} splits them", a.r#type()).into());
    }
    let i32_type: Type = IntegerType::new(b.context, 32).into();
    let starts: Vec<i64> = (0..values).step_by(per as usize).collect();
    value_addresses(b, a, &starts)?
        .into_iter()
        .map(|ptr| b.insert(llvm::load(b.context, ptr, i32_type, b.location, LoadStoreOptions::new())))
        .collect()
}

/// `wgmma.mma_async` with A in registers, as inline PTX (LLVM 22's
/// `nvvm.wgmma.mma_async` takes an A descriptor only), the form of CUTLASS's
/// `SM90_64xNx16_*_RS` atoms: `D = A * B + D` with scale-d one, the
/// accumulators tied to the results. B's transpose is the immediate of the
/// 16-bit types; the others have none (K-major only).
fn mma_async_rs<'c, 'a>(
    b: &Builder<'c, '_>,
    p: &crate::dialect::nvgpu::Mma<'c>,
    accumulators: &[Value<'c, 'a>],
    a: &[Value<'c, 'a>],
    desc_b: Value<'c, 'a>,
    result: Type<'c>,
) -> Result<Value<'c, 'a>, PatternError> {
    let context = b.context;
    let d_type = wgmma_type_d(p.c)?;
    let (a_type, b_type) = (wgmma_type(p.a)?, wgmma_type(p.b)?);
    let d_constraint = if d_type == "f32" { "f" } else { "r" };
    let count = accumulators.len();
    let list = |from: usize, n: usize| (from..from + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
    // Operands: $0.. the results, then A's four registers, B's descriptor,
    // scale-d, then the accumulators tied to the results.
    let (a_at, b_at, scale_at) = (count, count + a.len(), count + a.len() + 1);
    let sixteen_bit = matches!(a_type, "f16" | "bf16");
    let immediates = if sixteen_bit {
        let trans_b = match p.b_major {
            Major::K => 0,
            Major::Mn => 1,
        };
        format!(", 1, 1, {trans_b}")
    } else if a_type == "tf32" || a_type.starts_with('e') {
        ", 1, 1".to_string()
    } else {
        String::new()
    };
    let text = format!(
        "{{\n.reg .pred p;\nsetp.ne.b32 p, ${scale_at}, 0;\nwgmma.mma_async.sync.aligned.m{}n{}k{}.{d_type}.{a_type}.{b_type} {{{}}}, {{{}}}, ${b_at}, p{immediates};\n}}",
        p.m,
        p.n,
        p.k,
        list(0, count),
        list(a_at, a.len()),
    );
    let constraints: Vec<String> = std::iter::repeat_n(format!("={d_constraint}"), count)
        .chain(std::iter::repeat_n("r".to_string(), a.len()))
        .chain(["l".to_string(), "r".to_string()])
        .chain((0..count).map(|i| i.to_string()))
        .collect();
    let i32_type: Type = IntegerType::new(context, 32).into();
    let one = b.int(i32_type, 1)?;
    let operands: Vec<Value> = a.iter().copied().chain([desc_b, one]).chain(accumulators.iter().copied()).collect();
    b.insert(
        OperationBuilder::new("llvm.inline_asm", b.location)
            .add_operands(&operands)
            .add_attributes(&[
                (Identifier::new(context, "asm_string"), melior::ir::attribute::StringAttribute::new(context, &text).into()),
                (Identifier::new(context, "constraints"), melior::ir::attribute::StringAttribute::new(context, &constraints.join(",")).into()),
                (Identifier::new(context, "has_side_effects"), melior::ir::Attribute::unit(context)),
            ])
            .add_results(&[result])
            .build()?,
    )
}

/// `cute_nvgpu.register.accumulator`: the thread's accumulators, zero.
pub fn lower_register_accumulator<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let ty = op.result(0)?.r#type();
    Ok(vec![b.insert(OperationBuilder::new("llvm.mlir.zero", b.location).add_results(&[ty]).build()?)?])
}

/// The WGMMA payload `cute_nvgpu.atom %a, %desc_b, %acc` of the atom
/// rewriter: one `wgmma.mma_async` on its descriptors and accumulator,
/// committed and waited for (the payload is one whole atom execution). Its
/// result is the atom, which carries no run-time state.
pub fn lower_payload<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let atom_type = op.result(0)?.r#type();
    let Some(Atom::Mma(p)) = Atom::of(atom_type) else { return Err(PatternError::NoMatch) };
    if p.family != MmaFamily::Sm90 {
        return Err(PatternError::NoMatch);
    }
    let b = Builder::new(context, rewriter, op.location());
    let (desc_a, desc_b, vector) = (op.operand(0)?, op.operand(1)?, op.operand(2)?);
    let (element, count) = crate::dialect::types::vector_parts(vector.r#type()).ok_or("the accumulator is a vector")?;
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    // 16-bit accumulators travel in pairs (one b32 register each).
    let pairs = bits_of(element) == 16;
    let (register, registers) = if pairs { (i32_type, count / 2) } else { (element, count) };
    let acc_type = llvm::r#type::r#struct(context, &vec![register; registers as usize], false);
    let mut acc = b.insert(llvm::undef(acc_type, b.location))?;
    let pair_type = crate::passes::conversion::cute_to_llvm::values::vector_type(element, 2);
    let mut xs = Vec::new();
    for j in 0..registers {
        let x = if pairs {
            let mut pair = b.insert(llvm::undef(pair_type, b.location))?;
            for half in 0..2 {
                let at = b.int(i64_type, 2 * j + half)?;
                let v = b.insert(OperationBuilder::new("llvm.extractelement", b.location).add_operands(&[vector, at]).add_results(&[element]).build()?)?;
                let to = b.int(i64_type, half)?;
                pair = b.insert(OperationBuilder::new("llvm.insertelement", b.location).add_operands(&[pair, v, to]).add_results(&[pair_type]).build()?)?;
            }
            b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[pair]).add_results(&[i32_type]).build()?)?
        } else {
            let at = b.int(i64_type, j)?;
            b.insert(OperationBuilder::new("llvm.extractelement", b.location).add_operands(&[vector, at]).add_results(&[element]).build()?)?
        };
        acc = b.insert(llvm::insert_value(context, acc, DenseI64ArrayAttribute::new(context, &[j]), x, b.location))?;
        xs.push(x);
    }
    if p.frag == FragKind::Rs {
        // The rewriter passes an `rs` A fragment as is (a register view).
        let a_registers = register_a(&b, &p, desc_a)?;
        mma_async_rs(&b, &p, &xs, &a_registers, desc_b, acc_type)?;
    } else {
        mma_async(&b, &p, acc, desc_a, desc_b)?;
    }
    rewriter.as_rewriter_base().insert(OperationBuilder::new("nvvm.wgmma.commit.group.sync.aligned", b.location).build()?);
    let zero = IntegerAttribute::new(i64_type, 0);
    rewriter.as_rewriter_base().insert(
        OperationBuilder::new("nvvm.wgmma.wait.group.sync.aligned", b.location)
            .add_attributes(&[(Identifier::new(context, "group"), zero.into())])
            .build()?,
    );
    let empty = b.insert(llvm::undef(llvm::r#type::r#struct(context, &[], false), b.location))?;
    Ok(vec![b.cast(empty, atom_type)?])
}

/// The accumulator's `#nvvm.wgmma_type`: f16, f32 or s32.
fn wgmma_type_d(t: Type) -> Result<&'static str, PatternError> {
    Ok(match t.to_string().as_str() {
        "f16" => "f16",
        "f32" => "f32",
        "i32" | "si32" => "s32",
        other => return Err(format!("wgmma.mma_async accumulates in f16, f32 or s32, not {other}").into()),
    })
}
