//! Constructing layouts: `make_layout(shape)` (compact col-major,
//! `compact_major` in CuTe `include/cute/stride.hpp`), `make_ordered_layout`
//! (`compact_order`), `make_layout_like` (`include/cute/layout.hpp`), and
//! `upcast<N>` (`include/cute/layout.hpp`).

use super::common::*;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{DynInt, IntTuple, Layout, Leaf};

/// `make_layout(shape)`: compact col-major strides. A static shape-1 mode gets
/// stride 0, as CuTe's `compact_major`; strides after a dynamic extent are
/// dynamic.
pub fn make_layout(shape: &IntTuple) -> Result<Layout, LayoutError> {
    wrap!("make_layout", [shape], {
        let mut running = Leaf::Int(1);
        let mut wide = false;
        compact_strides(shape, &mut running, &mut wide)
            .map(|stride| Layout::from_parts(shape.clone(), stride))
    })
}

/// The column-major strides: the running product of the extents before,
/// static until a run-time extent; a run-time stride is 64-bit after a
/// 64-bit extent and records its product for the lowering (`symbolic`).
fn compact_strides(s: &IntTuple, running: &mut Leaf, wide: &mut bool) -> Result<IntTuple, Cond> {
    match s {
        IntTuple::Leaf(Leaf::Int(v)) if *v < 0 => Err(format!("shape {v} is negative")),
        IntTuple::Leaf(l @ (Leaf::Int(_) | Leaf::Dyn(_))) => {
            // A run-time stride keeps only its width and expression (no
            // divisibility is claimed).
            let stride = match &*running {
                _ if *l == Leaf::Int(1) => Leaf::Int(0),
                Leaf::Dyn(d) => Leaf::Dyn(DynInt { wide: *wide, expr: d.expr, ..DynInt::UNKNOWN }),
                r => r.clone(),
            };
            if let Leaf::Dyn(d) = l {
                *wide |= d.wide;
            }
            *running = super::leaf_ops::leaf_op(running, l, super::leaf_ops::Op::Mul)?;
            Ok(IntTuple::Leaf(stride))
        }
        IntTuple::Leaf(other) => Err(format!("`{other}` is not a shape")),
        IntTuple::Tuple(v) => Ok(IntTuple::Tuple(
            v.iter()
                .map(|t| compact_strides(t, running, wide))
                .collect::<Result<_, _>>()?,
        )),
    }
}

/// `make_layout(n)` for the integer tiler shorthand.
pub(super) fn layout_of_int(n: i64) -> Result<Layout, Cond> {
    if n < 0 {
        return Err(format!("tile size {n} is negative"));
    }
    Ok(Layout::leaf(n, if n == 1 { 0 } else { 1 }))
}

/// `make_ordered_layout(shape, order)`: compact strides assigned in increasing
/// `order` (ties by position). `order` is congruent with `shape`, or a leaf
/// per mode applying to all leaves of that mode.
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout, LayoutError> {
    wrap!(
        "make_ordered_layout",
        [shape, order],
        ordered_impl(shape, order)
    )
}

fn expand_order(s: &IntTuple, o: &IntTuple, out: &mut Vec<i64>) -> Result<(), Cond> {
    match (s, o) {
        (_, IntTuple::Leaf(l)) => {
            let v = leaf_static(l, "order")?;
            let mut leaves = Vec::new();
            s.leaves_into(&mut leaves);
            out.extend(std::iter::repeat_n(v, leaves.len()));
            Ok(())
        }
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .try_for_each(|(x, y)| expand_order(x, y, out)),
        _ => Err(format!("order {o} is not weakly congruent with shape {s}")),
    }
}

fn ordered_impl(shape: &IntTuple, order: &IntTuple) -> Result<Layout, Cond> {
    let mut keys = Vec::new();
    expand_order(shape, order, &mut keys)?;
    let mut leaves = Vec::new();
    shape.leaves_into(&mut leaves);
    // A run-time extent makes every later stride (in order) run-time, as
    // make_layout's compact strides do; a static extent-1 mode is stride 0.
    let extents: Vec<Option<i64>> = leaves
        .iter()
        .map(|l| match l {
            Leaf::Int(v) => Ok(Some(*v)),
            Leaf::Dyn(_) => Ok(None),
            other => Err(format!("`{other}` is not a shape")),
        })
        .collect::<Result<_, Cond>>()?;
    if let Some(e) = extents.iter().flatten().find(|e| **e < 0) {
        return Err(format!("shape {e} is negative"));
    }
    let wide = leaves.iter().any(|l| matches!(l, Leaf::Dyn(d) if d.wide));
    let mut idx: Vec<usize> = (0..extents.len()).collect();
    idx.sort_by_key(|&i| keys[i]);
    let mut strides = vec![Leaf::Int(0); extents.len()];
    let mut running = Some(1i64);
    for i in idx {
        strides[i] = match (extents[i], running) {
            (Some(1), _) => Leaf::Int(0),
            (_, Some(r)) => Leaf::Int(r),
            (_, None) => Leaf::Dyn(DynInt { wide, ..DynInt::UNKNOWN }),
        };
        running = match (running, extents[i]) {
            (Some(r), Some(e)) => Some(arith::mul(r, e)?),
            _ => None,
        };
    }
    let mut it = strides.into_iter();
    let stride = shape.try_map_leaves(&mut |_| Ok::<_, Cond>(it.next().unwrap_or(Leaf::Int(0))))?;
    Ok(Layout::from_parts(shape.clone(), stride))
}

