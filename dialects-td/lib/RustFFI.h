//===- RustFFI.h - entry points implemented in Rust (src/ffi) -------------===//
//
// The C++ glue calls these for every piece of layout logic. They never unwind:
// a Rust panic is caught on the Rust side and reported as an error result.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_RUST_FFI_H
#define CUTE_RUST_FFI_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <cstdint>

extern "C" {

/// Value kinds understood by cute_rs_canonicalize; must match src/ffi/mod.rs.
enum CuteSpecKind : uint32_t {
  CUTE_SPEC_INT_TUPLE = 0,
  CUTE_SPEC_SHAPE = 1,
  CUTE_SPEC_STRIDE = 2,
  CUTE_SPEC_COORD = 3,
  CUTE_SPEC_TILE = 4,
  CUTE_SPEC_LAYOUT = 5,
  CUTE_SPEC_SWIZZLE = 6,
  CUTE_SPEC_COMPOSED_LAYOUT = 7,
  CUTE_SPEC_BASIS = 8, // attributes only: spec 001 `N@dim` descriptors
};

/// Parses `text` as a value of `kind`. On success passes the canonical
/// notation to `callback` and returns true; on failure passes the diagnostic
/// message and returns false.
bool cute_rs_canonicalize(uint32_t kind, MlirStringRef text,
                          MlirStringCallback callback, void *userData);

/// Verifies a `cute` or `cute_nvgpu` op; diagnostics are emitted on the op.
MlirLogicalResult cute_rs_verify_op(MlirOperation op);

/// Infers the result types of the cute op `name` from its operand types and
/// attributes. Writes at most `capacity` types to `results` and returns their
/// number, or -1 after emitting an error at `location`.
intptr_t cute_rs_infer_types(MlirStringRef name, MlirContext context,
                             MlirLocation location, intptr_t numOperands,
                             const MlirType *operandTypes,
                             MlirAttribute attributes, MlirType *results,
                             intptr_t capacity);

/// True if `to` is the cute value type `from` with some static leaves made
/// dynamic (same kind and tree).
bool cute_rs_is_derefinement(MlirType from, MlirType to);

/// True if `type` is a cute value type with no dynamic leaf.
bool cute_rs_is_static_type(MlirType type);

//===--- Implemented in C++ (CuteDialect.cpp) for the Rust side ---------===//

/// If `type` is a cute value type, stores its canonical spec and returns its
/// spec kind, else -1.
int32_t cute_cpp_type_spec(MlirType type, MlirStringRef *spec);

/// Composite (non-spec) cute types; must match src/dialect/mod.rs.
enum CuteCompositeKind : int32_t {
  CUTE_COMPOSITE_NONE = 0,
  CUTE_COMPOSITE_PTR = 1,
  CUTE_COMPOSITE_DESC_ITER = 2,
  CUTE_COMPOSITE_VIEW = 3,
  CUTE_COMPOSITE_TILED_COPY = 4,
  CUTE_COMPOSITE_TILED_MMA = 5,
};
int32_t cute_cpp_composite_kind(MlirType type);

/// Component `index` of a composite type: ptr 0 = element type; desc_iter
/// 0 = pointer type; view 0 = iterator, 1 = layout; tiled_copy 0 = atom,
/// 1 = thread-value layout, 2 = tiler; tiled_mma 0 = atom, 1 = atom layout.
/// Null if none.
MlirType cute_cpp_type_component(MlirType type, uint32_t index);

/// Verifies the operands of cute.copy_atom_call / cute.mma_atom_call through
/// the atom type's interface (emits the diagnostics itself).
MlirLogicalResult cute_cpp_verify_atom_instance(MlirOperation op);

/// The attribute bundle an atom type reports through its interface (spec 002
/// make_atom rebuild): {kind, shape_mnk, element_types} for MMA atoms,
/// {kind, value_type, copy_bits} for copy atoms; null for other types.
MlirAttribute cute_cpp_atom_bundle(MlirType atom);

/// Passes the (thread, value) -> bit layouts of a copy atom type (reference,
/// source, destination) to `callback` and stores the bit width of its element
/// type in `valueBits` (0 if it has none); returns their number, -1 if `atom`
/// is not a copy atom.
intptr_t cute_cpp_copy_atom_layouts(MlirType atom, MlirStringCallback callback, void *userData,
                                    unsigned *valueBits);

/// Address space and alignment of a !cute.ptr; false for other types.
bool cute_cpp_ptr_info(MlirType type, uint32_t *addressSpace, uint64_t *alignment);
}

#endif // CUTE_RUST_FFI_H
