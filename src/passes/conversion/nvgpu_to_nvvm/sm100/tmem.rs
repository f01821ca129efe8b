//! Tensor memory (SM100): the copies between registers, shared memory and
//! tensor memory. The per-function TMEM allocation cache
//! (`arch.sm100.retrieve_tmem_ptr`) is [`super::tmem_cache`].
//!
//! | op | lowers to |
//! |---|---|
//! | `cute.copy_atom_call` of `atom.tmem_load` / `atom.tmem_store` | `nvvm.tcgen05.ld` / `st` 32x32b of the TMEM view's columns (16- and 8-bit values packed two or four a column), wait, the register fragment's values |
//! | `cute_nvgpu.cp_async.s2t` (S2T atom, packaged) | the issuing CTA's `tcgen05.cp` of the tile's descriptor + commit |
//!
//! The ops that map onto one tcgen05 instruction are in [`super::super::tcgen05`].
//!
//! All of it only where the chip has tensor memory ([`has_tensor_memory`]);
//! elsewhere the patterns decline and the legality check names the op and
//! the chip (the spec's populator that registers nothing).

use crate::passes::conversion::cute_to_llvm::values::{Builder, CuteValue};
use super::super::pointer;
use crate::passes::rewrite::{Lowered, PatternError};
use melior::{
    ir::{
        attribute::IntegerAttribute,
        block::BlockLike,
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Identifier, OperationRef, RegionLike, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};
use crate::passes::conversion::nvvm_attrs::{Nvvm, nvvm};

/// Chips whose tensor memory and tcgen05 ops this build lowers
/// ([`crate::target::Chip::has_tensor_memory`]).
pub fn has_tensor_memory(chip: &str) -> bool {
    crate::target::Chip::parse(chip).is_some_and(|c| c.has_tensor_memory())
}

/// The op is in a gpu.module for a chip with tensor memory.
pub(in crate::passes::conversion) fn on_tensor_memory_chip(op: OperationRef) -> bool {
    crate::passes::check_target::enclosing_chip(op).is_some_and(|c| c.has_tensor_memory())
}



/// `cute.copy_atom_call` of a `tmem_load` / `tmem_store` atom: the TMEM
/// view's columns (one contiguous run, as the verifier checks) in one
/// `tcgen05.ld` / `st` of shape 32x32b (the thread's TMEM lane, the warp's
/// quarter of the 128 lanes), then its wait; register value `i` is the TMEM
/// view's value `i`. 32-bit elements.
pub fn lower_copy<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    use crate::dialect::nvgpu::{Atom, TmemCopy};
    let Some(Atom::TmemCopy { op: kind, element }) = super::super::call_atom(op)? else { return Err(PatternError::NoMatch) };
    if !on_tensor_memory_chip(op) {
        return Err(PatternError::NoMatch);
    }
    // PTX has no instruction for these two directions (tcgen05.cp copies
    // shared -> tensor memory only); say what does the job.
    match kind {
        TmemCopy::TmemToSmem => {
            return Err("atom.tmem_to_smem_copy has no PTX instruction (tcgen05.cp copies shared -> tensor memory only): \
                        copy with atom.tmem_load into a register fragment, then store it to shared memory (universal_copy or stsm)"
                .into())
        }
        TmemCopy::Tcgen05Cp => {
            return Err("atom.tcgen05.cp from tensor memory has no PTX instruction (tcgen05.cp copies shared -> tensor memory only): \
                        copy with atom.tmem_load into registers, then atom.tmem_store"
                .into())
        }
        TmemCopy::Load | TmemCopy::Store => {}
        TmemCopy::S2t => return lower_s2t_call(context, op, rewriter),
    }
    let b = Builder::new(context, rewriter, op.location());
    match crate::dialect::types::storage_bits(element) {
        32 => {}
        bits @ (8 | 16) => return lower_packed_copy(&b, rewriter, kind == TmemCopy::Load, op, element, bits),
        bits => return Err(format!("tensor-memory copies move 8-, 16- or 32-bit elements, not {bits}-bit {element}").into()),
    }
    let load = kind == TmemCopy::Load;
    let (src, dst) = (op.operand(1)?, op.operand(2)?);
    let (tmem_view, registers_view) = if load { (src, dst) } else { (dst, src) };
    let layout = super::super::view_layout(tmem_view)?;
    let columns = crate::layout::table(&layout).map_err(|e| format!("the TMEM view {layout}: {e}"))?;
    let n = columns.len() as i64;
    // 32x32b: one 32-bit register per column.
    crate::dialect::nvgpu::tcgen05::repetitions(crate::dialect::nvgpu::tcgen05::LDST_SHAPES[0], n)?;
    let raw = super::super::tcgen05::register_type(context, n)?;
    let tmem = crate::passes::conversion::cute_to_llvm::memory::view_ptr(&b, tmem_view)?;
    let addresses = super::super::value_addresses(&b, registers_view, &(0..n).collect::<Vec<_>>())?;
    let i32_type: Type = IntegerType::new(context, 32).into();
    let i64_type: Type = IntegerType::new(context, 64).into();
    let shape = (Identifier::new(context, "shape"), nvvm(b.context, Nvvm::Tcgen05LdstShape, "shape_32x32b")?);
    let storage = crate::passes::conversion::cute_to_llvm::memory::storage_type(context, element);
    // Runs of 4 values contiguous on both sides move as one 128-bit vector,
    // the width the register fragment's other accesses use (so LLVM keeps
    // the fragment in registers).
    let identity = columns.iter().enumerate().all(|(i, &c)| c == i as i64);
    let by_four = identity && n % 4 == 0 && super::super::aligned_runs(&super::super::view_layout(registers_view)?, 4);
    if load && by_four {
        let loaded = b.insert(OperationBuilder::new("nvvm.tcgen05.ld", b.location).add_operands(&[tmem]).add_attributes(&[shape]).add_results(&[raw]).build()?)?;
        let loaded = super::super::tcgen05::wait_load(&b, loaded, n)?;
        let quad_i32 = crate::passes::conversion::cute_to_llvm::values::vector_type(i32_type, 4);
        let quad = crate::passes::conversion::cute_to_llvm::values::vector_type(storage, 4);
        let starts: Vec<i64> = (0..n).step_by(4).collect();
        let quads = super::super::value_addresses(&b, registers_view, &starts)?;
        for (q, address) in quads.into_iter().enumerate() {
            let q = q as i32;
            let part = b.insert(
                OperationBuilder::new("llvm.shufflevector", b.location)
                    .add_operands(&[loaded, loaded])
                    .add_attributes(&[(
                        Identifier::new(context, "mask"),
                        melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[4 * q, 4 * q + 1, 4 * q + 2, 4 * q + 3]).into(),
                    )])
                    .add_results(&[quad_i32])
                    .build()?,
            )?;
            let value = b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[part]).add_results(&[quad]).build()?)?;
            rewriter.as_rewriter_base().insert(melior::dialect::llvm::store(context, value, address, b.location, Default::default()));
        }
    } else if load {
        let loaded = b.insert(OperationBuilder::new("nvvm.tcgen05.ld", b.location).add_operands(&[tmem]).add_attributes(&[shape]).add_results(&[raw]).build()?)?;
        let loaded = super::super::tcgen05::wait_load(&b, loaded, n)?;
        for (i, address) in addresses.into_iter().enumerate() {
            let word = if n == 1 {
                loaded
            } else {
                let at = b.int(i64_type, columns[i])?;
                b.insert(OperationBuilder::new("llvm.extractelement", b.location).add_operands(&[loaded, at]).add_results(&[i32_type]).build()?)?
            };
            let value = b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[word]).add_results(&[storage]).build()?)?;
            rewriter.as_rewriter_base().insert(melior::dialect::llvm::store(context, value, address, b.location, Default::default()));
        }
    } else {
        let mut words = b.insert(melior::dialect::llvm::undef(raw, b.location))?;
        for (i, address) in addresses.into_iter().enumerate() {
            let value = b.insert(melior::dialect::llvm::load(context, address, storage, b.location, Default::default()))?;
            let word = b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[value]).add_results(&[i32_type]).build()?)?;
            words = if n == 1 {
                word
            } else {
                let at = b.int(i64_type, columns[i])?;
                b.insert(OperationBuilder::new("llvm.insertelement", b.location).add_operands(&[words, word, at]).add_results(&[raw]).build()?)?
            };
        }
        rewriter.as_rewriter_base().insert(OperationBuilder::new("nvvm.tcgen05.st", b.location).add_operands(&[tmem, words]).add_attributes(&[shape]).build()?);
        super::super::tcgen05::wait(&b, rewriter, "store")?;
    }
    Ok(Vec::new())
}