/// `make_layout_like(L)`: a compact layout of `L`'s shape whose non-zero
/// strides follow the order of `|stride|` in `L`; broadcast (stride-0) modes
/// stay stride 0.
pub fn make_layout_like(l: &Layout) -> Result<Layout, LayoutError> {
    use super::leaf_ops::{flat_leaves, leaf_op, Op};
    wrap!("make_layout_like", [l], {
        (|| -> Result<Layout, Cond> {
            let modes = flat_leaves(l);
            // Static non-zero strides in increasing order, then run-time
            // strides in mode order (their order is unknown; NVIDIA's IR
            // takes mode order); zero strides stay 0.
            let stride_key = |d: &Leaf| match d {
                Leaf::Int(v) => Ok(Some(v.unsigned_abs())),
                Leaf::Dyn(_) => Ok(None),
                other => Err(not_static(other, "stride")),
            };
            let mut order: Vec<(usize, Option<u64>)> = Vec::with_capacity(modes.len());
            for (i, (_, d)) in modes.iter().enumerate() {
                match stride_key(d)? {
                    Some(0) => {}
                    key => order.push((i, key)),
                }
            }
            order.sort_by_key(|&(i, key)| (key.is_none(), key.unwrap_or(0), i));
            let mut strides = vec![Leaf::Int(0); modes.len()];
            let mut running = Leaf::Int(1);
            for (i, _) in order {
                let s = &modes[i].0;
                strides[i] = if *s == Leaf::Int(1) { Leaf::Int(0) } else { running.clone() };
                running = leaf_op(&running, s, Op::Mul)?;
            }
            let mut it = strides.into_iter();
            let stride = l.shape().try_map_leaves(&mut |_| Ok::<_, Cond>(it.next().unwrap_or(Leaf::Int(0))))?;
            Ok(Layout::from_parts(l.shape().clone(), stride))
        })()
    })
}

/// `upcast<N>(L)` (CuTe): `L` in units `N` times wider, e.g. a copy atom's
/// `(thread, value) -> bit` layout as `(thread, value) -> element` for
/// `N`-bit elements. A stride-0 leaf is kept; any other leaf `s:d` becomes
/// `ceil(s / ceil(N/|d|)) : sign(d) * ceil(|d|/N)`, and `|d|` and `N` must
/// divide one another (CuTe's static assertion).
pub fn upcast(l: &Layout, n: i64) -> Result<Layout, LayoutError> {
    wrap!(
        "upcast",
        [l, n],
        rescale(l, n, |s, d| {
            // A run-time stride is taken to be a multiple of the factor
            // (a leading dimension; NVIDIA's IR does the same): the
            // extent stays, the stride is run-time.
            if matches!(d, Leaf::Dyn(_)) {
                return Ok((IntTuple::Leaf(s.clone()), dynamic_like(d)));
            }
            let d = leaf_static(d, "stride")?;
            if d == 0 {
                return Ok((IntTuple::Leaf(s.clone()), IntTuple::int(0)));
            }
            let a = arith::abs(d)?;
            if a % n != 0 && n % a != 0 {
                return Err(format!("stride {d} and the factor {n} do not divide one another"));
            }
            let per = arith::ceil_div(n, a)?;
            let shape = match s {
                Leaf::Dyn(_) if per == 1 => IntTuple::Leaf(s.clone()),
                Leaf::Dyn(_) => dynamic_like(s),
                _ => IntTuple::int(arith::ceil_div(leaf_static(s, "shape")?, per)?),
            };
            Ok((shape, IntTuple::int(d.signum() * arith::ceil_div(a, n)?)))
        })
    )
}

