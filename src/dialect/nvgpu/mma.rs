//! MMA atoms (spec 003 "MMA Atom Verifier Diagnostics"): the element-class
//! table, the per-tier shape lattice, the type verifier, and the instance
//! ladder (element types, residencies, layouts). The diagnostics are the
//! spec's verbatim strings.

use super::atom::{FragKind, Major, Mma, MmaFamily};
use super::operands::{residency, Operand};
use crate::dialect::spec;
use crate::dialect::types::{quoted, storage_bits, type_text};
use crate::layout::{self, IntTuple, Layout, Leaf};
use melior::ir::Type;

/// The element-type class of an MMA input pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputClass {
    F16,
    Bf16,
    Tf32,
    F64,
    I8,
    I4,
    /// Single bits (`.b1`), multiplied as AND and summed by population count.
    B1,
    F8,
    /// Block-scaled FP8/FP6/FP4 mixes (`f8f6f4`).
    F8F6F4,
}

impl InputClass {
    pub fn name(self) -> &'static str {
        match self {
            InputClass::F16 => "f16",
            InputClass::Bf16 => "bf16",
            InputClass::Tf32 => "tf32",
            InputClass::F64 => "f64",
            InputClass::I8 => "i8",
            InputClass::I4 => "i4",
            InputClass::B1 => "b1",
            InputClass::F8 => "f8",
            InputClass::F8F6F4 => "f8f6f4",
        }
    }
    /// Bits per element in the K-extent rule of WGMMA/UMMA (K x bits = 256).
    pub fn bits(self) -> u32 {
        match self {
            InputClass::F16 | InputClass::Bf16 => 16,
            InputClass::Tf32 => 32,
            InputClass::F64 => 64,
            InputClass::I8 | InputClass::F8 | InputClass::F8F6F4 => 8,
            InputClass::I4 => 4,
            InputClass::B1 => 1,
        }
    }
    /// Accumulator element types the class allows.
    fn accumulates_into(self, c: Type) -> bool {
        let c = name_of(c);
        match self {
            InputClass::F16 | InputClass::F8 | InputClass::F8F6F4 => c == "f16" || c == "f32",
            InputClass::Bf16 | InputClass::Tf32 => c == "f32",
            InputClass::F64 => c == "f64",
            InputClass::I8 | InputClass::I4 | InputClass::B1 => c == "i32",
        }
    }
}

/// The element-class name of a type: integers by width whatever their
/// signedness (`si8` and `ui8` are `i8`, as in the PTX `.s8`/`.u8` MMAs).
fn name_of(t: Type) -> String {
    let raw = melior::ir::TypeLike::to_raw(&t);
    // SAFETY: `t` is a live type; both calls only inspect it.
    if unsafe { mlir_sys::mlirTypeIsAInteger(raw) } {
        return format!("i{}", unsafe { mlir_sys::mlirIntegerTypeGetWidth(raw) });
    }
    t.to_string()
}
fn is_fp8(t: Type) -> bool {
    matches!(name_of(t).as_str(), "f8E4M3FN" | "f8E5M2")
}
fn is_fp6(t: Type) -> bool {
    matches!(name_of(t).as_str(), "f6E2M3FN" | "f6E3M2FN")
}
fn is_fp4(t: Type) -> bool {
    name_of(t) == "f4E2M1FN"
}
fn is_mx_input(t: Type) -> bool {
    is_fp8(t) || is_fp6(t) || is_fp4(t)
}

/// Classifies the (A, B) pair; None if it is no legal combination.
pub fn classify(a: Type, b: Type, allow_mx: bool) -> Option<InputClass> {
    let (an, bn) = (name_of(a), name_of(b));
    let same = |n: &str| an == n && bn == n;
    Some(if same("f16") {
        InputClass::F16
    } else if same("bf16") {
        InputClass::Bf16
    } else if same("tf32") {
        InputClass::Tf32
    } else if same("f64") {
        InputClass::F64
    } else if same("i8") {
        InputClass::I8
    } else if same("i4") {
        InputClass::I4
    } else if same("i1") {
        InputClass::B1
    } else if is_fp8(a) && is_fp8(b) {
        InputClass::F8
    } else if allow_mx && is_mx_input(a) && is_mx_input(b) {
        InputClass::F8F6F4
    } else {
        return None;
    })
}

