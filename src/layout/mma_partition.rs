//! MMA partitioning (CuTe `TiledMMA::thrfrg_A/B/C`, `ThrMMA::partition_A/B/C`,
//! `get_layoutA/B/C_TV`), without permutations: the tiled MMA's tile is
//! the atom's `(M,N,K)` times the atom layout's shape.
//!
//! ```text
//! thrfrg_X(T)   T: (X,Y) = (M,K) for A, (N,K) for B, (M,N) for C
//!   atoms  = zipped_divide(T, (AtomX, AtomY))          ((AtomX,AtomY),(RestX,RestY))
//!   tv     = atoms ∘ [atom_tv ; _]                     ((ThrV,FrgV),(RestX,RestY))
//!   thrfrg = zip of tv's mode 0 and zipped_divide(rest, (ThrX, ThrY))
//!                                                      ((ThrV,(ThrX,ThrY)),(FrgV,(RestX',RestY')))
//! partition_X(T, tid) = thrfrg_X(T)((v,(x,y)), (_,(_,_)))   (FrgV, RestX', RestY')
//! ```
//!
//! where `(v, m, n, k)` is the thread's coordinate in `thr_layout_vmnk =
//! (atom threads, atom layout)` (CuTe's `get_flat_coord`: `(tid / d_i) %
//! s_i` per mode). Static or run-time thread indices (the division and
//! modulo are recorded for the lowering like every run-time step).

use super::dynamic_tiling::{tile, Tiling};
use super::error::LayoutError;
use super::ops;
use super::tuple::{IntTuple, Layout, Leaf, Tiler};
use super::tuple_ops::{slice_layout, TupleOp};

fn fail(condition: impl Into<String>) -> LayoutError {
    LayoutError::new("tiled_mma_partition", Vec::new(), condition)
}

/// Which MMA operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmaOperand {
    A,
    B,
    C,
}

impl MmaOperand {
    /// The (X, Y) modes of the operand among (M, N, K).
    fn modes(self) -> (usize, usize) {
        match self {
            MmaOperand::A => (0, 2),
            MmaOperand::B => (1, 2),
            MmaOperand::C => (0, 1),
        }
    }
}

/// An MMA atom's partitioning facts (CuTe's `MMA_Traits`): its `(M,N,K)`,
/// its thread count, and its `(thread, value) -> (X,Y)` layouts of A, B, C
/// (the (X,Y) index is column-major within the atom's tile).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmaAtomLayouts {
    pub shape_mnk: [i64; 3],
    pub threads: i64,
    pub a: Layout,
    pub b: Layout,
    pub c: Layout,
}

impl MmaAtomLayouts {
    fn tv(&self, which: MmaOperand) -> &Layout {
        match which {
            MmaOperand::A => &self.a,
            MmaOperand::B => &self.b,
            MmaOperand::C => &self.c,
        }
    }
}

/// The sizes of the atom layout's (M, N, K) modes (a rank-3 layout).
fn atom_layout_sizes(atom_layout: &Layout) -> Result<[i64; 3], LayoutError> {
    let modes = atom_layout.modes();
    if atom_layout.shape().is_leaf() || modes.len() != 3 {
        return Err(fail(format!("the atom layout {atom_layout} is not (M,N,K)")));
    }
    let mut sizes = [0; 3];
    for (i, m) in modes.iter().enumerate() {
        sizes[i] = ops::size(m)?.as_int().ok_or_else(|| fail(format!("the atom layout {atom_layout} is not static")))?;
    }
    Ok(sizes)
}

/// The tiled MMA's (M, N, K) tile: the atom's shape times the atom layout's.
pub fn tile_mnk(atom: &MmaAtomLayouts, atom_layout: &Layout) -> Result<[i64; 3], LayoutError> {
    let sizes = atom_layout_sizes(atom_layout)?;
    Ok([0, 1, 2].map(|i| atom.shape_mnk[i] * sizes[i]))
}

