//! Result-type inference of the `cute` ops: the InferTypeOpInterface of every
//! `Cute_InferredOp` (ODS) lands here through `cute_rs_infer_types`.
//!
//! The inputs are the operands' static values (their types' specs) and the
//! op's attributes; the result is the kind and canonical spec of each result
//! type, computed by [`crate::layout`]. No MLIR here, so the rules are unit
//! tested directly, and the oracle corpus runs through the same function.

use super::{spec, SpecKind};
use crate::layout::{
    self,
    dynamic_tiling::{has_dynamic, has_run_time_leaf, tile, Tiling},
    mma_partition::{layout_tv as mma_layout_tv, partition_at, tile_mnk, MmaAtomLayouts, MmaOperand},
    partition::{local_partition, thread_partition_at, thread_tiler, tidfrg},
    tuple_ops::{has_dynamic_leaf, slice_layout, tuple_arith, TupleOp},
    upcast, DivMode, DynInt, IntTuple, Layout, Leaf, Swizzle, Tiler,
};

mod algebra;
mod atom;
mod construction;
mod memory;
mod partition;
mod tuple;

/// True if some leaf of `t` is a scaled basis (`1@0`).
fn has_basis_leaf(t: &IntTuple) -> bool {
    match t {
        IntTuple::Leaf(leaf) => matches!(leaf, Leaf::Basis(_)),
        IntTuple::Tuple(v) => v.iter().any(has_basis_leaf),
    }
}