/// The tier's shape lattice: Ok if legal, else the legal shapes as text.
fn check_shape(p: &Mma, class: InputClass) -> Result<(), String> {
    let shape = (p.m, p.n, p.k);
    let one_of = |shapes: &[(u32, u32, u32)]| {
        if shapes.contains(&shape) {
            Ok(())
        } else {
            Err(shapes.iter().map(|(m, n, k)| format!("{m}x{n}x{k}")).collect::<Vec<_>>().join(", "))
        }
    };
    let sp = if p.family.is_sparse() { 2 } else { 1 };
    match p.family {
        MmaFamily::Sm80 | MmaFamily::Sm80Sparse => match class {
            InputClass::F16 | InputClass::Bf16 => one_of(&[(16, 8, 8 * sp), (16, 8, 16 * sp)]),
            InputClass::Tf32 => one_of(&[(16, 8, 4 * sp), (16, 8, 8 * sp)]),
            InputClass::F64 if !p.family.is_sparse() => one_of(&[(8, 8, 4)]),
            InputClass::I8 => one_of(&[(16, 8, 16 * sp), (16, 8, 32 * sp)]),
            InputClass::I4 => one_of(&[(16, 8, 32 * sp), (16, 8, 64 * sp)]),
            // CuTe's SM80_16x8x128_S32U1U1S32_TN_ANDPOPC (PTX ISA 9.7.14.5.12).
            InputClass::B1 => one_of(&[(16, 8, 128)]),
            other => Err(format!("no shape for {}", other.name())),
        },
        MmaFamily::Sm89 => one_of(&[(16, 8, 32)]),
        MmaFamily::Sm120Bs => {
            if is_fp4(p.a) && is_fp4(p.b) {
                one_of(&[(16, 8, 32), (16, 8, 64)])
            } else {
                one_of(&[(16, 8, 32)])
            }
        }
        family => {
            // WGMMA / UMMA: K x element bits = 256 (512 sparse); M and N by tier.
            let mut k_want = 256 * sp / class.bits();
            if family.has_scale() && is_fp4(p.a) && is_fp4(p.b) && p.k == 2 * k_want {
                k_want *= 2; // mxf4 / nvf4: 4-bit containers
            }
            let k_ok = p.k == k_want;
            if family == MmaFamily::Sm90 {
                // PTX ISA 9.7.15.5: the integer wgmma shapes are N = 8, 16,
                // 24, 32 and the multiples of 16 up to 256 (the atom sweep
                // found N = 40 accepted here and refused by NVVM).
                if class == InputClass::I8 {
                    let ok = k_ok && p.m == 64 && (matches!(p.n, 8 | 24) || (p.n.is_multiple_of(16) && (16..=256).contains(&p.n)));
                    return if ok { Ok(()) } else { Err(format!("64xNx{k_want} with N in {{8, 24}} or a multiple of 16 in [16, 256]")) };
                }
                let ok = k_ok && p.m == 64 && p.n.is_multiple_of(8) && (8..=256).contains(&p.n);
                return if ok { Ok(()) } else { Err(format!("64xNx{k_want} with N a multiple of 8 in [8, 256]")) };
            }
            let step = if p.m == 64 { 8 } else { 16 };
            let ok = k_ok && matches!(p.m, 64 | 128 | 256) && p.n.is_multiple_of(step) && p.n >= step && p.n <= 256;
            if ok {
                Ok(())
            } else {
                Err(format!(
                    "MxNx{k_want} with M in {{64, 128, 256}} and N a multiple of 8 (M = 64) or 16 in [8, 256]"
                ))
            }
        }
    }
}

