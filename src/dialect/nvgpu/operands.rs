//! How the registry sees an atom-call operand: a `!cute.view`'s residency
//! (spec 003 "Residency contract"), element type and layout.

use crate::dialect::{composite_parts, spec, type_spec, types, Composite, SpecKind};
use crate::ffi::abi;
use crate::layout::Layout;
use melior::ir::Type;

/// Where an operand lives: a bit set of [`residency`] bits.
pub type Residency = u32;

/// The residency bits.
pub mod residency {
    pub const NONE: u32 = 0;
    pub const RMEM: u32 = 1;
    pub const SMEM: u32 = 2;
    pub const GMEM: u32 = 4;
    pub const TMEM: u32 = 8;
    /// A view over SMEM matrix descriptors (`smem_desc_view`, descriptor iterators).
    pub const SMEM_DESC: u32 = 16;
    pub const ANY: u32 = RMEM | SMEM | GMEM | TMEM;

    /// The name the diagnostics use.
    pub fn name(residency: u32) -> &'static str {
        match residency {
            RMEM => "rmem",
            SMEM => "smem",
            GMEM => "gmem",
            TMEM => "tmem",
            SMEM_DESC => "smem_desc_view",
            _ => "any",
        }
    }
}

/// The residency of an address space (NVVM numbering).
pub fn residency_of_space(space: i64) -> Residency {
    match u32::try_from(space).map(abi::CuteAddressSpace) {
        Ok(abi::CuteAddressSpace::CUTE_AS_GENERIC | abi::CuteAddressSpace::CUTE_AS_GMEM) => residency::GMEM,
        Ok(abi::CuteAddressSpace::CUTE_AS_SMEM) => residency::SMEM,
        Ok(abi::CuteAddressSpace::CUTE_AS_RMEM) => residency::RMEM,
        Ok(abi::CuteAddressSpace::CUTE_AS_TMEM) => residency::TMEM,
        _ => residency::NONE,
    }
}

/// One view operand of an atom call.
#[derive(Clone, Debug)]
pub struct Operand<'c> {
    pub ty: Type<'c>,
    pub residency: Residency,
    /// The element type it loads and stores (None if it has none).
    pub element: Option<Type<'c>>,
    /// The layout's canonical notation (empty if none).
    pub layout_text: String,
    /// The layout is a composed (swizzled) layout.
    pub composed: bool,
    /// The layout type (`!cute.layout<"...">`), if any.
    pub layout_type: Option<Type<'c>>,
}

impl<'c> Operand<'c> {
    /// Reads a view type; a non-view operand has no residency.
    pub fn of(ty: Type<'c>) -> Self {
        let mut operand =
            Operand { ty, residency: residency::NONE, element: None, layout_text: String::new(), composed: false, layout_type: None };
        let Some(view) = composite_parts(ty).filter(|p| p.kind == Composite::View) else {
            return operand;
        };
        operand.layout_type = view.layout;
        if let Some((kind, text)) = view.layout.and_then(type_spec) {
            operand.layout_text = text.to_string();
            operand.composed = kind == SpecKind::ComposedLayout;
        }
        let Some(iterator) = view.iterator else { return operand };
        match composite_parts(iterator) {
            Some(p) if p.kind == Composite::DescIter => {
                operand.residency = residency::SMEM_DESC;
                operand.element = p.element;
            }
            Some(p) if p.kind == Composite::Ptr => {
                operand.residency = residency_of_space(i64::from(p.address_space));
                operand.element = p.element;
            }
            _ => {
                operand.element = types::memref_element(iterator);
                // A memref without a memory space is a register fragment.
                operand.residency = match types::memref_space(iterator) {
                    Some(None) => residency::RMEM,
                    Some(Some(space)) => residency_of_space(space),
                    None => residency::NONE,
                };
            }
        }
        operand
    }

    /// The layout (a composed layout's inner layout).
    pub fn layout(&self) -> Result<Layout, String> {
        if self.layout_text.is_empty() {
            return Err(format!("operand {} has no layout", self.ty));
        }
        if self.composed {
            Ok(spec::parse_checked_composed(&self.layout_text)?.layout)
        } else {
            spec::parse_checked_layout(&self.layout_text)
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A register-resident operand over the layout `text` (for the unit tests
    /// of the layout checks; the lit suites cover real views).
    pub fn operand<'c>(context: &'c melior::Context, text: &str) -> Operand<'c> {
        let composed = text.contains(" o ");
        let mnemonic = if composed { "composed_layout" } else { "layout" };
        let ty = crate::dialect::cute_type(context, &format!("!cute.{mnemonic}<\"{text}\">")).expect("a layout type");
        let (_, canonical) = type_spec(ty).expect("a spec type");
        Operand {
            ty,
            residency: residency::RMEM,
            element: None,
            layout_text: canonical.to_string(),
            composed,
            layout_type: Some(ty),
        }
    }

    /// A context with the dialects loaded.
    pub fn context() -> melior::Context {
        let registry = melior::dialect::DialectRegistry::new();
        crate::dialect::register(&registry);
        let context = melior::Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        context
    }
}

/// The optional operand groups of an MMA call: the sparsity metadata view
/// and the scale-factor views (A, B).
#[derive(Clone, Debug, Default)]
pub struct Extras<'c> {
    pub metadata: Option<Type<'c>>,
    pub scales: Vec<Type<'c>>,
}
