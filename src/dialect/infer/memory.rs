//! Result types of the ops of `dialects-td/cute/CuteMemoryOps.td`.

use super::*;

/// The result types of `op` if it is one of this family's (None if not).
pub(super) fn infer(_op: &str, mnemonic: &str, args: &Args, operands: &[Operand], _attrs: &dyn Attrs) -> Result<Option<Vec<Inferred>>, String> {
    let result: Result<Vec<Inferred>, String> = match mnemonic {
        "make_fragment_like" => {
            let Some(Operand::View { iterator, element_bits, .. }) = operands.first() else {
                return Err("operand #0 must be a !cute.view".into());
            };
            let (source, _) = args.layout_or_view(0)?;
            if layout::size(&source).ok().and_then(|s| s.as_int()).is_none() {
                return Err(format!("a register fragment has a static shape, got {source}"));
            }
            // CuTe's make_layout_like: compact, in the source's stride order
            // (column-major when a stride is only known at run time).
            let compact = if has_dynamic(&source) {
                layout::make_layout(source.shape())
            } else {
                layout::make_layout_like(&source)
            }
            .map_err(err)?;
            let element = fragment_element(iterator, *element_bits)?;
            Ok(vec![Inferred::View {
                iterator: format!("!cute.ptr<{element}, rmem, align<16>>"),
                layout: (SpecKind::Layout, compact.to_string()),
            }])
        }
        // A coordinate tensor (CuTe's make_identity_tensor).
        "make_identity_tensor" => {
            let shape = args.tuple(0)?;
            let identity = layout::make_identity_layout(&shape).map_err(err)?;
            Ok(vec![Inferred::View {
                iterator: coord_iterator_type(&layout::zeros_like(&shape)),
                layout: (SpecKind::Layout, identity.to_string()),
            }])
        }
        _ => return Ok(None),
    };
    result.map(Some)
}