/// The type verifier of every MMA type.
pub fn verify_type(p: &Mma) -> Result<(), String> {
    let m = p.family.mnemonic();
    let family = p.family;
    if family == MmaFamily::Sm89 && !(is_fp8(p.a) && is_fp8(p.b)) {
        return Err(format!(
            "'sm89.mma' adds FP8 inputs (f8E4M3FN, f8E5M2), got A {}, B {}; use sm80.mma otherwise",
            quoted(p.a),
            quoted(p.b)
        ));
    }
    if family.has_scale() && !(is_mx_input(p.a) && is_mx_input(p.b)) {
        return Err(format!("'{m}' takes FP8/FP6/FP4 inputs, got A {}, B {}", quoted(p.a), quoted(p.b)));
    }
    if matches!(family, MmaFamily::Sm89 | MmaFamily::Sm80 | MmaFamily::Sm80Sparse) && is_mx_input(p.a) && !is_fp8(p.a) {
        return Err(format!("'{m}' has no FP6/FP4 inputs"));
    }
    if matches!(family, MmaFamily::Sm80 | MmaFamily::Sm80Sparse) && (is_fp8(p.a) || is_fp8(p.b)) {
        return Err(format!("'{m}' has no FP8 inputs; FP8 register MMA is sm89.mma"));
    }
    let class = classify(p.a, p.b, family.has_scale())
        .filter(|c| !(family.is_umma() && matches!(c, InputClass::F64 | InputClass::I4)))
        // Binary MMA is SM80's dense register mma.sync only here (WGMMA's
        // .b1 and a sparse form are not registered).
        .filter(|c| *c != InputClass::B1 || family == MmaFamily::Sm80)
        .ok_or_else(|| format!("'{m}' has no element-type combination A {}, B {}", quoted(p.a), quoted(p.b)))?;
    if !class.accumulates_into(p.c) || (family.has_scale() && p.c.to_string() != "f32") {
        return Err(format!("'{m}' cannot accumulate {} inputs into {}", class.name(), quoted(p.c)));
    }
    if let Err(legal) = check_shape(p, class) {
        return Err(format!("'{m}' has no {}x{}x{} shape for {} inputs; legal: {legal}", p.m, p.n, p.k, class.name()));
    }
    if family.has_frag() && !family.frags().contains(&p.frag) {
        return Err(format!("'{m}' frag_kind {} is not available", p.frag.name()));
    }
    if family.has_major() && class.bits() != 16 && (p.a_major != Major::K || p.b_major != Major::K) {
        return Err(format!("'{m}' {} operands must be K-major: ab_major = (k, k)", class.name()));
    }
    if family.has_frag() && p.frag != FragKind::Ss && p.a_major != Major::K {
        return Err(format!("'{m}' A from registers or TMEM must be K-major"));
    }
    if family.has_scale() {
        let sf = p.sf_type.map(|t| t.to_string());
        if !matches!(sf.as_deref(), Some("f8E8M0FNU" | "f8E4M3FN")) {
            return Err(format!(
                "'{m}' scale factors are f8E8M0FNU (ue8m0) or f8E4M3FN (ue4m3), got '{}'",
                sf.unwrap_or_else(|| "<<NULL TYPE>>".into())
            ));
        }
        if p.sf_vec != 16 && p.sf_vec != 32 {
            return Err(format!("'{m}' sf_vec is 16 or 32, got {}", p.sf_vec));
        }
        if sf.as_deref() == Some("f8E4M3FN") && !(is_fp4(p.a) && is_fp4(p.b) && p.sf_vec == 16) {
            return Err(format!("'{m}' ue4m3 scale factors need FP4 inputs and sf_vec = 16"));
        }
    }
    Ok(())
}


/// TMEM columns (32-bit) one UMMA accumulator occupies.
pub fn tmem_columns(p: &Mma) -> u32 {
    p.n * crate::dialect::types::bits_of(p.c).max(32) / 32
}

/// The element-type ladder of an instance: `elements` is (D, A, B, C).
pub fn verify_element_types(p: &Mma, elements: &[Option<Type>]) -> Result<(), String> {
    let [d, a, b, c] = elements else {
        return Err(format!("expects D, A, B and C operands, got {}", elements.len()));
    };
    // Non-UMMA (SM80/SM89/SM120): the accumulators share one element type.
    if !p.family.is_umma() && (d.is_none() || c.is_none() || c != d) {
        return Err(format!(
            "expects all mma operands to have element type {} in the accumulators, but got C: {}, D: {}",
            p.c,
            type_text(*c),
            type_text(*d)
        ));
    }
    for (slot, want, got) in [('a', p.a, a), ('b', p.b, b), ('c', p.c, c), ('c', p.c, d)] {
        if Some(want) != *got {
            return Err(format!("expects operand {slot} with element type {want}, but get {}.", type_text(*got)));
        }
    }
    Ok(())
}

/// The universal FMA's element check: (D, A, B, C) of (c, a, b, c).
pub fn verify_fma_element_types(a: Type, b: Type, c: Type, elements: &[Option<Type>]) -> Result<(), String> {
    for ((role, want), got) in [("D", c), ("A", a), ("B", b), ("C", c)].into_iter().zip(elements) {
        if Some(want) != *got {
            let got = got.map_or_else(|| "'<<NULL TYPE>>'".to_string(), quoted);
            return Err(format!("atom.universal_fma expects {role} of {}, got {got}", quoted(want)));
        }
    }
    Ok(())
}

