//! Tiling layouts with dynamic (`?`) extents or strides by static tiles.
//!
//! The static algebra (`ops`) needs static values. The most common CuTe use
//! — tiling a run-time sized tensor `(?,?):(1,?)` by a static tile
//! `[128:1;64:1]` (`local_tile`, `zipped_divide`) — only needs, per tiled
//! mode `s:d` and tile `t:e` (static `t`, `e`):
//!
//! ```text
//! tile = t : d*e
//! rest = ceil(s / t) : t*d                    (e == 1)
//!      = (e, ceil(s / (t*e))) : (d, t*e*d)    (e > 1)
//! ```
//!
//! which is what `composition` and `complement` give when `s` is static and
//! divisible (the tests check exactly that). A dynamic extent is tiled with
//! `ceil` as CuTe does for run-time problem sizes (the residue is predicated
//! when lowering); a static extent must be divisible. Known divisibility is
//! carried into the results (`?{div=256}` tiled by 128 gives `?{div=2}`).
//!
//! Modes must be leaves; other cases return `None` and the static algebra
//! reports the dynamic leaf.

use super::symbolic::{self, Step};
use super::error::LayoutError;
use super::ops;
use super::tuple::{DynInt, IntTuple, Layout, Leaf, Tiler};
use super::tuple_ops::{has_dynamic_leaf, TupleOp};

/// Which by-mode tiling to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiling {
    Composition,
    LogicalDivide,
    ZippedDivide,
    TiledDivide,
    FlatDivide,
}

impl Tiling {
    fn name(self) -> &'static str {
        match self {
            Tiling::Composition => "composition",
            Tiling::LogicalDivide => "logical_divide",
            Tiling::ZippedDivide => "zipped_divide",
            Tiling::TiledDivide => "tiled_divide",
            Tiling::FlatDivide => "flat_divide",
        }
    }
}

fn leaf(l: Leaf) -> IntTuple {
    IntTuple::Leaf(l)
}

/// `x * k` for a static `k >= 1`, keeping what is known of a dynamic `x`.
fn scale(x: &Leaf, k: i64) -> Result<Leaf, String> {
    match x {
        Leaf::Int(v) => v.checked_mul(k).map(Leaf::Int).ok_or_else(|| "integer overflow".to_string()),
        Leaf::Dyn(d) => Ok(Leaf::Dyn(DynInt {
            divisibility: d.divisibility.checked_mul(k as u64).unwrap_or(d.divisibility),
            wide: d.wide,
            max: 0,
            expr: symbolic::binary(Step::Mul, x, &Leaf::Int(k)),
        })),
        // A coordinate layout's `c@p` (CuTe scales a basis by integers).
        Leaf::Basis(b) if b.dynamic.is_none() => {
            let num = b.num.checked_mul(k).ok_or("integer overflow")?;
            Ok(Leaf::Basis(Box::new(super::tuple::ScaledBasis::new(num, b.den, b.dims.clone())?)))
        }
        other => Err(format!("stride {other} is not an integer")),
    }
}

/// `ceil(s / q)` for a static `q >= 1`: exact for static `s` (else an error),
/// dynamic and `ceil` for a dynamic `s`.
fn quotient(s: &Leaf, q: i64) -> Result<Leaf, String> {
    match s {
        Leaf::Int(v) if v % q == 0 => Ok(Leaf::Int(v / q)),
        Leaf::Int(v) => Err(format!("the tile size {q} does not divide the extent {v}")),
        Leaf::Dyn(d) => {
            let q = q as u64;
            let divisibility = if d.divisibility % q == 0 { d.divisibility / q } else { 1 };
            let expr = symbolic::binary(Step::CeilDiv, s, &Leaf::Int(q as i64));
            Ok(Leaf::Dyn(DynInt { divisibility: divisibility.max(1), wide: d.wide, max: 0, expr }))
        }
        other => Err(format!("extent {other} is not an integer")),
    }
}

/// A static tile `t:e` (a layout leaf or a shape `t`), if the tiler element is one.
fn static_tile(tiler: &Tiler) -> Option<(i64, i64)> {
    match tiler {
        Tiler::Layout(l) => match (l.shape().as_int(), l.stride().as_int()) {
            (Some(t), Some(e)) if t >= 1 && e >= 1 => Some((t, e)),
            _ => None,
        },
        Tiler::Shape(s) => s.as_int().filter(|&t| t >= 1).map(|t| (t, 1)),
        _ => None,
    }
}

