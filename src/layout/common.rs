//! Helpers shared by the algebra's op families (no CuTe function of its own):
//! the borrowed layout view [`LRef`], the `wrap!` macro that turns an
//! algorithm's condition into a [`LayoutError`] naming the operation and its
//! operands, flattening to static `(shape, stride)` mode lists, and the
//! [`Parts`] builder of tuple layouts.
//!
//! Structure of every family: each public operation is a thin wrapper that
//! attaches the operation name and printed operands to the condition returned
//! by an internal algorithm (`Result<_, Cond>`). Algorithms work on flattened
//! `(shape, stride)` mode lists of static integers and rebuild trees at the
//! end; all arithmetic is checked.

use std::fmt;

use super::buf::Buf;
use super::error::{arith, Cond, LayoutError};
use super::tuple::{IntTuple, Layout, Leaf};

/// Flattened static `(shape, stride)` modes, inline up to 8.
pub(super) type Modes = Buf<(i64, i64), 8>;

/// A borrowed layout (or mode of one): lets the algorithms walk sub-modes
/// without cloning trees.
#[derive(Clone, Copy)]
pub(super) struct LRef<'a> {
    pub(super) s: &'a IntTuple,
    pub(super) d: &'a IntTuple,
}

impl<'a> LRef<'a> {
    pub(super) fn of(l: &'a Layout) -> Self {
        LRef {
            s: l.shape(),
            d: l.stride(),
        }
    }

    pub(super) fn rank(self) -> usize {
        self.s.rank()
    }

    pub(super) fn mode(self, i: usize) -> Option<LRef<'a>> {
        Some(LRef {
            s: self.s.mode(i)?,
            d: self.d.mode(i)?,
        })
    }

    pub(super) fn modes(self) -> impl Iterator<Item = LRef<'a>> {
        (0..self.rank()).filter_map(move |i| self.mode(i))
    }

    pub(super) fn to_layout(self) -> Layout {
        Layout::from_parts(self.s.clone(), self.d.clone())
    }
}

impl fmt::Display for LRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.s, self.d)
    }
}

pub(super) fn fail(op: &'static str, operands: &[&dyn std::fmt::Display], c: Cond) -> LayoutError {
    LayoutError::new(op, operands.iter().map(|o| o.to_string()).collect(), c)
}

/// `wrap!("op", [operands...], body)`: `body`'s `Result<_, Cond>` as a
/// `Result<_, LayoutError>` naming the operation and its printed operands.
/// Expands to a call of [`fail`], which every family imports with
/// `use super::common::*`.
macro_rules! wrap {
    ($op:literal, [$($arg:expr),*], $body:expr) => {
        ($body).map_err(|c| fail($op, &[$(&$arg as &dyn std::fmt::Display),*], c))
    };
}
pub(super) use wrap;

#[inline]
pub(super) fn leaf_static(l: &Leaf, what: &str) -> Result<i64, Cond> {
    match l {
        Leaf::Int(v) => Ok(*v),
        other => Err(not_static(other, what)),
    }
}

#[cold]
pub(super) fn not_static(l: &Leaf, what: &str) -> Cond {
    match l {
        Leaf::Dyn(d) => format!("{what} `{d}` is dynamic; this operation needs static values"),
        Leaf::Basis(b) => {
            format!("{what} `{b}` is a scaled basis; this operation needs integer strides")
        }
        Leaf::Underscore => format!("{what} `_` is not a value"),
        Leaf::Int(v) => format!("{what} {v}"),
    }
}

pub(super) fn push_modes(s: &IntTuple, d: &IntTuple, out: &mut Modes) -> Result<(), Cond> {
    match (s, d) {
        (IntTuple::Leaf(Leaf::Int(a)), IntTuple::Leaf(Leaf::Int(b))) => {
            out.push((*a, *b));
            Ok(())
        }
        (IntTuple::Leaf(a), IntTuple::Leaf(b)) => {
            out.push((leaf_static(a, "shape")?, leaf_static(b, "stride")?));
            Ok(())
        }
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) if a.len() == b.len() => {
            for (x, y) in a.iter().zip(b) {
                // Static leaves inline: most modes are, and the recursive call
                // with its `Result` costs more than the push.
                match (x, y) {
                    (IntTuple::Leaf(Leaf::Int(p)), IntTuple::Leaf(Leaf::Int(q))) => {
                        out.push((*p, *q))
                    }
                    _ => push_modes(x, y, out)?,
                }
            }
            Ok(())
        }
        _ => Err("shape and stride are not congruent".into()),
    }
}

