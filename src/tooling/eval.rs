//! Expression evaluator for the CLI and the oracle: `op(arg, arg, ...)`.
//!
//! Operation names and argument orders are the oracle's (`crd2idx(coord,
//! layout)`, `idx2crd(index, shape)`, `complement(layout, cotarget)`, ...).
//! Arguments are notation values: an integer, an int-tuple, a layout, a by-mode
//! tiler `[..;..]`, a swizzle, or a composed layout. Parsing ([`parse_value`],
//! [`Op::from_name`]) is separate from evaluation ([`apply`]) so that the
//! benchmark can time evaluation alone.

use std::fmt;

use crate::layout::dynamic_tiling::{has_dynamic, tile, Tiling};
use crate::layout::error::{LayoutError, ParseError};
use crate::layout::notation::Cursor;
use crate::layout::ops::{self, DivMode};
use crate::layout::swizzle::{ComposedLayout, Swizzle};
use crate::layout::tuple::{IntTuple, Layout, Leaf, Tiler};

/// A value of the expression language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer or int-tuple (also coordinates and shapes).
    Tuple(IntTuple),
    Layout(Layout),
    Tiler(Tiler),
    Swizzle(Swizzle),
    Composed(ComposedLayout),
    /// A function table, printed `[0,1,2]`.
    Table(Vec<i64>),
    Bool(bool),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Tuple(t) => write!(f, "{t}"),
            Value::Layout(l) => write!(f, "{l}"),
            Value::Tiler(t) => write!(f, "{t}"),
            Value::Swizzle(s) => write!(f, "{s}"),
            Value::Composed(c) => write!(f, "{c}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Table(v) => {
                f.write_str("[")?;
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// Why an expression could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// The expression text is malformed.
    Parse(ParseError),
    /// Unknown operation name.
    UnknownOp(String),
    /// Wrong number or kind of arguments.
    Arguments { op: &'static str, message: String },
    /// The algebra refused the operands.
    Layout(LayoutError),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Parse(e) => write!(f, "parse error {e}"),
            EvalError::UnknownOp(n) => write!(f, "unknown operation `{n}`"),
            EvalError::Arguments { op, message } => write!(f, "{op}: {message}"),
            EvalError::Layout(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EvalError {}

impl From<ParseError> for EvalError {
    fn from(e: ParseError) -> Self {
        EvalError::Parse(e)
    }
}

impl From<LayoutError> for EvalError {
    fn from(e: LayoutError) -> Self {
        EvalError::Layout(e)
    }
}

macro_rules! ops_table {
    ($($variant:ident => $name:literal, ($lo:literal, $hi:literal);)*) => {
        /// The operations of the evaluator.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Op { $($variant),* }

        impl Op {
            /// All operations, for documentation and fuzzing.
            pub const ALL: &'static [Op] = &[$(Op::$variant),*];

            pub fn from_name(name: &str) -> Option<Op> {
                match name { $($name => Some(Op::$variant),)* _ => None }
            }

            pub fn name(self) -> &'static str {
                match self { $(Op::$variant => $name),* }
            }

            /// Accepted argument counts, `(min, max)`.
            pub fn arity(self) -> (usize, usize) {
                match self { $(Op::$variant => ($lo, $hi)),* }
            }
        }
    };
}

ops_table! {
    Coalesce => "coalesce", (1, 1);
    CoalesceProfile => "coalesce_profile", (2, 2);
    Filter => "filter", (1, 1);
    FilterZeros => "filter_zeros", (1, 1);
    Composition => "composition", (2, 2);
    Complement => "complement", (2, 2);
    LeftInverse => "left_inverse", (1, 1);
    RightInverse => "right_inverse", (1, 1);
    LogicalDivide => "logical_divide", (2, 2);
    ZippedDivide => "zipped_divide", (2, 2);
    TiledDivide => "tiled_divide", (2, 2);
    FlatDivide => "flat_divide", (2, 2);
    LogicalProduct => "logical_product", (2, 2);
    ZippedProduct => "zipped_product", (2, 2);
    TiledProduct => "tiled_product", (2, 2);
    FlatProduct => "flat_product", (2, 2);
    BlockedProduct => "blocked_product", (2, 2);
    RakedProduct => "raked_product", (2, 2);
    Size => "size", (1, 1);
    Cosize => "cosize", (1, 1);
    Rank => "rank", (1, 1);
    Depth => "depth", (1, 1);
    Get => "get", (2, 2);
    Select => "select", (2, 2);
    Flatten => "flatten", (1, 1);
    GroupModes => "group_modes", (3, 3);
    Crd2Idx => "crd2idx", (2, 2);
    Idx2Crd => "idx2crd", (2, 2);
    Table => "table", (1, 1);
    SwizzleLayout => "swizzle_layout", (1, 1);
    Swizzle => "swizzle", (2, 2);
    ShapeDiv => "shape_div", (2, 3);
    CeilDiv => "ceil_div", (2, 2);
    MakeLayout => "make_layout", (1, 1);
    MakeOrderedLayout => "make_ordered_layout", (2, 2);
    MakeLayoutLike => "make_layout_like", (1, 1);
    Congruent => "congruent", (2, 2);
    WeaklyCongruent => "weakly_congruent", (2, 2);
    Compatible => "compatible", (2, 2);
}

/// Parses one argument value.
pub fn parse_value(text: &str) -> Result<Value, ParseError> {
    let mut c = Cursor::new(text);
    let v = value(&mut c)?;
    c.finish()?;
    Ok(v)
}

fn value(c: &mut Cursor) -> Result<Value, ParseError> {
    match c.peek() {
        Some(b'[') => c.tiler().map(Value::Tiler),
        Some(b'<') => c.layout().map(Value::Layout),
        Some(b'S') => {
            let s = c.swizzle()?;
            if c.peek() == Some(b'o') {
                c.composed_after_swizzle(s).map(Value::Composed)
            } else {
                Ok(Value::Swizzle(s))
            }
        }
        _ => {
            let start = c.pos;
            let t = c.int_tuple()?;
            if c.eat(b':') {
                c.layout_after_shape(start, t).map(Value::Layout)
            } else {
                Ok(Value::Tuple(t))
            }
        }
    }
}

/// Parses `op(arg, ...)` into the operation and its argument values.
pub fn parse_call(text: &str) -> Result<(Op, Vec<Value>), EvalError> {
    let mut c = Cursor::new(text);
    c.skip_ws();
    let start = c.pos;
    let name_len = text[start..]
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    if name_len == 0 {
        return Err(ParseError::new(start, "expected an operation name").into());
    }
    let name = &text[start..start + name_len];
    let op = Op::from_name(name).ok_or_else(|| EvalError::UnknownOp(name.to_string()))?;
    c.pos += name_len;
    c.expect(b'(', "'(' after the operation name")?;
    let mut args = Vec::new();
    if !c.eat(b')') {
        loop {
            args.push(value(&mut c)?);
            if c.eat(b')') {
                break;
            }
            c.expect(b',', "',' or ')' in the argument list")?;
        }
    }
    c.finish()?;
    Ok((op, args))
}

/// Parses and evaluates `op(arg, ...)`.
pub fn eval_expr(text: &str) -> Result<Value, EvalError> {
    let (op, args) = parse_call(text)?;
    apply(op, &args)
}

fn arg_err<T>(op: Op, message: impl Into<String>) -> Result<T, EvalError> {
    Err(EvalError::Arguments {
        op: op.name(),
        message: message.into(),
    })
}

#[inline]
fn as_layout(op: Op, v: &Value, i: usize) -> Result<&Layout, EvalError> {
    match v {
        Value::Layout(l) => Ok(l),
        other => arg_err(
            op,
            format!("argument {} must be a layout, got `{other}`", i + 1),
        ),
    }
}

#[inline]
fn as_tuple(op: Op, v: &Value, i: usize) -> Result<&IntTuple, EvalError> {
    match v {
        Value::Tuple(t) => Ok(t),
        other => arg_err(
            op,
            format!(
                "argument {} must be an integer or int-tuple, got `{other}`",
                i + 1
            ),
        ),
    }
}

#[inline]
fn as_int(op: Op, v: &Value, i: usize) -> Result<i64, EvalError> {
    match v {
        Value::Tuple(IntTuple::Leaf(Leaf::Int(n))) => Ok(*n),
        other => arg_err(
            op,
            format!("argument {} must be a static integer, got `{other}`", i + 1),
        ),
    }
}

fn as_index(op: Op, v: &Value, i: usize) -> Result<usize, EvalError> {
    let n = as_int(op, v, i)?;
    usize::try_from(n).or_else(|_| {
        arg_err(
            op,
            format!("argument {} must be a non-negative index, got {n}", i + 1),
        )
    })
}

/// A tiler argument: a by-mode tiler, a layout, or an integer/shape.
#[inline]
fn as_tiler(op: Op, v: &Value, i: usize) -> Result<std::borrow::Cow<'_, Tiler>, EvalError> {
    use std::borrow::Cow;
    match v {
        Value::Tiler(t) => Ok(Cow::Borrowed(t)),
        Value::Layout(l) => Ok(Cow::Owned(Tiler::Layout(l.clone()))),
        Value::Tuple(IntTuple::Leaf(Leaf::Underscore)) => Ok(Cow::Owned(Tiler::Underscore)),
        Value::Tuple(t) if t.is_static() => Ok(Cow::Owned(Tiler::Shape(t.clone()))),
        other => arg_err(
            op,
            format!("argument {} must be a tiler, got `{other}`", i + 1),
        ),
    }
}

/// Calls `f` with the tiler argument `v`; a layout is passed as it is
/// (building a `Tiler::Layout` would copy it).
fn with_tiler(
    op: Op,
    v: &Value,
    f: impl FnOnce(ops::TilerArg<'_>) -> Result<Layout, EvalError>,
) -> Result<Layout, EvalError> {
    match v {
        Value::Layout(l) => f(ops::TilerArg::Layout(l)),
        other => f(ops::TilerArg::Tiler(&*as_tiler(op, other, 1)?)),
    }
}

/// A shape: an int-tuple, or the shape of a layout.
fn as_shape_arg(op: Op, v: &Value, i: usize) -> Result<&IntTuple, EvalError> {
    match v {
        Value::Tuple(t) => Ok(t),
        Value::Layout(l) => Ok(l.shape()),
        other => arg_err(
            op,
            format!("argument {} must be a shape, got `{other}`", i + 1),
        ),
    }
}

/// Evaluates `op` on parsed arguments.
pub fn apply(op: Op, args: &[Value]) -> Result<Value, EvalError> {
    let (lo, hi) = op.arity();
    if args.len() < lo || args.len() > hi {
        let want = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo} to {hi}")
        };
        return arg_err(op, format!("expected {want} arguments, got {}", args.len()));
    }
    let a0 = &args[0];
    let l0 = || as_layout(op, a0, 0);
    // Dynamic layouts tiled by static tiles (`dynamic_tiling`); static
    // inputs keep the static algebra below (and its allocation-free paths).
    let tiling = match op {
        Op::Composition => Some(Tiling::Composition),
        Op::LogicalDivide => Some(Tiling::LogicalDivide),
        Op::ZippedDivide => Some(Tiling::ZippedDivide),
        Op::TiledDivide => Some(Tiling::TiledDivide),
        Op::FlatDivide => Some(Tiling::FlatDivide),
        _ => None,
    };
    if let (Some(kind), Value::Layout(a)) = (tiling, a0) {
        if has_dynamic(a) {
            return Ok(Value::Layout(tile(kind, a, &*as_tiler(op, &args[1], 1)?)?));
        }
    }
    Ok(match op {
        Op::Coalesce => Value::Layout(ops::coalesce(l0()?)?),
        Op::CoalesceProfile => {
            Value::Layout(ops::coalesce_profile(l0()?, as_tuple(op, &args[1], 1)?)?)
        }
        Op::Filter => Value::Layout(ops::filter(l0()?)?),
        Op::FilterZeros => Value::Layout(ops::filter_zeros(l0()?)),
        Op::Composition => match &args[1] {
            Value::Layout(b) => Value::Layout(ops::composition(l0()?, b)?),
            other => Value::Layout(ops::composition_tiler(l0()?, &*as_tiler(op, other, 1)?)?),
        },
        Op::Complement => Value::Layout(ops::complement(l0()?, as_tuple(op, &args[1], 1)?)?),
        Op::LeftInverse => Value::Layout(ops::left_inverse(l0()?)?),
        Op::RightInverse => Value::Layout(ops::right_inverse(l0()?)?),
        Op::LogicalDivide => match &args[1] {
            Value::Layout(b) => Value::Layout(ops::logical_divide(l0()?, b)?),
            other => Value::Layout(ops::logical_divide_tiler(l0()?, &*as_tiler(op, other, 1)?)?),
        },
        Op::ZippedDivide => Value::Layout(with_tiler(op, &args[1], |t| Ok(ops::zipped_divide(l0()?, t)?))?),
        Op::TiledDivide => Value::Layout(with_tiler(op, &args[1], |t| Ok(ops::tiled_divide(l0()?, t)?))?),
        Op::FlatDivide => Value::Layout(with_tiler(op, &args[1], |t| Ok(ops::flat_divide(l0()?, t)?))?),
        Op::LogicalProduct => match &args[1] {
            Value::Layout(b) => Value::Layout(ops::logical_product(l0()?, b)?),
            other => Value::Layout(ops::logical_product_tiler(
                l0()?,
                &*as_tiler(op, other, 1)?,
            )?),
        },
        Op::ZippedProduct => {
            Value::Layout(with_tiler(op, &args[1], |t| Ok(ops::zipped_product(l0()?, t)?))?)
        }
        Op::TiledProduct => Value::Layout(with_tiler(op, &args[1], |t| Ok(ops::tiled_product(l0()?, t)?))?),
        Op::FlatProduct => Value::Layout(with_tiler(op, &args[1], |t| Ok(ops::flat_product(l0()?, t)?))?),
        Op::BlockedProduct => {
            Value::Layout(ops::blocked_product(l0()?, as_layout(op, &args[1], 1)?)?)
        }
        Op::RakedProduct => Value::Layout(ops::raked_product(l0()?, as_layout(op, &args[1], 1)?)?),
        Op::Size => match a0 {
            Value::Tuple(t) => Value::Tuple(ops::size_of(t)?),
            _ => Value::Tuple(ops::size(l0()?)?),
        },
        Op::Cosize => Value::Tuple(ops::cosize(l0()?)?),
        Op::Rank => match a0 {
            Value::Tuple(t) => Value::Tuple(IntTuple::int(t.rank() as i64)),
            _ => Value::Tuple(IntTuple::int(ops::rank(l0()?) as i64)),
        },
        Op::Depth => match a0 {
            Value::Tuple(t) => Value::Tuple(IntTuple::int(t.depth() as i64)),
            _ => Value::Tuple(IntTuple::int(ops::depth(l0()?) as i64)),
        },
        Op::Get => Value::Layout(ops::get(l0()?, as_index(op, &args[1], 1)?)?),
        Op::Select => {
            let idx: Vec<usize> = match as_tuple(op, &args[1], 1)? {
                IntTuple::Tuple(v) => v
                    .iter()
                    .map(|t| as_index(op, &Value::Tuple(t.clone()), 1))
                    .collect::<Result<_, _>>()?,
                leaf => vec![as_index(op, &Value::Tuple(leaf.clone()), 1)?],
            };
            Value::Layout(ops::select(l0()?, &idx)?)
        }
        Op::Flatten => Value::Layout(ops::flatten(l0()?)),
        Op::GroupModes => Value::Layout(ops::group_modes(
            l0()?,
            as_index(op, &args[1], 1)?,
            as_index(op, &args[2], 2)?,
        )?),
        Op::Crd2Idx => Value::Tuple(IntTuple::int(ops::crd2idx(
            as_tuple(op, a0, 0)?,
            as_layout(op, &args[1], 1)?,
        )?)),
        Op::Idx2Crd => Value::Tuple(ops::idx2crd(
            as_int(op, a0, 0)?,
            as_shape_arg(op, &args[1], 1)?,
        )?),
        Op::Table => Value::Table(ops::table(l0()?)?),
        Op::SwizzleLayout => match a0 {
            Value::Composed(c) => Value::Table(c.table()?),
            other => {
                return arg_err(
                    op,
                    format!("argument 1 must be a composed layout, got `{other}`"),
                )
            }
        },
        Op::Swizzle => swizzle(op, args)?,
        Op::ShapeDiv => shape_div(op, args)?,
        Op::CeilDiv => Value::Tuple(ops::ceil_div(
            as_tuple(op, a0, 0)?,
            as_tuple(op, &args[1], 1)?,
        )?),
        Op::MakeLayout => Value::Layout(ops::make_layout(as_tuple(op, a0, 0)?)?),
        Op::MakeOrderedLayout => Value::Layout(ops::make_ordered_layout(
            as_tuple(op, a0, 0)?,
            as_tuple(op, &args[1], 1)?,
        )?),
        Op::MakeLayoutLike => Value::Layout(ops::make_layout_like(l0()?)?),
        Op::Congruent => Value::Bool(ops::congruent(
            as_shape_arg(op, a0, 0)?,
            as_shape_arg(op, &args[1], 1)?,
        )),
        Op::WeaklyCongruent => Value::Bool(ops::weakly_congruent(
            as_shape_arg(op, a0, 0)?,
            as_shape_arg(op, &args[1], 1)?,
        )),
        Op::Compatible => Value::Bool(ops::compatible(
            as_shape_arg(op, a0, 0)?,
            as_shape_arg(op, &args[1], 1)?,
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(s: &str) -> String {
        eval_expr(s)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .to_string()
    }

    fn everr(s: &str) -> String {
        eval_expr(s).expect_err("expected an error").to_string()
    }

    #[test]
    fn expressions() {
        assert_eq!(ev("composition((4,2):(1,4), (2,2):(1,2))"), "(2,2):(1,2)");
        assert_eq!(ev(" composition ( (8,8):(8,1) , [2:1;_] ) "), "(2,8):(8,1)");
        assert_eq!(ev("composition(<8:1, 4:8>, 4)"), "4:1");
        assert_eq!(ev("complement(4:2, 16)"), "(2,2):(1,8)");
        assert_eq!(ev("crd2idx((1,2), (4,8):(1,4))"), "9");
        assert_eq!(ev("idx2crd(9, (4,8))"), "(1,2)");
        assert_eq!(ev("table((2,2):(2,1))"), "[0,2,1,3]");
        assert_eq!(ev("swizzle_layout(Sw<1,0,1> o 0 o 4:1)"), "[0,1,3,2]");
        assert_eq!(ev("swizzle(S<3,4,3>, 128)"), "144");
        assert_eq!(ev("size((2,?{div=4}))"), "?{div=8}");
        assert_eq!(ev("rank((2,3,4):(1,2,6))"), "3");
        assert_eq!(ev("depth((2,(3,4)))"), "2");
        assert_eq!(ev("get((2,3):(1,2), 1)"), "3:2");
        assert_eq!(ev("select((2,3,4):(1,2,6), (2,0))"), "(4,2):(6,1)");
        assert_eq!(
            ev("group_modes((2,3,4):(1,2,6), 1, 3)"),
            "(2,(3,4)):(1,(2,6))"
        );
        assert_eq!(ev("flatten(((2,3),4):((1,2),6))"), "(2,3,4):(1,2,6)");
        assert_eq!(ev("shape_div((8,6), 4, 0)"), "(2,2)");
        assert_eq!(ev("shape_div((8,6), 4, 1)"), "(2,1)");
        assert_eq!(ev("ceil_div((12,4,8), 128)"), "(1,1,3)");
        assert_eq!(ev("make_layout((2,3))"), "(2,3):(1,2)");
        assert_eq!(ev("make_ordered_layout((2,3), (1,0))"), "(2,3):(3,1)");
        assert_eq!(ev("make_layout_like((2,3):(3,1))"), "(2,3):(3,1)");
        assert_eq!(ev("congruent((1,(2,3)), (4,(5,6)))"), "true");
        assert_eq!(ev("weakly_congruent((1,2), ((2,3),4))"), "true");
        assert_eq!(ev("compatible(6, (2,3))"), "true");
        assert_eq!(
            ev("flat_divide((8,8):(8,1), [2:1;4:1])"),
            "(2,4,4,2):(8,1,16,4)"
        );
        assert_eq!(
            ev("blocked_product((2,2):(1,2), (3,4):(1,3))"),
            "((2,3),(2,4)):((1,4),(2,12))"
        );
        // CUTLASS 3.8+: no per-mode coalesce (3.4 to 3.7: `(6,(2,4)):(2,(1,12))`).
        assert_eq!(
            ev("blocked_product((2,2):(2,1), (3,4):(1,3))"),
            "((2,3),(2,4)):((2,4),(1,12))"
        );
    }

    #[test]
    fn errors() {
        assert_eq!(everr("transpose(4:1)"), "unknown operation `transpose`");
        assert_eq!(
            everr("coalesce(4:1, 2)"),
            "coalesce: expected 1 arguments, got 2"
        );
        assert_eq!(
            everr("shape_div(4)"),
            "shape_div: expected 2 to 3 arguments, got 1"
        );
        assert_eq!(
            everr("coalesce((4,2))"),
            "coalesce: argument 1 must be a layout, got `(4,2)`"
        );
        assert_eq!(
            everr("idx2crd(?, 4)"),
            "idx2crd: argument 1 must be a static integer, got `?`"
        );
        assert_eq!(
            everr("get(4:1, -1)"),
            "get: argument 2 must be a non-negative index, got -1"
        );
        assert_eq!(
            everr("shape_div(4, 2, 7)"),
            "shape_div: argument 3 must be 0 (ceil), 1 (floor) or 2 (exact), got `7`"
        );
        assert_eq!(
            everr("swizzle_layout(4:1)"),
            "swizzle_layout: argument 1 must be a composed layout, got `4:1`"
        );
        assert_eq!(everr("coalesce(4:1"), "parse error at column 13: expected ',' or ')' in the argument list, found end of input");
        assert_eq!(
            everr("(4:1)"),
            "parse error at column 1: expected an operation name"
        );
        assert_eq!(
            everr("coalesce 4:1"),
            "parse error at column 10: expected '(' after the operation name, found '4'"
        );
        assert_eq!(
            everr("size(4:1) x"),
            "parse error at column 11: unexpected trailing text starting at 'x'"
        );
        assert!(everr("composition((4,6,8):(2,3,5), 6:3)")
            .starts_with("composition((4,6,8):(2,3,5), 6:3): stride 3"));
    }

    #[test]
    fn every_op_has_a_unique_name() {
        for op in Op::ALL {
            assert_eq!(Op::from_name(op.name()), Some(*op));
        }
    }

    #[test]
    fn values_print_back() {
        for s in [
            "4",
            "(4)",
            "_",
            "(_,?{div=8})",
            "4:1",
            "(4):(1)",
            "[2:1;_]",
            "S<3,4,3>",
            "S<3,4,3> o 0 o (8,8):(8,1)",
        ] {
            let v = parse_value(s).unwrap();
            assert_eq!(v.to_string(), s);
            assert_eq!(parse_value(&v.to_string()).unwrap(), v);
        }
    }
}

/// `shape_div(a, b[, mode])`: mode 0 ceil, 1 floor, 2 (or none) exact.
fn shape_div(op: Op, args: &[Value]) -> Result<Value, EvalError> {
    let mode = match args.get(2) {
        None => DivMode::Exact,
        Some(Value::Tuple(IntTuple::Leaf(Leaf::Int(0)))) => DivMode::Ceil,
        Some(Value::Tuple(IntTuple::Leaf(Leaf::Int(1)))) => DivMode::Floor,
        Some(Value::Tuple(IntTuple::Leaf(Leaf::Int(2)))) => DivMode::Exact,
        Some(other) => {
            return arg_err(
                op,
                format!(
                    "argument 3 must be 0 (ceil), 1 (floor) or 2 (exact), got `{other}`"
                ),
            )
        }
    };
    Ok(Value::Tuple(ops::shape_div(
        as_tuple(op, &args[0], 0)?,
        as_tuple(op, &args[1], 1)?,
        mode,
    )?))
}

/// `swizzle(s, x)`: the swizzle applied to an integer.
fn swizzle(op: Op, args: &[Value]) -> Result<Value, EvalError> {
    Ok(match &args[0] {
        Value::Swizzle(s) => {
            let x = as_int(op, &args[1], 1)?;
            let y = s.apply(x).map_err(|c| {
                LayoutError::new("swizzle", vec![s.to_string(), x.to_string()], c)
            })?;
            Value::Tuple(IntTuple::int(y))
        }
        other => return arg_err(op, format!("argument 1 must be a swizzle, got `{other}`")),
    })
}
