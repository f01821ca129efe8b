//! `complement(A, cotarget)` (CuTe `include/cute/layout.hpp`).

use super::codomain;
use super::common::*;
use super::coalesce::{bw_coalesce_modes, coalesce_leaves, coalesce_modes, Unit};
use super::error::{arith, Cond, LayoutError};
use super::leaf_ops::{flat_leaves, leaf_op, Op};
use super::tuple::{IntTuple, Layout, Leaf};
use super::tuple_ops::has_dynamic_leaf;

/// `complement(A, cotarget)`: the layout `C` of strides ordered after `A`'s so
/// that `(A, C)` is injective and `C` reaches `cotarget` (CuTe's algorithm).
/// A non-injective `A` (a stride gap of 0), a negative stride, or a cotarget
/// below 1 is an error. A tuple cotarget stands for its size.
///
/// Run-time extents or a run-time cotarget follow CuTe's algorithm on
/// run-time values ([`complement_dynamic`]); a run-time stride only in a
/// rank-1 layout (CuTe's `static_assert`: the strides of a longer layout
/// are sorted at compile time).
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Result<Layout, LayoutError> {
    wrap!(
        "complement",
        [a, cotarget],
        if has_dynamic_leaf(a.shape()) || has_dynamic_leaf(a.stride()) || has_dynamic_leaf(cotarget) {
            complement_dynamic(a, cotarget)
        } else {
            static_size(cotarget).and_then(|c| complement_impl(LRef::of(a), c))
        }
    )
}

/// The complement of a coordinate layout (scaled-basis strides), as
/// NVIDIA's IR defines it, one codomain mode at a time
/// ([`codomain::parts`]): the part along basis `p`, an integer layout, is
/// complemented as CuTe does (the gap below each stride in order, then the
/// rest up to the cotarget), its extent-1 gaps left out, the rest always
/// there; its strides run along `p`. A codomain mode no stride reaches is
/// `1:1@p`. Each part's cotarget is its cosize, except the last part's (in
/// codomain order) when `cotarget` is given: what remains of it after the
/// other parts (`ceil_div` by their cosizes). E.g. `complement(3:4@2)` is
/// `(1,1,(4,1)):(1@0,1@1,(1@2,12@2))`.
pub fn complement_basis(a: &Layout, cotarget: Option<&IntTuple>) -> Result<Layout, LayoutError> {
    let shown = cotarget.map_or_else(|| "-".to_string(), |c| c.to_string());
    wrap!("complement", [a, shown], complement_basis_impl(a, cotarget))
}

fn complement_basis_impl(a: &Layout, cotarget: Option<&IntTuple>) -> Result<Layout, Cond> {
    if let Some(IntTuple::Tuple(shape)) = cotarget {
        return complement_basis_in(a, shape);
    }
    let mut parts = codomain::parts(a, false)?;
    parts.sort_by(|x, y| x.0.cmp(&y.0));
    let cosize = |part: &codomain::Part| {
        part.iter().try_fold(1i64, |acc, &(s, d, _)| arith::add(acc, arith::mul(s - 1, d.abs())?))
    };
    let mut rest_of_total = match cotarget {
        Some(c) => Some(static_size(c)?),
        None => None,
    };
    let last = parts.len().saturating_sub(1);
    for part in &parts[..last] {
        if let Some(total) = rest_of_total.as_mut() {
            *total = arith::ceil_div(*total, cosize(&part.1)?)?;
        }
    }
    let mut layouts = Vec::with_capacity(parts.len());
    for (i, (path, part)) in parts.iter().enumerate() {
        let target = match rest_of_total {
            Some(total) if i == last => total,
            _ => cosize(part)?,
        };
        let (mut out, prev) = part_gaps(part.iter().map(|&(s, d, _)| (s, d)).collect(), path)?;
        out.retain(|m| m.0 != 1);
        out.push((arith::ceil_div(target, prev)?, prev));
        let modes = out
            .into_iter()
            .map(|(s, d)| Ok(Layout::from_parts(IntTuple::int(s), IntTuple::Leaf(codomain::basis(d, path)?))))
            .collect::<Result<Vec<_>, Cond>>()?;
        layouts.push((path.clone(), Layout::from_modes(modes)));
    }
    let missing = |path: &[u32]| Ok(Layout::from_parts(IntTuple::int(1), IntTuple::Leaf(codomain::basis(1, path)?)));
    // A one-mode codomain is that mode (NVIDIA's `(1):(3@0)` of `3:1@0`).
    if !layouts.is_empty() && layouts.iter().all(|(p, _)| p.first() == Some(&0)) {
        return codomain::tree(&layouts, &[0], &missing);
    }
    codomain::tree(&layouts, &[], &missing)
}