/// The residency and layout contract of an MMA instance: `ops` is
/// (D, A, B, C). `tiled` selects the tiled-MMA builder checks.
pub fn verify_operands(mma: Option<&Mma>, ops: &[Operand], tiled: bool) -> Result<(), String> {
    let [d, a, b, c] = ops else {
        return Ok(()); // the op verifier reports the arity
    };
    if tiled {
        // Tiled-MMA builder checks: no composed layouts, then fragment ranks.
        if a.composed || b.composed || d.composed {
            let text = |op: &Operand| type_text(op.layout_type);
            return Err(format!(
                "doesn't support composed layout for A/B/D, but got: A: {}, B: {}, D:{}",
                text(a),
                text(b),
                text(d)
            ));
        }
        return check_tiled_ranks(&[a, b, c, d]);
    }
    if let Some(p) = mma.filter(|p| p.family == MmaFamily::Sm90 && (a.residency == residency::SMEM || b.residency == residency::SMEM)) {
        return verify_wgmma_on_smem(p, a, b, c, d);
    }
    if let Some(p) = mma.filter(|p| {
        p.family.is_umma()
            && (a.residency == residency::SMEM || (p.frag == FragKind::Ts && a.residency == residency::TMEM && b.residency == residency::SMEM))
    }) {
        return verify_umma_on_smem(p, a, b, c, d);
    }
    let Some(p) = mma.filter(|p| p.family.is_umma()) else {
        // Non-UMMA shared verifier: every operand in registers.
        if [a, b, c, d].iter().any(|op| op.residency != residency::RMEM) {
            return Err(format!("expects rmem for input operands, but got A: {}, B: {}, D: {}", a.ty, b.ty, d.ty));
        }
        return Ok(());
    };
    // UMMA residency ladder: A, then B, then D; the first mismatch stops.
    let record = super::records::record(&super::Atom::Mma(*p));
    let allowed_a = record.a_residency
        & match p.frag {
            FragKind::Ss => residency::SMEM_DESC,
            FragKind::Rs => residency::RMEM,
            FragKind::Ts => residency::TMEM,
            FragKind::None => residency::ANY | residency::SMEM_DESC,
        };
    if a.residency & allowed_a == 0 {
        return Err(format!("expects memref/smem_desc_view for operand A, but gets A:{}.", a.ty));
    }
    if b.residency & record.b_residency == 0 {
        return Err(format!("expects smem_desc_view for operand B, but gets B: {}.", b.ty));
    }
    if d.residency & record.d_residency == 0 {
        return Err(format!("expects memref for operand D, but gets D: {}.", d.ty));
    }
    check_layouts(p, a, b, d)
}

/// The optional operand groups of an MMA instance (spec 003 "Registry
/// Invariants": sparse and block-scaled atoms expose their metadata through
/// typed operands): the sparsity metadata exactly for SparseMetadataAtom
/// types (32-bit words, in registers for mma.sp and in tensor memory for
/// tcgen05.mma.sp), two scale-factor views (A, B) of the atom's `sf_type`
/// exactly for BlockScaleAtom types (in registers for SM120, in tensor memory
/// for tcgen05.mma.block_scale).
pub fn verify_extras(atom: &super::Atom, sparse: bool, block_scaled: bool, extras: &super::operands::Extras) -> Result<(), String> {
    let m = atom.mnemonic();
    let umma = atom.as_mma().is_some_and(|p| p.family.is_umma());
    let (home, home_name) = if umma { (residency::TMEM, "tmem") } else { (residency::RMEM, "rmem") };
    match (sparse, extras.metadata) {
        (true, None) => return Err(format!("'{m}' is a sparse atom: it needs its metadata, metadata(%e : view of i32 words)")),
        (false, Some(_)) => return Err(format!("'{m}' is not a sparse atom; it takes no metadata")),
        (true, Some(view)) => {
            let op = Operand::of(view);
            let words = op.element.is_some_and(|e| name_of(e) == "i32");
            if !words {
                return Err(format!("'{m}' metadata are 32-bit words (i32), got {}", type_text(op.element)));
            }
            if op.residency != home {
                return Err(format!("'{m}' metadata lives in {home_name}, got {view}"));
            }
        }
        (false, None) => {}
    }
    if !block_scaled {
        if !extras.scales.is_empty() {
            return Err(format!("'{m}' is not a block-scaled atom; it takes no scale factors"));
        }
        return Ok(());
    }
    let sf = atom.as_mma().and_then(|p| p.sf_type);
    if extras.scales.len() != 2 {
        return Err(format!(
            "'{m}' is a block-scaled atom: it needs two scale-factor operands (A, B), scales(%sfa, %sfb : views), got {}",
            extras.scales.len()
        ));
    }
    for (role, &view) in ["A", "B"].iter().zip(&extras.scales) {
        let op = Operand::of(view);
        if op.element != sf {
            return Err(format!("'{m}' scale factors of {role} are {}, got {}", type_text(sf), type_text(op.element)));
        }
        if op.residency != home {
            return Err(format!("'{m}' scale factors of {role} live in {home_name}, got {view}"));
        }
    }
    Ok(())
}

