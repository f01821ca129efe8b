//! Element-wise int-tuple arithmetic (`cute.tuple_add` ... `cute.tuple_mod`)
//! and derefinement (forgetting static leaves).
//!
//! Operands are congruent trees, or the right operand is a single leaf that
//! applies to every leaf of the left one. A dynamic leaf on either side gives
//! a dynamic result leaf (keeping the divisibility that is still provable).

use super::symbolic::{self, Step};
use super::error::{arith, LayoutError};
use super::tuple::{DynInt, IntTuple, Layout, Leaf};

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
        let step = match self {
            TupleOp::Add => Step::Add,
            TupleOp::Sub => Step::Sub,
            TupleOp::Mul => Step::Mul,
            TupleOp::Div => Step::Div,
            TupleOp::Mod => Step::Mod,
        };
        let expr = symbolic::binary(step, a, b);
        Ok(Leaf::Dyn(DynInt { divisibility: divisibility.max(1), wide: wa || wb, max: 0, expr }))
    }

    pub(super) fn apply_leaf(self, a: &Leaf, b: &Leaf) -> Result<Leaf, String> {
        match (self, a, b) {
            (_, Leaf::Int(x), Leaf::Int(y)) => Ok(Leaf::Int(self.apply_static(*x, *y)?)),
            // Static identities and zeros stay exact, as CuTe's `_0{} * x`
            // is `_0` and `x + _0` is `x` (the run-time value, unchanged).
            (TupleOp::Mul, Leaf::Int(0), Leaf::Dyn(_)) | (TupleOp::Mul, Leaf::Dyn(_), Leaf::Int(0)) => Ok(Leaf::Int(0)),
            (TupleOp::Mul, Leaf::Int(1), d @ Leaf::Dyn(_))
            | (TupleOp::Mul | TupleOp::Div, d @ Leaf::Dyn(_), Leaf::Int(1))
            | (TupleOp::Add, Leaf::Int(0), d @ Leaf::Dyn(_))
            | (TupleOp::Add | TupleOp::Sub, d @ Leaf::Dyn(_), Leaf::Int(0)) => Ok(d.clone()),
            _ => self.apply_dynamic(a, b),
        }
    }
}

/// `op(lhs, rhs)` leaf by leaf.
pub fn tuple_arith(op: TupleOp, lhs: &IntTuple, rhs: &IntTuple) -> Result<IntTuple, LayoutError> {
    fn walk(op: TupleOp, a: &IntTuple, b: &IntTuple) -> Result<IntTuple, String> {
        match (a, b) {
            (IntTuple::Leaf(x), IntTuple::Leaf(y)) => Ok(IntTuple::Leaf(op.apply_leaf(x, y)?)),
            (IntTuple::Tuple(xs), IntTuple::Tuple(ys)) if xs.len() == ys.len() => Ok(IntTuple::Tuple(
                xs.iter().zip(ys).map(|(x, y)| walk(op, x, y)).collect::<Result<_, _>>()?,
            )),
            // Sums and differences of tuples of different ranks: the common
            // modes combine, the longer operand's extra modes are kept (CuTe
            // pads a sum with zeros; NVIDIA's IR keeps a difference's tail
            // as is too); a scalar 0 is the empty tuple.
            (IntTuple::Tuple(xs), IntTuple::Tuple(ys)) if matches!(op, TupleOp::Add | TupleOp::Sub) => {
                let n = xs.len().min(ys.len());
                let mut out = xs.iter().zip(ys).map(|(x, y)| walk(op, x, y)).collect::<Result<Vec<_>, _>>()?;
                out.extend(xs[n..].iter().chain(&ys[n..]).cloned());
                Ok(IntTuple::Tuple(out))
            }
            // 0 + t = t + 0 = t - 0 = t; 0 - t is not t (no identity there).
            (IntTuple::Leaf(Leaf::Int(0)), IntTuple::Tuple(_)) if op == TupleOp::Add => Ok(b.clone()),
            (IntTuple::Tuple(_), IntTuple::Leaf(Leaf::Int(0))) if matches!(op, TupleOp::Add | TupleOp::Sub) => Ok(a.clone()),
            (IntTuple::Leaf(_), IntTuple::Tuple(_)) if matches!(op, TupleOp::Add | TupleOp::Sub) => {
                Err(format!("the left operand {a} is a scalar and the right {b} a tuple: a sum or difference needs matching structure"))
            }
            (IntTuple::Tuple(_), IntTuple::Leaf(_)) if matches!(op, TupleOp::Add | TupleOp::Sub) => {
                Err(format!("the right operand {b} is a scalar and the left {a} a tuple: a sum or difference needs matching structure"))
            }
            (IntTuple::Tuple(xs), IntTuple::Leaf(_)) => {
                Ok(IntTuple::Tuple(xs.iter().map(|x| walk(op, x, b)).collect::<Result<_, _>>()?))
            }
            _ => Err(format!("operands {a} and {b} are not congruent")),
        }
    }
    walk(op, lhs, rhs)
        .map_err(|condition| LayoutError::new(op.name(), vec![lhs.to_string(), rhs.to_string()], condition))
}

