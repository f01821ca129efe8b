//! `right_inverse` and `left_inverse` (CuTe `include/cute/layout.hpp`).

use super::buf::Buf;
use super::common::*;
use super::coalesce::{bw_coalesce_int, coalesce_modes, Unit};
use super::error::{arith, Cond, LayoutError};
use super::tuple::{IntTuple, Layout, Leaf};

/// `right_inverse(L)`: `L(R(i)) == i` for `i < size(R)` (CuTe's algorithm:
/// follow the strides 1, s*d, ... through the coalesced modes).
///
/// Run-time strides are skipped (current CuTe filters them: the chain only
/// follows static strides); run-time extents are errors. Scaled-basis strides
/// invert per codomain mode, see [`by_codomain`].
pub fn right_inverse(l: &Layout) -> Result<Layout, LayoutError> {
    wrap!(
        "right_inverse",
        [l],
        if has_stride(l, |d| matches!(d, Leaf::Basis(_) | Leaf::Dyn(_))) {
            by_codomain(l, Inverse::Right)
        } else {
            right_inverse_impl(l)
        }
    )
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
/// Scaled-basis strides invert per codomain mode, see [`by_codomain`].
pub fn left_inverse(l: &Layout) -> Result<Layout, LayoutError> {
    wrap!(
        "left_inverse",
        [l],
        if has_stride(l, |d| matches!(d, Leaf::Basis(_))) { by_codomain(l, Inverse::Left) } else { left_inverse_impl(l) }
    )
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
    left_of_modes(&mut sorted)
}

/// The left inverse of the non-zero-stride modes `(shape, stride, index
/// stride)`, where the index stride is the mode's stride in the input's
/// domain.
fn left_of_modes(sorted: &mut [(i64, i64, i64)]) -> Result<Layout, Cond> {
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Inverse {
    Right,
    Left,
}

fn has_stride(l: &Layout, pred: impl Fn(&Leaf) -> bool) -> bool {
    l.stride().leaves().into_iter().any(pred)
}

/// The flat leaves of a layout whose shape is static: `(shape, stride)`.
fn flat_leaves<'a>(s: &'a IntTuple, d: &'a IntTuple, out: &mut Vec<(i64, &'a Leaf)>) -> Result<(), Cond> {
    match (s, d) {
        (IntTuple::Leaf(a), IntTuple::Leaf(b)) => {
            let a = leaf_static(a, "shape")?;
            if a <= 0 {
                return Err(format!("shape {a} is not positive; empty modes are not supported here"));
            }
            out.push((a, b));
            Ok(())
        }
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) if a.len() == b.len() => {
            a.iter().zip(b).try_for_each(|(x, y)| flat_leaves(x, y, out))
        }
        _ => Err("shape and stride are not congruent".into()),
    }
}

/// The inverse of a layout with scaled-basis or run-time strides, one
/// codomain mode at a time: the modes whose strides run along basis `p`
/// (`c@p`) form an integer layout with strides `c` over the input's index
/// space, inverted as CuTe inverts integer layouts (coalesced). The result
/// has the codomain's mode tree (`1@j@k` is leaf `j` of mode `k`); a
/// codomain mode no stride reaches is `1:0`. NVIDIA's IR defines inverses of
/// coordinate layouts so (`(4,5):(1@1,1@0)` -> `(5,4):(4,1)`); CuTe C++
/// only inverts integer strides. Integer layouts with run-time strides
/// (right inverse only) are one codomain mode whose run-time strides no
/// chain can follow.
fn by_codomain(l: &Layout, kind: Inverse) -> Result<Layout, Cond> {
    let mut leaves = Vec::new();
    flat_leaves(l.shape(), l.stride(), &mut leaves)?;
    // (outer-first basis path, modes (shape, count, index stride)).
    let mut groups: Vec<(Vec<u32>, Buf<(i64, i64, i64), 8>)> = Vec::new();
    let mut integers = false;
    let mut index = 1i64;
    for &(s, d) in &leaves {
        let (path, count) = match d {
            Leaf::Int(0) => (None, 0),
            Leaf::Int(v) => {
                integers = true;
                (Some(Vec::new()), *v)
            }
            Leaf::Basis(b) => {
                let mut path = b.dims.clone();
                path.reverse();
                (Some(path), b.integral_count()?)
            }
            Leaf::Dyn(_) if kind == Inverse::Right => (None, 0),
            other => return Err(not_static(other, "stride")),
        };
        if let (Some(path), true) = (path, s > 1) {
            if count < 0 && kind == Inverse::Left {
                return Err(format!("stride {d} is negative"));
            }
            match groups.iter_mut().find(|g| g.0 == path) {
                Some(g) => g.1.push((s, count, index)),
                None => {
                    let mut modes = Buf::new();
                    modes.push((s, count, index));
                    groups.push((path, modes));
                }
            }
        }
        index = arith::mul(index, s)?;
    }
    if integers && groups.iter().any(|g| !g.0.is_empty()) {
        return Err("the strides mix integers and scaled bases".into());
    }
    let mut inverses = Vec::with_capacity(groups.len());
    for (path, modes) in groups.iter_mut() {
        let inverse = match kind {
            Inverse::Right => right_of_modes(modes)?,
            Inverse::Left => left_of_modes(modes)?,
        };
        inverses.push((std::mem::take(path), inverse));
    }
    if inverses.is_empty() {
        return Ok(Layout::leaf(1, 0));
    }
    if let [(path, inverse)] = &inverses[..] {
        if path.is_empty() {
            return Ok(inverse.clone());
        }
    }
    codomain_tree(&inverses, &[])
}

