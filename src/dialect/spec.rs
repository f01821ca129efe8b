//! Validity rules of the static values carried by cute types, per kind.
//!
//! Pure functions over [`crate::layout`] (no MLIR): the C++ type parser calls
//! [`canonicalize`] through `cute_rs_canonicalize`, and the op verifiers use
//! the rest. The layout module parses; this module adds what each kind of
//! type demands of its leaves (e.g. shape extents are positive).

use super::SpecKind;
use crate::layout::{
    parse_composed_layout, parse_int_tuple, parse_layout, parse_swizzle, parse_tiler, ComposedLayout,
    IntTuple, Layout, Leaf, Tiler,
};

/// What a leaf is, for diagnostics.
fn leaf_kind(leaf: &Leaf) -> &'static str {
    match leaf {
        Leaf::Int(_) => "an integer",
        Leaf::Dyn(_) => "a dynamic leaf",
        Leaf::Basis(_) => "a scaled basis",
        Leaf::Underscore => "'_'",
    }
}

/// Checks every leaf of `tuple` with `allowed`, naming the first bad leaf.
fn check_leaves(
    tuple: &IntTuple,
    what: &str,
    allowed: impl Fn(&Leaf) -> Result<(), &'static str>,
) -> Result<(), String> {
    for (index, leaf) in tuple.leaves().into_iter().enumerate() {
        if let Err(rule) = allowed(leaf) {
            return Err(format!("{what} leaf #{index} ({leaf}) is {}: {rule}", leaf_kind(leaf)));
        }
    }
    Ok(())
}

fn shape_leaf(leaf: &Leaf) -> Result<(), &'static str> {
    match leaf {
        Leaf::Int(v) if *v > 0 => Ok(()),
        Leaf::Int(_) => Err("shape extents must be positive"),
        Leaf::Dyn(_) => Ok(()),
        _ => Err("a shape holds positive integers or '?'"),
    }
}

fn stride_leaf(leaf: &Leaf) -> Result<(), &'static str> {
    match leaf {
        Leaf::Underscore => Err("a stride holds integers, '?' or N@dim bases"),
        _ => Ok(()),
    }
}

fn int_tuple_leaf(leaf: &Leaf) -> Result<(), &'static str> {
    match leaf {
        Leaf::Underscore => Err("'_' is only allowed in coords and tiles"),
        _ => Ok(()),
    }
}

fn coord_leaf(leaf: &Leaf) -> Result<(), &'static str> {
    match leaf {
        Leaf::Int(v) if *v < 0 => Err("coordinates are non-negative"),
        Leaf::Basis(_) => Err("a coord holds integers, '?' or '_'"),
        _ => Ok(()),
    }
}

/// Parsed specs, by text. Types are uniqued per context, so verifying and
/// inferring a module asks for the same few specs again and again (43 call
/// sites); the cache is keyed by the text itself, never by the address of a
/// type's storage, so it stays right across contexts. One cache for the
/// process, not one per thread: MLIR verifies functions on its worker
/// threads, which then find the specs the parser (on the caller's thread)
/// put there (issue 33: per-thread caches of 4096 entries missed on every
/// worker and thrashed on a 29k-op module). Bounded: cleared when full.
/// `benches/verify_cache.rs` and `benches/verify_overhead.rs` measure it.
mod cache {
    use std::{
        collections::HashMap,
        hash::{BuildHasherDefault, Hasher},
        sync::{
            atomic::{AtomicBool, Ordering},
            RwLock,
        },
    };

    const CAPACITY: usize = 1 << 16;

    /// FxHash (rustc's): the keys are short spec texts from our own
    /// types, so a fast non-cryptographic hash is right; SipHash cost
    /// more than the lookups it guarded.
    #[derive(Default)]
    pub struct Fx(u64);

    impl Hasher for Fx {
        fn write(&mut self, bytes: &[u8]) {
            for chunk in bytes.chunks(8) {
                let mut word = [0u8; 8];
                word[..chunk.len()].copy_from_slice(chunk);
                self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
            }
        }

