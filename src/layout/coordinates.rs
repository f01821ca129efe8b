//! Coordinates: `crd2idx` and `idx2crd` (CuTe `include/cute/stride.hpp`),
//! and the layout as a function table (`table`, the image bounds used by
//! composed layouts).

use super::common::*;
use super::coalesce::coalesce_modes;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{product, IntTuple, Layout};

/// Largest function table that [`table`] will materialize.
pub const MAX_TABLE: i64 = 1 << 22;

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

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

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
        assert!(err(table(&l("(65536,65536):(1,65536)"))).contains("exceeds"));
    }
}
