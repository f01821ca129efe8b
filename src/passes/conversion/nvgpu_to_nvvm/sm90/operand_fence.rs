//! WGMMA register operands pinned at the fence and the wait (issue 36;
//! CUTLASS's `warpgroup_fence_operand`).
//!
//! The PTX ISA requires `wgmma.fence` between any access of a register and a
//! `wgmma.mma_async` that uses it (accumulator accesses by wgmmas of one
//! shape excepted), and the registers a wgmma writes are not valid before
//! its `wgmma.wait_group`. Nothing in the IR says so: the fence and the wait
//! touch no memory LLVM knows of, and the accumulator fragment is an
//! `alloca` that SROA turns into plain SSA values, so LLVM sinks the
//! zero-fill of an accumulator past the fence, or hoists a read of the
//! result above the wait.
//!
//! After the atom calls are lowered, every register fragment (an `alloca`)
//! that a `nvvm.wgmma.mma_async` reads or writes is passed, element by
//! element, through an empty volatile inline-asm statement whose output is
//! tied to its input (`"=f,0"`): right before the fence that opens the
//! wgmma's group, and right after the wait that closes it. A volatile asm
//! keeps its place among the fence, the wgmma and the wait (all have side
//! effects), its output is a new value LLVM cannot look through, and a
//! definition must come before its use: so every write of the registers
//! lands before the fence, every read of the results after the wait. The
//! statements print nothing in the PTX.