/// An operand as inference sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand<'a> {
    /// A cute value type: its kind and canonical spec.
    Spec(SpecKind, &'a str),
    /// A `!cute.view`: its iterator type (printed), its layout's spec, and,
    /// for a pointer iterator, the element width and alignment (bits, bytes;
    /// 0 otherwise) that a partition's alignment derives from.
    View { iterator: String, layout: (SpecKind, &'a str), element_bits: u32, alignment: u64 },
    /// A `!cute.tiled_copy`: thread-value layout, tiler, and the atom's
    /// (reference, source, destination) thread-value layouts (empty when
    /// the atom does not describe them).
    /// `atom_layouts`: the atom's (reference, source, destination)
    /// `(thread, value) -> bit` layouts; `value_bits`: its element width.
    TiledCopy { layout_tv: &'a str, tiler: &'a str, atom_layouts: Vec<String>, value_bits: u32 },
    /// A `!cute.tiled_mma`: the atom's partitioning facts (None when the
    /// atom does not describe them) and the atom layout's spec.
    TiledMma { atom: Option<MmaAtomLayouts>, atom_layout: &'a str },
    /// An atom type (printed), e.g. the copy atom of `make_tiled_copy_A`.
    Atom(String),
    /// Any other type.
    Other,
}

/// How inference sees an operand type (views through their iterator and
/// layout, tiled copies through their atom's thread-value layouts).
pub fn operand<'c>(ty: melior::ir::Type<'c>) -> Operand<'c> {
    use super::{atoms, composite_parts, type_spec, Composite};
    if let Some((kind, spec)) = type_spec(ty) {
        return Operand::Spec(kind, spec);
    }
    let Some(parts) = composite_parts(ty) else {
        return if super::nvgpu::Atom::of(ty).is_some() { Operand::Atom(ty.to_string()) } else { Operand::Other };
    };
    let spec = |t: Option<melior::ir::Type<'c>>| t.and_then(type_spec);
    match parts.kind {
        Composite::View => {
            if let (Some(iterator), Some(layout)) = (parts.iterator, spec(parts.layout)) {
                let pointer = composite_parts(iterator).filter(|p| matches!(p.kind, Composite::Ptr));
                let (element_bits, alignment) = pointer
                    .and_then(|p| Some((super::types::storage_bits(p.element?), p.alignment)))
                    .unwrap_or((0, 0));
                return Operand::View { iterator: iterator.to_string(), layout, element_bits, alignment };
            }
        }
        Composite::TiledMma => {
            if let (Some(atom), Some((_, atom_layout))) = (parts.atom, spec(parts.layout)) {
                let atom = super::nvgpu::Atom::of(atom).as_ref().and_then(super::nvgpu::mma::atom_layouts);
                return Operand::TiledMma { atom, atom_layout };
            }
        }
        Composite::TiledCopy => {
            if let (Some(atom), Some((_, layout_tv)), Some((_, tiler))) = (parts.atom, spec(parts.layout), spec(parts.tiler)) {
                let (atom_layouts, value_bits) = match atoms::copy_atom_layouts(atom) {
                    Some((layouts, bits)) => (layouts.iter().map(ToString::to_string).collect(), bits),
                    None => (Vec::new(), 0),
                };
                return Operand::TiledCopy { layout_tv, tiler, atom_layouts, value_bits };
            }
        }
        _ => {}
    }
    Operand::Other
}

/// CuTe's `tidfrg_S` (`source`) or `tidfrg_D` of `tensor` under the tiled
/// copy `copy`: the tensor as `(thread, value, (rest...))`.
pub fn tiled_copy_tidfrg(copy: &Operand, source: bool, tensor: &Layout) -> Result<Layout, String> {
    let Operand::TiledCopy { layout_tv, tiler, atom_layouts, value_bits } = copy else {
        return Err("operand #0 must be a !cute.tiled_copy".into());
    };
    let [reference, src, dst] = &atom_layouts[..] else {
        return Err("the copy atom does not describe its thread-value layouts, so it cannot be partitioned".into());
    };
    if *value_bits == 0 {
        return Err("the copy atom's element type has no bit width, so it cannot be partitioned".into());
    }
    // The atom's layouts are in bits; CuTe's Copy_Atom reads them in
    // elements of its value type (`recast_layout<uint1_t, T>`).
    let elements = |text: &str| upcast(&spec::parse_checked_layout(text)?, i64::from(*value_bits)).map_err(err);
    let target = if source { src } else { dst };
    let layout_tv = spec::parse_checked_layout(layout_tv)?;
    let tiler = spec::parse_checked_tile(tiler)?;
    tidfrg(tensor, &layout_tv, &tiler, &elements(reference)?, &elements(target)?).map_err(err)
}

/// The element type of a view's pointer iterator (`!cute.ptr<T, ...>`).
fn fragment_element(iterator: &str, element_bits: u32) -> Result<String, String> {
    let inner = iterator.strip_prefix("!cute.ptr<").filter(|_| element_bits > 0).ok_or("the view's iterator must be a !cute.ptr")?;
    // The element type ends at the first top-level comma.
    let mut depth = 0;
    for (i, ch) in inner.char_indices() {
        match ch {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => return Ok(inner[..i].trim().to_string()),
            _ => {}
        }
    }
    Err(format!("cannot read the element type of {iterator}"))
}

/// The atom facts and atom layout of a `!cute.tiled_mma` operand.
fn tiled_mma(operand: Option<&Operand>) -> Result<(MmaAtomLayouts, Layout), String> {
    let Some(Operand::TiledMma { atom, atom_layout }) = operand else {
        return Err("expects a !cute.tiled_mma".into());
    };
    let atom = atom.clone().ok_or(
        "the MMA atom does not describe its thread-value layouts, so it cannot be partitioned (universal_fma and SM80/SM89 mma.sync can)",
    )?;
    Ok((atom, spec::parse_checked_layout(atom_layout)?))
}

/// A, B or C from an op's mnemonic suffix.
fn mma_operand(mnemonic: &str) -> MmaOperand {
    match mnemonic.chars().last() {
        Some('A') => MmaOperand::A,
        Some('B') => MmaOperand::B,
        _ => MmaOperand::C,
    }
}

/// CuTe's `retile` of `tensor` by the tiled copy `copy`.
pub fn tiled_copy_retile(copy: &Operand, tensor: &Layout) -> Result<Layout, String> {
    let Operand::TiledCopy { layout_tv, tiler, atom_layouts, value_bits } = copy else {
        return Err("operand #0 must be a !cute.tiled_copy".into());
    };
    let Some(reference) = atom_layouts.first() else {
        return Err("the copy atom does not describe its thread-value layouts, so it cannot retile".into());
    };
    let reference = upcast(&spec::parse_checked_layout(reference)?, i64::from(*value_bits)).map_err(err)?;
    let atom_values = reference.modes().get(1).map(layout::size).transpose().map_err(err)?.and_then(|s| s.as_int()).ok_or("the atom's value count is not static")?;
    let layout_tv = spec::parse_checked_layout(layout_tv)?;
    let tiler = spec::parse_checked_tile(tiler)?;
    layout::partition::retile(tensor, &layout_tv, &tiler, atom_values).map_err(err)
}

/// The attributes of the op being inferred.
pub trait Attrs {
    fn int(&self, name: &str) -> Option<i64>;
    fn string(&self, name: &str) -> Option<String>;
    fn ints(&self, name: &str) -> Option<Vec<i64>>;
    /// A unit (or any) attribute is present.
    fn has(&self, _name: &str) -> bool {
        false
    }
}

/// No attributes (for ops that take none, and for tests).
pub struct NoAttrs;

impl Attrs for NoAttrs {
    fn int(&self, _: &str) -> Option<i64> {
        None
    }
    fn string(&self, _: &str) -> Option<String> {
        None
    }
    fn ints(&self, _: &str) -> Option<Vec<i64>> {
        None
    }
}

/// An inferred result type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inferred {
    /// `!cute.<kind><"spec">`.
    Spec(SpecKind, String),
    /// `!cute.view<iterator, layout>`.
    View { iterator: String, layout: (SpecKind, String) },
    /// `!cute.tiled_copy<atom, !cute.layout<layout_tv>, !cute.tile<tiler>>`.
    TiledCopy { atom: String, layout_tv: String, tiler: String },
    /// A signless integer of this width (`cute.get_scalars`).
    Int(u32),
}