/// A run-time leaf standing for `l` (keeping a run-time leaf's width).
fn dynamic_like(l: &Leaf) -> IntTuple {
    IntTuple::Leaf(Leaf::Dyn(match l {
        Leaf::Dyn(x) => DynInt { wide: x.wide, ..DynInt::UNKNOWN },
        _ => DynInt::UNKNOWN,
    }))
}

/// `l` with every `(shape, stride)` leaf pair mapped by `leaf` (upcast and
/// downcast by the positive factor `n`).
fn rescale(l: &Layout, n: i64, leaf: impl Fn(&Leaf, &Leaf) -> Result<(IntTuple, IntTuple), Cond>) -> Result<Layout, Cond> {
    fn go(s: &IntTuple, d: &IntTuple, leaf: &dyn Fn(&Leaf, &Leaf) -> Result<(IntTuple, IntTuple), Cond>) -> Result<(IntTuple, IntTuple), Cond> {
        match (s, d) {
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == ds.len() => {
                let (mut shapes, mut strides) = (Vec::with_capacity(ss.len()), Vec::with_capacity(ss.len()));
                for (s, d) in ss.iter().zip(ds) {
                    let (x, y) = go(s, d, leaf)?;
                    shapes.push(x);
                    strides.push(y);
                }
                Ok((IntTuple::Tuple(shapes), IntTuple::Tuple(strides)))
            }
            (IntTuple::Leaf(s), IntTuple::Leaf(d)) => leaf(s, d),
            _ => Err("shape and stride are not congruent".into()),
        }
    }
    if n < 1 {
        return Err(format!("the factor {n} must be positive"));
    }
    go(l.shape(), l.stride(), &leaf).map(|(s, d)| Layout::from_parts(s, d))
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

    #[test]
    fn upcast_bits_to_elements() {
        // CuTe's ldmatrix x1 layouts in bits, as 16-bit elements.
        let up = |s: &str, n| upcast(&l(s), n).map(|r| r.to_string()).map_err(|e| e.to_string());
        assert_eq!(up("((8,4),128):((128,0),1)", 16).unwrap(), "((8,4),8):((8,0),1)");
        assert_eq!(up("(32,32):(32,1)", 16).unwrap(), "(32,2):(2,1)");
        assert_eq!(up("(32,(32,2)):(32,(1,1024))", 8).unwrap(), "(32,(4,2)):(4,(1,128))");
        assert_eq!(up("(1,32):(0,1)", 32).unwrap(), "(1,1):(0,1)");
        assert_eq!(up("(4,2):(-2,8)", 2).unwrap(), "(4,2):(-1,4)");
        assert!(up("4:3", 2).unwrap_err().contains("do not divide one another"));
        assert!(up("4:1", 0).unwrap_err().contains("must be positive"));
        // Run-time extents and strides (a run-time stride is taken to be
        // a multiple of the factor, as NVIDIA's IR does).
        assert_eq!(up("?:1", 2).unwrap(), "?:1");
        assert_eq!(up("(8,4):(1,?)", 4).unwrap(), "(2,4):(1,?)");
        let down = |s: &str, n| downcast(&l(s), n).map(|r| r.to_string()).map_err(|e| e.to_string());
        assert_eq!(down("(?,4):(1,?)", 4).unwrap(), "(?,4):(1,?)");
        assert_eq!(down("(8,4):(1,8)", 4).unwrap(), "(32,4):(1,32)");
        assert_eq!(down("(2,3):(0,2)", 2).unwrap(), "(2,3):(0,4)");
    }

    #[test]
    fn make_layout_family() {
        assert_eq!(
            make_layout(&t("(2,(1,4))")).unwrap().to_string(),
            "(2,(1,4)):(1,(0,2))"
        );
        assert_eq!(
            make_ordered_layout(&t("(2,3,4)"), &t("(2,0,1)"))
                .unwrap()
                .to_string(),
            "(2,3,4):(12,1,3)"
        );
        assert_eq!(
            make_layout_like(&l("(2,3,4):(100,0,-7)"))
                .unwrap()
                .to_string(),
            "(2,3,4):(4,0,1)"
        );
        assert!(
            err(make_ordered_layout(&t("(2,3)"), &t("(1,2,3)"))).contains("not weakly congruent")
        );
        // Found by fuzzing: a negative extent must not make a layout.
        assert!(err(make_ordered_layout(&t("(-1,1)"), &t("1"))).contains("negative"));
    }
}

