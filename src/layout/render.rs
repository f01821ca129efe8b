//! Pictures of layouts. [`text`] is CuTe's `print_layout`
//! (`include/cute/util/print_tensor.hpp`) byte for byte: the layout in
//! CuTe's notation (static integers as `_N`), the column indices, and an
//! `m x n` grid of the offsets, each cell `num_digits(cosize) + 2` wide.
//!
//! [`latex`] is CuTe's `print_latex` (TikZ) byte for byte. [`svg`] draws
//! the same grid as an SVG picture, each cell colored by the
//! shared-memory bank its element falls in (32 banks of 4 bytes), so bank
//! conflicts are visible: a column of one color is a column read by one
//! bank.
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
    let (grid, header, cosize) = offsets(d)?;
    let labels: Vec<Vec<String>> = grid.iter().map(|row| row.iter().map(i64::to_string).collect()).collect();
    Ok(format!("{header}\n{}", text_grid(&labels, cosize.to_string().len() + 2)))
}

/// CuTe's print_layout grid below its header line: column indices, then
/// each row between rules, every cell right-aligned in `width` - 2.
fn text_grid(labels: &[Vec<String>], width: usize) -> String {
    let cols = labels.first().map_or(0, Vec::len);
    let rule = format!("    {}+\n", format!("+{}", "-".repeat(width)).repeat(cols));
    let mut out = String::from("    ");
    for n in 0..cols {
        let _ = write!(out, "  {:>w$} ", n, w = width - 2);
    }
    out.push('\n');
    for (m, row) in labels.iter().enumerate() {
        out.push_str(&rule);
        let _ = write!(out, "{m:>2}  ");
        for label in row {
            let _ = write!(out, "| {:>w$} ", label, w = width - 2);
        }
        out.push_str("|\n");
    }
    out.push_str(&rule);
    out
}

/// The offsets of the grid, row by row, the header and the layout's
/// cosize (CuTe's cell width).
fn offsets(d: &Drawable) -> Result<(Vec<Vec<i64>>, String, i64), String> {
    let (layout, swizzle, offset, header) = grid(d)?;
    let rows = int(size(&layout.mode(0).expect("rank 2")), "row count")?;
    let cols = int(size(&layout.mode(1).expect("rank 2")), "column count")?;
    if rows * cols > MAX_CELLS {
        return Err(format!("{rows} x {cols} cells are too many to draw (at most {MAX_CELLS})"));
    }
    let mut out = Vec::with_capacity(rows as usize);
    for m in 0..rows {
        let mut row = Vec::with_capacity(cols as usize);
        for n in 0..cols {
            let v = crd2idx(&IntTuple::tuple(vec![IntTuple::int(m), IntTuple::int(n)]), &layout).map_err(|e| e.to_string())?;
            row.push(match swizzle {
                Some(s) => s.apply(offset + v).map_err(|e| e.to_string())?,
                None => v,
            });
        }
        out.push(row);
    }
    let cosize = int(cosize(&layout), "cosize")?;
    Ok((out, header, cosize))
}

/// One of 32 distinct colors (the 32 shared-memory banks, or threads):
/// hues around the wheel, alternating light and dark neighbours.
pub fn palette(i: i64) -> String {
    let i = i.rem_euclid(32);
    // Hue steps of 11/32 of a turn visit all 32 before repeating.
    let (s, l) = if i % 2 == 0 { (0.70, 0.72) } else { (0.55, 0.55) };
    hsl((i * 11 % 32) as f64 / 32.0 * 360.0, s, l)
}

