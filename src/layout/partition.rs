//! Thread partitioning of a tiled copy (CuTe `ThrCopy::partition_S/D`).
//!
//! Follows CuTe's `TiledCopy::tidfrg_S/D` and `tile2thrfrg`: the tensor is
//! divided by the copy's tiler, and the tile mode is recomposed with the
//! thread-value layout so that it is indexed by (thread, value); a thread's
//! partition is the slice at its thread index:
//!
//! ```text
//! atom_tv   = zipped_divide(layout_tv, (atom_threads, atom_values))
//! trg_tv    = atom_tv ∘ [right_inverse(atom_ref) ∘ atom_trg ; _]
//! thrval2mn = coalesce(zip(trg_tv), (1,(1,1)))
//! tv        = zipped_divide(tensor, tiler) ∘ [thrval2mn ; _]
//! tidfrg    = tv((_,_), _)                      -- (thr, val, (rest...))
//! partition = tidfrg(thr, _, (_,...))           -- (val, rest...)
//! ```

use super::dynamic_tiling::{tile, Tiling};
use super::error::LayoutError;
use super::ops;
use super::tuple::{IntTuple, Layout, Leaf, Tiler};
use super::tuple_ops::{partition_coord, slice_layout};

fn fail(condition: impl Into<String>) -> LayoutError {
    LayoutError::new("tiled_copy_partition", Vec::new(), condition)
}

/// `((a,b),(c,d)) -> ((a,c),(b,d))` (CuTe `zip` of a rank-2 of rank-2s).
fn zip2(l: &Layout) -> Result<Layout, LayoutError> {
    let modes = l.modes();
    let (Some(first), Some(second)) = (modes.first(), modes.get(1)) else {
        return Err(fail(format!("{l} is not rank 2")));
    };
    let inner = |m: &Layout| -> Result<(Layout, Layout), LayoutError> {
        let parts = m.modes();
        match (parts.len(), m.shape().is_leaf()) {
            (2, false) => Ok((parts[0].clone(), parts[1].clone())),
            _ => Err(fail(format!("mode {m} of {l} is not a (thread, value) pair"))),
        }
    };
    let ((a, b), (c, d)) = (inner(first)?, inner(second)?);
    Ok(Layout::pair(Layout::pair(a, c), Layout::pair(b, d)))
}

fn underscore() -> IntTuple {
    IntTuple::Leaf(Leaf::Underscore)
}

/// `tidfrg_S/D`: the tensor as `(thread, value, (rest...))`.
pub fn tidfrg(
    tensor: &Layout,
    layout_tv: &Layout,
    tiler: &Tiler,
    atom_ref: &Layout,
    atom_trg: &Layout,
) -> Result<Layout, LayoutError> {
    let atom_modes = atom_ref.modes();
    if atom_ref.shape().is_leaf() || atom_modes.len() != 2 {
        return Err(fail(format!("the atom's reference layout {atom_ref} is not (threads, values)")));
    }
    let (threads, values) = (ops::size(&atom_modes[0])?, ops::size(&atom_modes[1])?);
    let ref2trg = ops::composition(&ops::right_inverse(atom_ref)?, atom_trg)?;
    let atom_tv = ops::zipped_divide(layout_tv, &Tiler::Shape(IntTuple::tuple(vec![threads, values])))?;
    let trg_tv = ops::composition_tiler(&atom_tv, &Tiler::ByMode(vec![Tiler::Layout(ref2trg), Tiler::Underscore]))?;
    let profile = IntTuple::tuple(vec![IntTuple::int(1), IntTuple::tuple(vec![IntTuple::int(1), IntTuple::int(1)])]);
    let thrval2mn = ops::coalesce_profile(&zip2(&trg_tv)?, &profile)?;
    // The tensor may have run-time extents and strides (a global tensor):
    // these two steps go through the run-time-capable tiling.
    let zipped = tile(Tiling::ZippedDivide, tensor, tiler)?;
    let tv = match &zipped.modes()[..] {
        [tile_mode, rest] => Layout::pair(tile(Tiling::Composition, tile_mode, &Tiler::Layout(thrval2mn))?, rest.clone()),
        _ => return Err(fail(format!("{zipped} is not (tile, rest)"))),
    };
    let unfold = IntTuple::tuple(vec![IntTuple::tuple(vec![underscore(), underscore()]), underscore()]);
    slice_layout(&unfold, &tv, true)
}