        fn finish(&self) -> u64 {
            self.0
        }
    }

    pub struct Cache<T> {
        entries: RwLock<Option<HashMap<String, Result<T, String>, BuildHasherDefault<Fx>>>>,
    }

    impl<T: Clone> Cache<T> {
        pub const fn new() -> Self {
            Cache { entries: RwLock::new(None) }
        }

        pub fn get_or(&self, text: &str, parse: impl FnOnce(&str) -> Result<T, String>) -> Result<T, String> {
            if !enabled() {
                return parse(text);
            }
            if let Some(hit) = self.entries.read().unwrap_or_else(|e| e.into_inner()).as_ref().and_then(|m| m.get(text)) {
                return hit.clone();
            }
            // Parsed outside the lock: two threads may both parse a new
            // spec, and both get the same value.
            let parsed = parse(text);
            let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
            let map = entries.get_or_insert_with(HashMap::default);
            if map.len() >= CAPACITY {
                map.clear();
            }
            map.insert(text.to_string(), parsed.clone());
            parsed
        }
    }

    static ENABLED: AtomicBool = AtomicBool::new(true);

    pub fn enabled() -> bool {
        ENABLED.load(Ordering::Relaxed)
    }

    pub fn set_enabled(on: bool) {
        ENABLED.store(on, Ordering::Relaxed);
    }
}

/// Turns the parsed-spec cache on or off (benchmarks only: it is on by
/// default and never changes a result).
pub fn set_spec_cache(enabled: bool) {
    cache::set_enabled(enabled);
}

static LAYOUTS: cache::Cache<std::sync::Arc<Layout>> = cache::Cache::new();
static TUPLES: cache::Cache<IntTuple> = cache::Cache::new();

/// A layout whose static size or offsets leave 64-bit integers is refused
/// (issue 35), never wrapped.
fn fits(layout: &Layout) -> Result<(), String> {
    crate::layout::check_static_extent(layout).map_err(|e| format!("too large: {e}"))
}

/// Parses a layout and checks its shape and stride leaves.
pub fn parse_checked_layout(text: &str) -> Result<Layout, String> {
    parse_checked_layout_shared(text).map(|l| (*l).clone())
}

/// [`parse_checked_layout`], shared with the cache: type inference reads
/// operand layouts it only borrows, and a clone of the tree on every
/// lookup was a tenth of verification (issue 33, docs/compile.md).
pub fn parse_checked_layout_shared(text: &str) -> Result<std::sync::Arc<Layout>, String> {
    LAYOUTS.get_or(text, |t| parse_layout_uncached(t).map(std::sync::Arc::new))
}

fn parse_layout_uncached(text: &str) -> Result<Layout, String> {
    let layout = parse_layout(text).map_err(|e| e.to_string())?;
    check_leaves(layout.shape(), "shape", shape_leaf)?;
    check_leaves(layout.stride(), "stride", stride_leaf)?;
    stride_kind(layout.stride())?;
    fits(&layout)?;
    Ok(layout)
}

/// Parses a swizzled composed layout (`S<B,M,S> o offset o layout`, the
/// form the algebra and the lowering work on) and checks its outer layout.
/// NVIDIA's other forms (a layout inner part, a run-time or tuple offset)
/// are valid types but named as not supported here.
pub fn parse_checked_composed(text: &str) -> Result<ComposedLayout, String> {
    let composed = match parse_composed_layout(text) {
        Ok(c) => c,
        Err(e) => {
            if parse_checked_general_composed(text).is_ok() {
                return Err(format!(
                    "the composed layout {text} has a layout inner part or a run-time offset; this operation takes a swizzled one, S<B,M,S> o offset o layout"
                ));
            }
            return Err(e.to_string());
        }
    };
    check_leaves(composed.layout.shape(), "shape", shape_leaf)?;
    check_leaves(composed.layout.stride(), "stride", stride_leaf)?;
    fits(&composed.layout)?;
    Ok(composed)
}