/// True if some leaf of `t` is dynamic (`?`).
pub fn has_dynamic_leaf(t: &IntTuple) -> bool {
    t.any_leaf(&|leaf| matches!(leaf, Leaf::Dyn(_)))
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
        let err = tuple_arith(TupleOp::Mul, &t("(4,8)"), &t("(1,2,3)")).unwrap_err().to_string();
        assert!(err.contains("not congruent"), "{err}");
        let err = tuple_arith(TupleOp::Add, &t("(4,8)"), &t("3")).unwrap_err().to_string();
        assert!(err.contains("needs matching structure"), "{err}");
    }

    #[test]
    fn sums_of_different_ranks_keep_the_longer_tail() {
        assert_eq!(tuple_arith(TupleOp::Add, &t("(4,8)"), &t("(1,2,3)")).unwrap().to_string(), "(5,10,3)");
        assert_eq!(tuple_arith(TupleOp::Sub, &t("((5,8),(3,4))"), &t("((1,2),(1,1,1))")).unwrap().to_string(), "((4,6),(2,3,1))");
        assert_eq!(tuple_arith(TupleOp::Add, &t("0"), &t("(?,2)")).unwrap().to_string(), "(?,2)");
    }

    #[test]
    fn slice_and_dice_follow_cute() {
        assert_eq!(slice(&t("(_,3)"), &t("(4,8)")).unwrap().to_string(), "(4)");
        assert_eq!(slice(&t("((_,1),_)"), &t("((2,3),4)")).unwrap().to_string(), "(2,4)");
        assert_eq!(slice(&t("_"), &t("(2,3)")).unwrap().to_string(), "(2,3)");
        assert_eq!(dice(&t("(_,3)"), &t("(4,8)")).unwrap().to_string(), "(8)");
        assert_eq!(dice(&t("((_,1),_)"), &t("((2,3),4)")).unwrap().to_string(), "(3)");
        let l = crate::layout::parse_layout("((2,4),(4,2)):((1,8),(2,32))").unwrap();
        let c = partition_coord(&l, &t("(1,?)"), true).unwrap();
        assert_eq!(c.to_string(), "((_,_),(1,?))");
        assert_eq!(slice_layout(&c, &l, true).unwrap().to_string(), "(2,4):(1,8)");
        let c = partition_coord(&l, &t("3"), false).unwrap();
        assert_eq!(slice_layout(&c, &l, true).unwrap().to_string(), "(4,2):(2,32)");
        // Every mode sliced away: the empty layout (CuTe's slice by integers).
        assert_eq!(slice_layout(&t("(1,1)"), &l, true).unwrap().to_string(), "():()");
    }

    #[test]
    fn derefinement() {
        assert!(is_derefinement(&t("(8,(4,2))"), &t("(?,(4,?))")));
        assert!(!is_derefinement(&t("(8,(4,2))"), &t("(?,(5,?))")));
        assert!(!is_derefinement(&t("(?,4)"), &t("(8,4)")));
        assert!(!is_derefinement(&t("(8,4)"), &t("(8,(4))")));
    }
}

/// CuTe `slice(c, t)`: the modes of `t` where the coordinate is `_`, flattened
/// into one tuple at the level where the `_` appears (integer coordinates
/// remove their mode). `slice(_, t) == t`.
pub fn slice(coord: &IntTuple, t: &IntTuple) -> Result<IntTuple, String> {
    match coord {
        IntTuple::Leaf(Leaf::Underscore) => Ok(t.clone()),
        IntTuple::Leaf(_) => Ok(IntTuple::Tuple(Vec::new())),
        IntTuple::Tuple(_) => {
            let mut kept = Vec::new();
            filter_modes(coord, t, true, &mut kept)?;
            Ok(IntTuple::Tuple(kept))
        }
    }
}

