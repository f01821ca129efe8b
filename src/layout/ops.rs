//! The layout algebra: current CuTe C++ semantics (as evaluated by the CuTe
//! DSL), with every inadmissible case turned into a [`LayoutError`].
//!
//! Structure: each public operation is a thin wrapper that attaches the
//! operation name and printed operands to the condition returned by an
//! internal algorithm (`Result<_, Cond>`). Algorithms work on flattened
//! `(shape, stride)` mode lists of static integers and rebuild trees at the
//! end; all arithmetic is checked.
//!
//! Dynamic `?` leaves: `size`, `cosize`, `rank`, `depth`, `coalesce`,
//! `filter_zeros`, `filter`, `flatten`, `get`, `select`, `group_modes`,
//! `make_layout`, `shape_div` and `ceil_div` propagate them; the remaining
//! operations need the static value of every leaf and say so precisely.

use std::fmt;

use super::buf::Buf;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{product, DynInt, IntTuple, Layout, Leaf, Tiler};

/// Largest function table that [`table`] will materialize.
pub const MAX_TABLE: i64 = 1 << 22;

/// Flattened static `(shape, stride)` modes, inline up to 8.
type Modes = Buf<(i64, i64), 8>;

/// A borrowed layout (or mode of one): lets the algorithms walk sub-modes
/// without cloning trees.
#[derive(Clone, Copy)]
struct LRef<'a> {
    s: &'a IntTuple,
    d: &'a IntTuple,
}

impl<'a> LRef<'a> {
    fn of(l: &'a Layout) -> Self {
        LRef {
            s: l.shape(),
            d: l.stride(),
        }
    }

    fn rank(self) -> usize {
        self.s.rank()
    }

    fn mode(self, i: usize) -> Option<LRef<'a>> {
        Some(LRef {
            s: self.s.mode(i)?,
            d: self.d.mode(i)?,
        })
    }

    fn modes(self) -> impl Iterator<Item = LRef<'a>> {
        (0..self.rank()).filter_map(move |i| self.mode(i))
    }

    fn to_layout(self) -> Layout {
        Layout::from_parts(self.s.clone(), self.d.clone())
    }
}

impl fmt::Display for LRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.s, self.d)
    }
}

fn fail(op: &'static str, operands: &[&dyn std::fmt::Display], c: Cond) -> LayoutError {
    LayoutError::new(op, operands.iter().map(|o| o.to_string()).collect(), c)
}

macro_rules! wrap {
    ($op:literal, [$($arg:expr),*], $body:expr) => {
        ($body).map_err(|c| fail($op, &[$(&$arg as &dyn std::fmt::Display),*], c))
    };
}

// ---------------------------------------------------------------------------
// Flattening helpers
// ---------------------------------------------------------------------------

#[inline]
fn leaf_static(l: &Leaf, what: &str) -> Result<i64, Cond> {
    match l {
        Leaf::Int(v) => Ok(*v),
        other => Err(not_static(other, what)),
    }
}

#[cold]
fn not_static(l: &Leaf, what: &str) -> Cond {
    match l {
        Leaf::Dyn(d) => format!("{what} `{d}` is dynamic; this operation needs static values"),
        Leaf::Basis(b) => {
            format!("{what} `{b}` is a scaled basis; this operation needs integer strides")
        }
        Leaf::Underscore => format!("{what} `_` is not a value"),
        Leaf::Int(v) => format!("{what} {v}"),
    }
}

fn push_modes(s: &IntTuple, d: &IntTuple, out: &mut Modes) -> Result<(), Cond> {
    match (s, d) {
        (IntTuple::Leaf(Leaf::Int(a)), IntTuple::Leaf(Leaf::Int(b))) => {
            out.push((*a, *b));
            Ok(())
        }
        (IntTuple::Leaf(a), IntTuple::Leaf(b)) => {
            out.push((leaf_static(a, "shape")?, leaf_static(b, "stride")?));
            Ok(())
        }
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) if a.len() == b.len() => {
            for (x, y) in a.iter().zip(b) {
                // Static leaves inline: most modes are, and the recursive call
                // with its `Result` costs more than the push.
                match (x, y) {
                    (IntTuple::Leaf(Leaf::Int(p)), IntTuple::Leaf(Leaf::Int(q))) => {
                        out.push((*p, *q))
                    }
                    _ => push_modes(x, y, out)?,
                }
            }
            Ok(())
        }
        _ => Err("shape and stride are not congruent".into()),
    }
}

/// Flattened static modes; every shape must be positive (the algorithms
/// divide by shapes).
/// (Results go to out-parameters: moving a `Modes` out of a `Result` costs a
/// memcpy, which dominated these small algorithms.)
fn flat_modes(l: LRef, out: &mut Modes) -> Result<(), Cond> {
    push_modes(l.s, l.d, out)?;
    if let Some((s, _)) = out.iter().find(|(s, _)| *s <= 0) {
        return Err(format!(
            "shape {s} is not positive; empty modes are not supported here"
        ));
    }
    Ok(())
}

/// `(s...):(d...)` from modes; a single mode is unwrapped to a leaf.
fn layout_from_modes(modes: &[(i64, i64)]) -> Layout {
    if modes.len() == 1 {
        return Layout::leaf(modes[0].0, modes[0].1);
    }
    let mut parts = Parts::with_capacity(modes.len());
    for &(s, d) in modes {
        parts.push(Layout::leaf(s, d));
    }
    parts.finish()
}

/// The shapes and strides of a tuple layout being built, mode by mode.
/// Sized up front: every tuple node is a heap allocation, and growing one
/// costs a second (allocation dominates these small algorithms).
struct Parts {
    s: Vec<IntTuple>,
    d: Vec<IntTuple>,
}

impl Parts {
    #[inline]
    fn with_capacity(n: usize) -> Self {
        Parts {
            s: Vec::with_capacity(n),
            d: Vec::with_capacity(n),
        }
    }

    #[inline]
    fn push(&mut self, l: Layout) {
        let (s, d) = l.into_parts();
        self.s.push(s);
        self.d.push(d);
    }

    /// Appends a copy of `l` as one mode.
    #[inline]
    fn push_ref(&mut self, l: LRef) {
        self.s.push(l.s.clone());
        self.d.push(l.d.clone());
    }

    /// Appends the top-level modes of `l` (a leaf layout is one mode).
    fn push_modes(&mut self, l: Layout) {
        match l.into_parts() {
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
                self.s.extend(s);
                self.d.extend(d);
            }
            (s, d) => {
                self.s.push(s);
                self.d.push(d);
            }
        }
    }

    #[inline]
    fn finish(self) -> Layout {
        Layout::from_parts(IntTuple::Tuple(self.s), IntTuple::Tuple(self.d))
    }
}

fn static_size(t: &IntTuple) -> Result<i64, Cond> {
    match t {
        IntTuple::Leaf(l) => leaf_static(l, "shape"),
        IntTuple::Tuple(v) => v
            .iter()
            .try_fold(1i64, |acc, x| arith::mul(acc, static_size(x)?)),
    }
}

// ---------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------

/// Product of the leaves of `t`; `?` when any leaf is dynamic (with the
/// divisibility that is still known).
pub fn size_of(t: &IntTuple) -> Result<IntTuple, LayoutError> {
    wrap!("size", [t], size_impl(t))
}

fn size_impl(t: &IntTuple) -> Result<IntTuple, Cond> {
    let (mut stat, mut div, mut dynamic, mut wide) = (1i64, 1u64, false, false);
    t.try_for_each_leaf(&mut |l| {
        match l {
            Leaf::Int(v) => stat = arith::mul(stat, *v)?,
            Leaf::Dyn(d) => {
                dynamic = true;
                wide |= d.wide;
                div = div.saturating_mul(d.divisibility);
            }
            other => return Err(format!("leaf `{other}` has no size")),
        }
        Ok(())
    })?;
    if !dynamic {
        return Ok(IntTuple::int(stat));
    }
    let known = (stat.unsigned_abs()).saturating_mul(div);
    // A saturated divisibility would be a lie; forget it instead.
    let divisibility = if known == u64::MAX || known == 0 {
        1
    } else {
        known
    };
    Ok(IntTuple::dynamic(DynInt { divisibility, wide }))
}

/// `size(L)`.
pub fn size(l: &Layout) -> Result<IntTuple, LayoutError> {
    wrap!("size", [l], size_impl(l.shape()))
}

/// `cosize(L) = L(size(L) - 1) + 1` under `|stride|` (current CuTe), i.e.
/// `1 + sum (s_i - 1) * |d_i|`.
pub fn cosize(l: &Layout) -> Result<IntTuple, LayoutError> {
    wrap!("cosize", [l], cosize_impl(l))
}

