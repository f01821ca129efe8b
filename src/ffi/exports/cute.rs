//! `cute_rs_*`: the `cute` dialect's entry points for the C++ glue
//! (declared in `dialects-td/lib/RustFFI.h`).

use super::super::{emit_error, emit_op_error, guard, send, str_of};
use crate::dialect::{infer, spec, type_spec, verify, SpecKind};
use crate::handle::BorrowedContext;
use melior::ir::{
    attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, DictionaryAttribute, IntegerAttribute, StringAttribute},
    Attribute, OperationRef, Type, TypeLike,
};
use mlir_sys::{
    MlirAttribute, MlirContext, MlirLocation, MlirLogicalResult, MlirOperation, MlirStringCallback, MlirStringRef,
    MlirType,
};
use std::ffi::c_void;

/// Runs `canonicalize` on the spec text C++ hands over and sends the
/// canonical text (or the error) to `callback`; true on success.
fn send_canonical(
    kind: u32,
    text: MlirStringRef,
    callback: MlirStringCallback,
    user_data: *mut c_void,
    canonicalize: fn(SpecKind, &str) -> Result<String, String>,
) -> bool {
    let result = guard(|| {
        let kind = SpecKind::from_raw(kind).ok_or_else(|| format!("unknown spec kind {kind}"))?;
        // SAFETY: C++ passes a string it owns for the duration of the call.
        let text: &str = unsafe { str_of(text) }?;
        canonicalize(kind, text)
    });
    let ok = result.is_ok();
    send(callback, user_data, &result.unwrap_or_else(|message| message));
    ok
}

/// Parses `text` as a `kind` value; sends the canonical text (or the error).
#[no_mangle]
pub extern "C" fn cute_rs_canonicalize(
    kind: u32,
    text: MlirStringRef,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    send_canonical(kind, text, callback, user_data, spec::canonicalize)
}

/// [`cute_rs_canonicalize`] for the unquoted spelling of a spec, where a bare
/// integer is the spec's rank notation ([`spec::canonicalize_unquoted`]).
#[no_mangle]
pub extern "C" fn cute_rs_canonicalize_unquoted(
    kind: u32,
    text: MlirStringRef,
    callback: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    send_canonical(kind, text, callback, user_data, spec::canonicalize_unquoted)
}

/// The coordinates a coordinate tensor with iterator `text` yields
/// ([`layout::dynamic_like`]).
#[no_mangle]
pub extern "C" fn cute_rs_coordinate_of(text: MlirStringRef, callback: MlirStringCallback, user_data: *mut c_void) -> bool {
    send_canonical(SpecKind::IntTuple as u32, text, callback, user_data, |kind, text| {
        let tuple = spec::parse_checked_tuple(kind, text)?;
        Ok(crate::layout::dynamic_like(&tuple).to_string())
    })
}

/// The mnemonic of a spec kind, in static storage (empty if unknown).
#[no_mangle]
pub extern "C" fn cute_rs_spec_mnemonic(kind: u32) -> MlirStringRef {
    let text = SpecKind::from_raw(kind).map_or("", SpecKind::mnemonic);
    MlirStringRef { data: text.as_ptr().cast(), length: text.len() }
}

/// Verifies a `cute`/`cute_nvgpu` op with [`verify::verify_op`]; failures
/// (and panics) become an error diagnostic at the op's location.
#[no_mangle]
pub extern "C" fn cute_rs_verify_op(op: MlirOperation, name: MlirStringRef) -> MlirLogicalResult {
    let op = unsafe { OperationRef::from_raw(op) };
    // SAFETY: C++ passes its ODS op name, a string literal.
    match guard(|| verify::verify_op(op, unsafe { str_of(name) }?)) {
        Ok(()) => MlirLogicalResult { value: 1 },
        Err(message) => {
            emit_op_error(op, &message);
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
        let attribute = self.0?.element_by_name(name)?;
        if let Ok(array) = DenseI32ArrayAttribute::try_from(attribute) {
            return (0..array.len()).map(|i| array.element(i).ok().map(i64::from)).collect();
        }
        let array = DenseI64ArrayAttribute::try_from(attribute).ok()?;
        (0..array.len()).map(|i| array.element(i).ok()).collect()
    }
    fn has(&self, name: &str) -> bool {
        self.0.is_some_and(|d| d.element_by_name(name).is_some())
    }
}

/// Infers the result types of a cute op with [`infer::infer`]; on failure
/// emits `'<op>' op <message>` at `location` and returns -1.
///
/// # Safety
/// `operand_types` holds `num_operands` types and `results` room for
/// `capacity` (RustFFI.h).
#[no_mangle]
pub unsafe extern "C" fn cute_rs_infer_types(
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
            types.iter().map(|&t| infer::operand(unsafe { Type::from_raw(t) })).collect();
        let attrs = DictAttrs(DictionaryAttribute::try_from(unsafe { Attribute::from_raw(attributes) }).ok());
        let inferred = infer::infer(name, &operands, &attrs).map_err(|e| format!("'{name}' op {e}"))?;
        if inferred.len() > capacity.max(0) as usize {
            return Err(format!("'{name}' op infers {} results, more than {capacity}", inferred.len()));
        }
        for (i, result) in inferred.iter().enumerate() {
            let ty = match result.spec() {
                Some((kind, spec)) => crate::dialect::canonical_type(context, kind, spec),
                None => crate::dialect::cute_type(context, &result.type_text()),
            }
            .map_err(|e| format!("'{name}' op {e}"))?;
            unsafe { *results.add(i) = ty.to_raw() };
        }
        Ok(inferred.len() as isize)
    });
    outcome.unwrap_or_else(|message| {
        emit_error(location, &message);
        -1
    })
}

/// True if the declared result type `to` may stand for the inferred `from`
/// ([`spec::is_compatible_result`]).
#[no_mangle]
pub extern "C" fn cute_rs_is_compatible_result(from: MlirType, to: MlirType) -> bool {
    guard(|| {
        let from = type_spec(unsafe { Type::from_raw(from) });
        let to = type_spec(unsafe { Type::from_raw(to) });
        match (from, to) {
            (Some((a, from)), Some((b, to))) if a == b => spec::is_compatible_result(a, from, to),
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

