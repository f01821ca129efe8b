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
use super::failed;
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

/// What an `alloc_smem` / `alloc_rmem` asks for: its pointer type, the
/// storage type `!llvm.array<N x T>`, and the pointer's address space and
/// alignment.
struct Request<'c> {
    ty: Type<'c>,
    storage: Type<'c>,
    address_space: u32,
    alignment: u64,
}

fn request<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<Request<'c>, PassError> {
    let ty = op.result(0).map_err(|e| failed(op, e.to_string()))?.r#type();
    let parts = composite_parts(ty)
        .filter(|p| p.kind == Composite::Ptr)
        .ok_or_else(|| failed(op, format!("{ty} is not a pointer")))?;
    let element = parts.element.ok_or_else(|| failed(op, format!("{ty} has no element type")))?;
    let elements = op
        .attribute("elements")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| failed(op, "expects an 'elements' attribute".into()))?;
    let element = super::memory::storage_type(context, element);
    let storage = Type::parse(context, &format!("!llvm.array<{elements} x {element}>"))
        .ok_or_else(|| failed(op, format!("cannot build the storage type of {elements} x {element}")))?;
    Ok(Request { ty, storage, address_space: parts.address_space, alignment: parts.alignment })
}

/// The first block of the nearest enclosing op named one of `names`.
fn enclosing_body<'c, 'a>(
    op: OperationRef<'c, 'a>,
    names: &[&str],
    what: &str,
) -> Result<melior::ir::BlockRef<'c, 'a>, PassError> {
    let mut scope = op.parent_operation();
    while let Some(parent) = scope {
        if parent.name().as_string_ref().as_str().is_ok_and(|n| names.contains(&n)) {
            break;
        }
        scope = parent.parent_operation();
    }
    let scope = scope.ok_or_else(|| failed(op, format!("must be inside {what}")))?;
    scope
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| failed(op, format!("the enclosing {what} has no body")))
}

fn build<'c>(op: OperationRef, builder: OperationBuilder<'c>) -> Result<melior::ir::Operation<'c>, PassError> {
    builder.build().map_err(|e| failed(op, e.to_string()))
}

fn first_result<'c, 'a>(op: OperationRef, of: OperationRef<'c, 'a>) -> Result<melior::ir::Value<'c, 'a>, PassError> {
    of.result(0).map(Into::into).map_err(|e| failed(op, e.to_string()))
}

/// Replaces `op` by `pointer` (an LLVM pointer) cast back to the op's cute
/// type; `place` inserts the cast where `pointer` dominates every use.
fn replace_with<'c, 'a>(
    op: OperationRef<'c, 'a>,
    request: &Request<'c>,
    pointer: melior::ir::Value<'c, 'a>,
    place: impl FnOnce(melior::ir::Operation<'c>) -> OperationRef<'c, 'a>,
) -> Result<(), PassError> {
    let cast = OperationBuilder::new("builtin.unrealized_conversion_cast", op.location())
        .add_operands(&[pointer])
        .add_results(&[request.ty]);
    let cast = place(build(op, cast)?);
    let value = first_result(op, cast)?;
    let result = op.result(0).map_err(|e| failed(op, e.to_string()))?;
    // SAFETY: both values are live; the op has no uses left and is erased.
    unsafe {
        mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), value.to_raw());
        mlir_sys::mlirOperationDestroy(op.to_raw());
    }
    Ok(())
}

/// `alloc_smem N : !cute.ptr<T, smem>` -> a global `@__cute_smem_k` of
/// `N x T` in address space 3 of the nearest module, and its address.
fn lower_one(context: &Context, op: OperationRef, k: usize) -> Result<(), PassError> {
    let request = request(context, op)?;
    // The nearest module: a gpu.module for kernels, else the builtin module.
    let body = enclosing_body(op, &["gpu.module", "builtin.module"], "a module")?;
    let name = format!("__cute_smem_{k}");
    let linkage = Attribute::parse(context, "#llvm.linkage<internal>").expect("a valid linkage attribute");
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let location = op.location();
    let global = OperationBuilder::new("llvm.mlir.global", location)
        .add_attributes(&[
            (Identifier::new(context, "sym_name"), StringAttribute::new(context, &name).into()),
            (Identifier::new(context, "global_type"), TypeAttribute::new(request.storage).into()),
            (Identifier::new(context, "linkage"), linkage),
            (Identifier::new(context, "addr_space"), IntegerAttribute::new(i32_type, 3).into()),
            (Identifier::new(context, "alignment"), IntegerAttribute::new(i64_type, request.alignment.max(16) as i64).into()),
        ])
        .add_regions([Region::new()]);
    body.insert_operation(0, build(op, global)?);
    let block = op.block().ok_or_else(|| failed(op, "alloc_smem outside a block".into()))?;
    let address = OperationBuilder::new("llvm.mlir.addressof", location)
        .add_attributes(&[(
            Identifier::new(context, "global_name"),
            Attribute::parse(context, &format!("@{name}")).expect("a valid symbol reference"),
        )])
        .add_results(&[melior::dialect::llvm::r#type::pointer(context, 3)]);
    let address = block.insert_operation_before(op, build(op, address)?);
    replace_with(op, &request, first_result(op, address)?, |cast| block.insert_operation_before(op, cast))
}

/// `alloc_rmem N : !cute.ptr<T, rmem>` -> `llvm.alloca` of `N x T` at the
/// start of the function's entry block, and its cast to `ptr<5>`.
fn lower_fragment(context: &Context, op: OperationRef) -> Result<(), PassError> {
    let request = request(context, op)?;
    let entry = enclosing_body(op, &["func.func", "gpu.func", "llvm.func"], "a function")?;
    let location = op.location();
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let one = OperationBuilder::new("llvm.mlir.constant", location)
        .add_attributes(&[(Identifier::new(context, "value"), IntegerAttribute::new(i32_type, 1).into())])
        .add_results(&[i32_type]);
    let one = entry.insert_operation(0, build(op, one)?);
    let alloca = OperationBuilder::new("llvm.alloca", location)
        .add_operands(&[first_result(op, one)?])
        .add_attributes(&[
            (Identifier::new(context, "elem_type"), TypeAttribute::new(request.storage).into()),
            (Identifier::new(context, "alignment"), IntegerAttribute::new(i64_type, request.alignment.max(4) as i64).into()),
        ])
        .add_results(&[melior::dialect::llvm::r#type::pointer(context, 0)]);
    let alloca = entry.insert_operation_after(one, build(op, alloca)?);
    let local = OperationBuilder::new("llvm.addrspacecast", location)
        .add_operands(&[first_result(op, alloca)?])
        .add_results(&[melior::dialect::llvm::r#type::pointer(context, request.address_space)]);
    let local = entry.insert_operation_after(alloca, build(op, local)?);
    replace_with(op, &request, first_result(op, local)?, |cast| entry.insert_operation_after(local, cast))
}
