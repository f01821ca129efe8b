//===- RustFFI.h - entry points implemented in Rust (src/ffi/exports) -----===//
//
// One direction of the C ABI: what C++ calls. The C++ glue calls these for
// every piece of layout and ISA logic. They never unwind: a Rust panic is
// caught on the Rust side and reported as an error result. Shared enums and
// structs are in CuteAbi.h; the other direction is CppFFI.h.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_RUST_FFI_H
#define CUTE_RUST_FFI_H

#include "CuteAbi.h"

#ifdef __cplusplus
extern "C" {
#endif

//===--- cute (src/ffi/exports/cute.rs) ----------------------------------===//

/// Parses `text` as a value of `kind` (a CuteSpecKind). On success passes the
/// canonical notation to `callback` and returns true; on failure passes the
/// diagnostic message and returns false.
bool cute_rs_canonicalize(uint32_t kind, MlirStringRef text, MlirStringCallback callback,
                          void *userData);

/// cute_rs_canonicalize for the unquoted spelling (`!cute.coord<2>`), where a
/// bare integer is the spec's rank notation (a rank-N all-dynamic value).
bool cute_rs_canonicalize_unquoted(uint32_t kind, MlirStringRef text, MlirStringCallback callback,
                                   void *userData);

/// The int-tuple type of the coordinates a coordinate tensor with iterator
/// `text` yields (its tree, every leaf run-time); false and the diagnostic
/// for a malformed spec.
bool cute_rs_coordinate_of(MlirStringRef text, MlirStringCallback callback, void *userData);

/// The mnemonic of a CuteSpecKind (`layout` for `!cute.layout<"...">`);
/// empty for an unknown kind. Static storage.
MlirStringRef cute_rs_spec_mnemonic(uint32_t kind);

/// Verifies a `cute` or `cute_nvgpu` op named `name`; diagnostics are
/// emitted on the op.
MlirLogicalResult cute_rs_verify_op(MlirOperation op, MlirStringRef name);

/// Infers the result types of the cute op `name` from its operand types and
/// attributes. Writes at most `capacity` types to `results` and returns their
/// number, or -1 after emitting an error at `location`.
intptr_t cute_rs_infer_types(MlirStringRef name, MlirContext context, MlirLocation location,
                             intptr_t numOperands, const MlirType *operandTypes,
                             MlirAttribute attributes, MlirType *results, intptr_t capacity);

/// True if the declared result type `to` may stand for the inferred cute
/// value type `from`: `from` with some static leaves made dynamic (same kind
/// and tree), or, for layouts, the same function (equal after coalesce).
bool cute_rs_is_compatible_result(MlirType from, MlirType to);

/// True if `type` is a cute value type with no dynamic leaf.
bool cute_rs_is_static_type(MlirType type);

//===--- cute_nvgpu (src/ffi/exports/nvgpu.rs) ---------------------------===//

/// The type verifier of a registry type being built from `params`; passes
/// the diagnostic to `callback` and returns false on failure.
bool cute_nvgpu_rs_verify_atom(const CuteNvgpuAtom *params, MlirStringCallback callback,
                               void *userData);

/// Whether `chip` is in the SM roster and, if `atom` is a registry type (it
/// may be null), whether the atom is legal on it; the diagnostic otherwise.
bool cute_nvgpu_rs_verify_on_target(MlirType atom, MlirStringRef chip,
                                    MlirStringCallback callback, void *userData);

/// A text fact of a registry type (static storage; empty if it has none).
MlirStringRef cute_nvgpu_rs_atom_text(MlirType atom, CuteNvgpuText which);

/// A numeric fact of a registry type (0 if it has none).
uint32_t cute_nvgpu_rs_atom_number(MlirType atom, CuteNvgpuNumber which);

/// The optional assembly keys (CuteNvgpuMmaKey bits) of an MMA kind.
uint32_t cute_nvgpu_rs_mma_keys(CuteNvgpuAtomKind kind);

#ifdef __cplusplus
}
#endif

#endif // CUTE_RUST_FFI_H