fn cosize_impl(l: &Layout) -> Result<IntTuple, Cond> {
    let mut modes = Modes::new();
    if push_modes(l.shape(), l.stride(), &mut modes).is_ok() {
        let mut acc = 1i64;
        for &(s, d) in modes.iter() {
            acc = arith::add(acc, arith::mul(arith::sub(s, 1)?, arith::abs(d)?)?)?;
        }
        return Ok(IntTuple::int(acc));
    }
    // Some leaf is not a static integer.
    let mut sh = Vec::new();
    let mut st = Vec::new();
    l.shape().leaves_into(&mut sh);
    l.stride().leaves_into(&mut st);
    let mut acc = 1i64;
    for (s, d) in sh.into_iter().zip(st) {
        match (s, d) {
            (Leaf::Int(s), Leaf::Int(d)) => {
                acc = arith::add(acc, arith::mul(arith::sub(*s, 1)?, arith::abs(*d)?)?)?
            }
            (Leaf::Dyn(_), Leaf::Int(0)) => {}
            (Leaf::Int(1), _) => {}
            (Leaf::Dyn(a), _) | (_, Leaf::Dyn(a)) => {
                return Ok(IntTuple::dynamic(DynInt {
                    divisibility: 1,
                    wide: a.wide,
                }));
            }
            (_, other) => return Err(format!("stride `{other}` has no integer extent")),
        }
    }
    Ok(IntTuple::int(acc))
}

/// Number of top-level modes.
pub fn rank(l: &Layout) -> usize {
    l.rank()
}

/// Nesting depth of the shape.
pub fn depth(l: &Layout) -> usize {
    l.shape().depth()
}

/// Mode `i`.
pub fn get(l: &Layout, i: usize) -> Result<Layout, LayoutError> {
    l.mode(i).ok_or_else(|| {
        fail(
            "get",
            &[l, &i],
            format!("mode {i} is out of range for rank {}", l.rank()),
        )
    })
}

/// The modes `indices`, in that order, as a new layout.
pub fn select(l: &Layout, indices: &[usize]) -> Result<Layout, LayoutError> {
    let modes = indices
        .iter()
        .map(|&i| {
            l.mode(i)
                .ok_or_else(|| format!("mode {i} is out of range for rank {}", l.rank()))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|c| fail("select", &[l, &format!("{indices:?}")], c))?;
    Ok(Layout::from_modes(modes))
}

/// All leaves as top-level modes (a leaf layout stays a leaf).
pub fn flatten(l: &Layout) -> Layout {
    Layout::from_parts(l.shape().flatten(), l.stride().flatten())
}

/// Groups modes `[begin, end)` into one mode: `(M,N,K)` -> `((M,N),K)` for `0..2`.
pub fn group_modes(l: &Layout, begin: usize, end: usize) -> Result<Layout, LayoutError> {
    let r = l.rank();
    if begin > end || end > r {
        return Err(fail(
            "group_modes",
            &[l, &begin, &end],
            format!("range [{begin},{end}) is invalid for rank {r}"),
        ));
    }
    let mut modes = l.modes();
    let grouped: Vec<Layout> = modes.drain(begin..end).collect();
    modes.insert(begin, Layout::from_modes(grouped));
    Ok(Layout::from_modes(modes))
}

/// Same tuple structure.
pub fn congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.congruent(b)
}

/// `a` is a coarsening of `b` (a leaf of `a` matches any subtree of `b`).
pub fn weakly_congruent(a: &IntTuple, b: &IntTuple) -> bool {
    a.weakly_congruent(b)
}

/// CuTe `compatible(a, b)`: every coordinate of `b`'s shape is a coordinate of
/// `a`'s: a leaf of `a` matches a subtree of `b` of the same size.
pub fn compatible(a: &IntTuple, b: &IntTuple) -> bool {
    match (a, b) {
        (IntTuple::Leaf(_), _) => match (size_impl(a), size_impl(b)) {
            (Ok(x), Ok(y)) => x == y && x.as_int().is_some(),
            _ => false,
        },
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| compatible(p, q))
        }
        _ => false,
    }
}

// ---------------------------------------------------------------------------
// Coordinates
// ---------------------------------------------------------------------------

/// `crd2idx(coord, L)`: a tuple coordinate is congruent with the shape; an
/// integer coordinate at a tuple mode is split col-major, the last mode
/// taking the remainder (CuTe and pycute).
pub fn crd2idx(coord: &IntTuple, l: &Layout) -> Result<i64, LayoutError> {
    wrap!(
        "crd2idx",
        [coord, l],
        crd2idx_impl(coord, l.shape(), l.stride())
    )
}

fn crd2idx_impl(c: &IntTuple, s: &IntTuple, d: &IntTuple) -> Result<i64, Cond> {
    match (c, s, d) {
        (IntTuple::Tuple(cs), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            if cs.len() != ss.len() {
                return Err(format!("coordinate {c} does not match shape {s}"));
            }
            cs.iter()
                .zip(ss)
                .zip(ds)
                .try_fold(0i64, |acc, ((c, s), d)| {
                    arith::add(acc, crd2idx_impl(c, s, d)?)
                })
        }
        (IntTuple::Tuple(_), _, _) => Err(format!("coordinate {c} does not match shape {s}")),
        (IntTuple::Leaf(l), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            let mut left = leaf_static(l, "coordinate")?;
            let mut acc = 0i64;
            for (i, (s, d)) in ss.iter().zip(ds).enumerate() {
                if i + 1 == ss.len() {
                    acc = arith::add(acc, crd2idx_impl(&IntTuple::int(left), s, d)?)?;
                } else {
                    let sz = static_size(s)?;
                    if sz <= 0 {
                        return Err(format!("mode shape {s} is not positive"));
                    }
                    acc = arith::add(acc, crd2idx_impl(&IntTuple::int(left % sz), s, d)?)?;
                    left /= sz;
                }
            }
            Ok(acc)
        }
        (IntTuple::Leaf(l), IntTuple::Leaf(_), IntTuple::Leaf(d)) => {
            arith::mul(leaf_static(l, "coordinate")?, leaf_static(d, "stride")?)
        }
        _ => Err(format!("shape {s} and stride {d} are not congruent")),
    }
}

/// `idx2crd(idx, shape)`: the col-major coordinate of `idx`. At an integer
/// shape the index is returned unchanged (CuTe); inside a tuple every leaf is
/// reduced modulo its extent.
pub fn idx2crd(idx: i64, shape: &IntTuple) -> Result<IntTuple, LayoutError> {
    wrap!(
        "idx2crd",
        [idx, shape],
        match shape {
            IntTuple::Leaf(l) => leaf_static(l, "shape").map(|_| IntTuple::int(idx)),
            IntTuple::Tuple(_) => {
                let mut stride = 1i64;
                idx2crd_impl(idx, shape, &mut stride)
            }
        }
    )
}

fn idx2crd_impl(idx: i64, s: &IntTuple, stride: &mut i64) -> Result<IntTuple, Cond> {
    match s {
        IntTuple::Leaf(l) => {
            let e = leaf_static(l, "shape")?;
            if e <= 0 {
                return Err(format!("shape {e} is not positive"));
            }
            let c = (idx / *stride) % e;
            *stride = arith::mul(*stride, e)?;
            Ok(IntTuple::int(c))
        }
        IntTuple::Tuple(v) => Ok(IntTuple::Tuple(
            v.iter()
                .map(|t| idx2crd_impl(idx, t, stride))
                .collect::<Result<_, _>>()?,
        )),
    }
}

/// The 1-D function table `[L(i) for i < size(L)]`.
pub fn table(l: &Layout) -> Result<Vec<i64>, LayoutError> {
    wrap!("table", [l], table_impl(l))
}

fn table_impl(l: &Layout) -> Result<Vec<i64>, Cond> {
    let mut modes = Modes::new();
    push_modes(l.shape(), l.stride(), &mut modes)?;
    let n = product(modes.iter().map(|m| m.0))?;
    if !(0..=MAX_TABLE).contains(&n) {
        return Err(format!("table of size {n} exceeds the limit {MAX_TABLE}"));
    }
    // Odometer over the col-major coordinates: one add per element.
    let mut out = Vec::with_capacity(n as usize);
    if n == 0 {
        return Ok(out);
    }
    // Every running offset and every carry `d*s` is bounded by sum(s*|d|).
    modes.iter().try_fold(0i64, |acc, &(s, d)| {
        arith::add(acc, arith::mul(s, arith::abs(d)?)?)
    })?;
    // Col-major order: the table of modes 0..=k is `s_k` copies of the table
    // of modes 0..k, copy `j` shifted by `j * d_k`. Copying and shifting
    // whole runs is a memcpy and a vectorized add per element, and doubling
    // the copies keeps the number of runs logarithmic.
    // Coalescing first keeps the function with fewer, longer modes.
    let mut flat = Modes::new();
    coalesce_modes(&modes, &mut flat)?;
    let (s0, d0) = flat[0];
    out.extend((0..s0).map(|j| j * d0));
    for &(s, d) in flat[1..].iter() {
        // Double the copies present (`have` of the `s` needed) each step.
        let len = out.len();
        let mut have = 1i64;
        while have < s {
            let take = have.min(s - have);
            let start = out.len();
            out.extend_from_within(..take as usize * len);
            let shift = have * d;
            out[start..].iter_mut().for_each(|v| *v += shift);
            have += take;
        }
    }
    Ok(out)
}

