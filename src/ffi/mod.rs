//! The C ABI between the C++ glue (`dialects-td/lib`) and Rust.
//!
//! Rust → C++: the functions in [`cpp`] (dialect handles, registration hooks,
//! type accessors). C++ → Rust: the `cute_rs_*` functions below, declared in
//! `dialects-td/lib/RustFFI.h`. Every Rust entry point runs its body under
//! [`guard`], so a panic becomes an error result and never unwinds into C++.

use crate::dialect::{component, composite_kind, infer, spec, type_spec, verify, Composite, SpecKind};
use melior::{
    ir::{
        attribute::{DenseI64ArrayAttribute, DictionaryAttribute, IntegerAttribute, StringAttribute},
        operation::OperationLike,
        Attribute, OperationRef, Type, TypeLike,
    },
};
use crate::handle::BorrowedContext;
use mlir_sys::{
    MlirAttribute, MlirContext, MlirLocation, MlirLogicalResult, MlirOperation, MlirStringCallback,
    MlirStringRef, MlirType,
};
use std::{
    any::Any,
    ffi::{c_void, CString},
    panic::{catch_unwind, AssertUnwindSafe},
};

/// Functions implemented in C++ (`dialects-td/lib/Registration.cpp`).
pub mod cpp {
    use mlir_sys::{MlirDialectHandle, MlirPass, MlirStringRef, MlirType};
    use std::ffi::c_void;

    extern "C" {
        pub fn mlirGetDialectHandle__cute__() -> MlirDialectHandle;
        pub fn mlirGetDialectHandle__cute_nvgpu__() -> MlirDialectHandle;
        pub fn cute_cpp_register_dialects(registry: *mut c_void);
        pub fn cute_cpp_register_pass(factory: extern "C" fn(u32) -> MlirPass, id: u32);
        pub fn cute_cpp_type_spec(ty: MlirType, spec: *mut MlirStringRef) -> i32;
        pub fn cute_cpp_composite_kind(ty: MlirType) -> i32;
        pub fn cute_cpp_type_component(ty: MlirType, index: u32) -> MlirType;
        pub fn cute_cpp_atom_bundle(atom: MlirType) -> mlir_sys::MlirAttribute;
        pub fn cute_cpp_copy_atom_layouts(
            atom: MlirType,
            callback: mlir_sys::MlirStringCallback,
            user_data: *mut c_void,
            value_bits: *mut u32,
        ) -> isize;
        pub fn cute_cpp_verify_atom_instance(op: mlir_sys::MlirOperation) -> mlir_sys::MlirLogicalResult;
        pub fn cute_cpp_ptr_info(ty: MlirType, address_space: *mut u32, alignment: *mut u64) -> bool;
    }
}

/// Runs `body`, turning a panic into `Err` with the panic message, so that a
/// bug in Rust surfaces as an MLIR diagnostic instead of aborting mlir-opt.
pub fn guard<T>(body: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| Err(panic_message(&*payload)))
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    let detail = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic payload".to_string());
    format!("internal error: Rust panic caught at the C ABI: {detail}")
}

/// Views an `MlirStringRef` as `&str` (invalid UTF-8 is reported, not assumed).
///
/// # Safety
/// `s` must point to `s.length` readable bytes that outlive the result.
pub unsafe fn str_of<'a>(s: MlirStringRef) -> Result<&'a str, String> {
    if s.length == 0 {
        return Ok("");
    }
    let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) };
    std::str::from_utf8(bytes).map_err(|e| format!("text is not valid UTF-8: {e}"))
}

fn send(callback: MlirStringCallback, user_data: *mut c_void, text: &str) {
    if let Some(callback) = callback {
        let piece = MlirStringRef { data: text.as_ptr().cast(), length: text.len() };
        unsafe { callback(piece, user_data) };
    }
}

/// Parses `text` as a `kind` value; sends the canonical text (or the error).
#[no_mangle]
pub extern "C" fn cute_rs_canonicalize(
    kind: u32,
    text: MlirStringRef,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    let result = guard(|| {
        let kind = SpecKind::from_raw(kind).ok_or_else(|| format!("unknown spec kind {kind}"))?;
        let text: &str = unsafe { str_of(text) }?;
        spec::canonicalize(kind, text)
    });
    match result {
        Ok(canonical) => {
            send(callback, user_data, &canonical);
            true
        }
        Err(message) => {
            send(callback, user_data, &message);
            false
        }
    }
}

/// Verifies a `cute`/`cute_nvgpu` op with [`verify::verify_op`]; failures
/// (and panics) become an error diagnostic at the op's location.
#[no_mangle]
pub extern "C" fn cute_rs_verify_op(op: MlirOperation) -> MlirLogicalResult {
    let op = unsafe { OperationRef::from_raw(op) };
    match guard(|| verify::verify_op(op)) {
        Ok(()) => MlirLogicalResult { value: 1 },
        Err(message) => {
            // An empty message means the diagnostic was already emitted.
            if !message.is_empty() {
                emit_op_error(op, &message);
            }
            MlirLogicalResult { value: 0 }
        }
    }
}

/// The attribute dictionary of an op under inference.
struct DictAttrs<'c>(Option<DictionaryAttribute<'c>>);

impl infer::Attrs for DictAttrs<'_> {
    fn int(&self, name: &str) -> Option<i64> {
        IntegerAttribute::try_from(self.0?.element_by_name(name)?).ok().map(|a| a.value())
    }
    fn string(&self, name: &str) -> Option<String> {
        StringAttribute::try_from(self.0?.element_by_name(name)?).ok().map(|a| a.value().to_string())
    }
    fn ints(&self, name: &str) -> Option<Vec<i64>> {
        let array = DenseI64ArrayAttribute::try_from(self.0?.element_by_name(name)?).ok()?;
        (0..array.len()).map(|i| array.element(i).ok()).collect()
    }
}

