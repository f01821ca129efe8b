//! The thread-value maps of tiled copies and tiled MMAs as pictures, from
//! their textual `!cute.tiled_copy<...>` / `!cute.tiled_mma<...>` types,
//! through the same partitioning code the dialect uses
//! (`layout::mma_partition::layout_tv`, the registry's atom layouts): which
//! thread holds which value of each tile element.

use crate::dialect::{composite_parts, spec, type_spec, Composite};
use crate::layout::render::TvGrid;
use crate::layout::{mma_partition, size, IntTuple, Layout};

/// The operand of a tiled MMA to draw.
pub use crate::layout::mma_partition::MmaOperand;

fn static_size(l: &Layout) -> Result<i64, String> {
    size(l).ok().and_then(|s| s.as_int()).ok_or_else(|| format!("{l} has a run-time size"))
}

/// The grid of a `(thread, value) -> index` layout over an `rows x cols`
/// column-major tile: each cell gets its first (thread, value).
fn grid_of(tv: &Layout, rows: i64, cols: i64, threads: i64) -> Result<TvGrid, String> {
    if rows * cols > crate::layout::render::MAX_CELLS {
        return Err(format!("{rows} x {cols} cells are too many to draw (at most {})", crate::layout::render::MAX_CELLS));
    }
    let values = static_size(&tv.mode(1).ok_or("a (thread, value) layout")?)?;
    let mut cells = vec![vec![None; cols as usize]; rows as usize];
    for t in 0..threads {
        for v in 0..values {
            let index = crate::layout::crd2idx(&IntTuple::tuple(vec![IntTuple::int(t), IntTuple::int(v)]), tv).map_err(|e| e.to_string())?;
            let (m, n) = ((index % rows) as usize, (index / rows) as usize);
            if n < cols as usize && cells[m][n].is_none() {
                cells[m][n] = Some((t, v));
            }
        }
    }
    Ok(TvGrid { cells, threads })
}

/// The thread-value grid of a textual tiled MMA type for one operand (A:
/// M x K, B: N x K, C: M x N), or of a tiled copy (its tile).
pub fn tv_grid(type_text: &str, operand: MmaOperand) -> Result<TvGrid, String> {
    let registry = melior::dialect::DialectRegistry::new();
    crate::dialect::register(&registry);
    let context = melior::Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    let ty = melior::ir::Type::parse(&context, type_text).ok_or_else(|| format!("cannot parse the type {type_text}"))?;
    let parts = composite_parts(ty).ok_or_else(|| format!("{type_text} is not a tiled copy or tiled MMA type"))?;
    match parts.kind {
        Composite::TiledMma => {
            let atom = parts.atom.ok_or("a tiled MMA without an atom")?;
            let layouts = crate::dialect::nvgpu::Atom::of(atom)
                .as_ref()
                .and_then(crate::dialect::nvgpu::mma::atom_layouts)
                .ok_or_else(|| format!("the MMA atom {atom} does not describe its thread-value layouts"))?;
            let (_, text) = parts.layout.and_then(type_spec).ok_or("a tiled MMA without an atom layout")?;
            let atom_layout = spec::parse_checked_layout(text)?;
            let tile = mma_partition::tile_mnk(&layouts, &atom_layout).map_err(|e| e.to_string())?;
            let threads = mma_partition::thread_count(&layouts, &atom_layout).map_err(|e| e.to_string())?;
            let tv = mma_partition::layout_tv(&layouts, &atom_layout, operand).map_err(|e| e.to_string())?;
            let (rows, cols) = match operand {
                MmaOperand::A => (tile[0], tile[2]),
                MmaOperand::B => (tile[1], tile[2]),
                MmaOperand::C => (tile[0], tile[1]),
            };
            grid_of(&tv, rows, cols, threads)
        }
        Composite::TiledCopy => {
            let (_, layout_tv) = parts.layout.and_then(type_spec).ok_or("a tiled copy without a thread-value layout")?;
            let (_, tiler) = parts.tiler.and_then(type_spec).ok_or("a tiled copy without a tile")?;
            let tv = spec::parse_checked_layout(layout_tv)?;
            let tiler = crate::layout::parse_tiler(tiler).map_err(|e| e.to_string())?;
            let extent = |t: &crate::layout::Tiler| -> Result<i64, String> {
                match t {
                    crate::layout::Tiler::Layout(l) => static_size(l),
                    crate::layout::Tiler::Shape(s) => s
                        .leaves()
                        .into_iter()
                        .map(|l| match l {
                            crate::layout::Leaf::Int(v) => Ok(*v),
                            _ => Err(format!("the tile {s} is not static")),
                        })
                        .product(),
                    _ => Err("a tile of `_` modes has no extent".into()),
                }
            };
            let extents: Vec<i64> = match &tiler {
                crate::layout::Tiler::ByMode(modes) => modes.iter().map(extent).collect::<Result<_, _>>()?,
                other => vec![extent(other)?],
            };
            let (rows, cols) = match extents[..] {
                [r] => (r, 1),
                [r, c, ..] => (r, c),
                _ => return Err("an empty tile".into()),
            };
            let threads = static_size(&tv.mode(0).ok_or("a (thread, value) layout")?)?;
            grid_of(&tv, rows, cols, threads)
        }
        _ => Err(format!("{type_text} is not a tiled copy or tiled MMA type")),
    }
}
