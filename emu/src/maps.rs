//! Tensor-map launch arguments (`tensor_map`, `tensor_map_im2col`): what
//! `cuTensorMapEncodeTiled` and `cuTensorMapEncodeIm2col` take, with the
//! driver's rules, read from a launch file (`launch::parse`).

use crate::launch::{Arg, Dtype};
use serde_json::Value;

type Fields = serde_json::Map<String, Value>;

/// A `tensor_map` (tiled) or `tensor_map_im2col` argument; `buffer` reads
/// the fields it shares with a plain buffer.
pub(crate) fn tensor_map_arg(map: &Value, im2col: bool, at: &dyn Fn(&str) -> String, buffer: &dyn Fn(&Fields) -> Result<Arg, String>) -> Result<Arg, String> {
    let key = if im2col { "tensor_map_im2col" } else { "tensor_map" };
    let map = map.as_object().ok_or_else(|| at(&format!("'{key}' is an object")))?;
    let Arg::Buffer { name, dtype, shape, init } = buffer(map)? else { unreachable!("a buffer") };
    let swizzle = swizzle_of(map, at)?;
    check_tma_strides(&name, &shape, dtype, at)?;
    if im2col {
        let (boxes, im2col) = im2col_arg(map, &shape, dtype, swizzle, at)?;
        return Ok(Arg::TensorMap { name, dtype, shape, init, boxes, swizzle, im2col: Some(im2col) });
    }
    let boxes: Vec<u32> = map
        .get("box")
        .and_then(Value::as_array)
        .ok_or_else(|| at("'box' is missing (innermost dimension first)"))?
        .iter()
        .map(|x| x.as_u64().filter(|&x| (1..=256).contains(&x)).map(|x| x as u32).ok_or_else(|| at("'box' holds extents 1..=256")))
        .collect::<Result<_, _>>()?;
    if !(1..=5).contains(&shape.len()) {
        return Err(at(&format!("a tiled tensor map has rank 1 to 5, got shape {shape:?}")));
    }
    if boxes.len() != shape.len() {
        return Err(at(&format!("'box' has {} extents for a rank-{} tensor", boxes.len(), shape.len())));
    }
    if swizzle != 0 && boxes[0] as usize * dtype.bytes() > swizzle as usize {
        return Err(at(&format!("the innermost box extent {} of {name} is {} bytes, more than the {swizzle}-byte swizzle span", boxes[0], boxes[0] as usize * dtype.bytes())));
    }
    if boxes[0] as usize * dtype.bytes() % 16 != 0 {
        return Err(at(&format!("the innermost box extent {} of {name} is {} bytes, and TMA needs a multiple of 16", boxes[0], boxes[0] as usize * dtype.bytes())));
    }
    Ok(Arg::TensorMap { name, dtype, shape, init, boxes, swizzle, im2col: None })
}

/// cuTensorMapEncodeTiled's and cuTensorMapEncodeIm2col's rule for the
/// tensor (interleave none): each global stride past the innermost
/// dimension is a multiple of 16 bytes. A tensor whose rows break it has no
/// tensor map; a GPU's driver refuses it, and so does the launch.
fn check_tma_strides(name: &str, shape: &[usize], dtype: Dtype, at: &dyn Fn(&str) -> String) -> Result<(), String> {
    let mut stride = dtype.bytes();
    for d in (1..shape.len()).rev() {
        stride *= shape[d];
        if stride % 16 != 0 {
            return Err(at(&format!(
                "the tensor map {name} of shape {shape:?}: a global stride is {stride} bytes, and TMA needs a multiple of 16 (pad the rows)"
            )));
        }
    }
    Ok(())
}

fn swizzle_of(map: &Fields, at: &dyn Fn(&str) -> String) -> Result<u32, String> {
    let swizzle = map.get("swizzle").and_then(Value::as_u64).unwrap_or(0) as u32;
    if !matches!(swizzle, 0 | 32 | 64 | 128) {
        return Err(at("'swizzle' is 0, 32, 64 or 128 (bytes)"));
    }
    Ok(swizzle)
}

/// The im2col fields of a `tensor_map_im2col` over a row-major N(D)(H)WC
/// tensor, with cuTensorMapEncodeIm2col's limits: (channels per pixel,
/// pixels per column) and the pixel box (corners and element strides
/// innermost first, as the driver takes them).
fn im2col_arg(map: &Fields, shape: &[usize], dtype: Dtype, swizzle: u32, at: &dyn Fn(&str) -> String) -> Result<(Vec<u32>, crate::sm90::Im2col), String> {
    let rank = shape.len();
    if !(3..=5).contains(&rank) {
        return Err(at(&format!("an im2col tensor has rank 3, 4 or 5 (N(D)(H)WC), got {rank}")));
    }
    let count = |key: &str, max: u64| {
        map.get(key)
            .and_then(Value::as_u64)
            .filter(|&x| (1..=max).contains(&x))
            .map(|x| x as u32)
            .ok_or_else(|| at(&format!("'{key}' is a count 1..={max}")))
    };
    let channels = count("channels_per_pixel", 256)?;
    let pixels = count("pixels_per_column", 1024)?;
    if swizzle != 0 && channels as usize * dtype.bytes() > swizzle as usize {
        return Err(at(&format!("{channels} channels of {} bytes are more than the {swizzle}-byte swizzle span", dtype.bytes())));
    }
    // PTX ISA 5.5.4.1: the corners are 16-, 8- or 5-bit signed by rank.
    let bits = [16, 8, 5][rank - 3];
    let (lo, hi) = (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1);
    let corner = |key: &str| -> Result<Vec<i32>, String> {
        let list = map.get(key).and_then(Value::as_array).ok_or_else(|| at(&format!("'{key}' is missing (one offset per spatial dim, W first)")))?;
        if list.len() != rank - 2 {
            return Err(at(&format!("'{key}' has {} offsets for {} spatial dims", list.len(), rank - 2)));
        }
        list.iter()
            .map(|x| x.as_i64().filter(|x| (lo..=hi).contains(x)).map(|x| x as i32).ok_or_else(|| at(&format!("'{key}' holds offsets {lo}..={hi} for a rank-{rank} tensor"))))
            .collect()
    };
    let (lower, upper) = (corner("lower_corner")?, corner("upper_corner")?);
    let strides: Vec<u32> = match map.get("element_strides") {
        None => vec![1; rank - 2],
        Some(v) => {
            let list = v.as_array().filter(|l| l.len() == rank).ok_or_else(|| at(&format!("'element_strides' has one stride per dim ({rank}, C first)")))?;
            let all: Vec<u32> = list
                .iter()
                .map(|x| x.as_u64().filter(|x| (1..=8).contains(x)).map(|x| x as u32).ok_or_else(|| at("'element_strides' holds strides 1..=8")))
                .collect::<Result<_, _>>()?;
            if all[rank - 1] != 1 {
                return Err(at("an element stride along N is not emulated"));
            }
            // The C stride is ignored without interleave (cuTensorMapEncodeIm2col).
            all[1..rank - 1].to_vec()
        }
    };
    // The pixel box must not be empty: W - 1 + upper >= lower in each dim
    // (dims innermost first: the shape's spatial extents reversed).
    for s in 0..rank - 2 {
        let extent = shape[rank - 2 - s] as i64;
        if extent - 1 + i64::from(upper[s]) < i64::from(lower[s]) {
            return Err(at(&format!("the pixel box of spatial dim {s} (W first) is empty: {}..={}", lower[s], extent - 1 + i64::from(upper[s]))));
        }
    }
    Ok((vec![channels, pixels], crate::sm90::Im2col { lower, upper, strides }))
}