/// `partition_S/D`: one thread's `(value, rest...)` of a `tidfrg` layout.
pub fn thread_partition(tidfrg: &Layout) -> Result<Layout, LayoutError> {
    let rest = tidfrg.shape().mode(2).ok_or_else(|| fail(format!("{tidfrg} is not (thread, value, rest)")))?;
    let rest_coord = if rest.is_leaf() {
        underscore()
    } else {
        IntTuple::tuple(vec![underscore(); rest.rank()])
    };
    // The thread index is a (possibly dynamic) integer: it removes mode 0.
    let coord = IntTuple::tuple(vec![IntTuple::int(0), underscore(), rest_coord]);
    slice_layout(&coord, tidfrg, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{parse_layout, parse_tiler};
    use std::collections::BTreeSet;

    fn l(s: &str) -> Layout {
        parse_layout(s).unwrap()
    }

    /// The entries of a `(thread, ...)` table that belong to thread `t` of
    /// `threads` (thread is the innermost, col-major index).
    fn of_thread(table: &[i64], threads: i64, t: i64) -> impl Iterator<Item = i64> + '_ {
        table.iter().enumerate().filter(move |(i, _)| *i as i64 % threads == t).map(|(_, &o)| o)
    }

    /// Every thread's partition addresses exactly the tensor elements that the
    /// thread-value layout gives it, over all tiles; together, all elements.
    #[test]
    fn partitions_cover_each_threads_elements() {
        let tensor = l("(16,8):(1,16)");
        let tiler = parse_tiler("[8:1;4:1]").unwrap();
        // 8 threads along M (one value each per column), 4 values along N.
        let layout_tv = l("(8,4):(1,8)");
        let unit = l("(1,1):(0,1)");
        let frg = tidfrg(&tensor, &layout_tv, &tiler, &unit, &unit).unwrap();
        assert_eq!(ops::size(&frg).unwrap().as_int(), Some(128));
        let part = thread_partition(&frg).unwrap();
        assert_eq!(part.rank(), 3, "{part}");
        let mut all = BTreeSet::new();
        let zipped = ops::zipped_divide(&tensor, &tiler).unwrap();
        let table = ops::table(&frg).unwrap();
        let threads = 8;
        for t in 0..threads {
            let mine: BTreeSet<i64> = of_thread(&table, threads, t).collect();
            // The same thread from the thread-value layout: tile coordinate
            // layout_tv(t, v), in every tile.
            let tile = zipped.mode(0).unwrap();
            let rest = zipped.mode(1).unwrap();
            let mut want = BTreeSet::new();
            for v in 0..4 {
                let in_tile = ops::crd2idx(&IntTuple::tuple(vec![IntTuple::int(t), IntTuple::int(v)]), &layout_tv).unwrap();
                let base = ops::table(&tile).unwrap()[in_tile as usize];
                for r in ops::table(&rest).unwrap() {
                    want.insert(base + r);
                }
            }
            assert_eq!(mine, want, "thread {t}");
            all.extend(mine);
        }
        assert_eq!(all, (0..128).collect::<BTreeSet<_>>());
    }

    /// CuTe's `retile` of MMA fragments for ldmatrix tiled copies
    /// (`tests/fixtures/retile_cases.txt`, from the CuTe DSL: five atom
    /// layouts, A with x4 / x2, B with x2 / x1, both smem majors).
    #[test]
    fn retile_is_cute_s() {
        let cases = include_str!("../../tests/fixtures/retile_cases.txt");
        let mut checked = 0;
        for line in cases.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let [_, _, _, num, _, layout_tv, tiler, fragment, want] = f[..] else { panic!("bad line {line}") };
            let tiler = parse_tiler(&format!("[{}]", tiler.trim_matches(|c| c == '(' || c == ')').replace(',', ";"))).unwrap();
            let atom_values = 2 * num.parse::<i64>().unwrap();
            let got = retile(&l(fragment), &l(layout_tv), &tiler, atom_values).unwrap();
            assert_eq!(got.to_string(), want, "retile of {fragment} by {layout_tv} ({line})");
            checked += 1;
        }
        assert_eq!(checked, 40);
    }

    /// Partitions with an ldmatrix/stmatrix atom (CuTe's `(thread, value) ->
    /// bit` traits upcast to 16-bit elements), tiled by its own reference
    /// layout over a 1-D tensor of two tiles: thread `t` of `partition_S`/`_D`
    /// gets exactly the element offsets `trg(t, v)` the atom gives it, in
    /// every tile (so source threads that only repeat a row address see that
    /// row again).
    #[test]
    fn matrix_copy_atoms_partition_by_their_own_layouts() {
        let smem = ["((8,4),128):((128,0),1)", "((16,2),128):((128,0),1)", "(32,128):(128,1)"];
        let regs = [
            "(32,32):(32,1)",
            "(32,(32,2)):(32,(1,1024))",
            "(32,(32,4)):(32,(1,1024))",
            "((4,8),(16,2)):((256,16),(1,128))",
            "((4,8),(16,2,2)):((256,16),(1,128,1024))",
            "((4,8),(16,2,4)):((256,16),(1,128,1024))",
        ];
        let elements = |bits: &str| ops::upcast(&l(bits), 16).unwrap();
        for (i, reg) in regs.iter().enumerate() {
            let (reg, smem) = (elements(reg), elements(smem[i % 3]));
            // ldmatrix (smem -> regs) and stmatrix (regs -> smem) both take
            // the register side as reference; either side is a target.
            let atom_ref = &reg;
            let n = ops::size(atom_ref).unwrap().as_int().unwrap();
            let tensor = l(&format!("{}:1", 2 * n));
            let tiler = parse_tiler(&format!("[{n}:1]")).unwrap();
            for trg in [&smem, &reg] {
                let frg = tidfrg(&tensor, atom_ref, &tiler, atom_ref, trg).unwrap();
                let table = ops::table(&frg).unwrap();
                let trg_table = ops::table(trg).unwrap();
                for t in 0..32 {
                    let mine: BTreeSet<i64> = of_thread(&table, 32, t).collect();
                    let want: BTreeSet<i64> = of_thread(&trg_table, 32, t).flat_map(|o| [o, o + n]).collect();
                    assert_eq!(mine, want, "atom {atom_ref} target {trg} thread {t}");
                }
            }
        }
    }
}

