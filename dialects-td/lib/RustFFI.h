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
};

/// Parses `text` as a value of `kind`. On success passes the canonical
/// notation to `callback` and returns true; on failure passes the diagnostic
/// message and returns false.
bool cute_rs_canonicalize(uint32_t kind, MlirStringRef text,
                          MlirStringCallback callback, void *userData);

/// Verifies a `cute` or `cute_nvgpu` op; diagnostics are emitted on the op.
MlirLogicalResult cute_rs_verify_op(MlirOperation op);
}

#endif // CUTE_RUST_FFI_H
