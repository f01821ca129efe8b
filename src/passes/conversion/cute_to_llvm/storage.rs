//! A kernel's storage, lowered before the patterns (it inserts outside any
//! one op's rewrite: into the module, or the function's entry block).
//!
//! * `cute.alloc_smem`: static shared memory, an `llvm.mlir.global` in
//!   address space 3 of the nearest module (a gpu.module for kernels), whose
//!   address is the op's pointer. A function whose allocations exceed the
//!   48 KiB of static shared memory a kernel may declare gets them carved
//!   from dynamic shared memory instead (CUTLASS's `SharedStorage`): one
//!   `extern` shared array `@__cute_dynamic_smem`, each allocation at its
//!   aligned offset, and the bytes the launch must provide recorded on the
//!   function as `cute.dynamic_smem_bytes`.
//! * `cute.alloc_rmem`: a register fragment, an `llvm.alloca` in the entry
//!   block of the enclosing function (hoisted out of every loop), cast to the
//!   local address space 5 of `rmem` pointers. Indexed with static offsets,
//!   LLVM promotes it to registers (ptxas: a 0-byte stack frame).

use crate::dialect::{composite_parts, Composite};
use super::failed;
use crate::passes::rewrite::PassError;
pub(in crate::passes::conversion) use melior::dialect::llvm::attributes::Linkage;
use melior::ir::attribute::FlatSymbolRefAttribute;
use melior::{
    ir::{
        attribute::{IntegerAttribute, StringAttribute, TypeAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::IntegerType,
        Identifier, OperationRef, Region, RegionLike, Type, ValueLike,
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
    // Allocations by function, in order: over the static limit, a
    // function's allocations move to dynamic shared memory.
    let mut by_function: Vec<(Option<mlir_sys::MlirOperation>, Vec<mlir_sys::MlirOperation>)> = Vec::new();
    for &raw in &allocs {
        // SAFETY: collected from the live IR above.
        let function = enclosing_function(unsafe { OperationRef::from_raw(raw) }).map(|f| f.to_raw());
        match by_function.iter_mut().find(|(f, _)| f.map(|f| f.ptr) == function.map(|f| f.ptr)) {
            Some((_, list)) => list.push(raw),
            None => by_function.push((function, vec![raw])),
        }
    }
    let mut dynamic = std::collections::HashSet::new();
    for (function, list) in &by_function {
        let requests = list
            .iter()
            // SAFETY: as above.
            .map(|&raw| request(context, unsafe { OperationRef::from_raw(raw) }))
            .collect::<Result<Vec<_>, _>>()?;
        let (offsets, total) = layout_requests(&requests);
        let Some(function) = function else { continue };
        if total <= STATIC_SMEM_LIMIT {
            continue;
        }
        // SAFETY: a live function op enclosing live allocations.
        let function = unsafe { OperationRef::from_raw(*function) };
        let alignment = requests.iter().map(|r| r.alignment).max().unwrap_or(16).max(16);
        for (&raw, offset) in list.iter().zip(offsets) {
            // SAFETY: each allocation is lowered (and erased) once.
            lower_dynamic(context, unsafe { OperationRef::from_raw(raw) }, offset, alignment)?;
            dynamic.insert(raw.ptr);
        }
        let i64_type: Type = IntegerType::new(context, 64).into();
        // SAFETY: `function` is live; only an attribute is added.
        let mut function = unsafe { melior::ir::operation::OperationRefMut::from_raw(function.to_raw()) };
        function.set_attribute("cute.dynamic_smem_bytes", IntegerAttribute::new(i64_type, total as i64).into());
    }
    let allocs: Vec<_> = allocs.into_iter().filter(|raw| !dynamic.contains(&raw.ptr)).collect();
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
    /// The storage's size in bytes.
    bytes: u64,
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
    let bytes = (elements.max(0) as u64 * u64::from(crate::dialect::types::storage_bits(element))).div_ceil(8);
    let element = super::memory::storage_type(context, element);
    let count = u32::try_from(elements).map_err(|_| failed(op, format!("{elements} elements do not fit an LLVM array")))?;
    let storage = melior::dialect::llvm::r#type::array(element, count);
    Ok(Request { ty, storage, address_space: parts.address_space, alignment: parts.alignment, bytes })
}

/// A module-level global in shared memory (address space 3), to insert
/// into a module body: the one builder of the `alloc_smem` arrays, the
/// dynamic shared array, the TMEM address slots and the IMMA rewriter's
/// mbarriers.
pub(in crate::passes::conversion) fn shared_global<'c>(
    context: &'c Context,
    location: melior::ir::Location<'c>,
    name: &str,
    ty: Type<'c>,
    linkage: Linkage,
    alignment: u64,
) -> melior::ir::Operation<'c> {
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    OperationBuilder::new("llvm.mlir.global", location)
        .add_attributes(&[
            (Identifier::new(context, "sym_name"), StringAttribute::new(context, name).into()),
            (Identifier::new(context, "global_type"), TypeAttribute::new(ty).into()),
            (Identifier::new(context, "linkage"), melior::dialect::llvm::attributes::linkage(context, linkage)),
            (Identifier::new(context, "addr_space"), IntegerAttribute::new(i32_type, 3).into()),
            (Identifier::new(context, "alignment"), IntegerAttribute::new(i64_type, alignment as i64).into()),
        ])
        .add_regions([Region::new()])
        .build()
        .expect("a global with its attributes and region is valid")
}