/// All shape and stride leaves are static integers (no `?`, no `N@dim`).
fn is_static_integral(layout: &Layout) -> bool {
    let all_int = |t: &IntTuple| t.leaves().iter().all(|leaf| matches!(leaf, Leaf::Int(_)));
    all_int(layout.shape()) && all_int(layout.stride())
}

fn mode_size(layout: &Layout, i: usize) -> Option<i64> {
    layout::size(&layout.mode(i)?).ok()?.as_int()
}

/// `(M,K):(K,1)` (K-major) or `(M,K):(1,M)` (MN-major).
fn canonical(rows: u32, k: u32, major: Major) -> String {
    match major {
        Major::K => format!("({rows},{k}):({k},1)"),
        Major::Mn => format!("({rows},{k}):(1,{rows})"),
    }
}

/// Layout-shape verifier and layout composability of the UMMA family:
/// A (M,K), B (N,K), D (M,N), static integral strides.
pub fn check_layouts(p: &Mma, a: &Operand, b: &Operand, d: &Operand) -> Result<(), String> {
    let layouts = [("A", a), ("B", b), ("D", d)].map(|(name, op)| (name, op, op.layout()));
    for (name, op, layout) in &layouts {
        match layout {
            Ok(l) if is_static_integral(l) => {}
            _ => {
                return Err(format!(
                    "expects static and no scaled basis layout for operand {name}, but got {}",
                    op.layout_text
                ))
            }
        }
    }
    let [(_, _, Ok(la)), (_, _, Ok(lb)), (_, _, Ok(ld))] = &layouts else { unreachable!("checked above") };
    if [la, lb, ld].iter().any(|l| l.rank() != 2) {
        return Err(format!("invalid layout of A/B/D. A: {}, B: {}, D:{}", a.layout_text, b.layout_text, d.layout_text));
    }
    if mode_size(la, 0) != mode_size(ld, 0) || mode_size(lb, 0) != mode_size(ld, 1) || mode_size(la, 1) != mode_size(lb, 1) {
        return Err(format!(
            "layoutA, layoutB and layoutD fail to form a gemm. A: {}, B: {}, D: {}",
            a.layout_text, b.layout_text, d.layout_text
        ));
    }
    for (name, op, layout, want) in [
        ("A", a, la, canonical(p.m, p.k, p.a_major)),
        ("B", b, lb, canonical(p.n, p.k, p.b_major)),
        ("D", d, ld, canonical(p.m, p.n, Major::Mn)),
    ] {
        let want_layout = crate::dialect::spec::parse_checked_layout(&want)?;
        if *layout != want_layout {
            return Err(format!("expects Mma atom layout of {want} for operand {name}, but got {}", op.layout_text));
        }
    }
    Ok(())
}

/// An SM90 WGMMA instance over shared-memory views (the tiled MMA's
/// partitions of the shared tiles): the lowering packs their GMMA
/// descriptors (CuTe's `make_fragment_A/B` step, done in the lowering), so
/// each tile must be one `make_gmma_desc` accepts; the accumulators are the
/// thread's `M*N/128` registers. The residency strings are the ladder's.
fn verify_wgmma_on_smem(p: &Mma, a: &Operand, b: &Operand, c: &Operand, d: &Operand) -> Result<(), String> {
    let allowed_a = if p.frag == FragKind::Rs { residency::RMEM } else { residency::SMEM | residency::SMEM_DESC };
    if a.residency & allowed_a == 0 {
        return Err(format!("expects memref/smem_desc_view for operand A, but gets A:{}.", a.ty));
    }
    if b.residency & (residency::SMEM | residency::SMEM_DESC) == 0 {
        return Err(format!("expects smem_desc_view for operand B, but gets B: {}.", b.ty));
    }
    if d.residency != residency::RMEM {
        return Err(format!("expects memref for operand D, but gets D: {}.", d.ty));
    }
    if p.frag == FragKind::Rs {
        // A in registers: each of the 128 threads holds M*K/128 values.
        let values = i64::from(p.m) * i64::from(p.k) / 128;
        let size = a.layout().ok().and_then(|l| crate::layout::size(&l).ok()).and_then(|s| s.as_int());
        if size != Some(values) {
            return Err(format!(
                "a warpgroup thread holds {values} values of the {}x{} A tile in registers (frag_kind = rs); operand A is {}",
                p.m, p.k, a.ty
            ));
        }
    }
    let accumulators = i64::from(p.m) * i64::from(p.n) / 128;
    for (name, op) in [("C", c), ("D", d)] {
        let size = op.layout().ok().and_then(|l| crate::layout::size(&l).ok()).and_then(|s| s.as_int());
        if op.residency != residency::RMEM || size != Some(accumulators) {
            return Err(format!(
                "a warpgroup thread holds {accumulators} accumulators of the {}x{} tile in registers; operand {name} is {}",
                p.m, p.n, op.ty
            ));
        }
    }
    check_smem_tiles(p, a, b, false)
}