impl Inferred {
    /// The type in MLIR's textual form.
    pub fn type_text(&self) -> String {
        let spec_type = |kind: SpecKind, spec: &str| format!("!cute.{}<\"{spec}\">", kind.mnemonic());
        match self {
            Inferred::Spec(kind, spec) => spec_type(*kind, spec),
            Inferred::View { iterator, layout: (kind, spec) } => {
                format!("!cute.view<{iterator}, {}>", spec_type(*kind, spec))
            }
            Inferred::TiledCopy { atom, layout_tv, tiler } => format!(
                "!cute.tiled_copy<{atom}, {}, {}>",
                spec_type(SpecKind::Layout, layout_tv),
                spec_type(SpecKind::Tile, tiler)
            ),
            Inferred::Int(bits) => format!("i{bits}"),
        }
    }

    /// Kind and spec of a cute value result.
    pub fn spec(&self) -> Option<(SpecKind, &str)> {
        match self {
            Inferred::Spec(kind, spec) => Some((*kind, spec)),
            Inferred::View { .. } | Inferred::TiledCopy { .. } | Inferred::Int(_) => None,
        }
    }
}

/// Reads the operands of one op, with errors that name the operand.
struct Args<'a> {
    operands: &'a [Operand<'a>],
}

impl Args<'_> {
    fn get(&self, index: usize) -> Result<(SpecKind, &str), String> {
        match self.operands.get(index) {
            Some(Operand::Spec(kind, spec)) => Ok((*kind, *spec)),
            Some(_) => Err(format!("operand #{index} is not a cute value")),
            None => Err(format!("expects an operand #{index}")),
        }
    }

    /// A layout, or the (inner) layout of a view together with the view.
    fn layout_or_view(&self, index: usize) -> Result<(Layout, Option<ViewSide>), String> {
        match self.operands.get(index) {
            Some(Operand::View { iterator, layout: (kind, spec), element_bits, alignment }) => {
                let (layout, swizzle) = match kind {
                    SpecKind::Layout => (spec::parse_checked_layout(spec)?, None),
                    SpecKind::ComposedLayout => {
                        let composed = layout::parse_composed_layout(spec).map_err(err)?;
                        (composed.layout, Some((composed.swizzle, composed.offset)))
                    }
                    _ => return Err(format!("operand #{index}: a view of !cute.{} cannot be partitioned", kind.mnemonic())),
                };
                let side = ViewSide { iterator: iterator.clone(), swizzle, element_bits: *element_bits, alignment: *alignment };
                Ok((layout, Some(side)))
            }
            _ => Ok((self.layout_owned(index)?, None)),
        }
    }

    fn layout(&self, index: usize) -> Result<std::sync::Arc<Layout>, String> {
        match self.get(index)? {
            (SpecKind::Layout, text) => spec::parse_checked_layout_shared(text),
            (kind, _) => Err(format!("operand #{index} must be a !cute.layout, not !cute.{}", kind.mnemonic())),
        }
    }

    fn layout_owned(&self, index: usize) -> Result<Layout, String> {
        self.layout(index).map(|l| (*l).clone())
    }

    fn tuple(&self, index: usize) -> Result<IntTuple, String> {
        match self.get(index)? {
            (kind, text) if kind.is_tuple() && kind != SpecKind::Tile => spec::parse_checked_tuple(kind, text),
            (kind, _) => Err(format!("operand #{index} must be an int-tuple, not !cute.{}", kind.mnemonic())),
        }
    }

    /// A tiler operand: a layout, a tile (by-mode tiler or shape) or a shape.
    fn tiler(&self, index: usize) -> Result<Tiler, String> {
        self.tiler_shared(index).map(|t| (*t).clone())
    }

    /// [`Args::tiler`], borrowed from the parsed-spec cache.
    fn tiler_shared(&self, index: usize) -> Result<std::sync::Arc<Tiler>, String> {
        match self.get(index)? {
            (kind @ (SpecKind::Layout | SpecKind::Tile | SpecKind::Shape), text) => spec::parse_checked_tiler_shared(kind, text),
            (kind, _) => Err(format!("operand #{index} must be a layout, tile or shape, not !cute.{}", kind.mnemonic())),
        }
    }
}

fn attr_int(attrs: &dyn Attrs, name: &str) -> Result<i64, String> {
    attrs.int(name).ok_or_else(|| format!("expects an integer attribute '{name}'"))
}

fn attr_index(attrs: &dyn Attrs, name: &str) -> Result<usize, String> {
    let value = attr_int(attrs, name)?;
    usize::try_from(value).map_err(|_| format!("attribute '{name}' must be non-negative, got {value}"))
}

fn err(e: impl ToString) -> String {
    e.to_string()
}

fn layout_result(result: Result<Layout, layout::LayoutError>) -> Result<Vec<Inferred>, String> {
    Ok(vec![Inferred::Spec(SpecKind::Layout, text(&result.map_err(err)?))])
}

/// `value` printed into a string sized for a typical spec: `to_string`
/// starts empty and grows three or four times on the way (issue 33: this
/// is on the verifier's path).
fn text(value: &impl std::fmt::Display) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(64);
    let _ = write!(out, "{value}");
    out
}

/// Composition and the divides, on static or dynamic layouts
/// (`layout::dynamic_tiling`).
fn tiling(args: &Args, kind: Tiling) -> Result<Vec<Inferred>, String> {
    let tiler = args.tiler_shared(1)?;
    through_outer(args, |l| tile(kind, l, &tiler))
}

