//! `composition(A, B)` and by-mode composition with a tiler (CuTe
//! `include/cute/layout.hpp`, `composition_impl`).

use super::buf::Buf;
use super::common::*;
use super::coalesce::{bw_coalesce_int, Unit};
use super::tiling::{by_mode, elem, Elem, TilerArg};
use super::error::{arith, Cond, LayoutError};
use super::tuple::{IntTuple, Layout, Leaf};

/// `composition(A, B)`: `R(i) = A(B(i))`, with `B`'s mode structure.
///
/// Admissibility (otherwise an error): per leaf `s:d` of `B`, the stride `d`
/// must walk `A`'s coalesced modes by divisibility — each mode is either
/// skipped (`d` multiple of it) or split (`d` divides it) — and `s` must
/// divide / be divided by the extents it spans (CUTLASS 3177).
///
/// A mode that `d` neither divides nor skips, or that `s` does not divide, is
/// still accepted if the whole of `s` fits in it (the DSL's relaxation; the
/// leaf's result is then exact). Right-distributivity over `B`'s leaves is
/// only exact when, in every mode of `A` but the last, the leaves' coordinate
/// contributions add up without a carry; otherwise the result would not be
/// `i -> A(B(i))` (the DSL returns such wrong layouts) and it is rejected.
/// Leaves of both stride signs are rejected for the same reason.
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    wrap!("composition", [a, b], compose_one(LRef::of(a), LRef::of(b)))
}

/// `composition(A, tiler)` by mode: mode `i` of `A` is composed with element
/// `i` of the tiler; modes of `A` beyond the tiler are dropped (current CuTe).
pub fn composition_tiler<'t>(a: &Layout, t: impl Into<TilerArg<'t>>) -> Result<Layout, LayoutError> {
    let t = t.into();
    wrap!("composition", [a, t], compose_tiler(LRef::of(a), t))
}

/// A composition in progress: the prepared left operand and, per mode of it
/// (all but the last), the sum over the right operand's leaves of the largest
/// coordinate each leaf reaches in it.
pub(super) struct Composer {
    pub(super) lhs: Modes,
    acc: Acc,
}

/// What the leaves of the right operand have reached so far: per mode of the
/// left operand (all but the last), the sum of the largest coordinates, and
/// the stride signs seen.
struct Acc {
    coord: Buf<i64, 8>,
    pos: bool,
    neg: bool,
}

// Composers are filled in place (`load`, `prepare`) rather than returned:
// moving the inline buffers costs more than the arithmetic on small layouts.
impl Composer {
    pub(super) fn empty() -> Self {
        Composer {
            lhs: Modes::new(),
            acc: Acc {
                coord: Buf::new(),
                pos: false,
                neg: false,
            },
        }
    }

    /// Prepares `A` as the left operand.
    fn load(&mut self, a: LRef) -> Result<(), Cond> {
        flat_modes(a, &mut self.lhs)?;
        self.prepare()
    }

    /// Prepares the flat modes already in `self.lhs` (all shapes positive).
    pub(super) fn prepare(&mut self) -> Result<(), Cond> {
        composition_lhs(&mut self.lhs)?;
        if self.lhs.is_empty() {
            return Err("the layout has no modes".into());
        }
        for _ in 1..self.lhs.len() {
            self.acc.coord.push(0);
        }
        Ok(())
    }

    /// `A o part`, where `part` is one top-level mode of the right operand.
    pub(super) fn apply(&mut self, part: LRef) -> Result<Layout, Cond> {
        compose_tree(&self.lhs, &mut self.acc, part.s, part.d)
    }

    /// `A o layout_from_modes(modes)` without building that layout.
    pub(super) fn apply_modes(&mut self, modes: &[(i64, i64)]) -> Result<Layout, Cond> {
        if let [(s, d)] = modes {
            return compose_leaf(&self.lhs, &mut self.acc, *s, *d);
        }
        let mut shapes = Vec::with_capacity(modes.len());
        let mut strides = Vec::with_capacity(modes.len());
        for &(s, d) in modes {
            let (x, y) = compose_leaf(&self.lhs, &mut self.acc, s, d)?.into_parts();
            shapes.push(x);
            strides.push(y);
        }
        Ok(Layout::from_parts(IntTuple::Tuple(shapes), IntTuple::Tuple(strides)))
    }

