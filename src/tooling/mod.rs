//! Tooling around the layout algebra (serde and CLI, outside the pure
//! [`crate::layout`] module):
//!
//! * [`eval`]: the `op(args)` expression evaluator (`cute layout eval`, the
//!   oracle test, the fuzzer);
//! * [`batch`]: the oracle-format batch runner and benchmark (`cute layout
//!   batch`, `cute layout bench`).
//!
//! These modules name the algebra as `crate::layout`, so another crate can
//! include them next to it (`#[path = ".../layout/mod.rs"] mod layout;` and
//! `#[path = ".../tooling/mod.rs"] mod tooling;` at its root).

pub mod batch;
pub mod eval;
pub mod pictures;

pub use eval::{eval_expr, EvalError, Op, Value};