/// `#rrggbb` of a hue (degrees), saturation and lightness.
fn hsl(hue: f64, s: f64, l: f64) -> String {
    let c = (1.0 - (2.0 * l - 1.0f64).abs()) * s;
    let x = c * (1.0 - ((hue / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (hue / 60.0) as i64 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// Pixel geometry of the SVG grid.
pub const CELL_WIDTH: i64 = 44;
pub const CELL_HEIGHT: i64 = 28;
const MARGIN: i64 = 36;

/// CuTe's `print_latex` of a static layout: a TikZ picture, cells shaded
/// by `TikzColor_BWx8` of their offset, row and column labels.
pub fn latex(d: &Drawable) -> Result<String, String> {
    const GRAYS: [&str; 8] = ["black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70"];
    let (grid, header, _) = offsets(d)?;
    let nodes: Vec<Vec<Option<(String, String)>>> =
        grid.iter().map(|row| row.iter().map(|idx| Some((GRAYS[idx.rem_euclid(8) as usize].to_string(), idx.to_string()))).collect()).collect();
    Ok(tikz_grid(&format!("Layout: {header}"), &nodes))
}

/// CuTe's print_latex picture: a `% comment` line, the standalone TikZ
/// preamble, one filled node per cell (`(fill, label)`, none for empty
/// cells), the grid, the row and column labels.
fn tikz_grid(comment: &str, nodes: &[Vec<Option<(String, String)>>]) -> String {
    let (rows, cols) = (nodes.len(), nodes.first().map_or(0, Vec::len));
    let mut out = format!(
        "% {comment}\n\\documentclass[convert]{{standalone}}\n\\usepackage{{tikz}}\n\n\\begin{{document}}\n\\begin{{tikzpicture}}[x={{(0cm,-1cm)}},y={{(1cm,0cm)}},every node/.style={{minimum size=1cm, outer sep=0pt}}]\n\n"
    );
    for (m, row) in nodes.iter().enumerate() {
        for (n, node) in row.iter().enumerate() {
            if let Some((fill, label)) = node {
                let _ = writeln!(out, "\\node[fill={fill}] at ({m},{n}) {{{label}}};");
            }
        }
    }
    let _ = writeln!(out, "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({rows},{cols});\n");
    for m in 0..rows {
        let _ = writeln!(out, "\\node at ({m},-1) {{\\Large{{\\texttt{{{m}}}}}}};");
    }
    for n in 0..cols {
        let _ = writeln!(out, "\\node at (-1,{n}) {{\\Large{{\\texttt{{{n}}}}}}};");
    }
    out.push_str("\\end{tikzpicture}\n\\end{document}\n");
    out
}

/// A thread-value map: which (thread, value) holds each cell of a tile
/// (the first one, where several hold copies), and how many threads.
pub struct TvGrid {
    pub cells: Vec<Vec<Option<(i64, i64)>>>,
    pub threads: i64,
}

/// `n` distinct colors, one per thread: hues around the wheel, alternating
/// lightness between neighbours.
pub fn thread_color(t: i64, n: i64) -> String {
    let n = n.max(1);
    let l = if t % 2 == 0 { 0.75 } else { 0.58 };
    hsl((t.rem_euclid(n) as f64) / n as f64 * 360.0, 0.65, l)
}

/// A thread-value map as a text grid: each cell `T<thread>V<value>`.
pub fn tv_text(grid: &TvGrid) -> String {
    let labels: Vec<Vec<String>> =
        grid.cells.iter().map(|row| row.iter().map(|c| c.map_or("-".to_string(), |(t, v)| format!("T{t}V{v}"))).collect()).collect();
    let width = labels.iter().flatten().map(String::len).max().unwrap_or(1) + 2;
    text_grid(&labels, width)
}

/// A thread-value map as TikZ, in the style of CuTe's `print_latex` of a
/// tiled MMA or copy: cells filled with CuTe's `TikzColor_TV` colors of
/// their thread, labelled `T<thread>` over `V<value>`.
pub fn tv_latex(grid: &TvGrid, title: &str) -> String {
    const TV: [&str; 8] = [
        "{rgb,255:red,175;green,175;blue,255}",
        "{rgb,255:red,175;green,255;blue,175}",
        "{rgb,255:red,255;green,255;blue,175}",
        "{rgb,255:red,255;green,175;blue,175}",
        "{rgb,255:red,210;green,210;blue,255}",
        "{rgb,255:red,210;green,255;blue,210}",
        "{rgb,255:red,255;green,255;blue,210}",
        "{rgb,255:red,255;green,210;blue,210}",
    ];
    let nodes: Vec<Vec<Option<(String, String)>>> = grid
        .cells
        .iter()
        .map(|row| row.iter().map(|c| c.map(|(t, v)| (TV[t.rem_euclid(8) as usize].to_string(), format!("\\shortstack{{T{t} \\\\ V{v}}}")))).collect())
        .collect();
    tikz_grid(title, &nodes)
}

/// A thread-value map as SVG: cells colored by thread, labelled
/// `T<thread>` over `V<value>`.
pub fn tv_svg(grid: &TvGrid, title: &str) -> String {
    let cells: Vec<Vec<(String, Vec<String>)>> = grid
        .cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Some((t, v)) => (thread_color(*t, grid.threads), vec![format!("T{t}"), format!("V{v}")]),
                    None => ("#ffffff".to_string(), Vec::new()),
                })
                .collect()
        })
        .collect();
    svg_grid(title, 10, &cells)
}