/// The smallest and largest value of a static layout's function on its
/// domain (both 0 for an empty layout).
pub(crate) fn image_bounds(l: &Layout) -> Result<(i64, i64), LayoutError> {
    let mut modes = Modes::new();
    push_modes(l.shape(), l.stride(), &mut modes).map_err(|c| fail("table", &[l], c))?;
    let (mut lo, mut hi) = (0i64, 0i64);
    for &(s, d) in modes.iter() {
        if s == 0 {
            return Ok((0, 0));
        }
        let ext = arith::mul(s - 1, d).map_err(|c| fail("table", &[l], c))?;
        if ext < 0 {
            lo = arith::add(lo, ext).map_err(|c| fail("table", &[l], c))?;
        } else {
            hi = arith::add(hi, ext).map_err(|c| fail("table", &[l], c))?;
        }
    }
    Ok((lo, hi))
}

/// `upcast<N>(L)` (CuTe): `L` in units `N` times wider, e.g. a copy atom's
/// `(thread, value) -> bit` layout as `(thread, value) -> element` for
/// `N`-bit elements. A stride-0 leaf is kept; any other leaf `s:d` becomes
/// `ceil(s / ceil(N/|d|)) : sign(d) * ceil(|d|/N)`, and `|d|` and `N` must
/// divide one another (CuTe's static assertion).
pub fn upcast(l: &Layout, n: i64) -> Result<Layout, LayoutError> {
    fn go(s: &IntTuple, d: &IntTuple, n: i64) -> Result<(IntTuple, IntTuple), Cond> {
        match (s, d) {
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == ds.len() => {
                let (mut shapes, mut strides) = (Vec::with_capacity(ss.len()), Vec::with_capacity(ss.len()));
                for (s, d) in ss.iter().zip(ds) {
                    let (x, y) = go(s, d, n)?;
                    shapes.push(x);
                    strides.push(y);
                }
                Ok((IntTuple::Tuple(shapes), IntTuple::Tuple(strides)))
            }
            (IntTuple::Leaf(s), IntTuple::Leaf(d)) => {
                let (s, d) = (leaf_static(s, "shape")?, leaf_static(d, "stride")?);
                if d == 0 {
                    return Ok((IntTuple::int(s), IntTuple::int(0)));
                }
                let a = arith::abs(d)?;
                if a % n != 0 && n % a != 0 {
                    return Err(format!("stride {d} and the factor {n} do not divide one another"));
                }
                let shape = arith::ceil_div(s, arith::ceil_div(n, a)?)?;
                Ok((IntTuple::int(shape), IntTuple::int(d.signum() * arith::ceil_div(a, n)?)))
            }
            _ => Err("shape and stride are not congruent".into()),
        }
    }
    wrap!(
        "upcast",
        [l, n],
        if n < 1 {
            Err(format!("the factor {n} must be positive"))
        } else {
            go(l.shape(), l.stride(), n).map(|(s, d)| Layout::from_parts(s, d))
        }
    )
}

// ---------------------------------------------------------------------------
// make_layout and friends
// ---------------------------------------------------------------------------

/// `make_layout(shape)`: compact col-major strides. A static shape-1 mode gets
/// stride 0, as CuTe's `compact_major`; strides after a dynamic extent are
/// dynamic.
pub fn make_layout(shape: &IntTuple) -> Result<Layout, LayoutError> {
    wrap!("make_layout", [shape], {
        let mut running = Some(1i64);
        let mut wide = false;
        compact_strides(shape, &mut running, &mut wide)
            .map(|stride| Layout::from_parts(shape.clone(), stride))
    })
}

fn compact_strides(
    s: &IntTuple,
    running: &mut Option<i64>,
    wide: &mut bool,
) -> Result<IntTuple, Cond> {
    match s {
        IntTuple::Leaf(Leaf::Int(v)) if *v < 0 => Err(format!("shape {v} is negative")),
        IntTuple::Leaf(Leaf::Int(v)) => {
            let stride = match *running {
                _ if *v == 1 => IntTuple::int(0),
                Some(r) => IntTuple::int(r),
                None => IntTuple::dynamic(DynInt {
                    divisibility: 1,
                    wide: *wide,
                }),
            };
            if let Some(r) = running {
                *r = arith::mul(*r, *v)?;
            }
            Ok(stride)
        }
        IntTuple::Leaf(Leaf::Dyn(d)) => {
            let stride = match *running {
                Some(r) => IntTuple::int(r),
                None => IntTuple::dynamic(DynInt {
                    divisibility: 1,
                    wide: *wide,
                }),
            };
            *wide |= d.wide;
            *running = None;
            Ok(stride)
        }
        IntTuple::Leaf(other) => Err(format!("`{other}` is not a shape")),
        IntTuple::Tuple(v) => Ok(IntTuple::Tuple(
            v.iter()
                .map(|t| compact_strides(t, running, wide))
                .collect::<Result<_, _>>()?,
        )),
    }
}

/// `make_layout(n)` for the integer tiler shorthand.
fn layout_of_int(n: i64) -> Result<Layout, Cond> {
    if n < 0 {
        return Err(format!("tile size {n} is negative"));
    }
    Ok(Layout::leaf(n, if n == 1 { 0 } else { 1 }))
}

/// `make_ordered_layout(shape, order)`: compact strides assigned in increasing
/// `order` (ties by position). `order` is congruent with `shape`, or a leaf
/// per mode applying to all leaves of that mode.
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout, LayoutError> {
    wrap!(
        "make_ordered_layout",
        [shape, order],
        ordered_impl(shape, order)
    )
}

fn expand_order(s: &IntTuple, o: &IntTuple, out: &mut Vec<i64>) -> Result<(), Cond> {
    match (s, o) {
        (_, IntTuple::Leaf(l)) => {
            let v = leaf_static(l, "order")?;
            let mut leaves = Vec::new();
            s.leaves_into(&mut leaves);
            out.extend(std::iter::repeat_n(v, leaves.len()));
            Ok(())
        }
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .try_for_each(|(x, y)| expand_order(x, y, out)),
        _ => Err(format!("order {o} is not weakly congruent with shape {s}")),
    }
}

fn ordered_impl(shape: &IntTuple, order: &IntTuple) -> Result<Layout, Cond> {
    let mut keys = Vec::new();
    expand_order(shape, order, &mut keys)?;
    let mut leaves = Vec::new();
    shape.leaves_into(&mut leaves);
    let extents = leaves
        .iter()
        .map(|l| leaf_static(l, "shape"))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(e) = extents.iter().find(|e| **e < 0) {
        return Err(format!("shape {e} is negative"));
    }
    let mut idx: Vec<usize> = (0..extents.len()).collect();
    idx.sort_by_key(|&i| keys[i]);
    let mut strides = vec![0i64; extents.len()];
    let mut running = 1i64;
    for i in idx {
        strides[i] = if extents[i] == 1 { 0 } else { running };
        running = arith::mul(running, extents[i])?;
    }
    let mut it = strides.into_iter();
    let stride = shape.try_map_leaves(&mut |_| Ok::<_, Cond>(Leaf::Int(it.next().unwrap_or(0))))?;
    Ok(Layout::from_parts(shape.clone(), stride))
}

/// `make_layout_like(L)`: a compact layout of `L`'s shape whose non-zero
/// strides follow the order of `|stride|` in `L`; broadcast (stride-0) modes
/// stay stride 0.
pub fn make_layout_like(l: &Layout) -> Result<Layout, LayoutError> {
    wrap!("make_layout_like", [l], {
        let modes = {
            let mut m = Modes::new();
            push_modes(l.shape(), l.stride(), &mut m).map(|_| m)
        };
        modes.and_then(|modes| {
            let mut idx: Vec<usize> = (0..modes.len()).filter(|&i| modes[i].1 != 0).collect();
            idx.sort_by_key(|&i| modes[i].1.unsigned_abs());
            let mut strides = vec![0i64; modes.len()];
            let mut running = 1i64;
            for i in idx {
                strides[i] = if modes[i].0 == 1 { 0 } else { running };
                running = arith::mul(running, modes[i].0)?;
            }
            let mut it = strides.into_iter();
            let stride = l
                .shape()
                .try_map_leaves(&mut |_| Ok::<_, Cond>(Leaf::Int(it.next().unwrap_or(0))))?;
            Ok(Layout::from_parts(l.shape().clone(), stride))
        })
    })
}

// ---------------------------------------------------------------------------
// coalesce / filter
// ---------------------------------------------------------------------------

/// How [`bw_coalesce`] treats a result that is a single shape-1 mode.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    /// `1:0`, as `coalesce` (C++ and DSL).
    Zero,
    /// Keep the stride of the last mode: composition results (the DSL keeps
    /// e.g. `(16,2):(2,1) o 1:32 = 1:2`).
    Keep,
}

