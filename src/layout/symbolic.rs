//! Run-time leaves as expressions: the bridge from the algebra to the
//! lowering (ARCHITECTURE.md "Run-time values").
//!
//! Type inference sees a run-time leaf as `?` (what is statically known of
//! it: divisibility, width). The lowering needs more: for every `?` leaf of
//! a result, how to compute it from the operands' run-time leaves. Rather
//! than a second, symbolic copy of the algebra, the SAME algebra functions
//! run while a [`Recording`] is active: every arithmetic step that produces
//! a dynamic leaf (`TupleOp`, the tilings' scale and quotient, products)
//! calls [`binary`], which appends the step to the recording's tape and
//! stores its id in the leaf ([`DynInt::expr`]). The lowering seeds its
//! operands' `?` leaves with [`Expr::Arg`] ids ([`seed`]), runs the op's
//! algebra function, and materializes the result leaves' expressions.
//!
//! Outside a recording nothing is recorded, every `expr` is 0 and the types
//! are exactly what they were; a step whose input has no expression (a leaf
//! the algebra created without deriving it) yields 0 too, so the lowering
//! can tell "not derived" from "derived" and report the leaf instead of
//! inventing a value.

use std::cell::RefCell;

pub use super::tuple::ExprId;
use super::tuple::{DynInt, IntTuple, Leaf};

/// One step of a run-time leaf's computation. Operands are earlier ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// The `n`-th seeded run-time leaf of the op's operands.
    Arg(u32),
    Const(i64),
    Add(ExprId, ExprId),
    Sub(ExprId, ExprId),
    Mul(ExprId, ExprId),
    /// Quotient of non-negative values (CuTe's `/` on shapes and indices).
    Div(ExprId, ExprId),
    /// Remainder of a non-negative value by a positive one.
    Mod(ExprId, ExprId),
    /// `ceil(a / b)` for positive `b` (CuTe's `ceil_div`).
    CeilDiv(ExprId, ExprId),
    /// The smaller of two values (CuTe's `shape_min` of run-time extents).
    Min(ExprId, ExprId),
    /// Bit operations of swizzles (non-negative offsets).
    And(ExprId, ExprId),
    Xor(ExprId, ExprId),
    /// Logical shifts by a static amount.
    Shr(ExprId, ExprId),
    Shl(ExprId, ExprId),
}

/// The binary steps, for [`binary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    CeilDiv,
    Min,
    And,
    Xor,
    Shr,
    Shl,
}

thread_local! {
    static TAPE: RefCell<Option<Vec<Expr>>> = const { RefCell::new(None) };
}

/// An active recording on this thread; [`Recording::finish`] returns the
/// tape. Recordings do not nest (the algebra never starts one).
pub struct Recording {
    args: u32,
}

impl Recording {
    /// Starts recording on this thread.
    ///
    /// # Panics
    /// If a recording is already active on this thread (a programming error:
    /// the tape would be shared by two lowerings).
    pub fn start() -> Self {
        TAPE.with(|tape| {
            let mut tape = tape.borrow_mut();
            assert!(tape.is_none(), "a symbolic recording is already active on this thread");
            *tape = Some(Vec::new());
        });
        Recording { args: 0 }
    }

    /// A fresh argument: the next run-time leaf of the operands.
    pub fn arg(&mut self) -> ExprId {
        let n = self.args;
        self.args += 1;
        push(Expr::Arg(n))
    }

    /// Ends the recording; the tape's expression `id` is `tape[id - 1]`.
    pub fn finish(self) -> Vec<Expr> {
        let tape = TAPE.with(|tape| tape.borrow_mut().take());
        std::mem::forget(self);
        tape.unwrap_or_default()
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        // An abandoned recording (an error path) must not leak into the next.
        TAPE.with(|tape| tape.borrow_mut().take());
    }
}

fn push(e: Expr) -> ExprId {
    TAPE.with(|tape| match tape.borrow_mut().as_mut() {
        Some(nodes) => {
            nodes.push(e);
            nodes.len() as ExprId
        }
        None => 0,
    })
}

fn recording() -> bool {
    TAPE.with(|tape| tape.borrow().is_some())
}

/// The expression of an integer leaf, if it has one (a constant for a
/// static leaf; 0 outside a recording or for an underived `?`).
fn operand(l: &Leaf) -> Option<ExprId> {
    match l {
        Leaf::Int(v) => Some(push(Expr::Const(*v))),
        Leaf::Dyn(d) if d.expr != 0 => Some(d.expr),
        _ => None,
    }
}

