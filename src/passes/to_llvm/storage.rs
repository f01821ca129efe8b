//! A kernel's storage, lowered before the patterns (it inserts outside any
//! one op's rewrite: into the module, or the function's entry block).
//!
//! * `cute.alloc_smem`: static shared memory, an `llvm.mlir.global` in
//!   address space 3 of the nearest module (a gpu.module for kernels), whose
//!   address is the op's pointer.
//! * `cute.alloc_rmem`: a register fragment, an `llvm.alloca` in the entry
//!   block of the enclosing function (hoisted out of every loop), cast to the
//!   local address space 5 of `rmem` pointers. Indexed with static offsets,
//!   LLVM promotes it to registers (ptxas: a 0-byte stack frame).

use crate::dialect::{composite_parts, Composite};
use crate::passes::rewrite::PassError;
use melior::{
    ir::{
        attribute::{IntegerAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Attribute, Identifier, OperationRef, Region, RegionLike, Type, ValueLike,
    },
    Context,
};

pub fn lower(context: &Context, root: OperationRef) -> Result<(), PassError> {
    let (mut allocs, mut fragments) = (Vec::new(), Vec::new());
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        match op.name().as_string_ref().as_str() {
            Ok("cute.alloc_smem") => allocs.push(op.to_raw()),
            Ok("cute.alloc_rmem") => fragments.push(op.to_raw()),
            _ => {}
        }
        melior::ir::operation::WalkResult::Advance
    });
    for raw in fragments {
        // SAFETY: collected from the live IR; each is erased only once.
        lower_fragment(context, unsafe { OperationRef::from_raw(raw) })?;
    }
    // Names already taken (a module lowered before, or by hand).
    let mut taken = std::collections::HashSet::new();
    root.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if let Ok(name) = op.attribute("sym_name") {
            if let Ok(name) = StringAttribute::try_from(name) {
                taken.insert(name.value().to_string());
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    let mut k = 0;
    for raw in allocs {
        while taken.contains(&format!("__cute_smem_{k}")) {
            k += 1;
        }
        // SAFETY: collected from the live IR; each is erased only below.
        let op = unsafe { OperationRef::from_raw(raw) };
        lower_one(context, op, k)?;
        k += 1;
    }
    Ok(())
}

fn failed(op: OperationRef, message: String) -> PassError {
    crate::ffi::emit_op_error(op, &format!("cute-to-llvm: {message}"));
    PassError::Reported
}

fn lower_one(context: &Context, op: OperationRef, k: usize) -> Result<(), PassError> {
    let result = op.result(0).map_err(|e| failed(op, e.to_string()))?;
    let ty = result.r#type();
    let parts = composite_parts(ty).filter(|p| p.kind == Composite::Ptr).ok_or_else(|| failed(op, format!("{ty} is not a pointer")))?;
    let element = parts.element.ok_or_else(|| failed(op, format!("{ty} has no element type")))?;
    let elements = op
        .attribute("elements")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| failed(op, "expects an 'elements' attribute".into()))?;
    // The nearest module: a gpu.module for kernels, else the builtin module.
    let mut scope = op.parent_operation();
    while let Some(parent) = scope {
        if matches!(parent.name().as_string_ref().as_str(), Ok("gpu.module" | "builtin.module")) {
            break;
        }
        scope = parent.parent_operation();
    }
    let scope = scope.ok_or_else(|| failed(op, "alloc_smem must be inside a module".into()))?;
    let body = scope
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| failed(op, "the enclosing module has no body".into()))?;
    let name = format!("__cute_smem_{k}");
    let array = Type::parse(context, &format!("!llvm.array<{elements} x {element}>"))
        .ok_or_else(|| failed(op, format!("cannot build the storage type of {elements} x {element}")))?;
    let linkage = Attribute::parse(context, "#llvm.linkage<internal>").expect("a valid linkage attribute");
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let location = op.location();
    let global = OperationBuilder::new("llvm.mlir.global", location)
        .add_attributes(&[
            (Identifier::new(context, "sym_name"), StringAttribute::new(context, &name).into()),
            (Identifier::new(context, "global_type"), TypeAttribute::new(array).into()),
            (Identifier::new(context, "linkage"), linkage),
            (Identifier::new(context, "addr_space"), IntegerAttribute::new(i32_type, 3).into()),
            (Identifier::new(context, "alignment"), IntegerAttribute::new(i64_type, parts.alignment.max(16) as i64).into()),
        ])
        .add_regions([Region::new()])
        .build()
        .map_err(|e| failed(op, e.to_string()))?;
    body.insert_operation(0, global);
    let block = op.block().ok_or_else(|| failed(op, "alloc_smem outside a block".into()))?;
    let ptr_type = melior::dialect::llvm::r#type::pointer(context, 3);
    let address = OperationBuilder::new("llvm.mlir.addressof", location)
        .add_attributes(&[(
            Identifier::new(context, "global_name"),
            Attribute::parse(context, &format!("@{name}")).expect("a valid symbol reference"),
        )])
        .add_results(&[ptr_type])
        .build()
        .map_err(|e| failed(op, e.to_string()))?;
    let address = block.insert_operation_before(op, address);
    let cast = OperationBuilder::new("builtin.unrealized_conversion_cast", location)
        .add_operands(&[address.result(0).map_err(|e| failed(op, e.to_string()))?.into()])
        .add_results(&[ty])
        .build()
        .map_err(|e| failed(op, e.to_string()))?;
    let cast = block.insert_operation_before(op, cast);
    let value = cast.result(0).map_err(|e| failed(op, e.to_string()))?;
    // SAFETY: both values are live; the op has no uses left and is erased.
    unsafe {
        mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), value.to_raw());
        mlir_sys::mlirOperationDestroy(op.to_raw());
    }
    Ok(())
}

