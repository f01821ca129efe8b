//! The unrolling sugar: `cute.make_fragment_like`, `cute.fill`,
//! `cute.copy` and `cute.gemm` become one primitive op (`cute.store`,
//! `cute.copy_atom_call`, `cute.mma_atom_call`) per instance, at static
//! coordinates, at most [`MAX_INSTANCES`] of them.

use crate::handle::CheckedAccess;
use super::*;
use crate::passes::rewrite::Lowered;

/// Largest number of atom instances (or stores) one copy, gemm or fill
/// unrolls into.
const MAX_INSTANCES: i64 = 4096;

/// Refuses an unrolling of `n` `what` beyond [`MAX_INSTANCES`].
fn check_unroll(op: &str, n: i64, what: &str) -> Result<(), PatternError> {
    if n > MAX_INSTANCES {
        return Err(format!("{op} of {n} {what} (at most {MAX_INSTANCES} are unrolled)").into());
    }
    Ok(())
}

/// The slices `view(_, r...)` of a partitioned view `(V, rest...)`, one per
/// requested rest coordinate, as `cute.local_tile` by `[V:1;1:1;...]`
/// (memoized: one slice op per coordinate).
struct Slicer<'c, 'a, 'r> {
    context: &'c Context,
    rewriter: &'r PatternRewriter,
    location: Location<'c>,
    view: Value<'c, 'a>,
    rank: usize,
    /// Values per atom instance (the tile of mode 0) and instances in mode 0.
    values: i64,
    pub chunks: i64,
    tile: Option<Value<'c, 'a>>,
    /// The compact layout of mode 0's shape (`None` for a flat mode 0).
    whole: Option<String>,
    cache: std::collections::HashMap<Vec<i64>, Value<'c, 'a>>,
}

impl<'c, 'a, 'r> Slicer<'c, 'a, 'r> {
    fn new(context: &'c Context, rewriter: &'r PatternRewriter, location: Location<'c>, view: Value<'c, 'a>) -> Result<Self, PatternError> {
        Self::chunked(context, rewriter, location, view, None)
    }

