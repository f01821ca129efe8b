//! Hierarchical integer tuples, layouts, by-mode tilers.
//!
//! A leaf is a static integer, a dynamic `?` (with optional static
//! divisibility and 64-bit width annotations), a scaled basis `N@dim`
//! (stride leaves of identity/coordinate layouts), or `_` (a wildcard in
//! coordinates and tilers). Tuples nest arbitrarily; rank-1 tuples `(4)` are
//! distinct from the leaf `4`, exactly as in CuTe.

use std::fmt;

use super::error::{arith, Cond, LayoutError};

/// A dynamic (run-time) integer. What is known statically about it is kept so
/// that divisibility can still be reasoned about.
/// Index of an expression on the active tape of [`super::symbolic`], plus
/// one; 0 = none. Defined here, with the leaf that carries it, so the tuple
/// types need nothing of the recording.
pub type ExprId = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynInt {
    /// Known divisor of the value (1 = nothing known). Printed `?{div=N}`.
    pub divisibility: u64,
    /// The value needs 64 bits (`?{i64}`); otherwise it fits i32 as in CuTe.
    pub wide: bool,
    /// A declared bound on the value (`?{max=N}`, 0 = none): a promise,
    /// like `div`, that lets offsets through this leaf stay 32-bit
    /// (issue 35). The algebra keeps it only where the value is the
    /// leaf's own; a computed value drops it (wider, never wrong).
    pub max: u64,
    /// How the lowering computes the value ([`super::symbolic`]): an id on
    /// the active recording's tape, 0 outside one (types never carry it).
    pub expr: ExprId,
}

impl DynInt {
    pub const UNKNOWN: DynInt = DynInt {
        divisibility: 1,
        wide: false,
        max: 0,
        expr: 0,
    };
}

/// A scaled basis element `num/den @ d0 @ d1 ...` (CuTe `ScaledBasis`, spec
/// 001 `N@dim`). Always stored normalized: `den > 0`, `gcd(num, den) == 1`,
/// at least one dimension.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScaledBasis {
    pub num: i64,
    pub den: i64,
    pub dims: Vec<u32>,
    /// A run-time coefficient (`?@0`, NVIDIA's IR); `num/den` is then 1.
    pub dynamic: Option<DynInt>,
}

impl ScaledBasis {
    /// Normalizes `num/den`; a zero denominator is rejected.
    pub fn new(num: i64, den: i64, dims: Vec<u32>) -> Result<Self, Cond> {
        if den == 0 {
            return Err(format!("zero denominator in basis count {num}/{den}"));
        }
        if dims.is_empty() {
            return Err("a basis needs at least one @dim".into());
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1);
        let (mut n, mut d) = (num / g as i64, den / g as i64);
        if d < 0 {
            n = n
                .checked_neg()
                .ok_or("integer overflow normalizing basis count")?;
            d = d
                .checked_neg()
                .ok_or("integer overflow normalizing basis count")?;
        }
        Ok(ScaledBasis {
            num: n,
            den: d,
            dims,
            dynamic: None,
        })
    }

    /// `?@dims`: a basis with a run-time coefficient.
    pub fn run_time(coefficient: DynInt, dims: Vec<u32>) -> Result<Self, Cond> {
        Ok(ScaledBasis { dynamic: Some(coefficient), ..ScaledBasis::new(1, 1, dims)? })
    }

    /// The integral count, or why there is none.
    pub fn integral_count(&self) -> Result<i64, Cond> {
        if let Some(d) = self.dynamic {
            return Err(format!("basis coefficient `{d}` is run-time"));
        }
        if self.den == 1 {
            Ok(self.num)
        } else {
            Err(format!(
                "basis count {}/{} is not integral after normalization",
                self.num, self.den
            ))
        }
    }
}

pub(crate) fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// A leaf of an [`IntTuple`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Leaf {
    Int(i64),
    Dyn(DynInt),
    Basis(Box<ScaledBasis>),
    Underscore,
}

/// A hierarchical integer tuple (shape, stride, coordinate, profile).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTuple {
    Leaf(Leaf),
    Tuple(Vec<IntTuple>),
}

impl IntTuple {
    #[inline]
    pub fn int(v: i64) -> Self {
        IntTuple::Leaf(Leaf::Int(v))
    }

    pub fn dynamic(d: DynInt) -> Self {
        IntTuple::Leaf(Leaf::Dyn(d))
    }

    pub fn tuple(items: Vec<IntTuple>) -> Self {
        IntTuple::Tuple(items)
    }

    #[inline]
    pub fn is_leaf(&self) -> bool {
        matches!(self, IntTuple::Leaf(_))
    }

    /// The static integer value of a leaf.
    #[inline]
    pub fn as_int(&self) -> Option<i64> {
        match self {
            IntTuple::Leaf(Leaf::Int(v)) => Some(*v),
            _ => None,
        }
    }