/// `alloc_rmem N : !cute.ptr<T, rmem>` -> `llvm.alloca` of `N x T` at the
/// start of the function's entry block, and its cast to `ptr<5>`.
fn lower_fragment(context: &Context, op: OperationRef) -> Result<(), PassError> {
    let result = op.result(0).map_err(|e| failed(op, e.to_string()))?;
    let ty = result.r#type();
    let parts = composite_parts(ty).filter(|p| p.kind == Composite::Ptr).ok_or_else(|| failed(op, format!("{ty} is not a pointer")))?;
    let element = parts.element.ok_or_else(|| failed(op, format!("{ty} has no element type")))?;
    let elements = op
        .attribute("elements")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| failed(op, "expects an 'elements' attribute".into()))?;
    // The enclosing function's entry block.
    let mut function = op.parent_operation();
    while let Some(parent) = function {
        if matches!(parent.name().as_string_ref().as_str(), Ok("func.func" | "gpu.func" | "llvm.func")) {
            break;
        }
        function = parent.parent_operation();
    }
    let function = function.ok_or_else(|| failed(op, "alloc_rmem must be inside a function".into()))?;
    let entry = function
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| failed(op, "the enclosing function has no body".into()))?;
    let location = op.location();
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let array = Type::parse(context, &format!("!llvm.array<{elements} x {element}>"))
        .ok_or_else(|| failed(op, format!("cannot build the storage type of {elements} x {element}")))?;
    let one = OperationBuilder::new("llvm.mlir.constant", location)
        .add_attributes(&[(Identifier::new(context, "value"), IntegerAttribute::new(i32_type, 1).into())])
        .add_results(&[i32_type])
        .build()
        .map_err(|e| failed(op, e.to_string()))?;
    let one = entry.insert_operation(0, one);
    let alloca = OperationBuilder::new("llvm.alloca", location)
        .add_operands(&[one.result(0).map_err(|e| failed(op, e.to_string()))?.into()])
        .add_attributes(&[
            (Identifier::new(context, "elem_type"), TypeAttribute::new(array).into()),
            (Identifier::new(context, "alignment"), IntegerAttribute::new(i64_type, parts.alignment.max(4) as i64).into()),
        ])
        .add_results(&[melior::dialect::llvm::r#type::pointer(context, 0)])
        .build()
        .map_err(|e| failed(op, e.to_string()))?;
    let alloca = entry.insert_operation_after(one, alloca);
    let local = OperationBuilder::new("llvm.addrspacecast", location)
        .add_operands(&[alloca.result(0).map_err(|e| failed(op, e.to_string()))?.into()])
        .add_results(&[melior::dialect::llvm::r#type::pointer(context, parts.address_space)])
        .build()
        .map_err(|e| failed(op, e.to_string()))?;
    let local = entry.insert_operation_after(alloca, local);
    let cast = OperationBuilder::new("builtin.unrealized_conversion_cast", location)
        .add_operands(&[local.result(0).map_err(|e| failed(op, e.to_string()))?.into()])
        .add_results(&[ty])
        .build()
        .map_err(|e| failed(op, e.to_string()))?;
    let cast = entry.insert_operation_after(local, cast);
    let value = cast.result(0).map_err(|e| failed(op, e.to_string()))?;
    // SAFETY: both values are live; the op has no uses left and is erased.
    unsafe {
        mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), value.to_raw());
        mlir_sys::mlirOperationDestroy(op.to_raw());
    }
    Ok(())
}