/// CuTe's `make_identity_layout(shape)`: the shape with the unit basis
/// strides of its leaves, `1@k` for top-level mode `k` and `1@j@k` for leaf
/// `j` of a nested mode `k` (deeper nesting adds `@` indices innermost
/// first), so that the layout maps a coordinate to itself.
pub fn make_identity_layout(shape: &IntTuple) -> Result<Layout, LayoutError> {
    fn strides(t: &IntTuple, path: &mut Vec<u32>) -> Result<IntTuple, Cond> {
        match t {
            IntTuple::Leaf(_) => {
                let mut dims = path.clone();
                dims.reverse();
                if dims.is_empty() {
                    return Ok(IntTuple::int(1));
                }
                Ok(IntTuple::Leaf(Leaf::Basis(Box::new(super::tuple::ScaledBasis::new(1, 1, dims)?))))
            }
            IntTuple::Tuple(modes) => {
                let mut out = Vec::with_capacity(modes.len());
                for (i, m) in modes.iter().enumerate() {
                    path.push(i as u32);
                    out.push(strides(m, path)?);
                    path.pop();
                }
                Ok(IntTuple::tuple(out))
            }
        }
    }
    wrap!("make_identity_layout", [shape], strides(shape, &mut Vec::new()).map(|stride| Layout::from_parts(shape.clone(), stride)))
}

/// `append_to_rank<N>(t, e)` / `prepend_to_rank<N>(t, e)` of a tuple: `e`
/// added on the right (left) until the rank is `N`; a rank-`N` or larger
/// tuple is kept.
pub fn pad_to_rank(t: &IntTuple, element: &IntTuple, rank: usize, prepend: bool) -> IntTuple {
    let mut modes: Vec<IntTuple> = match t {
        IntTuple::Tuple(m) => m.clone(),
        leaf => vec![leaf.clone()],
    };
    if modes.len() >= rank {
        return t.clone();
    }
    let pad = std::iter::repeat_n(element.clone(), rank - modes.len());
    if prepend {
        modes = pad.chain(modes).collect();
    } else {
        modes.extend(pad);
    }
    IntTuple::tuple(modes)
}

/// The same for a layout, padded with the layout `e`.
pub fn pad_layout_to_rank(l: &Layout, element: &Layout, rank: usize, prepend: bool) -> Layout {
    let mut modes = l.modes();
    if modes.len() >= rank {
        return l.clone();
    }
    let pad = std::iter::repeat_n(element.clone(), rank - modes.len());
    if prepend {
        modes = pad.chain(modes).collect();
    } else {
        modes.extend(pad);
    }
    Layout::from_modes(modes)
}

/// CuTe's `downcast<N>(layout)`: the layout over elements `N` times
/// narrower: a stride-1 leaf's extent grows by `N`, every other stride is
/// multiplied by `N` (stride 0 stays 0).
pub fn downcast(l: &Layout, n: i64) -> Result<Layout, LayoutError> {
    wrap!(
        "downcast",
        [l, n],
        rescale(l, n, |s, d| match d {
            // A run-time stride is not the unit one (see upcast).
            Leaf::Dyn(_) => Ok((IntTuple::Leaf(s.clone()), dynamic_like(d))),
            Leaf::Int(1) => match s {
                Leaf::Dyn(_) => Ok((dynamic_like(s), IntTuple::int(1))),
                _ => Ok((IntTuple::int(arith::mul(leaf_static(s, "shape")?, n)?), IntTuple::int(1))),
            },
            _ => Ok((IntTuple::Leaf(s.clone()), IntTuple::int(arith::mul(leaf_static(d, "stride")?, n)?))),
        })
    )
}

/// `recast_layout<new, old>(L)`: `L` over `new`-bit elements instead of
/// `old`-bit ones (CuTe's `recast_layout<OldT, NewT>`): the identity, an
/// upcast by `new / old`, a downcast by `old / new`, or (neither dividing
/// the other) an upcast by `new / g` then a downcast by `old / g`, `g` their
/// gcd.
pub fn recast_layout(l: &Layout, new_bits: i64, old_bits: i64) -> Result<Layout, LayoutError> {
    if new_bits <= 0 || old_bits <= 0 {
        return wrap!("recast_layout", [l], Err::<Layout, Cond>(format!("bit widths must be positive, got new {new_bits}, old {old_bits}")));
    }
    if new_bits == old_bits {
        Ok(l.clone())
    } else if new_bits % old_bits == 0 {
        upcast(l, new_bits / old_bits)
    } else if old_bits % new_bits == 0 {
        downcast(l, old_bits / new_bits)
    } else {
        let g = super::tuple::gcd(new_bits as u64, old_bits as u64) as i64;
        downcast(&upcast(l, new_bits / g)?, old_bits / g)
    }
}
