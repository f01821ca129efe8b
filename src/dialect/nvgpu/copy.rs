//! Copy atoms (spec 003 "Copy Atom Operand-Layout Contracts"): the type
//! verifiers of ldmatrix/stmatrix, cp.async, the tensor-memory copies, TMA
//! and SMEM descriptor views; CuTe's (thread, value) -> bit layouts of each
//! copy atom as layout values; and the instance checks (element types,
//! residencies, vectorization, ldmatrix fragments and transposition).

use super::atom::{Atom, Tma, TmaMode};
use super::operands::{residency, Operand};
use crate::dialect::types::{bits_of, quoted, type_text};
use crate::layout::{self, Layout, Leaf};
use melior::ir::Type;

/// TMA reductions.
pub const REDUCTIONS: [&str; 8] = ["add", "min", "max", "inc", "dec", "and", "or", "xor"];

/// The type verifier of every copy-like registry type (None for MMAs).
pub fn verify_type(atom: &Atom) -> Option<Result<(), String>> {
    Some(match atom {
        Atom::MatrixCopy { num, element, .. } => {
            let mnemonic = atom.mnemonic();
            if !matches!(num, 1 | 2 | 4) {
                Err(format!("'{mnemonic}' fetches x1, x2 or x4 sub-tiles, got x{num}"))
            } else if bits_of(*element) != 16 {
                Err(format!("'{mnemonic}' moves 16-bit elements, got {}", quoted(*element)))
            } else {
                Ok(())
            }
        }
        Atom::SimtAsyncCopy { bytes, element } => {
            let bits = bits_of(*element);
            if bits == 0 || !bits.is_multiple_of(8) || !(bytes * 8).is_multiple_of(bits) {
                Err(format!("'atom.simt_async_copy' of {bytes} bytes cannot move whole {} elements", quoted(*element)))
            } else if !matches!(bytes, 4 | 8 | 16) {
                // cp.async moves 4, 8 or 16 bytes; the width failure surfaces
                // through the copy-vectorization template (spec 003).
                Err(format!(
                    "'atom.simt_async_copy' cannot vectorize copy to {} elements (static strides must be 1)",
                    bytes * 8 / bits
                ))
            } else {
                Ok(())
            }
        }
        Atom::TmemCopy { op, element } => {
            if op.widths().contains(&bits_of(*element)) {
                Ok(())
            } else {
                let widths = op.widths().iter().map(u32::to_string).collect::<Vec<_>>().join("/");
                Err(format!("'{}' moves {widths}-bit elements, got {}", op.mnemonic(), quoted(*element)))
            }
        }
        Atom::Tma { tma, element, rank, reduction } => verify_tma(*tma, *element, *rank, reduction),
        Atom::SmemDescView { element, swizzle, .. } => {
            if bits_of(*element) == 0 {
                Err(format!("'smem_desc_view' describes scalar elements, got {}", quoted(*element)))
            } else if !matches!(swizzle, 0 | 32 | 64 | 128) {
                Err(format!("'smem_desc_view' swizzle is 0, 32, 64 or 128 bytes, got {swizzle}"))
            } else {
                Ok(())
            }
        }
        Atom::TmaDescriptor(desc) => verify_tma_descriptor(desc),
        Atom::UniversalCopy { .. } | Atom::UniversalFma { .. } | Atom::Mma(_) => return None,
    })
}