use crate::handle::CheckedAccess;
use crate::passes::rewrite::{collect_ops, PassError};
use melior::ir::{
    attribute::{DenseI32ArrayAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
    operation::{OperationBuilder, OperationLike, OperationRef},
    r#type::IntegerType,
    Attribute, BlockLike, Identifier, Type, Value, ValueLike,
};
use std::collections::BTreeSet;

const FENCE: &str = "nvvm.wgmma.fence.aligned";
const COMMIT: &str = "nvvm.wgmma.commit.group.sync.aligned";
const WAIT: &str = "nvvm.wgmma.wait.group.sync.aligned";
const MMA: &str = "nvvm.wgmma.mma_async";

fn is(op: &OperationRef, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

// The tracing below works on raw handles: it only reads the live IR.
type RawValue = mlir_sys::MlirValue;
type RawOp = mlir_sys::MlirOperation;

fn name_of(op: RawOp) -> String {
    // SAFETY: `op` is a live operation; its name is copied.
    unsafe { OperationRef::from_raw(op) }.name().as_string_ref().as_str().unwrap_or("").to_string()
}

fn defining_op(v: RawValue) -> Option<RawOp> {
    // SAFETY: `v` is a live value.
    unsafe { mlir_sys::mlirValueIsAOpResult(v).then(|| mlir_sys::mlirOpResultGetOwner(v)) }
}

fn operand(op: RawOp, i: isize) -> Option<RawValue> {
    // SAFETY: `op` is a live operation; the index is checked.
    unsafe { (i < mlir_sys::mlirOperationGetNumOperands(op)).then(|| mlir_sys::mlirOperationGetOperand(op, i)) }
}

fn position(op: RawOp) -> Option<String> {
    // SAFETY: `op` is a live operation.
    unsafe { OperationRef::from_raw(op) }.attribute("position").ok().map(|a| a.to_string())
}

/// The `alloca` a pointer is derived from (through GEPs, address-space
/// casts, the casts of the type conversion and the struct fields of a
/// lowered view), if any.
fn base_alloca(v: RawValue, depth: u32) -> Option<RawOp> {
    if depth > 64 {
        return None;
    }
    let op = defining_op(v)?;
    match name_of(op).as_str() {
        "llvm.alloca" => Some(op),
        "llvm.getelementptr" | "llvm.addrspacecast" | "builtin.unrealized_conversion_cast" => base_alloca(operand(op, 0)?, depth + 1),
        "llvm.extractvalue" => field(operand(op, 0)?, &position(op)?, depth + 1).and_then(|f| base_alloca(f, depth + 1)),
        _ => None,
    }
}

/// The value an `insertvalue` chain put at `position` (its attribute text).
fn field(aggregate: RawValue, at: &str, depth: u32) -> Option<RawValue> {
    if depth > 64 {
        return None;
    }
    let op = defining_op(aggregate)?;
    match name_of(op).as_str() {
        "llvm.insertvalue" if position(op)? == at => operand(op, 1),
        "llvm.insertvalue" | "builtin.unrealized_conversion_cast" => field(operand(op, 0)?, at, depth + 1),
        _ => None,
    }
}

fn users(v: RawValue) -> Vec<RawOp> {
    let mut out = Vec::new();
    // SAFETY: read-only walk of a live value's use list.
    unsafe {
        let mut use_ = mlir_sys::mlirValueGetFirstUse(v);
        while !use_.ptr.is_null() {
            out.push(mlir_sys::mlirOpOperandGetOwner(use_));
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    out
}

/// A wgmma with A in registers: the `rs` lowering's inline PTX.
fn is_register_wgmma(op: RawOp) -> bool {
    if name_of(op) != "llvm.inline_asm" {
        return false;
    }
    // SAFETY: `op` is a live operation; its attribute is only read.
    let op = unsafe { OperationRef::from_raw(op) };
    op.attribute("asm_string").ok().and_then(|a| StringAttribute::try_from(a).ok()).is_some_and(|s| s.value().contains("wgmma.mma_async"))
}

/// The fragments (allocas) a wgmma reads (its accumulator's loads, and an
/// `rs` wgmma's A registers) and writes (the stores of its results).
fn fragments(mma: RawOp, out: &mut Vec<RawOp>) {
    let mut add = |alloca: Option<RawOp>| {
        if let Some(a) = alloca {
            if !out.iter().any(|o| o.ptr == a.ptr) {
                out.push(a);
            }
        }
    };
    let loaded_from = |v: Option<RawValue>| v.and_then(defining_op).filter(|&l| name_of(l) == "llvm.load").and_then(|l| operand(l, 0)).and_then(|p| base_alloca(p, 0));
    if is_register_wgmma(mma) {
        // Every register operand (A, the accumulators) loaded from a fragment.
        // SAFETY: `mma` is live.
        let n = unsafe { mlir_sys::mlirOperationGetNumOperands(mma) };
        for i in 0..n {
            add(loaded_from(operand(mma, i)));
        }
    }
    // Reads: the accumulator struct's fields, each loaded from the fragment.
    let mut acc = operand(mma, 0);
    while let Some(op) = acc.and_then(defining_op).filter(|&op| name_of(op) == "llvm.insertvalue") {
        add(loaded_from(operand(op, 1)));
        acc = operand(op, 0);
    }
    // Writes: each extracted result stored into the fragment.
    // SAFETY: `mma` is live and has one result.
    let result = unsafe { mlir_sys::mlirOperationGetResult(mma, 0) };
    for extract in users(result).into_iter().filter(|&e| name_of(e) == "llvm.extractvalue") {
        // SAFETY: an extractvalue has one result.
        let x = unsafe { mlir_sys::mlirOperationGetResult(extract, 0) };
        for store in users(x).into_iter().filter(|&s| name_of(s) == "llvm.store") {
            add(operand(store, 1).and_then(|p| base_alloca(p, 0)));
        }
    }
}

/// The op after `op` in program order at its level, or at the enclosing
/// levels when its block ends (the ops of a group may sit in nested regions).
fn ops_after<'c, 'a>(op: OperationRef<'c, 'a>) -> impl Iterator<Item = OperationRef<'c, 'a>> {
    let mut current = Some(op);
    std::iter::from_fn(move || {
        let mut here = current?;
        loop {
            if let Some(next) = here.next_in_block() {
                current = Some(next);
                return Some(next);
            }
            let parent = here.parent_operation()?;
            if matches!(parent.name().as_string_ref().as_str(), Ok("llvm.func" | "func.func" | "gpu.func")) {
                current = None;
                return None;
            }
            here = parent;
        }
    })
}

/// Every op nested in `op`, itself included (pre-order).
fn nested<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<mlir_sys::MlirOperation> {
    collect_ops(op, |_| true)
}

/// Pins the register operands of every WGMMA group of `root`.
pub fn pin_wgmma_register_operands(root: OperationRef) -> Result<(), PassError> {
    let fences = collect_ops(root, |op| is(op, FENCE));
    let mut pinned: BTreeSet<(usize, usize)> = BTreeSet::new();
    for raw in fences {
        // SAFETY: collected from the live IR; pins are inserted, nothing erased.
        let fence = unsafe { OperationRef::from_raw(raw) };
        let mut allocas = Vec::new();
        let mut wait = None;
        let mut committed = false;
        for op in ops_after(fence) {
            if is(&op, FENCE) && !committed {
                break; // a new group opens before this one commits
            }
            if committed && is(&op, WAIT) {
                wait = Some(op);
                break;
            }
            if is(&op, COMMIT) {
                committed = true;
                continue;
            }
            if !committed {
                for inner in nested(op) {
                    if name_of(inner) == MMA || is_register_wgmma(inner) {
                        fragments(inner, &mut allocas);
                    }
                }
            }
        }
        for &alloca in &allocas {
            if pinned.insert((raw.ptr as usize, alloca.ptr as usize)) {
                pin(alloca, fence, true)?;
            }
            if let Some(wait) = wait {
                if pinned.insert((wait.to_raw().ptr as usize, alloca.ptr as usize)) {
                    pin(alloca, wait, false)?;
                }
            }
        }
    }
    Ok(())
}

/// The inline-asm constraint letter and the register type of an element.
fn register_of<'c>(context: &'c melior::Context, element: &str) -> Option<(&'static str, Type<'c>)> {
    Some(match element {
        "f32" => ("f", Type::float32(context)),
        "f64" => ("d", Type::float64(context)),
        "i32" => ("r", IntegerType::new(context, 32).into()),
        "i64" => ("l", IntegerType::new(context, 64).into()),
        // 16-bit elements as .b16 registers.
        "f16" | "bf16" | "i16" => ("h", IntegerType::new(context, 16).into()),
        _ => return None,
    })
}

/// Passes each element of the fragment `alloca` through an empty volatile
/// asm, before `anchor` (the fence) or after it (the wait).
fn pin(alloca: RawOp, anchor: OperationRef, before: bool) -> Result<(), PassError> {
    let borrowed = crate::handle::BorrowedContext::of(&anchor);
    let context = borrowed.get();
    // SAFETY: a live alloca found by the tracing above.
    let alloca = unsafe { OperationRef::from_raw(alloca) };
    let storage_type = alloca.attribute("elem_type").ok().and_then(|a| TypeAttribute::try_from(a).ok()).map(|t| t.value());
    let Some(storage_type) = storage_type else { return Ok(()) };
    let storage = storage_type.to_string();
    // `!llvm.array<N x T>` (a fragment: N read from the type's text, which
    // the C API has no accessor for) or a single `T`.
    let (count, element_type) = match storage.strip_prefix("!llvm.array<").and_then(|s| s.split_once(" x ")) {
        Some((n, _)) => {
            // SAFETY: `storage_type` is a live LLVM array type.
            let element = unsafe { Type::from_raw(mlir_sys::mlirLLVMArrayTypeGetElementType(melior::ir::TypeLike::to_raw(&storage_type))) };
            (n.trim().parse::<i64>().map_err(|e| PassError::Failed(format!("fragment type {storage}: {e}")))?, element)
        }
        None => (1, storage_type),
    };
    let element = element_type.to_string();
    // 16-bit elements travel in pairs and 8-bit ones (an `rs` wgmma's FP8 or
    // s8 A) in fours, one b32 register each (as the WGMMA lowering loads
    // them): pinned so, the register the wgmma reads is the pinned one, not
    // a packing of parts done after the fence.
    let i32_type: Type = IntegerType::new(context, 32).into();
    let (count, element, element_type) = match element.as_str() {
        "f16" | "bf16" | "i16" if count % 2 == 0 => (count / 2, "i32", i32_type),
        "i8" if count % 4 == 0 => (count / 4, "i32", i32_type),
        name => (count, name, element_type),
    };
    let Some((constraint, register)) = register_of(context, element) else { return Ok(()) };
    let block = anchor.block().ok_or_else(|| PassError::Failed("the anchor is in no block".into()))?;
    let location = anchor.location();
    let base: Value = alloca.result(0).map_err(|e| PassError::Failed(e.to_string()))?.into();
    let id = |name: &str| Identifier::new(context, name);
    let mut last = anchor;
    // Places `op` before the anchor (in order) or after the last placed op.
    let mut place = |builder: OperationBuilder| -> Result<Option<RawValue>, PassError> {
        let op = builder.build().map_err(|e| PassError::Failed(e.to_string()))?;
        let placed = if before { block.insert_operation_before(anchor, op) } else { block.insert_operation_after(last, op) };
        // result_if, not result(0): melior's out-of-range error prints the
        // op, and printing verified the whole module (quadratic in kernels).
        let value = placed.result_if(0).map(|r| r.to_raw());
        if !before {
            // SAFETY: the op was just placed in the live block.
            last = unsafe { OperationRef::from_raw(placed.to_raw()) };
        }
        Ok(value)
    };
    // SAFETY: each raw value is the result of an op placed above.
    let result = |v: Option<RawValue>| v.map(|v| unsafe { Value::from_raw(v) }).ok_or_else(|| PassError::Failed("an op without its result".into()));
    // One statement per fragment: every element an output tied to itself.
    let mut addresses = Vec::new();
    let mut values = Vec::new();
    for i in 0..count {
        let index = result(place(
            OperationBuilder::new("llvm.mlir.constant", location)
                .add_attributes(&[(id("value"), IntegerAttribute::new(i32_type, i).into())])
                .add_results(&[i32_type]),
        )?)?;
        // `rawConstantIndices = [i32::MIN]`: LLVM's marker for "the next
        // dynamic index operand".
        let address = result(place(
            OperationBuilder::new("llvm.getelementptr", location)
                .add_operands(&[base, index])
                .add_attributes(&[
                    (id("rawConstantIndices"), DenseI32ArrayAttribute::new(context, &[i32::MIN]).into()),
                    (id("elem_type"), TypeAttribute::new(element_type).into()),
                ])
                .add_results(&[melior::dialect::llvm::r#type::pointer(context, 0)]),
        )?)?;
        values.push(result(place(OperationBuilder::new("llvm.load", location).add_operands(&[address]).add_results(&[register]))?)?);
        addresses.push(address);
    }
    let n = values.len();
    let constraints: Vec<String> = std::iter::repeat_n(format!("={constraint}"), n).chain((0..n).map(|i| i.to_string())).collect();
    let held_type = if n == 1 { register } else { melior::dialect::llvm::r#type::r#struct(context, &vec![register; n], false) };
    let held = result(place(
        OperationBuilder::new("llvm.inline_asm", location).add_operands(&values).add_attributes(&[
            (id("asm_string"), StringAttribute::new(context, "").into()),
            (id("constraints"), StringAttribute::new(context, &constraints.join(",")).into()),
            (id("has_side_effects"), Attribute::unit(context)),
        ]).add_results(&[held_type]),
    )?)?;
    for (i, address) in addresses.into_iter().enumerate() {
        let x = if n == 1 {
            held
        } else {
            result(place(
                OperationBuilder::new("llvm.extractvalue", location)
                    .add_operands(&[held])
                    .add_attributes(&[(id("position"), melior::ir::attribute::DenseI64ArrayAttribute::new(context, &[i as i64]).into())])
                    .add_results(&[register]),
            )?)?
        };
        place(OperationBuilder::new("llvm.store", location).add_operands(&[x, address]))?;
    }
    Ok(())
}
