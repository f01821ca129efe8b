//! `logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide` (CuTe
//! `include/cute/layout.hpp`).

use super::common::*;
use super::complement::complement_modes;
use super::composition::Composer;
use super::tiling::{flat, logical_by_mode, tiled, zipped_by_mode, TilerArg, ZipParts};
use super::error::{Cond, LayoutError};
use super::tuple::{product, Layout};

/// `logical_divide(A, B) = A o (B, complement(B, size(A)))`.
pub fn logical_divide(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!(
        "logical_divide",
        [a, b],
        divide(LRef::of(a), LRef::of(b)).map(|(x, y)| Layout::pair(x, y))
    )
}

/// By-mode `logical_divide`; `_` keeps a mode, extra modes are kept.
pub fn logical_divide_tiler<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("logical_divide", [a, t], logical_by_mode(LRef::of(a), t, divide))
}

/// The (tile, rest) modes of `A o (B, complement(B, size(A)))`.
fn divide(a: LRef, b: LRef) -> Result<(Layout, Layout), Cond> {
    // A is flattened once: for its size and as the composer's operand.
    let mut comp = Composer::empty();
    flat_modes(a, &mut comp.lhs)?;
    let size = product(comp.lhs.iter().map(|m| m.0))?;
    let mut c = Modes::new();
    complement_modes(b, size, &mut c)?;
    comp.prepare()?;
    let tile = comp.apply(b)?;
    let rest = comp.apply_modes(&c)?;
    comp.finish()?;
    Ok((tile, rest))
}

/// The divide's (tile, rest): extra modes join the rest.
const DIVIDE_PARTS: ZipParts = ZipParts { names: "tile, rest", extra_in_first: false };

/// `zipped_divide(A, T) = ((tiles...), (rests...))`.
pub fn zipped_divide<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!(
        "zipped_divide",
        [a, t],
        zipped_by_mode(LRef::of(a), t, divide, DIVIDE_PARTS).map(|(x, y)| Layout::pair(x, y))
    )
}

/// `tiled_divide(A, T) = ((tiles...), rest0, rest1, ...)`.
pub fn tiled_divide<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!(
        "tiled_divide",
        [a, t],
        zipped_by_mode(LRef::of(a), t, divide, DIVIDE_PARTS).map(tiled)
    )
}

/// `flat_divide(A, T) = (tile0, tile1, ..., rest0, rest1, ...)`.
pub fn flat_divide<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!(
        "flat_divide",
        [a, t],
        zipped_by_mode(LRef::of(a), t, divide, DIVIDE_PARTS).map(flat)
    )
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::super::notation::parse_tiler;
    use super::*;

    #[test]
    fn divide_variants() {
        let a = l("(8,(4,6)):(1,(8,32))");
        let tl = parse_tiler("[2:1;(2,2):(1,4)]").unwrap();
        assert_eq!(
            ok(logical_divide_tiler(&a, &tl)),
            "((2,4),((2,2),(2,3))):((1,2),((8,32),(16,64)))"
        );
        assert_eq!(
            ok(zipped_divide(&a, &tl)),
            "((2,(2,2)),(4,(2,3))):((1,(8,32)),(2,(16,64)))"
        );
        assert_eq!(
            ok(tiled_divide(&a, &tl)),
            "((2,(2,2)),4,(2,3)):((1,(8,32)),2,(16,64))"
        );
        assert_eq!(
            ok(flat_divide(&a, &tl)),
            "(2,(2,2),4,(2,3)):(1,(8,32),2,(16,64))"
        );
        assert!(
            err(zipped_divide(&l("(5):(1)"), &parse_tiler("[_]").unwrap()))
                .contains("pair of rank 2")
        );
    }
}