/// The limits `cuTensorMapEncodeTiled` puts on a tensor map.
fn verify_tma_descriptor(desc: &super::atom::TmaDescriptor) -> Result<(), String> {
    let rank = desc.box_shape.len();
    if !(1..=5).contains(&rank) {
        return Err(format!("'tma_descriptor' boxes have rank 1..5, got {rank}"));
    }
    if let Some(extent) = desc.box_shape.iter().find(|&&e| !(1..=256).contains(&e)) {
        return Err(format!("'tma_descriptor' box extents are 1..256, got {extent}"));
    }
    let bits = bits_of(desc.element);
    if bits == 0 {
        return Err(format!("'tma_descriptor' describes scalar elements, got {}", quoted(desc.element)));
    }
    if !matches!(desc.swizzle, 0 | 32 | 64 | 128) {
        return Err(format!("'tma_descriptor' swizzle is 0, 32, 64 or 128 bytes, got {}", desc.swizzle));
    }
    if !matches!(desc.interleave, 0 | 16 | 32) {
        return Err(format!("'tma_descriptor' interleave is 0, 16 or 32 bytes, got {}", desc.interleave));
    }
    if !matches!(desc.l2_promotion, 0 | 64 | 128 | 256) {
        return Err(format!("'tma_descriptor' L2 promotion is 0, 64, 128 or 256 bytes, got {}", desc.l2_promotion));
    }
    if !matches!(desc.oob_fill.as_str(), "zero" | "nan") {
        return Err(format!("'tma_descriptor' out-of-bounds fill is zero or nan, got '{}'", desc.oob_fill));
    }
    let inner_bytes = desc.box_shape[0] * i64::from(bits) / 8;
    if desc.swizzle != 0 && desc.interleave == 0 && inner_bytes > i64::from(desc.swizzle) {
        return Err(format!(
            "'tma_descriptor' inner box row of {inner_bytes} bytes does not fit the {}-byte swizzle span",
            desc.swizzle
        ));
    }
    Ok(())
}

/// A TMA atom bound to a typed descriptor through `cute.make_atom` agrees
/// with it: same element type, box rank equal to the atom's rank.
pub fn verify_tma_binding(atom: &Atom, atom_text: &str, descriptor: &super::atom::TmaDescriptor, descriptor_text: &str) -> Result<(), String> {
    let Atom::Tma { element, rank, .. } = atom else {
        return Err(format!("'{atom_text}' is not a TMA atom; it takes no TMA descriptor ({descriptor_text})"));
    };
    // An im2col descriptor's box is (channels per pixel, pixels per column)
    // whatever the tensor's rank.
    let box_rank = match atom {
        Atom::Tma { tma, .. } if tma.mode == TmaMode::Im2col => 2,
        _ => *rank as usize,
    };
    if descriptor.element != *element || descriptor.box_shape.len() != box_rank {
        return Err(format!(
            "'{atom_text}' moves {element} boxes of rank {box_rank}, but is bound to {descriptor_text} ({} boxes of rank {})",
            descriptor.element,
            descriptor.box_shape.len()
        ));
    }
    Ok(())
}

fn verify_tma(tma: Tma, element: Type, rank: u32, reduction: &str) -> Result<(), String> {
    let mnemonic = tma.mnemonic();
    let reduce = tma.direction == super::atom::TmaDirection::Reduce;
    let lo = if tma.mode == TmaMode::Im2col { 3 } else { 1 };
    if rank < lo || rank > 5 {
        return Err(format!("'{mnemonic}' boxes have rank {lo}..5, got {rank}"));
    }
    if bits_of(element) == 0 {
        return Err(format!("'{mnemonic}' moves scalar elements, got {}", quoted(element)));
    }
    if reduce && !REDUCTIONS.contains(&reduction) {
        return Err(format!(
            "'{mnemonic}' reduction must be one of add, min, max, inc, dec, and, or, xor; got '{reduction}'"
        ));
    }
    if !reduce && !reduction.is_empty() {
        return Err(format!("'{mnemonic}' takes no reduction"));
    }
    Ok(())
}

/// The element type one atom moves (None for non-copy atoms).
pub fn copy_element<'c>(atom: &Atom<'c>) -> Option<Type<'c>> {
    match atom {
        Atom::UniversalCopy { value } => Some(*value),
        Atom::MatrixCopy { element, .. }
        | Atom::SimtAsyncCopy { element, .. }
        | Atom::TmemCopy { element, .. } => Some(*element),
        Atom::Tma { tma, element, .. } if tma.executable => Some(*element),
        _ => None,
    }
}

/// Bits one thread moves per atom (None for non-copy atoms).
pub fn copy_bits(atom: &Atom) -> Option<u32> {
    match atom {
        Atom::MatrixCopy { num, .. } => Some(32 * num),
        Atom::SimtAsyncCopy { bytes, .. } => Some(bytes * 8),
        _ => copy_element(atom).map(bits_of),
    }
}

