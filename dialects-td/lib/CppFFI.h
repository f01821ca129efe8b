//===- CppFFI.h - entry points implemented in C++ for Rust (src/ffi/abi.rs) -===//
//
// The other direction of the C ABI: what Rust calls. Rust's declarations are
// generated from this header by bindgen (build.rs), with the shared enums and
// structs of CuteAbi.h. Accessors only: they read ODS types and register
// dialects and passes; no rule lives behind them.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_CPP_FFI_H
#define CUTE_CPP_FFI_H

#include "CuteAbi.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Dialect handles (Registration.cpp).
MlirDialectHandle mlirGetDialectHandle__cute__(void);
MlirDialectHandle mlirGetDialectHandle__cute_nvgpu__(void);

/// Inserts both dialects into an `mlir::DialectRegistry *`.
void cute_cpp_register_dialects(void *registry);

/// Registers pass `id` with the global pass registry; `factory(id)` creates
/// an instance.
void cute_cpp_register_pass(MlirPass (*factory)(uint32_t), uint32_t id);

/// Registers `argument` as a named pipeline with options: `build` receives
/// the option string and writes the pass list (true) or an error (false).
void cute_cpp_register_pipeline_fn(const char *argument, const char *description,
                                   bool (*build)(MlirStringRef options,
                                                 MlirStringCallback write,
                                                 void *userData));

/// If `type` is a spec-carrying cute type, stores its canonical spec (uniqued
/// in the context) and returns its CuteSpecKind, else -1.
int32_t cute_cpp_type_spec(MlirType type, MlirStringRef *spec);

/// The spec-carrying cute type of `kind` whose spec is `spec`, which must be
/// canonical (Rust's `spec::canonicalize`): built without MLIR's parser;
/// null for the basis kind (attributes only).
MlirType cute_cpp_spec_type(MlirContext context, uint32_t kind, MlirStringRef spec);

/// The parts of a composite cute type (ptr, desc_iter, view, tiled_copy,
/// tiled_mma); false for other types.
bool cute_cpp_composite_parts(MlirType type, CuteCompositeParts *parts);

/// The parameters and interfaces of a cute_nvgpu registry type; false for
/// other types (and for a null type).
bool cute_nvgpu_cpp_atom(MlirType type, CuteNvgpuAtom *atom);

/// The chip and features of an `#nvvm.target` attribute (NVVMTargetAttr's
/// own accessors, so no pass reads the chip from attribute text); false for
/// any other attribute.
bool cute_cpp_nvvm_target(MlirAttribute attr, MlirStringRef *chip, MlirStringRef *features);

/// The `#nvvm.target` `attr` with its chip and features replaced, every
/// other parameter kept; a null attribute if `attr` is not one.
MlirAttribute cute_cpp_nvvm_target_with(MlirAttribute attr, MlirStringRef chip, MlirStringRef features);

/// Parses `source` as a module without verifying it (MLIR's C API always
/// verifies): a null module when it does not parse, diagnostics emitted
/// and located in `name` (a file's path, or empty).
/// For the kernel cache's key and the parse-only benchmark; what runs a
/// pipeline verifies first.
MlirModule cute_cpp_parse_unverified(MlirContext context, MlirStringRef source, MlirStringRef name);

/// How often the cute dialect of `context` reused an inferred result type
/// (`hits`) and ran the Rust inference (`misses`, successes only); zeros
/// when the dialect is not loaded (CuteDialect.cpp, inferWithRust).
void cute_cpp_infer_memo_stats(MlirContext context, uint64_t *hits, uint64_t *misses);

/// Runs `manager` on `op` inside LLVM's crash recovery (RecoveringRun.cpp):
/// 0 success, 1 failure (diagnostics emitted), 2 LLVM aborted (a fatal
/// error or a crash): its reason is written NUL-terminated into `reason`
/// (at most `capacity` bytes) and `op` must not be used again.
int32_t cute_cpp_run_pass_manager_recovering(MlirPassManager manager, MlirOperation op, char *reason, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif // CUTE_CPP_FFI_H
