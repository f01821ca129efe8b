//! Element-wise int-tuple arithmetic (`cute.tuple_add` ... `cute.tuple_mod`)
//! and derefinement (forgetting static leaves).
//!
//! Operands are congruent trees, or the right operand is a single leaf that
//! applies to every leaf of the left one. A dynamic leaf on either side gives
//! a dynamic result leaf (keeping the divisibility that is still provable).

use super::error::{arith, LayoutError};
use super::tuple::{DynInt, IntTuple, Leaf};

/// The element-wise operations of the `cute.tuple_*` ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TupleOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

impl TupleOp {
    pub fn name(self) -> &'static str {
        match self {
            TupleOp::Add => "tuple_add",
            TupleOp::Sub => "tuple_sub",
            TupleOp::Mul => "tuple_mul",
            TupleOp::Div => "tuple_div",
            TupleOp::Mod => "tuple_mod",
        }
    }

    fn apply_static(self, a: i64, b: i64) -> Result<i64, String> {
        match self {
            TupleOp::Add => arith::add(a, b),
            TupleOp::Sub => arith::sub(a, b),
            TupleOp::Mul => arith::mul(a, b),
            TupleOp::Div | TupleOp::Mod if b == 0 => Err("division by zero".to_string()),
            TupleOp::Div => a.checked_div_euclid(b).ok_or_else(|| "integer overflow".to_string()),
            TupleOp::Mod => a.checked_rem_euclid(b).ok_or_else(|| "integer overflow".to_string()),
        }
    }

    /// What is still known about a result leaf when an input is dynamic.
    fn apply_dynamic(self, a: &Leaf, b: &Leaf) -> Result<Leaf, String> {
        let known = |l: &Leaf| match l {
            Leaf::Int(v) => Ok((v.unsigned_abs().max(1), false)),
            Leaf::Dyn(d) => Ok((d.divisibility, d.wide)),
            other => Err(format!("leaf {other} is not an integer")),
        };
        let ((da, wa), (db, wb)) = (known(a)?, known(b)?);
        if matches!(self, TupleOp::Div | TupleOp::Mod) && *b == Leaf::Int(0) {
            return Err("division by zero".to_string());
        }
        let divisibility = match self {
            TupleOp::Add | TupleOp::Sub => super::tuple::gcd(da, db),
            TupleOp::Mul => da.checked_mul(db).unwrap_or(1),
            TupleOp::Div | TupleOp::Mod => 1,
        };
        Ok(Leaf::Dyn(DynInt { divisibility: divisibility.max(1), wide: wa || wb }))
    }

    fn apply_leaf(self, a: &Leaf, b: &Leaf) -> Result<Leaf, String> {
        match (a, b) {
            (Leaf::Int(x), Leaf::Int(y)) => Ok(Leaf::Int(self.apply_static(*x, *y)?)),
            _ => self.apply_dynamic(a, b),
        }
    }
}

/// `op(lhs, rhs)` leaf by leaf.
pub fn tuple_arith(op: TupleOp, lhs: &IntTuple, rhs: &IntTuple) -> Result<IntTuple, LayoutError> {
    fn walk(op: TupleOp, a: &IntTuple, b: &IntTuple) -> Result<IntTuple, String> {
        match (a, b) {
            (IntTuple::Leaf(x), IntTuple::Leaf(y)) => Ok(IntTuple::Leaf(op.apply_leaf(x, y)?)),
            (IntTuple::Tuple(xs), IntTuple::Leaf(_)) => {
                Ok(IntTuple::Tuple(xs.iter().map(|x| walk(op, x, b)).collect::<Result<_, _>>()?))
            }
            (IntTuple::Tuple(xs), IntTuple::Tuple(ys)) if xs.len() == ys.len() => Ok(IntTuple::Tuple(
                xs.iter().zip(ys).map(|(x, y)| walk(op, x, y)).collect::<Result<_, _>>()?,
            )),
            _ => Err(format!("operands {a} and {b} are not congruent")),
        }
    }
    walk(op, lhs, rhs)
        .map_err(|condition| LayoutError::new(op.name(), vec![lhs.to_string(), rhs.to_string()], condition))
}

/// True if `to` is `from` with zero or more leaves made dynamic (same tree,
/// and every static leaf of `to` equal to the one of `from`).
pub fn is_derefinement(from: &IntTuple, to: &IntTuple) -> bool {
    match (from, to) {
        (IntTuple::Tuple(xs), IntTuple::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| is_derefinement(x, y))
        }
        (IntTuple::Leaf(_), IntTuple::Leaf(Leaf::Dyn(_))) => true,
        (IntTuple::Leaf(x), IntTuple::Leaf(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::parse_int_tuple;

    fn t(s: &str) -> IntTuple {
        parse_int_tuple(s).unwrap()
    }

    #[test]
    fn elementwise_and_broadcast() {
        assert_eq!(tuple_arith(TupleOp::Add, &t("(8,(2,3))"), &t("(2,(1,1))")).unwrap().to_string(), "(10,(3,4))");
        assert_eq!(tuple_arith(TupleOp::Mul, &t("(8,(2,3))"), &t("2")).unwrap().to_string(), "(16,(4,6))");
        assert_eq!(tuple_arith(TupleOp::Mod, &t("(-1,7)"), &t("(4,4)")).unwrap().to_string(), "(3,3)");
        assert_eq!(tuple_arith(TupleOp::Div, &t("(9,8)"), &t("(4,8)")).unwrap().to_string(), "(2,1)");
    }

    #[test]
    fn dynamic_leaves_keep_known_divisibility() {
        assert_eq!(tuple_arith(TupleOp::Mul, &t("(?{div=4},8)"), &t("(2,2)")).unwrap().to_string(), "(?{div=8},16)");
        assert_eq!(tuple_arith(TupleOp::Add, &t("?{div=8}"), &t("4")).unwrap().to_string(), "?{div=4}");
    }

    #[test]
    fn errors_name_the_op_and_operands() {
        let err = tuple_arith(TupleOp::Div, &t("(4,8)"), &t("(2,0)")).unwrap_err().to_string();
        assert_eq!(err, "tuple_div((4,8), (2,0)): division by zero");
        let err = tuple_arith(TupleOp::Add, &t("(4,8)"), &t("(1,2,3)")).unwrap_err().to_string();
        assert!(err.contains("not congruent"), "{err}");
    }

    #[test]
    fn derefinement() {
        assert!(is_derefinement(&t("(8,(4,2))"), &t("(?,(4,?))")));
        assert!(!is_derefinement(&t("(8,(4,2))"), &t("(?,(5,?))")));
        assert!(!is_derefinement(&t("(?,4)"), &t("(8,4)")));
        assert!(!is_derefinement(&t("(8,4)"), &t("(8,(4))")));
    }
}
