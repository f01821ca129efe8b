//! Coordinates: `crd2idx` and `idx2crd` (CuTe `include/cute/stride.hpp`),
//! and the layout as a function table (`table`, the image bounds used by
//! composed layouts).

use super::buf::Buf;
use super::common::*;
use super::coalesce::coalesce_modes;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{product, DynInt, IntTuple, Layout, Leaf, ScaledBasis};
use super::tuple_ops::TupleOp;

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

/// `crd2idx(coord, L)` over any strides, as CuTe's `inner_product` of the
/// coordinate with the strides (`include/cute/stride.hpp`): integer strides
/// give an integer, scaled-basis strides a basis tuple. `c * (s@d)` adds
/// `c*s` to component `d` of the result, `s@d@e` to component `e` of
/// component `d`; the result has `1 + max d` components (missing ones are 0),
/// so the identity layout `(4,3):(1@0,1@1)` maps `(2,1)` to `(2,1)`.
///
/// A dynamic coordinate leaf makes the components it reaches `?` (with the
/// divisibility still known), e.g. `(?,?)` for a run-time coordinate of the
/// identity layout; an integer coordinate at a tuple mode is split col-major
/// as in [`crd2idx`], which needs a static coordinate and static extents.
/// A non-zero integer (or dynamic) stride cannot be added to basis strides,
/// and basis counts must be integral.
pub fn crd2idx_tuple(coord: &IntTuple, l: &Layout) -> Result<IntTuple, LayoutError> {
    wrap!("crd2idx", [coord, l], crd2idx_tuple_impl(coord, l))
}

fn crd2idx_tuple_impl(coord: &IntTuple, l: &Layout) -> Result<IntTuple, Cond> {
    let mut bases = BasisAcc::Zero;
    let mut has_basis = false;
    // The integer part: the last integer stride seen and the running sum.
    let mut int: Option<(Leaf, Leaf)> = None;
    inner_terms(coord, l.shape(), l.stride(), &mut |c, d| match d {
        Leaf::Basis(b) => {
            has_basis = true;
            // A run-time coefficient makes the term run-time.
            let count = match b.dynamic {
                Some(d) => Leaf::Dyn(DynInt { expr: 0, ..d }),
                None => Leaf::Int(b.integral_count()?),
            };
            let term = TupleOp::Mul.apply_leaf(&c, &count)?;
            // `c@j@k` is component j of mode k: the path runs outermost first.
            let path: Buf<u32, 4> = b.dims.iter().rev().copied().collect();
            bases.add(&path, term, b)
        }
        Leaf::Int(0) => Ok(()),
        Leaf::Int(_) | Leaf::Dyn(_) => {
            let term = TupleOp::Mul.apply_leaf(&c, d)?;
            let sum = match int.take() {
                None => term,
                Some((_, s)) => TupleOp::Add.apply_leaf(&s, &term)?,
            };
            int = Some((d.clone(), sum));
            Ok(())
        }
        Leaf::Underscore => Err("stride `_` is not a value".into()),
    })?;
    match (has_basis, int) {
        (true, Some((d, _))) => Err(format!(
            "integer stride {d} cannot be added to the scaled-basis strides"
        )),
        (true, None) => Ok(bases.finish()),
        (false, int) => {
            let index = int.map_or(Leaf::Int(0), |(_, s)| s);
            // A run-time index into a layout that may reach beyond i32 needs
            // 64 bits, whatever the coordinates' width (issue 35:
            // `(65536,65536):(1,65536)` at a run-time `(i, j)` wrapped in
            // 32-bit arithmetic, and so did `(?,?):(?,1)` once M * ld
            // passed 2^31).
            Ok(IntTuple::Leaf(match index {
                Leaf::Dyn(d) if !d.wide && may_reach_beyond_i32(l) => Leaf::Dyn(DynInt { wide: true, ..d }),
                other => other,
            }))
        }
    }
}

/// The layout's largest offset may pass `i32::MAX`: static leaves count
/// their value, a run-time leaf its declared bound (`?{max=N}`) or else
/// the largest its width holds (a `?` any i32, a `?{i64}` any i64).
fn may_reach_beyond_i32(l: &Layout) -> bool {
    let bound = |leaf: &Leaf| -> Option<i128> {
        match leaf {
            Leaf::Int(v) => Some(i128::from(v.unsigned_abs())),
            Leaf::Dyn(d) if d.max > 0 => Some(i128::from(d.max)),
            Leaf::Dyn(d) if d.wide => Some(i128::from(i64::MAX)),
            Leaf::Dyn(_) => Some(i128::from(i32::MAX)),
            _ => None,
        }
    };
    let (shape, stride) = (l.shape().leaves(), l.stride().leaves());
    let mut last: i128 = 0;
    for (s, d) in shape.iter().zip(&stride) {
        match (bound(s), bound(d)) {
            (Some(s), Some(d)) => last += (s - 1).max(0) * d,
            _ => return false,
        }
    }
    last >= i128::from(i32::MAX)
}