/// The number of threads of the tiled MMA.
pub fn thread_count(atom: &MmaAtomLayouts, atom_layout: &Layout) -> Result<i64, LayoutError> {
    Ok(atom.threads * atom_layout_sizes(atom_layout)?.iter().product::<i64>())
}

/// `thrfrg_X(tensor)`: `((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY)))`.
pub fn thrfrg(tensor: &Layout, atom: &MmaAtomLayouts, atom_layout: &Layout, which: MmaOperand) -> Result<Layout, LayoutError> {
    let (x, y) = which.modes();
    let sizes = atom_layout_sizes(atom_layout)?;
    if tensor.rank() < 2 || tensor.shape().is_leaf() {
        return Err(fail(format!("{which:?} operand {tensor} has no (X,Y) modes (rank 2 or more)")));
    }
    let atom_tile = Tiler::Shape(IntTuple::tuple(vec![IntTuple::int(atom.shape_mnk[x]), IntTuple::int(atom.shape_mnk[y])]));
    let atoms = tile(Tiling::ZippedDivide, tensor, &atom_tile)?;
    let [tile_mode, rest] = &atoms.modes()[..] else { return Err(fail(format!("{atoms} is not (tile, rest)"))) };
    let tv = tile(Tiling::Composition, tile_mode, &Tiler::Layout(atom.tv(which).clone()))?;
    let thr_tile = Tiler::Shape(IntTuple::tuple(vec![IntTuple::int(sizes[x]), IntTuple::int(sizes[y])]));
    let rest = tile(Tiling::ZippedDivide, rest, &thr_tile)?;
    let (tv_modes, rest_modes) = (tv.modes(), rest.modes());
    let ([thr_v, frg_v], [thr_xy, rest_xy]) = (&tv_modes[..], &rest_modes[..]) else {
        return Err(fail(format!("{tv} is not (thread, value) or {rest} is not (threads, rest)")));
    };
    Ok(Layout::pair(Layout::pair(thr_v.clone(), thr_xy.clone()), Layout::pair(frg_v.clone(), rest_xy.clone())))
}

/// The thread's `(v, m, n, k)` in `(atom threads, atom layout)`: CuTe's
/// `get_flat_coord`, `(tid / d) % s` per mode (0 for a mode of size 1).
pub fn thread_vmnk(tid: &Leaf, atom: &MmaAtomLayouts, atom_layout: &Layout) -> Result<[Leaf; 4], LayoutError> {
    let sizes = atom_layout_sizes(atom_layout)?;
    let modes = atom_layout.modes();
    let coord = |size: i64, stride: &IntTuple| -> Result<Leaf, LayoutError> {
        if size == 1 {
            return Ok(Leaf::Int(0));
        }
        let Some(Leaf::Int(d)) = stride.leaves().first().copied().cloned() else {
            return Err(fail(format!("the atom layout {atom_layout} has a non-static stride")));
        };
        let quotient = TupleOp::Div.apply_leaf(tid, &Leaf::Int(d * atom.threads)).map_err(fail)?;
        TupleOp::Mod.apply_leaf(&quotient, &Leaf::Int(size)).map_err(fail)
    };
    let v = TupleOp::Mod.apply_leaf(tid, &Leaf::Int(atom.threads)).map_err(fail)?;
    let mut out = [v, Leaf::Int(0), Leaf::Int(0), Leaf::Int(0)];
    for i in 0..3 {
        if modes[i].shape().rank() > 1 && !modes[i].shape().is_leaf() {
            return Err(fail(format!("the atom layout {atom_layout} has a nested mode")));
        }
        out[i + 1] = coord(sizes[i], modes[i].stride())?;
    }
    Ok(out)
}

