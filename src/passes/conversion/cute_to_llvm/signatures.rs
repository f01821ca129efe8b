//! Function boundaries of `cute-to-llvm`: `func.func` / `gpu.func` arguments
//! and results, `func.return` / `gpu.return` and `func.call` carry cute values, so their types convert
//! (the C API has no signature conversion; this is its Rust equivalent).
//! Each converted value is bridged back to its cute type with an
//! `unrealized_conversion_cast` for the cute ops still using it; the patterns
//! then lower those ops and `reconcile-unrealized-casts` removes the pairs.

use super::values::convert_type;
use super::failed;
use crate::passes::rewrite::PassError;
use melior::{
    ir::{
        attribute::TypeAttribute,
        block::{BlockArgument, BlockLike},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::FunctionType,
        Identifier, OperationRef, RegionLike, Type, Value, ValueLike,
    },
    Context,
};

/// Converts every function boundary under `root`.
pub fn convert(context: &Context, root: OperationRef) -> Result<(), PassError> {
    let mut functions = Vec::new();
    let mut boundaries = Vec::new();
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        match op.name().as_string_ref().as_str() {
            // gpu.func: spec 000's secondary registrar rewrites kernel
            // signatures the same way.
            Ok("func.func" | "gpu.func") => functions.push(op.to_raw()),
            Ok("func.return" | "gpu.return" | "func.call") => boundaries.push(op.to_raw()),
            _ => {}
        }
        melior::ir::operation::WalkResult::Advance
    });
    for raw in boundaries {
        // SAFETY: collected from the live IR just above; converting one
        // boundary never erases another.
        let op = unsafe { OperationRef::from_raw(raw) };
        match op.name().as_string_ref().as_str() {
            Ok("func.return" | "gpu.return") => convert_operands(context, op)?,
            _ => convert_call(context, op)?,
        }
    }
    for raw in functions {
        // SAFETY: as above; functions are not erased.
        convert_function(context, unsafe { OperationRef::from_raw(raw) })?;
    }
    Ok(())
}

fn cast_op<'c>(context: &'c Context, op: OperationRef<'c, '_>, v: Value<'c, '_>, to: Type<'c>) -> melior::ir::Operation<'c> {
    let _ = context;
    OperationBuilder::new("builtin.unrealized_conversion_cast", op.location())
        .add_operands(&[v])
        .add_results(&[to])
        .build()
        .expect("a cast with one operand and one result is valid")
}

/// Replaces each cute operand of `op` with its LLVM value (cast before `op`).
fn convert_operands<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<(), PassError> {
    let block = op.block().ok_or_else(|| PassError::Failed("op outside a block".into()))?;
    for (i, operand) in op.operands().enumerate().collect::<Vec<_>>() {
        let Some(to) = convert_type(context, operand.r#type()).map_err(|e| failed(op, e))? else { continue };
        let cast = block.insert_operation_before(op, cast_op(context, op, operand, to));
        let value = cast.result(0).map_err(|e| PassError::Failed(e.to_string()))?;
        // SAFETY: `op` is live; a mutable handle only to set one operand.
        let mut op_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) };
        op_mut.set_operand(i, value.into());
    }
    Ok(())
}

/// `func.call` with converted operands and result types; the old results'
/// uses get the new results (cast back to their cute types).
fn convert_call<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<(), PassError> {
    convert_operands(context, op)?;
    let results: Vec<Type> = op.results().map(|r| r.r#type()).collect();
    let converted = results
        .iter()
        .map(|t| convert_type(context, *t).map(|c| c.unwrap_or(*t)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| failed(op, e))?;
    if converted == results {
        return Ok(());
    }
    let block = op.block().ok_or_else(|| PassError::Failed("op outside a block".into()))?;
    let operands: Vec<Value> = op.operands().collect();
    let attributes: Vec<(Identifier, melior::ir::Attribute)> = op.attributes().collect();
    let call = OperationBuilder::new("func.call", op.location())
        .add_operands(&operands)
        .add_attributes(&attributes)
        .add_results(&converted)
        .build()
        .map_err(|e| PassError::Failed(e.to_string()))?;
    let call = block.insert_operation_before(op, call);
    for (i, (old, new)) in op.results().zip(call.results()).enumerate() {
        let replacement: Value = if results[i] == converted[i] {
            new.into()
        } else {
            let cast = block.insert_operation_before(op, cast_op(context, op, new.into(), results[i]));
            cast.result(0).map_err(|e| PassError::Failed(e.to_string()))?.into()
        };
        // SAFETY: both values are live; `old`'s owner is erased right after.
        unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), replacement.to_raw()) };
    }
    // SAFETY: the old call has no uses left and is not referenced again.
    unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) };
    Ok(())
}