/// CuTe `bw_coalesce`: fold modes right-to-left into `(new_s, new_d)`,
/// skipping static shape-1 modes and merging `(s,d)` into the front mode when
/// `s*d == front stride`. Dynamic leaves never merge.
fn bw_coalesce(modes: &[(Leaf, Leaf)], last: (Leaf, Leaf), unit: Unit) -> Result<Layout, Cond> {
    let mut out: Vec<(Leaf, Leaf)> = Vec::with_capacity(modes.len() + 1);
    out.push(last);
    for (s, d) in modes.iter().rev() {
        if *s == Leaf::Int(1) {
            continue;
        }
        let n = out.len();
        let front = &mut out[n - 1];
        if n == 1 && front.0 == Leaf::Int(1) {
            *front = (s.clone(), d.clone());
            continue;
        }
        if let (Leaf::Int(si), Leaf::Int(di), Leaf::Int(fs), Leaf::Int(fd)) =
            (s, d, &front.0, &front.1)
        {
            if si.checked_mul(*di) == Some(*fd) {
                *front = (Leaf::Int(arith::mul(*si, *fs)?), Leaf::Int(*di));
                continue;
            }
        }
        out.push((s.clone(), d.clone()));
    }
    out.reverse();
    if out.len() == 1 {
        let (s, d) = out.pop().unwrap_or((Leaf::Int(1), Leaf::Int(0)));
        if s == Leaf::Int(1) && unit == Unit::Zero {
            return Ok(Layout::leaf(1, 0));
        }
        return Ok(Layout::from_parts(IntTuple::Leaf(s), IntTuple::Leaf(d)));
    }
    let (s, d) = out
        .into_iter()
        .map(|(s, d)| (IntTuple::Leaf(s), IntTuple::Leaf(d)))
        .unzip();
    Ok(Layout::from_parts(IntTuple::Tuple(s), IntTuple::Tuple(d)))
}

/// [`bw_coalesce`] on static modes, returning the coalesced mode list (a
/// single `(1, d)` mode when everything had shape 1).
fn bw_coalesce_modes(
    modes: impl DoubleEndedIterator<Item = (i64, i64)>,
    last: (i64, i64),
    unit: Unit,
    out: &mut Modes,
) -> Result<(), Cond> {
    out.push(last);
    for (s, d) in modes.rev() {
        if s == 1 {
            continue;
        }
        let n = out.len();
        let front = &mut out[n - 1];
        if n == 1 && front.0 == 1 {
            *front = (s, d);
        } else if s.checked_mul(d) == Some(front.1) {
            *front = (arith::mul(s, front.0)?, d);
        } else {
            out.push((s, d));
        }
    }
    out.reverse();
    if out.len() == 1 && out[0].0 == 1 && unit == Unit::Zero {
        out[0].1 = 0;
    }
    Ok(())
}

fn bw_coalesce_int(
    shapes: &[i64],
    strides: &[i64],
    last: (i64, i64),
    unit: Unit,
) -> Result<Layout, Cond> {
    let mut out = Modes::new();
    bw_coalesce_modes(pairs(shapes, strides), last, unit, &mut out)?;
    Ok(layout_from_modes(&out))
}

/// Coalesced static modes of `modes` (CuTe `coalesce` on a flat list).
fn coalesce_modes(modes: &[(i64, i64)], out: &mut Modes) -> Result<(), Cond> {
    let Some((&last, init)) = modes.split_last() else {
        out.push((1, 0));
        return Ok(());
    };
    bw_coalesce_modes(init.iter().copied(), last, Unit::Zero, out)
}

/// `(shapes[i], strides[i])` pairs.
#[inline]
fn pairs<'a>(
    shapes: &'a [i64],
    strides: &'a [i64],
) -> impl DoubleEndedIterator<Item = (i64, i64)> + 'a {
    shapes.iter().copied().zip(strides.iter().copied())
}

/// `layout_from_modes(coalesce(modes))`.
fn coalesced_layout(modes: &[(i64, i64)]) -> Result<Layout, Cond> {
    let mut out = Modes::new();
    coalesce_modes(modes, &mut out)?;
    Ok(layout_from_modes(&out))
}

fn coalesce_impl(l: &Layout) -> Result<Layout, Cond> {
    let mut modes = Modes::new();
    if push_modes(l.shape(), l.stride(), &mut modes).is_ok() {
        return coalesced_layout(&modes);
    }
    // Dynamic or basis leaves: the generic fold.
    let mut sh = Vec::new();
    let mut st = Vec::new();
    l.shape().leaves_into(&mut sh);
    l.stride().leaves_into(&mut st);
    let mut modes: Vec<(Leaf, Leaf)> = sh
        .into_iter()
        .cloned()
        .zip(st.into_iter().cloned())
        .collect();
    match modes.pop() {
        None => Ok(Layout::leaf(1, 0)),
        Some(last) => bw_coalesce(&modes, last, Unit::Zero),
    }
}

/// `coalesce(L)`: the flattest layout with the same function (and size).
pub fn coalesce(l: &Layout) -> Result<Layout, LayoutError> {
    wrap!("coalesce", [l], coalesce_impl(l))
}

/// `coalesce(L, profile)`: coalesce each mode of `L` named by a leaf of the
/// profile; modes beyond the profile's rank are kept as they are.
pub fn coalesce_profile(l: &Layout, profile: &IntTuple) -> Result<Layout, LayoutError> {
    wrap!(
        "coalesce_profile",
        [l, profile],
        coalesce_by(LRef::of(l), profile)
    )
}

fn coalesce_by(l: LRef, profile: &IntTuple) -> Result<Layout, Cond> {
    match profile {
        IntTuple::Leaf(_) => {
            let mut modes = Modes::new();
            if push_modes(l.s, l.d, &mut modes).is_ok() {
                return coalesced_layout(&modes);
            }
            coalesce_impl(&l.to_layout())
        }
        IntTuple::Tuple(ps) => {
            if ps.len() > l.rank() {
                return Err(format!(
                    "profile {profile} has rank {} > rank {} of the layout mode {l}",
                    ps.len(),
                    l.rank()
                ));
            }
            let mut parts = Parts::with_capacity(l.rank());
            for (i, m) in l.modes().enumerate() {
                match ps.get(i) {
                    Some(p) => parts.push(coalesce_by(m, p)?),
                    None => parts.push_ref(m),
                }
            }
            Ok(parts.finish())
        }
    }
}

/// `filter_zeros(L)`: every stride-0 mode gets shape 1 (structure kept).
pub fn filter_zeros(l: &Layout) -> Layout {
    fn go(s: &IntTuple, d: &IntTuple) -> IntTuple {
        match (s, d) {
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                IntTuple::Tuple(a.iter().zip(b).map(|(x, y)| go(x, y)).collect())
            }
            (_, IntTuple::Leaf(Leaf::Int(0))) => IntTuple::int(1),
            _ => s.clone(),
        }
    }
    Layout::from_parts(go(l.shape(), l.stride()), l.stride().clone())
}

/// `filter(L) = coalesce(filter_zeros(L))`: drops stride-0 and shape-1 modes.
pub fn filter(l: &Layout) -> Result<Layout, LayoutError> {
    let mut modes = Modes::new();
    if push_modes(l.shape(), l.stride(), &mut modes).is_ok() {
        for m in modes.iter_mut().filter(|m| m.1 == 0) {
            m.0 = 1;
        }
        return wrap!("filter", [l], coalesced_layout(&modes));
    }
    wrap!("filter", [l], coalesce_impl(&filter_zeros(l)))
}

// ---------------------------------------------------------------------------
// composition
// ---------------------------------------------------------------------------

/// `composition(A, B)`: `R(i) = A(B(i))`, with `B`'s mode structure.
///
/// Admissibility (otherwise an error): per leaf `s:d` of `B`, the stride `d`
/// must walk `A`'s coalesced modes by divisibility — each mode is either
/// skipped (`d` multiple of it) or split (`d` divides it) — and `s` must
/// divide / be divided by the extents it spans (CUTLASS 3177).
///
/// A mode that `d` neither divides nor skips, or that `s` does not divide, is
/// still accepted if the whole of `s` fits in it (the DSL's relaxation; the
/// leaf's result is then exact). Right-distributivity over `B`'s leaves is
/// only exact when, in every mode of `A` but the last, the leaves' coordinate
/// contributions add up without a carry; otherwise the result would not be
/// `i -> A(B(i))` (the DSL returns such wrong layouts) and it is rejected.
/// Leaves of both stride signs are rejected for the same reason.
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("composition", [a, b], compose_one(LRef::of(a), LRef::of(b)))
}

/// `composition(A, tiler)` by mode: mode `i` of `A` is composed with element
/// `i` of the tiler; modes of `A` beyond the tiler are dropped (current CuTe).
pub fn composition_tiler<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("composition", [a, t], compose_tiler(LRef::of(a), t))
}

/// A composition in progress: the prepared left operand and, per mode of it
/// (all but the last), the sum over the right operand's leaves of the largest
/// coordinate each leaf reaches in it.
struct Composer {
    lhs: Modes,
    acc: Acc,
}