/// (tile, rest) of the leaf mode `s:d` by the tile `t:e`.
fn divide_mode(s: &Leaf, d: &Leaf, t: i64, e: i64) -> Result<(Layout, Layout), String> {
    let tile = Layout::new(IntTuple::int(t), leaf(scale(d, e)?)).map_err(|err| err.into_condition())?;
    let span = t.checked_mul(e).ok_or("integer overflow")?;
    let count = quotient(s, span)?;
    let rest_stride = |count: &Leaf, stride: Leaf| if *count == Leaf::Int(1) { Leaf::Int(0) } else { stride };
    let rest = if e == 1 {
        let stride = rest_stride(&count, scale(d, t)?);
        Layout::new(leaf(count), leaf(stride))
    } else if count == Leaf::Int(1) {
        // The tile spans the whole mode: only its gaps remain.
        Layout::new(IntTuple::int(e), leaf(d.clone()))
    } else {
        let stride = rest_stride(&count, scale(d, span)?);
        Layout::new(
            IntTuple::tuple(vec![IntTuple::int(e), leaf(count)]),
            IntTuple::tuple(vec![leaf(d.clone()), leaf(stride)]),
        )
    }
    .map_err(|err| err.into_condition())?;
    Ok((tile, rest))
}

/// True if a shape or stride leaf of `l` is dynamic.
pub fn has_dynamic(l: &Layout) -> bool {
    has_dynamic_leaf(l.shape()) || has_dynamic_leaf(l.stride())
}

/// True if `l` has a dynamic leaf or a scaled-basis stride: the layouts
/// that [`tile`]'s run-time and symbolic rules are for (and that type
/// inference sends to `layout::runtime`).
pub fn has_run_time_leaf(l: &Layout) -> bool {
    let run_time = |leaf: &Leaf| matches!(leaf, Leaf::Dyn(_) | Leaf::Basis(_));
    l.shape().any_leaf(&run_time) || l.stride().any_leaf(&run_time)
}

fn leaf_parts(mode: &Layout) -> Option<(Leaf, Leaf)> {
    match (mode.shape(), mode.stride()) {
        (IntTuple::Leaf(s), IntTuple::Leaf(d)) => Some((s.clone(), d.clone())),
        _ => None,
    }
}

/// `kind(a, tiler)` for a layout with dynamic leaves, when every tiled mode
/// is a leaf and every tile is static; `None` when this rule does not apply
/// (then the static algebra decides, or reports the dynamic leaf).
pub fn tile_dynamic(kind: Tiling, a: &Layout, tiler: &Tiler) -> Option<Result<Layout, LayoutError>> {
    if !has_dynamic(a) {
        return None;
    }
    tile_leafwise(kind, a, tiler)
}

/// `kind(a, tiler)`: the leaf-wise rule for dynamic layouts, else the static
/// algebra.
pub fn tile(kind: Tiling, a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    // One pass over the tiler: a coordinate tiler and a run-time tiler each
    // take their own path.
    let (mut basis_tiler, mut dynamic_tiler) = (false, false);
    tiler_leaves(tiler, &mut |l| match l {
        Leaf::Basis(_) => basis_tiler = true,
        Leaf::Dyn(_) => dynamic_tiler = true,
        _ => {}
    });
    if basis_tiler {
        return match (kind, tiler) {
            (Tiling::Composition, Tiler::Layout(b)) => compose_basis_tiler(a, b),
            _ => tile_runtime(kind, a, tiler),
        };
    }
    // All static (the common case): none of the rules below applies, and
    // their checks walk and copy the layout's leaves (issue 33: this is on
    // the verifier's path of every composition and divide).
    if !dynamic_tiler && !has_run_time_leaf(a) {
        return tile_static(kind, a, tiler);
    }
    if let Some(result) = tile_dynamic(kind, a, tiler) {
        return result;
    }
    if let Some(result) = tile_symbolic_strides(kind, a, tiler) {
        return result;
    }
    // Run-time values take CuTe's algorithm on run-time values.
    if has_dynamic(a) || dynamic_tiler {
        return tile_runtime(kind, a, tiler);
    }
    tile_static(kind, a, tiler)
}