/// CuTe's (thread, value) -> bit layouts of a copy atom: reference, source,
/// destination (`Copy_Traits<...>::{RefLayout, SrcLayout, DstLayout}`).
/// None for atoms CuTe partitions otherwise (TMA, tensor memory).
pub fn thread_value_layouts(atom: &Atom) -> Option<[Layout; 3]> {
    let parse = |text: &str| crate::layout::parse_layout(text).expect("the atom layouts are valid CuTe notation");
    let one_thread = |bits: u32| {
        // UniversalCopy and cp.async: `Layout<Shape<_1, Int<bits>>>`.
        let l = parse(&format!("(1,{bits}):(0,1)"));
        [l.clone(), l.clone(), l]
    };
    match atom {
        Atom::UniversalCopy { value } => Some(one_thread(bits_of(*value))),
        Atom::SimtAsyncCopy { bytes, .. } => Some(one_thread(bytes * 8)),
        Atom::MatrixCopy { store, num, trans, .. } => {
            // `Copy_Traits<SM75_U32x{1,2,4}_LDSM_N>` / `<SM75_U16x{2,4,8}_LDSM_T>`;
            // stmatrix (`SM90_*_STSM_*`) swaps source and destination and
            // keeps the register side as the reference. The shared-memory
            // side: 8 row addresses per sub-tile from 8, 16 or 32 lanes (the
            // other lanes' addresses are ignored: stride 0).
            let smem = parse(match num {
                1 => "((8,4),128):((128,0),1)",
                2 => "((16,2),128):((128,0),1)",
                _ => "(32,128):(128,1)",
            });
            // The register side: 32 bits per lane per sub-tile, transposed
            // in 16-bit halves by `.trans`.
            let regs = parse(match (trans, num) {
                (false, 1) => "(32,32):(32,1)",
                (false, 2) => "(32,(32,2)):(32,(1,1024))",
                (false, _) => "(32,(32,4)):(32,(1,1024))",
                (true, 1) => "((4,8),(16,2)):((256,16),(1,128))",
                (true, 2) => "((4,8),(16,2,2)):((256,16),(1,128,1024))",
                (true, _) => "((4,8),(16,2,4)):((256,16),(1,128,1024))",
            });
            Some(if *store { [regs.clone(), regs, smem] } else { [regs.clone(), smem, regs] })
        }
        _ => None,
    }
}

/// Element types of a copy instance: source and destination move the
/// atom's element type (16-bit matrix copies: any 16-bit type).
pub fn verify_element_types(atom: &Atom, atom_text: &str, elements: &[Option<Type>]) -> Result<(), String> {
    if let Atom::UniversalCopy { value } = atom {
        for (role, got) in ["source", "destination"].into_iter().zip(elements) {
            if *got != Some(*value) {
                let held = got.map_or_else(|| "'<<NULL TYPE>>'".to_string(), quoted);
                return Err(format!("atom.universal_copy moves {} but the {role} holds {held}", quoted(*value)));
            }
        }
        return Ok(());
    }
    let Some(element) = copy_element(atom) else { return Ok(()) };
    let matrix = matches!(atom, Atom::MatrixCopy { .. });
    for (role, got) in ["source", "destination"].into_iter().zip(elements) {
        let ok = if matrix { got.is_some_and(|t| bits_of(t) == 16) } else { *got == Some(element) };
        if !ok {
            let moves = if matrix { "16-bit elements".to_string() } else { element.to_string() };
            return Err(format!("'{atom_text}' moves {moves} but the {role} holds {}", type_text(*got)));
        }
    }
    Ok(())
}