/// CuTe `dice(c, t)`: the complement of [`slice`] — the modes of `t` where the
/// coordinate is NOT `_`.
pub fn dice(coord: &IntTuple, t: &IntTuple) -> Result<IntTuple, String> {
    match coord {
        IntTuple::Leaf(Leaf::Underscore) => Ok(IntTuple::Tuple(Vec::new())),
        IntTuple::Leaf(_) => Ok(t.clone()),
        IntTuple::Tuple(_) => {
            let mut kept = Vec::new();
            filter_modes(coord, t, false, &mut kept)?;
            Ok(IntTuple::Tuple(kept))
        }
    }
}

/// CuTe's `filter_tuple` with `lift_slice` (`keep_underscores`) or
/// `lift_dice`: appends the kept modes of `t` to `out`.
fn filter_modes(coord: &IntTuple, t: &IntTuple, keep_underscores: bool, out: &mut Vec<IntTuple>) -> Result<(), String> {
    match (coord, t) {
        (IntTuple::Tuple(cs), IntTuple::Tuple(ts)) if cs.len() == ts.len() => {
            cs.iter().zip(ts).try_for_each(|(c, t)| filter_modes(c, t, keep_underscores, out))
        }
        (IntTuple::Tuple(_), _) => Err(format!("coordinate {coord} does not match {t}")),
        (IntTuple::Leaf(Leaf::Underscore), _) => {
            if keep_underscores {
                out.push(t.clone());
            }
            Ok(())
        }
        (IntTuple::Leaf(Leaf::Int(_) | Leaf::Dyn(_)), _) => {
            if !keep_underscores {
                out.push(t.clone());
            }
            Ok(())
        }
        (IntTuple::Leaf(leaf), _) => Err(format!("coordinate leaf {leaf} is not an integer or '_'")),
    }
}

/// Slice (`keep_underscores`) or dice a layout: shape and stride alike.
pub fn slice_layout(coord: &IntTuple, layout: &Layout, keep_underscores: bool) -> Result<Layout, LayoutError> {
    let op = if keep_underscores { "slice" } else { "dice" };
    let fail = |condition: String| LayoutError::new(op, vec![coord.to_string(), layout.to_string()], condition);
    let part = |t: &IntTuple| if keep_underscores { slice(coord, t) } else { dice(coord, t) };
    // No mode kept is the empty layout `():()` (CuTe's slice by integers).
    let (shape, stride) = (part(layout.shape()).map_err(fail)?, part(layout.stride()).map_err(fail)?);
    Layout::new(shape, stride)
}

/// The coordinate CuTe's `inner_partition` (`local_tile`) or
/// `outer_partition` (`local_partition`) applies to `zipped = ((tile),(rest))`:
/// `_` over the kept mode, `coord` (padded with `_`) over the other.
pub fn partition_coord(zipped: &Layout, coord: &IntTuple, keep_tile: bool) -> Result<IntTuple, String> {
    let rank_of = |i: usize| zipped.shape().mode(i).map(IntTuple::rank).ok_or("the divided layout is not rank 2");
    let all = |rank: usize, is_tuple: bool| {
        if is_tuple {
            IntTuple::Tuple(vec![IntTuple::Leaf(Leaf::Underscore); rank])
        } else {
            IntTuple::Leaf(Leaf::Underscore)
        }
    };
    let (kept, other) = if keep_tile { (0, 1) } else { (1, 0) };
    let kept_mode = zipped.shape().mode(kept).ok_or("the divided layout is not rank 2")?;
    let other_mode = zipped.shape().mode(other).ok_or("the divided layout is not rank 2")?;
    let kept_coord = all(rank_of(kept)?, !kept_mode.is_leaf());
    let other_coord = match coord {
        IntTuple::Tuple(items) if !other_mode.is_leaf() => {
            let rank = other_mode.rank();
            if items.len() > rank {
                return Err(format!("coordinate {coord} has more modes than {other_mode}"));
            }
            let mut padded = items.clone();
            padded.resize(rank, IntTuple::Leaf(Leaf::Underscore));
            IntTuple::Tuple(padded)
        }
        _ => coord.clone(),
    };
    Ok(if keep_tile {
        IntTuple::Tuple(vec![kept_coord, other_coord])
    } else {
        IntTuple::Tuple(vec![other_coord, kept_coord])
    })
}