/// Parses any composed layout of NVIDIA's notation (`inner o offset o
/// outer`, the inner part a swizzle or a layout) and checks its layouts.
pub fn parse_checked_general_composed(text: &str) -> Result<crate::layout::GeneralComposed, String> {
    let composed = crate::layout::parse_general_composed(text).map_err(|e| e.to_string())?;
    check_leaves(composed.layout.shape(), "shape", shape_leaf)?;
    check_leaves(composed.layout.stride(), "stride", stride_leaf)?;
    fits(&composed.layout)?;
    if let crate::layout::ComposedInner::Layout(inner) = &composed.inner {
        check_leaves(inner.shape(), "shape", shape_leaf)?;
        check_leaves(inner.stride(), "stride", stride_leaf)?;
        fits(inner)?;
        composed_stride_kind(inner, "inner")?;
    }
    // The offset adds to the outer layout's values: a scalar for integer
    // strides, a tuple for basis strides; a swizzle acts on integers only.
    let basis = composed_stride_kind(&composed.layout, "outer")?;
    if basis && matches!(composed.inner, crate::layout::ComposedInner::Swizzle(_)) {
        return Err(format!("{text}: a swizzle composes with integer strides, not the basis strides of {}", composed.layout));
    }
    // A nonzero scalar does not add to the coordinates basis strides make.
    if basis && composed.offset.is_leaf() && composed.offset.as_int().is_none_or(|v| v != 0) {
        return Err(format!("{text}: the offset {} does not add to the basis values of {}", composed.offset, composed.layout));
    }
    // A layout inner part takes `offset + outer(c)` as its coordinate: a
    // scalar or a tuple weakly congruent to its shape (NVIDIA's rule).
    if let (true, crate::layout::ComposedInner::Layout(inner)) = (basis, &composed.inner) {
        let zero = crate::layout::crd2idx_tuple(&IntTuple::int(0), &composed.layout).map_err(|e| e.to_string())?;
        let sum = if composed.offset.is_leaf() {
            zero
        } else {
            crate::layout::tuple_ops::tuple_arith(crate::layout::tuple_ops::TupleOp::Add, &zero, &composed.offset).map_err(|e| e.to_string())?
        };
        if !sum.is_leaf() && !sum.weakly_congruent(inner.shape()) {
            return Err(format!(
                "{text}: the inner layout's coordinate offset + outer(c), like {sum}, is neither a scalar nor weakly congruent to its shape {}",
                inner.shape()
            ));
        }
    }
    Ok(composed)
}

/// Whether a composed layout's part has basis strides (true) or integer
/// ones (false), under [`stride_kind`]'s rules.
fn composed_stride_kind(l: &Layout, part: &str) -> Result<bool, String> {
    stride_kind(l.stride()).map_err(|e| format!("the {part} layout {l}: {e}"))
}

/// Whether strides are basis strides (true) or integers (false): integers
/// and bases do not mix (zeros may), bases have integral counts, and no
/// basis path (outermost index first) ends where another continues
/// (NVIDIA's CuTe IR rules for strides).
pub fn stride_kind(stride: &IntTuple) -> Result<bool, String> {
    let leaves = stride.leaves();
    let bases: Vec<&crate::layout::ScaledBasis> = leaves.iter().filter_map(|leaf| match leaf {
        Leaf::Basis(b) => Some(b.as_ref()),
        _ => None,
    }).collect();
    let zeros = leaves.iter().filter(|leaf| matches!(leaf, Leaf::Int(0))).count();
    if bases.is_empty() {
        return Ok(false);
    }
    if bases.len() + zeros != leaves.len() {
        return Err(format!("expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed), but got \"{stride}\""));
    }
    if bases.iter().any(|b| b.den != 1) {
        return Err(format!("expects scaled-basis strides to have integer values, not ratios, but got \"{stride}\""));
    }
    let paths: Vec<Vec<u32>> = bases.iter().map(|b| b.dims.iter().rev().copied().collect()).collect();
    for a in &paths {
        if paths.iter().any(|b| b.len() > a.len() && b.starts_with(a)) {
            return Err(format!("expects scaled-basis paths to agree on mode-index depth (no path may terminate at a node that another path continues through), but got \"{stride}\""));
        }
    }
    Ok(true)
}

