//! TMA partitioning (CuTe's `tma_partition`, for a tile in shared memory):
//! which boxes of a tensor map fill a tile, and where each lands.
//!
//! The tile's modes are the tensor map's dimensions, innermost first, each
//! a multiple of the box extent in that dimension. The hardware writes a
//! box densely, innermost dimension fastest, so every box must be
//! contiguous in the tile's layout in exactly that order; the boxes are
//! then issued in colexicographic order of their origins.

use super::ops::{size, table};
use super::tuple::Layout;

/// One box of a tile: its origin (elements per dimension, innermost first)
/// and the element offset of its first element in the tile's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaBox {
    pub origin: Vec<i64>,
    pub offset: i64,
}

/// The extents of the tile's modes (a leaf layout is one mode).
fn extents(tile: &Layout) -> Result<Vec<i64>, String> {
    let modes = if tile.shape().is_leaf() { vec![tile.clone()] } else { tile.modes() };
    modes
        .iter()
        .map(|m| size(m).ok().and_then(|s| s.as_int()).ok_or_else(|| format!("a TMA tile is static, got {tile}")))
        .collect()
}

/// The boxes of `box_shape` that fill `tile`, with the checks the hardware
/// needs: rank, divisibility, box contiguity.
pub fn boxes(tile: &Layout, box_shape: &[i64]) -> Result<Vec<TmaBox>, String> {
    let extents = extents(tile)?;
    let boxes_text = format!("[{}]", box_shape.iter().map(i64::to_string).collect::<Vec<_>>().join(", "));
    if extents.len() != box_shape.len() {
        return Err(format!(
            "the tile {tile} has {} modes, the TMA box {boxes_text} {} dimensions",
            extents.len(),
            box_shape.len()
        ));
    }
    if let Some(d) = (0..extents.len()).find(|&d| box_shape[d] <= 0 || extents[d] % box_shape[d] != 0) {
        return Err(format!(
            "the TMA box {boxes_text} does not divide the tile {tile}: dimension {d} has {} elements, the box {}",
            extents[d], box_shape[d]
        ));
    }
    let offsets = table(tile).map_err(|e| e.to_string())?;
    // Flat (colexicographic) index of a coordinate, innermost first.
    let index = |x: &[i64]| -> usize {
        let (mut i, mut stride) = (0, 1);
        for (d, &v) in x.iter().enumerate() {
            i += v * stride;
            stride *= extents[d];
        }
        i as usize
    };
    let counts: Vec<i64> = extents.iter().zip(box_shape).map(|(t, b)| t / b).collect();
    let box_size: i64 = box_shape.iter().product();
    let mut out = Vec::new();
    for n in 0..counts.iter().product::<i64>() {
        let origin: Vec<i64> = colex(n, &counts).iter().zip(box_shape).map(|(i, b)| i * b).collect();
        let offset = offsets[index(&origin)];
        for e in 0..box_size {
            let c = colex(e, box_shape);
            let at: Vec<i64> = origin.iter().zip(&c).map(|(o, c)| o + c).collect();
            if offsets[index(&at)] != offset + e {
                return Err(format!(
                    "the tile {tile} is not box-contiguous: element {c:?} of the box at {origin:?} is at offset {}, the TMA box writes it at {}",
                    offsets[index(&at)],
                    offset + e
                ));
            }
        }
        out.push(TmaBox { origin, offset });
    }
    Ok(out)
}

/// The colexicographic coordinate of `n` in `extents`.
fn colex(mut n: i64, extents: &[i64]) -> Vec<i64> {
    extents
        .iter()
        .map(|&e| {
            let v = n % e;
            n /= e;
            v
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::notation::parse_layout;
    use super::*;

    fn b(tile: &str, boxes_: &[i64]) -> Result<Vec<(Vec<i64>, i64)>, String> {
        boxes(&parse_layout(tile).unwrap(), boxes_).map(|v| v.into_iter().map(|b| (b.origin, b.offset)).collect())
    }

    #[test]
    fn one_box_per_tile() {
        // A K-major 128x64 f16 tile seen as (K, M): one 64x128 box.
        assert_eq!(b("(64,128):(1,64)", &[64, 128]).unwrap(), vec![(vec![0, 0], 0)]);
    }

    #[test]
    fn boxes_stack_along_the_outer_dimension() {
        // Two 64x64 boxes along M, 4096 elements apart.
        assert_eq!(b("(64,128):(1,64)", &[64, 64]).unwrap(), vec![(vec![0, 0], 0), (vec![0, 64], 4096)]);
        // CUTLASS's K-major SW128 tile of 64 x (2 x 64): the K halves are
        // separate 64-row atoms stacked after the M extent.
        assert_eq!(
            b("((64,2),64):((1,4096),64)", &[64, 64]).unwrap(),
            vec![(vec![0, 0], 0), (vec![64, 0], 4096)]
        );
    }

    #[test]
    fn bad_tiles_are_named() {
        assert!(b("(64,96):(1,64)", &[64, 64]).unwrap_err().contains("does not divide the tile"));
        assert!(b("(64,64):(64,1)", &[64, 64]).unwrap_err().contains("not box-contiguous"));
        assert!(b("(64,64,2):(1,64,4096)", &[64, 64]).unwrap_err().contains("3 modes"));
    }
}