    /// Checks that the parts distribute: no carries, one stride sign.
    pub(super) fn finish(self) -> Result<(), Cond> {
        if self.acc.pos && self.acc.neg && self.lhs.len() > 1 {
            return Err("the tiler has strides of both signs, which do not distribute over a multi-mode layout (inadmissible)".into());
        }
        for (j, (&c, &(sj, _))) in self.acc.coord.iter().zip(self.lhs.iter()).enumerate() {
            if c >= sj {
                return Err(format!(
                    "the tiler's modes together reach coordinate {c} of mode {j} of extent {sj}: their images add up across a mode boundary (inadmissible)"
                ));
            }
        }
        Ok(())
    }
}

/// The left operand of a composition, coalesced in place as the DSL does:
/// like `bw_coalesce` but a trailing shape-1 mode is kept (it carries the
/// stride that extends the layout beyond its domain) and a single mode is kept
/// as is.
fn composition_lhs(modes: &mut Modes) -> Result<(), Cond> {
    let n = modes.len();
    if n == 0 {
        return Ok(());
    }
    // Fold right-to-left; `w` indexes the current front mode.
    let mut w = n - 1;
    for i in (0..n - 1).rev() {
        let (s, d) = modes[i];
        if s == 1 {
            continue;
        }
        let front = modes[w];
        if s.checked_mul(d) == Some(front.1) {
            modes[w] = (arith::mul(s, front.0)?, d);
        } else {
            w -= 1;
            modes[w] = (s, d);
        }
    }
    modes.copy_within(w.., 0);
    for _ in 0..w {
        modes.pop();
    }
    Ok(())
}