/// `composition(A, B)` where `B` has scaled-basis strides (CuTe's special
/// case): a leaf `s:c@p` of `B` composes mode `p` of `A` (`c@j@k` is leaf `j`
/// of mode `k`) with `s:c`; an integer leaf composes all of `A`. The result
/// has `B`'s tree.
pub(super) fn compose_basis_tiler(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    let fail = |c: String| LayoutError::new("composition", vec![a.to_string(), b.to_string()], c);
    fn tree(a: &Layout, s: &IntTuple, d: &IntTuple, fail: &dyn Fn(String) -> LayoutError) -> Result<Layout, LayoutError> {
        match (s, d) {
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == ds.len() => {
                Ok(Layout::from_modes(ss.iter().zip(ds).map(|(s, d)| tree(a, s, d, fail)).collect::<Result<_, _>>()?))
            }
            (IntTuple::Leaf(_), IntTuple::Leaf(Leaf::Basis(basis))) => {
                let count = basis.integral_count().map_err(fail)?;
                let mut mode = a.clone();
                for &i in basis.dims.iter().rev() {
                    mode = mode
                        .mode(i as usize)
                        .filter(|_| !mode.shape().is_leaf() || i == 0)
                        .ok_or_else(|| fail(format!("the tiler's basis {basis} selects no mode of the layout")))?;
                }
                let leaf = Layout::from_parts(s.clone(), IntTuple::int(count));
                tile(Tiling::Composition, &mode, &Tiler::Layout(leaf))
            }
            (IntTuple::Leaf(_), IntTuple::Leaf(_)) => {
                tile(Tiling::Composition, a, &Tiler::Layout(Layout::from_parts(s.clone(), d.clone())))
            }
            _ => Err(fail("the tiler's shape and stride are not congruent".into())),
        }
    }
    tree(a, b.shape(), b.stride(), &fail)
}

/// CuTe's algorithms on run-time values (`runtime`), where neither the
/// leaf-wise rules nor the prime placement apply.
fn tile_runtime(kind: Tiling, a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    use super::runtime;
    match (kind, tiler) {
        (Tiling::Composition, Tiler::Layout(b)) => runtime::composition(a, b),
        (Tiling::Composition, _) => runtime::composition_tiler(a, tiler),
        (Tiling::LogicalDivide, _) => runtime::logical_divide(a, tiler),
        (Tiling::ZippedDivide, _) => runtime::zipped_divide(a, tiler),
        (Tiling::TiledDivide, _) => runtime::tiled_divide(a, tiler),
        (Tiling::FlatDivide, _) => runtime::flat_divide(a, tiler),
    }
}

fn tile_static(kind: Tiling, a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    match (kind, tiler) {
        (Tiling::Composition, Tiler::Layout(b)) => ops::composition(a, b),
        (Tiling::Composition, _) => ops::composition_tiler(a, tiler),
        (Tiling::LogicalDivide, Tiler::Layout(b)) => ops::logical_divide(a, b),
        (Tiling::LogicalDivide, _) => ops::logical_divide_tiler(a, tiler),
        (Tiling::ZippedDivide, _) => ops::zipped_divide(a, tiler),
        (Tiling::TiledDivide, _) => ops::tiled_divide(a, tiler),
        (Tiling::FlatDivide, _) => ops::flat_divide(a, tiler),
    }
}

