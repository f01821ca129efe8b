//! Shape arithmetic: `shape_div` and `ceil_div` of int-tuples (CuTe
//! `include/cute/int_tuple.hpp`).

use super::symbolic::{self, Step};
use super::common::*;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{DynInt, IntTuple, Leaf};

/// Rounding of [`shape_div`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivMode {
    Ceil,
    Floor,
    /// Verifies that every leaf divides exactly.
    Exact,
    /// CuTe's own `shape_div` (NVIDIA's IR, no mode given): a tuple by an
    /// integer folds the divisor through the modes, an integer by a tuple
    /// divides by its product, and of two extents one divides the other
    /// (`shape_div(4, 40) = 1`).
    Cute,
}

/// Element-wise division of a shape by a divisor (a leaf applies to every
/// leaf; a tuple divisor must be congruent). Dynamic leaves stay dynamic; in
/// `Exact` mode their known divisibility must prove the division exact.
pub fn shape_div(
    shape: &IntTuple,
    divisor: &IntTuple,
    mode: DivMode,
) -> Result<IntTuple, LayoutError> {
    wrap!(
        "shape_div",
        [shape, divisor, format!("{mode:?}").to_lowercase()],
        shape_div_impl(shape, divisor, mode)
    )
}

fn shape_div_impl(s: &IntTuple, d: &IntTuple, mode: DivMode) -> Result<IntTuple, Cond> {
    if mode == DivMode::Cute {
        return shape_div_cute(s, d);
    }
    match (s, d) {
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
            if a.len() != b.len() {
                return Err(format!("divisor {d} is not congruent with shape {s}"));
            }
            Ok(IntTuple::Tuple(
                a.iter()
                    .zip(b)
                    .map(|(x, y)| shape_div_impl(x, y, mode))
                    .collect::<Result<_, _>>()?,
            ))
        }
        (IntTuple::Tuple(a), IntTuple::Leaf(_)) => Ok(IntTuple::Tuple(
            a.iter()
                .map(|x| shape_div_impl(x, d, mode))
                .collect::<Result<_, _>>()?,
        )),
        (IntTuple::Leaf(_), IntTuple::Tuple(_)) => {
            Err(format!("divisor {d} is not congruent with shape {s}"))
        }
        (IntTuple::Leaf(sl), IntTuple::Leaf(dl)) => {
            let q = leaf_static(dl, "divisor")?;
            if q <= 0 {
                return Err(format!("divisor {q} must be positive"));
            }
            match sl {
                Leaf::Int(v) => match mode {
                    DivMode::Ceil => arith::ceil_div(*v, q).map(IntTuple::int),
                    DivMode::Floor => Ok(IntTuple::int(v.div_euclid(q))),
                    DivMode::Exact if v % q == 0 => Ok(IntTuple::int(v / q)),
                    DivMode::Exact | DivMode::Cute => Err(format!("shape {v} is not divisible by {q}")),
                },
                Leaf::Dyn(x) => {
                    let q = q as u64;
                    let divisibility = if x.divisibility % q == 0 {
                        x.divisibility / q
                    } else {
                        1
                    };
                    if mode == DivMode::Exact && x.divisibility % q != 0 {
                        return Err(format!("cannot prove that `{x}` is divisible by {q}"));
                    }
                    let step = if mode == DivMode::Ceil { Step::CeilDiv } else { Step::Div };
                    let expr = symbolic::binary(step, sl, &Leaf::Int(q as i64));
                    Ok(IntTuple::dynamic(DynInt { divisibility, wide: x.wide, max: 0, expr }))
                }
                other => Err(format!("`{other}` is not a shape")),
            }
        }
    }
}

/// CuTe's tuple-by-integer division: mode `i` is divided by what is left of
/// the divisor after the modes before it (`rest = div(rest, mode)`).
fn fold_through_modes(
    modes: &[IntTuple],
    divisor: &IntTuple,
    div: fn(&IntTuple, &IntTuple) -> Result<IntTuple, Cond>,
) -> Result<IntTuple, Cond> {
    let mut rest = divisor.clone();
    let mut out = Vec::with_capacity(modes.len());
    for m in modes {
        out.push(div(m, &rest)?);
        rest = div(&rest, m)?;
    }
    Ok(IntTuple::Tuple(out))
}