/// The right inverse of modes `(shape, stride, index stride)`: follow the
/// strides 1, s*d, ... and coalesce.
fn right_of_modes(modes: &[(i64, i64, i64)]) -> Result<Layout, Cond> {
    let mut out = Modes::new();
    let mut next = 1i64;
    while out.len() < modes.len() {
        let Some(&(s, d, index)) = modes.iter().find(|m| m.1 == next) else {
            break;
        };
        out.push((s, index));
        match s.checked_mul(d) {
            Some(n) => next = n,
            None => break,
        }
    }
    if out.is_empty() {
        return Ok(Layout::leaf(1, 0));
    }
    let mut coalesced = Modes::new();
    coalesce_modes(&out, &mut coalesced)?;
    Ok(layout_from_modes(&coalesced))
}

/// The mode of the codomain at `prefix`: the inverse of the basis there, or
/// a tuple of its sub-modes (`1:0` where nothing lands).
fn codomain_tree(inverses: &[(Vec<u32>, Layout)], prefix: &[u32]) -> Result<Layout, Cond> {
    if let Some((_, inverse)) = inverses.iter().find(|(p, _)| p == prefix) {
        if inverses.iter().any(|(p, _)| p.len() > prefix.len() && p.starts_with(prefix)) {
            return Err("the basis strides nest differently at one codomain mode".into());
        }
        return Ok(inverse.clone());
    }
    let rank = inverses
        .iter()
        .filter(|(p, _)| p.len() > prefix.len() && p.starts_with(prefix))
        .map(|(p, _)| p[prefix.len()] as usize + 1)
        .max()
        .unwrap_or(0);
    let mut modes = Vec::with_capacity(rank);
    let mut path = prefix.to_vec();
    for i in 0..rank as u32 {
        path.push(i);
        let reached = inverses.iter().any(|(p, _)| p.starts_with(&path));
        modes.push(if reached { codomain_tree(inverses, &path)? } else { Layout::leaf(1, 0) });
        path.pop();
    }
    Ok(Layout::from_modes(modes))
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

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
    fn run_time_strides_are_skipped_by_the_right_inverse() {
        assert_eq!(ok(right_inverse(&l("(2,4,6):(4,1,?)"))), "(4,2):(2,1)");
        assert_eq!(ok(right_inverse(&l("(4,3):(?,1)"))), "3:4");
        assert_eq!(ok(right_inverse(&l("1:?"))), "1:0");
        assert!(err(right_inverse(&l("(?,3):(1,4)"))).contains("dynamic"));
        assert!(err(left_inverse(&l("(4,3):(?,1)"))).contains("dynamic"));
    }

    #[test]
    fn basis_strides_invert_per_codomain_mode() {
        assert_eq!(ok(right_inverse(&l("(4,5):(1@1,1@0)"))), "(5,4):(4,1)");
        assert_eq!(ok(right_inverse(&l("(4,5):(2@0,2@1)"))), "(1,1):(0,0)");
        assert_eq!(ok(right_inverse(&l("(2,3):(0,1@0)"))), "(3):(2)");
        assert_eq!(ok(right_inverse(&l("(4,5):(1@1,1@1@4)"))), "(1,4,1,1,(1,5)):(0,1,0,0,(0,4))");
        assert_eq!(ok(right_inverse(&l("((4,2),4):((1@1,4@0),1@0)"))), "((4,2),4):((8,4),1)");
        assert_eq!(ok(left_inverse(&l("(4,5):(2@0,2@1)"))), "((2,4),(2,5)):((0,1),(0,4))");
        assert_eq!(
            ok(left_inverse(&l("((2,2,2),(2,2,2)):((1@0,2@1,6@0),(1@1,2@0,6@1))"))),
            "((2,3,2),(2,3,2)):((1,16,4),(8,2,32))"
        );
        // Each codomain mode's inverse is a right inverse there:
        // L(R(i)) = i along that basis.
        assert_eq!(ok(left_inverse(&l("(((16,4),64),1,1):(((1@1,32@1),2@0),0,0)"))), "((2,64),(32,4)):((0,64),(1,16))");
        assert!(err(right_inverse(&l("(2,2):(1@0,1@1@0)"))).contains("nest differently"));
    }
}