/// Parses a tile: a by-mode tiler `[T0;T1;...]` or a shape.
pub fn parse_checked_tile(text: &str) -> Result<Tiler, String> {
    let trimmed = text.trim();
    if trimmed.starts_with('[') {
        // Every layout slot follows the stride rules of !cute.layout.
        fn check(t: &Tiler) -> Result<(), String> {
            match t {
                Tiler::Layout(l) => stride_kind(l.stride()).map(|_| ()),
                Tiler::ByMode(v) => v.iter().try_for_each(check),
                _ => Ok(()),
            }
        }
        let tiler = parse_tiler(text).map_err(|e| e.to_string())?;
        check(&tiler)?;
        Ok(tiler)
    } else if trimmed == "_" {
        // One slot that keeps its mode (NVIDIA's `!cute.tile<"_">`).
        Ok(Tiler::Underscore)
    } else if trimmed.contains(':') {
        // One layout slot (NVIDIA's `!cute.tile<"(4,8):(1,4)">`).
        Ok(Tiler::Layout(parse_checked_layout(text)?))
    } else {
        Ok(Tiler::Shape(parse_checked_tuple(SpecKind::Shape, text)?))
    }
}

/// The tiler an operand of `kind` (layout, tile or shape) spells, shared
/// with a cache: the tiling ops' inference only borrows it, and a tile was
/// parsed again on every op (issue 33). A layout tiler is made once from
/// the layout cache's entry, not parsed a second time.
pub fn parse_checked_tiler_shared(kind: SpecKind, text: &str) -> Result<std::sync::Arc<Tiler>, String> {
    use std::sync::Arc;
    match kind {
        SpecKind::Layout => LAYOUT_TILERS.get_or(text, |t| Ok(Arc::new(Tiler::Layout((*parse_checked_layout_shared(t)?).clone())))),
        SpecKind::Tile => TILES.get_or(text, |t| parse_checked_tile(t).map(Arc::new)),
        SpecKind::Shape => Ok(Arc::new(Tiler::Shape(parse_checked_tuple(SpecKind::Shape, text)?))),
        _ => Err(format!("a !cute.{} is not a tiler", kind.mnemonic())),
    }
}

static LAYOUT_TILERS: cache::Cache<std::sync::Arc<Tiler>> = cache::Cache::new();
static TILES: cache::Cache<std::sync::Arc<Tiler>> = cache::Cache::new();

/// Parses an int-tuple of `kind` (not a layout) and checks its leaves.
pub fn parse_checked_tuple(kind: SpecKind, text: &str) -> Result<IntTuple, String> {
    // The leaf rules differ per kind, so the cache holds the bare parse.
    let tuple = TUPLES.get_or(text, |t| parse_int_tuple(t).map_err(|e| e.to_string()))?;
    let rule = match kind {
        SpecKind::Shape => shape_leaf,
        SpecKind::Stride => stride_leaf,
        SpecKind::Coord => coord_leaf,
        _ => int_tuple_leaf,
    };
    check_leaves(&tuple, kind.mnemonic(), rule)?;
    if kind == SpecKind::Stride {
        stride_kind(&tuple)?;
    }
    Ok(tuple)
}

/// Canonicalizes the unquoted spelling of a spec (`!cute.layout<<8:1, 4:8>>`,
/// `!cute.coord<2>`). A bare integer there is the spec's rank notation
/// (spec 000: `!cute.coord<2>` is a rank-2 run-time coordinate): a tuple of
/// that many `?` leaves, or for a layout that many `?:?` modes. The quoted
/// form keeps its meaning (`!cute.coord<"2">` is the static coordinate 2).
pub fn canonicalize_unquoted(kind: SpecKind, text: &str) -> Result<String, String> {
    let body = text.trim();
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return canonicalize(kind, text);
    }
    let rank: usize = body.parse().map_err(|_| format!("rank {body} is too large"))?;
    if !(1..=64).contains(&rank) {
        return Err(format!(
            "an unquoted integer is a rank (spec 000: !cute.coord<2> is a rank-2 run-time coordinate), \
             and rank {rank} is not in 1..=64; quote the body for a static value (<\"{body}\">)"
        ));
    }
    let leaves = vec!["?"; rank].join(",");
    let spec = match kind {
        SpecKind::Layout => format!("({leaves}):({leaves})"),
        kind if kind.is_tuple() && kind != SpecKind::Tile => format!("({leaves})"),
        _ => {
            return Err(format!(
                "an unquoted integer is a rank, which !cute.{} has not; quote the body (<\"{body}\">)",
                kind.mnemonic()
            ))
        }
    };
    canonicalize(kind, &spec)
}

