//! CuTe's composition and divides on run-time (`?`) values, step for step
//! as `include/cute/layout.hpp` computes them: every arithmetic step whose
//! operands are static is done here, any other gives a run-time leaf, and a
//! decision CuTe takes at compile time (skip an extent-1 mode, merge two
//! modes) is taken only where it is static here too. So the result has the
//! mode structure CuTe's C++ (and NVIDIA's IR) gives, with `?` where CuTe has
//! a run-time value.
//!
//! The static algebra (`composition`, `divide`) is exact and checks
//! admissibility; this one is only reached when some value is run-time and
//! the leaf-wise rules of `dynamic_tiling` do not apply.

use super::coalesce::{bw_coalesce, coalesce_leaves, Unit};
use super::common::*;
use super::complement::complement_dynamic;
use super::error::{Cond, LayoutError};
use super::leaf_ops::{flat_leaves, leaf_op, Op};
use super::tiling::{flat, logical_by_mode, tiled, zipped_by_mode, TilerArg, ZipParts};
use super::tuple::{IntTuple, Layout, Leaf};

/// CuTe's `coalesce` as flat modes.
pub(super) fn coalesce_flat(l: &Layout) -> Result<Vec<(Leaf, Leaf)>, Cond> {
    Ok(flat_leaves(&coalesce_leaves(flat_leaves(l))?))
}

/// `composition(A, B)`: `A` coalesced once, then each leaf of `B`
/// (right-distributivity; the result has `B`'s tree).
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("composition", [a, b], coalesce_flat(a).and_then(|lhs| compose(&lhs, b)))
}

fn compose(lhs: &[(Leaf, Leaf)], b: &Layout) -> Result<Layout, Cond> {
    fn tree(lhs: &[(Leaf, Leaf)], s: &IntTuple, d: &IntTuple) -> Result<Layout, Cond> {
        match (s, d) {
            (IntTuple::Leaf(s), IntTuple::Leaf(d)) => compose_leaf(lhs, s, d),
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == ds.len() => {
                Ok(Layout::from_modes(ss.iter().zip(ds).map(|(s, d)| tree(lhs, s, d)).collect::<Result<_, _>>()?))
            }
            _ => Err("the tiler's shape and stride are not congruent".into()),
        }
    }
    tree(lhs, b.shape(), b.stride())
}

/// CuTe's `composition_impl` of the coalesced `lhs` with one mode `s:d`.
fn compose_leaf(lhs: &[(Leaf, Leaf)], s: &Leaf, d: &Leaf) -> Result<Layout, Cond> {
    let leaf = |s: Leaf, d: Leaf| Layout::from_parts(IntTuple::Leaf(s), IntTuple::Leaf(d));
    if matches!(d, Leaf::Basis(_)) {
        return Err(not_static(d, "tiler stride"));
    }
    if *d == Leaf::Int(0) {
        return Ok(leaf(s.clone(), Leaf::Int(0)));
    }
    let Some(((_, last_d), init)) = lhs.split_last() else {
        return Err("the layout has no modes".into());
    };
    if init.is_empty() {
        return Ok(leaf(s.clone(), leaf_op(d, last_d, Op::Mul)?));
    }
    let abs = |l: &Leaf| match l {
        Leaf::Int(v) => Leaf::Int(v.abs()),
        other => other.clone(),
    };
    // Divide the stride out of the leading modes.
    let mut rest_stride = d.clone();
    let mut shapes = Vec::with_capacity(init.len());
    let mut strides = Vec::with_capacity(init.len());
    for (si, di) in init {
        let divided = leaf_op(si, &rest_stride, Op::ShapeDiv)?;
        strides.push(leaf_op(di, &leaf_op(si, &divided, Op::ShapeDiv)?, Op::Mul)?);
        rest_stride = leaf_op(&rest_stride, si, Op::ShapeDiv)?;
        shapes.push(divided);
    }
    // Mod the shape out of them.
    let mut rest_shape = s.clone();
    let mut modes = Vec::with_capacity(init.len());
    for (si, di) in shapes.iter().zip(strides) {
        modes.push((leaf_op(&abs(si), &rest_shape, Op::Min)?, di));
        rest_shape = leaf_op(&rest_shape, &abs(si), Op::ShapeDiv)?;
    }
    bw_coalesce(&modes, (rest_shape, leaf_op(&rest_stride, last_d, Op::Mul)?), Unit::Zero)
}

