//! Pointers, views, descriptor iterators, loads and stores in
//! `cute-to-llvm` (the partitions that move a view's iterator are
//! `super::partition`).
//!
//! * A view is `struct<(ptr<AS>, layout)>`; `make_view` packs it,
//!   `get_iter` / `get_layout` read it back.
//! * A descriptor iterator is spec 000's `struct<(ptr<AS>, i32, i32)>`
//!   (base, index, stride), built by `get_iter`'s four-op sequence (undef +
//!   three insertvalue); `add_offset` adds to (or, `rewind`, subtracts from)
//!   the index, `deref_desc_iter` is `base + index * stride` elements.
//! * `load` / `store` address `ptr + crd2idx(coord, layout)` elements.
//! * A partition's offset is computed by the same algebra as its layout
//!   (`layout::partition::local_partition`), and the result keeps the
//!   pointer's address space (spec 000's tile_partition walk).

use crate::handle::CheckedAccess;
use super::algebra::derive;
use super::values::{Builder, CuteValue};
use crate::dialect::{composite_parts, SpecKind};
use crate::layout::{self, IntTuple};
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    dialect::llvm,
    ir::{
        attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};

pub(in crate::passes::conversion) fn cute_value(v: Value) -> Result<CuteValue, PatternError> {
    Ok(CuteValue::of(v.r#type())?.ok_or_else(|| format!("{} is not a cute value", v.r#type()))?)
}

/// The element type of a pointer, descriptor iterator or view type.
pub(in crate::passes::conversion) fn element_type<'c>(ty: Type<'c>) -> Result<Type<'c>, PatternError> {
    let parts = composite_parts(ty).ok_or_else(|| format!("{ty} has no element type"))?;
    if let Some(element) = parts.element {
        return Ok(element);
    }
    let inner = parts.iterator.ok_or_else(|| format!("{ty} has no element type"))?;
    if let Some((element, _)) = crate::dialect::types::memref_element_and_rank(inner) {
        return Ok(element);
    }
    element_type(inner)
}

/// The LLVM type memory holds `element` as: itself when LLVM has it, else
/// the integer of its width (FP8/FP6/FP4 and other MLIR-only floats, which
/// LLVM cannot translate, and signed/unsigned integers: memory holds bits).
pub(in crate::passes::conversion) fn storage_type<'c>(context: &'c Context, element: Type<'c>) -> Type<'c> {
    // SAFETY: inspects a live type.
    let signless = IntegerType::try_from(element).is_ok() && unsafe { mlir_sys::mlirIntegerTypeIsSignless(melior::ir::TypeLike::to_raw(&element)) };
    let native = ["f16", "bf16", "f32", "f64"].contains(&element.to_string().as_str()) || signless;
    if native {
        element
    } else {
        IntegerType::new(context, crate::dialect::types::storage_bits(element)).into()
    }
}