fn compose_tree(
    lhs: &[(i64, i64)],
    acc: &mut Acc,
    s: &IntTuple,
    d: &IntTuple,
) -> Result<Layout, Cond> {
    match (s, d) {
        (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => {
            let mut parts = Parts::with_capacity(ss.len());
            for (s, d) in ss.iter().zip(ds) {
                parts.push(match (s, d) {
                    (IntTuple::Leaf(Leaf::Int(s)), IntTuple::Leaf(Leaf::Int(d))) => {
                        compose_leaf(lhs, acc, *s, *d)?
                    }
                    _ => compose_tree(lhs, acc, s, d)?,
                });
            }
            Ok(parts.finish())
        }
        (IntTuple::Leaf(s), IntTuple::Leaf(d)) => compose_leaf(
            lhs,
            acc,
            leaf_static(s, "tiler shape")?,
            leaf_static(d, "tiler stride")?,
        ),
        _ => Err("the tiler's shape and stride are not congruent".into()),
    }
}

fn compose_leaf(lhs: &[(i64, i64)], acc: &mut Acc, s: i64, d: i64) -> Result<Layout, Cond> {
    if d == 0 {
        return Ok(Layout::leaf(s, 0));
    }
    if lhs.len() == 1 {
        return Ok(Layout::leaf(s, arith::mul(d, lhs[0].1)?));
    }
    if d < 0 {
        // CuTe's index -> coordinate map truncates, so it is odd:
        // A(-j) == -A(j). Compose with |d| and negate.
        let seen_pos = acc.pos;
        let pos = compose_leaf(lhs, acc, s, arith::abs(d)?)?;
        acc.pos = seen_pos;
        acc.neg |= s > 1;
        let (shape, stride) = pos.into_parts();
        let neg = stride.try_map_leaves(&mut |l| match l {
            Leaf::Int(v) => v
                .checked_neg()
                .map(Leaf::Int)
                .ok_or_else(|| format!("integer overflow in -{v}")),
            other => Ok(other.clone()),
        })?;
        return Ok(Layout::from_parts(shape, neg));
    }
    acc.pos |= s > 1;
    let r = lhs.len();
    let mut shapes: Buf<i64, 8> = Buf::new();
    let mut strides: Buf<i64, 8> = Buf::new();
    // Coordinate step of one unit of each (strided) mode.
    let mut steps: Buf<i64, 8> = Buf::new();
    // Divide the stride out of the leading modes.
    let mut rest_d = d;
    let mut partial = None;
    for (i, &(si, di)) in lhs[..r - 1].iter().enumerate() {
        steps.push(rest_d);
        if rest_d == 1 {
            shapes.push(si);
            strides.push(di);
        } else if rest_d % si == 0 {
            shapes.push(1);
            strides.push(di);
            rest_d /= si;
        } else if si % rest_d == 0 {
            shapes.push(si / rest_d);
            strides.push(arith::mul(di, rest_d)?);
            rest_d = 1;
        } else if rest_d < si {
            shapes.push(arith::ceil_div(si, rest_d)?);
            strides.push(arith::mul(di, rest_d)?);
            rest_d = 1;
            partial = Some(i);
        } else {
            return Err(format!(
                "stride {d} of the tiler is not divisible by / does not divide the shape {si} of mode {i} (inadmissible)"
            ));
        }
    }
    // Mod the shape out of the (now strided) leading modes.
    let mut rest_s = s;
    for (i, si) in shapes.iter_mut().enumerate() {
        let ext = *si;
        if ext == 1 || rest_s == 1 {
            *si = 1;
            continue;
        }
        *si = ext.min(rest_s);
        if partial == Some(i) && rest_s > ext {
            return Err(format!(
                "stride {d} of the tiler does not divide the shape {} of mode {i} and shape {s} of the tiler overruns that mode (inadmissible)",
                lhs[i].0
            ));
        }
        if rest_s % ext == 0 {
            rest_s /= ext;
        } else if rest_s < ext {
            rest_s = 1;
        } else {
            return Err(format!(
                "shape {s} of the tiler is not divisible by / does not divide the shape {ext} of mode {i} (inadmissible)"
            ));
        }
    }
    for ((c, &n), &step) in acc.coord.iter_mut().zip(shapes.iter()).zip(steps.iter()) {
        *c = arith::add(*c, arith::mul(n - 1, step)?)?;
    }
    let last_d = arith::mul(rest_d, lhs[r - 1].1)?;
    bw_coalesce_int(&shapes, &strides, (rest_s, last_d), Unit::Keep)
}

fn compose_one(a: LRef, b: LRef) -> Result<Layout, Cond> {
    let mut c = Composer::empty();
    c.load(a)?;
    let r = c.apply(b)?;
    c.finish()?;
    Ok(r)
}

fn compose_tiler(a: LRef, t: TilerArg) -> Result<Layout, Cond> {
    match elem(t)? {
        Elem::Layout(l) => compose_one(a, LRef::of(&l)),
        Elem::Keep => Ok(a.to_layout()),
        Elem::ByMode(ts) => {
            let mut parts = Parts::with_capacity(ts.len());
            for (m, t) in by_mode(a, &ts)? {
                parts.push(compose_tiler(m, t)?);
            }
            Ok(parts.finish())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::super::notation::parse_tiler;
    use super::*;

    #[test]
    fn composition_cases() {
        assert_eq!(ok(composition(&l("(4,6,8):(1,4,7)"), &l("6:1"))), "6:1");
        assert_eq!(ok(composition(&l("(8,8):(8,1)"), &l("2:3"))), "2:24");
        assert_eq!(ok(composition(&l("(16,2):(2,1)"), &l("1:32"))), "1:2");
        assert_eq!(ok(composition(&l("(1):(1)"), &l("(4):(1)"))), "(4):(1)");
        assert_eq!(
            ok(composition(&l("(2,4):(-1,512)"), &l("4:-1"))),
            "(2,2):(1,-512)"
        );
        assert_eq!(
            ok(composition_tiler(
                &l("(12,8,4):(8,96,1)"),
                &parse_tiler("[3;(4,2):(2,1)]").unwrap()
            )),
            "(3,(4,2)):(8,(192,96))"
        );
        assert_eq!(
            ok(composition_tiler(
                &l("(2,3):(1,2)"),
                &parse_tiler("[1]").unwrap()
            )),
            "(1):(0)"
        );
        // Right-distributivity would add up across a mode boundary.
        let e = err(composition(&l("(6,4):(4,1)"), &l("(2,2,2):(4,2,1)")));
        assert!(e.contains("add up across a mode boundary"), "{e}");
        assert!(err(composition(&l("(2,4):(1,4)"), &l("(2,2):(1,-1)"))).contains("both signs"));
        assert!(err(composition(&l("(4,8):(1,5)"), &l("8:3"))).contains("inadmissible"));
        assert!(err(composition(&l("(4,8):(1,5)"), &l("(2,2):(3,1)")))
            .contains("across a mode boundary"));
        assert!(
            err(composition_tiler(&l("4:1"), &parse_tiler("[2;2]").unwrap()))
                .contains("rank 2 > rank 1")
        );
        assert!(
            err(composition(&l("(2,9223372036854775807):(1,2)"), &l("2:4"))).contains("overflow")
        );
    }
}
