//! `cute-kernel-to-nvvm` (spec 002 "Kernel-entry ABI"): after the type
//! conversion has made every function argument an LLVM type, each
//! `llvm.func` marked `cute.kernel` becomes an `nvvm.kernel` entry, and each
//! of its `cute_nvgpu.grid_constant` arguments becomes the triple
//! `{llvm.align = 16, llvm.byval = T, nvvm.grid_constant}`: the argument is
//! passed by value in `.param` space (`.param .align 16 .b8 p[sizeof T]`),
//! so it is a `!llvm.ptr` to the value, which the body loads at entry (llc
//! turns the load into `ld.param`, no copy).
//!
//! The pipelines order it after `convert-func-to-llvm` themselves
//! (`compile::nvvm_passes`), not by registration order.
//!
//! It also drops the empty parameters of device functions: a stateless
//! atom is an `!llvm.struct<()>` (it carries no data), and LLVM's NVPTX
//! back end aborts on an empty parameter type ("Empty parameter types are
//! not supported"), so a device function taking an atom loses the
//! parameter, its calls the operand, and its body reads an undef of the
//! empty type. A kernel entry cannot lose one (the host passes it), so an
//! atom kernel parameter is refused.

use crate::passes::rewrite::PassError;
use crate::ffi::emit_op_error;
use melior::ir::{
    attribute::{Attribute, DictionaryAttribute, IntegerAttribute, TypeAttribute},
    operation::{OperationLike, OperationMutLike},
    r#type::IntegerType,
    attribute::ArrayAttribute, BlockLike, Identifier, RegionLike, OperationRef, Type, TypeLike, ValueLike,
};

pub const EXAMPLE_BEFORE: &str = r#"
llvm.func @k(%p: !llvm.struct<(i32, f32)> {cute_nvgpu.grid_constant}) attributes {cute.kernel} {
  %x = llvm.extractvalue %p[0] : !llvm.struct<(i32, f32)>
  llvm.return
}"#;
pub const EXAMPLE_AFTER: &str = r#"
module {
  llvm.func @k(%arg0: !llvm.ptr {llvm.align = 16 : i64, llvm.byval = !llvm.struct<(i32, f32)>, nvvm.grid_constant}) attributes {nvvm.kernel} {
    %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(i32, f32)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(i32, f32)> 
    llvm.return
  }
}"#;

pub fn run(root: OperationRef) -> Result<(), PassError> {
    refuse_libdevice_calls(root)?;
    drop_empty_parameters(root)?;
    // The atoms are lowered: the chip gate has done its work, and nothing
    // of cute_nvgpu may reach stock mlir-opt / mlir-translate (issue 27).
    for raw in crate::passes::rewrite::collect_ops(root, |op| op.has_attribute("cute_nvgpu.target")) {
        // SAFETY: collected from the live IR; removing an attribute keeps it valid.
        let _ = unsafe { melior::ir::operation::OperationRefMut::from_raw(raw) }.remove_attribute("cute_nvgpu.target");
    }
    // A declared block shape (known_block_size, which convert-gpu-to-nvvm
    // turns into nvvm.maxntid) is what the launch must use: `.reqntid`, so
    // the driver refuses another (issue 34; PTX takes one of the two).
    for raw in crate::passes::rewrite::collect_ops(root, |op| op.name().as_string_ref().as_str() == Ok("llvm.func") && op.has_attribute("nvvm.maxntid")) {
        // SAFETY: collected from the live IR; attribute edits keep it valid.
        let mut op_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(raw) };
        if let Ok(maxntid) = op_mut.attribute("nvvm.maxntid") {
            let _ = op_mut.remove_attribute("nvvm.maxntid");
            op_mut.set_attribute("nvvm.reqntid", maxntid);
        }
    }
    // `convert-gpu-to-nvvm` gives every func.func of a gpu.module a host C
    // interface (`llvm.emit_c_interface` and an `_mlir_ciface_` wrapper
    // copying its attributes). Nothing on the device calls one: a kernel
    // entry has none, and a device function's wrapper would be a visible
    // `.func` in the PTX that keeps its internal callee alive.
    // Host functions (outside a gpu.module) keep theirs.
    let device_interface = |op: &OperationRef| {
        op.name().as_string_ref().as_str() == Ok("llvm.func")
            && op.has_attribute("llvm.emit_c_interface")
            && op.parent_operation().is_some_and(|p| p.name().as_string_ref().as_str() == Ok("gpu.module"))
    };
    for raw in crate::passes::rewrite::collect_ops(root, device_interface) {
        // SAFETY: collected from the live IR; only wrappers are erased.
        let op = unsafe { OperationRef::from_raw(raw) };
        let symbol = op.attribute("sym_name").map(|a| a.to_string()).unwrap_or_default();
        if symbol.starts_with("\"_mlir_ciface_") {
            // SAFETY: a wrapper has no users (nothing on the device calls a
            // host interface), and no other collected op is inside it.
            unsafe { mlir_sys::mlirOperationDestroy(raw) };
        } else {
            // SAFETY: as above; removing an attribute keeps the IR valid.
            let _ = unsafe { melior::ir::operation::OperationRefMut::from_raw(raw) }.remove_attribute("llvm.emit_c_interface");
        }
    }
    let kernels = crate::passes::rewrite::collect_ops(root, |op| {
        op.name().as_string_ref().as_str() == Ok("llvm.func") && op.has_attribute("cute.kernel")
    });
    for raw in kernels {
        // SAFETY: collected from the live IR after the wrappers were erased.
        let op = unsafe { OperationRef::from_raw(raw) };
        rewrite_kernel(op).map_err(|message| {
            emit_op_error(op, &format!("cute-kernel-to-nvvm: {message}"));
            PassError::Reported
        })?;
    }
    Ok(())
}

