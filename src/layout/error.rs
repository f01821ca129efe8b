//! Error types of the layout algebra.
//!
//! Two kinds of failure exist and they are kept apart on purpose:
//! * [`ParseError`]: the *text* is malformed. It carries the byte position so
//!   that the MLIR attribute parser can point at the offending character.
//! * [`LayoutError`]: the text was fine but the *algebra* refuses the operands
//!   (inadmissible composition, non-injective complement, overflow, ...). It
//!   carries the operation name, the printed operands and the violated
//!   condition, so that a verifier diagnostic is self-contained.

use std::fmt;

/// A syntax error at byte offset `pos` of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset (0-based) of the offending character.
    pub pos: usize,
    /// What was expected or what went wrong.
    pub message: String,
}

impl ParseError {
    pub fn new(pos: usize, message: impl Into<String>) -> Self {
        ParseError {
            pos,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Columns are 1-based for humans; `pos` stays 0-based for tools.
        write!(f, "at column {}: {}", self.pos + 1, self.message)
    }
}

impl std::error::Error for ParseError {}

/// An operation of the algebra refused its operands (the fields are read
/// through `Deref`).
///
/// Boxed: every operation returns `Result<_, LayoutError>`, and a
/// pointer-sized error keeps those results small on the success path, which
/// is the hot one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError(Box<LayoutErrorInfo>);

/// What a [`LayoutError`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutErrorInfo {
    /// Operation name, e.g. `composition`.
    pub op: &'static str,
    /// The operands, printed in CuTe notation.
    pub operands: Vec<String>,
    /// The violated condition.
    pub condition: String,
}

impl LayoutError {
    pub fn new(op: &'static str, operands: Vec<String>, condition: impl Into<String>) -> Self {
        LayoutError(Box::new(LayoutErrorInfo {
            op,
            operands,
            condition: condition.into(),
        }))
    }

    /// The violated condition, by value.
    pub fn into_condition(self) -> String {
        self.0.condition
    }
}

impl std::ops::Deref for LayoutError {
    type Target = LayoutErrorInfo;

    fn deref(&self) -> &LayoutErrorInfo {
        &self.0
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}({}): {}",
            self.op,
            self.operands.join(", "),
            self.condition
        )
    }
}

impl std::error::Error for LayoutError {}

/// Internal failure: only the violated condition. Algorithms return this so
/// that the (allocation-heavy) operand printing happens once, at the public
/// entry point, and only on the error path.
pub(crate) type Cond = String;

/// Checked arithmetic: every overflow is a [`Cond`], never a wrap or panic.
pub(crate) mod arith {
    use super::Cond;

    #[inline]
    pub fn mul(a: i64, b: i64) -> Result<i64, Cond> {
        a.checked_mul(b)
            .ok_or_else(|| format!("integer overflow in {a} * {b}"))
    }

    #[inline]
    pub fn add(a: i64, b: i64) -> Result<i64, Cond> {
        a.checked_add(b)
            .ok_or_else(|| format!("integer overflow in {a} + {b}"))
    }

    #[inline]
    pub fn sub(a: i64, b: i64) -> Result<i64, Cond> {
        a.checked_sub(b)
            .ok_or_else(|| format!("integer overflow in {a} - {b}"))
    }

    #[inline]
    pub fn abs(a: i64) -> Result<i64, Cond> {
        a.checked_abs()
            .ok_or_else(|| format!("integer overflow in |{a}|"))
    }

    /// `ceil(a / b)` for `b > 0` (any sign of `a`).
    #[inline]
    pub fn ceil_div(a: i64, b: i64) -> Result<i64, Cond> {
        if b <= 0 {
            return Err(format!("ceil_div({a}, {b}): divisor must be positive"));
        }
        let q = a.div_euclid(b);
        Ok(if a.rem_euclid(b) != 0 { q + 1 } else { q })
    }
}
