//! Coordinate layouts (scaled-basis strides) one codomain mode at a time:
//! the modes whose strides run along basis `@p` (`c@p`) form an integer
//! layout with strides `c`; NVIDIA's IR defines the inverses and the
//! complement of a coordinate layout through these parts, and builds the
//! result with the codomain's mode tree (`c@j@k` is leaf `j` of mode `k`).

use super::buf::Buf;
use super::common::*;
use super::error::{arith, Cond};
use super::tuple::{IntTuple, Layout, Leaf, ScaledBasis};

/// A codomain mode's part: modes `(shape, count, index stride)`, where the
/// index stride is the mode's stride in the input's (flat) domain.
pub(super) type Part = Buf<(i64, i64, i64), 8>;

/// The parts of `l` by outer-first codomain path, in order of appearance.
/// Extent-1 modes and zero strides are left out; `dynamic_ok` skips
/// run-time strides (they reach no codomain mode CuTe can follow) instead of
/// rejecting them. Integer strides are the part at the empty path (and may
/// not mix with bases).
pub(super) fn parts(l: &Layout, dynamic_ok: bool) -> Result<Vec<(Vec<u32>, Part)>, Cond> {
    let mut leaves = Vec::new();
    flat_static_shapes(l.shape(), l.stride(), &mut leaves)?;
    let mut groups: Vec<(Vec<u32>, Part)> = Vec::new();
    let mut index = 1i64;
    for &(s, d) in &leaves {
        let found = match d {
            Leaf::Int(0) => None,
            Leaf::Int(v) => Some((Vec::new(), *v)),
            Leaf::Basis(b) => Some((b.dims.iter().rev().copied().collect(), b.integral_count()?)),
            Leaf::Dyn(_) if dynamic_ok => None,
            other => return Err(not_static(other, "stride")),
        };
        if let (Some((path, count)), true) = (found, s > 1) {
            match groups.iter_mut().find(|g| g.0 == path) {
                Some(g) => g.1.push((s, count, index)),
                None => {
                    let mut part = Part::new();
                    part.push((s, count, index));
                    groups.push((path, part));
                }
            }
        }
        index = arith::mul(index, s)?;
    }
    if groups.len() > 1 && groups.iter().any(|g| g.0.is_empty()) {
        return Err("the strides mix integers and scaled bases".into());
    }
    Ok(groups)
}

/// The flat leaves of a layout whose shape is static: `(shape, stride)`.
fn flat_static_shapes<'a>(s: &'a IntTuple, d: &'a IntTuple, out: &mut Vec<(i64, &'a Leaf)>) -> Result<(), Cond> {
    match (s, d) {
        (IntTuple::Leaf(a), IntTuple::Leaf(b)) => {
            let a = leaf_static(a, "shape")?;
            if a <= 0 {
                return Err(format!("shape {a} is not positive; empty modes are not supported here"));
            }
            out.push((a, b));
            Ok(())
        }
        (IntTuple::Tuple(a), IntTuple::Tuple(b)) if a.len() == b.len() => {
            a.iter().zip(b).try_for_each(|(x, y)| flat_static_shapes(x, y, out))
        }
        _ => Err("shape and stride are not congruent".into()),
    }
}

/// The mode of the codomain at `prefix`: the layout given for that path, or
/// a tuple of its sub-modes (`missing(path)` where nothing lands).
pub(super) fn tree(
    layouts: &[(Vec<u32>, Layout)],
    prefix: &[u32],
    missing: &dyn Fn(&[u32]) -> Result<Layout, Cond>,
) -> Result<Layout, Cond> {
    if let Some((_, l)) = layouts.iter().find(|(p, _)| p == prefix) {
        if layouts.iter().any(|(p, _)| p.len() > prefix.len() && p.starts_with(prefix)) {
            return Err("the basis strides nest differently at one codomain mode".into());
        }
        return Ok(l.clone());
    }
    let rank = layouts
        .iter()
        .filter(|(p, _)| p.len() > prefix.len() && p.starts_with(prefix))
        .map(|(p, _)| p[prefix.len()] as usize + 1)
        .max()
        .unwrap_or(0);
    let mut modes = Vec::with_capacity(rank);
    let mut path = prefix.to_vec();
    for i in 0..rank as u32 {
        path.push(i);
        let reached = layouts.iter().any(|(p, _)| p.starts_with(&path));
        modes.push(if reached { tree(layouts, &path, missing)? } else { missing(&path)? });
        path.pop();
    }
    Ok(Layout::from_modes(modes))
}

/// `c@path` (an integer at the empty path).
pub(super) fn basis(c: i64, path: &[u32]) -> Result<Leaf, Cond> {
    if path.is_empty() {
        return Ok(Leaf::Int(c));
    }
    Ok(Leaf::Basis(Box::new(ScaledBasis::new(c, 1, path.iter().rev().copied().collect())?)))
}
