//! The `cute_nvgpu` atom registry against spec 003, row by row: mnemonic, min
//! tier, interfaces implemented, residency contract (the "Atom TypeID
//! Registry" table, plus the copy-catalog rows of the TMA and TMEM families),
//! the tier surfaces (SM100/SM103 shared, SM120/SM121 shared, SM110 without
//! an MMA atom of its own), capability facts asked through the interfaces,
//! and the coverage of spec 003's verbatim diagnostics by the lit suite.

use cute_mlir::dialect::nvgpu::{
    atom_fact, atom_record, residency::*, target_accepts, AtomKind, Fact, Interface, Interface::*,
};
use cute_mlir::Compiler;
use melior::ir::Type;

/// One registry row: mnemonic, a sample type, min tier (0 = all), interfaces,
/// (A, B, D) residencies for MMA atoms or (source, destination) for copies.
struct Row {
    mnemonic: &'static str,
    sample: &'static str,
    min_tier: u32,
    interfaces: &'static [Interface],
    residency: Residency,
}

enum Residency {
    Mma { a: u32, b: u32, d: u32 },
    Copy { src: u32, dst: u32 },
    None,
}

use Residency::{Copy as Cp, Mma as Mm};

const ROWS: &[Row] = &[
    // spec 003 "Atom TypeID Registry", in table order.
    Row { mnemonic: "atom.universal_fma", sample: "!cute_nvgpu.atom.universal_fma<f32, f32, f32>", min_tier: 0,
          interfaces: &[MmaAtom], residency: Mm { a: RMEM, b: RMEM, d: RMEM } },
    Row { mnemonic: "atom.universal_copy", sample: "!cute_nvgpu.atom.universal_copy<f32>", min_tier: 0,
          interfaces: &[CopyAtom], residency: Cp { src: ANY, dst: ANY } },
    Row { mnemonic: "atom.ldsm", sample: "!cute_nvgpu.atom.ldsm<m8n8.x4.trans>", min_tier: 75,
          interfaces: &[CopyAtom], residency: Cp { src: SMEM, dst: RMEM } },
    Row { mnemonic: "atom.stsm", sample: "!cute_nvgpu.atom.stsm<m8n8.x2>", min_tier: 90,
          interfaces: &[CopyAtom], residency: Cp { src: RMEM, dst: SMEM } },
    Row { mnemonic: "atom.simt_async_copy", sample: "!cute_nvgpu.atom.simt_async_copy<16>", min_tier: 80,
          interfaces: &[CopyAtom, AsyncCopyAtom], residency: Cp { src: GMEM, dst: SMEM } },
    Row { mnemonic: "sm80.mma", sample: "!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>", min_tier: 80,
          interfaces: &[MmaAtom], residency: Mm { a: RMEM, b: RMEM, d: RMEM } },
    Row { mnemonic: "sm80.sparse_mma", sample: "!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>",
          min_tier: 80, interfaces: &[MmaAtom, SparseMetadataAtom], residency: Mm { a: RMEM, b: RMEM, d: RMEM } },
    Row { mnemonic: "sm89.mma", sample: "!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E5M2, f32)>",
          min_tier: 89, interfaces: &[MmaAtom], residency: Mm { a: RMEM, b: RMEM, d: RMEM } },
    Row { mnemonic: "sm90.mma",
          sample: "!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
          min_tier: 90, interfaces: &[MmaAtom, SmemDescriptorAtom],
          residency: Mm { a: RMEM | SMEM_DESC, b: SMEM_DESC, d: RMEM } },
    Row { mnemonic: "smem_desc_view", sample: "!cute_nvgpu.smem_desc_view<f16, major = k, swizzle = 128>",
          min_tier: 90, interfaces: &[DescriptorType], residency: Residency::None },
    Row { mnemonic: "atom.tma_load", sample: "!cute_nvgpu.atom.tma_load<f16, rank = 2>", min_tier: 90,
          interfaces: &[CopyAtom, PrefetchAtom, TmaAtom, AsyncCopyAtom], residency: Cp { src: GMEM, dst: SMEM } },
    Row { mnemonic: "atom.tma_store", sample: "!cute_nvgpu.atom.tma_store<f16, rank = 2>", min_tier: 90,
          interfaces: &[CopyAtom, TmaAtom, AsyncCopyAtom], residency: Cp { src: SMEM, dst: GMEM } },
    Row { mnemonic: "atom.tma_reduce", sample: "!cute_nvgpu.atom.tma_reduce<add, f32, rank = 2>", min_tier: 90,
          interfaces: &[CopyAtom, TmaAtom, AsyncCopyAtom], residency: Cp { src: SMEM, dst: GMEM } },
    Row { mnemonic: "atom.non_exec_tiled_tma_load", sample: "!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>",
          min_tier: 90, interfaces: &[TmaAtom], residency: Cp { src: GMEM, dst: SMEM } },
    Row { mnemonic: "atom.non_exec_tiled_tma_store", sample: "!cute_nvgpu.atom.non_exec_tiled_tma_store<f16, rank = 2>",
          min_tier: 90, interfaces: &[TmaAtom], residency: Cp { src: SMEM, dst: GMEM } },
    Row { mnemonic: "atom.non_exec_tiled_tma_reduce",
          sample: "!cute_nvgpu.atom.non_exec_tiled_tma_reduce<add, f16, rank = 2>",
          min_tier: 90, interfaces: &[TmaAtom], residency: Cp { src: SMEM, dst: GMEM } },
    Row { mnemonic: "sm100.mma",
          sample: "!cute_nvgpu.sm100.mma<128x256x16, ab_major = (k, k), elem_type = (bf16, bf16, f32), frag_kind = ss>",
          min_tier: 100, interfaces: &[MmaAtom, TmemAtom, SmemDescriptorAtom],
          residency: Mm { a: TMEM | SMEM_DESC, b: SMEM_DESC, d: TMEM } },
    Row { mnemonic: "sm100.mma_sp",
          sample: "!cute_nvgpu.sm100.mma_sp<128x256x32, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>",
          min_tier: 100, interfaces: &[MmaAtom, TmemAtom, SparseMetadataAtom, SmemDescriptorAtom],
          residency: Mm { a: TMEM | SMEM_DESC, b: SMEM_DESC, d: TMEM } },
    Row { mnemonic: "sm100.mma_bs",
          sample: "!cute_nvgpu.sm100.mma_bs<128x256x32, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>",
          min_tier: 100, interfaces: &[MmaAtom, TmemAtom, BlockScaleAtom, SmemDescriptorAtom],
          residency: Mm { a: TMEM | SMEM_DESC, b: SMEM_DESC, d: TMEM } },
    Row { mnemonic: "sm100.mma_bs_sp",
          sample: "!cute_nvgpu.sm100.mma_bs_sp<128x256x64, ab_major = (k, k), elem_type = (f8E4M3FN, f8E4M3FN, f32), frag_kind = ss, sf_type = f8E8M0FNU, sf_vec = 32>",
          min_tier: 100, interfaces: &[MmaAtom, TmemAtom, SparseMetadataAtom, BlockScaleAtom, SmemDescriptorAtom],
          residency: Mm { a: TMEM | SMEM_DESC, b: SMEM_DESC, d: TMEM } },
    Row { mnemonic: "atom.tmem_load", sample: "!cute_nvgpu.atom.tmem_load<f32>", min_tier: 100,
          interfaces: &[CopyAtom], residency: Cp { src: TMEM, dst: RMEM } },
    Row { mnemonic: "atom.tmem_store", sample: "!cute_nvgpu.atom.tmem_store<f32>", min_tier: 100,
          interfaces: &[CopyAtom], residency: Cp { src: RMEM, dst: TMEM } },
    Row { mnemonic: "atom.s2t_copy", sample: "!cute_nvgpu.atom.s2t_copy<i64>", min_tier: 100,
          interfaces: &[CopyAtom, AsyncCopyAtom], residency: Cp { src: SMEM, dst: TMEM } },
    Row { mnemonic: "SM120.mma_bs",
          sample: "!cute_nvgpu.SM120.mma_bs<16x8x64, elem_type = (f4E2M1FN, f4E2M1FN, f32), sf_type = f8E8M0FNU, sf_vec = 32>",
          min_tier: 120, interfaces: &[MmaAtom, BlockScaleAtom], residency: Mm { a: RMEM, b: RMEM, d: RMEM } },
    // The copy catalog ("SM90 TMA atom family", "SM100 and SM103 TMEM copy atoms").
    Row { mnemonic: "atom.tma_load_multicast", sample: "!cute_nvgpu.atom.tma_load_multicast<f16, rank = 3>",
          min_tier: 90, interfaces: &[CopyAtom, PrefetchAtom, TmaAtom, AsyncCopyAtom],
          residency: Cp { src: GMEM, dst: SMEM } },
    Row { mnemonic: "atom.tma_load_im2col", sample: "!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>",
          min_tier: 90, interfaces: &[CopyAtom, PrefetchAtom, TmaAtom, AsyncCopyAtom],
          residency: Cp { src: GMEM, dst: SMEM } },
    Row { mnemonic: "atom.tmem_to_smem_copy", sample: "!cute_nvgpu.atom.tmem_to_smem_copy<f32>", min_tier: 100,
          interfaces: &[CopyAtom], residency: Cp { src: TMEM, dst: SMEM } },
    Row { mnemonic: "atom.tcgen05.cp", sample: "!cute_nvgpu.atom.tcgen05.cp<f32>", min_tier: 100,
          interfaces: &[CopyAtom], residency: Cp { src: TMEM, dst: TMEM } },
];