/// Parses `text` as a value of `kind` and returns its canonical notation.
pub fn canonicalize(kind: SpecKind, text: &str) -> Result<String, String> {
    // Every type the parser reads, and every type inference builds, comes
    // here: a module repeats its specs, so the canonical text is memoized.
    let index = SpecKind::ALL.iter().position(|k| *k == kind).expect("a kind of ALL");
    CANONICAL[index].get_or(text, |t| canonicalize_uncached(kind, t))
}

static CANONICAL: [cache::Cache<String>; SpecKind::ALL.len()] = [const { cache::Cache::new() }; SpecKind::ALL.len()];

fn canonicalize_uncached(kind: SpecKind, text: &str) -> Result<String, String> {
    match kind {
        SpecKind::Layout => Ok(parse_checked_layout(text)?.to_string()),
        SpecKind::Swizzle => Ok(parse_swizzle(text).map_err(|e| e.to_string())?.to_string()),
        SpecKind::ComposedLayout => Ok(parse_checked_general_composed(text)?.to_string()),
        SpecKind::Tile => Ok(parse_checked_tile(text)?.to_string()),
        SpecKind::Basis => Ok(crate::layout::parse_descriptor(text).map_err(|e| e.to_string())?.to_string()),
        _ => Ok(parse_checked_tuple(kind, text)?.to_string()),
    }
}

/// The bit width of each run-time leaf of a spec, in operand order (the
/// order [`count_dynamic`] counts): 64 for `?{i64}`, else 32.
pub fn dynamic_leaf_widths(kind: SpecKind, text: &str) -> Result<Vec<u32>, String> {
    fn of(t: &IntTuple, out: &mut Vec<u32>) {
        for leaf in t.leaves() {
            match leaf {
                Leaf::Dyn(d) => out.push(if d.wide { 64 } else { 32 }),
                Leaf::Basis(b) => {
                    if let Some(d) = b.dynamic {
                        out.push(if d.wide { 64 } else { 32 });
                    }
                }
                _ => {}
            }
        }
    }
    fn tiler(t: &Tiler, out: &mut Vec<u32>) {
        match t {
            Tiler::Layout(l) => {
                of(l.shape(), out);
                of(l.stride(), out);
            }
            Tiler::Shape(s) => of(s, out),
            Tiler::Underscore => {}
            Tiler::ByMode(v) => v.iter().for_each(|t| tiler(t, out)),
        }
    }
    let mut out = Vec::new();
    match kind {
        SpecKind::Tile => tiler(&parse_checked_tile(text)?, &mut out),
        SpecKind::Layout => {
            let l = parse_checked_layout(text)?;
            of(l.shape(), &mut out);
            of(l.stride(), &mut out);
        }
        kind if kind.is_tuple() => of(&parse_checked_tuple(kind, text)?, &mut out),
        _ => {}
    }
    Ok(out)
}

/// `?` leaves, run-time basis coefficients (`?@0`) included.
fn dynamic_leaves(tuple: &IntTuple) -> usize {
    tuple
        .leaves()
        .into_iter()
        .filter(|leaf| match leaf {
            Leaf::Dyn(_) => true,
            Leaf::Basis(b) => b.dynamic.is_some(),
            _ => false,
        })
        .count()
}

fn layout_dynamic_leaves(layout: &Layout) -> usize {
    dynamic_leaves(layout.shape()) + dynamic_leaves(layout.stride())
}