/// `ceil_div` by a one-layout tile (NVIDIA's IR): how many tiles cover the
/// dividend, `ceil(size(a) / size(tile))`.
pub fn ceil_div_by_tile(a: &IntTuple, tile: &Tiler) -> Result<IntTuple, String> {
    let layout = match tile {
        Tiler::Layout(l) => l,
        Tiler::ByMode(v) if matches!(v[..], [Tiler::Layout(_)]) => match &v[0] {
            Tiler::Layout(l) => l,
            _ => unreachable!("matched a layout slot"),
        },
        other => return Err(format!("ceil_div by the tile {other}: only a one-layout tile divides (a by-mode tile has no single size)")),
    };
    layout::ceil_div(&layout::size_of(a).map_err(err)?, &layout::size(layout).map_err(err)?).map_err(err)
}

/// True if the layout or the tiler has a run-time leaf.
fn run_time(a: &Layout, tiler: &Tiler) -> bool {
    fn tiler_dynamic(t: &Tiler) -> bool {
        match t {
            Tiler::Layout(l) => has_dynamic(l),
            Tiler::Shape(s) => has_dynamic_leaf(s),
            Tiler::Underscore => false,
            Tiler::ByMode(ts) => ts.iter().any(tiler_dynamic),
        }
    }
    has_run_time_leaf(a) || tiler_dynamic(tiler)
}

/// `f` of operand 0's layout; a composed layout `S o off o L` gives
/// `S o off o f(L)` (CuTe's ComposedLayout overloads of the composition,
/// divides and products act on the outer layout).
fn through_outer(args: &Args, f: impl FnOnce(&Layout) -> Result<Layout, layout::LayoutError>) -> Result<Vec<Inferred>, String> {
    match args.get(0)? {
        (SpecKind::ComposedLayout, text) => {
            let composed = spec::parse_checked_general_composed(text)?;
            let result = f(&composed.layout).map_err(err)?;
            let text = format!("{} o {} o {result}", composed.inner, composed.offset);
            spec_result(SpecKind::ComposedLayout, spec::canonicalize(SpecKind::ComposedLayout, &text)?)
        }
        _ => layout_result(f(&*args.layout(0)?)),
    }
}

/// The swizzle and offset of a composed layout recast from `old`- to
/// `new`-bit elements: the swizzle's base shifts by `log2` of the ratio
/// (down for an upcast, up for a downcast), the offset divides (upcast) or
/// multiplies (downcast) by it.
fn recast_swizzle(c: &layout::ComposedLayout, new_bits: i64, old_bits: i64) -> Result<(layout::Swizzle, i64), String> {
    let (up, ratio) = if new_bits >= old_bits { (true, new_bits / old_bits.max(1)) } else { (false, old_bits / new_bits.max(1)) };
    if (up && new_bits % old_bits != 0) || (!up && old_bits % new_bits != 0) || ratio <= 0 || (ratio as u64).count_ones() != 1 {
        return Err(format!("recast_layout<{new_bits}, {old_bits}> of {c}: a swizzled layout recasts by a power-of-two ratio"));
    }
    let shift = ratio.trailing_zeros();
    let s = c.swizzle;
    let base = if up {
        s.base.checked_sub(shift).ok_or_else(|| format!("recast_layout<{new_bits}, {old_bits}> of {c}: the swizzle base {} is below log2 of the ratio {ratio}", s.base))?
    } else {
        s.base + shift
    };
    let offset = if up {
        if c.offset % ratio != 0 {
            return Err(format!("recast_layout<{new_bits}, {old_bits}> of {c}: the offset {} is not a multiple of the ratio {ratio}", c.offset));
        }
        c.offset / ratio
    } else {
        c.offset * ratio
    };
    let swizzle = layout::Swizzle::new(s.bits, base, s.shift).map_err(|e| e.to_string())?;
    Ok((swizzle, offset))
}