/// The roster of spec 003, as the target attribute spells it.
const ROSTER: &[&str] = &[
    "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a",
    "sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_110", "sm_110a", "sm_110f", "sm_120", "sm_120a", "sm_120f",
    "sm_121", "sm_121a", "sm_121f",
];

fn sm_of(chip: &str) -> u32 {
    chip.trim_start_matches("sm_").trim_end_matches(['a', 'f']).parse().unwrap()
}

fn parse<'c>(compiler: &'c Compiler, text: &str) -> Type<'c> {
    Type::parse(compiler.context(), text).unwrap_or_else(|| panic!("{text} does not parse"))
}

/// Spec 003's copy catalog: the bits one thread moves per atom (element
/// width times the per-thread fragment), transcribed from its tables.
const COPY_BITS: &[(&str, u32)] = &[
    ("!cute_nvgpu.atom.universal_copy<f32>", 32),
    ("!cute_nvgpu.atom.universal_copy<f16>", 16),
    ("!cute_nvgpu.atom.ldsm<m8n8>", 32),
    ("!cute_nvgpu.atom.ldsm<m8n8.x2>", 64),
    ("!cute_nvgpu.atom.ldsm<m8n8.x4>", 128),
    ("!cute_nvgpu.atom.ldsm<m8n8.x4.trans>", 128),
    ("!cute_nvgpu.atom.stsm<m8n8.x2>", 64),
    ("!cute_nvgpu.atom.simt_async_copy<4>", 32),
    ("!cute_nvgpu.atom.simt_async_copy<8>", 64),
    ("!cute_nvgpu.atom.simt_async_copy<16>", 128),
];

