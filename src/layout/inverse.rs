//! `right_inverse` and `left_inverse` (CuTe `include/cute/layout.hpp`).

use super::buf::Buf;
use super::common::*;
use super::coalesce::{bw_coalesce_int, coalesce_modes, Unit};
use super::codomain;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{Layout, Leaf};

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
    l.stride().any_leaf(&pred)
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
    let mut groups = codomain::parts(l, kind == Inverse::Right)?;
    if kind == Inverse::Left {
        for (path, part) in &groups {
            if let Some(m) = part.iter().find(|m| m.1 < 0) {
                return Err(format!("stride {} is negative", codomain::basis(m.1, path)?));
            }
        }
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
    codomain::tree(&inverses, &[], &|_| Ok(Layout::leaf(1, 0)))
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