/// The scalars of `cute.get_scalars` in order: for each, `Some(value)` if
/// static, `None` if read at run time, with its width.
pub fn scalars((kind, text): (SpecKind, &str), only_dynamic: bool) -> Result<Vec<(Option<i64>, u32)>, String> {
    fn leaves(t: &IntTuple, out: &mut Vec<(Option<i64>, u32)>, only_dynamic: bool) -> Result<(), String> {
        for leaf in t.leaves() {
            match leaf {
                layout::Leaf::Int(v) if !only_dynamic => out.push((Some(*v), 32)),
                layout::Leaf::Int(_) => {}
                layout::Leaf::Dyn(d) => out.push((None, if d.wide { 64 } else { 32 })),
                other => return Err(format!("get_scalars: the leaf {other} of {t} is not an integer")),
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    match kind {
        SpecKind::Swizzle => {
            let s = layout::parse_swizzle(text).map_err(err)?;
            out.extend([(Some(i64::from(s.bits)), 32), (Some(i64::from(s.base)), 32), (Some(i64::from(s.shift)), 32)]);
        }
        SpecKind::Layout => {
            let l = spec::parse_checked_layout(text)?;
            leaves(l.shape(), &mut out, only_dynamic)?;
            leaves(l.stride(), &mut out, only_dynamic)?;
        }
        // A layout inner part: its leaves, the offset's, the outer layout's.
        SpecKind::ComposedLayout if spec::parse_checked_composed(text).is_err() => {
            let c = spec::parse_checked_general_composed(text)?;
            let layout::ComposedInner::Layout(inner) = &c.inner else {
                return Err(format!("get_scalars of {text}: a swizzled composed layout with a run-time offset"));
            };
            leaves(inner.shape(), &mut out, only_dynamic)?;
            leaves(inner.stride(), &mut out, only_dynamic)?;
            leaves(&c.offset, &mut out, only_dynamic)?;
            leaves(c.layout.shape(), &mut out, only_dynamic)?;
            leaves(c.layout.stride(), &mut out, only_dynamic)?;
        }
        // A tile: each slot's shape then stride leaves.
        SpecKind::Tile => {
            fn slots(t: &Tiler, out: &mut Vec<(Option<i64>, u32)>, only_dynamic: bool) -> Result<(), String> {
                match t {
                    Tiler::Layout(l) => {
                        leaves(l.shape(), out, only_dynamic)?;
                        leaves(l.stride(), out, only_dynamic)
                    }
                    Tiler::Shape(s) => leaves(s, out, only_dynamic),
                    Tiler::Underscore => Ok(()),
                    Tiler::ByMode(v) => v.iter().try_for_each(|t| slots(t, out, only_dynamic)),
                }
            }
            slots(&spec::parse_checked_tile(text)?, &mut out, only_dynamic)?;
        }
        SpecKind::ComposedLayout => {
            let c = spec::parse_checked_composed(text)?;
            out.extend([(Some(i64::from(c.swizzle.bits)), 32), (Some(i64::from(c.swizzle.base)), 32), (Some(i64::from(c.swizzle.shift)), 32)]);
            if !only_dynamic {
                out.push((Some(c.offset), 32));
            }
            leaves(c.layout.shape(), &mut out, only_dynamic)?;
            leaves(c.layout.stride(), &mut out, only_dynamic)?;
        }
        kind if kind.is_tuple() => leaves(&spec::parse_checked_tuple(kind, text)?, &mut out, only_dynamic)?,
        kind => return Err(format!("get_scalars: no scalars in a !cute.{}", kind.mnemonic())),
    }
    Ok(out)
}

fn scalar_types(value: (SpecKind, &str), only_dynamic: bool) -> Result<Vec<u32>, String> {
    Ok(scalars(value, only_dynamic)?.into_iter().map(|(_, bits)| bits).collect())
}

fn spec_result(kind: SpecKind, value: impl std::fmt::Display) -> Result<Vec<Inferred>, String> {
    Ok(vec![Inferred::Spec(kind, text(&value))])
}

/// The mode path of an op's `mode` attribute (NVIDIA's `<[i, j]>`).
fn mode_path(mnemonic: &str, attrs: &dyn Attrs) -> Result<Vec<usize>, String> {
    attrs
        .ints("mode")
        .unwrap_or_default()
        .into_iter()
        .map(|i| usize::try_from(i).map_err(|_| format!("{mnemonic}: mode index {i} is negative")))
        .collect()
}

/// Mode `i` of a tuple, or the error naming it.
fn tuple_mode(mnemonic: &str, t: &IntTuple, i: usize) -> Result<IntTuple, String> {
    t.mode(i).cloned().ok_or_else(|| format!("{mnemonic}({t}): mode {i} is out of range for rank {}", t.rank()))
}

/// `get<path>` of a layout: mode by mode; past the first index, a scalar
/// leaf has no mode to descend into.
fn layout_at(mnemonic: &str, l: Layout, path: &[usize]) -> Result<Layout, String> {
    path.iter().enumerate().try_fold(l, |l, (depth, &i)| {
        if depth > 0 && l.shape().is_leaf() {
            return Err(format!("{mnemonic}: mode path {path:?} descends past the scalar {l}"));
        }
        layout::get(&l, i).map_err(err)
    })
}

/// A layout or an int-tuple, for the mode-path queries shared with the
/// lowering (`passes::conversion::cute_to_llvm::algebra`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Layout(Layout),
    Tuple(IntTuple),
    /// A tile: its slots are its modes (a slot is a tile, NVIDIA's IR).
    Tile(Tiler),
}

/// `get<path>` (the mode at the path) or `select<modes>` (the listed modes,
/// always a tuple of them, as NVIDIA's CuTe IR).
pub fn get_or_select(mnemonic: &str, part: Part, path: &[usize]) -> Result<Part, String> {
    // select<[]> is the empty tuple (CuTe's select<>()).
    let select = mnemonic == "select";
    Ok(match part {
        Part::Layout(l) if select => Part::Layout(layout::select(&l, path).map_err(err)?),
        Part::Layout(l) => Part::Layout(layout_at(mnemonic, l, path)?),
        Part::Tuple(t) if select => {
            Part::Tuple(IntTuple::Tuple(path.iter().map(|&i| tuple_mode(mnemonic, &t, i)).collect::<Result<_, _>>()?))
        }
        Part::Tuple(t) => Part::Tuple(tuple_at(mnemonic, t, path)?),
        Part::Tile(t) if select => Part::Tile(Tiler::ByMode(path.iter().map(|&i| tile_slot(mnemonic, &t, i)).collect::<Result<_, _>>()?)),
        Part::Tile(t) => Part::Tile(path.iter().try_fold(t, |t, &i| tile_slot(mnemonic, &t, i))?),
    })
}

/// Slot `i` of a by-mode tile (a tile of one slot is its own slot 0).
fn tile_slot(mnemonic: &str, t: &Tiler, i: usize) -> Result<Tiler, String> {
    match t {
        Tiler::ByMode(slots) => slots
            .get(i)
            .cloned()
            .ok_or_else(|| format!("{mnemonic}({t}): mode {i} is out of range for rank {}", slots.len())),
        single if i == 0 => Ok(single.clone()),
        single => Err(format!("{mnemonic}({single}): mode {i} is out of range for a tile of one slot")),
    }
}

/// The mode of a tuple at a path; past the first index, a scalar leaf has no
/// mode to descend into (NVIDIA's rule; CuTe's `get<0>` of a scalar is the
/// scalar, which would let any run of zeros through).
fn tuple_at(mnemonic: &str, t: IntTuple, path: &[usize]) -> Result<IntTuple, String> {
    path.iter().enumerate().try_fold(t, |t, (depth, &i)| {
        if depth > 0 && t.is_leaf() {
            return Err(format!("{mnemonic}: mode path {path:?} descends past the scalar {t}"));
        }
        tuple_mode(mnemonic, &t, i)
    })
}

/// `size<path>`: the size of the mode at the path (a path may not descend
/// past a scalar).
pub fn size_at(mnemonic: &str, part: Part, path: &[usize]) -> Result<IntTuple, String> {
    match part {
        Part::Layout(l) => layout::size(&layout_at(mnemonic, l, path)?).map_err(err),
        Part::Tuple(t) => layout::size_of(&tuple_at(mnemonic, t, path)?).map_err(err),
        Part::Tile(t) => Err(format!("{mnemonic}({t}): a tile has no size")),
    }
}

/// `cosize<path>` of a layout.
pub fn cosize_at(mnemonic: &str, l: Layout, path: &[usize]) -> Result<IntTuple, String> {
    layout::cosize(&layout_at(mnemonic, l, path)?).map_err(err)
}

/// The view a partition reads: its iterator, its swizzle (a composed
/// layout's `S<B,M,S> o off`, kept by every partition: the swizzle applies
/// to the address, CuTe's position-independent swizzle), and the pointer's
/// element width and alignment.
struct ViewSide {
    iterator: String,
    swizzle: Option<(Swizzle, i64)>,
    element_bits: u32,
    alignment: u64,
}

/// A partition of a layout or view. The view's pointer moves by `offset`
/// elements, so its alignment drops to what the offset guarantees (the
/// largest power of two dividing every value the offset can take, in
/// bytes): a partition never claims more alignment than its address has.
fn partition_result(layout: Layout, view: Option<ViewSide>, offset: &IntTuple) -> Result<Vec<Inferred>, String> {
    let Some(view) = view else { return Ok(vec![Inferred::Spec(SpecKind::Layout, layout.to_string())]) };
    // A coordinate tensor's iterator moves by the (tuple) offset.
    if let Some(origin) = coord_iterator(&view.iterator)? {
        let moved = layout::coord_add(&origin, offset).map_err(err)?;
        return Ok(vec![Inferred::View { iterator: coord_iterator_type(&moved), layout: (SpecKind::Layout, layout.to_string()) }]);
    }
    let iterator = if view.alignment > 1 {
        let guaranteed = offset_alignment(offset, u64::from(view.element_bits));
        with_alignment(&view.iterator, view.alignment.min(guaranteed))
    } else {
        view.iterator
    };
    let layout = match view.swizzle {
        Some((swizzle, off)) => (SpecKind::ComposedLayout, layout::ComposedLayout { swizzle, offset: off, layout }.to_string()),
        None => (SpecKind::Layout, layout.to_string()),
    };
    Ok(vec![Inferred::View { iterator, layout }])
}

/// The origin of a coordinate tensor, from its iterator type's text
/// (`!cute.int_tuple<"(0,0)">`); None for a pointer, memref or descriptor.
pub fn coord_iterator(iterator: &str) -> Result<Option<IntTuple>, String> {
    match iterator.strip_prefix("!cute.int_tuple<\"").and_then(|rest| rest.strip_suffix("\">")) {
        Some(text) => spec::parse_checked_tuple(SpecKind::IntTuple, text).map(Some),
        None => Ok(None),
    }
}

/// The iterator type of a coordinate tensor at `origin`.
pub fn coord_iterator_type(origin: &IntTuple) -> String {
    format!("!cute.int_tuple<\"{origin}\">")
}

/// The power-of-two byte alignment every value of `offset` (elements of
/// `bits` bits) keeps: a static offset's own, a run-time one's known
/// divisibility (u64::MAX for offset 0). Sub-byte elements count in bits:
/// 64 e2m1 are 32 bytes, and an offset that can be odd in them keeps no
/// byte alignment at all (1).
fn offset_alignment(offset: &IntTuple, bits: u64) -> u64 {
    let low_bit = |n: u64| if n == 0 { u64::MAX } else { 1u64 << n.trailing_zeros() };
    let elements = match offset {
        IntTuple::Leaf(Leaf::Int(v)) => low_bit(v.unsigned_abs()),
        IntTuple::Leaf(Leaf::Dyn(d)) => low_bit(d.divisibility),
        _ => 1,
    };
    (elements.saturating_mul(bits) / 8).max(1)
}

/// `!cute.ptr<T, space[, align<N>]>` with alignment `align` (1 is printed
/// as no alignment, as the type prints it).
fn with_alignment(pointer: &str, align: u64) -> String {
    let base = match pointer.find(", align<") {
        Some(at) => format!("{}>", &pointer[..at]),
        None => pointer.to_string(),
    };
    if align <= 1 {
        return base;
    }
    format!("{}, align<{align}>>", &base[..base.len() - 1])
}


/// Infers the result types of `op` (full name, e.g. `cute.composition`):
/// each op family's rules in their own file, as the ODS files group the ops.
pub fn infer(op: &str, operands: &[Operand], attrs: &dyn Attrs) -> Result<Vec<Inferred>, String> {
    let args = Args { operands };
    let mnemonic = op.strip_prefix("cute.").ok_or_else(|| format!("{op} is not a cute op"))?;
    for family in [construction::infer, algebra::infer, tuple::infer, partition::infer, memory::infer, atom::infer] {
        if let Some(results) = family(op, mnemonic, &args, operands, attrs)? {
            return Ok(results);
        }
    }
    Err(format!("{op} has no type inference rule"))
}

/// Convenience for tests: infer from operand specs given as text.
pub fn infer_from_specs(op: &str, operands: &[(SpecKind, &str)]) -> Result<Vec<Inferred>, String> {
    let operands: Vec<Operand> = operands.iter().map(|&(kind, spec)| Operand::Spec(kind, spec)).collect();
    infer(op, &operands, &NoAttrs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use SpecKind::*;

    fn one(op: &str, operands: &[(SpecKind, &str)]) -> Result<String, String> {
        infer_from_specs(op, operands).map(|v| v[0].spec().expect("a cute value").1.to_string())
    }

    #[test]
    fn algebra_results() {
        assert_eq!(one("cute.composition", &[(Layout, "(4,2):(1,4)"), (Layout, "(2,2):(1,2)")]).unwrap(), "(2,2):(1,2)");
        assert_eq!(one("cute.complement", &[(Layout, "4:2"), (IntTuple, "24")]).unwrap(), "(2,3):(1,8)");
        assert_eq!(one("cute.logical_divide", &[(Layout, "128:1"), (Layout, "32:1")]).unwrap(), "(32,4):(1,32)");
        assert_eq!(one("cute.coalesce", &[(Layout, "(2,4):(1,2)")]).unwrap(), "8:1");
        assert_eq!(one("cute.size", &[(Layout, "(2,(4,?)):(1,(2,8))")]).unwrap(), "?{div=8}");
        assert_eq!(one("cute.crd2idx", &[(Coord, "(1,2)"), (Layout, "(2,4):(1,2)")]).unwrap(), "5");
        assert_eq!(one("cute.crd2idx", &[(Coord, "(?,2)"), (Layout, "(2,4):(1,2)")]).unwrap(), "?");
        // Scaled-basis strides give a basis tuple, static or `?` per component.
        assert_eq!(one("cute.crd2idx", &[(Coord, "(2,1)"), (Layout, "(4,3):(1@0,1@1)")]).unwrap(), "(2,1)");
        assert_eq!(one("cute.crd2idx", &[(Coord, "(?,?)"), (Layout, "(4,3):(1@0,1@1)")]).unwrap(), "(?,?)");
        assert_eq!(one("cute.crd2idx", &[(Coord, "(?,1)"), (Layout, "(?,3):(1@0,1@1)")]).unwrap(), "(?,1)");
        assert_eq!(one("cute.crd2idx", &[(Coord, "7"), (Layout, "(4,3):(1@1,1@0)")]).unwrap(), "(1,3)");
        assert_eq!(one("cute.idx2crd", &[(IntTuple, "15"), (Shape, "(4,(3,2))")]).unwrap(), "(3,(0,1))");
        assert_eq!(one("cute.idx2crd", &[(IntTuple, "?"), (Shape, "(4,(3,2))")]).unwrap(), "(?,(?,?))");
        assert_eq!(one("cute.tuple_add", &[(Shape, "(8,?)"), (Shape, "(2,4)")]).unwrap(), "(10,?)");
        assert!(one("cute.tuple_add", &[(Shape, "(8,?)"), (IntTuple, "(2,4)")]).unwrap_err().contains("one kind"));
        assert_eq!(one("cute.tuple_sub", &[(IntTuple, "(9,8)"), (IntTuple, "(2,4,5)")]).unwrap(), "(7,4,5)");
        assert_eq!(one("cute.slice", &[(Layout, "(4,8):(1,4)"), (Coord, "(_,?)")]).unwrap(), "(4):(1)");
        let tile = [(Layout, "(8,8):(1,8)"), (Tile, "[2:1;4:1]"), (Coord, "(?,?)")];
        assert_eq!(one("cute.local_tile", &tile).unwrap(), "(2,4):(1,8)");
        let part = [(Layout, "(8,8):(1,8)"), (Layout, "(2,4):(1,2)"), (IntTuple, "?")];
        assert_eq!(one("cute.local_partition", &part).unwrap(), "(4,2):(2,32)");
    }

    #[test]
    fn tiled_copy_partition_needs_the_atoms_layouts() {
        let view = Operand::View { iterator: "!cute.ptr<f32, gmem>".into(), layout: (Layout, "(16,8):(1,16)"), element_bits: 32, alignment: 1 };
        let tiled = |atom_layouts: Vec<String>| Operand::TiledCopy { layout_tv: "(8,4):(1,8)", tiler: "[8:1;4:1]", atom_layouts, value_bits: 32 };
        let thread = Operand::Spec(IntTuple, "?");
        let unit = vec!["(1,32):(0,1)".to_string(); 3];
        let ok = infer("cute.tiled.copy.partition_S", &[tiled(unit), view.clone(), thread.clone()], &NoAttrs).unwrap();
        // make_fragment_like: the CuTe DSL's layouts of three MMA partitions.
        for (partition, fragment) in [
            ("((2,2,2),4,2):((1,256,8),1024,16)", "((2,2,2),4,2):((1,8,2),16,4)"),
            ("((2,2,2),4,2):((128,8,1024),32,2048)", "((2,2,2),4,2):((8,1,16),2,32)"),
            ("((2,2),4,8):((1,1024),4096,16)", "((2,2),4,8):((1,16),32,2)"),
        ] {
            let view = Operand::View { iterator: "!cute.ptr<f16, smem>".into(), layout: (Layout, partition), element_bits: 16, alignment: 1 };
            let got = infer("cute.make_fragment_like", &[view], &NoAttrs).unwrap();
            assert_eq!(got[0].type_text(), format!("!cute.view<!cute.ptr<f16, rmem, align<16>>, !cute.layout<\"{fragment}\">>"));
        }
        assert_eq!(ok[0].type_text(), r#"!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"((1,4),2,2):((0,16),8,64)">>"#);
        let e = infer("cute.tiled.copy.partition_D", &[tiled(vec![]), view, thread], &NoAttrs).unwrap_err();
        assert!(e.contains("does not describe its thread-value layouts"), "{e}");
    }

    #[test]
    fn a_slice_of_packed_sub_byte_elements_keeps_the_alignment_of_its_bits() {
        // 64 e2m1 a k-block are 32 bytes: a run-time k-block keeps 32-byte
        // alignment, not the tile's 1024 (which a 4-bit element once kept,
        // its width rounding to no bytes); an odd element offset keeps none.
        let view = |layout| Operand::View { iterator: "!cute.ptr<f4E2M1FN, smem, align<1024>>".into(), layout: (Layout, layout), element_bits: 4, alignment: 1024 };
        let got = infer("cute.slice", &[view("(128,(64,4)):(256,(1,64))"), Operand::Spec(Coord, "(_,(_,?))")], &NoAttrs).unwrap();
        assert_eq!(got[0].type_text(), r#"!cute.view<!cute.ptr<f4E2M1FN, smem, align<32>>, !cute.layout<"(128,64):(256,1)">>"#);
        let got = infer("cute.slice", &[view("(128,64):(256,1)"), Operand::Spec(Coord, "(_,?)")], &NoAttrs).unwrap();
        assert_eq!(got[0].type_text(), r#"!cute.view<!cute.ptr<f4E2M1FN, smem>, !cute.layout<"(128):(256)">>"#);
    }

    #[test]
    fn views_keep_their_iterator() {
        let operands = [
            Operand::View { iterator: "!cute.ptr<f32, gmem>".into(), layout: (Layout, "(8,8):(1,8)"), element_bits: 32, alignment: 1 },
            Operand::Spec(Tile, "[2:1;4:1]"),
            Operand::Spec(Coord, "(?,?)"),
        ];
        let result = infer("cute.local_tile", &operands, &NoAttrs).unwrap();
        assert_eq!(result[0].type_text(), r#"!cute.view<!cute.ptr<f32, gmem>, !cute.layout<"(2,4):(1,8)">>"#);
    }

    #[test]
    fn inadmissible_inputs_are_the_algebras_errors() {
        let e = one("cute.composition", &[(Layout, "(4,6,8):(2,3,5)"), (Layout, "6:3")]).unwrap_err();
        assert!(e.starts_with("composition((4,6,8):(2,3,5), 6:3)"), "{e}");
        let e = one("cute.complement", &[(Layout, "(4,4):(-1,1)"), (IntTuple, "1")]).unwrap_err();
        assert!(e.starts_with("complement("), "{e}");
        let e = one("cute.composition", &[(Shape, "(4,4)"), (Layout, "6:3")]).unwrap_err();
        assert!(e.contains("operand #0 must be a !cute.layout"), "{e}");
        assert!(one("cute.no_such_op", &[]).is_err());
    }
}
