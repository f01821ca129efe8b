//===- RecoveringRun.cpp - run a pass manager, surviving LLVM's aborts (CppFFI.h) -===//
//
// A module the verifier accepts can still make LLVM's NVPTX back end give up:
// an NVVM op the target's PTX version cannot express ("Cannot select:
// intrinsic ...") ends in report_fatal_error, which prints and abort()s the
// process: `cute compile` and every program using the Rust API with it. The
// pass manager runs here inside an llvm::CrashRecoveryContext (libclang's
// way of surviving a crash): the fatal error's reason is kept, the abort is
// caught, and the caller reports it as a diagnostic. Only C++ frames lie
// between the recovery point and the crash (no Rust frame is jumped over).
// What the aborted run allocated is leaked; the module it ran on must not be
// used again. The recovery covers the calling thread: LLVM's code generation
// (gpu-module-to-binary, anchored on the module) runs there; a crash in a
// pass MLIR's thread pool runs on a worker thread is not caught.
//
//===----------------------------------------------------------------------===//

#include "CppFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstring>
#include <mutex>
#include <string>

namespace {
// The reason of the last fatal error on this thread (the handler is global,
// installed once; each thread's pipeline keeps its own).
thread_local std::string lastFatal;

void keepReason(void *, const char *reason, bool) { lastFatal = reason ? reason : ""; }
} // namespace

extern "C" int32_t cute_cpp_run_pass_manager_recovering(MlirPassManager manager, MlirOperation op, char *reason, size_t capacity) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(keepReason, nullptr);
  });
  lastFatal.clear();
  int32_t status = 1;
  llvm::CrashRecoveryContext context;
  bool finished = context.RunSafely([&] { status = mlir::succeeded(unwrap(manager)->run(unwrap(op))) ? 0 : 1; });
  if (finished)
    return status;
  std::string text = lastFatal.empty() ? std::string("LLVM crashed") : lastFatal;
  if (capacity > 0) {
    size_t n = std::min(capacity - 1, text.size());
    std::memcpy(reason, text.data(), n);
    reason[n] = '\0';
  }
  return 2;
}