/// Flattened static modes; every shape must be positive (the algorithms
/// divide by shapes).
/// (Results go to out-parameters: moving a `Modes` out of a `Result` costs a
/// memcpy, which dominated these small algorithms.)
pub(super) fn flat_modes(l: LRef, out: &mut Modes) -> Result<(), Cond> {
    push_modes(l.s, l.d, out)?;
    if let Some((s, _)) = out.iter().find(|(s, _)| *s <= 0) {
        return Err(format!(
            "shape {s} is not positive; empty modes are not supported here"
        ));
    }
    Ok(())
}

/// `(s...):(d...)` from modes; a single mode is unwrapped to a leaf.
pub(super) fn layout_from_modes(modes: &[(i64, i64)]) -> Layout {
    if modes.len() == 1 {
        return Layout::leaf(modes[0].0, modes[0].1);
    }
    let mut parts = Parts::with_capacity(modes.len());
    for &(s, d) in modes {
        parts.push(Layout::leaf(s, d));
    }
    parts.finish()
}

/// The shapes and strides of a tuple layout being built, mode by mode.
/// Sized up front: every tuple node is a heap allocation, and growing one
/// costs a second (allocation dominates these small algorithms).
pub(super) struct Parts {
    s: Vec<IntTuple>,
    d: Vec<IntTuple>,
}

impl Parts {
    #[inline]
    pub(super) fn with_capacity(n: usize) -> Self {
        Parts {
            s: Vec::with_capacity(n),
            d: Vec::with_capacity(n),
        }
    }

    #[inline]
    pub(super) fn push(&mut self, l: Layout) {
        let (s, d) = l.into_parts();
        self.s.push(s);
        self.d.push(d);
    }

    /// Appends a copy of `l` as one mode.
    #[inline]
    pub(super) fn push_ref(&mut self, l: LRef) {
        self.s.push(l.s.clone());
        self.d.push(l.d.clone());
    }

    /// Appends the top-level modes of `l` (a leaf layout is one mode).
    pub(super) fn push_modes(&mut self, l: Layout) {
        match l.into_parts() {
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
                self.s.extend(s);
                self.d.extend(d);
            }
            (s, d) => {
                self.s.push(s);
                self.d.push(d);
            }
        }
    }

    #[inline]
    pub(super) fn finish(self) -> Layout {
        Layout::from_parts(IntTuple::Tuple(self.s), IntTuple::Tuple(self.d))
    }
}

pub(super) fn static_size(t: &IntTuple) -> Result<i64, Cond> {
    match t {
        IntTuple::Leaf(l) => leaf_static(l, "shape"),
        IntTuple::Tuple(v) => v
            .iter()
            .try_fold(1i64, |acc, x| arith::mul(acc, static_size(x)?)),
    }
}

/// Parsing and printing shorthands for the families' unit tests.
#[cfg(test)]
pub(super) mod testing {
    pub(in super::super) use super::super::notation::{parse_int_tuple, parse_layout};
    use super::super::error::LayoutError;
    use super::super::tuple::{IntTuple, Layout};

    pub(in super::super) fn l(s: &str) -> Layout {
        parse_layout(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    pub(in super::super) fn t(s: &str) -> IntTuple {
        parse_int_tuple(s).unwrap()
    }

    pub(in super::super) fn ok(r: Result<Layout, LayoutError>) -> String {
        r.unwrap_or_else(|e| panic!("{e}")).to_string()
    }

    pub(in super::super) fn err<T: std::fmt::Debug>(r: Result<T, LayoutError>) -> String {
        r.expect_err("expected an error").to_string()
    }
}