/// `llvm.mlir.addressof @name` of a shared global (`!llvm.ptr<3>`).
pub(in crate::passes::conversion) fn shared_address<'c>(context: &'c Context, location: melior::ir::Location<'c>, name: &str) -> melior::ir::Operation<'c> {
    OperationBuilder::new("llvm.mlir.addressof", location)
        .add_attributes(&[(
            Identifier::new(context, "global_name"),
            FlatSymbolRefAttribute::new(context, name).into(),
        )])
        .add_results(&[melior::dialect::llvm::r#type::pointer(context, 3)])
        .build()
        .expect("an addressof with its symbol is valid")
}

/// True if the module body defines the symbol `name`.
pub(in crate::passes::conversion) fn defines(body: &melior::ir::BlockRef, name: &str) -> bool {
    let mut next = body.first_operation();
    while let Some(o) = next {
        if o.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).is_some_and(|n| n.value() == name) {
            return true;
        }
        next = o.next_in_block();
    }
    false
}

/// The first `<prefix><k>` the module body does not define yet.
pub(in crate::passes::conversion) fn fresh_name(body: &melior::ir::BlockRef, prefix: &str) -> String {
    (0..).map(|k| format!("{prefix}{k}")).find(|name| !defines(body, name)).expect("a free name")
}

/// The first block of the nearest enclosing op named one of `names`.
pub(in crate::passes::conversion) fn enclosing_body<'c, 'a>(
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
    let location = op.location();
    body.insert_operation(0, shared_global(context, location, &name, request.storage, Linkage::Internal, request.alignment.max(16)));
    let block = op.block().ok_or_else(|| failed(op, "alloc_smem outside a block".into()))?;
    let address = shared_address(context, location, &name);
    let address = block.insert_operation_before(op, address);
    replace_with(op, &request, first_result(op, address)?, |cast| block.insert_operation_before(op, cast))
}

/// The static shared memory a kernel may declare (CUDA: 48 KiB; more is
/// dynamic shared memory, opted into at launch).
const STATIC_SMEM_LIMIT: u64 = 48 * 1024;

/// The name of the dynamic shared-memory array.
const DYNAMIC_SMEM: &str = "__cute_dynamic_smem";

/// The enclosing function of an op.
fn enclosing_function<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut scope = op.parent_operation();
    while let Some(parent) = scope {
        if parent.name().as_string_ref().as_str().is_ok_and(|n| matches!(n, "func.func" | "gpu.func" | "llvm.func")) {
            return Some(parent);
        }
        scope = parent.parent_operation();
    }
    None
}

/// Each request's offset in one segment (aligned as its pointer type
/// says), and the segment's size.
fn layout_requests(requests: &[Request]) -> (Vec<u64>, u64) {
    let mut offsets = Vec::with_capacity(requests.len());
    let mut end = 0u64;
    for r in requests {
        let align = r.alignment.max(16);
        let offset = end.div_ceil(align) * align;
        offsets.push(offset);
        end = offset + r.bytes;
    }
    (offsets, end)
}

/// `alloc_smem` in dynamic shared memory: the address of the module's
/// `extern` shared array plus the allocation's offset.
fn lower_dynamic(context: &Context, op: OperationRef, offset: u64, alignment: u64) -> Result<(), PassError> {
    let request = request(context, op)?;
    let body = enclosing_body(op, &["gpu.module", "builtin.module"], "a module")?;
    let location = op.location();
    if !defines(&body, DYNAMIC_SMEM) {
        let array = melior::dialect::llvm::r#type::array(IntegerType::new(context, 8).into(), 0);
        body.insert_operation(0, shared_global(context, location, DYNAMIC_SMEM, array, Linkage::External, alignment.max(1024)));
    }
    let block = op.block().ok_or_else(|| failed(op, "alloc_smem outside a block".into()))?;
    let pointer = melior::dialect::llvm::r#type::pointer(context, 3);
    let address = block.insert_operation_before(op, shared_address(context, location, DYNAMIC_SMEM));
    let mut value = first_result(op, address)?;
    if offset > 0 {
        let i8_type: Type = IntegerType::new(context, 8).into();
        let gep = OperationBuilder::new("llvm.getelementptr", location)
            .add_operands(&[value])
            .add_attributes(&[
                (Identifier::new(context, "rawConstantIndices"), melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[offset as i32]).into()),
                (Identifier::new(context, "elem_type"), TypeAttribute::new(i8_type).into()),
            ])
            .add_results(&[pointer]);
        let gep = block.insert_operation_before(op, build(op, gep)?);
        value = first_result(op, gep)?;
    }
    replace_with(op, &request, value, |cast| block.insert_operation_before(op, cast))
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