#[test]
fn copy_atoms_report_the_spec_s_bits_per_thread() {
    let compiler = Compiler::new();
    for (sample, bits) in COPY_BITS {
        let record = atom_record(parse(&compiler, sample)).unwrap_or_else(|| panic!("{sample} has no record"));
        assert_eq!(record.value_bits, *bits, "{sample}");
    }
}

#[test]
fn registry_matches_spec_003_row_by_row() {
    let compiler = Compiler::new();
    for row in ROWS {
        let ty = parse(&compiler, row.sample);
        // The mnemonic round-trips verbatim (uppercase SM120 included).
        let printed = ty.to_string();
        assert!(
            printed.starts_with(&format!("!cute_nvgpu.{}<", row.mnemonic)),
            "{}: printed as {printed}",
            row.mnemonic
        );
        assert_eq!(printed, row.sample, "{}: round trip", row.mnemonic);
        let record = atom_record(ty).unwrap_or_else(|| panic!("{} has no registry record", row.mnemonic));
        assert_eq!(record.min_tier, row.min_tier, "{}: min tier", row.mnemonic);
        let mut want = row.interfaces.to_vec();
        want.sort_by_key(|i| *i as u32);
        assert_eq!(record.interfaces(), want, "{}: interfaces", row.mnemonic);
        // verify_atom_instance asks MMA, then copy: no atom may be both.
        assert!(
            !(record.implements(MmaAtom) && record.implements(CopyAtom)),
            "{}: both an MMA and a copy atom",
            row.mnemonic
        );
        match row.residency {
            Mm { a, b, d } => {
                assert_eq!(record.kind, AtomKind::Mma, "{}", row.mnemonic);
                assert_eq!((record.a_residency, record.b_residency, record.d_residency), (a, b, d), "{}", row.mnemonic);
            }
            Cp { src, dst } => {
                assert!(matches!(record.kind, AtomKind::Copy | AtomKind::Tma), "{}", row.mnemonic);
                assert_eq!((record.source, record.destination), (src, dst), "{}", row.mnemonic);
                assert_eq!(record.uses_tma_descriptor, record.implements(TmaAtom), "{}", row.mnemonic);
                assert_eq!(record.supports_prefetch, record.implements(PrefetchAtom), "{}", row.mnemonic);
                assert_eq!(record.is_async, record.implements(AsyncCopyAtom), "{}", row.mnemonic);
            }
            Residency::None => assert_eq!(record.kind, AtomKind::Descriptor, "{}", row.mnemonic),
        }
        // MMA records carry the sparse / block-scale flags of their interfaces.
        assert_eq!(record.supports_sparse, record.implements(SparseMetadataAtom), "{}", row.mnemonic);
        assert_eq!(record.supports_block_scale, record.implements(BlockScaleAtom), "{}", row.mnemonic);
        // Accepted at the min tier (with the a suffix where the tier has one),
        // rejected on every roster entry below it.
        for chip in ROSTER {
            let accepted = target_accepts(ty, chip).expect("roster chip");
            if sm_of(chip) < row.min_tier {
                assert!(!accepted, "{} accepted on {chip}, below its tier", row.mnemonic);
            }
        }
        let min_chip = match row.min_tier {
            0 => "sm_70".to_string(),
            t if t >= 90 => format!("sm_{t}a"),
            t => format!("sm_{t}"),
        };
        assert_eq!(target_accepts(ty, &min_chip), Some(true), "{} at its min tier {min_chip}", row.mnemonic);
    }
    println!("registry rows checked against spec 003: {}", ROWS.len());
}

