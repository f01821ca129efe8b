//! How `cute` reaches atom types without knowing any SM tier (spec 002
//! "Atom Builder Contract", spec 003 `verify_atom_instance`): the rules of an
//! atom live with its dialect, and this module dispatches on the atom type's
//! dialect, as an MLIR dialect interface would. `cute_nvgpu` is the one atom
//! dialect today; a new one adds an arm here.

use super::nvgpu;
use crate::layout::Layout;
use melior::ir::{Type, TypeLike};

/// The atom dialects.
enum AtomDialect {
    Nvgpu,
}

fn dialect_of(atom: Type) -> Option<AtomDialect> {
    // SAFETY: `atom` is a live type; the namespace is the dialect's static name.
    let namespace = unsafe {
        let dialect = mlir_sys::mlirTypeGetDialect(atom.to_raw());
        let name = mlir_sys::mlirDialectGetNamespace(dialect);
        crate::ffi::str_of(name).ok()?.to_string()
    };
    match namespace.as_str() {
        "cute_nvgpu" => Some(AtomDialect::Nvgpu),
        _ => None,
    }
}

pub use super::nvgpu::operands::Extras;

/// Verifies an atom call's instance: `operands` are its views (D, A, B, C or
/// source, destination), `extras` its optional operand groups; `tiled` if
/// the atom operand is a tiled copy/MMA.
pub fn verify_instance(atom: Type, operands: &[Type], extras: &Extras, tiled: bool) -> Result<(), String> {
    match dialect_of(atom) {
        Some(AtomDialect::Nvgpu) => nvgpu::verify_instance(atom, operands, extras, tiled),
        None => Err(nvgpu::not_an_atom(atom)),
    }
}

/// A copy atom's (thread, value) -> bit layouts (reference, source,
/// destination) and the bit width of its element type.
pub fn copy_atom_layouts(atom: Type) -> Option<([Layout; 3], u32)> {
    match dialect_of(atom)? {
        AtomDialect::Nvgpu => nvgpu::copy_atom_layouts(atom),
    }
}

/// The attribute bundle a rebuilt `cute.make_atom` carries, in MLIR syntax.
pub fn bundle(atom: Type) -> Option<String> {
    match dialect_of(atom)? {
        AtomDialect::Nvgpu => nvgpu::atom_bundle(atom),
    }
}

/// [`bundle`] as the attribute `cute.make_atom` carries.
pub fn bundle_attribute<'c>(context: &'c melior::Context, atom: Type) -> Option<Result<melior::ir::Attribute<'c>, String>> {
    bundle(atom).map(|text| super::cute_attribute(context, &text))
}

/// Whether the atom moves or computes through generic loads and stores
/// (the universal copy and FMA): such an atom cannot touch tensor memory.
pub fn is_generic_memory_atom(atom: Type) -> bool {
    match dialect_of(atom) {
        Some(AtomDialect::Nvgpu) => matches!(
            nvgpu::Atom::of(atom),
            Some(nvgpu::Atom::UniversalCopy { .. } | nvgpu::Atom::UniversalFma { .. })
        ),
        None => false,
    }
}

/// Verifies the run-time parameters `cute.make_atom` binds to an atom.
pub fn verify_parameters(atom: Type, parameters: &[Type]) -> Result<(), String> {
    match dialect_of(atom) {
        Some(AtomDialect::Nvgpu) => nvgpu::verify_parameters(atom, parameters),
        None => Ok(()),
    }
}