/// The shared-memory A and B tiles of a WGMMA (`umma` false) or UMMA
/// instance: each the atom's `(MN, K)` extent, and one the descriptor
/// packer accepts (the packer's reason otherwise).
fn check_smem_tiles(p: &Mma, a: &Operand, b: &Operand, umma: bool) -> Result<(), String> {
    // A structured-sparse A is stored compressed: half its K values.
    let a_k = if p.family.is_sparse() { p.k / 2 } else { p.k };
    let (a_rows, b_rows, _) = if umma { umma_rows_per_cta(p) } else { (p.m, p.n, p.m) };
    for (name, op, major, rows, k) in [("A", a, p.a_major, a_rows, a_k), ("B", b, p.b_major, b_rows, p.k)] {
        if op.residency != residency::SMEM {
            continue;
        }
        let (layout, swizzle) = if op.composed {
            let c = spec::parse_checked_composed(&op.layout_text)?;
            (c.layout, Some(c.swizzle))
        } else {
            (op.layout()?, None)
        };
        let tile = gmma_tile(&layout);
        let extents: Vec<Option<i64>> = (0..2).map(|i| tile.mode(i).and_then(|m| crate::layout::size(&m).ok()).and_then(|s| s.as_int())).collect();
        if tile.rank() != 2 || extents != [Some(i64::from(rows)), Some(i64::from(k))] {
            return Err(format!("expects Mma atom layout of {} for operand {name}, but got {}", canonical(rows, k, major), op.layout_text));
        }
        let bits = op.element.map(storage_bits).unwrap_or(0);
        // kind::f8f6f4 / mxf8f6f4 read their 6- and 4-bit operands from
        // shared memory unpacked, 16 elements to a 16-byte chunk (PTX ISA
        // 9.7.16.10.4.4): a packed sub-byte view would be read wrong.
        if umma && bits > 0 && bits < 8 && !(is_fp4(p.a) && is_fp4(p.b)) {
            return Err(format!(
                "operand {name}: a {} x {} UMMA is kind::mxf8f6f4, which reads {}-bit elements from shared memory unpacked, 16 to a 16-byte chunk (PTX ISA 9.7.16.10.4.4); a packed {}-bit view cannot describe that (FP4 x FP4 is kind::mxf4, packed)",
                name_of(p.a),
                name_of(p.b),
                bits,
                bits
            ));
        }
        let desc_major = if major == Major::K { crate::layout::gmma::Major::K } else { crate::layout::gmma::Major::Mn };
        let packed = if umma {
            crate::layout::gmma::make_umma_desc(&tile, swizzle, bits, desc_major, 0).map(|_| ())
        } else {
            crate::layout::gmma::make_gmma_desc(&tile, swizzle, bits, desc_major, 0).map(|_| ())
        };
        packed.map_err(|e| format!("operand {name}: {e}"))?;
    }
    Ok(())
}

/// The rows of A, B and the accumulator one CTA holds: all of them, but for
/// the CTA-pair UMMA (M = 256, `cta_group::2`: CuTe's `*_2x1SM_*` atoms,
/// `ThrID = Layout<_2>`) each CTA of the pair holds M/2 rows of A, N/2 of
/// B and M/2 of the accumulator.
pub fn umma_rows_per_cta(p: &Mma) -> (u32, u32, u32) {
    if p.m == 256 {
        (p.m / 2, p.n / 2, p.m / 2)
    } else {
        (p.m, p.n, p.m)
    }
}

/// The CTA group of a UMMA instruction: 2 for M = 256.
pub fn umma_cta_group(p: &Mma) -> i64 {
    if p.m == 256 {
        2
    } else {
        1
    }
}