/// A `tmem_load` / `tmem_store` of 16- or 8-bit elements. Tensor memory
/// holds them packed, two or four a 32-bit column, low element in the low
/// bits (the layout `tcgen05.cp` writes and a `ts` UMMA reads A in; the
/// verifier counts the view's columns so): the TMEM view's n elements are
/// n * bits / 32 columns, moved by one `tcgen05.ld` / `st` 32x32b as whole
/// words, and register value `i` is the word's bits `i * bits ..`. CuTe's
/// `SM100_TMEM_LOAD_32dp32b*x` on 16-bit data; the `_16b` atoms (one 16-bit
/// value a column, `.pack::16b`) are not modelled (docs/nvgpu-decisions.md).
fn lower_packed_copy<'c, 'a>(
    b: &Builder<'c, '_>,
    rewriter: &PatternRewriter,
    load: bool,
    op: OperationRef<'c, 'a>,
    element: Type<'c>,
    bits: u32,
) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let context = b.context;
    let (src, dst) = (op.operand(1)?, op.operand(2)?);
    let (tmem_view, registers_view) = if load { (src, dst) } else { (dst, src) };
    let layout = super::super::view_layout(tmem_view)?;
    let elements = crate::layout::table(&layout).map_err(|e| format!("the TMEM view {layout}: {e}"))?;
    let n = elements.len() as i64;
    let per_column = i64::from(32 / bits);
    // Packed values are addressed by their place in the words: the view
    // must be the run 0..n in order (a permuted run would need a shuffle
    // across packed halves, which no instruction does).
    if elements.iter().enumerate().any(|(i, &e)| e != i as i64) || n % per_column != 0 {
        return Err(format!(
            "a tensor-memory copy of {bits}-bit {element} moves whole 32-bit columns of {per_column} packed values in order: the TMEM view {layout} is not 0..n with n a multiple of {per_column}"
        )
        .into());
    }
    let words = n / per_column;
    crate::dialect::nvgpu::tcgen05::repetitions(crate::dialect::nvgpu::tcgen05::LDST_SHAPES[0], words)?;
    let raw = super::super::tcgen05::register_type(context, words)?;
    let storage = crate::passes::conversion::cute_to_llvm::memory::storage_type(context, element);
    let packed = crate::passes::conversion::cute_to_llvm::values::vector_type(storage, n);
    let i64_type: Type = IntegerType::new(context, 64).into();
    let tmem = crate::passes::conversion::cute_to_llvm::memory::view_ptr(b, tmem_view)?;
    let addresses = super::super::value_addresses(b, registers_view, &(0..n).collect::<Vec<_>>())?;
    let shape = (Identifier::new(context, "shape"), nvvm(b.context, Nvvm::Tcgen05LdstShape, "shape_32x32b")?);
    if load {
        let loaded = b.insert(OperationBuilder::new("nvvm.tcgen05.ld", b.location).add_operands(&[tmem]).add_attributes(&[shape]).add_results(&[raw]).build()?)?;
        let loaded = super::super::tcgen05::wait_load(b, loaded, words)?;
        let values = b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[loaded]).add_results(&[packed]).build()?)?;
        for (i, address) in addresses.into_iter().enumerate() {
            let at = b.int(i64_type, i as i64)?;
            let value = b.insert(OperationBuilder::new("llvm.extractelement", b.location).add_operands(&[values, at]).add_results(&[storage]).build()?)?;
            rewriter.as_rewriter_base().insert(melior::dialect::llvm::store(context, value, address, b.location, Default::default()));
        }
    } else {
        let mut values = b.insert(melior::dialect::llvm::undef(packed, b.location))?;
        for (i, address) in addresses.into_iter().enumerate() {
            let value = b.insert(melior::dialect::llvm::load(context, address, storage, b.location, Default::default()))?;
            let at = b.int(i64_type, i as i64)?;
            values = b.insert(OperationBuilder::new("llvm.insertelement", b.location).add_operands(&[values, value, at]).add_results(&[packed]).build()?)?;
        }
        let words = b.insert(OperationBuilder::new("llvm.bitcast", b.location).add_operands(&[values]).add_results(&[raw]).build()?)?;
        rewriter.as_rewriter_base().insert(OperationBuilder::new("nvvm.tcgen05.st", b.location).add_operands(&[tmem, words]).add_attributes(&[shape]).build()?);
        super::super::tcgen05::wait(b, rewriter, "store")?;
    }
    Ok(Vec::new())
}