fn tiler_dynamic_leaves(tiler: &Tiler) -> usize {
    match tiler {
        Tiler::Layout(layout) => layout_dynamic_leaves(layout),
        Tiler::Shape(shape) => dynamic_leaves(shape),
        Tiler::Underscore => 0,
        Tiler::ByMode(modes) => modes.iter().map(tiler_dynamic_leaves).sum(),
    }
}

/// True if a (valid) spec of `kind` has no dynamic `?` leaf, i.e. the value
/// is fully described by its type.
pub fn is_static(kind: SpecKind, text: &str) -> Result<bool, String> {
    Ok(count_dynamic(kind, text)? == 0)
}

/// True if the value `to` is `from` with zero or more static leaves made
/// dynamic (both of kind `kind`).
/// Whether a declared result type `to` may stand for the inferred `from`:
/// `to` forgets static leaves of `from` (a derefinement), or, for layouts,
/// both are the same function (spec 001 "Algebra Rules", 004: equivalent
/// layouts compare equal after canonicalisation): fully static, the same
/// size, and equal after `coalesce`. The `filter_zeros` half of the spec's
/// canonicalisation is not applied here: dropping stride-0 modes changes the
/// domain (the size), so such layouts are different values for a verifier
/// (docs/dialect-decisions.md).
pub fn is_compatible_result(kind: SpecKind, from: &str, to: &str) -> Result<bool, String> {
    if is_derefinement(kind, from, to)? {
        return Ok(true);
    }
    if kind != SpecKind::Layout {
        return Ok(false);
    }
    let (a, b) = (parse_checked_layout(from)?, parse_checked_layout(to)?);
    // The stride of an extent-1 mode is never used: layouts that differ
    // only there are the same function (CuTe's algebra leaves 0 there, the
    // complement's stride in NVIDIA's IR).
    if let (Some(a0), Some(b0)) = (unit_strides_zeroed(&a), unit_strides_zeroed(&b)) {
        if a0 != a || b0 != b {
            use crate::layout::tuple_ops::is_derefinement as tuple_derefines;
            if tuple_derefines(a0.shape(), b0.shape()) && tuple_derefines(a0.stride(), b0.stride()) {
                return Ok(true);
            }
        }
    }
    let fully_static = |l: &Layout| {
        l.shape().leaves().iter().chain(l.stride().leaves().iter()).all(|leaf| matches!(leaf, Leaf::Int(_)))
    };
    if !fully_static(&a) || !fully_static(&b) {
        return Ok(false);
    }
    let size = |l: &Layout| crate::layout::size(l).ok().and_then(|s| s.as_int());
    let coalesced = |l: &Layout| crate::layout::coalesce(l).ok();
    Ok(size(&a).is_some() && size(&a) == size(&b) && coalesced(&a).is_some() && coalesced(&a) == coalesced(&b))
}

/// `l` with the stride of every extent-1 leaf made 0.
fn unit_strides_zeroed(l: &Layout) -> Option<Layout> {
    fn walk(s: &IntTuple, d: &IntTuple) -> Option<IntTuple> {
        match (s, d) {
            (IntTuple::Leaf(Leaf::Int(1)), IntTuple::Leaf(_)) => Some(IntTuple::int(0)),
            (IntTuple::Leaf(_), IntTuple::Leaf(_)) => Some(d.clone()),
            (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) if ss.len() == ds.len() => {
                ss.iter().zip(ds).map(|(s, d)| walk(s, d)).collect::<Option<Vec<_>>>().map(IntTuple::Tuple)
            }
            _ => None,
        }
    }
    Some(Layout::from_parts(l.shape().clone(), walk(l.shape(), l.stride())?))
}

