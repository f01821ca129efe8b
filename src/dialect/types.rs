//! Facts about builtin types that both dialects need, answered in Rust
//! through the MLIR C API (no C++ twin).

use melior::ir::{Type, TypeLike};
use mlir_sys as sys;

/// Width in bits of a scalar, vector or complex type (CuTe's `sizeof_bits`);
/// 0 for `index`, a null type or any other type.
pub fn bits_of(ty: Type) -> u32 {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; every call only inspects it.
    unsafe {
        if raw.ptr.is_null() {
            0
        } else if sys::mlirTypeIsAInteger(raw) {
            sys::mlirIntegerTypeGetWidth(raw)
        } else if sys::mlirTypeIsAFloat(raw) {
            sys::mlirFloatTypeGetWidth(raw)
        } else if sys::mlirTypeIsAVector(raw) {
            let element = Type::from_raw(sys::mlirShapedTypeGetElementType(raw));
            let count: i64 = (0..sys::mlirShapedTypeGetRank(raw)).map(|d| sys::mlirShapedTypeGetDimSize(raw, d as isize)).product();
            u32::try_from(count).unwrap_or(0) * bits_of(element)
        } else if sys::mlirTypeIsAComplex(raw) {
            2 * bits_of(Type::from_raw(sys::mlirComplexTypeGetElementType(raw)))
        } else {
            0
        }
    }
}

/// The bits an element occupies in memory (CuTe's `sizeof_bits` of its
/// storage type): `bits_of`, except tf32, whose 19 significant bits live
/// in a 32-bit word (CuTe's `tfloat32_t`).
pub fn storage_bits(ty: Type) -> u32 {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; the call only inspects it.
    if !raw.ptr.is_null() && unsafe { sys::mlirTypeIsATF32(raw) } {
        32
    } else {
        bits_of(ty)
    }
}

/// The element type and rank of a memref type (None for other types).
pub fn memref_element_and_rank(ty: Type) -> Option<(Type, i64)> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type; the calls only inspect it, and the
    // element type is uniqued in the same context.
    unsafe {
        if !sys::mlirTypeIsAMemRef(raw) {
            return None;
        }
        Some((Type::from_raw(sys::mlirShapedTypeGetElementType(raw)), sys::mlirShapedTypeGetRank(raw)))
    }
}

/// The NVVM address space of a memref (`#gpu.address_space<...>` or an
/// integer; none is generic), None when it has another memory space.
pub fn memref_address_space(ty: Type) -> Option<u32> {
    let raw = ty.to_raw();
    // SAFETY: as above.
    let space = unsafe { sys::mlirMemRefTypeGetMemorySpace(raw) };
    if space.ptr.is_null() {
        return Some(0);
    }
    match memref_space(ty)? {
        Some(n) => u32::try_from(n).ok(),
        None => {
            // SAFETY: a live attribute of the type.
            let text = unsafe { melior::ir::Attribute::from_raw(space) }.to_string();
            match text.as_str() {
                "#gpu.address_space<global>" => Some(1),
                "#gpu.address_space<workgroup>" => Some(3),
                "#gpu.address_space<private>" => Some(5),
                _ => None,
            }
        }
    }
}

/// The memory space of a memref as an integer (None: no memory space).
pub fn memref_space(ty: Type) -> Option<Option<i64>> {
    let raw = ty.to_raw();
    // SAFETY: as above.
    unsafe {
        if !sys::mlirTypeIsAMemRef(raw) {
            return None;
        }
        let space = sys::mlirMemRefTypeGetMemorySpace(raw);
        if space.ptr.is_null() {
            return Some(None);
        }
        Some(sys::mlirAttributeIsAInteger(space).then(|| sys::mlirIntegerAttrGetValueInt(space)))
    }
}

/// The element type of a memref (None for other types).
pub fn memref_element(ty: Type<'_>) -> Option<Type<'_>> {
    let raw = ty.to_raw();
    // SAFETY: as above.
    unsafe { sys::mlirTypeIsAMemRef(raw).then(|| Type::from_raw(sys::mlirShapedTypeGetElementType(raw))) }
}

/// Element type and element count of a vector (None for other types).
pub fn vector_parts(ty: Type<'_>) -> Option<(Type<'_>, i64)> {
    let raw = ty.to_raw();
    // SAFETY: as above.
    unsafe {
        sys::mlirTypeIsAVector(raw).then(|| {
            let count = (0..sys::mlirShapedTypeGetRank(raw)).map(|d| sys::mlirShapedTypeGetDimSize(raw, d as isize)).product();
            (Type::from_raw(sys::mlirShapedTypeGetElementType(raw)), count)
        })
    }
}

/// The printed form of a possibly absent type (`<none>` for none), as the
/// verbatim diagnostics print it.
pub fn type_text(ty: Option<Type>) -> String {
    ty.map_or_else(|| "<none>".to_string(), |t| t.to_string())
}

/// A type as MLIR's diagnostics stream it (`'f16'`); the C++ verifiers this
/// code replaced wrote `<< type`, and their messages are a contract.
pub fn quoted(ty: Type) -> String {
    format!("'{ty}'")
}