/// `partition_X(tensor)` of thread `tid`: `(FrgV, RestX, RestY)` and its
/// offset in `tensor`.
pub fn partition_at(
    tensor: &Layout,
    atom: &MmaAtomLayouts,
    atom_layout: &Layout,
    which: MmaOperand,
    tid: &Leaf,
) -> Result<(Layout, IntTuple), LayoutError> {
    let frg = thrfrg(tensor, atom, atom_layout, which)?;
    let [v, m, n, k] = thread_vmnk(tid, atom, atom_layout)?;
    let (x, y) = match which {
        MmaOperand::A => (m, k),
        MmaOperand::B => (n, k),
        MmaOperand::C => (m, n),
    };
    let leaf = |l: Leaf| IntTuple::Leaf(l);
    let under = || IntTuple::Leaf(Leaf::Underscore);
    let thread = IntTuple::tuple(vec![leaf(v), IntTuple::tuple(vec![leaf(x), leaf(y)])]);
    // (_, (_,_,...)): the values and every rest mode (a tensor may carry
    // more modes than X and Y, e.g. pipeline stages: they stay rest modes).
    let rest_rank = frg.shape().mode(1).and_then(|m| m.mode(1)).map(IntTuple::rank).unwrap_or(2);
    let rest = |v: IntTuple| IntTuple::tuple(vec![v.clone(), IntTuple::tuple(vec![v; rest_rank])]);
    let slice = IntTuple::tuple(vec![thread.clone(), rest(under())]);
    let layout = slice_layout(&slice, &frg, true)?;
    let origin = IntTuple::tuple(vec![thread, rest(IntTuple::int(0))]);
    let offset = ops::crd2idx_tuple(&origin, &frg)?;
    Ok((layout, offset))
}

/// CuTe's `get_layoutA/B/C_TV`: `(thread index, value) -> (X,Y)` over the
/// tiled MMA's (X,Y) tile, for `make_tiled_copy_A/B/C`.
pub fn layout_tv(atom: &MmaAtomLayouts, atom_layout: &Layout, which: MmaOperand) -> Result<Layout, LayoutError> {
    let tile = tile_mnk(atom, atom_layout)?;
    let (x, y) = which.modes();
    let reference = super::make::make_layout(&IntTuple::tuple(vec![IntTuple::int(tile[x]), IntTuple::int(tile[y])]))?;
    // ((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY))) -> (X,Y)
    let frg = thrfrg(&reference, atom, atom_layout, which)?;
    // The thread mode over (ThrV,(ThrX,ThrY)) re-indexed by the thread index:
    // thread index -> (v,m,n,k), and (v,m,n,k) -> (v,(x,y)) ignores the
    // third mode (stride 0).
    let sizes = atom_layout_sizes(atom_layout)?;
    let vmnk = Layout::new(
        IntTuple::tuple(vec![IntTuple::int(atom.threads), atom_layout.shape().clone()]),
        IntTuple::tuple(vec![IntTuple::int(1), scale(atom_layout.stride(), atom.threads)]),
    )
    ?;
    let thridx_to_vmnk = ops::right_inverse(&vmnk)?;
    // (v,m,n,k) as a column-major index -> the (v,(x,y)) index of frg's thread mode.
    let (sv, ex) = (atom.threads, sizes[x]);
    let select = |i: usize, pos: i64| if i == x { pos } else if i == y { pos * ex } else { 0 };
    let vmnk_to_vxy = Layout::new(
        IntTuple::tuple(vec![IntTuple::int(sv), IntTuple::int(sizes[0]), IntTuple::int(sizes[1]), IntTuple::int(sizes[2])]),
        IntTuple::tuple(vec![IntTuple::int(1), IntTuple::int(sv * select(0, 1)), IntTuple::int(sv * select(1, 1)), IntTuple::int(sv * select(2, 1))]),
    )
    ?;
    let thread_mode = ops::composition(&ops::composition(&frg.modes()[0], &vmnk_to_vxy)?, &thridx_to_vmnk)?;
    let value_mode = frg.modes()[1].clone();
    Ok(Layout::pair(thread_mode, value_mode))
}

fn scale(stride: &IntTuple, by: i64) -> IntTuple {
    match stride {
        IntTuple::Leaf(Leaf::Int(v)) => IntTuple::int(v * by),
        IntTuple::Leaf(l) => IntTuple::Leaf(l.clone()),
        IntTuple::Tuple(items) => IntTuple::Tuple(items.iter().map(|s| scale(s, by)).collect()),
    }
}