/// `convert-gpu-to-nvvm` lowers math ops it has no instruction for
/// (`math.tanh`, `math.exp`, ...) to calls of CUDA's libdevice (`__nv_tanhf`),
/// which no pass of this pipeline links: the PTX would carry an unresolved
/// extern that ptxas refuses. Refused here, at the op that made the call.
fn refuse_libdevice_calls(root: OperationRef) -> Result<(), PassError> {
    let calls = crate::passes::rewrite::collect_ops(root, |op| {
        op.name().as_string_ref().as_str() == Ok("llvm.call")
            && op.attribute("callee").is_ok_and(|c| c.to_string().starts_with("@__nv_"))
    });
    if calls.is_empty() {
        return Ok(());
    }
    // Every call, each at its op: a kernel may use several such functions.
    for &raw in &calls {
        // SAFETY: collected from the live IR; only read.
        let op = unsafe { OperationRef::from_raw(raw) };
        let callee = op.attribute("callee").map(|c| c.to_string()).unwrap_or_default();
        emit_op_error(
            op,
            &format!(
                "cute-kernel-to-nvvm: calls the libdevice function {} (what convert-gpu-to-nvvm makes of a math op with no PTX instruction, such as math.tanh), and this pipeline links no libdevice: ptxas would refuse the unresolved call; `fastmath<afn>` on math.tanh, math.exp or math.exp2 selects the PTX approximations (tanh.approx.f32, ex2.approx.f32)",
                callee.trim_start_matches('@')
            ),
        );
    }
    Err(PassError::Reported)
}