fn shape_div_cute(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, Cond> {
    use super::leaf_ops::{leaf_op, Op};
    match (a, b) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) if x.len() == y.len() => {
            Ok(IntTuple::Tuple(x.iter().zip(y).map(|(x, y)| shape_div_cute(x, y)).collect::<Result<_, _>>()?))
        }
        (IntTuple::Tuple(_), IntTuple::Tuple(_)) => Err(format!("divisor {b} is not congruent with shape {a}")),
        (IntTuple::Tuple(x), IntTuple::Leaf(_)) => fold_through_modes(x, b, shape_div_cute),
        (IntTuple::Leaf(_), IntTuple::Tuple(y)) => {
            let product = y.iter().flat_map(|t| t.leaves()).try_fold(Leaf::Int(1), |acc, l| leaf_op(&acc, l, Op::Mul))?;
            shape_div_cute(a, &IntTuple::Leaf(product))
        }
        (IntTuple::Leaf(x), IntTuple::Leaf(y)) => {
            if let (Leaf::Int(p), Leaf::Int(q)) = (x, y) {
                if *p <= 0 || *q <= 0 {
                    return Err(format!("shape_div({p}, {q}): extents must be positive"));
                }
            }
            leaf_op(x, y, Op::ShapeDiv).map(IntTuple::Leaf)
        }
    }
}

/// CuTe `ceil_div(a, b)`: integers round up; a tuple divided by an integer
/// folds the divisor through the modes (`ceil_div((12,4,8),128) = (1,1,3)`);
/// two tuples divide element-wise (missing divisor modes are 1).
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    wrap!("ceil_div", [a, b], ceil_div_impl(a, b))
}

fn ceil_div_impl(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, Cond> {
    match (a, b) {
        (IntTuple::Tuple(x), IntTuple::Tuple(y)) => {
            if y.len() > x.len() {
                return Err(format!("divisor {b} has more modes than {a}"));
            }
            let one = IntTuple::int(1);
            Ok(IntTuple::Tuple(
                x.iter()
                    .enumerate()
                    .map(|(i, xi)| ceil_div_impl(xi, y.get(i).unwrap_or(&one)))
                    .collect::<Result<_, _>>()?,
            ))
        }
        (IntTuple::Tuple(x), IntTuple::Leaf(_)) => fold_through_modes(x, b, ceil_div_impl),
        (IntTuple::Leaf(_), IntTuple::Tuple(_)) => {
            ceil_div_impl(a, &IntTuple::int(static_size(b)?))
        }
        // A run-time divisor: CuTe's ceil_div at run time.
        (IntTuple::Leaf(x), IntTuple::Leaf(y @ Leaf::Dyn(_))) => {
            super::leaf_ops::leaf_op(x, y, super::leaf_ops::Op::CeilDiv).map(IntTuple::Leaf)
        }
        (IntTuple::Leaf(x), IntTuple::Leaf(y)) => {
            let q = leaf_static(y, "divisor")?;
            match x {
                Leaf::Int(v) => arith::ceil_div(*v, q).map(IntTuple::int),
                Leaf::Dyn(d) => {
                    if q <= 0 {
                        return Err(format!("divisor {q} must be positive"));
                    }
                    let q = q as u64;
                    let divisibility = if d.divisibility % q == 0 {
                        d.divisibility / q
                    } else {
                        1
                    };
                    let expr = symbolic::binary(Step::CeilDiv, x, &Leaf::Int(q as i64));
                    Ok(IntTuple::dynamic(DynInt { divisibility, wide: d.wide, max: 0, expr }))
                }
                other => Err(format!("`{other}` is not a shape")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

    #[test]
    fn shape_arithmetic() {
        assert_eq!(
            shape_div(&t("(8,(6,3))"), &t("2"), DivMode::Ceil)
                .unwrap()
                .to_string(),
            "(4,(3,2))"
        );
        assert_eq!(
            shape_div(&t("(8,(6,3))"), &t("2"), DivMode::Floor)
                .unwrap()
                .to_string(),
            "(4,(3,1))"
        );
        assert_eq!(
            err(shape_div(&t("(8,(6,3))"), &t("2"), DivMode::Exact)),
            "shape_div((8,(6,3)), 2, exact): shape 3 is not divisible by 2"
        );
        assert_eq!(
            shape_div(&t("(8,6)"), &t("(4,3)"), DivMode::Exact)
                .unwrap()
                .to_string(),
            "(2,2)"
        );
        assert!(err(shape_div(&t("8"), &t("0"), DivMode::Ceil)).contains("positive"));
        assert_eq!(
            ceil_div(&t("(12,4,8)"), &t("128")).unwrap().to_string(),
            "(1,1,3)"
        );
        assert_eq!(ceil_div(&t("7"), &t("2")).unwrap().to_string(), "4");
        assert_eq!(
            ceil_div(&t("(7,9)"), &t("(2)")).unwrap().to_string(),
            "(4,9)"
        );
    }
}