    /// Number of top-level modes (a leaf has rank 1, as in CuTe).
    pub fn rank(&self) -> usize {
        match self {
            IntTuple::Leaf(_) => 1,
            IntTuple::Tuple(v) => v.len(),
        }
    }

    /// Nesting depth (a leaf has depth 0).
    pub fn depth(&self) -> usize {
        match self {
            IntTuple::Leaf(_) => 0,
            IntTuple::Tuple(v) => 1 + v.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// Mode `i` (a leaf is its own mode 0).
    pub fn mode(&self, i: usize) -> Option<&IntTuple> {
        match self {
            IntTuple::Leaf(_) if i == 0 => Some(self),
            IntTuple::Leaf(_) => None,
            IntTuple::Tuple(v) => v.get(i),
        }
    }

    /// Appends the leaves in left-to-right order.
    pub fn leaves_into<'a>(&'a self, out: &mut Vec<&'a Leaf>) {
        match self {
            IntTuple::Leaf(l) => out.push(l),
            IntTuple::Tuple(v) => v.iter().for_each(|t| t.leaves_into(out)),
        }
    }

    pub fn leaves(&self) -> Vec<&Leaf> {
        let mut out = Vec::new();
        self.leaves_into(&mut out);
        out
    }

    /// The flattened tuple (a leaf stays a leaf, as CuTe's `flatten`).
    pub fn flatten(&self) -> IntTuple {
        match self {
            IntTuple::Leaf(_) => self.clone(),
            IntTuple::Tuple(_) => IntTuple::Tuple(
                self.leaves()
                    .into_iter()
                    .cloned()
                    .map(IntTuple::Leaf)
                    .collect(),
            ),
        }
    }

    /// Same tree shape (tuple structure) as `other`.
    pub fn congruent(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (IntTuple::Leaf(_), IntTuple::Leaf(_)) => true,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// `self` is a coarsening of `other` (a leaf matches any subtree).
    pub fn weakly_congruent(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (IntTuple::Leaf(_), _) => true,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.weakly_congruent(y))
            }
            _ => false,
        }
    }

    /// True if every leaf is a static integer.
    pub fn is_static(&self) -> bool {
        match self {
            IntTuple::Leaf(Leaf::Int(_)) => true,
            IntTuple::Leaf(_) => false,
            IntTuple::Tuple(v) => v.iter().all(IntTuple::is_static),
        }
    }

    /// True if some leaf satisfies `pred` (without collecting the leaves:
    /// the algebra asks this of every operand).
    pub fn any_leaf(&self, pred: &impl Fn(&Leaf) -> bool) -> bool {
        match self {
            IntTuple::Leaf(l) => pred(l),
            IntTuple::Tuple(v) => v.iter().any(|t| t.any_leaf(pred)),
        }
    }

    /// Calls `f` on every leaf, left to right, without allocating.
    pub fn try_for_each_leaf<E>(
        &self,
        f: &mut impl FnMut(&Leaf) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            IntTuple::Leaf(l) => f(l),
            IntTuple::Tuple(v) => v.iter().try_for_each(|t| t.try_for_each_leaf(f)),
        }
    }

    /// Applies `f` to every leaf, keeping the structure.
    pub fn try_map_leaves<E>(
        &self,
        f: &mut impl FnMut(&Leaf) -> Result<Leaf, E>,
    ) -> Result<IntTuple, E> {
        Ok(match self {
            IntTuple::Leaf(l) => IntTuple::Leaf(f(l)?),
            IntTuple::Tuple(v) => IntTuple::Tuple(
                v.iter()
                    .map(|t| t.try_map_leaves(f))
                    .collect::<Result<_, _>>()?,
            ),
        })
    }
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        IntTuple::int(v)
    }
}

impl fmt::Display for DynInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut attrs = Vec::new();
        if self.divisibility > 1 {
            attrs.push(format!("div={}", self.divisibility));
        }
        if self.max > 0 {
            attrs.push(format!("max={}", self.max));
        }
        if self.wide {
            attrs.push("i64".to_string());
        }
        if attrs.is_empty() {
            write!(f, "?")
        } else {
            write!(f, "?{{{}}}", attrs.join(","))
        }
    }
}

impl fmt::Display for ScaledBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(d) = self.dynamic {
            write!(f, "{d}")?;
        } else if self.den == 1 {
            write!(f, "{}", self.num)?;
        } else {
            write!(f, "{}/{}", self.num, self.den)?;
        }
        self.dims.iter().try_for_each(|d| write!(f, "@{d}"))
    }
}

impl fmt::Display for Leaf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Leaf::Int(v) => write_int(f, *v),
            Leaf::Dyn(d) => d.fmt(f),
            Leaf::Basis(b) => b.fmt(f),
            Leaf::Underscore => f.write_str("_"),
        }
    }
}