/// The tcgen05.cp shape of a shared S2T source tile: its (rows, row bits),
/// 128x256b or 128x128b (whole 8-row core matrices of a canonical UMMA
/// layout; 4x256b and the warp-broadcast shapes take a hand-built
/// descriptor: `arch.copy.SM100.copy_s2t`).
fn s2t_shape(src: Value, what: &str) -> Result<String, PatternError> {
    let layout = super::super::view_layout(src)?;
    let tile = crate::dialect::nvgpu::mma::gmma_tile(&layout);
    let element = crate::passes::conversion::cute_to_llvm::memory::element_type(src.r#type())?;
    let bits = i64::from(crate::dialect::types::storage_bits(element));
    let extent = |m: usize| tile.mode(m).and_then(|x| crate::layout::size(&x).ok()).and_then(|s| s.as_int());
    let (rows, row_bits) = match (tile.rank(), extent(0), extent(1)) {
        (2, Some(r), Some(c)) => (r, c * bits),
        _ => return Err(format!("tcgen05.cp copies a (rows, row) tile, got {layout}").into()),
    };
    let shape = format!("{rows}x{row_bits}b");
    if !["128x256b", "128x128b"].contains(&shape.as_str()) {
        return Err(format!(
            "{what} copies a 128x256b or 128x128b tile, got {shape} ({layout}); the 4x256b copy and the warp-broadcast 64x128b and 32x128b copies take a descriptor built by hand: arch.copy.SM100.copy_s2t"
        )
        .into());
    }
    Ok(shape)
}

/// `cute.copy_atom_call` of `atom.s2t_copy` (CuTe's `SM100_UTCCP_*` atoms
/// called with `copy`): the shared tile's `tcgen05.cp` into the tensor-memory
/// view, issued by the calling thread. Its completion is the kernel's, as
/// for an UMMA call: a `tcgen05.commit` to an mbarrier
/// (`cute_nvgpu.arch.sm100.commit`). The packaged form with the commit and
/// the CTA-pair partition is `cute_nvgpu.cp_async.s2t`.
fn lower_s2t_call<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Result<Vec<Value<'c, 'a>>, PatternError> {
    let b = Builder::new(context, rewriter, op.location());
    let (src, dst) = (op.operand(1)?, op.operand(2)?);
    if !matches!(crate::passes::conversion::cute_to_llvm::memory::cute_value(src)?, CuteValue::View(3, ..)) || !matches!(crate::passes::conversion::cute_to_llvm::memory::cute_value(dst)?, CuteValue::View(6, ..)) {
        return Err(format!("atom.s2t_copy copies a shared view into a tensor-memory view, got {} -> {}", src.r#type(), dst.r#type()).into());
    }
    let shape = s2t_shape(src, "atom.s2t_copy")?;
    let desc = super::super::wgmma::matrix_descriptor(&b, src, crate::dialect::nvgpu::atom::Major::K, "the S2T source", true)?;
    let tmem = crate::passes::conversion::cute_to_llvm::memory::view_ptr(&b, dst)?;
    let [cp, _commit] = super::super::tcgen05::copy_and_commit(&b, tmem, desc, tmem, &shape, "none", 1, None)?;
    rewriter.as_rewriter_base().insert(cp);
    Ok(Vec::new())
}

/// `cute_nvgpu.cp_async.s2t` (spec 000's packaged S2T copy): one
/// `tcgen05.cp` of the shared tile (its UMMA matrix descriptor, from
/// `layout::gmma::make_umma_desc`, K-major) into tensor memory, issued where
/// `cluster rank & (cta_group - 1)` is the copy's partition (for a CTA
/// pair, one CTA copies for both), then a `tcgen05.commit` to the
/// mbarrier. The token is a constant 0, the data-dependence edge only. The
/// tile's (rows, row bits) is the copy shape: 128x256b or 128x128b, whose
/// tiles are whole 8-row core matrices of a canonical UMMA layout (4x256b
/// and the warp-broadcast shapes are the raw `arch.copy.SM100.copy_s2t`'s).
pub fn lower_cp_async_s2t<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, rewriter: &PatternRewriter) -> Lowered<'c, 'a> {
    if !on_tensor_memory_chip(op) {
        return Err(PatternError::NoMatch);
    }
    let b = Builder::new(context, rewriter, op.location());
    let (src, dst, mbar, partition) = (op.operand(0)?, op.operand(1)?, op.operand(2)?, op.operand(3)?);
    let cta_group = crate::dialect::nvgpu::tcgen05::cta_group(op);
    let shape = s2t_shape(src, "cp_async.s2t")?;
    let desc = super::super::wgmma::matrix_descriptor(&b, src, crate::dialect::nvgpu::atom::Major::K, "the S2T source", true)?;
    let tmem = pointer(&b, dst)?;
    let bar = pointer(&b, mbar)?;
    let id = |n: &str| Identifier::new(context, n);
    let i32_type: Type = IntegerType::new(context, 32).into();
    // The issuing CTA: cluster rank & (cta_group - 1) == partition. For a
    // CTA pair the commit arrives on the mbarrier of both CTAs of the pair
    // (ranks rank & !1 and rank | 1): without `.multicast::cluster` it
    // would arrive on the issuer's alone, and the peer, which waits on its
    // own mbarrier for the copy, would wait forever (9.7.16.12.1).
    let (rank, commit_mask) = if cta_group == 1 {
        (b.int(i32_type, 0)?, None)
    } else {
        let full = b.insert(OperationBuilder::new("nvvm.read.ptx.sreg.cluster.ctarank", b.location).add_results(&[i32_type]).build()?)?;
        let mask = b.int(i32_type, cta_group - 1)?;
        let rank = b.bin("llvm.and", full, mask)?;
        let even = b.bin("llvm.and", full, b.int(i32_type, !(cta_group - 1))?)?;
        let pair = b.bin("llvm.shl", b.int(i32_type, (1 << cta_group) - 1)?, even)?;
        (rank, Some(b.convert_int(pair, IntegerType::new(context, 16).into())?))
    };
    let partition = b.convert_int(partition, i32_type)?;
    let issue = b.insert(
        OperationBuilder::new("llvm.icmp", b.location)
            .add_operands(&[rank, partition])
            .add_attributes(&[(id("predicate"), IntegerAttribute::new(IntegerType::new(context, 64).into(), 0).into())])
            .add_results(&[IntegerType::new(context, 1).into()])
            .build()?,
    )?;
    let region = melior::ir::Region::new();
    let block = melior::ir::Block::new(&[]);
    for o in super::super::tcgen05::copy_and_commit(&b, tmem, desc, bar, &shape, "none", cta_group, commit_mask)? {
        block.append_operation(o);
    }
    block.append_operation(OperationBuilder::new("scf.yield", b.location).build()?);
    region.append_block(block);
    rewriter.as_rewriter_base().insert(OperationBuilder::new("scf.if", b.location).add_operands(&[issue]).add_regions([region, melior::ir::Region::new()]).build()?);
    Ok(vec![b.int(i32_type, 0)?])
}