/// The residency and layout contract of a copy instance (source, destination).
pub fn verify_operands(atom: &Atom, atom_text: &str, ops: &[Operand], tiled: bool) -> Result<(), String> {
    let [src, dst] = ops else { return Ok(()) };
    let record = super::records::record(atom);
    // `any` (the universal copy) accepts every address space, even ones the
    // residency classes do not name (constant, generic).
    let accepts = |allowed: u32, op: &Operand| allowed == residency::ANY || op.residency & allowed != 0;
    if !accepts(record.source, src) || !accepts(record.destination, dst) {
        return Err(format!(
            "'{atom_text}' copies {} to {}, but got src: {}, dst: {}",
            residency::name(record.source),
            residency::name(record.destination),
            src.ty,
            dst.ty
        ));
    }
    if tiled {
        return Ok(());
    }
    match atom {
        Atom::SimtAsyncCopy { bytes, element } => {
            let bits = bits_of(*element);
            let elements = (bytes * 8).checked_div(bits).unwrap_or(0);
            check_copy_vectorize(elements as i64, &src.layout()?, &dst.layout()?, "atom.simt_async_copy")
        }
        Atom::MatrixCopy { store: false, num, .. } => check_matrix_copy(*num, true, src, dst, atom_text),
        Atom::MatrixCopy { store: true, num, .. } => check_matrix_copy(*num, false, dst, src, atom_text),
        Atom::TmemCopy { op: super::TmemCopy::S2t, element } if src.residency == residency::SMEM && dst.residency == residency::TMEM => {
            check_s2t_tile(bits_of(*element), src, dst, atom_text)
        }
        Atom::TmemCopy { element, .. } => check_tmem_columns(bits_of(*element), src, dst, atom_text),
        _ => Ok(()),
    }
}

/// TMEM copies (spec 003 "SM100 and SM103 TMEM copy atoms"): the TMEM side
/// addresses one contiguous range of 32-bit columns (its layout, coalesced,
/// is a single unit-stride run) of whole columns, and the other side's tile
/// holds exactly as many columns of data. Run-time extents are left to the
/// lowering.
pub fn check_tmem_columns(bits: u32, src: &Operand, dst: &Operand, name: &str) -> Result<(), String> {
    // Static element count of a side, if known.
    let elements = |op: &Operand| -> Result<Option<i64>, String> {
        Ok(layout::size(&op.layout()?).ok().and_then(|s| s.as_int()))
    };
    let bits = i64::from(bits);
    for (role, op, other_role, other) in [("source", src, "destination", dst), ("destination", dst, "source", src)] {
        if op.residency != residency::TMEM {
            continue;
        }
        let flat = layout::coalesce(&op.layout()?).map_err(|e| e.to_string())?;
        let leaves: Vec<&Leaf> = flat.shape().leaves().into_iter().chain(flat.stride().leaves()).collect();
        let is_static = leaves.iter().all(|l| matches!(l, Leaf::Int(_)));
        let one_run = flat.rank() <= 1 && matches!(flat.stride().leaves().first(), Some(Leaf::Int(1)));
        let single = elements(op)? == Some(1);
        if is_static && !one_run && !single {
            return Err(format!(
                "'{name}' addresses TMEM columns through {}, which is not one contiguous range ({role})",
                op.layout_text
            ));
        }
        let Some(n) = elements(op)? else { continue };
        if (n * bits) % 32 != 0 {
            return Err(format!(
                "'{name}' moves whole 32-bit TMEM columns, but the {role} {} holds {n} x {bits} bits",
                op.layout_text
            ));
        }
        let columns = n * bits / 32;
        if let Some(m) = elements(other)? {
            if m * bits != columns * 32 {
                return Err(format!(
                    "'{name}' moves {columns} TMEM columns ({role} {}), but the {other_role} tile {} holds {m} x {bits} bits",
                    op.layout_text, other.layout_text
                ));
            }
        }
    }
    Ok(())
}