/// An SM100 UMMA instance over shared-memory views (dense, sparse with A
/// compressed to half its K, block-scaled): A and B tiles
/// `make_umma_desc` accepts (A in shared memory for `ss`), D and C the
/// same tensor-memory `M x N` accumulator (tcgen05.mma accumulates in
/// place). The residency strings are the ladder's.
fn verify_umma_on_smem(p: &Mma, a: &Operand, b: &Operand, c: &Operand, d: &Operand) -> Result<(), String> {
    let a_home = if p.frag == FragKind::Ts { residency::TMEM } else { residency::SMEM };
    if a.residency != a_home {
        return Err(format!("expects memref/smem_desc_view for operand A, but gets A:{}.", a.ty));
    }
    if p.frag == FragKind::Ts {
        // A in tensor memory: M lanes x K values, K-major.
        let size = a.layout().ok().and_then(|l| crate::layout::size(&l).ok()).and_then(|s| s.as_int());
        let k = if p.family.is_sparse() { p.k / 2 } else { p.k };
        let (rows, _, _) = umma_rows_per_cta(p);
        if size != Some(i64::from(rows) * i64::from(k)) || p.a_major != Major::K {
            return Err(format!("a ts UMMA reads the {rows}x{k} A operand K-major from tensor memory; A is {}", a.ty));
        }
    }
    if b.residency != residency::SMEM {
        return Err(format!("expects smem_desc_view for operand B, but gets B: {}.", b.ty));
    }
    if d.residency != residency::TMEM {
        return Err(format!("expects memref for operand D, but gets D: {}.", d.ty));
    }
    if c.ty != d.ty {
        return Err(format!("a UMMA accumulates in place: C must be D's tensor-memory view, got C: {}, D: {}", c.ty, d.ty));
    }
    let size = d.layout().ok().and_then(|l| crate::layout::size(&l).ok()).and_then(|s| s.as_int());
    let (_, _, rows) = umma_rows_per_cta(p);
    if size != Some(i64::from(rows) * i64::from(p.n)) {
        let pair = if rows == p.m { "" } else { " (each CTA of the pair holds half the rows)" };
        return Err(format!("the {rows}x{} accumulator in tensor memory has {} values{pair}; D is {}", p.n, rows * p.n, d.ty));
    }
    check_smem_tiles(p, a, b, true)
}

/// The `(MN, K)` tile of a WGMMA operand view: its layout without the unit
/// wrappers a partition leaves around it (`((64,16))`, `((64,16),1,1)`).
pub fn gmma_tile(l: &Layout) -> Layout {
    let mut l = l.clone();
    loop {
        let modes = l.modes();
        let unit = |m: &Layout| crate::layout::size(m).ok().and_then(|s| s.as_int()) == Some(1);
        if modes.len() > 1 && modes[1..].iter().all(unit) && !modes[0].shape().is_leaf() {
            l = modes[0].clone();
        } else if modes.len() == 1 && !modes[0].shape().is_leaf() {
            l = modes[0].clone();
        } else {
            return l;
        }
    }
}

/// Rank checks of the tiled-MMA dispatch: (V)x(V)=>(V), (M)x(N)=>(M,N),
/// (V,M)x(V,N)=>(V,M,N), (V,M,K)x(V,N,K)=>(V,M,N).
pub fn check_tiled_ranks(ops: &[&Operand; 4]) -> Result<(), String> {
    let [a, b, c, d] = ops;
    let rank = |op: &Operand| op.layout().map(|l| l.rank());
    let (ra, rb, rc, rd) = (rank(a)?, rank(b)?, rank(c)?, rank(d)?);
    let (at, bt, ct, dt) = (&a.layout_text, &b.layout_text, &c.layout_text, &d.layout_text);
    if ra != rb {
        return Err(format!("expects A, B to have the same rank, but got A: {at} (rank {ra}), B: {bt} (rank {rb})"));
    }
    if rc != rd {
        return Err(format!("expects C, D to have the same rank, but got C: {ct} (rank {rc}), D: {dt} (rank {rd})"));
    }
    match ra {
        1 if !(1..=2).contains(&rc) => Err(format!("expects C to have rank 1 or 2, but got C: {ct} (rank {rc})")),
        2 if !(2..=3).contains(&rc) => Err(format!("expects C to have rank 2 or 3, but got C: {ct} (rank {rc})")),
        3 if rc != 3 => Err(format!("expects C to have rank 3, but got C: {ct} (rank {rc})")),
        1..=3 => Ok(()),
        _ => Err(format!("expects A to have rank 1, 2 or 3, but got A: {at} (rank {ra})")),
    }
}

pub use super::mma_layouts::atom_layouts;

#[cfg(test)]
pub(super) mod tests {
    use super::super::operands::testing::{context, operand};
    use super::*;
    use crate::dialect::nvgpu::atom::MmaFamily;

