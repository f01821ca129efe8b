//! `logical_product`, `zipped_product`, `tiled_product`, `flat_product`,
//! `blocked_product`, `raked_product` (CuTe `include/cute/layout.hpp`).

use super::common::*;
use super::complement::complement_of_flat;
use super::composition::Composer;
use super::tiling::{flat, logical_by_mode, rank_product, tiled, zipped_by_mode, TilerArg, ZipParts};
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

/// `blocked_product(A, B) = zip(get<0>(P), get<1>(P))` with
/// `P = logical_product(append<R>(A), append<R>(B))`: mode `i` is
/// `(A_i, B_i')` (A is the inner block), as CuTe `include/cute/layout.hpp`
/// (CUTLASS 3.8+, no per-mode coalesce).
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("blocked_product", [a, b], rank_product(a, b, true, product_pair))
}

/// `raked_product(A, B) = zip(get<1>(P), get<0>(P))`, `P` as in
/// [`blocked_product`]: mode `i` is `(B_i', A_i)` (A's elements are
/// interleaved across the repeats), no per-mode coalesce (CUTLASS 3.8+).
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("raked_product", [a, b], rank_product(a, b, false, product_pair))
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

    /// CUTLASS 3.8+ (`include/cute/layout.hpp`): `zip` of the padded logical
    /// product, with no per-mode coalesce (3.4 to 3.7 gave
    /// `(6,(2,4)):(2,(1,12))` for the first case).
    #[test]
    fn blocked_and_raked_products_are_not_coalesced() {
        let (a, b) = (l("(2,2):(2,1)"), l("(3,4):(1,3)"));
        assert_eq!(ok(blocked_product(&a, &b)), "((2,3),(2,4)):((2,4),(1,12))");
        assert_eq!(ok(raked_product(&a, &b)), "((3,2),(4,2)):((4,2),(12,1))");
        // A contiguous block still keeps its two sub-modes per mode.
        assert_eq!(ok(blocked_product(&l("(4,2):(1,4)"), &l("(1,3):(0,1)"))), "((4,1),(2,3)):((1,0),(4,8))");
        // Rank padding with 1:0, and a rank-1 leaf operand stays one mode.
        assert_eq!(ok(blocked_product(&l("(2,2):(1,2)"), &l("3:1"))), "((2,3),(2,1)):((1,4),(2,0))");
        assert_eq!(ok(blocked_product(&l("4:1"), &l("3:1"))), "((4,3)):((1,4))");
        assert_eq!(ok(raked_product(&l("4:1"), &l("3:1"))), "((3,4)):((4,1))");
    }
}

/// CuTe's `tile_to_shape(block, target, order)`: the block padded with
/// `1:0` modes to the target's rank, replicated `ceil(target_i / block_i)`
/// times per mode in the order `order` gives (compact, `make_ordered_layout`;
/// column-major when absent), as `blocked_product`, then coalesced by mode
/// (`coalesce(…, product_shape)`). Static shapes.
pub fn tile_to_shape(block: &Layout, target: &super::tuple::IntTuple, order: Option<&super::tuple::IntTuple>) -> Result<Layout, LayoutError> {
    use super::tuple::IntTuple;
    let shown_order = order.map_or_else(|| "-".to_string(), |o| o.to_string());
    wrap!("tile_to_shape", [block, target, shown_order], {
        (|| -> Result<Layout, Cond> {
            let rank = target.rank();
            if block.rank() > rank {
                return Err(format!("the block has rank {}, more than the target shape's {rank}", block.rank()));
            }
            let mut modes = block.modes();
            while modes.len() < rank {
                modes.push(Layout::leaf(1, 0));
            }
            let padded = Layout::from_modes(modes);
            // ceil(target_i / block_i) replicas per mode; a run-time target
            // extent gives a run-time count (recorded for the lowering).
            use super::leaf_ops::{leaf_op, Op};
            use super::tuple::Leaf;
            let mut replicas = Vec::with_capacity(rank);
            let mut dynamic = false;
            for i in 0..rank {
                let size = |t: Option<IntTuple>, what: &str| -> Result<Leaf, Cond> {
                    let t = t.ok_or_else(|| format!("the {what} has no mode {i}"))?;
                    t.leaves().into_iter().try_fold(Leaf::Int(1), |acc, l| match l {
                        Leaf::Int(_) | Leaf::Dyn(_) => leaf_op(&acc, l, Op::Mul),
                        other => Err(not_static(other, what)),
                    })
                };
                let want = size(target.mode(i).cloned(), "target")?;
                let have = size(padded.mode(i).map(|m| m.shape().clone()), "block")?;
                if !matches!(have, Leaf::Int(_)) {
                    return Err(format!("the block's mode {i} has a run-time extent; the block is static"));
                }
                let count = leaf_op(&want, &have, Op::CeilDiv)?;
                dynamic |= !matches!(count, Leaf::Int(_));
                replicas.push(IntTuple::Leaf(count));
            }
            let replicas = IntTuple::tuple(replicas);
            let natural = IntTuple::tuple((0..rank as i64).map(IntTuple::int).collect());
            let order = order.unwrap_or(&natural);
            if order.rank() != rank || !order.is_static() {
                return Err(format!("the order {order} must be a static tuple of rank {rank}"));
            }
            let mut seen: Vec<i64> = (0..rank).filter_map(|i| order.mode(i).and_then(|m| m.as_int())).collect();
            seen.sort_unstable();
            if seen != (0..rank as i64).collect::<Vec<_>>() {
                return Err(format!("the order {order} is not a permutation of 0..{rank}"));
            }
            let ordered = super::make::make_ordered_layout(&replicas, order).map_err(|e| e.to_string())?;
            if dynamic {
                return super::runtime::blocked_product(&padded, &ordered).map_err(|e| e.condition.clone());
            }
            blocked_product(&padded, &ordered).map_err(|e| e.to_string())
        })()
    })
}