/// [`thread_partition`] at thread index `tid` (static or run-time): the
/// partition's layout and its offset in the tensor (the coordinate
/// `(tid, 0, (0,...))` through `tidfrg`), which moves a view's iterator.
pub fn thread_partition_at(tidfrg: &Layout, tid: &Leaf) -> Result<(Layout, IntTuple), LayoutError> {
    let layout = thread_partition(tidfrg)?;
    let zeros = |t: &IntTuple| underscores_as_zero(&match t {
        IntTuple::Leaf(_) => underscore(),
        IntTuple::Tuple(items) => IntTuple::tuple(vec![underscore(); items.len()]),
    });
    let modes: Vec<IntTuple> = (0..3).map(|i| tidfrg.shape().mode(i).cloned().unwrap_or_else(|| IntTuple::int(1))).collect();
    let coord = IntTuple::tuple(vec![IntTuple::Leaf(tid.clone()), zeros(&modes[1]), zeros(&modes[2])]);
    let offset = ops::crd2idx_tuple(&coord, tidfrg)?;
    Ok((layout, offset))
}

/// The tiler of CuTe's `local_partition` by a thread layout: the size of
/// each of its modes.
pub fn thread_tiler(threads: &Layout) -> Result<Tiler, LayoutError> {
    let sizes = threads.modes().iter().map(ops::size).collect::<Result<Vec<_>, _>>()?;
    Ok(Tiler::Shape(if threads.shape().is_leaf() { sizes[0].clone() } else { IntTuple::Tuple(sizes) }))
}

/// CuTe's `local_tile` (`keep_tile`: `inner_partition`) or `local_partition`
/// (`outer_partition`) of `source` by `tiler` at `coord`: the partition's
/// layout and its offset in `source` (the sliced coordinate, `_` read as
/// 0, through the divided layout), which moves a view's iterator.
pub fn local_partition(
    source: &Layout,
    tiler: &Tiler,
    coord: &IntTuple,
    keep_tile: bool,
) -> Result<(Layout, IntTuple), String> {
    let zipped = tile(Tiling::ZippedDivide, source, tiler).map_err(|e| e.to_string())?;
    let op = if keep_tile { "local_tile" } else { "local_partition" };
    let coord = partition_coord(&zipped, coord, keep_tile).map_err(|e| format!("{op}: {e}"))?;
    let layout = slice_layout(&coord, &zipped, true).map_err(|e| e.to_string())?;
    let offset = ops::crd2idx_tuple(&underscores_as_zero(&coord), &zipped).map_err(|e| e.to_string())?;
    Ok((layout, offset))
}

