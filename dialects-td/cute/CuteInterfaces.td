//===- CuteInterfaces.td - generic atom type interfaces --------------------===//
//
// `cute` never branches on an SM tier: it asks atom types through these
// interfaces (spec 002 "Atom Builder Contract", spec 003
// `verify_atom_instance`). `cute_nvgpu` atom types implement them.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_INTERFACES_TD
#define CUTE_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Cute_MmaAtomTypeInterface : TypeInterface<"MmaAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    An MMA atom: one hardware (or universal) multiply-accumulate instruction.
    Reports its (M,N,K) shape and operand element types, and verifies the
    operands of an instance (`cute.mma_atom_call`).
  }];
  let methods = [
    InterfaceMethod<"The (M,N,K) shape of one atom, in CuTe notation.",
                    "std::string", "getShapeMNK">,
    InterfaceMethod<"Element types of A, B and the accumulator C/D.",
                    "::llvm::SmallVector<::mlir::Type, 3>", "getOperandElementTypes">,
    InterfaceMethod<[{Verifies the element types of an instance's operands
                      (D, A, B, C) against the atom.}],
                    "::llvm::LogicalResult", "verifyInstance",
                    (ins "::mlir::TypeRange":$elementTypes,
                         "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

def Cute_CopyAtomTypeInterface : TypeInterface<"CopyAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A copy atom: one load/store/async-copy instruction. Reports the element
    type and width it moves, and verifies an instance's source and
    destination (`cute.copy_atom_call`).
  }];
  let methods = [
    InterfaceMethod<"The element type one atom moves.", "::mlir::Type", "getCopyElementType">,
    InterfaceMethod<"Bits moved per thread by one atom.", "unsigned", "getCopyBits">,
    InterfaceMethod<[{The atom's (thread, value) -> bit layouts in CuTe
                      notation, in order reference, source, destination
                      (CuTe's Copy_Traits RefLayout/SrcLayout/DstLayout, in
                      bits as CuTe writes them; partitioning upcasts them to
                      elements of the copy element type, as CuTe's Copy_Atom
                      does). Empty if the atom does not describe them; then
                      tiled-copy partitioning rejects it.}],
                    "::llvm::SmallVector<std::string, 3>", "getThreadValueLayouts", (ins), "",
                    "return {};">,
    InterfaceMethod<[{Verifies the source and destination element types of an
                      instance.}],
                    "::llvm::LogicalResult", "verifyInstance",
                    (ins "::mlir::TypeRange":$elementTypes,
                         "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

#endif // CUTE_INTERFACES_TD
