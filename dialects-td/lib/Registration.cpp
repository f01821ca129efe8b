//===- Registration.cpp - C entry points used by the Rust side -------------===//
//
// Dialect handles for the C API (and so for melior), the DialectRegistry hook
// of the mlir-opt dialect plugin, pass registration for passes implemented in
// Rust, and type accessors. The plugin entry points themselves are written in
// Rust (src/plugin.rs): a Rust cdylib only exports Rust symbols.
//
//===----------------------------------------------------------------------===//

#include "CuteDialect.h"
#include "CuteNvgpuDialect.h"
#include "RustFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <string>

extern "C" {

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Cute, cute, mlir::cute::CuteDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(CuteNvgpu, cute_nvgpu,
                                      mlir::cute_nvgpu::CuteNvgpuDialect)

/// Inserts both dialects into an `mlir::DialectRegistry` (the dialect plugin
/// callback receives the registry as a C++ pointer).
void cute_cpp_register_dialects(void *registry) {
  static_cast<mlir::DialectRegistry *>(registry)
      ->insert<mlir::cute::CuteDialect, mlir::cute_nvgpu::CuteNvgpuDialect>();
}

/// Registers a pass implemented in Rust with the global pass registry, so that
/// textual pipelines (mlir-opt's --pass-pipeline, mlirParsePassPipeline) find
/// it. `factory(id)` creates a fresh external pass each time.
void cute_cpp_register_pass(MlirPass (*factory)(uint32_t), uint32_t id) {
  mlir::registerPass([factory, id]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(unwrap(factory(id)));
  });
}

/// Registers `argument` as a named pipeline whose passes `build` returns for
/// the pipeline's option string (`chip=sm_80`): `build` writes the pass list
/// (or, returning false, the error) through `write`. Generic: which passes,
/// and what the options mean, is decided in Rust.
void cute_cpp_register_pipeline_fn(const char *argument, const char *description,
                                   bool (*build)(MlirStringRef options,
                                                 MlirStringCallback write,
                                                 void *userData)) {
  mlir::registerPassPipeline(
      argument, description,
      [build](mlir::OpPassManager &pm, llvm::StringRef options,
              llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                  errorHandler) -> mlir::LogicalResult {
        std::string text;
        auto append = [](MlirStringRef part, void *data) {
          static_cast<std::string *>(data)->append(part.data, part.length);
        };
        if (!build(wrap(options), append, &text))
          return errorHandler(text);
        std::string error;
        llvm::raw_string_ostream os(error);
        if (mlir::failed(mlir::parsePassPipeline(text, pm, os)))
          return errorHandler(os.str());
        return mlir::success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
}
}