/// `v` in decimal, straight to the formatter: printing specs is on the
/// verifier's path (every inferred type is printed and uniqued), and
/// `write!` through `fmt::Arguments` and `pad_integral` cost more than the
/// digits (issue 33). Like the `write!(f, "{v}")` it replaces, it ignores
/// the outer formatter's width and fill.
fn write_int(f: &mut fmt::Formatter<'_>, v: i64) -> fmt::Result {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if v < 0 {
        f.write_str("-")?;
    }
    // Only ASCII digits were written.
    f.write_str(std::str::from_utf8(&buf[i..]).unwrap_or_default())
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntTuple::Leaf(l) => l.fmt(f),
            IntTuple::Tuple(v) => {
                f.write_str("(")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    t.fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A CuTe layout: congruent shape and stride trees.
///
/// Invariants (checked by [`Layout::new`]): the trees are congruent, shape
/// leaves are non-negative integers or dynamic, stride leaves are integers,
/// dynamic, or scaled bases. `_` appears in neither.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: IntTuple,
    stride: IntTuple,
}

impl Layout {
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout, LayoutError> {
        Self::check(&shape, &stride).map_err(|c| {
            LayoutError::new(
                "make_layout",
                vec![shape.to_string(), stride.to_string()],
                c,
            )
        })?;
        Ok(Layout { shape, stride })
    }

    fn check(shape: &IntTuple, stride: &IntTuple) -> Result<(), Cond> {
        match (shape, stride) {
            (IntTuple::Leaf(s), IntTuple::Leaf(d)) => {
                match s {
                    Leaf::Int(v) if *v < 0 => return Err(format!("shape leaf {v} is negative")),
                    Leaf::Int(_) | Leaf::Dyn(_) => {}
                    other => return Err(format!("shape leaf `{other}` must be an integer or `?`")),
                }
                if matches!(d, Leaf::Underscore) {
                    return Err("stride leaf `_` is not allowed".into());
                }
                Ok(())
            }
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) if a.len() == b.len() => {
                a.iter().zip(b).try_for_each(|(s, d)| Self::check(s, d))
            }
            _ => Err(format!(
                "shape {shape} and stride {stride} are not congruent"
            )),
        }
    }

    /// Internal constructor for trees that are congruent by construction.
    #[inline]
    pub(crate) fn from_parts(shape: IntTuple, stride: IntTuple) -> Layout {
        debug_assert!(shape.congruent(&stride));
        Layout { shape, stride }
    }

    #[inline]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    #[inline]
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    pub fn into_parts(self) -> (IntTuple, IntTuple) {
        (self.shape, self.stride)
    }

    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Mode `i` as a layout.
    pub fn mode(&self, i: usize) -> Option<Layout> {
        Some(Layout::from_parts(
            self.shape.mode(i)?.clone(),
            self.stride.mode(i)?.clone(),
        ))
    }

    /// The top-level modes as layouts (a rank-1 leaf layout is its own mode).
    pub fn modes(&self) -> Vec<Layout> {
        (0..self.rank()).filter_map(|i| self.mode(i)).collect()
    }

    /// Builds a tuple layout whose modes are `modes`.
    pub fn from_modes(modes: Vec<Layout>) -> Layout {
        let (mut s, mut d) = (Vec::with_capacity(modes.len()), Vec::with_capacity(modes.len()));
        for m in modes {
            s.push(m.shape);
            d.push(m.stride);
        }
        Layout::from_parts(IntTuple::Tuple(s), IntTuple::Tuple(d))
    }

    /// The rank-2 layout `(a, b)`.
    pub fn pair(a: Layout, b: Layout) -> Layout {
        Layout::from_parts(
            IntTuple::Tuple(vec![a.shape, b.shape]),
            IntTuple::Tuple(vec![a.stride, b.stride]),
        )
    }

    /// `s:d` for a single leaf.
    #[inline]
    pub fn leaf(s: i64, d: i64) -> Layout {
        Layout::from_parts(IntTuple::int(s), IntTuple::int(d))
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt(f)?;
        f.write_str(":")?;
        self.stride.fmt(f)
    }
}

/// A by-mode tiler `[T0;T1;...]` (CuTe `Tile`), or one of its elements.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiler {
    /// A layout element, e.g. `4:2`.
    Layout(Layout),
    /// A shape element: an integer `n` means the layout `make_layout(n)`, a
    /// tuple applies by-mode to the sub-modes.
    Shape(IntTuple),
    /// `_`: leave the mode as it is.
    Underscore,
    /// `[T0;T1;...]`: one tiler per mode.
    ByMode(Vec<Tiler>),
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Shape(s) => write!(f, "{s}"),
            Tiler::Underscore => f.write_str("_"),
            Tiler::ByMode(v) => {
                f.write_str("[")?;
                for (i, t) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(";")?;
                    }
                    write!(f, "{t}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// Static size of a flattened mode list; used by several algorithms.
pub(crate) fn product(values: impl IntoIterator<Item = i64>) -> Result<i64, Cond> {
    values.into_iter().try_fold(1i64, arith::mul)
}