/// The S2T copy of a shared tile (`tcgen05.cp`, one thread for the CTA):
/// the tensor-memory side is the tile's footprint, its rows in TMEM lanes
/// (lane stride 65536, the TMEM address's lane field) and each row's
/// elements packed in consecutive 32-bit columns: `(rows, n):(65536, 1)`
/// for a `(rows, n)` shared tile.
fn check_s2t_tile(bits: u32, src: &Operand, dst: &Operand, name: &str) -> Result<(), String> {
    let extents = |l: &Layout| -> Option<(i64, i64)> {
        let tile = super::mma::gmma_tile(l);
        let e = |m: usize| tile.mode(m).and_then(|x| layout::size(&x).ok()).and_then(|s| s.as_int());
        (tile.rank() == 2).then(|| Some((e(0)?, e(1)?))).flatten()
    };
    let (Some((rows, n)), dst_layout) = (extents(&src.layout()?), dst.layout()?) else {
        return Err(format!("'{name}' copies a static (rows, row) shared tile, got {}", src.layout_text));
    };
    let want = layout::parse_layout(&format!("({rows},{n}):(65536,1)")).map_err(|e| e.to_string())?;
    let same = layout::coalesce(&dst_layout).ok() == layout::coalesce(&want).ok();
    if !same || (n * i64::from(bits)) % 32 != 0 {
        return Err(format!(
            "'{name}' writes the {rows}x{n} shared tile into {rows} TMEM lanes of {} 32-bit columns: the destination is ({rows},{n}):(65536,1), got {}",
            n * i64::from(bits) / 32,
            dst.layout_text
        ));
    }
    Ok(())
}

/// The leading contiguous run of a layout: (elements, stride of the first
/// leaf if static) after coalescing.
fn leading_run(layout: &Layout) -> Result<(Option<i64>, Option<i64>), String> {
    let flat = layout::coalesce(layout).map_err(|e| e.to_string())?;
    let first = if flat.rank() > 1 || !flat.shape().is_leaf() { flat.mode(0).unwrap_or(flat.clone()) } else { flat.clone() };
    let int = |leaves: Vec<&Leaf>| match leaves.first() {
        Some(Leaf::Int(v)) => Some(*v),
        _ => None,
    };
    Ok((int(first.shape().leaves()), int(first.stride().leaves())))
}

/// The copy-vectorization helper: `elements` values per instruction need a
/// unit stride on both sides.
pub fn check_copy_vectorize(elements: i64, src: &Layout, dst: &Layout, name: &str) -> Result<(), String> {
    if elements <= 1 {
        return Ok(());
    }
    let (src_run, src_stride) = leading_run(src)?;
    let (dst_run, dst_stride) = leading_run(dst)?;
    if let (Some(s), Some(d)) = (src_stride, dst_stride) {
        if s != d {
            return Err(format!("'{name}' cannot vectorize copy to {elements} elements (static strides must match)"));
        }
    }
    let unit = |stride: Option<i64>, run: Option<i64>| match (stride, run) {
        (Some(s), _) if s != 1 => false,
        (Some(1), Some(r)) => r % elements == 0,
        _ => true,
    };
    if !unit(src_stride, src_run) || !unit(dst_stride, dst_run) {
        return Err(format!("'{name}' cannot vectorize copy to {elements} elements (static strides must be 1)"));
    }
    Ok(())
}

/// ldmatrix / stmatrix in CuTe's per-lane form (`SM75_U32xN_LDSM_N`,
/// `SM75_U16x2N_LDSM_T`, `SM90_*_STSM_*`): a lane addresses one row of the
/// 8x8 matrices, 8 contiguous 16-bit elements (128 bits) of shared memory,
/// and holds `2N` values in registers. `.trans` changes what lands in the
/// registers, not the addressing, so both forms take the same views (which
/// one a consuming MMA needs is the tiled copy's business, as in CuTe).
pub fn check_matrix_copy(num: u32, load: bool, smem: &Operand, reg: &Operand, name: &str) -> Result<(), String> {
    let per_lane = 2 * i64::from(num);
    if let Some(size) = layout::size(&reg.layout()?).ok().and_then(|s| s.as_int()) {
        if size != per_lane {
            return Err(format!(
                "'{name}' {} {per_lane} elements per lane, but the register fragment {} holds {size}",
                if load { "loads" } else { "stores" },
                reg.layout_text
            ));
        }
    }
    let size = layout::size(&smem.layout()?).ok().and_then(|s| s.as_int());
    let (run, stride) = leading_run(&smem.layout()?)?;
    let row = size.is_none_or(|s| s == 8) && stride.is_none_or(|s| s == 1) && run.is_none_or(|r| r >= 8 || size == Some(r));
    if !row || (stride == Some(1) && run.is_some_and(|r| r < 8)) {
        return Err(format!(
            "'{name}' addresses one row of 8 contiguous 16-bit elements per lane (128 bits) in shared memory, but got {}",
            smem.layout_text
        ));
    }
    Ok(())
}