/// Converts a `func.func`'s type and its entry block's arguments.
fn convert_function<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<(), PassError> {
    let Ok(attribute) = op.attribute("function_type") else { return Ok(()) };
    let Ok(type_attribute) = TypeAttribute::try_from(attribute) else { return Ok(()) };
    let Ok(function) = FunctionType::try_from(type_attribute.value()) else { return Ok(()) };
    let convert = |t: Type<'c>| convert_type(context, t).map(|c| c.unwrap_or(t)).map_err(|e| failed(op, e));
    let inputs = (0..function.input_count())
        .map(|i| convert(function.input(i).expect("in range")))
        .collect::<Result<Vec<_>, _>>()?;
    let results = (0..function.result_count())
        .map(|i| convert(function.result(i).expect("in range")))
        .collect::<Result<Vec<_>, _>>()?;
    let new_type = FunctionType::new(context, &inputs, &results);
    if Type::from(new_type) == Type::from(function) {
        return Ok(());
    }
    mark_tma_descriptors(context, op, &function)?;
    // SAFETY: `op` is live; only its attribute is replaced.
    let mut op_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) };
    op_mut.set_attribute("function_type", TypeAttribute::new(new_type.into()).into());
    let Some(block) = op.region(0).ok().and_then(|r| r.first_block()) else { return Ok(()) };
    for i in 0..block.argument_count() {
        let argument: BlockArgument = block.argument(i).map_err(|e| PassError::Failed(e.to_string()))?;
        let old = argument.r#type();
        if old == inputs[i] {
            continue;
        }
        argument.set_type(inputs[i]);
        let cast = block.insert_operation(0, cast_op(context, op, argument.into(), old));
        let value = cast.result(0).map_err(|e| PassError::Failed(e.to_string()))?;
        let except = cast.to_raw();
        // SAFETY: both values are live; the cast itself keeps using the argument.
        unsafe {
            mlir_sys::mlirValueReplaceAllUsesExcept(argument.to_raw(), value.to_raw(), 1, &except as *const _ as *mut _)
        };
    }
    Ok(())
}

/// Marks each TMA-descriptor parameter (`cute.tma_descriptor = <type>`):
/// it becomes a pointer to its tensor map here, and `cute-kernel-to-nvvm`
/// passes the map itself by value, 64-byte aligned (spec 002's triple).
fn mark_tma_descriptors<'c>(context: &'c Context, op: OperationRef<'c, '_>, function: &FunctionType<'c>) -> Result<(), PassError> {
    use melior::ir::attribute::{ArrayAttribute, Attribute, DictionaryAttribute};
    let marked: Vec<usize> = (0..function.input_count())
        .filter(|&i| function.input(i).is_ok_and(|t| t.to_string().starts_with("!cute_nvgpu.tma_descriptor")))
        .collect();
    if marked.is_empty() {
        return Ok(());
    }
    let existing = op.attribute("arg_attrs").ok().and_then(|a| ArrayAttribute::try_from(a).ok());
    let mut dictionaries = Vec::with_capacity(function.input_count());
    for i in 0..function.input_count() {
        let entries: Vec<(Identifier, Attribute)> = existing
            .as_ref()
            .and_then(|a| a.element(i).ok())
            .and_then(|d| DictionaryAttribute::try_from(d).ok())
            .map(|d| (0..d.len()).filter_map(|j| d.element(j).ok()).collect())
            .unwrap_or_default();
        let mut entries = entries;
        if marked.contains(&i) {
            let ty = function.input(i).map_err(|e| PassError::Failed(e.to_string()))?;
            entries.push((Identifier::new(context, "cute.tma_descriptor"), TypeAttribute::new(ty).into()));
        }
        dictionaries.push(DictionaryAttribute::new(context, &entries).into());
    }
    // SAFETY: `op` is live; only its attribute is replaced.
    let mut op_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) };
    op_mut.set_attribute("arg_attrs", ArrayAttribute::new(context, &dictionaries).into());
    Ok(())
}
