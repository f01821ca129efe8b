//! The warp-wide register MMAs: `sm80.mma` (`mma.sync`, with `i1` inputs
//! the binary `.and.popc` form), `sm80.sparse_mma`
//! (`mma.sp.sync`), `sm89.mma` (FP8 `mma.sync`) and `SM120.mma_bs`
//! (block-scaled `mma.sync`, `nvvm.mma.block_scale`). Each lane's fragments
//! are its values of CuTe's `ALayout`/`BLayout`/`CLayout` in value order
//! (`m*k/32`, `n*k/32`, `m*n/32` values; half of A's for sparse atoms),
//! packed into 32-bit registers in that order, low half first: exactly the
//! PTX operand order. `D = A * B + C`; D and C may be the same view.
//!
//! LLVM 22's NVVM dialect has no dense FP8 `mma.sync`, so `sm89.mma` is an
//! `llvm.inline_asm` of the PTX instruction (NVVM22.md §7.2's escape hatch,
//! without the `nvvm.inline_ptx` detour).

use crate::passes::conversion::cute_to_llvm::memory::cute_value;
use crate::passes::conversion::cute_to_llvm::values::{Builder, CuteValue};
use super::super::{aligned_runs, call_atom, static_size, value_addresses, view_layout};
use crate::dialect::nvgpu::{atom::MmaFamily, Atom, Mma};
use crate::dialect::types::bits_of;
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    dialect::llvm::{self, LoadStoreOptions},
    ir::{
        attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, StringAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{mma_shape, Nvvm, nvvm};

/// The PTX name of an MMA element type.
fn ptx_type(t: Type) -> String {
    let raw = melior::ir::TypeLike::to_raw(&t);
    // SAFETY: `t` is a live type; the calls only inspect it.
    if unsafe { mlir_sys::mlirTypeIsAInteger(raw) } {
        let width = unsafe { mlir_sys::mlirIntegerTypeGetWidth(raw) };
        let unsigned = unsafe { mlir_sys::mlirIntegerTypeIsUnsigned(raw) };
        if width == 1 {
            return "b1".into();
        }
        return format!("{}{width}", if unsigned { "u" } else { "s" });
    }
    match t.to_string().as_str() {
        "f8E4M3FN" => "e4m3".into(),
        "f8E5M2" => "e5m2".into(),
        "f4E2M1FN" => "e2m1".into(),
        other => other.into(),
    }
}

/// How one operand travels: values per 32-bit (or 64-bit) register and the
/// register's LLVM type.
struct Packing<'c> {
    per: i64,
    register: Type<'c>,
}

fn packing<'c>(context: &'c Context, element: Type<'c>) -> Result<Packing<'c>, PatternError> {
    let bits = bits_of(element);
    let name = element.to_string();
    Ok(match (name.as_str(), bits) {
        ("f16", _) => Packing { per: 2, register: crate::passes::conversion::cute_to_llvm::values::vector_type(Type::float16(context), 2) },
        ("f32" | "f64", _) => Packing { per: 1, register: element },
        (_, 1..=32) => Packing { per: i64::from(32 / bits), register: IntegerType::new(context, 32).into() },
        _ => return Err(format!("mma.sync: no register packing for {element}").into()),
    })
}

/// The registers of a fragment view: each group of `per` consecutive values
/// is one load of the register type (they must be contiguous).
fn load_registers<'c, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    pack: &Packing<'c>,
    count: i64,
    role: &str,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    check_fragment(view, pack, count, role)?;
    let starts: Vec<i64> = (0..count).step_by(pack.per as usize).collect();
    value_addresses(b, view, &starts)?
        .into_iter()
        .map(|ptr| b.insert(llvm::load(b.context, ptr, pack.register, b.location, LoadStoreOptions::new())))
        .collect()
}

