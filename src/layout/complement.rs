//! `complement(A, cotarget)` (CuTe `include/cute/layout.hpp`).

use super::common::*;
use super::coalesce::{bw_coalesce_modes, coalesce_modes, Unit};
use super::error::{arith, Cond, LayoutError};
use super::tuple::{IntTuple, Layout};

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
}
