//! Queries and regrouping: `size`, `cosize`, `rank`, `depth`, `get`,
//! `select`, `flatten`, `group_modes` (CuTe `include/cute/layout.hpp`) and
//! the int-tuple predicates `congruent`, `weakly_congruent`, `compatible` and
//! `size` of a tuple (`include/cute/int_tuple.hpp`).

use super::symbolic::{self, Step};
use super::tuple_ops::TupleOp;
use super::common::*;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{DynInt, IntTuple, Layout, Leaf};

/// Product of the leaves of `t`; `?` when any leaf is dynamic (with the
/// divisibility that is still known).
pub fn size_of(t: &IntTuple) -> Result<IntTuple, LayoutError> {
    wrap!("size", [t], size_impl(t))
}

fn size_impl(t: &IntTuple) -> Result<IntTuple, Cond> {
    let (mut stat, mut div, mut dynamic, mut wide) = (1i64, 1u64, false, false);
    // The run-time factor's expression (symbolic::binary: 0 outside a
    // recording), multiplied by the static part at the end.
    let mut expr: Option<Leaf> = None;
    t.try_for_each_leaf(&mut |l| {
        match l {
            Leaf::Int(v) => stat = arith::mul(stat, *v)?,
            Leaf::Dyn(d) => {
                dynamic = true;
                wide |= d.wide;
                div = div.saturating_mul(d.divisibility);
                expr = Some(match expr.take() {
                    None => l.clone(),
                    Some(acc) => Leaf::Dyn(DynInt { expr: symbolic::binary(Step::Mul, &acc, l), ..DynInt::UNKNOWN }),
                });
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
    let factor = expr.unwrap_or(Leaf::Dyn(DynInt::UNKNOWN));
    let expr = symbolic::binary(Step::Mul, &factor, &Leaf::Int(stat));
    Ok(IntTuple::dynamic(DynInt { divisibility, wide, max: 0, expr }))
}

/// Whether the static part of `l` stays inside 64-bit integers: the
/// product of its static extents and `sum (s - 1) * |d|` over its modes of
/// static extent and integer stride (issue 35: a layout whose static size
/// or reach overflows is refused, not wrapped). Run-time leaves are not
/// bounded here; their offsets take the width their leaves declare.
pub fn check_static_extent(l: &Layout) -> Result<(), String> {
    let (mut shape, mut stride) = (Vec::new(), Vec::new());
    l.shape().leaves_into(&mut shape);
    l.stride().leaves_into(&mut stride);
    let mut size = 1i64;
    let mut reach = 0i64;
    for (s, d) in shape.iter().zip(&stride) {
        let Leaf::Int(s) = s else { continue };
        size = arith::mul(size, *s).map_err(|e| format!("its size overflows 64-bit integers ({e})"))?;
        if let Leaf::Int(d) = d {
            let step = arith::abs(*d).and_then(|d| arith::mul(s - 1, d));
            reach = step.and_then(|x| arith::add(reach, x)).map_err(|e| format!("its offsets overflow 64-bit integers ({e})"))?;
        }
    }
    arith::add(reach, 1).map(|_| ()).map_err(|e| format!("its cosize overflows 64-bit integers ({e})"))
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
    // A coordinate layout: the product of its codomain modes' cosizes (the
    // box its coordinates fill; NVIDIA's IR).
    if l.stride().any_leaf(&|d| matches!(d, Leaf::Basis(_))) {
        let mut total = 1i64;
        for (_, part) in super::codomain::parts(l, false)? {
            let extent = part.iter().try_fold(1i64, |acc, &(s, d, _)| arith::add(acc, arith::mul(s - 1, arith::abs(d)?)?))?;
            total = arith::mul(total, extent)?;
        }
        return Ok(IntTuple::int(total));
    }
    // Some leaf is not a static integer.
    let mut sh = Vec::new();
    let mut st = Vec::new();
    l.shape().leaves_into(&mut sh);
    l.stride().leaves_into(&mut st);
    // 1 + sum((s - 1) * |d|), run-time strides taken as non-negative (CuTe's
    // run-time strides are); the steps are recorded for the lowering.
    let mut acc = Leaf::Int(1);
    for (s, d) in sh.into_iter().zip(st) {
        let d = match d {
            Leaf::Int(d) => Leaf::Int(arith::abs(*d)?),
            Leaf::Dyn(_) => d.clone(),
            other => return Err(format!("stride `{other}` has no integer extent")),
        };
        if !matches!(s, Leaf::Int(_) | Leaf::Dyn(_)) {
            return Err(format!("shape `{s}` has no integer extent"));
        }
        let extent = TupleOp::Sub.apply_leaf(s, &Leaf::Int(1))?;
        acc = TupleOp::Add.apply_leaf(&acc, &TupleOp::Mul.apply_leaf(&extent, &d)?)?;
    }
    Ok(IntTuple::Leaf(acc))
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

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

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
}
