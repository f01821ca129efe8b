//! `logical_product`, `zipped_product`, `tiled_product`, `flat_product`,
//! `blocked_product`, `raked_product` (CuTe `include/cute/layout.hpp`).

use super::common::*;
use super::coalesce::coalesce_impl;
use super::complement::complement_of_flat;
use super::composition::Composer;
use super::tiling::{flat, into_modes, logical_by_mode, tiled, zipped_by_mode, TilerArg, ZipParts};
use super::error::{arith, Cond, LayoutError};
use super::tuple::{product, Layout};

/// `logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B)`.
pub fn logical_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!(
        "logical_product",
        [a, b],
        product_pair(LRef::of(a), LRef::of(b)).map(|(x, y)| Layout::pair(x, y))
    )
}

/// By-mode `logical_product`; `_` keeps a mode, extra modes are kept.
pub fn logical_product_tiler<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("logical_product", [a, t], logical_by_mode(LRef::of(a), t, product_pair))
}

fn product_pair(a: LRef, b: LRef) -> Result<(Layout, Layout), Cond> {
    let mut modes = Modes::new();
    flat_modes(b, &mut modes)?;
    let cos = modes.iter().try_fold(1i64, |acc, &(s, d)| {
        arith::add(acc, arith::mul(s - 1, arith::abs(d)?)?)
    })?;
    let mut flat = Modes::new();
    flat_modes(a, &mut flat)?;
    let cot = arith::mul(product(flat.iter().map(|m| m.0))?, cos)?;
    let mut comp = Composer::empty();
    complement_of_flat(&mut flat, cot, &mut comp.lhs)?;
    comp.prepare()?;
    let repeat = comp.apply(b)?;
    comp.finish()?;
    Ok((a.to_layout(), repeat))
}

/// The product's (block, repeat): extra modes join the block.
const PRODUCT_PARTS: ZipParts = ZipParts { names: "block, repeat", extra_in_first: true };

/// `zipped_product(A, T) = (A, repeats)`.
pub fn zipped_product<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!(
        "zipped_product",
        [a, t],
        zipped_by_mode(LRef::of(a), t, product_pair, PRODUCT_PARTS).map(|(x, y)| Layout::pair(x, y))
    )
}

/// `tiled_product(A, T) = (A, rep0, rep1, ...)`.
pub fn tiled_product<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!(
        "tiled_product",
        [a, t],
        zipped_by_mode(LRef::of(a), t, product_pair, PRODUCT_PARTS).map(tiled)
    )
}

/// `flat_product(A, T) = (a0, a1, ..., rep0, rep1, ...)`.
pub fn flat_product<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!(
        "flat_product",
        [a, t],
        zipped_by_mode(LRef::of(a), t, product_pair, PRODUCT_PARTS).map(flat)
    )
}

/// Pads `l` to `r` top-level modes with `1:0` (CuTe `append<R>`).
fn pad_rank(l: &Layout, r: usize) -> Layout {
    let mut modes = l.modes();
    modes.resize(r, Layout::leaf(1, 0));
    Layout::from_modes(modes)
}

fn rank_product(a: &Layout, b: &Layout, block_first: bool) -> Result<Layout, Cond> {
    let r = a.rank().max(b.rank());
    let (pa, pb) = (pad_rank(a, r), pad_rank(b, r));
    let (x, y) = product_pair(LRef::of(&pa), LRef::of(&pb))?;
    let modes = into_modes(x)
        .into_iter()
        .zip(into_modes(y))
        .map(|(p, q)| {
            let pair = if block_first { vec![p, q] } else { vec![q, p] };
            coalesce_impl(&Layout::from_modes(pair))
        })
        .collect::<Result<_, _>>()?;
    Ok(Layout::from_modes(modes))
}

/// `blocked_product(A, B)`: mode `i` is `(A_i, B_i')`, each mode coalesced
/// (A is the inner block).
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("blocked_product", [a, b], rank_product(a, b, true))
}

/// `raked_product(A, B)`: mode `i` is `(B_i', A_i)`, each mode coalesced
/// (A's elements are interleaved across the repeats).
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("raked_product", [a, b], rank_product(a, b, false))
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::super::tuple::Tiler;
    use super::*;

    #[test]
    fn product_variants() {
        let b = l("(2,2):(1,2)");
        let c = l("(3,4):(1,3)");
        assert_eq!(ok(blocked_product(&b, &c)), "((2,3),(2,4)):((1,4),(2,12))");
        assert_eq!(ok(raked_product(&b, &c)), "((3,2),(4,2)):((4,1),(12,2))");
        assert_eq!(
            ok(zipped_product(&b, &Tiler::Layout(c.clone()))),
            "((2,2),(3,4)):((1,2),(4,12))"
        );
        assert_eq!(
            ok(tiled_product(&b, &Tiler::Layout(c.clone()))),
            "((2,2),3,4):((1,2),4,12)"
        );
        assert_eq!(
            ok(flat_product(&b, &Tiler::Layout(c))),
            "(2,2,3,4):(1,2,4,12)"
        );
        assert!(err(logical_product(&l("(4,6,8):(1,4,7)"), &l("6:1"))).contains("non-injective"));
    }
}