    /// A slicer whose instances hold `per_instance` values of mode 0 each
    /// (CuTe's `((atom_values, rest_values), rest...)` after retile).
    fn chunked(
        context: &'c Context,
        rewriter: &'r PatternRewriter,
        location: Location<'c>,
        view: Value<'c, 'a>,
        per_instance: Option<i64>,
    ) -> Result<Self, PatternError> {
        let layout = crate::dialect::verify::view_layout_of(view.r#type())?;
        let rank = if layout.shape().is_leaf() { 1 } else { layout.rank() };
        let first = if rank == 1 { layout.clone() } else { layout.modes()[0].clone() };
        let all = crate::layout::size(&first).ok().and_then(|s| s.as_int()).ok_or_else(|| format!("{layout} has a run-time value mode"))?;
        let values = per_instance.filter(|&v| v > 0 && all % v == 0).unwrap_or(all);
        let whole = (!first.shape().is_leaf()).then(|| crate::layout::ops::make_layout(first.shape()).map(|l| l.to_string())).transpose()?;
        Ok(Slicer { context, rewriter, location, view, rank, values, chunks: all / values, tile: None, whole, cache: Default::default() })
    }

    /// The slice at `rest`, whose first entry is the instance within mode 0.
    fn at(&mut self, rest: &[i64]) -> Result<Value<'c, 'a>, PatternError> {
        if self.rank == 1 && self.chunks == 1 {
            return Ok(self.view);
        }
        if let Some(v) = self.cache.get(rest) {
            return Ok(*v);
        }
        let tile = match self.tile {
            Some(t) => t,
            None => {
                // A mode 0 that is one instance is tiled by the compact
                // layout of its own shape, which keeps its nesting: tiling
                // it by its size would flatten it, and an MN-major WGMMA
                // operand's ((MN blocks), K) would no longer be a (MN, K) tile.
                let first = match &self.whole {
                    Some(whole) if self.chunks == 1 => whole.clone(),
                    _ => format!("{}:1", self.values),
                };
                let spec = if self.rank == 1 { first } else { format!("[{first}{}]", ";1:1".repeat(self.rank - 1)) };
                let ty = make_type(self.context, SpecKind::Tile, &spec)?;
                let t = insert(self.rewriter, ops::cute::r#static(self.context, ty, self.location).into())?;
                self.tile = Some(t);
                t
            }
        };
        let coords: Vec<String> = rest.iter().map(i64::to_string).collect();
        let text = if coords.len() == 1 { coords[0].clone() } else { format!("({})", coords.join(",")) };
        let ty = make_type(self.context, SpecKind::Coord, &text)?;
        let coord = insert(self.rewriter, ops::cute::r#static(self.context, ty, self.location).into())?;
        let slice = insert(self.rewriter, ops::cute::local_tile(self.context, self.view, tile, coord, self.location).into())?;
        self.cache.insert(rest.to_vec(), slice);
        Ok(slice)
    }
}

/// The atom of a tiled copy or tiled MMA type; the type itself otherwise.
fn inner_atom_type(ty: Type<'_>) -> Type<'_> {
    composite_parts(ty)
        .filter(|p| matches!(p.kind, Composite::TiledCopy | Composite::TiledMma))
        .and_then(|p| p.atom)
        .unwrap_or(ty)
}

/// The atom an unrolled copy or gemm calls: a tiled copy's or tiled MMA's
/// own atom (built here with its bundle, when it takes no parameters), so
/// each call is verified as one atom instance, with the atom's own operand
/// contracts (a tiled call skips them: its views may span many instances).
fn instance_atom<'c, 'a>(
    context: &'c Context,
    rewriter: &PatternRewriter,
    location: Location<'c>,
    atom: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, PatternError> {
    let inner = inner_atom_type(atom.r#type());
    if inner == atom.r#type() {
        return Ok(atom);
    }
    let Some(Ok(bundle)) = atoms::bundle_attribute(context, inner) else { return Ok(atom) };
    let make = melior::ir::operation::OperationBuilder::new("cute.make_atom", location)
        .add_results(&[inner])
        .add_attributes(&[(melior::ir::Identifier::new(context, ATOM_BUNDLE), bundle)])
        .build()?;
    if !make.verify() {
        // An atom bound to run-time parameters (TMA): keep the tiled call.
        return Ok(atom);
    }
    insert(rewriter, make)
}

/// Every coordinate of a static shape, column-major (CuTe's order).
fn coordinates(shape: &[i64]) -> Vec<Vec<i64>> {
    let total: i64 = shape.iter().product();
    (0..total)
        .map(|mut i| {
            shape
                .iter()
                .map(|&n| {
                    let c = i % n;
                    i /= n;
                    c
                })
                .collect()
        })
        .collect()
}

/// `cute.make_fragment_like %v` → register storage and a view of it.
pub(super) fn rewrite_make_fragment_like<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let view = result_type(op)?;
    let parts = composite_parts(view).ok_or("the result is not a view")?;
    let (Some(ptr), Some(layout)) = (parts.iterator, parts.layout) else { return Err("the result is not a view".into()) };
    let layout_value = crate::dialect::verify::view_layout_of(view)?;
    let n = crate::layout::cosize(&layout_value).ok().and_then(|s| s.as_int()).ok_or("a fragment of run-time size")?;
    let location = op.location();
    let i64_type: Type = melior::ir::r#type::IntegerType::new(context, 64).into();
    let storage = melior::ir::operation::OperationBuilder::new("cute.alloc_rmem", location)
        .add_attributes(&[(melior::ir::Identifier::new(context, "elements"), IntegerAttribute::new(i64_type, n).into())])
        .add_results(&[ptr])
        .build()?;
    let storage = insert(rewriter, storage)?;
    let l = insert(rewriter, ops::cute::r#static(context, layout, location).into())?;
    Ok(vec![insert(rewriter, ops::cute::make_view(context, view, storage, l, location).into())?])
}

/// `cute.fill %x, %view` → one `cute.store` per element.
pub(super) fn rewrite_fill<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let (value, view) = (op.operand(0)?, op.operand(1)?);
    let layout = crate::dialect::verify::view_layout_of(view.r#type())?;
    let n = crate::layout::size(&layout).ok().and_then(|s| s.as_int()).ok_or("fill of a run-time size")?;
    check_unroll("fill", n, "elements")?;
    let location = op.location();
    for i in 0..n {
        let coord = make_type(context, SpecKind::Coord, &i.to_string())?;
        let c = insert(rewriter, ops::cute::r#static(context, coord, location).into())?;
        rewriter.as_rewriter_base().insert(ops::cute::store(context, value, view, c, location).into());
    }
    Ok(Vec::new())
}

/// `cute.copy %atom, %src, %dst [pred(%p)]` → one atom call per rest
/// coordinate (with the predicate's value at that coordinate: copy_if).
pub(super) fn rewrite_copy<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let (atom, src, dst) = (op.operand(0)?, op.operand(1)?, op.operand(2)?);
    let pred = op.operand_if(3);
    let rest = crate::dialect::verify::rest_shape(src.r#type(), "the source")?;
    let location = op.location();
    // A matrix copy's instance holds a fixed number of values per side; a
    // (retiled) mode 0 may hold several instances.
    let counts = crate::dialect::nvgpu::Atom::of(inner_atom_type(atom.r#type()))
        .and_then(|a| crate::dialect::nvgpu::copy::instance_values(&a));
    let (src_values, dst_values) = (counts.map(|c| c.0), counts.map(|c| c.1));
    let mut s = Slicer::chunked(context, rewriter, location, src, src_values)?;
    let mut d = Slicer::chunked(context, rewriter, location, dst, dst_values)?;
    if s.chunks != d.chunks {
        return Err(format!("the source holds {} atom instances per rest coordinate and the destination {}", s.chunks, d.chunks).into());
    }
    let mut shape = vec![s.chunks];
    shape.extend(&rest);
    check_unroll("copy", shape.iter().product(), "atom instances")?;
    let atom = instance_atom(context, rewriter, location, atom)?;
    let mut flags = std::collections::HashMap::new();
    for r in coordinates(&shape) {
        let (from, to) = (s.at(&r)?, d.at(&r)?);
        let mut call = ops::cute::CopyAtomCallOperation::builder(context, location).atom(atom).src(from).dst(to);
        if let Some(pred) = pred {
            // CuTe's pred(i): i is the rest coordinate's column-major index
            // (the instances of one coordinate share it).
            let (index, _) = r[1..].iter().zip(&rest).fold((0, 1), |(i, scale), (&c, &n)| (i + c * scale, scale * n));
            let flag = match flags.get(&index) {
                Some(&f) => f,
                None => {
                    let coord = make_type(context, SpecKind::Coord, &index.to_string())?;
                    let c = insert(rewriter, ops::cute::r#static(context, coord, location).into())?;
                    let i8 = melior::ir::r#type::IntegerType::new(context, 8).into();
                    let byte = insert(rewriter, ops::cute::load(context, i8, pred, c, location).into())?;
                    let zero = insert(rewriter, melior::dialect::arith::constant(context, IntegerAttribute::new(i8, 0).into(), location))?;
                    let f = insert(rewriter, melior::dialect::arith::cmpi(context, melior::dialect::arith::CmpiPredicate::Ne, byte, zero, location))?;
                    flags.insert(index, f);
                    f
                }
            };
            call = call.pred(flag);
        }
        rewriter.as_rewriter_base().insert(call.build().into());
    }
    Ok(Vec::new())
}

/// `cute.copy_atom_call ... pred(%p)` of an atom with no zero-fill form
/// (every one but SM80 `cp.async`) → the call without its predicate under
/// `scf.if %p`: a false predicate copies nothing, as CuTe's copy_if.
pub(super) fn rewrite_predicated_copy_call<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use melior::ir::{BlockLike as _, RegionLike as _};
    let Some(pred) = op.operand_if(3) else { return Err(PatternError::NoMatch) };
    let atom = op.operand(0)?;
    if matches!(crate::dialect::nvgpu::Atom::of(inner_atom_type(atom.r#type())), Some(crate::dialect::nvgpu::Atom::SimtAsyncCopy { .. })) {
        return Err(PatternError::NoMatch);
    }
    let location = op.location();
    let call = ops::cute::CopyAtomCallOperation::builder(context, location).atom(atom).src(op.operand(1)?).dst(op.operand(2)?).build();
    let block = melior::ir::Block::new(&[]);
    block.append_operation(call.into());
    block.append_operation(melior::dialect::scf::r#yield(&[], location));
    let then = melior::ir::Region::new();
    then.append_block(block);
    rewriter.as_rewriter_base().insert(melior::dialect::scf::r#if(pred, &[], then, melior::ir::Region::new(), location));
    Ok(Vec::new())
}

/// `cute.gemm %mma, %d, %a, %b, %c` → one MMA atom call per (m, n, k).
pub(super) fn rewrite_gemm<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    let operands: Vec<Value> = op.operands().collect();
    let (atom, d, a, b, c, accumulate) = match operands[..] {
        [atom, d, a, b, c] => (atom, d, a, b, c, None),
        [atom, d, a, b, c, flag] => (atom, d, a, b, c, Some(flag)),
        _ => return Err("cute.gemm takes an atom, four views and an optional accumulate flag".into()),
    };
    let shape = crate::dialect::verify::rest_shape(c.r#type(), "C")?;
    let k_blocks = crate::dialect::verify::rest_shape(a.r#type(), "A")?.get(1).copied().unwrap_or(1);
    let (m_blocks, n_blocks) = (shape.first().copied().unwrap_or(1), shape.get(1).copied().unwrap_or(1));
    check_unroll("gemm", m_blocks * n_blocks * k_blocks, "atom instances")?;
    let location = op.location();
    let mut slicers = [d, a, b, c].map(|v| Slicer::new(context, rewriter, location, v)).into_iter().collect::<Result<Vec<_>, _>>()?;
    let atom = instance_atom(context, rewriter, location, atom)?;
    // The first k-block accumulates as asked, the later ones always do.
    let always = match accumulate {
        Some(_) if k_blocks > 1 => {
            let i1 = melior::ir::r#type::IntegerType::new(context, 1).into();
            Some(insert(rewriter, melior::dialect::arith::constant(context, IntegerAttribute::new(i1, 1).into(), location))?)
        }
        _ => None,
    };
    for k in 0..k_blocks {
        for m in 0..m_blocks {
            for n in 0..n_blocks {
                let dv = slicers[0].at(&[0, m, n])?;
                let av = slicers[1].at(&[0, m, k])?;
                let bv = slicers[2].at(&[0, n, k])?;
                let cv = slicers[3].at(&[0, m, n])?;
                let flag = if k == 0 { accumulate } else { always };
                let mut operands = vec![atom, dv, av, bv, cv];
                operands.extend(flag);
                let call = melior::ir::operation::OperationBuilder::new("cute.mma_atom_call", location)
                    .add_operands(&operands)
                    .add_attributes(&[(
                        melior::ir::Identifier::new(context, "operandSegmentSizes"),
                        melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[1, 1, 1, 1, 1, 0, 0, i32::from(flag.is_some())])
                            .into(),
                    )])
                    .build()?;
                rewriter.as_rewriter_base().insert(call);
            }
        }
    }
    Ok(Vec::new())
}