/// The (tile, rest) of `logical_divide(A, B)`:
/// `A o (B, complement(B, shape(coalesce(A))))`.
fn divide(a: LRef, b: LRef) -> Result<(Layout, Layout), Cond> {
    let a = a.to_layout();
    let b = b.to_layout();
    // A coordinate tiler (CuTe's basis strides address A's modes): its
    // complement is in A's coordinate box.
    if flat_leaves(&b).iter().any(|(_, d)| matches!(d, Leaf::Basis(_))) {
        let shape = match a.shape() {
            IntTuple::Tuple(modes) => modes.clone(),
            leaf => vec![leaf.clone()],
        };
        let rest = super::complement::complement_basis(&b, Some(&IntTuple::Tuple(shape))).map_err(|e| e.condition.clone())?;
        let compose = |t: &Layout| super::dynamic_tiling::compose_basis_tiler(&a, t).map_err(|e| e.condition.clone());
        return Ok((compose(&b)?, compose(&rest)?));
    }
    let lhs = coalesce_flat(&a)?;
    let cotarget = IntTuple::Tuple(lhs.iter().map(|(s, _)| IntTuple::Leaf(s.clone())).collect());
    let rest = complement_dynamic(&b, &cotarget)?;
    Ok((compose(&lhs, &b)?, compose(&lhs, &rest)?))
}

fn compose_parts(a: LRef, b: LRef) -> Result<(Layout, Layout), Cond> {
    Ok((compose(&coalesce_flat(&a.to_layout())?, &b.to_layout())?, Layout::leaf(1, 0)))
}

/// `size(L)` of possibly run-time extents.
fn size(l: &Layout) -> Result<Leaf, Cond> {
    flat_leaves(l).iter().try_fold(Leaf::Int(1), |acc, (s, _)| leaf_op(&acc, s, Op::Mul))
}

/// `cosize(L) = 1 + sum((s - 1) * |d|)` of possibly run-time values.
fn cosize(l: &Layout) -> Result<Leaf, Cond> {
    flat_leaves(l).iter().try_fold(Leaf::Int(1), |acc, (s, d)| {
        let d = match d {
            Leaf::Int(v) => Leaf::Int(v.abs()),
            other => other.clone(),
        };
        leaf_op(&acc, &leaf_op(&leaf_op(s, &Leaf::Int(1), Op::Sub)?, &d, Op::Mul)?, Op::Add)
    })
}

/// The (block, repeat) of `logical_product(A, B)`:
/// `(A, complement(A, size(A) * cosize(B)) o B)`.
pub(super) fn product_pair(a: LRef, b: LRef) -> Result<(Layout, Layout), Cond> {
    let (a, b) = (a.to_layout(), b.to_layout());
    // NVIDIA's IR requires a static block (the tile being replicated); CuTe
    // needs static strides to complement it anyway.
    let modes = flat_leaves(&a);
    if let Some((s, d)) = modes.iter().find(|(s, d)| matches!(s, Leaf::Dyn(_)) || matches!(d, Leaf::Dyn(_))) {
        let bad = if matches!(s, Leaf::Dyn(_)) { s } else { d };
        return Err(format!("the block {a} must be static, but `{bad}` is not"));
    }
    let has_basis = modes.iter().any(|(_, d)| matches!(d, Leaf::Basis(_)));
    let cotarget = leaf_op(&size(&a)?, &cosize(&b)?, Op::Mul)?;
    // A coordinate block complements per codomain mode (NVIDIA's IR).
    let rest = if has_basis {
        super::complement::complement_basis(&a, Some(&IntTuple::Leaf(cotarget))).map_err(|e| e.condition.clone())?
    } else {
        complement_dynamic(&a, &IntTuple::Leaf(cotarget))?
    };
    Ok((a.clone(), compose(&coalesce_flat(&rest)?, &b)?))
}