/// What the leaves of the right operand have reached so far: per mode of the
/// left operand (all but the last), the sum of the largest coordinates, and
/// the stride signs seen.
struct Acc {
    coord: Buf<i64, 8>,
    pos: bool,
    neg: bool,
}

// Composers are filled in place (`load`, `prepare`) rather than returned:
// moving the inline buffers costs more than the arithmetic on small layouts.
impl Composer {
    fn empty() -> Self {
        Composer {
            lhs: Modes::new(),
            acc: Acc {
                coord: Buf::new(),
                pos: false,
                neg: false,
            },
        }
    }

    /// Prepares `A` as the left operand.
    fn load(&mut self, a: LRef) -> Result<(), Cond> {
        flat_modes(a, &mut self.lhs)?;
        self.prepare()
    }

    /// Prepares the flat modes already in `self.lhs` (all shapes positive).
    fn prepare(&mut self) -> Result<(), Cond> {
        composition_lhs(&mut self.lhs)?;
        if self.lhs.is_empty() {
            return Err("the layout has no modes".into());
        }
        for _ in 1..self.lhs.len() {
            self.acc.coord.push(0);
        }
        Ok(())
    }

    /// `A o part`, where `part` is one top-level mode of the right operand.
    fn apply(&mut self, part: LRef) -> Result<Layout, Cond> {
        compose_tree(&self.lhs, &mut self.acc, part.s, part.d)
    }

    /// `A o layout_from_modes(modes)` without building that layout.
    fn apply_modes(&mut self, modes: &[(i64, i64)]) -> Result<Layout, Cond> {
        if let [(s, d)] = modes {
            return compose_leaf(&self.lhs, &mut self.acc, *s, *d);
        }
        let mut shapes = Vec::with_capacity(modes.len());
        let mut strides = Vec::with_capacity(modes.len());
        for &(s, d) in modes {
            let (x, y) = compose_leaf(&self.lhs, &mut self.acc, s, d)?.into_parts();
            shapes.push(x);
            strides.push(y);
        }
        Ok(Layout::from_parts(IntTuple::Tuple(shapes), IntTuple::Tuple(strides)))
    }

    /// Checks that the parts distribute: no carries, one stride sign.
    fn finish(self) -> Result<(), Cond> {
        if self.acc.pos && self.acc.neg && self.lhs.len() > 1 {
            return Err("the tiler has strides of both signs, which do not distribute over a multi-mode layout (inadmissible)".into());
        }
        for (j, (&c, &(sj, _))) in self.acc.coord.iter().zip(self.lhs.iter()).enumerate() {
            if c >= sj {
                return Err(format!(
                    "the tiler's modes together reach coordinate {c} of mode {j} of extent {sj}: their images add up across a mode boundary (inadmissible)"
                ));
            }
        }
        Ok(())
    }
}

/// The left operand of a composition, coalesced in place as the DSL does:
/// like `bw_coalesce` but a trailing shape-1 mode is kept (it carries the
/// stride that extends the layout beyond its domain) and a single mode is kept
/// as is.
fn composition_lhs(modes: &mut Modes) -> Result<(), Cond> {
    let n = modes.len();
    if n == 0 {
        return Ok(());
    }
    // Fold right-to-left; `w` indexes the current front mode.
    let mut w = n - 1;
    for i in (0..n - 1).rev() {
        let (s, d) = modes[i];
        if s == 1 {
            continue;
        }
        let front = modes[w];
        if s.checked_mul(d) == Some(front.1) {
            modes[w] = (arith::mul(s, front.0)?, d);
        } else {
            w -= 1;
            modes[w] = (s, d);
        }
    }
    modes.copy_within(w.., 0);
    for _ in 0..w {
        modes.pop();
    }
    Ok(())
}

fn compose_tree(
    lhs: &[(i64, i64)],
    acc: &mut Acc,
    s: &IntTuple,
    d: &IntTuple,
) -> Result<Layout, Cond> {
    match (s, d) {
        (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            let mut parts = Parts::with_capacity(ss.len());
            for (s, d) in ss.iter().zip(ds) {
                parts.push(match (s, d) {
                    (IntTuple::Leaf(Leaf::Int(s)), IntTuple::Leaf(Leaf::Int(d))) => {
                        compose_leaf(lhs, acc, *s, *d)?
                    }
                    _ => compose_tree(lhs, acc, s, d)?,
                });
            }
            Ok(parts.finish())
        }
        (IntTuple::Leaf(s), IntTuple::Leaf(d)) => compose_leaf(
            lhs,
            acc,
            leaf_static(s, "tiler shape")?,
            leaf_static(d, "tiler stride")?,
        ),
        _ => Err("the tiler's shape and stride are not congruent".into()),
    }
}

fn compose_leaf(lhs: &[(i64, i64)], acc: &mut Acc, s: i64, d: i64) -> Result<Layout, Cond> {
    if d == 0 {
        return Ok(Layout::leaf(s, 0));
    }
    if lhs.len() == 1 {
        return Ok(Layout::leaf(s, arith::mul(d, lhs[0].1)?));
    }
    if d < 0 {
        // CuTe's index -> coordinate map truncates, so it is odd:
        // A(-j) == -A(j). Compose with |d| and negate.
        let seen_pos = acc.pos;
        let pos = compose_leaf(lhs, acc, s, arith::abs(d)?)?;
        acc.pos = seen_pos;
        acc.neg |= s > 1;
        let (shape, stride) = pos.into_parts();
        let neg = stride.try_map_leaves(&mut |l| match l {
            Leaf::Int(v) => v
                .checked_neg()
                .map(Leaf::Int)
                .ok_or_else(|| format!("integer overflow in -{v}")),
            other => Ok(other.clone()),
        })?;
        return Ok(Layout::from_parts(shape, neg));
    }
    acc.pos |= s > 1;
    let r = lhs.len();
    let mut shapes: Buf<i64, 8> = Buf::new();
    let mut strides: Buf<i64, 8> = Buf::new();
    // Coordinate step of one unit of each (strided) mode.
    let mut steps: Buf<i64, 8> = Buf::new();
    // Divide the stride out of the leading modes.
    let mut rest_d = d;
    let mut partial = None;
    for (i, &(si, di)) in lhs[..r - 1].iter().enumerate() {
        steps.push(rest_d);
        if rest_d == 1 {
            shapes.push(si);
            strides.push(di);
        } else if rest_d % si == 0 {
            shapes.push(1);
            strides.push(di);
            rest_d /= si;
        } else if si % rest_d == 0 {
            shapes.push(si / rest_d);
            strides.push(arith::mul(di, rest_d)?);
            rest_d = 1;
        } else if rest_d < si {
            shapes.push(arith::ceil_div(si, rest_d)?);
            strides.push(arith::mul(di, rest_d)?);
            rest_d = 1;
            partial = Some(i);
        } else {
            return Err(format!(
                "stride {d} of the tiler is not divisible by / does not divide the shape {si} of mode {i} (inadmissible)"
            ));
        }
    }
    // Mod the shape out of the (now strided) leading modes.
    let mut rest_s = s;
    for (i, si) in shapes.iter_mut().enumerate() {
        let ext = *si;
        if ext == 1 || rest_s == 1 {
            *si = 1;
            continue;
        }
        *si = ext.min(rest_s);
        if partial == Some(i) && rest_s > ext {
            return Err(format!(
                "stride {d} of the tiler does not divide the shape {} of mode {i} and shape {s} of the tiler overruns that mode (inadmissible)",
                lhs[i].0
            ));
        }
        if rest_s % ext == 0 {
            rest_s /= ext;
        } else if rest_s < ext {
            rest_s = 1;
        } else {
            return Err(format!(
                "shape {s} of the tiler is not divisible by / does not divide the shape {ext} of mode {i} (inadmissible)"
            ));
        }
    }
    for ((c, &n), &step) in acc.coord.iter_mut().zip(shapes.iter()).zip(steps.iter()) {
        *c = arith::add(*c, arith::mul(n - 1, step)?)?;
    }
    let last_d = arith::mul(rest_d, lhs[r - 1].1)?;
    bw_coalesce_int(&shapes, &strides, (rest_s, last_d), Unit::Keep)
}

fn compose_one(a: LRef, b: LRef) -> Result<Layout, Cond> {
    let mut c = Composer::empty();
    c.load(a)?;
    let r = c.apply(b)?;
    c.finish()?;
    Ok(r)
}

fn compose_tiler(a: LRef, t: TilerArg) -> Result<Layout, Cond> {
    match elem(t)? {
        Elem::Layout(l) => compose_one(a, LRef::of(&l)),
        Elem::Keep => Ok(a.to_layout()),
        Elem::ByMode(ts) => {
            let mut parts = Parts::with_capacity(ts.len());
            for (m, t) in by_mode(a, &ts)? {
                parts.push(compose_tiler(m, t)?);
            }
            Ok(parts.finish())
        }
    }
}