/// The gaps of one codomain mode's part `(shape, count)`: sorted by count,
/// the gap below each (`(count / span, span)`), and the span they reach.
fn part_gaps(mut part: Vec<(i64, i64)>, path: &[u32]) -> Result<(Vec<(i64, i64)>, i64), Cond> {
    if let Some(&(_, d)) = part.iter().find(|m| m.1 < 0) {
        return Err(format!("stride {} is negative; the complement is only defined for non-negative strides", codomain::basis(d, path)?));
    }
    part.sort_by_key(|m| m.1);
    let mut gaps = Vec::with_capacity(part.len());
    let mut prev = 1i64;
    for (s, d) in part {
        let gap = d / prev;
        if gap == 0 {
            return Err(format!("non-injective layout: stride {} lies inside the span {prev} of the smaller modes", codomain::basis(d, path)?));
        }
        gaps.push((gap, prev));
        prev = arith::mul(d, s)?;
    }
    Ok((gaps, prev))
}

/// The complement of a coordinate layout within a coordinate box `shape`
/// (a tuple cotarget, e.g. the shape a logical divide tiles): codomain mode
/// `k` is complemented up to `shape[k]` (the gaps below each stride, the
/// rest to the extent), a mode nothing reaches is all of `shape[k]`; the
/// result is coalesced, as CuTe's complement. E.g. the complement of
/// `2:64@0` in `(128,64)` is `(64,64):(1@0,1@1)`.
fn complement_basis_in(a: &Layout, shape: &[IntTuple]) -> Result<Layout, Cond> {
    let parts = codomain::parts(a, false)?;
    if let Some((path, _)) = parts.iter().find(|(p, _)| p.len() != 1 || p[0] as usize >= shape.len()) {
        return Err(format!("the basis path {path:?} is not a mode of the cotarget ({})", shape.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")));
    }
    let mut modes: Vec<(Leaf, Leaf)> = Vec::new();
    for (k, extent) in shape.iter().enumerate() {
        let extent = static_size(extent)?;
        let path = [k as u32];
        let part: Vec<(i64, i64)> =
            parts.iter().find(|(p, _)| p[..] == path).map(|(_, m)| m.iter().map(|&(s, d, _)| (s, d)).collect()).unwrap_or_default();
        let (gaps, prev) = part_gaps(part, &path)?;
        for (gap, at) in gaps {
            modes.push((Leaf::Int(gap), codomain::basis(at, &path)?));
        }
        modes.push((Leaf::Int(arith::ceil_div(extent, prev)?), codomain::basis(prev, &path)?));
    }
    coalesce_leaves(modes)
}

/// CuTe's `complement` on run-time values: filter A, then mode by mode
/// (sorted by the static strides) the gap below each stride, and the rest
/// `ceil_div(cotarget, span)` (CuTe's tuple-by-integer `ceil_div`, leaf by
/// leaf) at compact strides from the span; coalesced.
pub(super) fn complement_dynamic(a: &Layout, cotarget: &IntTuple) -> Result<Layout, Cond> {
    let mut modes: Vec<(Leaf, Leaf)> = Vec::new();
    for (s, d) in flat_leaves(a) {
        match (&s, &d) {
            (_, Leaf::Int(0)) | (Leaf::Int(1), _) => continue,
            (Leaf::Int(v), _) if *v < 1 => return Err(format!("shape {v} is not positive")),
            (_, Leaf::Int(v)) if *v < 0 => {
                return Err(format!("stride {v} is negative; the complement is only defined for non-negative strides"))
            }
            (Leaf::Int(_) | Leaf::Dyn(_), Leaf::Int(_) | Leaf::Dyn(_)) => modes.push((s, d)),
            (Leaf::Int(_) | Leaf::Dyn(_), other) | (other, _) => return Err(not_static(other, "stride")),
        }
    }
    let mut modes = flat_leaves(&coalesce_leaves(modes)?);
    let mut cot = Vec::new();
    for leaf in cotarget.leaves() {
        match leaf {
            Leaf::Int(v) if *v < 1 => return Err(format!("cotarget {v} must be at least 1")),
            Leaf::Int(_) | Leaf::Dyn(_) => cot.push(leaf.clone()),
            other => return Err(not_static(other, "cotarget")),
        }
    }
    let compact = |shape: &[Leaf], base: Leaf| -> Result<Vec<(Leaf, Leaf)>, Cond> {
        let mut run = base;
        let mut out = Vec::with_capacity(shape.len());
        for s in shape {
            out.push((s.clone(), run.clone()));
            run = leaf_op(&run, s, Op::Mul)?;
        }
        Ok(out)
    };
    if modes.len() == 1 && modes[0].1 == Leaf::Int(0) {
        modes.clear();
    }
    if modes.is_empty() {
        return Ok(coalesce_leaves(compact(&cot, Leaf::Int(1))?)?);
    }
    if modes.len() > 1 {
        if let Some((_, d)) = modes.iter().find(|m| !matches!(m.1, Leaf::Int(_))) {
            return Err(format!("stride `{d}` is dynamic; the complement of a layout of more than one mode needs static strides"));
        }
        modes.sort_by_key(|m| match m.1 {
            Leaf::Int(v) => v,
            _ => 0,
        });
    }
    let mut out: Vec<(Leaf, Leaf)> = Vec::with_capacity(modes.len() + cot.len());
    let mut prev = Leaf::Int(1);
    for (s, d) in &modes {
        out.push((leaf_op(d, &prev, Op::Div)?, prev.clone()));
        prev = leaf_op(d, s, Op::Mul)?;
    }
    // CuTe's ceil_div(tuple, int): each leaf by what is left of the divisor.
    let mut rest = Vec::with_capacity(cot.len());
    let mut divisor = prev.clone();
    for c in &cot {
        rest.push(leaf_op(c, &divisor, Op::CeilDiv)?);
        divisor = leaf_op(&divisor, c, Op::CeilDiv)?;
    }
    let rest: Vec<Leaf> = rest.into_iter().filter(|l| *l != Leaf::Int(1)).collect();
    out.extend(compact(&rest, prev)?);
    Ok(coalesce_leaves(out)?)
}

fn complement_impl(a: LRef, cotarget: i64) -> Result<Layout, Cond> {
    let mut out = Modes::new();
    complement_modes(a, cotarget, &mut out)?;
    Ok(layout_from_modes(&out))
}

/// The complement as a flat mode list (what `complement_impl` returns, before
/// building the tree), for the divide and product, which consume it.
pub(super) fn complement_modes(a: LRef, cotarget: i64, out: &mut Modes) -> Result<(), Cond> {
    let mut flat = Modes::new();
    if cotarget >= 1 {
        flat_modes(a, &mut flat)?;
    }
    complement_of_flat(&mut flat, cotarget, out)
}

/// [`complement_modes`] of the flat modes of A (consumed as scratch).
pub(super) fn complement_of_flat(flat: &mut Modes, cotarget: i64, out: &mut Modes) -> Result<(), Cond> {
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

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

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
    fn coordinate_layouts_complement_per_codomain_mode() {
        let c = |a: &str| ok(complement_basis(&l(a), None));
        assert_eq!(c("3:1@0"), "(1):(3@0)");
        assert_eq!(c("3:4@2"), "(1,1,(4,1)):(1@0,1@1,(1@2,12@2))");
        assert_eq!(c("(2,5,3):(4@1,5@0,16@1)"), "((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1))");
        assert_eq!(c("(2,3,5):(4@1,5@0,7@1@2)"), "((5,1),(4,1),(1,(7,1))):((1@0,15@0),(1@1,8@1),(1@0@2,(1@1@2,35@1@2)))");
        // With a cotarget the last codomain mode takes what remains of it.
        assert_eq!(ok(complement_basis(&l("(4,3):(1@0,1@1)"), Some(&t("120")))), "((1),(10)):((4@0),(3@1))");
        assert!(err(complement_basis(&l("(2,2):(1@0,1@0)"), None)).contains("non-injective"));
    }

    #[test]
    fn run_time_values() {
        assert_eq!(ok(complement(&l("(3):(?)"), &t("12"))), "(?,?):(1,?)");
        assert_eq!(ok(complement(&l("?:?"), &t("12"))), "(?,?):(1,?)");
        assert_eq!(ok(complement(&l("3:2"), &t("?"))), "(2,?):(1,6)");
        assert_eq!(ok(complement(&l("1:0"), &t("(2,?)"))), "(2,?):(1,2)");
        assert_eq!(ok(complement(&l("1:1"), &t("(2,?)"))), "(2,?):(1,2)");
        assert_eq!(ok(complement(&l("4:2"), &t("(2,?)"))), "(2,?):(1,8)");
        assert_eq!(ok(complement(&l("4:4"), &t("(2,?)"))), "(4,?):(1,16)");
        // Static strides sort; extents may be run-time.
        assert_eq!(ok(complement(&l("(?,2):(8,1)"), &t("?"))), "(4,?):(2,?)");
        assert!(err(complement(&l("(2,2):(?,1)"), &t("16"))).contains("needs static strides"));
        assert!(err(complement(&l("(2,2):(1,1)"), &t("?"))).contains("non-injective"));
    }
}