    pub(in crate::dialect::nvgpu) fn wgmma<'c>(context: &'c melior::Context, a_major: Major) -> Mma<'c> {
        let f16 = Type::parse(context, "f16").unwrap();
        let f32 = Type::parse(context, "f32").unwrap();
        Mma {
            family: MmaFamily::Sm90,
            m: 64,
            n: 128,
            k: 16,
            a: f16,
            b: f16,
            c: f32,
            a_major,
            b_major: Major::K,
            frag: FragKind::Ss,
            sf_type: None,
            sf_vec: 0,
        }
    }

    #[test]
    fn mma_layouts_follow_the_ladder() {
        let ctx = context();
        let p = wgmma(&ctx, Major::K);
        let check = |a, b, d| check_layouts(&p, &operand(&ctx, a), &operand(&ctx, b), &operand(&ctx, d));
        assert_eq!(check("(64,16):(16,1)", "(128,16):(16,1)", "(64,128):(1,64)"), Ok(()));
        let err = |r: Result<(), String>| r.unwrap_err();
        assert!(err(check("(64,16):(?,1)", "(128,16):(16,1)", "(64,128):(1,64)"))
            .starts_with("expects static and no scaled basis layout for operand A"));
        assert!(err(check("1024:1", "(128,16):(16,1)", "(64,128):(1,64)")).starts_with("invalid layout of A/B/D. A: 1024:1"));
        assert!(err(check("(64,16):(16,1)", "(128,32):(32,1)", "(64,128):(1,64)"))
            .starts_with("layoutA, layoutB and layoutD fail to form a gemm."));
        assert_eq!(
            err(check("(64,16):(1,64)", "(128,16):(16,1)", "(64,128):(1,64)")),
            "expects Mma atom layout of (64,16):(16,1) for operand A, but got (64,16):(1,64)"
        );
        // MN-major A is canonical for ab_major = (mn, k).
        let mn = wgmma(&ctx, Major::Mn);
        let ops = ["(64,16):(1,64)", "(128,16):(16,1)", "(64,128):(1,64)"].map(|t| operand(&ctx, t));
        assert_eq!(check_layouts(&mn, &ops[0], &ops[1], &ops[2]), Ok(()));
    }

    #[test]
    fn tiled_ranks_follow_the_gemm_dispatch() {
        let ctx = context();
        let check = |a, b, c, d| {
            let ops = [a, b, c, d].map(|t| operand(&ctx, t));
            check_tiled_ranks(&[&ops[0], &ops[1], &ops[2], &ops[3]])
        };
        assert_eq!(check("8:1", "4:1", "4:1", "4:1"), Ok(()));
        assert_eq!(check("8:1", "4:1", "(4,2):(1,4)", "(4,2):(1,4)"), Ok(()));
        assert_eq!(check("(8,2):(1,8)", "(4,2):(1,4)", "(4,2,2):(1,4,8)", "(4,2,2):(1,4,8)"), Ok(()));
        assert_eq!(check("(8,2,2):(1,8,16)", "(4,2,2):(1,4,8)", "(4,2,2):(1,4,8)", "(4,2,2):(1,4,8)"), Ok(()));
        assert!(check("(8,2):(1,8)", "4:1", "4:1", "4:1").unwrap_err().starts_with("expects A, B to have the same rank"));
        assert!(check("8:1", "4:1", "4:1", "(4,2):(1,4)").unwrap_err().starts_with("expects C, D to have the same rank"));
        let c3 = "(4,2,2):(1,4,8)";
        assert!(check("8:1", "4:1", c3, c3).unwrap_err().starts_with("expects C to have rank 1 or 2"));
        assert!(check("(8,2):(1,8)", "(4,2):(1,4)", "16:1", "16:1").unwrap_err().starts_with("expects C to have rank 2 or 3"));
        let c2 = "(4,4):(1,4)";
        assert!(check("(8,2,2):(1,8,16)", "(4,2,2):(1,4,8)", c2, c2).unwrap_err().starts_with("expects C to have rank 3"));
    }

    #[test]
    fn element_classes_and_shapes() {
        let ctx = context();
        let t = |s: &str| Type::parse(&ctx, s).unwrap();
        assert_eq!(classify(t("f16"), t("f16"), false), Some(InputClass::F16));
        assert_eq!(classify(t("f8E4M3FN"), t("f8E5M2"), false), Some(InputClass::F8));
        assert_eq!(classify(t("f6E2M3FN"), t("f4E2M1FN"), false), None);
        assert_eq!(classify(t("f6E2M3FN"), t("f4E2M1FN"), true), Some(InputClass::F8F6F4));
        assert_eq!(classify(t("f16"), t("bf16"), true), None);
        let mut p = wgmma(&ctx, Major::K);
        assert_eq!(verify_type(&p), Ok(()));
        p.n = 12;
        assert_eq!(
            verify_type(&p).unwrap_err(),
            "'sm90.mma' has no 64x12x16 shape for f16 inputs; legal: 64xNx16 with N a multiple of 8 in [8, 256]"
        );
    }
}