// ---------------------------------------------------------------------------
// complement
// ---------------------------------------------------------------------------

/// `complement(A, cotarget)`: the layout `C` of strides ordered after `A`'s so
/// that `(A, C)` is injective and `C` reaches `cotarget` (CuTe's algorithm).
/// A non-injective `A` (a stride gap of 0), a negative stride, or a cotarget
/// below 1 is an error. A tuple cotarget stands for its size.
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Result<Layout, LayoutError> {
    wrap!(
        "complement",
        [a, cotarget],
        static_size(cotarget).and_then(|c| complement_impl(LRef::of(a), c))
    )
}

fn complement_impl(a: LRef, cotarget: i64) -> Result<Layout, Cond> {
    let mut out = Modes::new();
    complement_modes(a, cotarget, &mut out)?;
    Ok(layout_from_modes(&out))
}

/// The complement as a flat mode list (what `complement_impl` returns, before
/// building the tree), for the divide and product, which consume it.
fn complement_modes(a: LRef, cotarget: i64, out: &mut Modes) -> Result<(), Cond> {
    let mut flat = Modes::new();
    if cotarget >= 1 {
        flat_modes(a, &mut flat)?;
    }
    complement_of_flat(&mut flat, cotarget, out)
}

/// [`complement_modes`] of the flat modes of A (consumed as scratch).
fn complement_of_flat(flat: &mut Modes, cotarget: i64, out: &mut Modes) -> Result<(), Cond> {
    if cotarget < 1 {
        return Err(format!("cotarget {cotarget} must be at least 1"));
    }
    // filter = coalesce(filter_zeros(A)) on the flat modes.
    for m in flat.iter_mut() {
        if m.1 == 0 {
            m.0 = 1;
        }
    }
    let mut modes = Modes::new();
    coalesce_modes(flat, &mut modes)?;
    if modes.len() == 1 && modes[0].1 == 0 {
        out.push((cotarget, if cotarget == 1 { 0 } else { 1 }));
        return Ok(());
    }
    if let Some(&(_, d)) = modes.iter().find(|m| m.1 < 0) {
        return Err(format!(
            "stride {d} is negative; the complement is only defined for non-negative strides"
        ));
    }
    modes.sort_by_key(|m| m.1);
    // Mode i of the complement fills the gap below mode i of A: shape
    // d_i / prev, stride prev (prev = the span of the smaller modes),
    // rewritten in place.
    let mut prev = 1i64;
    for m in modes.iter_mut() {
        let (s, d) = *m;
        let gap = d / prev;
        if gap == 0 {
            return Err(format!(
                "non-injective layout: stride {d} lies inside the span {prev} of the smaller modes"
            ));
        }
        *m = (gap, prev);
        prev = arith::mul(d, s)?;
    }
    let rest = arith::ceil_div(cotarget, prev)?;
    bw_coalesce_modes(modes.iter().copied(), (rest, prev), Unit::Zero, out)
}

// ---------------------------------------------------------------------------
// inverses
// ---------------------------------------------------------------------------

/// `right_inverse(L)`: `L(R(i)) == i` for `i < size(R)` (CuTe's algorithm:
/// follow the strides 1, s*d, ... through the coalesced modes).
pub fn right_inverse(l: &Layout) -> Result<Layout, LayoutError> {
    wrap!("right_inverse", [l], right_inverse_impl(l))
}

fn right_inverse_impl(l: &Layout) -> Result<Layout, Cond> {
    let (mut flat, mut modes) = (Modes::new(), Modes::new());
    flat_modes(LRef::of(l), &mut flat)?;
    coalesce_modes(&flat, &mut modes)?;
    let mut prefix: Buf<i64, 8> = Buf::new();
    let mut run = 1i64;
    for &(s, _) in modes.iter() {
        prefix.push(run);
        run = arith::mul(run, s)?;
    }
    let mut out = Modes::new();
    let mut next = 1i64;
    while out.len() < modes.len() {
        let Some(i) = modes.iter().position(|&(_, d)| d == next) else {
            break;
        };
        let (s, d) = modes[i];
        out.push((s, prefix[i]));
        match s.checked_mul(d) {
            Some(n) => next = n,
            None => break,
        }
    }
    if out.is_empty() {
        return Ok(Layout::leaf(1, 0));
    }
    Ok(layout_from_modes(&out))
}

/// `left_inverse(L)`: `R(L(i)) == i` for `i < size(L)` on injective `L`.
/// Current CuTe: sort the non-zero strides; mode `k` covers the codomain up to
/// the next stride (`d_{k+1}/d_k` elements, at stride `prefix_k`), a leading
/// gap of `d_0` maps to 0. Strides must divide each other; negative strides
/// are rejected.
pub fn left_inverse(l: &Layout) -> Result<Layout, LayoutError> {
    wrap!("left_inverse", [l], left_inverse_impl(l))
}

fn left_inverse_impl(l: &Layout) -> Result<Layout, Cond> {
    let (mut flat, mut modes) = (Modes::new(), Modes::new());
    flat_modes(LRef::of(l), &mut flat)?;
    coalesce_modes(&flat, &mut modes)?;
    let mut run = 1i64;
    let mut sorted: Buf<(i64, i64, i64), 8> = Buf::new();
    for &(s, d) in modes.iter() {
        if d < 0 {
            return Err(format!("stride {d} is negative"));
        }
        if d != 0 {
            sorted.push((s, d, run));
        }
        run = arith::mul(run, s)?;
    }
    if sorted.is_empty() {
        return Ok(Layout::leaf(1, 0));
    }
    sorted.sort_by_key(|m| m.1);
    let mut shapes: Buf<i64, 8> = Buf::new();
    let mut strides: Buf<i64, 8> = Buf::new();
    shapes.push(sorted[0].1);
    strides.push(0);
    for w in sorted.windows(2) {
        let ((_, d0, p0), (_, d1, _)) = (w[0], w[1]);
        if d1 % d0 != 0 {
            return Err(format!(
                "stride {d1} is not a multiple of stride {d0}: no left inverse"
            ));
        }
        shapes.push(d1 / d0);
        strides.push(p0);
    }
    let (s_last, _, p_last) = sorted[sorted.len() - 1];
    bw_coalesce_int(&shapes, &strides, (s_last, p_last), Unit::Zero)
}