pub fn is_derefinement(kind: SpecKind, from: &str, to: &str) -> Result<bool, String> {
    use crate::layout::tuple_ops::is_derefinement as tuple_derefines;
    Ok(match kind {
        SpecKind::Layout => {
            let (a, b) = (parse_checked_layout(from)?, parse_checked_layout(to)?);
            tuple_derefines(a.shape(), b.shape()) && tuple_derefines(a.stride(), b.stride())
        }
        SpecKind::ComposedLayout => {
            let (a, b) = (parse_checked_general_composed(from)?, parse_checked_general_composed(to)?);
            a.inner == b.inner
                && tuple_derefines(&a.offset, &b.offset)
                && tuple_derefines(a.layout.shape(), b.layout.shape())
                && tuple_derefines(a.layout.stride(), b.layout.stride())
        }
        kind if kind.is_tuple() && kind != SpecKind::Tile => {
            tuple_derefines(&parse_checked_tuple(kind, from)?, &parse_checked_tuple(kind, to)?)
        }
        _ => from == to,
    })
}

/// Number of dynamic `?` leaves of a spec of `kind`: the SSA operands its
/// constructor takes.
pub fn count_dynamic(kind: SpecKind, text: &str) -> Result<usize, String> {
    Ok(match kind {
        SpecKind::Layout => layout_dynamic_leaves(&parse_checked_layout(text)?),
        SpecKind::ComposedLayout => {
            let c = parse_checked_general_composed(text)?;
            let inner = match &c.inner {
                crate::layout::ComposedInner::Layout(l) => layout_dynamic_leaves(l),
                crate::layout::ComposedInner::Swizzle(_) => 0,
            };
            layout_dynamic_leaves(&c.layout) + dynamic_leaves(&c.offset) + inner
        }
        SpecKind::Swizzle | SpecKind::Basis => 0,
        SpecKind::Tile => tiler_dynamic_leaves(&parse_checked_tile(text)?),
        _ => dynamic_leaves(&parse_checked_tuple(kind, text)?),
    })
}

/// Splits a layout spec into its canonical shape and stride specs.
pub fn split_layout(text: &str) -> Result<(String, String), String> {
    let layout = parse_checked_layout(text)?;
    Ok((layout.shape().to_string(), layout.stride().to_string()))
}

/// The canonical layout `shape:stride`, if the two are congruent.
pub fn join_layout(shape: &str, stride: &str) -> Result<String, String> {
    let shape = parse_checked_tuple(SpecKind::Shape, shape)?;
    let stride = parse_checked_tuple(SpecKind::Stride, stride)?;
    Ok(Layout::new(shape, stride).map_err(|e| e.to_string())?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        assert_eq!(canonicalize(SpecKind::Layout, "((2, 4), 4) : ((1, 16), 8)").unwrap(), "((2,4),4):((1,16),8)");
        assert_eq!(canonicalize(SpecKind::Layout, "<8:1, 4:8>").unwrap(), "(8,4):(1,8)");
        assert_eq!(canonicalize(SpecKind::Shape, "(?, 128)").unwrap(), "(?,128)");
        assert_eq!(canonicalize(SpecKind::Coord, "(_,1)").unwrap(), "(_,1)");
        assert_eq!(canonicalize(SpecKind::Stride, "(1@0,1@1)").unwrap(), "(1@0,1@1)");
    }

    #[test]
    fn leaf_rules() {
        let err = canonicalize(SpecKind::Shape, "(4,0)").unwrap_err();
        assert!(err.contains("shape extents must be positive"), "{err}");
        let err = canonicalize(SpecKind::Layout, "(4,-2):(1,4)").unwrap_err();
        assert!(err.contains("shape leaf"), "{err}");
        assert!(canonicalize(SpecKind::Stride, "(1,_)").is_err());
        assert!(canonicalize(SpecKind::Coord, "(-1,0)").is_err());
    }

    #[test]
    fn dynamic_counts_and_joins() {
        assert_eq!(count_dynamic(SpecKind::Shape, "(?,(4,?{div=8}))").unwrap(), 2);
        assert_eq!(split_layout("(?,4):(1,?)").unwrap(), ("(?,4)".to_string(), "(1,?)".to_string()));
        assert_eq!(join_layout("(2,4)", "(1,2)").unwrap(), "(2,4):(1,2)");
        assert!(join_layout("(2,4)", "((1,2),2)").is_err());
    }
}
