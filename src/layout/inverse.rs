//! `right_inverse` and `left_inverse` (CuTe `include/cute/layout.hpp`).

use super::buf::Buf;
use super::common::*;
use super::coalesce::{bw_coalesce_int, coalesce_modes, Unit};
use super::error::{arith, Cond, LayoutError};
use super::tuple::Layout;

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
}