/// Composition and the divides of a layout with static shapes and some
/// run-time strides, by ANY static tiler (CuTe computes these: the result's
/// strides are A's strides times static factors).
///
/// The static algebra decides everything from A's shapes and the tiler; A's
/// strides only flow through multiplications by static factors, and through
/// the merges of coalescing, which compare them. So each run-time stride is
/// replaced by a distinct prime `P_j` larger than any value the static
/// operands can produce, the static algebra runs, and every result stride
/// `P_j * f` is read back as `d_j * f` (through `TupleOp::Mul`, so the
/// lowering records it). A merge that compares `P_j` with anything else is
/// never true (distinct large primes), which is CuTe's rule for run-time
/// strides: merge only what is provably mergeable. `None` when the rule does
/// not apply (run-time shapes, or the values are too large for the primes).
///
/// Scaled-basis strides (coordinate layouts, `make_identity_layout`) flow
/// the same way (CuTe only multiplies them by integers): every basis `@p`
/// gets one prime `P_p`, `c@p` is placed as `c * P_p` (so `c1@p` and `c2@p`
/// merge exactly when CuTe's `s * c1 == c2` holds) and `P_p * f` reads back
/// as `f@p`.
fn tile_symbolic_strides(kind: Tiling, a: &Layout, tiler: &Tiler) -> Option<Result<Layout, LayoutError>> {
    // Static extents, and a run-time or basis stride.
    if has_dynamic_leaf(a.shape()) || !a.stride().any_leaf(&|l| matches!(l, Leaf::Dyn(_) | Leaf::Basis(_))) {
        return None;
    }
    // A bound on every static magnitude: extents, static strides, tiler leaves.
    let mut bound: u64 = 2;
    let mut note = |l: &Leaf| match l {
        Leaf::Int(v) => bound = bound.max(v.unsigned_abs()),
        Leaf::Basis(b) => bound = bound.max(b.num.unsigned_abs()),
        _ => {}
    };
    a.shape().leaves().into_iter().for_each(&mut note);
    a.stride().leaves().into_iter().for_each(&mut note);
    tiler_leaves(tiler, &mut note);
    let size = super::queries::size_of(a.shape()).ok()?.as_int()?.unsigned_abs().max(2);
    // Static results are at most bound * size * bound in magnitude; primes
    // above that cannot divide them, and P * (bound * size) must fit i64.
    let floor = bound.checked_mul(size)?.checked_mul(bound)?;
    // What each prime stands for: a run-time stride, or a unit basis `1@p`.
    let mut dynamic: Vec<Leaf> = Vec::new();
    let mut primes: Vec<i64> = Vec::new();
    let mut next = floor + 1;
    let mut fresh = |unit: Leaf, dynamic: &mut Vec<Leaf>, primes: &mut Vec<i64>| -> Result<i64, ()> {
        let p = next_prime(next).ok_or(())?;
        next = p + 1;
        dynamic.push(unit);
        primes.push(i64::try_from(p).map_err(|_| ())?);
        Ok(*primes.last().expect("pushed"))
    };
    let stride = a.stride().try_map_leaves(&mut |l| -> Result<Leaf, ()> {
        match l {
            Leaf::Dyn(_) => Ok(Leaf::Int(fresh(l.clone(), &mut dynamic, &mut primes)?)),
            Leaf::Basis(b) => {
                let count = b.integral_count().map_err(|_| ())?;
                let unit = Leaf::Basis(Box::new(super::tuple::ScaledBasis::new(1, 1, b.dims.clone()).map_err(|_| ())?));
                let p = match dynamic.iter().position(|u| *u == unit) {
                    Some(i) => primes[i],
                    None => fresh(unit, &mut dynamic, &mut primes)?,
                };
                count.checked_mul(p).map(Leaf::Int).ok_or(())
            }
            other => Ok(other.clone()),
        }
    }).ok()?;
    let largest = u64::try_from(*primes.last()?).ok()?;
    // Every placed stride times a static factor must fit: P * floor. (The
    // static algebra's own arithmetic is checked, so a product past i64 is
    // an error there, never a wrong stride; a 128 x 128 coordinate tile of
    // a WGMMA partition needs P and floor near 2^31.)
    largest.checked_mul(floor).filter(|&v| v < i64::MAX as u64)?;
    let placed = Layout::new(a.shape().clone(), stride).ok()?;
    let result = match tile_static(kind, &placed, tiler) {
        Ok(r) => r,
        Err(e) => {
            // Report on the caller's operands, not the placeholders.
            let info = e.condition.clone();
            return Some(Err(LayoutError::new(kind.name(), vec![a.to_string(), tiler.to_string()], info)));
        }
    };
    let decode = |l: &Leaf| -> Result<Leaf, String> {
        let Leaf::Int(r) = l else { return Ok(l.clone()) };
        if *r == 0 {
            return Ok(Leaf::Int(0));
        }
        for (p, d) in primes.iter().zip(&dynamic) {
            if r % p == 0 {
                return match d {
                    Leaf::Basis(b) => Ok(Leaf::Basis(Box::new(super::tuple::ScaledBasis::new(r / p, 1, b.dims.clone())?))),
                    _ => TupleOp::Mul.apply_leaf(d, &Leaf::Int(r / p)),
                };
            }
        }
        Ok(Leaf::Int(*r))
    };
    let stride = match result.stride().try_map_leaves(&mut |l| decode(l)) {
        Ok(s) => s,
        Err(c) => return Some(Err(LayoutError::new(kind.name(), vec![a.to_string(), tiler.to_string()], c))),
    };
    Some(Layout::new(result.shape().clone(), stride))
}