/// How inference sees an operand type (views through their iterator and layout).
fn infer_operand<'c>(ty: Type<'c>) -> infer::Operand<'c> {
    if let Some((kind, spec)) = type_spec(ty) {
        return infer::Operand::Spec(kind, spec);
    }
    match composite_kind(ty) {
        Some(Composite::View) => {
            if let (Some(iterator), Some(layout)) = (component(ty, 0), component(ty, 1).and_then(type_spec)) {
                return infer::Operand::View { iterator: iterator.to_string(), layout };
            }
        }
        Some(Composite::TiledCopy) => {
            let spec = |i| component(ty, i).and_then(type_spec).map(|(_, s)| s);
            if let (Some(atom), Some(layout_tv), Some(tiler)) = (component(ty, 0), spec(1), spec(2)) {
                let (atom_layouts, value_bits) = copy_atom_layouts(atom);
                return infer::Operand::TiledCopy { layout_tv, tiler, atom_layouts, value_bits };
            }
        }
        _ => {}
    }
    infer::Operand::Other
}

/// The (reference, source, destination) thread-value layouts in bits a copy
/// atom type reports through the copy-atom interface, and the bit width of
/// its element type (0 if it has none).
fn copy_atom_layouts(atom: Type) -> (Vec<String>, u32) {
    unsafe extern "C" fn push(piece: MlirStringRef, user_data: *mut c_void) {
        let layouts = unsafe { &mut *(user_data as *mut Vec<String>) };
        layouts.push(unsafe { str_of(piece) }.unwrap_or_default().to_string());
    }
    let mut layouts: Vec<String> = Vec::new();
    let mut bits = 0u32;
    unsafe {
        cpp::cute_cpp_copy_atom_layouts(atom.to_raw(), Some(push), &mut layouts as *mut _ as *mut c_void, &mut bits)
    };
    (layouts, bits)
}

/// Infers the result types of a cute op with [`infer::infer`]; on failure
/// emits `'<op>' op <message>` at `location` and returns -1.
#[no_mangle]
pub extern "C" fn cute_rs_infer_types(
    name: MlirStringRef,
    context: MlirContext,
    location: MlirLocation,
    num_operands: isize,
    operand_types: *const MlirType,
    attributes: MlirAttribute,
    results: *mut MlirType,
    capacity: isize,
) -> isize {
    let outcome = guard(|| {
        let name = unsafe { str_of(name) }?;
        // SAFETY: C++ passes the context of the op being built.
        let context = unsafe { BorrowedContext::from_raw(context) };
        let context = context.get();
        let types: &[MlirType] = if num_operands > 0 {
            unsafe { std::slice::from_raw_parts(operand_types, num_operands as usize) }
        } else {
            &[]
        };
        let operands: Vec<infer::Operand> =
            types.iter().map(|&t| infer_operand(unsafe { Type::from_raw(t) })).collect();
        let attrs = DictAttrs(DictionaryAttribute::try_from(unsafe { Attribute::from_raw(attributes) }).ok());
        let inferred = infer::infer(name, &operands, &attrs).map_err(|e| format!("'{name}' op {e}"))?;
        if inferred.len() > capacity.max(0) as usize {
            return Err(format!("'{name}' op infers {} results, more than {capacity}", inferred.len()));
        }
        for (i, result) in inferred.iter().enumerate() {
            let text = result.type_text();
            let ty = Type::parse(context, &text).ok_or_else(|| format!("'{name}' op cannot build {text}"))?;
            unsafe { *results.add(i) = ty.to_raw() };
        }
        Ok(inferred.len() as isize)
    });
    outcome.unwrap_or_else(|message| {
        emit_error(location, &message);
        -1
    })
}

/// True if `to` is `from` with some static leaves made dynamic.
#[no_mangle]
pub extern "C" fn cute_rs_is_derefinement(from: MlirType, to: MlirType) -> bool {
    guard(|| {
        let from = type_spec(unsafe { Type::from_raw(from) });
        let to = type_spec(unsafe { Type::from_raw(to) });
        match (from, to) {
            (Some((a, from)), Some((b, to))) if a == b => spec::is_derefinement(a, from, to),
            _ => Ok(false),
        }
    })
    .unwrap_or(false)
}

/// True if `ty` is a cute value type without dynamic leaves.
#[no_mangle]
pub extern "C" fn cute_rs_is_static_type(ty: MlirType) -> bool {
    guard(|| match type_spec(unsafe { Type::from_raw(ty) }) {
        Some((kind, text)) => spec::is_static(kind, text),
        None => Ok(false),
    })
    .unwrap_or(false)
}

/// Emits `'<op name>' op <message>` at the op's location, the format of
/// MLIR's own `emitOpError`.
pub fn emit_op_error(op: OperationRef, message: &str) {
    let name = op.name().as_string_ref().as_str().unwrap_or("<op>").to_string();
    emit_error(op.location().to_raw(), &format!("'{name}' op {message}"));
}

/// Emits an error diagnostic at `location`.
pub fn emit_error(location: mlir_sys::MlirLocation, message: &str) {
    let text = CString::new(message.replace('\0', " ")).expect("NULs were replaced");
    unsafe { mlir_sys::mlirEmitError(location, text.as_ptr()) };
}