#[test]
fn tier_surfaces_follow_spec_003() {
    let compiler = Compiler::new();
    for row in ROWS {
        let ty = parse(&compiler, row.sample);
        let on = |chip: &str| target_accepts(ty, chip).unwrap();
        // SM100 and SM103 share one surface; so do SM120 and SM121.
        assert_eq!(on("sm_100a"), on("sm_103a"), "{}", row.mnemonic);
        assert_eq!(on("sm_100f"), on("sm_103f"), "{}", row.mnemonic);
        assert_eq!(on("sm_120a"), on("sm_121a"), "{}", row.mnemonic);
        // SM110 (Jetson Thor) has no MMA atom of its own: only universal and
        // earlier-tier register MMA resolve there.
        if record_is_mma(ty) {
            let expected = matches!(row.mnemonic, "atom.universal_fma" | "sm80.mma" | "sm80.sparse_mma" | "sm89.mma");
            for chip in ["sm_110", "sm_110a", "sm_110f"] {
                assert_eq!(on(chip), expected, "{} on {chip}", row.mnemonic);
            }
        }
        assert!(!row.mnemonic.contains("110"), "no SM110 mnemonic is registered");
    }
    // WGMMA is sm_90a only; tcgen05 needs an a/f target.
    let wgmma = parse(&compiler, ROWS.iter().find(|r| r.mnemonic == "sm90.mma").unwrap().sample);
    assert_eq!(target_accepts(wgmma, "sm_90"), Some(false));
    assert_eq!(target_accepts(wgmma, "sm_100a"), Some(false));
    let umma = parse(&compiler, ROWS.iter().find(|r| r.mnemonic == "sm100.mma").unwrap().sample);
    assert_eq!(target_accepts(umma, "sm_100"), Some(false));
    assert_eq!(target_accepts(umma, "sm_100f"), Some(true));
    assert_eq!(target_accepts(umma, "sm_95"), None, "not in the roster");
}

fn record_is_mma(ty: Type) -> bool {
    atom_record(ty).is_some_and(|r| r.kind == AtomKind::Mma)
}

