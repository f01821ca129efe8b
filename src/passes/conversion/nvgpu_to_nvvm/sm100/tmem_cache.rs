//! The per-function TMEM allocation cache (spec 000 "SM100
//! retrieve_tmem_ptr Lowering"), run by `cute-nvgpu-to-nvvm` before its
//! patterns: the first `arch.sm100.retrieve_tmem_ptr` of a handle in a
//! function allocates at the function's entry (warp 0 `tcgen05.alloc` into
//! a shared slot, `relinquish_alloc_permit`, fences around a CTA barrier,
//! every thread loads the address), later retrievals reuse it, and every
//! return deallocates. The sequences are built op by op (melior's
//! generated `llvm` builders; the `nvvm` ops, which melior does not
//! generate, by name with typed attributes).

use super::tmem::on_tensor_memory_chip;
use crate::passes::conversion::nvvm_attrs::{nvvm, Nvvm};
use crate::passes::rewrite::{PassError, PatternError};
use melior::{
    dialect::{ods, scf},
    ir::{
        attribute::{FlatSymbolRefAttribute, IntegerAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Block, BlockRef, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value, ValueLike,
    },
    Context,
};

/// One allocation of the per-function cache: the handle it is keyed by, its
/// column count and the pointer every retrieval of it becomes.
struct Entry<'c, 'a> {
    handle: mlir_sys::MlirValue,
    columns: i64,
    pointer: Value<'c, 'a>,
}

/// `retrieve_tmem_ptr` through the per-function cache, before the pattern
/// walk: per function (a fresh cache each; two functions never share an
/// entry), the first retrieval of a handle allocates at the function's
/// entry (so retrievals in loops and branches allocate once), later ones
/// reuse the pointer, and each return deallocates.
pub fn lower_retrievals(context: &Context, root: OperationRef) -> Result<(), PassError> {
    let functions = crate::passes::rewrite::collect_ops(root, |op| {
        matches!(op.name().as_string_ref().as_str(), Ok("func.func" | "gpu.func" | "llvm.func"))
    });
    for raw in functions {
        // SAFETY: collected from the live IR; functions are not erased.
        let function = unsafe { OperationRef::from_raw(raw) };
        let retrievals = crate::passes::rewrite::collect_ops(function, |op| {
            op.name().as_string_ref().as_str() == Ok("cute_nvgpu.arch.sm100.retrieve_tmem_ptr")
        });
        if retrievals.is_empty() || !on_tensor_memory_chip(function) {
            continue;
        }
        // The handles in order of first retrieval, with their column counts.
        let mut handles: Vec<(mlir_sys::MlirValue, i64, OperationRef)> = Vec::new();
        for &raw in &retrievals {
            // SAFETY: as above.
            let op = unsafe { OperationRef::from_raw(raw) };
            let fail = |message: String| super::super::failed_nvgpu(op, format!("retrieve_tmem_ptr: {message}"));
            let handle = op.operand(0).map_err(|e| fail(e.to_string()))?;
            let columns = constant_columns(op.operand(1).map_err(|e| fail(e.to_string()))?)
                .ok_or_else(|| fail("the column count must be a constant (tcgen05.alloc's power of two in [32, 512])".into()))?;
            match handles.iter().find(|(h, ..)| h.ptr == handle.to_raw().ptr) {
                Some((_, first, _)) if *first != columns => {
                    return Err(fail(format!("the handle was allocated with {first} columns, this retrieval asks for {columns}")))
                }
                Some(_) => {}
                None => handles.push((handle.to_raw(), columns, op)),
            }
        }
        let total: i64 = handles.iter().map(|(_, c, _)| c).sum();
        if total > 512 {
            // SAFETY: as above.
            let op = unsafe { OperationRef::from_raw(retrievals[0]) };
            return Err(super::super::failed_nvgpu(op, format!("retrieve_tmem_ptr: the function allocates {total} TMEM columns, more than the 512 of a CTA")));
        }
        // tcgen05 instructions of one kernel share their CTA group: a CTA-pair
        // S2T copy or UMMA makes the allocation a CTA-pair one too.
        let group = function_cta_group(function)?;
        let pointers = allocate(context, function, &handles, group).map_err(|e| super::super::failed_nvgpu(function, e.to_string()))?;
        let cache: Vec<Entry> = handles.iter().zip(pointers).map(|((handle, columns, _), pointer)| Entry { handle: *handle, columns: *columns, pointer }).collect();
        for raw in retrievals {
            // SAFETY: each retrieval is erased once, here.
            let op = unsafe { OperationRef::from_raw(raw) };
            let handle = op.operand(0).map_err(|e| super::super::failed_nvgpu(op, e.to_string()))?;
            let entry = cache.iter().find(|e| e.handle.ptr == handle.to_raw().ptr).expect("every handle is cached");
            replace(op, entry.pointer).map_err(|e| super::super::failed_nvgpu(op, e.to_string()))?;
        }
        deallocate_at_returns(context, function, &cache, group).map_err(|e| super::super::failed_nvgpu(function, e.to_string()))?;
    }
    Ok(())
}

/// The CTA group (1 or 2) of an op that issues tcgen05 instructions: its
/// `cta_group` attribute, or for a UMMA atom call its atom's (M = 256 is a
/// CTA pair); None for other ops.
pub(crate) fn tcgen05_cta_group(op: OperationRef) -> Option<i64> {
    let name = op.name().as_string_ref().as_str().ok()?.to_string();
    match name.as_str() {
        "cute_nvgpu.cp_async.s2t" | "cute_nvgpu.arch.copy.SM100.copy_s2t" => Some(crate::dialect::nvgpu::tcgen05::cta_group(op)),
        n if n.starts_with("cute_nvgpu.arch.sm100.") && op.has_attribute("cta_group") => Some(crate::dialect::nvgpu::tcgen05::cta_group(op)),
        "cute.mma_atom_call" | "cute.gemm" => match super::super::call_atom(op).ok()?? {
            crate::dialect::nvgpu::Atom::Mma(p) if p.family.is_umma() => Some(crate::dialect::nvgpu::mma::umma_cta_group(&p)),
            _ => None,
        },
        _ => None,
    }
}

/// The one CTA group of a function's tcgen05 instructions (PTX: every
/// tcgen05 instruction of a kernel uses the same `.cta_group`); 1 when none
/// says. Mixing both is an error naming the two ops.
pub fn function_cta_group(function: OperationRef) -> Result<i64, PassError> {
    let ops = crate::passes::rewrite::collect_ops(function, |op| tcgen05_cta_group(*op).is_some());
    let mut first: Option<(i64, mlir_sys::MlirOperation)> = None;
    for raw in ops {
        // SAFETY: collected from the live function just above.
        let op = unsafe { OperationRef::from_raw(raw) };
        let group = tcgen05_cta_group(op).unwrap_or(1);
        match first {
            None => first = Some((group, raw)),
            Some((g, other)) if g != group => {
                // SAFETY: as above.
                let other = unsafe { OperationRef::from_raw(other) };
                let name = |o: OperationRef| o.name().as_string_ref().as_str().unwrap_or("").to_string();
                return Err(super::super::failed_nvgpu(
                    op,
                    format!(
                        "the tcgen05 instructions of one kernel share one CTA group: this '{}' is cta_group::{group}, an earlier '{}' cta_group::{g}",
                        name(op),
                        name(other)
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(first.map_or(1, |(g, _)| g))
}

/// Checks every function's CTA group before any tcgen05 op is lowered.
pub fn check_cta_groups(root: OperationRef) -> Result<(), PassError> {
    let functions = crate::passes::rewrite::collect_ops(root, |op| {
        matches!(op.name().as_string_ref().as_str(), Ok("func.func" | "gpu.func" | "llvm.func"))
    });
    for raw in functions {
        // SAFETY: collected from the live IR; nothing is erased here.
        let function = unsafe { OperationRef::from_raw(raw) };
        if on_tensor_memory_chip(function) {
            function_cta_group(function)?;
        }
    }
    Ok(())
}

fn constant_columns(v: Value) -> Option<i64> {
    let def = melior::ir::operation::OperationResult::try_from(v).ok()?.owner();
    match def.name().as_string_ref().as_str().ok()? {
        "arith.constant" | "llvm.mlir.constant" => IntegerAttribute::try_from(def.attribute("value").ok()?).ok().map(|a| a.value()),
        _ => None,
    }
}

/// The entry block of a function.
fn entry_block<'c, 'a>(function: OperationRef<'c, 'a>) -> Result<melior::ir::BlockRef<'c, 'a>, PatternError> {
    function.region(0).ok().and_then(|r| r.first_block()).ok_or_else(|| "the function has no body".into())
}

/// Where a sequence goes: at the start of a block, or before an op.
enum At<'c, 'a> {
    Start,
    After(OperationRef<'c, 'a>),
    Before(OperationRef<'c, 'a>),
}

/// Inserts built ops in order at one point of a block.
struct Cursor<'c, 'a> {
    context: &'c Context,
    location: Location<'c>,
    block: BlockRef<'c, 'a>,
    at: At<'c, 'a>,
}

impl<'c, 'a> Cursor<'c, 'a> {
    fn put(&mut self, op: Operation<'c>) -> OperationRef<'c, 'a> {
        let placed = match self.at {
            At::Start => self.block.insert_operation(0, op),
            At::After(prev) => self.block.insert_operation_after(prev, op),
            At::Before(next) => return self.block.insert_operation_before(next, op),
        };
        self.at = At::After(placed);
        placed
    }

    fn value(&mut self, op: Operation<'c>) -> Result<Value<'c, 'a>, PatternError> {
        Ok(self.put(op).result(0)?.into())
    }

    fn i32_type(&self) -> Type<'c> {
        IntegerType::new(self.context, 32).into()
    }

    fn constant(&mut self, v: i64) -> Result<Value<'c, 'a>, PatternError> {
        let ty = self.i32_type();
        self.value(ods::llvm::mlir_constant(self.context, ty, IntegerAttribute::new(ty, v).into(), self.location).into())
    }

    /// `warp_id == 0` of the calling thread (`tid.x >> 5`).
    fn first_warp(&mut self) -> Result<Value<'c, 'a>, PatternError> {
        let ty = self.i32_type();
        let tid = self.value(OperationBuilder::new("nvvm.read.ptx.sreg.tid.x", self.location).add_results(&[ty]).build()?)?;
        let five = self.constant(5)?;
        let warp = self.value(ods::llvm::lshr(self.context, tid, five, self.location).into())?;
        let zero = self.constant(0)?;
        let i1: Type = IntegerType::new(self.context, 1).into();
        let eq = IntegerAttribute::new(IntegerType::new(self.context, 64).into(), 0);
        self.value(ods::llvm::icmp(self.context, i1, warp, zero, eq.into(), self.location).into())
    }

    /// `tcgen05.fence::before_thread_sync`, a CTA barrier,
    /// `tcgen05.fence::after_thread_sync`.
    fn fenced_barrier(&mut self) -> Result<(), PatternError> {
        self.tcgen05_fence("before")?;
        self.put(OperationBuilder::new("nvvm.barrier0", self.location).build()?);
        self.tcgen05_fence("after")
    }

    fn tcgen05_fence(&mut self, side: &str) -> Result<(), PatternError> {
        let kind = nvvm(self.context, Nvvm::Tcgen05Fence, side)?;
        self.put(OperationBuilder::new("nvvm.tcgen05.fence", self.location).add_attributes(&[(Identifier::new(self.context, "kind"), kind)]).build()?);
        Ok(())
    }

    /// `scf.if %cond { <body> }`.
    fn if_then(&mut self, cond: Value<'c, 'a>, body: Vec<Operation<'c>>) -> Result<(), PatternError> {
        let block = Block::new(&[]);
        for op in body {
            block.append_operation(op);
        }
        block.append_operation(scf::r#yield(&[], self.location));
        let then = Region::new();
        then.append_block(block);
        self.put(scf::r#if(cond, &[], then, Region::new(), self.location));
        Ok(())
    }
}

/// A `tcgen05.alloc`/`dealloc` group attribute.
fn group_attribute(context: &Context, group: i64) -> Result<(Identifier<'_>, melior::ir::Attribute<'_>), PatternError> {
    Ok((Identifier::new(context, "group"), nvvm(context, Nvvm::CtaGroup, &format!("cta_{group}"))?))
}

/// Past the register fragments at the top of the entry block (`llvm.alloca`s,
/// their size constants and `addrspacecast`s, as cute-to-llvm places them):
/// the allocation's warp-0 branch splits the block, and an alloca left below
/// it is no longer in the entry block, so LLVM cannot promote it to
/// registers (gemm_epilogue_sm100 had a 496-byte local frame).
fn after_fragments<'c, 'a>(entry: BlockRef<'c, 'a>) -> At<'c, 'a> {
    let mut at = At::Start;
    let mut op = entry.first_operation();
    while let Some(o) = op {
        let name = o.name();
        let name = name.as_string_ref().as_str().unwrap_or("");
        if !matches!(name, "llvm.mlir.constant" | "llvm.alloca" | "llvm.addrspacecast") {
            break;
        }
        at = At::After(o);
        op = o.next_in_block();
    }
    at
}

/// The allocation sequence at the start of the function's entry block, for
/// every handle of the function: warp 0 allocates each (into its own shared
/// slot) and then relinquishes the permit (no allocation may follow it),
/// fences around a CTA barrier publish the addresses, every thread loads
/// them. The TMEM addresses as `!cute.ptr`s of the retrievals' types.
fn allocate<'c, 'a>(
    context: &'c Context,
    function: OperationRef<'c, 'a>,
    handles: &[(mlir_sys::MlirValue, i64, OperationRef<'c, 'a>)],
    group: i64,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    use crate::passes::conversion::cute_to_llvm::storage;
    let location = function.location();
    let body = storage::enclosing_body(function, &["gpu.module"], "a gpu.module").map_err(|_| "retrieve_tmem_ptr outside a gpu.module")?;
    let entry = entry_block(function)?;
    let mut at = Cursor { context, location, block: entry, at: after_fragments(entry) };
    let i32_type = at.i32_type();
    let shared = melior::dialect::llvm::r#type::pointer(context, 3);
    // A fresh shared slot per handle for the address tcgen05.alloc writes.
    let mut slots = Vec::new();
    for (_, columns, _) in handles {
        let name = storage::fresh_name(&body, "__cute_tmem_slot_");
        body.insert_operation(0, storage::shared_global(context, location, &name, i32_type, storage::Linkage::Internal, 4));
        let slot = at.value(ods::llvm::mlir_addressof(context, shared, FlatSymbolRefAttribute::new(context, &name), location).into())?;
        slots.push((slot, at.constant(*columns)?));
    }
    let first = at.first_warp()?;
    // Widest first: "the number of columns allocated should not increase
    // between any two allocations in the execution order within the CTA"
    // (PTX ISA 9.7.16.7.1); the emulator refused a 128-column accumulator
    // allocated before a 256-column one (examples/gemm_blockscaled_sm100.mlir).
    let mut order: Vec<usize> = (0..handles.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(handles[i].1));
    let mut allocs = Vec::new();
    for (slot, columns) in order.iter().map(|&i| &slots[i]) {
        allocs.push(OperationBuilder::new("nvvm.tcgen05.alloc", location).add_operands(&[*slot, *columns]).add_attributes(&[group_attribute(context, group)?]).build()?);
    }
    allocs.push(OperationBuilder::new("nvvm.tcgen05.relinquish_alloc_permit", location).add_attributes(&[group_attribute(context, group)?]).build()?);
    at.if_then(first, allocs)?;
    at.fenced_barrier()?;
    let tmem = melior::dialect::llvm::r#type::pointer(context, 6);
    let mut pointers = Vec::new();
    for ((slot, _), (_, _, op)) in slots.iter().zip(handles) {
        let address = at.value(ods::llvm::load(context, i32_type, *slot, location).into())?;
        let pointer = at.value(ods::llvm::inttoptr(context, tmem, address, location).into())?;
        let cast = OperationBuilder::new("builtin.unrealized_conversion_cast", location).add_operands(&[pointer]).add_results(&[op.result(0)?.r#type()]).build()?;
        pointers.push(at.value(cast)?);
    }
    Ok(pointers)
}

fn replace(op: OperationRef, pointer: Value) -> Result<(), PatternError> {
    let result = op.result(0)?;
    // SAFETY: both values are live; the op is erased once it has no uses.
    unsafe {
        mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), pointer.to_raw());
        mlir_sys::mlirOperationDestroy(op.to_raw());
    }
    Ok(())
}

/// Before every return of the function: a CTA barrier (every thread is done
/// with the columns; tcgen05 fences order its tensor-memory work around
/// it), then warp 0 deallocates every allocation.
fn deallocate_at_returns(context: &Context, function: OperationRef, entries: &[Entry], group: i64) -> Result<(), PatternError> {
    let returns = crate::passes::rewrite::collect_ops(function, |op| {
        matches!(op.name().as_string_ref().as_str(), Ok("func.return" | "gpu.return" | "llvm.return"))
    });
    // The LLVM pointers behind the cached `!cute.ptr`s (the casts' operands).
    let mut addresses = Vec::new();
    for entry in entries {
        let cast = melior::ir::operation::OperationResult::try_from(entry.pointer).map_err(|e| e.to_string())?.owner();
        addresses.push(cast.operand(0)?);
    }
    let location = function.location();
    for raw in returns {
        // SAFETY: collected from the live function.
        let ret = unsafe { OperationRef::from_raw(raw) };
        let block = ret.block().ok_or("a return outside a block")?;
        let mut at = Cursor { context, location, block, at: At::Before(ret) };
        let mut columns = Vec::new();
        for entry in entries {
            columns.push(at.constant(entry.columns)?);
        }
        let first = at.first_warp()?;
        at.fenced_barrier()?;
        let mut deallocs = Vec::new();
        for (address, columns) in addresses.iter().zip(columns) {
            deallocs.push(OperationBuilder::new("nvvm.tcgen05.dealloc", location).add_operands(&[*address, columns]).add_attributes(&[group_attribute(context, group)?]).build()?);
        }
        at.if_then(first, deallocs)?;
    }
    Ok(())
}
