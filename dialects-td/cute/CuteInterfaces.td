//===- CuteInterfaces.td - generic atom type interfaces --------------------===//
//
// `cute` never branches on an SM tier: it asks atom types through these
// interfaces (spec 002 "Atom Builder Contract"). `cute_nvgpu` atom types
// implement them. The rules behind an atom (its instance verifier, spec 003
// `verify_atom_instance`; its thread-value layouts) live with the atom's
// dialect in Rust and are reached through src/dialect/atoms.rs, which
// dispatches on the atom type's dialect as an AtomDialectInterface would.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_INTERFACES_TD
#define CUTE_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Cute_AtomLikeTypeInterface : TypeInterface<"AtomLikeTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    Any atom-like value `cute.make_atom` builds (spec 002 "Atom Builder
    Contract": an MMA, copy, prefetch or other atom-like value, e.g. a
    non-executing TMA atom). A marker: what the atom is, and its bundle, come
    from the atom's other interfaces and its dialect's Rust registry.
  }];
}

def Cute_MmaAtomTypeInterface : TypeInterface<"MmaAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    An MMA atom: one hardware (or universal) multiply-accumulate instruction.
    Reports its (M,N,K) shape and operand element types.
  }];
  let methods = [
    InterfaceMethod<"The (M,N,K) shape of one atom, in CuTe notation.",
                    "std::string", "getShapeMNK">,
    InterfaceMethod<"Element types of A, B and the accumulator C/D.",
                    "::llvm::SmallVector<::mlir::Type, 3>", "getOperandElementTypes">,
  ];
}

def Cute_CopyAtomTypeInterface : TypeInterface<"CopyAtomTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A copy atom: one load/store/async-copy instruction. Reports the element
    type and width it moves.
  }];
  let methods = [
    InterfaceMethod<"The element type one atom moves.", "::mlir::Type", "getCopyElementType">,
    InterfaceMethod<"Bits moved per thread by one atom.", "unsigned", "getCopyBits">,
  ];
}

#endif // CUTE_INTERFACES_TD