fn tiler_leaves(t: &Tiler, f: &mut impl FnMut(&Leaf)) {
    match t {
        Tiler::Layout(l) => {
            l.shape().leaves().into_iter().for_each(&mut *f);
            l.stride().leaves().into_iter().for_each(&mut *f);
        }
        Tiler::Shape(s) => s.leaves().into_iter().for_each(&mut *f),
        Tiler::Underscore => {}
        Tiler::ByMode(ts) => ts.iter().for_each(|t| tiler_leaves(t, f)),
    }
}

/// The smallest prime `>= n` (deterministic Miller-Rabin for u64).
fn next_prime(n: u64) -> Option<u64> {
    (n.max(2)..n.checked_add(10_000)?).find(|&c| is_prime(c))
}

fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for p in BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let (mut d, mut r) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        r += 1;
    }
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % n as u128) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut acc = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                acc = mul(acc, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        acc
    };
    'bases: for a in BASES {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// The leaf-wise rule itself, for static and dynamic leaves alike.
fn tile_leafwise(kind: Tiling, a: &Layout, tiler: &Tiler) -> Option<Result<Layout, LayoutError>> {
    let fail = |condition: String| LayoutError::new(kind.name(), vec![a.to_string(), tiler.to_string()], condition);
    // A single tile on a rank-1 layout: (tile, rest) for a divide.
    let by_mode: Vec<Tiler> = match tiler {
        Tiler::ByMode(modes) => modes.clone(),
        // A shape tuple tiles by mode, as a by-mode tiler of its extents.
        Tiler::Shape(IntTuple::Tuple(items)) => items.iter().map(|t| Tiler::Shape(t.clone())).collect(),
        single if a.shape().is_leaf() && matches!(kind, Tiling::Composition | Tiling::LogicalDivide) => {
            let (t, e) = static_tile(single)?;
            let (s, d) = leaf_parts(a)?;
            return Some(divide_mode(&s, &d, t, e).map_err(fail).map(|(tile, rest)| match kind {
                Tiling::Composition => tile,
                _ => Layout::pair(tile, rest),
            }));
        }
        _ => return None,
    };
    let modes = a.modes();
    if by_mode.len() > modes.len() || a.shape().is_leaf() {
        return None;
    }
    let mut tiles = Vec::new();
    let mut rests = Vec::new();
    let mut divided = Vec::new();
    for (i, mode) in modes.iter().enumerate() {
        match by_mode.get(i) {
            // A mode beyond the tiler: dropped by composition, kept by divides.
            None => {
                divided.push(mode.clone());
                rests.push(mode.clone());
            }
            // `_` keeps the mode (composition, logical_divide); zipping it
            // needs a (tile, rest) pair, which the static rule reports.
            Some(Tiler::Underscore) => match kind {
                Tiling::Composition => tiles.push(mode.clone()),
                Tiling::LogicalDivide => divided.push(mode.clone()),
                _ => return None,
            },
            Some(element) => {
                let (t, e) = static_tile(element)?;
                let (s, d) = leaf_parts(mode)?;
                let (tile, rest) = match divide_mode(&s, &d, t, e) {
                    Ok(parts) => parts,
                    Err(condition) => return Some(Err(fail(format!("mode {i}: {condition}")))),
                };
                divided.push(Layout::pair(tile.clone(), rest.clone()));
                tiles.push(tile);
                rests.push(rest);
            }
        }
    }
    Some(Ok(match kind {
        Tiling::Composition => Layout::from_modes(tiles),
        Tiling::LogicalDivide => Layout::from_modes(divided),
        Tiling::ZippedDivide => Layout::pair(Layout::from_modes(tiles), Layout::from_modes(rests)),
        Tiling::TiledDivide => {
            let mut modes = vec![Layout::from_modes(tiles)];
            modes.extend(rests);
            Layout::from_modes(modes)
        }
        Tiling::FlatDivide => {
            let mut modes = tiles;
            modes.extend(rests);
            Layout::from_modes(modes)
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{parse_layout, parse_tiler, tuple_ops::is_derefinement};

    /// The static algebra (`tile` on static input never takes the leaf-wise rule).
    fn static_op(kind: Tiling, a: &Layout, t: &Tiler) -> Result<Layout, LayoutError> {
        assert!(!has_dynamic(a));
        tile(kind, a, t)
    }

    const KINDS: [Tiling; 5] =
        [Tiling::Composition, Tiling::LogicalDivide, Tiling::ZippedDivide, Tiling::TiledDivide, Tiling::FlatDivide];

    /// On static layouts the leaf-wise rule is exactly the static algebra.
    #[test]
    fn agrees_with_the_static_algebra() {
        let mut checked = 0;
        for (s0, s1, d0, d1) in [(8, 16, 1, 8), (16, 4, 4, 1), (12, 6, 2, 24), (32, 8, 1, 32), (4, 4, 3, 12)] {
            for (t0, e0) in [(1, 1), (2, 1), (4, 1), (2, 2)] {
                for tail in ["4:1", "2:1", "_", "2:2"] {
                    let a = parse_layout(&format!("({s0},{s1}):({d0},{d1})")).unwrap();
                    let t = parse_tiler(&format!("[{t0}:{e0};{tail}]")).unwrap();
                    for kind in KINDS {
                        let ours = tile_leafwise(kind, &a, &t);
                        let reference = static_op(kind, &a, &t);
                        match (ours, reference) {
                            (Some(Ok(o)), Ok(r)) => {
                                assert_eq!(o, r, "{kind:?}({a}, {t})");
                                checked += 1;
                            }
                            (Some(Err(_)) | None, _) => {}
                            (Some(Ok(o)), Err(e)) => panic!("{kind:?}({a}, {t}) = {o}, but the algebra says {e}"),
                        }
                    }
                }
            }
        }
        assert!(checked > 100, "only {checked} cases compared");
    }

    /// A dynamic result is a derefinement of the static result of any
    /// instance of the dynamic extents.
    #[test]
    fn dynamic_results_cover_their_static_instances() {
        let t = parse_tiler("[128:1;64:1]").unwrap();
        let dynamic = parse_layout("(?{div=256},?):(1,?{i64})").unwrap();
        for (m, n) in [(256, 64), (512, 192), (1024, 128)] {
            let instance = parse_layout(&format!("({m},{n}):(1,{m})")).unwrap();
            for kind in KINDS {
                let d = tile_dynamic(kind, &dynamic, &t).unwrap().unwrap();
                let s = static_op(kind, &instance, &t).unwrap();
                assert!(
                    is_derefinement(s.shape(), d.shape()) && is_derefinement(s.stride(), d.stride()),
                    "{kind:?}: {d} does not cover {s}"
                );
            }
        }
        let zipped = tile_dynamic(Tiling::ZippedDivide, &dynamic, &t).unwrap().unwrap();
        assert_eq!(zipped.to_string(), "((128,64),(?{div=2},?)):((1,?{i64}),(128,?{div=64,i64}))");
    }

    /// A coordinate tile as large as a WGMMA tiled MMA's (128 x 128, C's
    /// thread-value layout reaching stride 512) composes: the placed bases
    /// and the static factors fit i64 (issue 32's Hopper attention).
    #[test]
    fn large_coordinate_tiles_compose() {
        let a = parse_layout("(64,128):(1@0,1@1)").unwrap();
        let tv = Tiler::Layout(parse_layout("((4,8,4),(2,2,16)):((128,1,16),(64,8,512))").unwrap());
        let composed = tile(Tiling::Composition, &a, &tv).unwrap();
        assert_eq!(composed.to_string(), "((4,8,4),(2,2,16)):((2@1,1@0,16@0),(1@1,8@0,8@1))");
        // Each (thread, value) lands where the integer layout says.
        let integer = tile(Tiling::Composition, &parse_layout("(64,128):(1,64)").unwrap(), &tv).unwrap();
        assert_eq!(integer.to_string(), "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))");
    }

    #[test]
    fn static_extents_must_divide_and_other_cases_defer() {
        let a = parse_layout("(10,?):(1,10)").unwrap();
        let e = tile_dynamic(Tiling::ZippedDivide, &a, &parse_tiler("[4:1;2:1]").unwrap()).unwrap().unwrap_err();
        assert!(e.to_string().contains("mode 0: the tile size 4 does not divide the extent 10"), "{e}");
        let nested = parse_layout("((2,?),4):((1,2),?)").unwrap();
        assert!(tile_dynamic(Tiling::ZippedDivide, &nested, &parse_tiler("[4:1;2:1]").unwrap()).is_none());
        let static_only = parse_layout("(8,8):(1,8)").unwrap();
        assert!(tile_dynamic(Tiling::ZippedDivide, &static_only, &parse_tiler("[4:1;2:1]").unwrap()).is_none());
    }

    /// Run-time strides through any static tiler: the result, with the
    /// strides' values put in, is the same function as the static algebra's
    /// result on the same values (CuTe may structure it differently, never
    /// as another function).
    #[test]
    fn symbolic_strides_are_the_static_function() {
        let cases = [
            ("(4,2):(?,?)", "(2,2):(1,2)", "[2:1;2:1]"),
            ("(8,(4,2)):(?,(1,?))", "(4,8):(2,8)", "[4:2;(2,2):(1,2)]"),
            ("(16,8):(1,?)", "(8,4):(2,16)", "[8:2;4:2]"),
        ];
        let mut checked = 0;
        for (a_text, b_text, t_text) in cases {
            let a = parse_layout(a_text).unwrap();
            for tiler in [Tiler::Layout(parse_layout(b_text).unwrap()), parse_tiler(t_text).unwrap()] {
                for kind in KINDS {
                    let Ok(symbolic) = tile(kind, &a, &tiler) else { continue };
                    for values in [[3i64, 1000], [7, 64], [1, 1], [0, 5]] {
                        let mut it = values.iter();
                        let mut put = |l: &Layout| {
                            let stride = l.stride().try_map_leaves(&mut |leaf| -> Result<Leaf, ()> {
                                Ok(if let Leaf::Dyn(_) = leaf { Leaf::Int(*it.next().unwrap_or(&1)) } else { leaf.clone() })
                            });
                            Layout::new(l.shape().clone(), stride.unwrap()).unwrap()
                        };
                        let concrete = put(&a);
                        let Ok(reference) = tile_static(kind, &concrete, &tiler) else { continue };
                        // Put the same values into the symbolic result: its
                        // strides are `d_j * f`; evaluate through the table.
                        let ours = symbolic_with(&symbolic, &a, &concrete, kind, &tiler);
                        assert_eq!(
                            crate::layout::table(&ours).unwrap(),
                            crate::layout::table(&reference).unwrap(),
                            "{kind:?}({a}, {tiler}) with {values:?}: {symbolic} vs {reference}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 40, "only {checked} cases were comparable");
    }

    /// The symbolic result evaluated at the values of `concrete`: recompute
    /// it under a recording, then evaluate each run-time stride's expression.
    fn symbolic_with(_symbolic: &Layout, a: &Layout, concrete: &Layout, kind: Tiling, tiler: &Tiler) -> Layout {
        use crate::layout::symbolic::{eval, seed, Recording};
        let mut rec = Recording::start();
        let seeded = Layout::new(a.shape().clone(), seed(a.stride(), &mut rec)).unwrap();
        let r = tile(kind, &seeded, tiler).unwrap();
        let tape = rec.finish();
        let args: Vec<i64> = a
            .stride()
            .leaves()
            .iter()
            .zip(concrete.stride().leaves())
            .filter(|(l, _)| matches!(l, Leaf::Dyn(_)))
            .map(|(_, v)| if let Leaf::Int(v) = v { *v } else { unreachable!() })
            .collect();
        let stride = r
            .stride()
            .try_map_leaves(&mut |l| -> Result<Leaf, ()> {
                Ok(match l {
                    Leaf::Dyn(d) => Leaf::Int(eval(&tape, d.expr, &args).ok_or(())?),
                    other => other.clone(),
                })
            })
            .unwrap();
        Layout::new(r.shape().clone(), stride).unwrap()
    }
}