const PRODUCT_PARTS: ZipParts = ZipParts { names: "block, repeat", extra_in_first: true };

pub fn logical_product<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("logical_product", [a, t], logical_by_mode(LRef::of(a), t, product_pair))
}

pub fn zipped_product<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("zipped_product", [a, t], zipped_by_mode(LRef::of(a), t, product_pair, PRODUCT_PARTS).map(|(x, y)| Layout::pair(x, y)))
}

pub fn tiled_product<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("tiled_product", [a, t], zipped_by_mode(LRef::of(a), t, product_pair, PRODUCT_PARTS).map(tiled))
}

pub fn flat_product<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("flat_product", [a, t], zipped_by_mode(LRef::of(a), t, product_pair, PRODUCT_PARTS).map(flat))
}

pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("blocked_product", [a, b], super::tiling::rank_product(a, b, true, product_pair))
}

pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("raked_product", [a, b], super::tiling::rank_product(a, b, false, product_pair))
}

const DIVIDE_PARTS: ZipParts = ZipParts { names: "tile, rest", extra_in_first: false };

/// By-mode composition: mode `i` of `A` with element `i` of the tiler,
/// modes beyond the tiler dropped (as the static `composition_tiler`).
pub fn composition_tiler<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!(
        "composition",
        [a, t],
        zipped_by_mode(LRef::of(a), t, compose_parts, ZipParts { names: "composition", extra_in_first: false }).map(|(x, _)| x)
    )
}

pub fn logical_divide<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("logical_divide", [a, t], logical_by_mode(LRef::of(a), t, divide))
}

pub fn zipped_divide<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("zipped_divide", [a, t], zipped_by_mode(LRef::of(a), t, divide, DIVIDE_PARTS).map(|(x, y)| Layout::pair(x, y)))
}

pub fn tiled_divide<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("tiled_divide", [a, t], zipped_by_mode(LRef::of(a), t, divide, DIVIDE_PARTS).map(tiled))
}

pub fn flat_divide<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("flat_divide", [a, t], zipped_by_mode(LRef::of(a), t, divide, DIVIDE_PARTS).map(flat))
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::super::notation::parse_tiler;
    use super::*;

    #[test]
    fn run_time_compositions_keep_cutes_structure() {
        assert_eq!(ok(composition(&l("?:?"), &l("4:?"))), "4:?");
        assert_eq!(ok(composition(&l("(20):(2)"), &l("(?,4):(4,1)"))), "(?,4):(8,2)");
        assert_eq!(ok(composition(&l("(?,?):(?,?)"), &l("(4):(1)"))), "((?,?)):((?,?))");
        // A is coalesced first: (4,8):(1,4) is 32:1.
        assert_eq!(ok(composition(&l("(4,8):(1,4)"), &l("(2,4):(1,?)"))), "(2,4):(1,?)");
        // A run-time stride of B makes every division by it run-time.
        assert_eq!(ok(composition(&l("(4,8):(1,8)"), &l("(2,4):(1,?)"))), "(2,(?,?)):(1,(?,?))");
        // Static decisions stay static: 2:1 stays in mode 0 of (4,?).
        assert_eq!(ok(composition(&l("(4,?):(1,4)"), &l("2:1"))), "2:1");
    }

    #[test]
    fn run_time_divides() {
        assert_eq!(
            ok(logical_divide(&l("(?,?):(?,?)"), &l("(3,4):(1,3)"))),
            "(((?,?),(?,?)),((?,?),(?,?))):(((?,?),(?,?)),((?,?),(?,?)))"
        );
        assert_eq!(
            ok(zipped_divide(&l("(?,?):(1,?)"), &parse_tiler("[?:1;?:1]").unwrap())),
            "((?,?),(?,?)):((1,?),(?,?))"
        );
    }
}