/// Calls `f(c, d)` for every stride leaf `d` and its coordinate `c` (a
/// static or dynamic integer), splitting integer coordinates at tuple modes
/// col-major as [`crd2idx`] (a dynamic one gives every sub-mode `?`).
fn inner_terms(
    c: &IntTuple,
    s: &IntTuple,
    d: &IntTuple,
    f: &mut dyn FnMut(Leaf, &Leaf) -> Result<(), Cond>,
) -> Result<(), Cond> {
    match (c, s, d) {
        (IntTuple::Tuple(cs), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            if cs.len() != ss.len() || ss.len() != ds.len() {
                return Err(format!("coordinate {c} does not match shape {s}"));
            }
            for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                inner_terms(c, s, d, f)?;
            }
            Ok(())
        }
        (IntTuple::Tuple(_), _, _) => Err(format!("coordinate {c} does not match shape {s}")),
        (IntTuple::Leaf(c @ Leaf::Dyn(_)), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == ds.len() => {
            // Split col-major at run time, as the static case: the same
            // steps, recorded for the lowering (`symbolic`).
            let mut left = c.clone();
            for (i, (s, d)) in ss.iter().zip(ds).enumerate() {
                if i + 1 == ss.len() {
                    inner_terms(&IntTuple::Leaf(left.clone()), s, d, f)?;
                } else {
                    let IntTuple::Leaf(size) = super::queries::size_of(s).map_err(|e| e.condition.clone())? else {
                        return Err(format!("mode shape {s} has no size"));
                    };
                    inner_terms(&IntTuple::Leaf(TupleOp::Mod.apply_leaf(&left, &size)?), s, d, f)?;
                    left = TupleOp::Div.apply_leaf(&left, &size)?;
                }
            }
            Ok(())
        }
        (IntTuple::Leaf(l), IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == ds.len() => {
            let mut left = leaf_static(l, "coordinate")?;
            for (i, (s, d)) in ss.iter().zip(ds).enumerate() {
                if i + 1 == ss.len() {
                    inner_terms(&IntTuple::int(left), s, d, f)?;
                } else {
                    let sz = static_size(s)?;
                    if sz <= 0 {
                        return Err(format!("mode shape {s} is not positive"));
                    }
                    inner_terms(&IntTuple::int(left % sz), s, d, f)?;
                    left /= sz;
                }
            }
            Ok(())
        }
        (IntTuple::Leaf(l @ (Leaf::Int(_) | Leaf::Dyn(_))), IntTuple::Leaf(_), IntTuple::Leaf(d)) => {
            f(l.clone(), d)
        }
        (IntTuple::Leaf(l), IntTuple::Leaf(_), IntTuple::Leaf(_)) => {
            Err(format!("coordinate `{l}` is not an integer"))
        }
        _ => Err(format!("shape {s} and stride {d} are not congruent")),
    }
}

/// The basis tuple being summed by [`crd2idx_tuple`].
enum BasisAcc {
    Zero,
    Value(Leaf),
    Tuple(Vec<BasisAcc>),
}

impl BasisAcc {
    /// Adds `term` at the component path `dims` (outermost first).
    fn add(&mut self, dims: &[u32], term: Leaf, basis: &ScaledBasis) -> Result<(), Cond> {
        let Some((&d, rest)) = dims.split_first() else {
            *self = match std::mem::replace(self, BasisAcc::Zero) {
                BasisAcc::Zero => BasisAcc::Value(term),
                BasisAcc::Value(v) => BasisAcc::Value(TupleOp::Add.apply_leaf(&v, &term)?),
                BasisAcc::Tuple(_) => return Err(nesting(basis)),
            };
            return Ok(());
        };
        if let BasisAcc::Zero = self {
            *self = BasisAcc::Tuple(Vec::new());
        }
        match self {
            BasisAcc::Tuple(v) => {
                let d = d as usize;
                if v.len() <= d {
                    v.resize_with(d + 1, || BasisAcc::Zero);
                }
                v[d].add(rest, term, basis)
            }
            _ => Err(nesting(basis)),
        }
    }

    fn finish(self) -> IntTuple {
        match self {
            BasisAcc::Zero => IntTuple::int(0),
            BasisAcc::Value(v) => IntTuple::Leaf(v),
            BasisAcc::Tuple(v) => IntTuple::Tuple(v.into_iter().map(BasisAcc::finish).collect()),
        }
    }
}

#[cold]
fn nesting(basis: &ScaledBasis) -> Cond {
    format!("basis stride {basis} nests differently from another basis stride at the same component")
}

/// `idx2crd(idx, shape)`: the col-major coordinate of `idx`. At an integer
/// shape the index is returned unchanged (CuTe); inside a tuple every leaf is
/// reduced modulo its extent.
pub fn idx2crd(idx: i64, shape: &IntTuple) -> Result<IntTuple, LayoutError> {
    idx2crd_leaf(&Leaf::Int(idx), shape)
}

/// CuTe's `idx2crd(index, shape)` for an index that may be a tuple: a
/// tuple index congruent at the top with a tuple shape converts mode by
/// mode; a leaf index is [`idx2crd_leaf`].
pub fn idx2crd_tuple(index: &IntTuple, shape: &IntTuple) -> Result<IntTuple, LayoutError> {
    match (index, shape) {
        (IntTuple::Leaf(i), _) => idx2crd_leaf(i, shape),
        (IntTuple::Tuple(is), IntTuple::Tuple(ss)) if is.len() == ss.len() => {
            Ok(IntTuple::Tuple(is.iter().zip(ss).map(|(i, s)| idx2crd_tuple(i, s)).collect::<Result<_, _>>()?))
        }
        _ => Err(LayoutError::new(
            "idx2crd",
            vec![index.to_string(), shape.to_string()],
            "a tuple index needs a shape of the same rank".to_string(),
        )),
    }
}

/// [`idx2crd`] of a static or run-time index over static or run-time
/// extents: mode `i` is `(idx / stride_i) % s_i` with the col-major
/// `stride_i`; a run-time step is recorded for the lowering (`symbolic`).
pub fn idx2crd_leaf(idx: &Leaf, shape: &IntTuple) -> Result<IntTuple, LayoutError> {
    wrap!(
        "idx2crd",
        [idx, shape],
        match shape {
            IntTuple::Leaf(l) => match l {
                Leaf::Int(e) if *e <= 0 => Err(format!("shape {e} is not positive")),
                Leaf::Int(_) | Leaf::Dyn(_) => Ok(IntTuple::Leaf(idx.clone())),
                other => Err(not_static(other, "shape")),
            },
            IntTuple::Tuple(_) => {
                let mut stride = Leaf::Int(1);
                idx2crd_impl(idx, shape, &mut stride)
            }
        }
    )
}

fn idx2crd_impl(idx: &Leaf, s: &IntTuple, stride: &mut Leaf) -> Result<IntTuple, Cond> {
    match s {
        IntTuple::Leaf(l) => {
            match l {
                Leaf::Int(e) if *e <= 0 => return Err(format!("shape {e} is not positive")),
                Leaf::Int(_) | Leaf::Dyn(_) => {}
                other => return Err(not_static(other, "shape")),
            }
            let c = TupleOp::Mod.apply_leaf(&TupleOp::Div.apply_leaf(idx, stride)?, l)?;
            *stride = TupleOp::Mul.apply_leaf(stride, l)?;
            Ok(IntTuple::Leaf(c))
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

    /// CuTe `inner_product` with scaled-basis strides: a basis tuple.
    #[test]
    fn coordinates_over_basis_strides() {
        let at = |c: &str, a: &str| crd2idx_tuple(&t(c), &l(a)).map(|r| r.to_string());
        let identity = "(4,3):(1@0,1@1)";
        assert_eq!(at("(2,1)", identity).unwrap(), "(2,1)");
        assert_eq!(at("(3,2)", identity).unwrap(), "(3,2)");
        assert_eq!(at("(?,?)", identity).unwrap(), "(?,?)");
        assert_eq!(at("(?{div=4},2)", identity).unwrap(), "(?{div=4},2)");
        assert_eq!(at("?", identity).unwrap(), "(?,?)");
        // Integer coordinates split col-major; missing components are 0.
        assert_eq!(at("7", identity).unwrap(), "(3,1)");
        assert_eq!(at("(1,2)", "(2,3):(2@0,1@2)").unwrap(), "(2,0,2)");
        // Hierarchical bases nest; stride-0 modes add nothing.
        assert_eq!(at("(1,2,5)", "(2,3,8):(1@1@0,1@1,0)").unwrap(), "((0,1),2)");
        // `c@j@k` is component j of mode k (NVIDIA's IR and CuTe's print).
        assert_eq!(at("3", "((2,3),4):((2@0@0,3@1@0),5@1)").unwrap(), "((2,3),0)");
        assert_eq!(at("((1,1),2)", "((2,2),3):((1@0,2@0),1@1)").unwrap(), "(3,2)");
        // Integer strides: the integer index (dynamic coordinates give `?`).
        assert_eq!(at("(1,2)", "(2,4):(1,2)").unwrap(), "5");
        assert_eq!(at("(?,2)", "(2,4):(1,2)").unwrap(), "?");
        // Errors name the op and operands.
        assert_eq!(
            at("(1,1)", "(4,3):(1,1@1)").unwrap_err().to_string(),
            "crd2idx((1,1), (4,3):(1,1@1)): integer stride 1 cannot be added to the scaled-basis strides"
        );
        assert!(at("(1,1)", "(2,3):(1@0,1@1@0)").unwrap_err().to_string().contains("nests differently"));
        assert!(at("(1,1)", "(2,3):(1/2@0,1@1)").unwrap_err().to_string().contains("not integral"));
        assert!(at("(1,2,3)", identity).unwrap_err().to_string().contains("does not match"));
        // The integer-only crd2idx still rejects bases precisely.
        assert!(err(crd2idx(&t("(2,1)"), &l(identity))).contains("needs integer strides"));
    }
}