/// `base + offset` elements of `element`. Tensor memory (address space 6)
/// is addressed in 32-bit columns, not bytes (a TMEM address is lane << 16
/// | column): an offset there counts columns of 32-bit elements, and 16- or
/// 8-bit elements are packed two or four a column (the layout tcgen05.cp
/// writes and a `ts` UMMA reads A in), so they move by offset * bits / 32
/// columns, an offset known to be a whole number of columns.
pub(in crate::passes::conversion) fn gep<'c, 'a>(
    b: &Builder<'c, '_>,
    base: Value<'c, 'a>,
    offset: Value<'c, 'a>,
    element: Type<'c>,
) -> Result<Value<'c, 'a>, PatternError> {
    let bits = crate::dialect::types::storage_bits(element);
    let (element, offset) = if base.r#type() == melior::dialect::llvm::r#type::pointer(b.context, 6) {
        if !matches!(bits, 8 | 16 | 32) {
            return Err(format!("tensor-memory offsets count 32-bit columns; {element} elements are not 8, 16 or 32 bits").into());
        }
        let per_column = u64::from(32 / bits);
        if per_column == 1 {
            (IntegerType::new(b.context, 8).into(), offset)
        } else {
            let known = known_divisor(offset);
            if known % per_column != 0 {
                let what = constant_of(offset).map_or_else(|| format!("an offset known only to be a multiple of {known}"), |k| format!("{k} elements"));
                return Err(format!(
                    "a tensor-memory pointer to {bits}-bit {element} elements (packed {per_column} a 32-bit column) moves by {what}, which is not a whole number of columns"
                )
                .into());
            }
            let ty = offset.r#type();
            let shift = b.int(ty, per_column.trailing_zeros().into())?;
            (IntegerType::new(b.context, 8).into(), b.bin("llvm.ashr", offset, shift)?)
        }
    } else if bits % 8 != 0 {
        // Sub-byte elements are packed (CuTe's subbyte_iterator: two i4 a
        // byte, the even element in the low nibble), but a GEP over i4 steps
        // a whole byte. A pointer here is a byte address, so it may only
        // move by whole bytes: offset * bits / 8, where the offset is known
        // to be a multiple of 8 / gcd(bits, 8) elements.
        let whole = 8 / gcd(u64::from(bits), 8);
        let known = known_divisor(offset);
        if known % whole != 0 {
            let what = constant_of(offset).map_or_else(|| format!("an offset known only to be a multiple of {known}"), |k| format!("{k} elements"));
            return Err(format!(
                "a pointer to packed {bits}-bit {element} elements moves by {what}, which is not a whole number of bytes (a multiple of {whole} elements): partition packed sub-byte data in whole bytes"
            )
            .into());
        }
        let ty = offset.r#type();
        let scaled = if bits == 1 { offset } else { b.bin("llvm.mul", offset, b.int(ty, i64::from(bits))?)? };
        (IntegerType::new(b.context, 8).into(), b.bin("llvm.ashr", scaled, b.int(ty, 3)?)?)
    } else {
        (element, offset)
    };
    let op = OperationBuilder::new("llvm.getelementptr", b.location)
        .add_operands(&[base, offset])
        .add_attributes(&[
            (Identifier::new(b.context, "rawConstantIndices"), DenseI32ArrayAttribute::new(b.context, &[i32::MIN]).into()),
            (Identifier::new(b.context, "elem_type"), TypeAttribute::new(storage_type(b.context, element)).into()),
        ])
        .add_results(&[base.r#type()])
        .build()?;
    b.insert(op)
}

fn i32_type(context: &Context) -> Type<'_> {
    IntegerType::new(context, 32).into()
}