#[test]
fn interfaces_answer_capability_questions() {
    let compiler = Compiler::new();
    let fact = |text: &str, f: Fact| atom_fact(parse(&compiler, text), f);
    // cp.async: the cache policy comes from the width alone.
    assert_eq!(fact("!cute_nvgpu.atom.simt_async_copy<4>", Fact::CachePolicy).as_deref(), Some("ca"));
    assert_eq!(fact("!cute_nvgpu.atom.simt_async_copy<8, f16>", Fact::CachePolicy).as_deref(), Some("ca"));
    assert_eq!(fact("!cute_nvgpu.atom.simt_async_copy<16, f32>", Fact::CachePolicy).as_deref(), Some("cg"));
    assert_eq!(fact("!cute_nvgpu.atom.simt_async_copy<16>", Fact::CompletionMechanism).as_deref(), Some("cp.async.group"));
    assert_eq!(fact("!cute_nvgpu.atom.tma_load<f16, rank = 2>", Fact::CompletionMechanism).as_deref(), Some("mbarrier"));
    assert_eq!(fact("!cute_nvgpu.atom.tma_store<f16, rank = 2>", Fact::CompletionMechanism).as_deref(), Some("bulk_group"));
    assert_eq!(fact("!cute_nvgpu.atom.tma_load_im2col<f16, rank = 4>", Fact::TmaMode).as_deref(), Some("im2col"));
    assert_eq!(fact("!cute_nvgpu.atom.tma_load_multicast<f16, rank = 2>", Fact::TmaMode).as_deref(), Some("multicast"));
    assert_eq!(fact("!cute_nvgpu.atom.tma_reduce<add, f16, rank = 2>", Fact::TmaDirection).as_deref(), Some("reduce"));
    assert_eq!(fact("!cute_nvgpu.atom.ldsm<m8n8>", Fact::TmaMode), None, "ldsm is not a TMA atom");
    assert_eq!(fact("!cute_nvgpu.sm80.sparse_mma<16x8x16, elem_type = (tf32, tf32, f32)>", Fact::SparsityPattern).as_deref(), Some("1:2"));
    assert_eq!(fact("!cute_nvgpu.sm80.sparse_mma<16x8x32, elem_type = (f16, f16, f32)>", Fact::SparsityPattern).as_deref(), Some("2:4"));
    assert_eq!(
        fact("!cute_nvgpu.sm90.mma<64x128x16, ab_major = (k, k), elem_type = (f16, f16, f32), frag_kind = ss>", Fact::ShapeMnk).as_deref(),
        Some("(64,128,16)")
    );
    // "Do you support prefetch?": only the TMA load atoms answer yes.
    let prefetchers: Vec<_> = ROWS
        .iter()
        .filter(|r| atom_record(parse(&compiler, r.sample)).unwrap().implements(PrefetchAtom))
        .map(|r| r.mnemonic)
        .collect();
    assert_eq!(prefetchers, ["atom.tma_load", "atom.tma_load_multicast", "atom.tma_load_im2col"]);
}

/// Spec 003's verbatim diagnostic strings; `{N}` marks a slot.
const VERBATIM: &[&str] = &[
    "expects Mma atom layout of ",
    "expects static and no scaled basis layout for",
    "expects operand a with element type {0}, but get {1}.",
    "expects operand b with element type {0}, but get {1}.",
    "expects operand c with element type {0}, but get {1}.",
    "expects memref/smem_desc_view for operand A, but gets A:{0}.",
    "expects smem_desc_view for operand B, but gets B: {0}.",
    "expects memref for operand D, but gets D: {0}.",
    "invalid layout of A/B/D. A: {0}, B: {1}, D:{2}",
    "layoutA, layoutB and layoutD fail to form a gemm. A: {0}, B: {1}, D: {2}",
    "expects all mma operands to have element type",
    "expects rmem for input operands, but got A: ",
    "expects operand a with element type ",
    "doesn't support composed layout for ",
    "A/B/D, but got: A: {0}, B: {1}, D:{2}",
    "expects A, B to have the same rank, but got A: ",
    "expects C, D to have the same rank, but got C: ",
    "expects C to have rank 1 or 2, but got C: ",
    "expects C to have rank 2 or 3, but got C: ",
    "expects C to have rank 3, but got C: ",
    "'{0}' cannot vectorize copy to {1} elements (static strides must be 1)",
    "'{0}' cannot vectorize copy to {1} elements (static strides must match)",
];

/// Whether `text` instantiates `template`: the literal pieces between `{N}`
/// slots appear in order, every slot is non-empty, and a template that ends
/// with a literal ends `text`.
fn instantiates(template: &str, text: &str) -> bool {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|c| open + c).unwrap();
        pieces.push(&rest[..open]);
        rest = &rest[close + 1..];
    }
    pieces.push(rest);
    let slots = pieces.len() - 1;
    (0..text.len()).filter(|&i| text.is_char_boundary(i)).any(|start| {
        let mut at = start;
        for (i, piece) in pieces.iter().enumerate() {
            if i == 0 {
                if !text[at..].starts_with(piece) {
                    return false;
                }
                at += piece.len();
                continue;
            }
            let last = i == slots;
            let found = if last && !piece.is_empty() && slots > 0 {
                text[at..].ends_with(piece).then(|| text.len() - piece.len()).filter(|&p| p > at)
            } else {
                text[at + 1.min(text.len() - at)..].find(piece).map(|p| p + at + 1)
            };
            match found {
                Some(p) => at = p + piece.len(),
                None => return false,
            }
        }
        true
    })
}