/// The values per lane of one instance of an atom whose source and
/// destination hold different numbers of them, (source, destination): a
/// matrix copy's shared-memory row (8 16-bit elements) against its `2N`
/// register values. Such atoms fix both sizes in their own check instead of
/// the generic equal-size rule, and a copy unrolls their instances by these
/// counts. None for the other atoms.
pub fn instance_values(atom: &Atom) -> Option<(i64, i64)> {
    match atom {
        Atom::MatrixCopy { store, num, .. } => {
            let (row, regs) = (8, 2 * i64::from(*num));
            Some(if *store { (regs, row) } else { (row, regs) })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::operands::testing::{context, operand};
    use super::*;

    fn layout(text: &str) -> Layout {
        crate::layout::parse_layout(text).unwrap()
    }

    #[test]
    fn copy_vectorization_needs_unit_matching_strides() {
        let check = |n, s, d| check_copy_vectorize(n, &layout(s), &layout(d), "atom.simt_async_copy");
        assert_eq!(check(4, "4:1", "4:1"), Ok(()));
        assert_eq!(check(8, "(2,4):(1,2)", "8:1"), Ok(()), "coalesces to 8:1");
        assert_eq!(check(1, "4:7", "4:3"), Ok(()), "one element always vectorizes");
        assert_eq!(
            check(4, "4:2", "4:1").unwrap_err(),
            "'atom.simt_async_copy' cannot vectorize copy to 4 elements (static strides must match)"
        );
        assert_eq!(
            check(4, "4:2", "4:2").unwrap_err(),
            "'atom.simt_async_copy' cannot vectorize copy to 4 elements (static strides must be 1)"
        );
        assert!(check(8, "(2,4):(4,1)", "(2,4):(4,1)").is_err(), "the unit-stride run is shorter than 8");
        assert_eq!(check(4, "4:?", "4:1"), Ok(()), "dynamic strides are not rejected statically");
    }

    #[test]
    fn matrix_copies_check_fragment_and_row() {
        let ctx = context();
        let check = |num, s, r| check_matrix_copy(num, true, &operand(&ctx, s), &operand(&ctx, r), "atom.ldsm");
        assert_eq!(check(4, "8:1", "8:1"), Ok(()));
        assert_eq!(check(1, "(8):(1)", "2:1"), Ok(()), "x1: a row of 8 against 2 register values");
        assert_eq!(check(2, "(2,4):(1,2)", "(2,2):(1,2)"), Ok(()), "coalesces to a row");
        assert!(check(4, "8:1", "4:1").unwrap_err().contains("loads 8 elements per lane"));
        assert!(check(4, "(2,4):(1,8)", "8:1").unwrap_err().contains("one row of 8 contiguous"));
        assert!(check(4, "8:2", "8:1").unwrap_err().contains("one row of 8 contiguous"));
        assert!(check(4, "16:1", "8:1").unwrap_err().contains("one row of 8 contiguous"));
    }

    /// ldmatrix as the PTX ISA defines it, emulated, feeds each lane exactly
    /// the A and B values the SM80 16x8x16 MMA expects: lane `l` gives the
    /// address of row `l % 8` of matrix `l / 8` (its partition_S's first
    /// element, which the lowering passes), and receives in register `j` two
    /// elements of matrix `j`, stored as its values `2j`, `2j+1`. For K-major
    /// tiles without `.trans` and MN-major tiles with it, every (lane, value)
    /// must hold the element at the MMA's coordinate `tv(lane, value)`: the
    /// semantic check, without a GPU, of the GEMM's shared -> register path.
    #[test]
    fn ldmatrix_emulated_feeds_the_mma_its_values() {
        use crate::layout::{crd2idx, parse_layout, parse_tiler, partition, upcast, IntTuple, Leaf};
        let ctx = context();
        let f16 = Type::parse(&ctx, "f16").unwrap();
        // The 1x1x1 tiled MMA's A thread-value layout over its 16x16 tile
        // (m + 16 k), which make_tiled_copy_A gives the copy.
        // The 1x1x1 tiled MMA's A (16x16, x4) and B (8x16, x2) thread-value
        // layouts over their tiles (column-major index), which
        // make_tiled_copy_A/B give the copies.
        let operands = [
            ("((4,8),(2,2,2)):((32,1),(16,8,128))", "[16:1;16:1]", 16i64, 4u32, ["(16,16):(16,1)", "(16,16):(1,16)"]),
            ("((4,8),(2,2)):((16,1),(8,64))", "[8:1;16:1]", 8, 2, ["(8,16):(16,1)", "(8,16):(1,8)"]),
        ];
        for (tv, tiler, rows_of_tile, num, tiles) in operands {
            let tv = parse_layout(tv).unwrap();
            let tiler = parse_tiler(tiler).unwrap();
            for (trans, smem) in [(false, tiles[0]), (true, tiles[1])] {
                let atom = Atom::MatrixCopy { store: false, num, trans, element: f16 };
                let [reference, src, _] = thread_value_layouts(&atom).unwrap();
                let elements = |l: &Layout| upcast(l, 16).unwrap();
                let smem = parse_layout(smem).unwrap();
                let frg = partition::tidfrg(&smem, &tv, &tiler, &elements(&reference), &elements(&src)).unwrap();
                // Each lane's row address (its first source element).
                let rows: Vec<i64> = (0..32)
                    .map(|l| partition::thread_partition_at(&frg, &Leaf::Int(l)).unwrap().1.as_int().unwrap())
                    .collect();
                for lane in 0..32usize {
                    for j in 0..num as usize {
                        for half in 0..2i64 {
                            // PTX: row r of matrix j is addressed by lane 8j + r;
                            // without .trans lane l gets row l / 4, elements
                            // 2(l%4) + half; with .trans the matrix is read
                            // transposed: rows 2(l%4) + half, element l / 4.
                            let col = 2 * (lane as i64 % 4) + half;
                            let got = if trans {
                                rows[8 * j + col as usize] + (lane as i64 / 4)
                            } else {
                                rows[8 * j + lane / 4] + col
                            };
                            let v = (2 * j) as i64 + half;
                            let idx = crd2idx(&IntTuple::tuple(vec![IntTuple::int(lane as i64), IntTuple::int(v)]), &tv).unwrap();
                            let coord = IntTuple::tuple(vec![IntTuple::int(idx % rows_of_tile), IntTuple::int(idx / rows_of_tile)]);
                            let want = crd2idx(&coord, &smem).unwrap();
                            assert_eq!(got, want, "x{num} trans {trans} over {smem}: lane {lane}, value {v}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn thread_value_layouts_are_cute_s() {
        let ctx = context();
        let f16 = Type::parse(&ctx, "f16").unwrap();
        let ldsm = Atom::MatrixCopy { store: false, num: 4, trans: false, element: f16 };
        let [reference, src, dst] = thread_value_layouts(&ldsm).expect("ldmatrix has TV layouts");
        assert_eq!(src.to_string(), "(32,128):(128,1)");
        assert_eq!(reference, dst);
        let stsm = Atom::MatrixCopy { store: true, num: 1, trans: true, element: f16 };
        let [_, src, dst] = thread_value_layouts(&stsm).unwrap();
        assert_eq!(src.to_string(), "((4,8),(16,2)):((256,16),(1,128))");
        assert_eq!(dst.to_string(), "((8,4),128):((128,0),1)");
        let tmem = Atom::TmemCopy { op: super::super::TmemCopy::Load, element: f16 };
        assert!(thread_value_layouts(&tmem).is_none(), "CuTe partitions TMEM copies otherwise");
    }
}