/// `struct<(ptr, layout)>` from its pointer and layout fields.
pub(super) fn pack_view<'c, 'a>(
    b: &Builder<'c, '_>,
    view: &CuteValue,
    ptr: Value<'c, 'a>,
    layout_fields: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, PatternError> {
    let CuteValue::View(_, l, _) = view else { return Err("internal error: not a view".into()) };
    let layout = b.pack(&CuteValue::Layout(l.clone()), layout_fields)?;
    pack_view_struct(b, view, ptr, layout)
}

fn pack_view_struct<'c, 'a>(
    b: &Builder<'c, '_>,
    view: &CuteValue,
    ptr: Value<'c, 'a>,
    layout: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, PatternError> {
    let ty = view.llvm_type(b.context);
    let undef = b.insert(llvm::undef(ty, b.location))?;
    let at = |i: i64| DenseI64ArrayAttribute::new(b.context, &[i]);
    let with_ptr = b.insert(llvm::insert_value(b.context, undef, at(0), ptr, b.location))?;
    b.insert(llvm::insert_value(b.context, with_ptr, at(1), layout, b.location))
}

/// The pointer field of the cute view `view`.
pub(in crate::passes::conversion) fn view_ptr<'c, 'a>(b: &Builder<'c, '_>, view: Value<'c, 'a>) -> Result<Value<'c, 'a>, PatternError> {
    let value = cute_value(view)?;
    let CuteValue::View(space, ..) = value else { return Err(format!("{} is not a view", view.r#type()).into()) };
    b.extract(b.lowered(view, &value)?, &[0], llvm::r#type::pointer(b.context, space))
}

pub fn lower_make_view<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let (ptr, layout) = (op.operand(0)?, op.operand(1)?);
    let ptr = match crate::dialect::types::memref_element_and_rank(ptr.r#type()) {
        Some((element, rank)) => memref_pointer(&b, ptr, element, rank)?,
        None => b.lowered(ptr, &cute_value(ptr)?)?,
    };
    let layout = b.lowered(layout, &cute_value(layout)?)?;
    let result = op.result(0)?.r#type();
    let view = pack_view_struct(&b, &CuteValue::of(result)?.ok_or("not a view")?, ptr, layout)?;
    Ok(vec![b.cast(view, result)?])
}

/// The address of a memref's first element: its LLVM descriptor's aligned
/// pointer moved by its offset (the descriptor is what `convert-func-to-llvm`
/// and `convert-gpu-to-nvvm` make of it; the cast pair reconciles).
fn memref_pointer<'c, 'a>(b: &Builder<'c, '_>, memref: Value<'c, 'a>, element: Type<'c>, rank: i64) -> Result<Value<'c, 'a>, PatternError> {
    let space = crate::dialect::types::memref_address_space(memref.r#type())
        .ok_or_else(|| format!("{}: the memory space has no NVVM address space", memref.r#type()))?;
    let ptr = llvm::r#type::pointer(b.context, space);
    let i64_type: Type = IntegerType::new(b.context, 64).into();
    let mut fields = vec![ptr, ptr, i64_type];
    if rank > 0 {
        let array = llvm::r#type::array(i64_type, rank as u32);
        fields.extend([array, array]);
    }
    let descriptor = b.cast(memref, llvm::r#type::r#struct(b.context, &fields, false))?;
    let aligned = b.extract(descriptor, &[1], ptr)?;
    let offset = b.extract(descriptor, &[2], i64_type)?;
    gep(b, aligned, offset, element)
}

pub fn lower_get_layout<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let view = op.operand(0)?;
    let lowered = b.lowered(view, &cute_value(view)?)?;
    let result = op.result(0)?.r#type();
    let layout = b.extract(lowered, &[1], cute_value(op.result(0)?.into())?.llvm_type(context))?;
    Ok(vec![b.cast(layout, result)?])
}

/// `get_iter %view` (the pointer field) or `get_iter %base, %extent,
/// %tile, %stride` (a descriptor iterator at index 0).
pub fn lower_get_iter<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let source = op.operand(0)?;
    let source_value = cute_value(source)?;
    let result = op.result(0)?.r#type();
    if crate::dialect::types::memref_element_and_rank(result).is_some() {
        // The view keeps only the element address: a memref is not rebuilt.
        return Err(format!("get_iter of a view over {result} is not lowered: the view's iterator is the memref it was made from; use that value").into());
    }
    let value = match (&source_value, op.operand_count()) {
        (CuteValue::View(..), 1) => view_ptr(&b, source)?,
        (CuteValue::CoordView(..), 1) => super::coordinates::origin(&b, source, &source_value)?,
        (CuteValue::Ptr(_), 4) => {
            let lowered = b.lowered(source, &source_value)?;
            let iterator = cute_value(op.result(0)?.into())?;
            let stride = b.convert_int(op.operand(3)?, i32_type(context))?;
            let zero = b.int(i32_type(context), 0)?;
            let at = |i: i64| DenseI64ArrayAttribute::new(context, &[i]);
            let undef = b.insert(llvm::undef(iterator.llvm_type(context), b.location))?;
            let s0 = b.insert(llvm::insert_value(context, undef, at(0), lowered, b.location))?;
            let s1 = b.insert(llvm::insert_value(context, s0, at(1), zero, b.location))?;
            b.insert(llvm::insert_value(context, s1, at(2), stride, b.location))?
        }
        (CuteValue::Ptr(_), _) => b.lowered(source, &source_value)?,
        _ => return Err("get_iter expects a view or a pointer".into()),
    };
    Ok(vec![b.cast(value, result)?])
}

pub fn lower_deref_desc_iter<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let iterator = op.operand(0)?;
    let CuteValue::DescIter(space) = cute_value(iterator)? else { return Err("not a descriptor iterator".into()) };
    let lowered = b.lowered(iterator, &CuteValue::DescIter(space))?;
    let base = b.extract_field(lowered, &[0], llvm::r#type::pointer(context, space))?;
    let index = b.extract_field(lowered, &[1], i32_type(context))?;
    let stride = b.extract_field(lowered, &[2], i32_type(context))?;
    let offset = b.bin("llvm.mul", index, stride)?;
    let ptr = gep(&b, base, offset, element_type(iterator.r#type())?)?;
    Ok(vec![b.cast(ptr, op.result(0)?.r#type())?])
}

/// spec 000's DescriptorAdvance / DescriptorRewind, and pointer arithmetic.
pub fn lower_add_offset<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let (source, offset) = (op.operand(0)?, op.operand(1)?);
    let rewind = op.has_attribute("rewind");
    let value = cute_value(source)?;
    let lowered = b.lowered(source, &value)?;
    let offset = b.convert_int(offset, i32_type(context))?;
    let result = match value {
        CuteValue::DescIter(_) => {
            let index = b.extract_field(lowered, &[1], i32_type(context))?;
            let moved = if rewind {
                b.bin("llvm.sub", index, offset)?
            } else {
                b.bin("llvm.add", index, offset)?
            };
            let at = DenseI64ArrayAttribute::new(context, &[1]);
            b.insert(llvm::insert_value(context, lowered, at, moved, b.location))?
        }
        CuteValue::Ptr(_) => {
            let offset = if rewind {
                let zero = b.int(i32_type(context), 0)?;
                b.bin("llvm.sub", zero, offset)?
            } else {
                offset
            };
            gep(&b, lowered, offset, element_type(source.r#type())?)?
        }
        _ => return Err("add_offset expects a pointer or a descriptor iterator".into()),
    };
    Ok(vec![b.cast(result, op.result(0)?.r#type())?])
}

/// The address of `view[coord]`: the view's pointer plus `crd2idx` of its
/// (inner) layout, swizzled for a composed layout ([`address`]).
fn element_address<'c: 'a, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    coord: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, PatternError> {
    let mut fields = derive(
        b,
        &[view, coord],
        |seeded| {
            let (CuteValue::View(_, l, _), CuteValue::Tuple(_, c)) = (&seeded[0], &seeded[1]) else {
                return Err("expects a view and a coordinate".into());
            };
            let offset = layout::crd2idx_tuple(c, l).map_err(|e| e.to_string())?;
            Ok(vec![CuteValue::Tuple(crate::dialect::SpecKind::IntTuple, offset)])
        },
        &[],
    )?;
    address(b, view, fields.remove(0).remove(0))
}

/// The address of the element at `offset` (elements, an integer value) of
/// the view's inner layout. A swizzled view `S o off o L` addresses
/// `swizzle(ptr + (off + offset) * bytes)` with the swizzle on byte
/// addresses (CuTe's position-independent swizzle pointer): partitions move
/// the pointer linearly and keep the swizzle, and `make_view` requires the
/// base aligned to the swizzle's period, where this is the composed
/// layout's own function.
pub(in crate::passes::conversion) fn address<'c: 'a, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    offset: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, PatternError> {
    let CuteValue::View(space, _, swizzle) = cute_value(view)? else { return Err("not a view".into()) };
    let element = element_type(view.r#type())?;
    let Some((swizzle, static_offset)) = swizzle else {
        return gep(b, view_ptr(b, view)?, offset, element);
    };
    // The address is swizzle(root + terms): the terms that are multiples of
    // the swizzle's period (pipeline stages, whole swizzle atoms) pass
    // through it (swizzle(x + n*P) = swizzle(x) + n*P) and are added after
    // it, so the swizzled part is loop-invariant and shared between the
    // atom instances that differ only by such terms.
    let period = 1i64 << swizzle.period_log2().min(62);
    let (root, mut terms) = pointer_terms(view_ptr(b, view)?, storage_type(b.context, element));
    terms.push(offset);
    let (mut low, mut high, mut constant) = (Vec::new(), Vec::new(), static_offset);
    for t in terms {
        split_terms(t, period, &mut low, &mut high, &mut constant);
    }
    let index_type: Type = IntegerType::new(b.context, 32).into();
    let sum = |terms: &[Value<'c, 'a>], extra: i64| -> Result<Option<Value<'c, 'a>>, PatternError> {
        let mut acc: Option<Value<'c, 'a>> = None;
        for &t in terms {
            let t = b.convert_int(t, index_type)?;
            acc = Some(match acc {
                Some(a) => b.bin("llvm.add", a, t)?,
                None => t,
            });
        }
        if extra != 0 {
            let k = b.int(index_type, extra)?;
            acc = Some(match acc {
                Some(a) => b.bin("llvm.add", a, k)?,
                None => k,
            });
        }
        Ok(acc)
    };
    let (low_constant, high_constant) = (constant.rem_euclid(period), constant - constant.rem_euclid(period));
    let linear = match sum(&low, low_constant)? {
        Some(index) => gep(b, root, index, element)?,
        None => root,
    };
    let bits = crate::dialect::types::storage_bits(element);
    let in_bytes = swizzle.over_bits(bits).map_err(|e| format!("swizzled view of {element}: {e}"))?;
    // Shared-memory addresses are 32-bit; others are 64-bit.
    let width = if space == 3 { 32 } else { 64 };
    let int_type: Type = IntegerType::new(b.context, width).into();
    let as_int = b.insert(OperationBuilder::new("llvm.ptrtoint", b.location).add_operands(&[linear]).add_results(&[int_type]).build()?)?;
    let mut swizzled = derive(
        b,
        &[as_int],
        |seeded| {
            let CuteValue::Tuple(_, IntTuple::Leaf(x)) = &seeded[0] else { return Err("expects an address".into()) };
            let y = in_bytes.apply_leaf(x)?;
            Ok(vec![CuteValue::Tuple(crate::dialect::SpecKind::IntTuple, IntTuple::Leaf(y))])
        },
        &[],
    )?;
    let y = swizzled.remove(0).remove(0);
    let swizzled = b.insert(OperationBuilder::new("llvm.inttoptr", b.location).add_operands(&[y]).add_results(&[linear.r#type()]).build()?)?;
    match sum(&high, high_constant)? {
        Some(index) => gep(b, swizzled, index, element),
        None => Ok(swizzled),
    }
}

/// The addresses of the values `indices` (flat value indices) of `view`:
/// `crd2idx` through the Rust algebra, then the view's (swizzled) address.
pub(crate) fn value_addresses<'c: 'a, 'a>(
    b: &Builder<'c, '_>,
    view: Value<'c, 'a>,
    indices: &[i64],
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let offsets = derive(
        b,
        &[view],
        |seeded| {
            let CuteValue::View(_, l, _) = &seeded[0] else { return Err("expects a view".into()) };
            indices
                .iter()
                .map(|&i| {
                    let index = layout::crd2idx_tuple(&IntTuple::int(i), l).map_err(|e| e.to_string())?;
                    Ok(CuteValue::Tuple(SpecKind::IntTuple, index))
                })
                .collect()
        },
        &[],
    )?;
    offsets.into_iter().map(|mut o| address(b, view, o.remove(0))).collect()
}

/// The defining op of `v`, if it is an op result.
fn defining_op<'c: 'a, 'a>(v: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    // SAFETY: read-only queries of a live value; an op result's owner is a
    // live op of the same IR.
    unsafe {
        let raw = v.to_raw();
        mlir_sys::mlirValueIsAOpResult(raw).then(|| OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(raw)))
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A number the integer `v` is known to be a multiple of, from the
/// lowering's own arithmetic (constants, products, shifts, sums, casts);
/// 1 when nothing is known, 0 for zero (a multiple of everything).
fn known_divisor(v: Value) -> u64 {
    if let Some(k) = constant_of(v) {
        return k.unsigned_abs();
    }
    let Some(op) = defining_op(v) else { return 1 };
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    let (x, y) = (op.operand_if(0), op.operand_if(1));
    match (name.as_str(), x, y) {
        ("llvm.mul", Some(x), Some(y)) => known_divisor(x).saturating_mul(known_divisor(y)),
        ("llvm.shl", Some(x), Some(y)) => match constant_of(y) {
            Some(s @ 0..=62) => known_divisor(x).saturating_mul(1 << s),
            _ => known_divisor(x),
        },
        ("llvm.add" | "llvm.sub", Some(x), Some(y)) => gcd(known_divisor(x), known_divisor(y)),
        ("llvm.sext" | "llvm.zext" | "llvm.trunc", Some(x), _) => known_divisor(x),
        _ => 1,
    }
}

/// The integer value of an `llvm.mlir.constant`.
fn constant_of(v: Value) -> Option<i64> {
    let op = defining_op(v)?;
    if op.name().as_string_ref().as_str() != Ok("llvm.mlir.constant") {
        return None;
    }
    melior::ir::attribute::IntegerAttribute::try_from(op.attribute("value").ok()?).ok().map(|a| a.value())
}

/// `ptr` as `root + terms` elements, through the chain of the lowering's own
/// one-index `llvm.getelementptr`s of `element` (partitions, slices).
fn pointer_terms<'c: 'a, 'a>(ptr: Value<'c, 'a>, element: Type<'c>) -> (Value<'c, 'a>, Vec<Value<'c, 'a>>) {
    let (mut root, mut terms) = (ptr, Vec::new());
    while let Some(op) = defining_op(root) {
        let same_element = op.attribute("elem_type").ok().and_then(|a| TypeAttribute::try_from(a).ok()).is_some_and(|t| t.value() == element);
        if op.name().as_string_ref().as_str() != Ok("llvm.getelementptr") || op.operand_count() != 2 || !same_element {
            break;
        }
        let (Some(base), Some(index)) = (op.operand_if(0), op.operand_if(1)) else { break };
        terms.push(index);
        root = base;
    }
    (root, terms)
}

/// Splits an element offset into constant, period-multiple and other terms
/// (through `llvm.add`; a product with a constant multiple of `period` is a
/// period multiple).
fn split_terms<'c: 'a, 'a>(v: Value<'c, 'a>, period: i64, low: &mut Vec<Value<'c, 'a>>, high: &mut Vec<Value<'c, 'a>>, constant: &mut i64) {
    if let Some(k) = constant_of(v) {
        *constant += k;
        return;
    }
    if let Some(op) = defining_op(v) {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        if let (Some(x), Some(y)) = (op.operand_if(0), op.operand_if(1)) {
            match name.as_str() {
                "llvm.add" => {
                    split_terms(x, period, low, high, constant);
                    split_terms(y, period, low, high, constant);
                    return;
                }
                "llvm.mul" if [x, y].iter().any(|&f| constant_of(f).is_some_and(|k| k % period == 0)) => {
                    high.push(v);
                    return;
                }
                "llvm.shl" if constant_of(y).is_some_and(|s| (0..62).contains(&s) && (1i64 << s) % period == 0) => {
                    high.push(v);
                    return;
                }
                _ => {}
            }
        }
    }
    low.push(v);
}

pub fn lower_load<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let ty = op.result(0)?.r#type();
    if let CuteValue::CoordView(..) = cute_value(op.operand(0)?)? {
        return super::coordinates::load_coordinate(&b, op.operand(0)?, op.operand(1)?, ty);
    }
    let address = element_address(&b, op.operand(0)?, op.operand(1)?)?;
    // Memory holds MLIR-only floats (FP8, FP6, FP4, ue8m0) as integers of
    // their width; the value is their bits (`arith.bitcast`).
    let storage = storage_type(context, ty);
    if storage == ty || IntegerType::try_from(ty).is_ok() {
        return Ok(vec![b.insert(llvm::load(context, address, ty, b.location, Default::default()))?]);
    }
    let loaded = b.insert(llvm::load(context, address, storage, b.location, Default::default()))?;
    Ok(vec![b.insert(OperationBuilder::new("arith.bitcast", b.location).add_operands(&[loaded]).add_results(&[ty]).build()?)?])
}

pub fn lower_store<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let value = op.operand(0)?;
    let bits = crate::dialect::types::storage_bits(value.r#type());
    if bits % 8 != 0 {
        // A store writes whole bytes: one packed sub-byte element would
        // clobber its neighbours in the same byte.
        return Err(format!(
            "cute.store of one {} ({bits}-bit) element is not lowered: packed sub-byte elements are written in whole bytes (a copy atom over 8 or more bits)",
            value.r#type()
        )
        .into());
    }
    let address = element_address(&b, op.operand(1)?, op.operand(2)?)?;
    let storage = storage_type(context, value.r#type());
    let value = if storage == value.r#type() || IntegerType::try_from(value.r#type()).is_ok() {
        value
    } else {
        b.insert(OperationBuilder::new("arith.bitcast", b.location).add_operands(&[value]).add_results(&[storage]).build()?)?
    };
    let store = llvm::store(context, value, address, b.location, Default::default());
    rewriter.as_rewriter_base().insert(store);
    Ok(Vec::new())
}

/// `cute.load_vec`: every element of a static view, in the order of its
/// shape, as one vector (element `i` read where the layout maps `i`).
pub fn lower_load_vec<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let view = op.operand(0)?;
    let vector = op.result(0)?.r#type();
    let element = element_type(view.r#type())?;
    let storage = storage_type(context, element);
    let (_, n) = crate::dialect::types::vector_parts(vector).ok_or("the result is a vector")?;
    let addresses = value_addresses(&b, view, &(0..n).collect::<Vec<_>>())?;
    let packed = super::values::vector_type(storage, n);
    let index: Type = IntegerType::new(context, 64).into();
    let mut out = b.insert(llvm::undef(packed, b.location))?;
    for (i, address) in addresses.into_iter().enumerate() {
        let value = b.insert(llvm::load(context, address, storage, b.location, Default::default()))?;
        let at = b.int(index, i as i64)?;
        out = b.insert(OperationBuilder::new("llvm.insertelement", b.location).add_operands(&[out, value, at]).add_results(&[packed]).build()?)?;
    }
    if packed != vector {
        // MLIR-only floats (FP8, ...) are held as integers of their width.
        out = b.insert(OperationBuilder::new("arith.bitcast", b.location).add_operands(&[out]).add_results(&[vector]).build()?)?;
    }
    Ok(vec![out])
}

/// `cute.store_vec`: the inverse of [`lower_load_vec`].
pub fn lower_store_vec<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let (value, view) = (op.operand(0)?, op.operand(1)?);
    let element = element_type(view.r#type())?;
    let storage = storage_type(context, element);
    let (_, n) = crate::dialect::types::vector_parts(value.r#type()).ok_or("the value is a vector")?;
    let packed = super::values::vector_type(storage, n);
    let value = if packed != value.r#type() {
        b.insert(OperationBuilder::new("arith.bitcast", b.location).add_operands(&[value]).add_results(&[packed]).build()?)?
    } else {
        value
    };
    let addresses = value_addresses(&b, view, &(0..n).collect::<Vec<_>>())?;
    let index: Type = IntegerType::new(context, 64).into();
    for (i, address) in addresses.into_iter().enumerate() {
        let at = b.int(index, i as i64)?;
        let x = b.insert(OperationBuilder::new("llvm.extractelement", b.location).add_operands(&[value, at]).add_results(&[storage]).build()?)?;
        rewriter.as_rewriter_base().insert(llvm::store(context, x, address, b.location, Default::default()));
    }
    Ok(Vec::new())
}

/// `inttoptr`, `ptrtoint`, `recast`: pointer casts (spec 002's "pointer
/// casts"). `recast` changes the element type only, which an opaque LLVM
/// pointer does not carry: the value is unchanged.
pub fn lower_pointer_cast<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let b = Builder::new(context, rewriter, op.location());
    let (input, result) = (op.operand(0)?, op.result(0)?.r#type());
    let value = match op.name().as_string_ref().as_str() {
        Ok("cute.inttoptr") => {
            let ty = cute_value(op.result(0)?.into())?.llvm_type(context);
            let cast = b.insert(OperationBuilder::new("llvm.inttoptr", b.location).add_operands(&[input]).add_results(&[ty]).build()?)?;
            return Ok(vec![b.cast(cast, result)?]);
        }
        Ok("cute.ptrtoint") => {
            let ptr = b.lowered(input, &cute_value(input)?)?;
            return Ok(vec![b.insert(OperationBuilder::new("llvm.ptrtoint", b.location).add_operands(&[ptr]).add_results(&[result]).build()?)?]);
        }
        _ => b.lowered(input, &cute_value(input)?)?,
    };
    Ok(vec![b.cast(value, result)?])
}