// ---------------------------------------------------------------------------
// divide
// ---------------------------------------------------------------------------

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
enum Elem<'a> {
    Layout(std::borrow::Cow<'a, Layout>),
    Keep,
    ByMode(std::borrow::Cow<'a, [Tiler]>),
}

fn elem(t: TilerArg<'_>) -> Result<Elem<'_>, Cond> {
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

fn by_mode<'a, 't>(
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
fn logical_by_mode(a: LRef, t: TilerArg, parts2: Parts2) -> Result<Layout, Cond> {
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
struct ZipParts {
    names: &'static str,
    extra_in_first: bool,
}

/// The divide's (tile, rest): extra modes join the rest.
const DIVIDE_PARTS: ZipParts = ZipParts { names: "tile, rest", extra_in_first: false };
/// The product's (block, repeat): extra modes join the block.
const PRODUCT_PARTS: ZipParts = ZipParts { names: "block, repeat", extra_in_first: true };

/// The two parts of `A / t` or `A * t` gathered over the modes, as CuTe
/// `zip2_by` after the logical divide or product: `_` keeps a mode, which must
/// then be a rank-2 pair.
fn zipped_by_mode(a: LRef, t: TilerArg, parts2: Parts2, zip: ZipParts) -> Result<(Layout, Layout), Cond> {
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
fn into_modes(l: Layout) -> Vec<Layout> {
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
fn tiled((x, y): (Layout, Layout)) -> Layout {
    let mut parts = Parts::with_capacity(1 + y.rank());
    parts.push(x);
    parts.push_modes(y);
    parts.finish()
}

/// `(x0, x1, ..., y0, y1, ...)`: the flat form of a zipped divide or product.
fn flat((x, y): (Layout, Layout)) -> Layout {
    let mut parts = Parts::with_capacity(x.rank() + y.rank());
    parts.push_modes(x);
    parts.push_modes(y);
    parts.finish()
}

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

// ---------------------------------------------------------------------------
// product
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// shape arithmetic
// ---------------------------------------------------------------------------

/// Rounding of [`shape_div`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivMode {
    Ceil,
    Floor,
    /// Verifies that every leaf divides exactly.
    Exact,
}

/// Element-wise division of a shape by a divisor (a leaf applies to every
/// leaf; a tuple divisor must be congruent). Dynamic leaves stay dynamic; in
/// `Exact` mode their known divisibility must prove the division exact.
pub fn shape_div(
    shape: &IntTuple,
    divisor: &IntTuple,
    mode: DivMode,
) -> Result<IntTuple, LayoutError> {
    wrap!(
        "shape_div",
        [shape, divisor, format!("{mode:?}").to_lowercase()],
        shape_div_impl(shape, divisor, mode)
    )
}

fn shape_div_impl(s: &IntTuple, d: &IntTuple, mode: DivMode) -> Result<IntTuple, Cond> {
    match (s, d) {
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
            if a.len() != b.len() {
                return Err(format!("divisor {d} is not congruent with shape {s}"));
            }
            Ok(IntTuple::Tuple(
                a.iter()
                    .zip(b)
                    .map(|(x, y)| shape_div_impl(x, y, mode))
                    .collect::<Result<_, _>>()?,
            ))
        }
        (IntTuple::Tuple(a), IntTuple::Leaf(_)) => Ok(IntTuple::Tuple(
            a.iter()
                .map(|x| shape_div_impl(x, d, mode))
                .collect::<Result<_, _>>()?,
        )),
        (IntTuple::Leaf(_), IntTuple::Tuple(_)) => {
            Err(format!("divisor {d} is not congruent with shape {s}"))
        }
        (IntTuple::Leaf(sl), IntTuple::Leaf(dl)) => {
            let q = leaf_static(dl, "divisor")?;
            if q <= 0 {
                return Err(format!("divisor {q} must be positive"));
            }
            match sl {
                Leaf::Int(v) => match mode {
                    DivMode::Ceil => arith::ceil_div(*v, q).map(IntTuple::int),
                    DivMode::Floor => Ok(IntTuple::int(v.div_euclid(q))),
                    DivMode::Exact if v % q == 0 => Ok(IntTuple::int(v / q)),
                    DivMode::Exact => Err(format!("shape {v} is not divisible by {q}")),
                },
                Leaf::Dyn(x) => {
                    let q = q as u64;
                    let divisibility = if x.divisibility % q == 0 {
                        x.divisibility / q
                    } else {
                        1
                    };
                    if mode == DivMode::Exact && x.divisibility % q != 0 {
                        return Err(format!("cannot prove that `{x}` is divisible by {q}"));
                    }
                    Ok(IntTuple::dynamic(DynInt {
                        divisibility,
                        wide: x.wide,
                    }))
                }
                other => Err(format!("`{other}` is not a shape")),
            }
        }
    }
}

/// CuTe `ceil_div(a, b)`: integers round up; a tuple divided by an integer
/// folds the divisor through the modes (`ceil_div((12,4,8),128) = (1,1,3)`);
/// two tuples divide element-wise (missing divisor modes are 1).
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    wrap!("ceil_div", [a, b], ceil_div_impl(a, b))
}

fn ceil_div_impl(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, Cond> {
    match (a, b) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            if y.len() > x.len() {
                return Err(format!("divisor {b} has more modes than {a}"));
            }
            let one = IntTuple::int(1);
            Ok(IntTuple::Tuple(
                x.iter()
                    .enumerate()
                    .map(|(i, xi)| ceil_div_impl(xi, y.get(i).unwrap_or(&one)))
                    .collect::<Result<_, _>>()?,
            ))
        }
        (IntTuple::Tuple(x), IntTuple::Leaf(_)) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(x.len());
            for xi in x {
                out.push(ceil_div_impl(xi, &rest)?);
                rest = ceil_div_impl(&rest, xi)?;
            }
            Ok(IntTuple::Tuple(out))
        }
        (IntTuple::Leaf(_), IntTuple::Tuple(_)) => {
            ceil_div_impl(a, &IntTuple::int(static_size(b)?))
        }
        (IntTuple::Leaf(x), IntTuple::Leaf(y)) => {
            let q = leaf_static(y, "divisor")?;
            match x {
                Leaf::Int(v) => arith::ceil_div(*v, q).map(IntTuple::int),
                Leaf::Dyn(d) => {
                    if q <= 0 {
                        return Err(format!("divisor {q} must be positive"));
                    }
                    let q = q as u64;
                    let divisibility = if d.divisibility % q == 0 {
                        d.divisibility / q
                    } else {
                        1
                    };
                    Ok(IntTuple::dynamic(DynInt {
                        divisibility,
                        wide: d.wide,
                    }))
                }
                other => Err(format!("`{other}` is not a shape")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::notation::{parse_int_tuple, parse_layout, parse_tiler};
    use super::*;

    fn l(s: &str) -> Layout {
        parse_layout(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn t(s: &str) -> IntTuple {
        parse_int_tuple(s).unwrap()
    }

    fn ok(r: Result<Layout, LayoutError>) -> String {
        r.unwrap_or_else(|e| panic!("{e}")).to_string()
    }

    fn err<T: std::fmt::Debug>(r: Result<T, LayoutError>) -> String {
        r.expect_err("expected an error").to_string()
    }

    #[test]
    fn spec_001_worked_examples_that_agree_with_cute() {
        // Composition, hierarchical case.
        assert_eq!(
            ok(composition(&l("(4,2):(1,4)"), &l("(2,2):(1,2)"))),
            "(2,2):(1,2)"
        );
        // Composition, dense one-mode case, reordered: A(B(j)) = 2j.
        assert_eq!(ok(composition(&l("8:2"), &l("4:1"))), "4:2");
        // Logical divide, one-mode case.
        assert_eq!(ok(logical_divide(&l("128:1"), &l("32:1"))), "(32,4):(1,32)");
        // Coalesce counter-example stays unchanged.
        assert_eq!(ok(coalesce(&l("(2,4):(8,1)"))), "(2,4):(8,1)");
        // Filter-zeros / filter.
        assert_eq!(filter_zeros(&l("(4,3):(1,0)")).to_string(), "(4,1):(1,0)");
        assert_eq!(ok(filter(&l("(4,3):(1,0)"))), "4:1");
    }

    #[test]
    fn spec_001_worked_examples_corrected() {
        // Spec: <32:1> covering 128 of 256; CuTe: the complement reaches the cotarget.
        assert_eq!(ok(complement(&l("4:32"), &t("256"))), "(32,2):(1,128)");
        // Spec: ((128:1),(4:128)) using |A|*|B|; CuTe uses size(A)*cosize(B).
        assert_eq!(
            ok(logical_product(&l("128:1"), &l("4:32"))),
            "(128,4):(1,4096)"
        );
        assert_eq!(
            ok(logical_product(&l("128:1"), &l("4:1"))),
            "(128,4):(1,128)"
        );
        // Spec claims <8:1>; col-major (2,4):(4,1) is not contiguous.
        assert_eq!(ok(coalesce(&l("(2,4):(4,1)"))), "(2,4):(4,1)");
    }

    #[test]
    fn coalesce_cases() {
        assert_eq!(ok(coalesce(&l("(2,(1,4)):(1,(7,2))"))), "8:1");
        assert_eq!(ok(coalesce(&l("(1,1):(3,4)"))), "1:0");
        assert_eq!(ok(coalesce(&l("():()"))), "1:0");
        assert_eq!(
            ok(coalesce_profile(
                &l("((2,2),(2,2)):((1,2),(8,4))"),
                &t("(1,1)")
            )),
            "(4,(2,2)):(1,(8,4))"
        );
        assert!(err(coalesce_profile(
            &l("(4,(2),3):(3,(3),0)"),
            &t("(1,(1,1),1)")
        ))
        .contains("rank 2 > rank 1"));
    }

    #[test]
    fn dynamic_leaves_propagate() {
        assert_eq!(
            size(&l("(?{div=8},4):(1,?)")).unwrap().to_string(),
            "?{div=32}"
        );
        assert_eq!(
            size(&l("(?{i64},4):(1,?)")).unwrap().to_string(),
            "?{div=4,i64}"
        );
        assert_eq!(cosize(&l("(?,4):(0,1)")).unwrap().to_string(), "4");
        assert_eq!(cosize(&l("(?,4):(1,?)")).unwrap().to_string(), "?");
        // Unknown modes never merge.
        assert_eq!(ok(coalesce(&l("(2,?,1,4):(1,2,9,?)"))), "(2,?,4):(1,2,?)");
        assert_eq!(ok(coalesce(&l("(2,2,?):(1,2,4)"))), "(4,?):(1,4)");
        assert_eq!(
            make_layout(&t("(2,?,4)")).unwrap().to_string(),
            "(2,?,4):(1,2,?)"
        );
        assert_eq!(filter_zeros(&l("(?,4):(0,1)")).to_string(), "(1,4):(0,1)");
        let e = err(composition(&l("(?,4):(1,?)"), &l("2:1")));
        assert_eq!(e, "composition((?,4):(1,?), 2:1): shape `?` is dynamic; this operation needs static values");
        assert_eq!(
            shape_div(&t("(?{div=8},6)"), &t("2"), DivMode::Exact)
                .unwrap()
                .to_string(),
            "(?{div=4},3)"
        );
        assert!(err(shape_div(&t("?{div=8}"), &t("16"), DivMode::Exact)).contains("cannot prove"));
        assert_eq!(
            ceil_div(&t("?{div=8,i64}"), &t("4")).unwrap().to_string(),
            "?{div=2,i64}"
        );
    }

    #[test]
    fn composition_cases() {
        assert_eq!(ok(composition(&l("(4,6,8):(1,4,7)"), &l("6:1"))), "6:1");
        assert_eq!(ok(composition(&l("(8,8):(8,1)"), &l("2:3"))), "2:24");
        assert_eq!(ok(composition(&l("(16,2):(2,1)"), &l("1:32"))), "1:2");
        assert_eq!(ok(composition(&l("(1):(1)"), &l("(4):(1)"))), "(4):(1)");
        assert_eq!(
            ok(composition(&l("(2,4):(-1,512)"), &l("4:-1"))),
            "(2,2):(1,-512)"
        );
        assert_eq!(
            ok(composition_tiler(
                &l("(12,8,4):(8,96,1)"),
                &parse_tiler("[3;(4,2):(2,1)]").unwrap()
            )),
            "(3,(4,2)):(8,(192,96))"
        );
        assert_eq!(
            ok(composition_tiler(
                &l("(2,3):(1,2)"),
                &parse_tiler("[1]").unwrap()
            )),
            "(1):(0)"
        );
        // Right-distributivity would add up across a mode boundary.
        let e = err(composition(&l("(6,4):(4,1)"), &l("(2,2,2):(4,2,1)")));
        assert!(e.contains("add up across a mode boundary"), "{e}");
        assert!(err(composition(&l("(2,4):(1,4)"), &l("(2,2):(1,-1)"))).contains("both signs"));
        assert!(err(composition(&l("(4,8):(1,5)"), &l("8:3"))).contains("inadmissible"));
        assert!(err(composition(&l("(4,8):(1,5)"), &l("(2,2):(3,1)")))
            .contains("across a mode boundary"));
        assert!(
            err(composition_tiler(&l("4:1"), &parse_tiler("[2;2]").unwrap()))
                .contains("rank 2 > rank 1")
        );
        assert!(
            err(composition(&l("(2,9223372036854775807):(1,2)"), &l("2:4"))).contains("overflow")
        );
    }

    #[test]
    fn complement_cases() {
        assert_eq!(ok(complement(&l("(2,2):(1,6)"), &t("24"))), "(3,2):(2,12)");
        assert_eq!(ok(complement(&l("4:0"), &t("8"))), "8:1");
        assert_eq!(ok(complement(&l("64:1"), &t("(32,4,4)"))), "8:64");
        assert!(err(complement(&l("(2,4,6):(1,6,2)"), &t("30"))).contains("non-injective"));
        assert!(err(complement(&l("4:1"), &t("0"))).contains("at least 1"));
        assert!(err(complement(&l("(4,4):(-1,1)"), &t("1"))).contains("negative"));
    }

    #[test]
    fn inverses() {
        assert_eq!(
            ok(right_inverse(&l("(2,4,4,6):(4,1,0,8)"))),
            "(4,2,6):(2,1,32)"
        );
        assert_eq!(ok(right_inverse(&l("4:-1"))), "1:0");
        assert_eq!(ok(left_inverse(&l("4:2"))), "(2,4):(0,1)");
        assert_eq!(ok(left_inverse(&l("(2,4,6):(1,6,2)"))), "(2,3,4):(1,8,2)");
        assert_eq!(
            ok(left_inverse(&l("(128,64):(131072,2)"))),
            "(2,65536,128):(0,128,1)"
        );
        assert!(err(left_inverse(&l("(4,6):(2,3)"))).contains("no left inverse"));
        assert!(err(left_inverse(&l("(4):(-1)"))).contains("negative"));
    }

    #[test]
    fn divide_and_product_variants() {
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

    #[test]
    fn queries_and_regrouping() {
        let a = l("((2,4),4):((1,16),8)");
        assert_eq!(size(&a).unwrap(), IntTuple::int(32));
        assert_eq!(cosize(&l("(4,4):(-1,4)")).unwrap(), IntTuple::int(16));
        assert_eq!((rank(&a), depth(&a)), (2, 2));
        assert_eq!(get(&a, 0).unwrap().to_string(), "(2,4):(1,16)");
        assert!(err(get(&a, 2)).contains("out of range"));
        assert_eq!(
            select(&l("(2,3,4):(1,2,6)"), &[2, 0]).unwrap().to_string(),
            "(4,2):(6,1)"
        );
        assert_eq!(flatten(&a).to_string(), "(2,4,4):(1,16,8)");
        assert_eq!(
            group_modes(&l("(2,3,4):(1,2,6)"), 0, 2)
                .unwrap()
                .to_string(),
            "((2,3),4):((1,2),6)"
        );
        assert!(err(group_modes(&a, 1, 3)).contains("invalid"));
        assert!(compatible(&t("(6,4)"), &t("((2,3),4)")));
        assert!(!compatible(&t("(6,4)"), &t("((2,3),5)")));
        assert!(weakly_congruent(&t("(1,2)"), &t("((2,3),4)")));
        assert!(!congruent(&t("(1,2)"), &t("((2,3),4)")));
    }

    #[test]
    fn coordinates() {
        let a = l("(2,(2,(8,1)),4):(2,(1,(-4,1)),32)");
        assert_eq!(crd2idx(&t("(0,(0,(7,0)),3)"), &a).unwrap(), 68);
        assert_eq!(crd2idx(&t("116"), &a).unwrap(), 76);
        assert!(err(crd2idx(&t("(1,2)"), &a)).contains("does not match"));
        assert_eq!(
            idx2crd(15, &t("(4,(3,2))")).unwrap().to_string(),
            "(3,(0,1))"
        );
        assert_eq!(idx2crd(7, &t("5")).unwrap().to_string(), "7");
        assert_eq!(table(&l("(2,2):(2,1)")).unwrap(), vec![0, 2, 1, 3]);
    }

    #[test]
    fn upcast_bits_to_elements() {
        // CuTe's ldmatrix x1 layouts in bits, as 16-bit elements.
        let up = |s: &str, n| upcast(&l(s), n).map(|r| r.to_string()).map_err(|e| e.to_string());
        assert_eq!(up("((8,4),128):((128,0),1)", 16).unwrap(), "((8,4),8):((8,0),1)");
        assert_eq!(up("(32,32):(32,1)", 16).unwrap(), "(32,2):(2,1)");
        assert_eq!(up("(32,(32,2)):(32,(1,1024))", 8).unwrap(), "(32,(4,2)):(4,(1,128))");
        assert_eq!(up("(1,32):(0,1)", 32).unwrap(), "(1,1):(0,1)");
        assert_eq!(up("(4,2):(-2,8)", 2).unwrap(), "(4,2):(-1,4)");
        assert!(up("4:3", 2).unwrap_err().contains("do not divide one another"));
        assert!(up("4:1", 0).unwrap_err().contains("must be positive"));
        assert!(up("?:1", 2).unwrap_err().contains("dynamic"));
        assert!(err(table(&l("(65536,65536):(1,65536)"))).contains("exceeds"));
    }

    #[test]
    fn make_layout_family() {
        assert_eq!(
            make_layout(&t("(2,(1,4))")).unwrap().to_string(),
            "(2,(1,4)):(1,(0,2))"
        );
        assert_eq!(
            make_ordered_layout(&t("(2,3,4)"), &t("(2,0,1)"))
                .unwrap()
                .to_string(),
            "(2,3,4):(12,1,3)"
        );
        assert_eq!(
            make_layout_like(&l("(2,3,4):(100,0,-7)"))
                .unwrap()
                .to_string(),
            "(2,3,4):(4,0,1)"
        );
        assert!(
            err(make_ordered_layout(&t("(2,3)"), &t("(1,2,3)"))).contains("not weakly congruent")
        );
        // Found by fuzzing: a negative extent must not make a layout.
        assert!(err(make_ordered_layout(&t("(-1,1)"), &t("1"))).contains("negative"));
    }

    #[test]
    fn shape_arithmetic() {
        assert_eq!(
            shape_div(&t("(8,(6,3))"), &t("2"), DivMode::Ceil)
                .unwrap()
                .to_string(),
            "(4,(3,2))"
        );
        assert_eq!(
            shape_div(&t("(8,(6,3))"), &t("2"), DivMode::Floor)
                .unwrap()
                .to_string(),
            "(4,(3,1))"
        );
        assert_eq!(
            err(shape_div(&t("(8,(6,3))"), &t("2"), DivMode::Exact)),
            "shape_div((8,(6,3)), 2, exact): shape 3 is not divisible by 2"
        );
        assert_eq!(
            shape_div(&t("(8,6)"), &t("(4,3)"), DivMode::Exact)
                .unwrap()
                .to_string(),
            "(2,2)"
        );
        assert!(err(shape_div(&t("8"), &t("0"), DivMode::Ceil)).contains("positive"));
        assert_eq!(
            ceil_div(&t("(12,4,8)"), &t("128")).unwrap().to_string(),
            "(1,1,3)"
        );
        assert_eq!(ceil_div(&t("7"), &t("2")).unwrap().to_string(), "4");
        assert_eq!(
            ceil_div(&t("(7,9)"), &t("(2)")).unwrap().to_string(),
            "(4,9)"
        );
    }
}