fn check_fragment(view: Value, pack: &Packing, count: i64, role: &str) -> Result<(), PatternError> {
    let size = static_size(view, role)?;
    if size != count {
        return Err(format!("{role} holds {count} values per lane, got {}", view.r#type()).into());
    }
    if !matches!(cute_value(view)?, CuteValue::View(5, ..)) {
        return Err(format!("{role} must be a register fragment (rmem), got {}", view.r#type()).into());
    }
    let l = view_layout(view)?;
    if !aligned_runs(&l, pack.per) {
        return Err(format!("{role}: {} values share a register, but the fragment layout {l} does not hold them together", pack.per).into());
    }
    Ok(())
}

pub fn lower<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let Some(Atom::Mma(p)) = call_atom(op)? else { return Err(PatternError::NoMatch) };
    if !matches!(p.family, MmaFamily::Sm80 | MmaFamily::Sm80Sparse | MmaFamily::Sm89 | MmaFamily::Sm120Bs) {
        return Err(PatternError::NoMatch);
    }
    if p.family == MmaFamily::Sm120Bs {
        // The kinds this lowering packs, before any register is read.
        sm120_block_scale(&p)?;
    }
    let b = Builder::new(context, rewriter, op.location());
    let (d, a, bv, c) = (op.operand(1)?, op.operand(2)?, op.operand(3)?, op.operand(4)?);
    let sparse = p.family == MmaFamily::Sm80Sparse;
    let (m, n, k) = (i64::from(p.m), i64::from(p.n), i64::from(p.k));
    let a_values = m * k / 32 / if sparse { 2 } else { 1 };
    let (pa, pb, pc) = (packing(context, p.a)?, packing(context, p.b)?, packing(context, p.c)?);
    let ra = load_registers(&b, a, &pa, a_values, "A")?;
    let rb = load_registers(&b, bv, &pb, n * k / 32, "B")?;
    let rc = load_registers(&b, c, &pc, m * n / 32, "C")?;
    check_fragment(d, &pc, m * n / 32, "D")?;
    let result = llvm::r#type::r#struct(context, &vec![pc.register; rc.len()], false);
    let value = match p.family {
        MmaFamily::Sm89 => inline_asm(&b, &p, &[&ra, &rb, &rc], result)?,
        MmaFamily::Sm120Bs => block_scaled(&b, op, &p, &[&ra, &rb, &rc], result)?,
        _ => nvvm_mma(&b, op, &p, sparse, &[&ra, &rb, &rc], result)?,
    };
    let starts: Vec<i64> = (0..m * n / 32).step_by(pc.per as usize).collect();
    for (j, ptr) in value_addresses(&b, d, &starts)?.into_iter().enumerate() {
        let at = DenseI64ArrayAttribute::new(context, &[j as i64]);
        let x = b.insert(llvm::extract_value(context, value, at, pc.register, b.location))?;
        rewriter.as_rewriter_base().insert(llvm::store(context, x, ptr, b.location, LoadStoreOptions::new()));
    }
    Ok(Vec::new())
}

/// `nvvm.mma.sync` / `nvvm.mma.sp.sync` (row-major A, column-major B: the
/// only layouts of the m16n8 shapes).
fn nvvm_mma<'c, 'a>(
    b: &Builder<'c, '_>,
    op: OperationRef<'c, 'a>,
    p: &Mma<'c>,
    sparse: bool,
    registers: &[&Vec<Value<'c, 'a>>; 3],
    result: Type<'c>,
) -> Result<Value<'c, 'a>, PatternError> {
    let context = b.context;
    let id = |name: &str| Identifier::new(context, name);
    let shape = mma_shape(b.context, p.m, p.n, p.k)?;
    let mut attributes = vec![(id("shape"), shape)];
    let mut operands: Vec<Value> = registers.iter().flat_map(|r| r.iter().copied()).collect();
    let mut segments: Vec<i32> = registers.iter().map(|r| r.len() as i32).collect();
    if !sparse {
        attributes.push((id("layoutA"), nvvm(b.context, Nvvm::MmaLayout, "row")?));
        attributes.push((id("layoutB"), nvvm(b.context, Nvvm::MmaLayout, "col")?));
    }
    let (a_name, b_name) = (ptx_type(p.a), ptx_type(p.b));
    // Always given: NVVM's MmaOp::verify dereferences them (an f64 MMA
    // without them aborted the process, issue 27 item 2).
    attributes.push((id("multiplicandAPtxType"), nvvm(b.context, Nvvm::MmaType, &a_name.to_string())?));
    attributes.push((id("multiplicandBPtxType"), nvvm(b.context, Nvvm::MmaType, &b_name.to_string())?));
    if a_name == "b1" {
        // `.and.popc` (CuTe's SM80_16x8x128_S32U1U1S32_TN_ANDPOPC): the
        // binary MMA of every chip from SM80 on (`.xor.popc` is not offered:
        // the type has no parameter to choose it).
        attributes.push((id("b1Op"), nvvm(b.context, Nvvm::MmaB1Op, "and_popc")?));
    } else if IntegerType::try_from(p.a).is_ok() {
        attributes.push((id("intOverflowBehavior"), nvvm(b.context, Nvvm::MmaIntOverflow, "wrapped")?));
    }
    let name = if sparse {
        // The metadata word (the atom call's metadata view, value 0) and
        // the thread selector 0 (CuTe's SM80 sparse atoms).
        let metadata = op.operand(5).map_err(|_| "a sparse MMA needs its metadata")?;
        let word = value_addresses(b, metadata, &[0])?.remove(0);
        let i32_type: Type = IntegerType::new(context, 32).into();
        operands.push(b.insert(llvm::load(context, word, i32_type, b.location, LoadStoreOptions::new()))?);
        operands.push(b.int(i32_type, 0)?);
        segments.extend([1, 1]);
        "nvvm.mma.sp.sync"
    } else {
        "nvvm.mma.sync"
    };
    attributes.push((id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &segments).into()));
    b.insert(OperationBuilder::new(name, b.location).add_operands(&operands).add_attributes(&attributes).add_results(&[result]).build()?)
}

/// The kind, scale-vector size and scale format of an `SM120.mma_bs` atom
/// (CuTe's `SM120_16x8x32_TN_VS` / `SM120_16x8x64_TN_VS`): 8-bit inputs at
/// K = 32 are kind::mxf8f6f4 with one ue8m0 scale per lane (1X); FP4 x FP4
/// at K = 64 is kind::mxf4 with two ue8m0 scales (2X, `sf_vec` 32) or
/// kind::mxf4nvf4 with four ue4m3 (4X, `sf_vec` 16).
pub fn sm120_block_scale(p: &Mma) -> Result<(&'static str, i64, &'static str), String> {
    let (a, sf) = (p.a.to_string(), p.sf_type.map(|t| t.to_string()).unwrap_or_default());
    let fp4 = a == "f4E2M1FN" && p.b.to_string() == "f4E2M1FN";
    match (bits_of(p.a), bits_of(p.b), p.k, fp4, p.sf_vec, sf.as_str()) {
        (8, 8, 32, _, 32, "f8E8M0FNU") => Ok(("mxf8f6f4", 1, "ue8m0")),
        (_, _, 64, true, 32, "f8E8M0FNU") => Ok(("mxf4", 2, "ue8m0")),
        (_, _, 64, true, 16, "f8E4M3FN") => Ok(("mxf4nvf4", 4, "ue4m3")),
        (_, _, 64, true, 16, _) => Err("kind::mxf4nvf4 with ue8m0 scales (scale_vec::4X) needs PTX 9.1, which ptxas 12.9 and LLVM 22 do not have: use ue4m3 scales".into()),
        _ => Err(format!(
            "{} is not lowered: SM120 block-scaled MMA lowers FP8 x FP8 at K = 32 (ue8m0, sf_vec 32) and FP4 x FP4 at K = 64; FP6 and FP4 in 8-bit containers are not yet",
            crate::dialect::nvgpu::Atom::Mma(*p).mnemonic()
        )),
    }
}

/// `nvvm.mma.block_scale` of an `SM120.mma_bs` atom: the lane's A, B, C
/// registers (as for FP8 mma.sync) and each operand's scale register, the
/// lane's `scale_vec` scale-factor bytes of the call's `scales` views
/// (value 0 in the low byte), with byte and thread selectors 0 as CuTe's
/// atoms pass them.
fn block_scaled<'c, 'a>(
    b: &Builder<'c, '_>,
    op: OperationRef<'c, 'a>,
    p: &Mma<'c>,
    registers: &[&Vec<Value<'c, 'a>>; 3],
    result: Type<'c>,
) -> Result<Value<'c, 'a>, PatternError> {
    let context = b.context;
    let id = |name: &str| Identifier::new(context, name);
    let (kind, scale_vec, format) = sm120_block_scale(p)?;
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i16_type: Type = IntegerType::new(context, 16).into();
    let zero = b.int(i16_type, 0)?;
    let segments = super::super::segments(op)?;
    let first = 5 + segments.get(5).copied().unwrap_or(0);
    let mut operands: Vec<Value> = registers.iter().flat_map(|r| r.iter().copied()).collect();
    for (i, role) in ["A", "B"].iter().enumerate() {
        let view = op.operand(first + i).map_err(|_| "a block-scaled MMA needs scales(%sfa, %sfb)")?;
        let what = format!("the scale factors of {role}");
        let size = static_size(view, &what)?;
        if size != scale_vec {
            return Err(format!("{what} hold {scale_vec} value(s) per lane (scale_vec::{scale_vec}X), got {}", view.r#type()).into());
        }
        if !matches!(cute_value(view)?, CuteValue::View(5, ..)) || !aligned_runs(&view_layout(view)?, scale_vec) {
            return Err(format!("{what} are one register of the lane's contiguous scale bytes (rmem), got {}", view.r#type()).into());
        }
        let bytes: Type = IntegerType::new(context, 8 * scale_vec as u32).into();
        let address = value_addresses(b, view, &[0])?.remove(0);
        let word = b.insert(llvm::load(context, address, bytes, b.location, LoadStoreOptions::new()))?;
        let word = if scale_vec == 4 { word } else { b.cast_int("llvm.zext", word, i32_type)? };
        operands.extend([word, zero, zero]);
    }
    let mut segments: Vec<i32> = registers.iter().map(|r| r.len() as i32).collect();
    segments.extend([1, 1, 1, 1, 1, 1]);
    let attributes = vec![
        (id("shape"), mma_shape(b.context, p.m, p.n, p.k)?),
        (id("multiplicandAPtxType"), nvvm(b.context, Nvvm::MmaType, &ptx_type(p.a).to_string())?),
        (id("multiplicandBPtxType"), nvvm(b.context, Nvvm::MmaType, &ptx_type(p.b).to_string())?),
        (id("scaleVecSize"), nvvm(b.context, Nvvm::ScaleVecSize, &format!("x{scale_vec}"))?),
        (id("blockScaleFormat"), nvvm(b.context, Nvvm::BlockScaleFormat, &format.to_string())?),
        (id("kind"), nvvm(b.context, Nvvm::BlockScaleKind, &kind.to_string())?),
        (id("operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &segments).into()),
    ];
    b.insert(OperationBuilder::new("nvvm.mma.block_scale", b.location).add_operands(&operands).add_attributes(&attributes).add_results(&[result]).build()?)
}

/// The PTX `mma.sync` of an FP8 atom as inline assembly.
fn inline_asm<'c, 'a>(
    b: &Builder<'c, '_>,
    p: &Mma<'c>,
    registers: &[&Vec<Value<'c, 'a>>; 3],
    result: Type<'c>,
) -> Result<Value<'c, 'a>, PatternError> {
    let context = b.context;
    let c_name = ptx_type(p.c);
    let c_constraint = if c_name == "f32" { "f" } else { "r" };
    let d_count = registers[2].len();
    let mut next = 0;
    let mut group = |count: usize| {
        let names: Vec<String> = (next..next + count).map(|i| format!("${i}")).collect();
        next += count;
        format!("{{{}}}", names.join(", "))
    };
    let text = format!(
        "mma.sync.aligned.m{}n{}k{}.row.col.{c_name}.{}.{}.{c_name} {}, {}, {}, {};",
        p.m,
        p.n,
        p.k,
        ptx_type(p.a),
        ptx_type(p.b),
        group(d_count),
        group(registers[0].len()),
        group(registers[1].len()),
        group(registers[2].len())
    );
    let constraints: Vec<String> = std::iter::repeat_n(format!("={c_constraint}"), d_count)
        .chain(std::iter::repeat_n("r".to_string(), registers[0].len() + registers[1].len()))
        .chain(std::iter::repeat_n(c_constraint.to_string(), registers[2].len()))
        .collect();
    let operands: Vec<Value> = registers.iter().flat_map(|r| r.iter().copied()).collect();
    let asm = OperationBuilder::new("llvm.inline_asm", b.location)
        .add_operands(&operands)
        .add_attributes(&[
            (Identifier::new(context, "asm_string"), StringAttribute::new(context, &text).into()),
            (Identifier::new(context, "constraints"), StringAttribute::new(context, &constraints.join(",")).into()),
            (Identifier::new(context, "has_side_effects"), melior::ir::Attribute::unit(context)),
        ])
        .add_results(&[result])
        .build()?;
    b.insert(asm)
}
