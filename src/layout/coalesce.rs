//! `coalesce`, `coalesce` by profile, `filter_zeros` and `filter` (CuTe
//! `include/cute/layout.hpp`, `detail::bw_coalesce`).

use super::common::*;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{IntTuple, Layout, Leaf};

/// How [`bw_coalesce`] treats a result that is a single shape-1 mode.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Unit {
    /// `1:0`, as `coalesce` (C++ and DSL).
    Zero,
    /// Keep the stride of the last mode: composition results (the DSL keeps
    /// e.g. `(16,2):(2,1) o 1:32 = 1:2`).
    Keep,
}

/// CuTe `bw_coalesce`: fold modes right-to-left into `(new_s, new_d)`,
/// skipping static shape-1 modes and merging `(s,d)` into the front mode when
/// `s*d == front stride` statically (integers, or scaled bases of one path:
/// `2 * 1@0 == 2@0`). Dynamic leaves never merge.
pub(super) fn bw_coalesce(modes: &[(Leaf, Leaf)], last: (Leaf, Leaf), unit: Unit) -> Result<Layout, Cond> {
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
        if let (Leaf::Int(si), Leaf::Int(fs)) = (s, &front.0) {
            let mergeable = match (d, &front.1) {
                (Leaf::Int(di), Leaf::Int(fd)) => si.checked_mul(*di) == Some(*fd),
                (Leaf::Basis(db), Leaf::Basis(fb)) => {
                    db.dynamic.is_none()
                        && fb.dynamic.is_none()
                        && db.dims == fb.dims
                        && db.den == fb.den
                        && si.checked_mul(db.num) == Some(fb.num)
                }
                _ => false,
            };
            if mergeable {
                *front = (Leaf::Int(arith::mul(*si, *fs)?), d.clone());
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
pub(super) fn bw_coalesce_modes(
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

pub(super) fn bw_coalesce_int(
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
pub(super) fn coalesce_modes(modes: &[(i64, i64)], out: &mut Modes) -> Result<(), Cond> {
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
    coalesce_leaves(super::leaf_ops::flat_leaves(l))
}

/// CuTe's `coalesce` of flat `(shape, stride)` leaves of any kind.
pub(super) fn coalesce_leaves(mut modes: Vec<(Leaf, Leaf)>) -> Result<Layout, Cond> {
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

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

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
}