/// An SVG grid: row and column indices around `(fill, label lines)` cells
/// (one line centered, two stacked), `title` as the picture's title.
fn svg_grid(title: &str, font_size: i64, cells: &[Vec<(String, Vec<String>)>]) -> String {
    let (rows, cols) = (cells.len() as i64, cells.first().map_or(0, Vec::len) as i64);
    let (width, height) = (2 * MARGIN + cols * CELL_WIDTH, 2 * MARGIN + rows * CELL_HEIGHT);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"monospace\" font-size=\"{font_size}\">\n"
    );
    let _ = writeln!(out, "<title>{}</title>", title.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;"));
    let _ = writeln!(out, "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>");
    for n in 0..cols {
        let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{n}</text>", MARGIN + n * CELL_WIDTH + CELL_WIDTH / 2, MARGIN - 8);
    }
    for (m, row) in cells.iter().enumerate() {
        let y = MARGIN + m as i64 * CELL_HEIGHT;
        let _ = writeln!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{m}</text>", MARGIN - 6, y + CELL_HEIGHT / 2 + 4);
        for (n, (fill, lines)) in row.iter().enumerate() {
            let x = MARGIN + n as i64 * CELL_WIDTH;
            let _ = write!(out, "<rect class=\"cell\" x=\"{x}\" y=\"{y}\" width=\"{CELL_WIDTH}\" height=\"{CELL_HEIGHT}\" fill=\"{fill}\" stroke=\"#000000\"/>");
            // Baselines: one line mid-cell; two lines at 12 and 24 px.
            let baselines: &[i64] = if lines.len() == 1 { &[CELL_HEIGHT / 2 + 4] } else { &[12, 24] };
            for (line, dy) in lines.iter().zip(baselines) {
                let _ = write!(out, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{line}</text>", x + CELL_WIDTH / 2, y + dy);
            }
            out.push('\n');
        }
    }
    out.push_str("</svg>\n");
    out
}


/// The grid as SVG: cells colored by the 4-byte shared-memory bank of
/// their offset (`element_bits` per element), labelled with the offset;
/// row and column indices around, the layout as the title.
pub fn svg(d: &Drawable, element_bits: u32) -> Result<String, String> {
    if element_bits == 0 || element_bits > 64 {
        return Err(format!("elements of {element_bits} bits cannot be drawn by bank (1 to 64)"));
    }
    let (grid, header, _) = offsets(d)?;
    let cells: Vec<Vec<(String, Vec<String>)>> = grid
        .iter()
        .map(|row| row.iter().map(|offset| (palette(offset * i64::from(element_bits) / 32), vec![offset.to_string()])).collect())
        .collect();
    Ok(svg_grid(&header, 12, &cells))
}

#[cfg(test)]
mod tests {
    use super::super::notation::{parse_composed_layout, parse_layout};
    use super::*;

    /// Draws every `=== <spelling>` case of a fixture and compares it with
    /// the text CuTe printed for it.
    fn check_goldens(fixture: &str, draw: fn(&Drawable) -> Result<String, String>) -> usize {
        let mut checked = 0;
        for case in fixture.split("=== ").skip(1) {
            let (spelling, want) = case.split_once('\n').unwrap();
            let drawn = if spelling.contains(" o ") {
                draw(&Drawable::Composed(&parse_composed_layout(spelling).unwrap()))
            } else {
                draw(&Drawable::Layout(&parse_layout(spelling).unwrap()))
            }
            .unwrap();
            assert_eq!(drawn, want, "{spelling}");
            checked += 1;
        }
        checked
    }

    /// tests/fixtures/print_layout.txt: CuTe's own print_layout
    /// (scripts/cute_print_layout_oracle.cpp, CUTLASS 7107b05).
    #[test]
    fn text_is_cute_s_print_layout() {
        assert!(check_goldens(include_str!("../../tests/fixtures/print_layout.txt"), text) >= 14);
    }

    /// Well-formed SVG (parsed as XML), one cell per grid position, each
    /// colored by its element's bank: a 128B-swizzled 8x64 f16 tile puts the
    /// 8 rows of a 16-byte column chunk in 8 different banks.
    #[test]
    fn svg_is_well_formed_and_colored_by_bank() {
        let l = parse_composed_layout("S<3,3,3> o 0 o (8,64):(64,1)").unwrap();
        let picture = svg(&Drawable::Composed(&l), 16).unwrap();
        let doc = roxmltree::Document::parse(&picture).expect("well-formed SVG");
        let cells: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("cell")).collect();
        assert_eq!(cells.len(), 8 * 64);
        let fill = |m: usize, n: usize| cells[m * 64 + n].attribute("fill").unwrap().to_string();
        let column: std::collections::BTreeSet<_> = (0..8).map(|m| fill(m, 0)).collect();
        assert_eq!(column.len(), 8, "the swizzle spreads a column over 8 banks");
        // Without the swizzle, a column sits in one bank (8-way conflict).
        let plain = svg(&Drawable::Layout(&parse_layout("(8,64):(64,1)").unwrap()), 16).unwrap();
        let doc = roxmltree::Document::parse(&plain).unwrap();
        let fills: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("cell")).map(|n| n.attribute("fill").unwrap().to_string()).collect();
        assert!((0..8).all(|m| fills[m * 64] == fills[0]));
        assert_eq!((0..32).map(palette).collect::<std::collections::BTreeSet<_>>().len(), 32, "32 distinct bank colors");
        assert!(svg(&Drawable::Layout(&parse_layout("4:1").unwrap()), 0).unwrap_err().contains("bits"));
    }

    /// tests/fixtures/print_latex.txt: CuTe's own print_latex
    /// (scripts/cute_print_latex_oracle.cpp).
    #[test]
    fn latex_is_cute_s_print_latex() {
        assert!(check_goldens(include_str!("../../tests/fixtures/print_latex.txt"), latex) >= 6);
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