fn rewrite_kernel(op: OperationRef) -> Result<(), String> {
    let borrowed = crate::handle::BorrowedContext::of(&op);
    let context = borrowed.get();
    // SAFETY: the op is live and owned by the IR; attribute edits keep it valid.
    let mut op_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) };
    op_mut.remove_attribute("cute.kernel").map_err(|e| e.to_string())?;
    op_mut.set_attribute("nvvm.kernel", Attribute::unit(context));
    let Ok(arg_attrs) = op.attribute("arg_attrs") else { return Ok(()) };
    let arg_attrs = ArrayAttribute::try_from(arg_attrs).map_err(|e| e.to_string())?;
    let region = op.region(0).map_err(|e| e.to_string())?;
    let entry = region.first_block().ok_or("a kernel needs a body")?;
    let function_type = TypeAttribute::try_from(op.attribute("function_type").map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?
        .value();
    let mut inputs: Vec<mlir_sys::MlirType> = (0..entry.argument_count()).map(|i| entry.argument(i).map(|a| a.r#type().to_raw())).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    let mut dictionaries = Vec::new();
    let pointer = melior::dialect::llvm::r#type::pointer(context, 0);
    let i64_type: Type = IntegerType::new(context, 64).into();
    for i in 0..arg_attrs.len() {
        let dictionary = DictionaryAttribute::try_from(arg_attrs.element(i).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        let grid_constant = (0..dictionary.len()).any(|j| {
            dictionary.element(j).is_ok_and(|(name, _)| name.as_string_ref().as_str() == Ok("cute_nvgpu.grid_constant"))
        });
        let tma_descriptor = (0..dictionary.len()).any(|j| {
            dictionary.element(j).is_ok_and(|(name, _)| name.as_string_ref().as_str() == Ok("cute.tma_descriptor"))
        });
        if !grid_constant {
            if tma_descriptor {
                return Err(format!(
                    "the TMA descriptor argument #{i} must be a cute_nvgpu.grid_constant (the TMA unit reads the tensor map in .param space)"
                ));
            }
            dictionaries.push(Attribute::from(dictionary));
            continue;
        }
        let argument = entry.argument(i).map_err(|e| e.to_string())?;
        if tma_descriptor {
            // The argument already is the tensor map's address: the map
            // (CUtensorMap, 128 bytes) travels by value, 64-byte aligned as
            // the TMA unit requires, and is read in place (no load).
            let words = melior::dialect::llvm::r#type::array(melior::ir::r#type::IntegerType::new(context, 64).into(), 16);
            let map = melior::dialect::llvm::r#type::r#struct(context, &[words], false);
            let mut entries: Vec<(Identifier, Attribute)> = (0..dictionary.len())
                .filter_map(|j| dictionary.element(j).ok())
                .filter(|(name, _)| !matches!(name.as_string_ref().as_str(), Ok("cute_nvgpu.grid_constant" | "cute.tma_descriptor")))
                .collect();
            entries.push((Identifier::new(context, "llvm.align"), IntegerAttribute::new(i64_type, 64).into()));
            entries.push((Identifier::new(context, "llvm.byval"), TypeAttribute::new(map).into()));
            entries.push((Identifier::new(context, "nvvm.grid_constant"), Attribute::unit(context)));
            dictionaries.push(DictionaryAttribute::new(context, &entries).into());
            continue;
        }
        let by_value = argument.r#type();
        if by_value == pointer || melior::dialect::llvm::r#type::pointer(context, 1) == by_value {
            return Err(format!("grid-constant argument #{i} is passed by value, but it is a pointer ({by_value})"));
        }
        // The argument becomes the pointer to its .param copy; the body
        // reads the value through one load at entry.
        // SAFETY: the argument and block are live; the load is inserted
        // first in the entry block and takes over every other use.
        unsafe {
            mlir_sys::mlirValueSetType(argument.to_raw(), pointer.to_raw());
            let load = melior::dialect::llvm::load(context, argument.into(), by_value, op.location(), Default::default());
            let load = entry.insert_operation(0, load);
            let value = load.result(0).map_err(|e| e.to_string())?;
            let except = [load.to_raw()];
            mlir_sys::mlirValueReplaceAllUsesExcept(argument.to_raw(), value.to_raw(), 1, except.as_ptr() as *mut _);
        }
        inputs[i] = pointer.to_raw();
        let mut entries: Vec<(Identifier, Attribute)> = (0..dictionary.len())
            .filter_map(|j| dictionary.element(j).ok())
            .filter(|(name, _)| name.as_string_ref().as_str() != Ok("cute_nvgpu.grid_constant"))
            .collect();
        entries.push((Identifier::new(context, "llvm.align"), IntegerAttribute::new(i64_type, 16).into()));
        entries.push((Identifier::new(context, "llvm.byval"), TypeAttribute::new(by_value).into()));
        entries.push((Identifier::new(context, "nvvm.grid_constant"), Attribute::unit(context)));
        dictionaries.push(DictionaryAttribute::new(context, &entries).into());
    }
    op_mut.set_attribute("arg_attrs", ArrayAttribute::new(context, &dictionaries).into());
    // SAFETY: LLVM function type accessors on a live !llvm.func type.
    let new_type = unsafe {
        let result = mlir_sys::mlirLLVMFunctionTypeGetReturnType(function_type.to_raw());
        Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGet(result, inputs.len() as isize, inputs.as_ptr(), false))
    };
    op_mut.set_attribute("function_type", TypeAttribute::new(new_type).into());
    Ok(())
}

/// An LLVM struct type without fields (a stateless atom's value).
fn is_empty_struct(t: mlir_sys::MlirType) -> bool {
    // SAFETY: inspects a live type.
    unsafe { mlir_sys::mlirTypeIsALLVMStructType(t) && mlir_sys::mlirLLVMStructTypeGetNumElementTypes(t) == 0 }
}

/// Removes the empty-struct parameters of every device `llvm.func` (one in a
/// `gpu.module`) and the matching operands of its calls.
fn drop_empty_parameters(root: OperationRef) -> Result<(), PassError> {
    let functions = crate::passes::rewrite::collect_ops(root, |op| {
        op.name().as_string_ref().as_str() == Ok("llvm.func")
            && op.parent_operation().is_some_and(|p| p.name().as_string_ref().as_str() == Ok("gpu.module"))
    });
    for raw in functions {
        // SAFETY: collected from the live IR; functions are not erased here.
        let op = unsafe { OperationRef::from_raw(raw) };
        let fail = |message: String| {
            emit_op_error(op, &format!("cute-kernel-to-nvvm: {message}"));
            PassError::Reported
        };
        let function_type = TypeAttribute::try_from(op.attribute("function_type").map_err(|e| fail(e.to_string()))?)
            .map_err(|e| fail(e.to_string()))?
            .value();
        // SAFETY: LLVM function type accessors on a live !llvm.func type.
        let inputs: Vec<mlir_sys::MlirType> = unsafe {
            (0..mlir_sys::mlirLLVMFunctionTypeGetNumInputs(function_type.to_raw()))
                .map(|i| mlir_sys::mlirLLVMFunctionTypeGetInput(function_type.to_raw(), i))
                .collect()
        };
        let empty: Vec<usize> = (0..inputs.len()).filter(|&i| is_empty_struct(inputs[i])).collect();
        if empty.is_empty() {
            continue;
        }
        if op.has_attribute("cute.kernel") || op.has_attribute("nvvm.kernel") {
            return Err(fail(format!(
                "kernel argument #{} is an atom, which carries no data: make the atom in the kernel (cute.make_atom) instead of passing it",
                empty[0]
            )));
        }
        let borrowed = crate::handle::BorrowedContext::of(&op);
        let context = borrowed.get();
        if let Some(entry) = op.region(0).ok().and_then(|r| r.first_block()) {
            for &i in empty.iter().rev() {
                let argument = entry.argument(i).map_err(|e| fail(e.to_string()))?;
                // SAFETY: the argument is live; its uses move to an undef of
                // its (empty) type, then the unused argument is erased.
                unsafe {
                    let ty = Type::from_raw(inputs[i]);
                    let undef = entry.insert_operation(0, melior::dialect::llvm::undef(ty, op.location()));
                    let value = undef.result(0).map_err(|e| fail(e.to_string()))?;
                    mlir_sys::mlirValueReplaceAllUsesOfWith(argument.to_raw(), value.to_raw());
                    mlir_sys::mlirBlockEraseArgument(entry.to_raw(), i as u32);
                }
            }
        }
        let kept: Vec<mlir_sys::MlirType> = (0..inputs.len()).filter(|i| !empty.contains(i)).map(|i| inputs[i]).collect();
        // SAFETY: as above; a new function type of the kept inputs.
        let new_type = unsafe {
            let result = mlir_sys::mlirLLVMFunctionTypeGetReturnType(function_type.to_raw());
            // Device functions made from func.func are never variadic.
            Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGet(result, kept.len() as isize, kept.as_ptr(), false))
        };
        // SAFETY: `op` is live; attribute edits keep it valid.
        let mut op_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(raw) };
        op_mut.set_attribute("function_type", TypeAttribute::new(new_type).into());
        if let Some(attrs) = op.attribute("arg_attrs").ok().and_then(|a| ArrayAttribute::try_from(a).ok()) {
            let kept_attrs: Vec<Attribute> = (0..attrs.len()).filter(|i| !empty.contains(i)).filter_map(|i| attrs.element(i).ok()).collect();
            op_mut.set_attribute("arg_attrs", ArrayAttribute::new(context, &kept_attrs).into());
        }
        let symbol = op.attribute("sym_name").map(|a| a.to_string()).unwrap_or_default();
        let symbol = symbol.trim_matches('"').to_string();
        let module = op.parent_operation().ok_or_else(|| fail("a function outside its module".into()))?;
        let calls = crate::passes::rewrite::collect_ops(module, |c| {
            c.name().as_string_ref().as_str() == Ok("llvm.call")
                && c.attribute("callee").is_ok_and(|a| a.to_string().trim_start_matches('@') == symbol)
        });
        for raw_call in calls {
            // SAFETY: collected from the live module; the call is edited in place.
            let call = unsafe { OperationRef::from_raw(raw_call) };
            let operands: Vec<mlir_sys::MlirValue> = call
                .operands()
                .enumerate()
                .filter(|(i, _)| !empty.contains(i))
                .map(|(_, v)| v.to_raw())
                .collect();
            // SAFETY: the call is live; its callee operands shrink and the
            // segment sizes follow (the op-bundle segment is empty).
            unsafe { mlir_sys::mlirOperationSetOperands(raw_call, operands.len() as isize, operands.as_ptr()) };
            let mut call_mut = unsafe { melior::ir::operation::OperationRefMut::from_raw(raw_call) };
            if call.has_attribute("operandSegmentSizes") {
                call_mut.set_attribute(
                    "operandSegmentSizes",
                    melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[operands.len() as i32, 0]).into(),
                );
            }
        }
    }
    Ok(())
}
