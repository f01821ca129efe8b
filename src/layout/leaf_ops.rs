//! Arithmetic on possibly run-time leaves and the flat leaves of a layout:
//! the helpers the static algebra (coalesce, complement, make, product) and
//! CuTe's run-time algorithm (`runtime`) share. A leaf module: it imports
//! no other algebra family, so those families do not import each other
//! through it.

use super::common::*;
use super::error::{arith, Cond};
use super::symbolic::{self, Step};
use super::tuple::{DynInt, Layout, Leaf, ScaledBasis};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Op {
    Add,
    Sub,
    Mul,
    /// Exact division of the complement (the strides of an injective layout
    /// divide each other): a zero quotient is a non-injective layout.
    Div,
    CeilDiv,
    /// CuTe's `shape_div`: `a / b`, or `signum(a * b)` where that is 0.
    ShapeDiv,
    /// CuTe's `shape_min` of positive extents.
    Min,
}

/// `x op y` of possibly run-time leaves. Static operands give a static
/// result; the units CuTe folds at compile time (`x * 1`, `x / 1`, `0 * x`,
/// `min(1, x)`) too; anything else is run-time. A scaled basis only scales.
pub(super) fn leaf_op(x: &Leaf, y: &Leaf, op: Op) -> Result<Leaf, Cond> {
    let unit_right = matches!(op, Op::Mul | Op::Div | Op::CeilDiv | Op::ShapeDiv);
    match (x, y) {
        (x, Leaf::Int(0)) if matches!(op, Op::Add | Op::Sub) => Ok(x.clone()),
        (Leaf::Int(0), y) if op == Op::Add => Ok(y.clone()),
        (Leaf::Int(a), Leaf::Int(b)) => Ok(Leaf::Int(match op {
            Op::Add => arith::add(*a, *b)?,
            Op::Sub => a.checked_sub(*b).ok_or_else(|| format!("integer overflow in {a} - {b}"))?,
            Op::Mul => arith::mul(*a, *b)?,
            Op::CeilDiv => arith::ceil_div(*a, *b)?,
            Op::Div => match a.checked_div(*b) {
                Some(0) | None => {
                    return Err(format!(
                        "non-injective layout: stride {a} lies inside the span {b} of the smaller modes"
                    ))
                }
                Some(q) => q,
            },
            // CuTe asserts static divisibility one way or the other.
            Op::ShapeDiv if *b != 0 && a % b != 0 && b % a != 0 => {
                return Err(format!("shape_div({a}, {b}): neither divides the other (inadmissible)"))
            }
            Op::ShapeDiv => match a.checked_div(*b) {
                None => return Err(format!("shape_div({a}, {b}): division by zero")),
                Some(0) => a.signum() * b.signum(),
                Some(q) => q,
            },
            Op::Min => *a.min(b),
        })),
        (x, Leaf::Int(1)) if unit_right => Ok(x.clone()),
        (Leaf::Int(1), y) if op == Op::Mul => Ok(y.clone()),
        (Leaf::Int(0), _) | (_, Leaf::Int(0)) if op == Op::Mul => Ok(Leaf::Int(0)),
        (Leaf::Int(1), _) | (_, Leaf::Int(1)) if op == Op::Min => Ok(Leaf::Int(1)),
        (Leaf::Basis(b), Leaf::Int(k)) | (Leaf::Int(k), Leaf::Basis(b)) if op == Op::Mul => match b.dynamic {
            Some(_) => Ok(Leaf::Basis(Box::new(ScaledBasis::run_time(DynInt::UNKNOWN, b.dims.clone())?))),
            None => Ok(Leaf::Basis(Box::new(ScaledBasis::new(arith::mul(b.num, *k)?, b.den, b.dims.clone())?))),
        },
        // Recorded for the lowering (`symbolic`); `shape_div` is `ceil_div`
        // under CuTe's precondition that one extent divides the other.
        (Leaf::Int(_) | Leaf::Dyn(_), Leaf::Int(_) | Leaf::Dyn(_)) => {
            let step = match op {
                Op::Add => Step::Add,
                Op::Sub => Step::Sub,
                Op::Mul => Step::Mul,
                Op::Div => Step::Div,
                Op::CeilDiv | Op::ShapeDiv => Step::CeilDiv,
                Op::Min => Step::Min,
            };
            let expr = symbolic::binary(step, x, y);
            Ok(Leaf::Dyn(DynInt { expr, ..DynInt::UNKNOWN }))
        }
        (other @ (Leaf::Basis(_) | Leaf::Underscore), _) | (_, other) => Err(not_static(other, "value")),
    }
}

/// The flat `(shape, stride)` leaves of a layout.
pub(super) fn flat_leaves(l: &Layout) -> Vec<(Leaf, Leaf)> {
    let (shape, stride) = (l.shape().flatten(), l.stride().flatten());
    shape.leaves().into_iter().cloned().zip(stride.leaves().into_iter().cloned()).collect()
}
