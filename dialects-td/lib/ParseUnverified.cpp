//===- ParseUnverified.cpp - parse a module without verifying it (CppFFI.h) -===//
//
// MLIR's C API parses and verifies in one call (`mlirModuleCreateParse`).
// The kernel cache's key needs only the canonical form of the module, and
// the verifier (with the cute type inference it runs) is most of a cache
// hit's cost: a hit is then parse + print, verification happening only when
// the pipeline runs (issue 33). The verify-overhead benchmark uses it too,
// for parse-only times.
//
//===----------------------------------------------------------------------===//

#include "CppFFI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

extern "C" MlirModule cute_cpp_parse_unverified(MlirContext context, MlirStringRef source, MlirStringRef name) {
  ParserConfig config(unwrap(context), /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(unwrap(source), config, unwrap(name));
  if (!module)
    return MlirModule{nullptr};
  return MlirModule{module.release().getOperation()};
}