/// `coord` with every `_` replaced by 0 (the origin of a slice).
pub fn underscores_as_zero(coord: &IntTuple) -> IntTuple {
    match coord {
        IntTuple::Leaf(Leaf::Underscore) => IntTuple::int(0),
        IntTuple::Leaf(l) => IntTuple::Leaf(l.clone()),
        IntTuple::Tuple(items) => IntTuple::Tuple(items.iter().map(underscores_as_zero).collect()),
    }
}

/// CuTe's `TiledCopy::retile(tensor)`: a thread's fragment `(V, rest...)`
/// (e.g. partitioned by a tiled MMA) re-grouped as the tiled copy's values:
/// `((atom_values, rest_values), rest...)`, over the same elements.
/// `layout_tv` and `tiler` are the tiled copy's, `atom_values` the atom's
/// values per thread (in elements).
///
/// ```text
/// frg_mn = upcast<threads * V>(right_inverse(layout_tv) ∘ make_layout(tiler shape))
/// frg_v  = zipped_divide(logical_product(V:1, right_inverse(frg_mn)), atom_values:1)
/// t      = zipped_divide(tensor, (V, product_each(shape(frg_mn))...))
/// retile = (t ∘ [frg_v ; _])(_, (0, _, ...))
/// ```
pub fn retile(tensor: &Layout, layout_tv: &Layout, tiler: &Tiler, atom_values: i64) -> Result<Layout, LayoutError> {
    let modes = tensor.modes();
    let first = if tensor.shape().is_leaf() { tensor.clone() } else { modes[0].clone() };
    let v = ops::size(&first)?;
    let threads = ops::size(layout_tv.modes().first().ok_or_else(|| fail(format!("{layout_tv} is not (thread, value)")))?)?;
    let (Some(v_int), Some(threads_int)) = (v.as_int(), threads.as_int()) else {
        return Err(fail("retile needs a static value mode and thread count"));
    };
    let tile_shape = match tiler {
        Tiler::ByMode(parts) => IntTuple::tuple(
            parts
                .iter()
                .map(|p| match p {
                    Tiler::Layout(l) => ops::size(l),
                    Tiler::Shape(s) => Ok(s.clone()),
                    _ => Err(fail(format!("the tiler {tiler} has a mode that is not a layout"))),
                })
                .collect::<Result<_, _>>()?,
        ),
        Tiler::Shape(s) => s.clone(),
        Tiler::Layout(l) => l.shape().clone(),
        Tiler::Underscore => return Err(fail("retile needs a tiler")),
    };
    let mn = ops::composition(&ops::right_inverse(layout_tv)?, &super::make::make_layout(&tile_shape)?)?;
    let frg_mn = ops::upcast(&mn, threads_int * v_int)?;
    let product = ops::logical_product(&super::make::make_layout(&IntTuple::int(v_int))?, &ops::right_inverse(&frg_mn)?)?;
    let frg_v = ops::zipped_divide(&product, &Tiler::Shape(IntTuple::int(atom_values)))?;
    let frg_shape = frg_mn.shape();
    let sizes: Vec<IntTuple> = if frg_shape.is_leaf() {
        vec![frg_shape.clone()]
    } else {
        (0..frg_shape.rank()).map(|i| ops::size_of(frg_shape.mode(i).expect("mode"))).collect::<Result<_, _>>()?
    };
    let mut tile_modes = vec![Tiler::Shape(IntTuple::int(v_int))];
    tile_modes.extend(sizes.into_iter().map(Tiler::Shape));
    // Modes of the tensor beyond the tile stay whole.
    let rank = if tensor.shape().is_leaf() { 1 } else { tensor.rank() };
    while tile_modes.len() < rank {
        tile_modes.push(Tiler::Underscore);
    }
    let t = tile(Tiling::ZippedDivide, tensor, &Tiler::ByMode(tile_modes))?;
    let [tile_mode, rest] = &t.modes()[..] else { return Err(fail(format!("{t} is not (tile, rest)"))) };
    let v_tensor = Layout::pair(tile(Tiling::Composition, tile_mode, &Tiler::Layout(frg_v))?, rest.clone());
    let rest_rank = rest.shape().rank().max(1);
    let mut rest_coord = vec![IntTuple::int(0)];
    rest_coord.extend(std::iter::repeat_n(underscore(), rest_rank.saturating_sub(1)));
    let rest_coord = if rest.shape().is_leaf() { IntTuple::int(0) } else { IntTuple::tuple(rest_coord) };
    slice_layout(&IntTuple::tuple(vec![underscore(), rest_coord]), &v_tensor, true)
}