#[test]
fn every_verbatim_diagnostic_is_triggered_by_the_lit_suite() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit/Dialect/CuteNvgpu");
    let mut expected = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "mlir") {
            let text = std::fs::read_to_string(&path).unwrap();
            if !text.contains("-verify-diagnostics") {
                continue;
            }
            for line in text.lines() {
                if let Some(at) = line.find("expected-error") {
                    let body = &line[at..];
                    if let (Some(open), Some(close)) = (body.find("{{"), body.rfind("}}")) {
                        expected.push(body[open + 2..close].to_string());
                    }
                }
            }
        }
    }
    let missing: Vec<_> =
        VERBATIM.iter().filter(|t| !expected.iter().any(|e| instantiates(t, e))).collect();
    println!(
        "spec 003 verbatim diagnostics covered by tests/lit/Dialect/CuteNvgpu: {}/{}",
        VERBATIM.len() - missing.len(),
        VERBATIM.len()
    );
    assert!(missing.is_empty(), "verbatim diagnostics without a --verify-diagnostics test: {missing:#?}");
}

#[test]
fn template_matching_is_strict() {
    assert!(instantiates("expects memref for operand D, but gets D: {0}.", "expects memref for operand D, but gets D: x."));
    assert!(!instantiates("expects memref for operand D, but gets D: {0}.", "expects memref for operand D, but gets D: x"));
    assert!(!instantiates("expects memref for operand D, but gets D: {0}.", "expects memref for operand D, but gets D: ."));
    assert!(instantiates("'{0}' cannot vectorize copy to {1} elements (static strides must be 1)",
        "'atom.simt_async_copy' cannot vectorize copy to 3 elements (static strides must be 1)"));
    assert!(!instantiates("'{0}' cannot vectorize copy to {1} elements (static strides must match)",
        "'atom.simt_async_copy' cannot vectorize copy to 3 elements (static strides must be 1)"));
}

#[test]
fn melior_builds_the_lowering_ops() {
    use cute_mlir::dialect::nvgpu::ops::cute_nvgpu as nv;
    use melior::ir::{attribute::TypeAttribute, operation::OperationLike, Block, BlockLike, Location};
    let compiler = Compiler::new();
    let context = compiler.context();
    let location = Location::unknown(context);
    let view = parse(&compiler, "!cute.view<!cute.ptr<f16, smem>, !cute.layout<\"(64,16):(16,1)\">>");
    let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
    let wgmma = parse(&compiler, ROWS.iter().find(|r| r.mnemonic == "sm90.mma").unwrap().sample);
    let acc_type = Type::parse(context, "vector<64xf32>").unwrap();
    // The block owns the ops (they use its argument).
    let block = Block::new(&[(view, location)]);
    let desc = nv::gmma_descriptor(context, i64_type, block.argument(0).unwrap().into(), location);
    let desc = block.append_operation(desc.into());
    let acc = nv::register_accumulator(context, acc_type, TypeAttribute::new(wgmma), location);
    let acc = block.append_operation(acc.into());
    assert!(desc.verify(), "{desc}");
    assert!(acc.verify(), "{acc}");
    assert_eq!(desc.name().as_string_ref().as_str().unwrap(), "cute_nvgpu.gmma.descriptor");
    assert_eq!(acc.name().as_string_ref().as_str().unwrap(), "cute_nvgpu.register.accumulator");
}

/// Spec 003 `verify_atom_instance`: a type none of whose interfaces checks an
/// instance gets the verbatim fallback (a non-executing TMA atom is TmaAtom
/// only; ODS keeps it out of the atom-call ops, the Rust dispatch still
/// answers with the spec's sentence).
#[test]
fn verify_atom_instance_falls_back_verbatim() {
    let compiler = Compiler::new();
    let ty = parse(&compiler, "!cute_nvgpu.atom.non_exec_tiled_tma_load<f16, rank = 2>");
    let err = cute_mlir::dialect::nvgpu::verify_instance(ty, &[], &Default::default(), false).unwrap_err();
    assert!(err.starts_with("atom type does not implement a known cute_nvgpu interface"), "{err}");
    let err = cute_mlir::dialect::atoms::verify_instance(Type::parse(compiler.context(), "f32").unwrap(), &[], &Default::default(), false)
        .unwrap_err();
    assert!(err.starts_with("atom type does not implement a known cute_nvgpu interface"), "{err}");
}
