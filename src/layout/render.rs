//! Pictures of layouts. [`text`] is CuTe's `print_layout`
//! (`include/cute/util/print_tensor.hpp`) byte for byte: the layout in
//! CuTe's notation (static integers as `_N`), the column indices, and an
//! `m x n` grid of the offsets, each cell `num_digits(cosize) + 2` wide.
//!
//! A rank-1 layout is drawn as one row; a layout of rank 3 or more as its
//! first mode against the rest (CuTe's rank-2 grouping); a composed layout
//! `S o off o L` shows `S(off + L(m, n))`.

use super::ops::{cosize, crd2idx, group_modes, size};
use super::swizzle::{ComposedLayout, Swizzle};
use super::tuple::{IntTuple, Layout, Leaf};
use std::fmt::Write;

/// The most cells drawn (a 256 x 256 grid).
pub const MAX_CELLS: i64 = 65536;

/// What a picture draws: a plain or composed layout.
pub enum Drawable<'a> {
    Layout(&'a Layout),
    Composed(&'a ComposedLayout),
}

/// CuTe's printed form: static integers as `_N`.
fn cute_tuple(t: &IntTuple, out: &mut String) -> Result<(), String> {
    match t {
        IntTuple::Leaf(Leaf::Int(v)) => {
            let _ = write!(out, "_{v}");
        }
        IntTuple::Leaf(other) => return Err(format!("only static layouts can be drawn, got the leaf {other}")),
        IntTuple::Tuple(items) => {
            out.push('(');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                cute_tuple(item, out)?;
            }
            out.push(')');
        }
    }
    Ok(())
}

fn cute_layout(l: &Layout) -> Result<String, String> {
    let mut out = String::new();
    cute_tuple(l.shape(), &mut out)?;
    out.push(':');
    cute_tuple(l.stride(), &mut out)?;
    Ok(out)
}

fn int(t: Result<IntTuple, super::LayoutError>, what: &str) -> Result<i64, String> {
    t.map_err(|e| e.to_string())?.as_int().ok_or_else(|| format!("the {what} is not static"))
}

/// The rank-2 view of a layout and its header text.
fn grid(d: &Drawable) -> Result<(Layout, Option<Swizzle>, i64, String), String> {
    let (layout, swizzle, offset, header) = match d {
        Drawable::Layout(l) => ((*l).clone(), None, 0, cute_layout(l)?),
        Drawable::Composed(c) => {
            let s = c.swizzle;
            ((c.layout).clone(), Some(s), c.offset, format!("Sw<{},{},{}> o _{} o {}", s.bits, s.base, s.shift, c.offset, cute_layout(&c.layout)?))
        }
    };
    let rank = if layout.shape().is_leaf() { 1 } else { layout.shape().rank() };
    let layout = match rank {
        1 => Layout::pair(Layout::from_parts(IntTuple::int(1), IntTuple::int(0)), layout),
        2 => layout,
        r => group_modes(&layout, 1, r).map_err(|e| e.to_string())?,
    };
    Ok((layout, swizzle, offset, header))
}

/// CuTe's `print_layout` of a static layout.
pub fn text(d: &Drawable) -> Result<String, String> {
    let (layout, swizzle, offset, header) = grid(d)?;
    let rows = int(size(&layout.mode(0).expect("rank 2")), "row count")?;
    let cols = int(size(&layout.mode(1).expect("rank 2")), "column count")?;
    if rows * cols > MAX_CELLS {
        return Err(format!("{rows} x {cols} cells are too many to draw (at most {MAX_CELLS})"));
    }
    let cosize = int(cosize(&layout), "cosize")?;
    let width = cosize.to_string().len() + 2;
    let value = |m: i64, n: i64| -> Result<i64, String> {
        let v = crd2idx(&IntTuple::tuple(vec![IntTuple::int(m), IntTuple::int(n)]), &layout).map_err(|e| e.to_string())?;
        match swizzle {
            Some(s) => s.apply(offset + v).map_err(|e| e.to_string()),
            None => Ok(v),
        }
    };
    let rule = format!("    {}+\n", format!("+{}", "-".repeat(width)).repeat(cols as usize));
    let mut out = format!("{header}\n    ");
    for n in 0..cols {
        let _ = write!(out, "  {:>w$} ", n, w = width - 2);
    }
    out.push('\n');
    for m in 0..rows {
        out.push_str(&rule);
        let _ = write!(out, "{m:>2}  ");
        for n in 0..cols {
            let _ = write!(out, "| {:>w$} ", value(m, n)?, w = width - 2);
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::notation::{parse_composed_layout, parse_layout};
    use super::*;

    /// tests/fixtures/print_layout.txt: CuTe's own print_layout
    /// (scripts/cute_print_layout_oracle.cpp, CUTLASS 7107b05).
    #[test]
    fn text_is_cute_s_print_layout() {
        let fixture = include_str!("../../tests/fixtures/print_layout.txt");
        let mut checked = 0;
        for case in fixture.split("=== ").skip(1) {
            let (spelling, want) = case.split_once('\n').unwrap();
            let drawn = if spelling.contains(" o ") {
                text(&Drawable::Composed(&parse_composed_layout(spelling).unwrap()))
            } else {
                text(&Drawable::Layout(&parse_layout(spelling).unwrap()))
            }
            .unwrap();
            assert_eq!(drawn, want, "{spelling}");
            checked += 1;
        }
        assert!(checked >= 14, "{checked} cases");
    }

    #[test]
    fn other_ranks_and_bad_input() {
        // Rank 1: one row.
        assert!(text(&Drawable::Layout(&parse_layout("4:2").unwrap())).unwrap().contains(" 0  | 0 | 2 | 4 | 6 |"));
        // Rank 3: the first mode against the rest.
        let t = text(&Drawable::Layout(&parse_layout("(2,2,2):(1,2,4)").unwrap())).unwrap();
        assert!(t.contains(" 1  | 1 | 3 | 5 | 7 |"), "{t}");
        assert!(text(&Drawable::Layout(&parse_layout("(?,2):(1,4)").unwrap())).unwrap_err().contains("static"));
        assert!(text(&Drawable::Layout(&parse_layout("(512,512):(1,512)").unwrap())).unwrap_err().contains("too many to draw"));
    }
}
