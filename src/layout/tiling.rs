//! The by-mode walk shared by the divides and the products: tiler operands
//! ([`TilerArg`]), `_` and by-mode tilers, and the zipped forms (CuTe
//! `zip2_by` and the `Tiler` overloads in `include/cute/layout.hpp`).

use std::fmt;

use super::common::*;
use super::make::layout_of_int;
use super::error::Cond;
use super::tuple::{IntTuple, Layout, Tiler};

/// A tiler operand: a [`Tiler`], or a layout used as one (without copying
/// it into a `Tiler::Layout`).
#[derive(Clone, Copy, Debug)]
pub enum TilerArg<'a> {
    Tiler(&'a Tiler),
    Layout(&'a Layout),
}

impl<'a> From<&'a Tiler> for TilerArg<'a> {
    fn from(t: &'a Tiler) -> Self {
        TilerArg::Tiler(t)
    }
}

impl<'a> From<&'a Layout> for TilerArg<'a> {
    fn from(l: &'a Layout) -> Self {
        TilerArg::Layout(l)
    }
}

impl fmt::Display for TilerArg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TilerArg::Tiler(t) => write!(f, "{t}"),
            TilerArg::Layout(l) => write!(f, "{l}"),
        }
    }
}

/// A tiler element: a layout, `_`, or a by-mode list.
pub(super) enum Elem<'a> {
    Layout(std::borrow::Cow<'a, Layout>),
    Keep,
    ByMode(std::borrow::Cow<'a, [Tiler]>),
}

pub(super) fn elem(t: TilerArg<'_>) -> Result<Elem<'_>, Cond> {
    use std::borrow::Cow;
    let t = match t {
        TilerArg::Layout(l) => return Ok(Elem::Layout(Cow::Borrowed(l))),
        TilerArg::Tiler(t) => t,
    };
    Ok(match t {
        Tiler::Layout(l) => Elem::Layout(Cow::Borrowed(l)),
        Tiler::Shape(IntTuple::Leaf(l)) => {
            Elem::Layout(Cow::Owned(layout_of_int(leaf_static(l, "tile")?)?))
        }
        Tiler::Shape(IntTuple::Tuple(v)) => {
            Elem::ByMode(Cow::Owned(v.iter().cloned().map(Tiler::Shape).collect()))
        }
        Tiler::Underscore => Elem::Keep,
        Tiler::ByMode(v) => Elem::ByMode(Cow::Borrowed(v)),
    })
}

pub(super) fn by_mode<'a, 't>(
    a: LRef<'a>,
    ts: &'t [Tiler],
) -> Result<impl Iterator<Item = (LRef<'a>, TilerArg<'t>)>, Cond> {
    if ts.len() > a.rank() {
        return Err(format!(
            "tiler has rank {} > rank {} of the layout",
            ts.len(),
            a.rank()
        ));
    }
    Ok(a.modes().zip(ts.iter().map(TilerArg::Tiler)))
}

/// The two parts of a logical divide or product of `A` by one layout: (tile,
/// rest) of a divide, (block, repeat) of a product.
type Parts2 = for<'a, 'b> fn(LRef<'a>, LRef<'b>) -> Result<(Layout, Layout), Cond>;

/// By-mode logical divide or product: a layout element gives the pair of
/// `parts`, `_` keeps the mode, modes of `A` beyond the tiler are kept.
pub(super) fn logical_by_mode(a: LRef, t: TilerArg, parts2: Parts2) -> Result<Layout, Cond> {
    match elem(t)? {
        Elem::Layout(l) => parts2(a, LRef::of(&l)).map(|(x, y)| Layout::pair(x, y)),
        Elem::Keep => Ok(a.to_layout()),
        Elem::ByMode(ts) => {
            let mut parts = Parts::with_capacity(a.rank());
            for (m, t) in by_mode(a, &ts)? {
                parts.push(logical_by_mode(m, t, parts2)?);
            }
            a.modes().skip(ts.len()).for_each(|m| parts.push_ref(m));
            Ok(parts.finish())
        }
    }
}

/// Which part of a zipped divide or product the modes of `A` beyond the
/// tiler join, and what the parts are called.
#[derive(Clone, Copy)]
pub(super) struct ZipParts {
    pub(super) names: &'static str,
    pub(super) extra_in_first: bool,
}

/// The two parts of `A / t` or `A * t` gathered over the modes, as CuTe
/// `zip2_by` after the logical divide or product: `_` keeps a mode, which must
/// then be a rank-2 pair.
pub(super) fn zipped_by_mode(a: LRef, t: TilerArg, parts2: Parts2, zip: ZipParts) -> Result<(Layout, Layout), Cond> {
    match elem(t)? {
        Elem::Layout(l) => parts2(a, LRef::of(&l)),
        Elem::Keep => as_pair(a, zip.names),
        Elem::ByMode(ts) => {
            let (n, r) = (ts.len(), a.rank());
            let (mut first, mut second) = if zip.extra_in_first {
                (Parts::with_capacity(r), Parts::with_capacity(n))
            } else {
                (Parts::with_capacity(n), Parts::with_capacity(r))
            };
            for (m, t) in by_mode(a, &ts)? {
                let (x, y) = zipped_by_mode(m, t, parts2, zip)?;
                first.push(x);
                second.push(y);
            }
            let extra = if zip.extra_in_first { &mut first } else { &mut second };
            a.modes().skip(n).for_each(|m| extra.push_ref(m));
            Ok((first.finish(), second.finish()))
        }
    }
}

/// A mode kept by `_` in a zipped divide/product must already be a pair
/// (CuTe `zip2_by`): its two sub-modes are the two parts.
fn as_pair(m: LRef, what: &str) -> Result<(Layout, Layout), Cond> {
    match (m.rank(), m.mode(0), m.mode(1)) {
        (2, Some(x), Some(y)) if !m.s.is_leaf() => Ok((x.to_layout(), y.to_layout())),
        _ => Err(format!(
            "`_` keeps mode {m} undivided, but zipping needs it to be a ({what}) pair of rank 2"
        )),
    }
}

/// Top-level modes of `l`, moving out of it (a leaf layout is one mode).
pub(super) fn into_modes(l: Layout) -> Vec<Layout> {
    match l.into_parts() {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => s
            .into_iter()
            .zip(d)
            .map(|(s, d)| Layout::from_parts(s, d))
            .collect(),
        (s, d) => vec![Layout::from_parts(s, d)],
    }
}

/// `(x, y0, y1, ...)`: the tiled form of a zipped divide or product.
pub(super) fn tiled((x, y): (Layout, Layout)) -> Layout {
    let mut parts = Parts::with_capacity(1 + y.rank());
    parts.push(x);
    parts.push_modes(y);
    parts.finish()
}

/// `(x0, x1, ..., y0, y1, ...)`: the flat form of a zipped divide or product.
pub(super) fn flat((x, y): (Layout, Layout)) -> Layout {
    let mut parts = Parts::with_capacity(x.rank() + y.rank());
    parts.push_modes(x);
    parts.push_modes(y);
    parts.finish()
}

/// Pads `l` to `r` top-level modes with `1:0` (CuTe `append<R>`).
fn pad_rank(l: &Layout, r: usize) -> Layout {
    let mut modes = l.modes();
    modes.resize(r, Layout::leaf(1, 0));
    Layout::from_modes(modes)
}

/// `logical_product(append<R>(A), append<R>(B))` with `R` the larger rank,
/// zipped mode by mode: mode `i` is `(A_i, B_i')` (`block_first`) or
/// `(B_i', A_i)`. No mode is coalesced (CUTLASS 3.8+; 3.4 to 3.7 coalesced
/// each mode).
/// `pair` is the logical product's (block, repeat): the static one here, the
/// run-time one of `runtime`.
pub(super) fn rank_product(
    a: &Layout,
    b: &Layout,
    block_first: bool,
    pair: fn(LRef, LRef) -> Result<(Layout, Layout), Cond>,
) -> Result<Layout, Cond> {
    let r = a.rank().max(b.rank());
    let (pa, pb) = (pad_rank(a, r), pad_rank(b, r));
    let (x, y) = pair(LRef::of(&pa), LRef::of(&pb))?;
    let mut parts = Parts::with_capacity(r);
    for (p, q) in into_modes(x).into_iter().zip(into_modes(y)) {
        parts.push(if block_first { Layout::pair(p, q) } else { Layout::pair(q, p) });
    }
    Ok(parts.finish())
}
