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

/// Writes one SVG picture (cells colored by shared-memory bank) per static
/// layout-typed value of `module` into `dir`: every op result that is a
/// `!cute.layout`, `!cute.composed_layout` or a `!cute.view` over one, named
/// `<file>_<line>_<column>[_<result>].svg` after the op's location. Values
/// with run-time leaves have no picture and are skipped. Returns the files
/// written.
pub fn dump_layouts(module: &melior::ir::Module, dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, String> {
    use crate::dialect::SpecKind;
    use crate::layout::render::{svg, Drawable};
    use melior::ir::{operation::OperationLike, ValueLike};
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut pictures = Vec::new();
    let mut failure = None;
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        for i in 0..op.result_count() {
            let Ok(result) = op.result(i) else { continue };
            let ty = result.r#type();
            let layout_type = match composite_parts(ty) {
                Some(parts) if parts.kind == Composite::View => parts.layout,
                _ => Some(ty),
            };
            let Some((kind, text)) = layout_type.and_then(type_spec) else { continue };
            if text.contains('?') {
                continue;
            }
            let bits = composite_parts(ty)
                .and_then(|p| p.iterator)
                .and_then(composite_parts)
                .and_then(|p| p.element)
                .map_or(32, crate::dialect::types::storage_bits);
            let picture = match kind {
                SpecKind::Layout => spec::parse_checked_layout(text).and_then(|l| svg(&Drawable::Layout(&l), bits)),
                SpecKind::ComposedLayout => spec::parse_checked_composed(text).and_then(|c| svg(&Drawable::Composed(&c), bits)),
                _ => continue,
            };
            let Ok(picture) = picture else { continue };
            let name = file_name(&op.location().to_string(), i, op.result_count());
            let path = dir.join(name);
            if let Err(e) = std::fs::write(&path, picture) {
                failure = Some(format!("cannot write {}: {e}", path.display()));
                return melior::ir::operation::WalkResult::Interrupt;
            }
            pictures.push(path);
        }
        melior::ir::operation::WalkResult::Advance
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(pictures),
    }
}

/// `loc("dir/kernel.mlir":12:5)` -> `kernel.mlir_12_5[_r].svg`; other
/// locations fall back to their characters that are safe in a file name.
fn file_name(location: &str, result: usize, results: usize) -> String {
    let inner = location.trim_start_matches("loc(").trim_end_matches(')');
    let stem = match inner.rsplit_once("\":") {
        Some((file, line_col)) => {
            let file = file.trim_start_matches('"');
            let base = std::path::Path::new(file).file_name().map_or(file.to_string(), |f| f.to_string_lossy().into_owned());
            format!("{base}_{}", line_col.replace(':', "_"))
        }
        None => inner.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '_' }).collect(),
    };
    if results > 1 {
        format!("{stem}_{result}.svg")
    } else {
        format!("{stem}.svg")
    }
}