/// Records `a step b` when a recording is active and both inputs have
/// expressions; the id to store in the dynamic result leaf (else 0).
/// Identities (`x*1`, `x+0`, `x/1`) return the input's id.
pub fn binary(step: Step, a: &Leaf, b: &Leaf) -> ExprId {
    if !recording() {
        return 0;
    }
    match (step, a, b) {
        (Step::Mul | Step::Div | Step::CeilDiv, Leaf::Dyn(d), Leaf::Int(1))
        | (Step::Add | Step::Sub, Leaf::Dyn(d), Leaf::Int(0))
        | (Step::Mul, Leaf::Int(1), Leaf::Dyn(d))
        | (Step::Add, Leaf::Int(0), Leaf::Dyn(d)) => return d.expr,
        _ => {}
    }
    let (Some(x), Some(y)) = (operand(a), operand(b)) else { return 0 };
    push(match step {
        Step::Add => Expr::Add(x, y),
        Step::Sub => Expr::Sub(x, y),
        Step::Mul => Expr::Mul(x, y),
        Step::Div => Expr::Div(x, y),
        Step::Mod => Expr::Mod(x, y),
        Step::CeilDiv => Expr::CeilDiv(x, y),
        Step::Min => Expr::Min(x, y),
        Step::And => Expr::And(x, y),
        Step::Xor => Expr::Xor(x, y),
        Step::Shr => Expr::Shr(x, y),
        Step::Shl => Expr::Shl(x, y),
    })
}

/// `t` with every `?` leaf given the next argument of `recording`, in
/// left-to-right leaf order (the order of the lowered struct's fields).
pub fn seed(t: &IntTuple, recording: &mut Recording) -> IntTuple {
    match t {
        IntTuple::Leaf(Leaf::Dyn(d)) => IntTuple::Leaf(Leaf::Dyn(DynInt { expr: recording.arg(), ..*d })),
        IntTuple::Leaf(l) => IntTuple::Leaf(l.clone()),
        IntTuple::Tuple(items) => IntTuple::Tuple(items.iter().map(|i| seed(i, recording)).collect()),
    }
}

/// Evaluates expression `id` of `tape` with the argument values `args`
/// (what the lowered code computes; the tests compare the two).
pub fn eval(tape: &[Expr], id: ExprId, args: &[i64]) -> Option<i64> {
    let e = *tape.get((id as usize).checked_sub(1)?)?;
    let v = |i| eval(tape, i, args);
    Some(match e {
        Expr::Arg(n) => *args.get(n as usize)?,
        Expr::Const(c) => c,
        Expr::Add(a, b) => v(a)?.checked_add(v(b)?)?,
        Expr::Sub(a, b) => v(a)?.checked_sub(v(b)?)?,
        Expr::Mul(a, b) => v(a)?.checked_mul(v(b)?)?,
        Expr::Div(a, b) => v(a)?.checked_div(v(b)?)?,
        Expr::Mod(a, b) => v(a)?.checked_rem(v(b)?)?,
        Expr::CeilDiv(a, b) => {
            let (a, b) = (v(a)?, v(b)?);
            a.checked_add(b.checked_sub(1)?)?.checked_div(b)?
        }
        Expr::Min(a, b) => v(a)?.min(v(b)?),
        Expr::And(a, b) => v(a)? & v(b)?,
        Expr::Xor(a, b) => v(a)? ^ v(b)?,
        Expr::Shr(a, b) => v(a)?.checked_shr(u32::try_from(v(b)?).ok()?)?,
        Expr::Shl(a, b) => v(a)?.checked_shl(u32::try_from(v(b)?).ok()?)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{
        parse_int_tuple,
        tuple_ops::{tuple_arith, TupleOp},
    };

    fn leaves(t: &IntTuple, out: &mut Vec<Leaf>) {
        match t {
            IntTuple::Leaf(l) => out.push(l.clone()),
            IntTuple::Tuple(items) => items.iter().for_each(|i| leaves(i, out)),
        }
    }

    #[test]
    fn outside_a_recording_nothing_is_recorded() {
        let r = tuple_arith(TupleOp::Mul, &parse_int_tuple("(?,4)").unwrap(), &parse_int_tuple("2").unwrap()).unwrap();
        assert_eq!(r, parse_int_tuple("(?{div=2},8)").unwrap());
    }

    #[test]
    fn the_same_arithmetic_records_its_steps() {
        let mut rec = Recording::start();
        let a = seed(&parse_int_tuple("(?,(4,?))").unwrap(), &mut rec);
        let r = tuple_arith(TupleOp::Mul, &a, &parse_int_tuple("3").unwrap()).unwrap();
        let tape = rec.finish();
        let mut out = Vec::new();
        leaves(&r, &mut out);
        let ids: Vec<ExprId> = out
            .iter()
            .filter_map(|l| match l {
                Leaf::Dyn(d) => Some(d.expr),
                _ => None,
            })
            .collect();
        assert_eq!(out[1], Leaf::Int(12));
        assert_eq!(ids.len(), 2);
        assert_eq!(eval(&tape, ids[0], &[5, 7]), Some(15));
        assert_eq!(eval(&tape, ids[1], &[5, 7]), Some(21));
        // The type is what inference prints.
        assert_eq!(r.to_string(), "(?{div=3},(12,?{div=3}))");
    }

    #[test]
    fn an_abandoned_recording_is_cleared() {
        {
            let mut rec = Recording::start();
            rec.arg();
        }
        assert!(!recording());
        let rec = Recording::start();
        assert!(rec.finish().is_empty());
    }
}
