//! SM90 GMMA shared-memory matrix descriptors (CuTe's `GmmaDescriptor` and
//! `make_gmma_desc`, `include/cute/atom/mma_traits_sm90_gmma.hpp`): the
//! 64-bit word `wgmma.mma_async` reads for an A or B operand in shared memory.
//!
//! The layout is the operand's `(MN, K)` tile in elements and its swizzle in
//! element units (the form the dialect's views carry). As CuTe does, the
//! layout is recast to 16-byte units, its swizzle names the layout type
//! (`Sw<B,4,3>` over bytes), and the strides of the canonical form
//! (`logical_divide` by `(8, 2)` for K-major, `(W, 8)` for MN-major) are the
//! leading and stride byte offsets. The start address is the only run-time
//! field; [`GmmaDescriptor::bits`] packs the rest into the constant part.
//!
//! [`canonical_address`] is the other direction, the PTX ISA's reading of a
//! descriptor (the canonical layouts CuTe's comments list), so tests can
//! check that a descriptor reproduces every offset of its layout.

use super::ops::{logical_divide_tiler, table, upcast};
use super::notation::parse_tiler;
use super::swizzle::Swizzle;
use super::tuple::{IntTuple, Layout, Leaf};

/// Which of the two modes of the `(MN, K)` tile is contiguous.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Major {
    K,
    Mn,
}

/// The descriptor's swizzle (`layout_type`, bits 62-63).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutType {
    Interleave,
    B32,
    B64,
    B128,
    /// SM100 only: `Sw<2,5,2>` over bytes, 128-byte rows of 32-byte atoms
    /// (CuTe's `UMMA::Layout_MN_SW128_32B_Atom`, MN-major).
    B128Base32B,
}

impl LayoutType {
    /// From the swizzle's byte form: none / `Sw<0,4,3>`, `Sw<1,4,3>`,
    /// `Sw<2,4,3>`, `Sw<3,4,3>` (CuTe's `layout_type`).
    fn of_byte_swizzle(s: Option<Swizzle>) -> Result<LayoutType, String> {
        match s.map(|s| (s.bits, s.base, s.shift)) {
            None | Some((0, _, _)) => Ok(LayoutType::Interleave),
            Some((1, 4, 3)) => Ok(LayoutType::B32),
            Some((2, 4, 3)) => Ok(LayoutType::B64),
            Some((3, 4, 3)) => Ok(LayoutType::B128),
            Some((2, 5, 2)) => Ok(LayoutType::B128Base32B),
            Some((b, m, s)) => Err(format!(
                "the swizzle Sw<{b},{m},{s}> over bytes is not a GMMA swizzle (none, Sw<1,4,3>, Sw<2,4,3>, Sw<3,4,3>: 32, 64, 128 bytes)"
            )),
        }
    }

    /// The SM90 2-bit field value (INTERLEAVE 0, B128 1, B64 2, B32 3).
    pub fn code(self) -> u64 {
        match self {
            LayoutType::Interleave => 0,
            LayoutType::B128 => 1,
            LayoutType::B64 => 2,
            LayoutType::B32 => 3,
            LayoutType::B128Base32B => unreachable!("no SM90 encoding (make_gmma_desc refuses it)"),
        }
    }

    /// The SM100 3-bit field value (UMMA::LayoutType: SWIZZLE_NONE 0,
    /// 128B_BASE32B 1, 128B 2, 64B 4, 32B 6).
    pub fn umma_code(self) -> u64 {
        match self {
            LayoutType::Interleave => 0,
            LayoutType::B128Base32B => 1,
            LayoutType::B128 => 2,
            LayoutType::B64 => 4,
            LayoutType::B32 => 6,
        }
    }

    /// 16-byte units per swizzle row (CuTe's `W`).
    pub fn width(self) -> i64 {
        match self {
            LayoutType::Interleave => 1,
            LayoutType::B32 => 2,
            LayoutType::B64 => 4,
            LayoutType::B128 | LayoutType::B128Base32B => 8,
        }
    }

    /// The swizzle the hardware applies to byte addresses.
    pub fn byte_swizzle(self) -> Option<Swizzle> {
        if self == LayoutType::B128Base32B {
            return Some(Swizzle::new(2, 5, 2).expect("a valid swizzle"));
        }
        let bits = self.width().trailing_zeros();
        (bits > 0).then(|| Swizzle::new(bits, 4, 3).expect("GMMA swizzles are valid"))
    }

    /// The swizzle span in bytes (0 for INTERLEAVE), as `smem_desc_view` spells it.
    pub fn span_bytes(self) -> u32 {
        match self {
            LayoutType::Interleave => 0,
            w => 16 * w.width() as u32,
        }
    }
}

/// The fields of a GMMA descriptor; offsets and the start address in
/// 16-byte units, as the hardware reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GmmaDescriptor {
    pub start_address: u64,
    pub leading_byte_offset: u64,
    pub stride_byte_offset: u64,
    pub base_offset: u64,
    pub layout_type: LayoutType,
}

impl GmmaDescriptor {
    /// The 64-bit word: start address bits 0-13, leading byte offset 16-29,
    /// stride byte offset 32-45, base offset 49-51, layout type 62-63.
    pub fn bits(&self) -> u64 {
        (self.start_address & 0x3fff)
            | (self.leading_byte_offset & 0x3fff) << 16
            | (self.stride_byte_offset & 0x3fff) << 32
            | (self.base_offset & 0x7) << 49
            | self.layout_type.code() << 62
    }
}

/// The two descriptor families: SM90 GMMA and SM100 UMMA (same canonical
/// forms; UMMA adds the 32-byte-atom 128-byte swizzle and drops GMMA's
/// K-extent checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Gmma,
    Umma,
}

/// The layout type and the (leading, stride) byte offsets, in 16-byte
/// units, of a canonical tile (CuTe's `make_gmma_desc` / `make_umma_desc`).
fn canonical_offsets(
    layout: &Layout,
    swizzle: Option<Swizzle>,
    elem_bits: u32,
    major: Major,
    start: u64,
    family: Family,
) -> Result<(LayoutType, i64, i64), String> {
    let what = if family == Family::Gmma { "GMMA" } else { "UMMA" };
    if !(elem_bits.is_power_of_two() && (4..=64).contains(&elem_bits)) {
        return Err(format!("{what} operands have 4- to 64-bit power-of-two elements, got {elem_bits} bits"));
    }
    if layout.shape().is_leaf() || layout.shape().rank() != 2 {
        return Err(format!("a {what} descriptor describes a rank-2 (MN, K) tile, got {layout}"));
    }
    if start % 16 != 0 {
        return Err(format!("a {what} matrix starts 16-byte aligned, got byte address {start}"));
    }
    let byte_swizzle = match swizzle {
        Some(s) if s.bits > 0 => Some(s.over_bits(elem_bits)?),
        _ => None,
    };
    let layout_type = LayoutType::of_byte_swizzle(byte_swizzle)?;
    if family == Family::Gmma && layout_type == LayoutType::B128Base32B {
        return Err("the swizzle Sw<2,5,2> over bytes (128-byte rows of 32-byte atoms) is an SM100 UMMA layout, not a GMMA one".into());
    }
    if major == Major::K && layout_type == LayoutType::B128Base32B {
        return Err("the 128-byte swizzle of 32-byte atoms (Sw<2,5,2>) is MN-major only".into());
    }
    let w = layout_type.width();
    let per_u128 = i64::from(128 / elem_bits);
    let u128 = upcast(layout, per_u128).map_err(|e| format!("recasting {layout} to 16-byte units: {e}"))?;
    let size = |mode: usize| -> Result<i64, String> {
        super::ops::size(&u128.mode(mode).expect("rank 2"))
            .ok()
            .and_then(|s| s.as_int())
            .ok_or_else(|| format!("a {what} tile is static, got {layout}"))
    };
    let (mn, k) = (size(0)?, size(1)?);
    let tiler = match major {
        Major::K => {
            if mn % 8 != 0 {
                return Err(format!("not a canonical {what} K-major layout: MN size {mn} (16-byte units) is not a multiple of 8 in {layout}"));
            }
            if family == Family::Gmma && k != 2 && k != 4 {
                return Err(format!("not a canonical GMMA K-major layout: K is {k} x 16 bytes, expected 2 (dense) or 4 (sparse) in {layout}"));
            }
            "[8:1;2:1]".to_string()
        }
        Major::Mn => {
            let dense = 256 / i64::from(elem_bits);
            if family == Family::Gmma && k != dense && k != dense / 2 && k != dense * 2 {
                return Err(format!(
                    "not a canonical GMMA MN-major layout: K is {k}, expected {dense} for dense or {} / {} for sparse in {layout}",
                    dense / 2,
                    dense * 2
                ));
            }
            let k_atom = if layout_type == LayoutType::B128Base32B { 4 } else { 8 };
            format!("[{w}:1;{k_atom}:1]")
        }
    };
    let tiler = parse_tiler(&tiler).expect("a valid tiler");
    let canonical = logical_divide_tiler(&u128, &tiler).map_err(|e| format!("dividing {u128} into its canonical form: {e}"))?;
    // CuTe: congruent(canonical, ((1,1),(1,1))), strides static.
    let stride = |m: usize, i: usize| -> Option<i64> {
        match canonical.stride().mode(m)?.mode(i)? {
            IntTuple::Leaf(Leaf::Int(v)) => Some(*v),
            _ => None,
        }
    };
    let flat = |m: usize| matches!(canonical.shape().mode(m), Some(t) if t.rank() == 2);
    let (Some(s00), Some(s01), Some(s10), Some(s11)) = (stride(0, 0), stride(0, 1), stride(1, 0), stride(1, 1)) else {
        return Err(format!("not a canonical {what} layout: {canonical} (from {layout}) is not ((a,b),(c,d)) with static strides"));
    };
    if !flat(0) || !flat(1) {
        return Err(format!("not a canonical {what} layout: {canonical} (from {layout}) is not ((a,b),(c,d))"));
    }
    let interleave = layout_type == LayoutType::Interleave;
    let (lbo, sbo) = match major {
        Major::K => {
            let (want00, want10) = (w, if interleave { s10 } else { 1 });
            if s00 != want00 || s10 != want10 {
                return Err(format!(
                    "not a canonical {what} K-major layout for {}-byte swizzle: {canonical} in 16-byte units (from {layout}) needs strides ({want00}, _) and ({want10}, _)",
                    layout_type.span_bytes()
                ));
            }
            (s10, s01)
        }
        Major::Mn => {
            let (want00, want10) = (if interleave { s00 } else { 1 }, w);
            if s00 != want00 || s10 != want10 {
                return Err(format!(
                    "not a canonical {what} MN-major layout for {}-byte swizzle: {canonical} in 16-byte units (from {layout}) needs strides ({want00}, _) and ({want10}, _)",
                    layout_type.span_bytes()
                ));
            }
            if interleave {
                (s11, s01)
            } else {
                (s01, s11)
            }
        }
    };
    Ok((layout_type, lbo, sbo))
}

/// A 14-bit descriptor field (16-byte units).
fn field(v: i64, what: &str) -> Result<u64, String> {
    u64::try_from(v).ok().filter(|v| *v < 1 << 14).ok_or_else(|| format!("the {what} {v} (16-byte units) does not fit the descriptor's 14 bits"))
}

/// CuTe's `make_gmma_desc<major>` for the `(MN, K)` tile `layout` of
/// `elem_bits`-bit elements (strides in elements), `swizzle` in element
/// units, starting at shared-memory byte address `start` (16-byte aligned).
/// Errors name the canonical-form check that failed, as CuTe's static
/// assertions do.
pub fn make_gmma_desc(
    layout: &Layout,
    swizzle: Option<Swizzle>,
    elem_bits: u32,
    major: Major,
    start: u64,
) -> Result<GmmaDescriptor, String> {
    descriptor_fields(layout, swizzle, elem_bits, major, start, Family::Gmma)
}

/// The fields both families share.
fn descriptor_fields(
    layout: &Layout,
    swizzle: Option<Swizzle>,
    elem_bits: u32,
    major: Major,
    start: u64,
    family: Family,
) -> Result<GmmaDescriptor, String> {
    let (layout_type, lbo, sbo) = canonical_offsets(layout, swizzle, elem_bits, major, start, family)?;
    Ok(GmmaDescriptor {
        start_address: (start >> 4) & 0x3fff,
        leading_byte_offset: field(lbo, "leading byte offset")?,
        stride_byte_offset: field(sbo, "stride byte offset")?,
        base_offset: 0,
        layout_type,
    })
}

/// The SM100 shared-memory descriptor (CuTe's `UMMA::SmemDescriptor`): the
/// GMMA fields, version 1 (bits 46-47), the LBO mode (bit 52, legacy 0)
/// and a 3-bit layout type (bits 61-63).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UmmaDescriptor(pub GmmaDescriptor);

impl UmmaDescriptor {
    pub fn bits(&self) -> u64 {
        let d = &self.0;
        (d.start_address & 0x3fff)
            | (d.leading_byte_offset & 0x3fff) << 16
            | (d.stride_byte_offset & 0x3fff) << 32
            | 1 << 46
            | (d.base_offset & 0x7) << 49
            | d.layout_type.umma_code() << 61
    }
}

/// CuTe's `make_umma_desc<major>` (SM100), as [`make_gmma_desc`].
pub fn make_umma_desc(
    layout: &Layout,
    swizzle: Option<Swizzle>,
    elem_bits: u32,
    major: Major,
    start: u64,
) -> Result<UmmaDescriptor, String> {
    descriptor_fields(layout, swizzle, elem_bits, major, start, Family::Umma).map(UmmaDescriptor)
}

/// [`canonical_address`] of an SM100 descriptor.
pub fn umma_canonical_address(d: &UmmaDescriptor, major: Major, elem_bits: u32, mn: i64, k: i64) -> i64 {
    canonical_address(&d.0, major, elem_bits, mn, k)
}

/// The shared-memory byte address the hardware reads for element
/// `(mn, k)` of a descriptor's canonical layout (PTX ISA, "Matrix
/// descriptor" / CuTe's canonical GMMA layouts in 16-byte units):
///
/// | major | layout type | canonical layout (16-byte units) |
/// |---|---|---|
/// | K | INTERLEAVE | `((8,n),2):((1,SBO),LBO)` |
/// | K | B32/B64/B128 | `((8,n),2):((W,SBO),1)` |
/// | MN | INTERLEAVE | `((1,n),(8,k)):((X,SBO),(1,LBO))` |
/// | MN | B32/B64/B128 | `((W,n),(8,k)):((1,LBO),(W,SBO))` |
/// | MN | B128_BASE32B (SM100) | `((8,n),(4,k)):((1,LBO),(8,SBO))` |
///
/// then the swizzle `Sw<log2 W,4,3>` on the byte address.
pub fn canonical_address(d: &GmmaDescriptor, major: Major, elem_bits: u32, mn: i64, k: i64) -> i64 {
    let (w, lbo, sbo) = (d.layout_type.width(), d.leading_byte_offset as i64, d.stride_byte_offset as i64);
    let interleave = d.layout_type == LayoutType::Interleave;
    let bits = i64::from(elem_bits);
    let (units, byte_in_unit) = match major {
        Major::K => {
            let (kb, kc) = (k * bits / 8 % 16, k * bits / 8 / 16);
            let row = (mn % 8) * if interleave { 1 } else { w } + (mn / 8) * sbo;
            (row + kc * if interleave { lbo } else { 1 }, kb)
        }
        Major::Mn => {
            let (mb, mc) = (mn * bits / 8 % 16, mn * bits / 8 / 16);
            // Core matrices of 8 K rows (4 for the 32-byte-atom swizzle).
            let k_atom = if d.layout_type == LayoutType::B128Base32B { 4 } else { 8 };
            let units = if interleave {
                mc * sbo + (k % 8) + (k / 8) * lbo
            } else {
                (mc % w) + (mc / w) * lbo + (k % k_atom) * w + (k / k_atom) * sbo
            };
            (units, mb)
        }
    };
    let address = ((d.start_address as i64) << 4) + units * 16 + byte_in_unit;
    d.layout_type.byte_swizzle().map_or(address, |s| s.apply(address).expect("in range"))
}

/// The byte addresses of a tile's elements as the layout places them, in
/// `(mn, k)` colexicographic order: `Sw(start + bytes(layout(mn, k)))`.
pub fn layout_addresses(layout: &Layout, swizzle: Option<Swizzle>, elem_bits: u32, start: i64) -> Result<Vec<i64>, String> {
    let offsets = table(layout).map_err(|e| e.to_string())?;
    let bits = i64::from(elem_bits);
    offsets
        .into_iter()
        .map(|o| {
            // Element offsets from the (swizzle-aligned) base, then bytes.
            let element = start * 8 / bits + o;
            let swizzled = match swizzle {
                Some(s) => s.apply(element).map_err(|e| e.to_string())?,
                None => element,
            };
            Ok(swizzled * bits / 8)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::notation::{parse_layout, parse_swizzle};
    use super::*;

    struct Golden {
        bits: u32,
        major: Major,
        layout: Layout,
        swizzle: Swizzle,
        desc: u64,
        start: u64,
        line: String,
    }

    /// The golden lines of a descriptor fixture: dtype, major, four fields
    /// this parser skips, layout, swizzle, descriptor, start (16-byte units).
    fn parse_goldens(text: &str) -> Vec<Golden> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|line| {
                let f: Vec<&str> = line.split_whitespace().collect();
                let bits = match f[0] {
                    "f16" => 16,
                    "tf32" => 32,
                    "f8E4M3FN" => 8,
                    other => panic!("dtype {other}"),
                };
                let major = if f[1] == "k" { Major::K } else { Major::Mn };
                let layout = parse_layout(&f[6].replace('_', "")).expect("layout");
                let swizzle = parse_swizzle(&f[7].replace("Sw", "S")).expect("swizzle");
                let desc = u64::from_str_radix(f[8].trim_start_matches("0x"), 16).expect("hex");
                let start = f[9].parse::<u64>().expect("start") * 16;
                Golden { bits, major, layout, swizzle, desc, start, line: line.to_string() }
            })
            .collect()
    }

    /// tests/fixtures/gmma_descriptors.txt: CUTLASS's own make_gmma_desc
    /// (scripts/cute_gmma_desc_oracle.cpp, host build of CUTLASS 7107b05).
    fn goldens() -> Vec<Golden> {
        parse_goldens(include_str!("../../tests/fixtures/gmma_descriptors.txt"))
    }

    #[test]
    fn descriptors_are_cutlass_s() {
        let goldens = goldens();
        assert!(goldens.len() >= 90, "{} goldens", goldens.len());
        for g in &goldens {
            let d = make_gmma_desc(&g.layout, Some(g.swizzle), g.bits, g.major, g.start)
                .unwrap_or_else(|e| panic!("{}: {e}", g.line));
            assert_eq!(d.bits(), g.desc, "{:#018x} != CuTe's {:#018x} for {}", d.bits(), g.desc, g.line);
        }
    }

    /// tests/fixtures/umma_descriptors.txt (section smem): CUTLASS's own
    /// make_umma_desc (scripts/cute_umma_desc_oracle.cpp).
    #[test]
    fn umma_descriptors_are_cutlass_s() {
        let text = include_str!("../../tests/fixtures/umma_descriptors.txt");
        let section = &text[text.find("# section smem").unwrap()..text.find("# section instr").unwrap()];
        let mut checked = 0;
        for g in parse_goldens(section) {
            let (layout, swizzle, bits, major, start, line) = (&g.layout, g.swizzle, g.bits, g.major, g.start, &g.line);
            let d = make_umma_desc(layout, Some(swizzle), bits, major, start).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(d.bits(), g.desc, "{:#018x} != CuTe's {:#018x} for {line}", d.bits(), g.desc);
            // And the descriptor addresses every element where the layout puts it.
            let addresses = layout_addresses(layout, Some(swizzle), bits, start as i64).unwrap();
            let mn = super::super::ops::size(&layout.mode(0).unwrap()).unwrap().as_int().unwrap();
            for (i, a) in addresses.iter().enumerate() {
                let (m, k) = (i as i64 % mn, i as i64 / mn);
                assert_eq!(umma_canonical_address(&d, major, bits, m, k), *a, "({m},{k}) of {line}");
            }
            checked += 1;
        }
        assert!(checked >= 100, "{checked} goldens");
    }

    /// The descriptor, read the way the hardware reads it, addresses every
    /// element of the tile where its layout (and swizzle) puts it. Only the
    /// cases wgmma accepts: MN-major needs 16-bit elements.
    #[test]
    fn descriptors_reproduce_the_layout_s_addresses() {
        let mut checked = 0;
        for g in goldens().iter().filter(|g| g.major == Major::K || g.bits == 16) {
            let d = make_gmma_desc(&g.layout, Some(g.swizzle), g.bits, g.major, g.start).unwrap();
            let want = layout_addresses(&g.layout, Some(g.swizzle), g.bits, g.start as i64).unwrap();
            let mn = super::super::ops::size(&g.layout.mode(0).unwrap()).unwrap().as_int().unwrap();
            for (i, want) in want.iter().enumerate() {
                let (m, k) = (i as i64 % mn, i as i64 / mn);
                assert_eq!(canonical_address(&d, g.major, g.bits, m, k), *want, "({m},{k}) of {}", g.line);
            }
            checked += 1;
        }
        assert!(checked >= 60, "{checked}");
    }

    /// The canonical layout (in elements) of a descriptor's parameters: the
    /// table of `canonical_address`, with `n` atoms along MN.
    fn canonical_layout(ty: LayoutType, major: Major, bits: u32, n: i64, lbo: i64, sbo: i64) -> String {
        let (t, w) = (128 / i64::from(bits), ty.width());
        match (major, ty) {
            (Major::K, LayoutType::Interleave) => format!("((8,{n}),({t},2)):(({t},{}),(1,{}))", sbo * t, lbo * t),
            (Major::K, _) => format!("((8,{n}),({t},2)):(({},{}),(1,{t}))", w * t, sbo * t),
            (Major::Mn, LayoutType::Interleave) => format!("(({t},{n}),(8,2)):((1,{}),({t},{}))", sbo * t, lbo * t),
            (Major::Mn, _) => format!("(({t},{w},{n}),(8,2)):((1,{t},{}),({},{}))", lbo * t, w * t, sbo * t),
        }
    }

    proptest::proptest! {
        /// Round trip: a canonical layout built from random descriptor fields
        /// gives back those fields (where the layout determines them), and the
        /// descriptor addresses every element where the layout puts it.
        #[test]
        fn canonical_layouts_round_trip(
            ty in proptest::sample::select(vec![LayoutType::Interleave, LayoutType::B32, LayoutType::B64, LayoutType::B128]),
            k_major in proptest::bool::ANY,
            bits in proptest::sample::select(vec![8u32, 16, 32]),
            n in 1i64..5,
            lbo in 1i64..64,
            sbo in 1i64..64,
            start in 0u64..64,
        ) {
            // wgmma reads MN-major operands of 16-bit elements only.
            let (major, bits) = if k_major { (Major::K, bits) } else { (Major::Mn, 16) };
            let (lbo, sbo) = match (major, ty) {
                // Offsets that do not overlap the atoms (the hardware's contract).
                (Major::K, LayoutType::Interleave) => (lbo * 8 * n.max(1), 8 * sbo.min(8)),
                (Major::K, _) => (1, 8 * ty.width() * (1 + sbo % 4)),
                (Major::Mn, LayoutType::Interleave) => (8 * n * (1 + lbo % 4), 8 * (1 + sbo % 2)),
                (Major::Mn, _) => (8 * ty.width() * (1 + lbo % 4), 8 * ty.width() * n * (1 + sbo % 4)),
            };
            let layout = parse_layout(&canonical_layout(ty, major, bits, n, lbo, sbo)).unwrap();
            // The swizzle in element units, as a view carries it.
            let swizzle = ty.byte_swizzle().map(|s| {
                let shift = (bits / 8).trailing_zeros();
                Swizzle::new(s.bits, s.base - shift, s.shift).unwrap()
            });
            let start = start * 16 * ty.width() as u64 * 8;
            let d = make_gmma_desc(&layout, swizzle, bits, major, start).unwrap();
            proptest::prop_assert_eq!(d.layout_type, ty);
            let want = layout_addresses(&layout, swizzle, bits, start as i64).unwrap();
            let mn = super::super::ops::size(&layout.mode(0).unwrap()).unwrap().as_int().unwrap();
            for (i, want) in want.iter().enumerate() {
                let (m, k) = (i as i64 % mn, i as i64 / mn);
                proptest::prop_assert_eq!(canonical_address(&d, major, bits, m, k), *want, "({},{}) of {}", m, k, layout);
            }
            // A stride of an extent-1 mode is not determined by the layout.
            let interleave = ty == LayoutType::Interleave;
            let n_mode_is_sbo = major == Major::K || interleave;
            if n > 1 || !n_mode_is_sbo {
                proptest::prop_assert_eq!(d.stride_byte_offset as i64, sbo);
            }
            if n > 1 || n_mode_is_sbo {
                proptest::prop_assert_eq!(d.leading_byte_offset as i64, lbo);
            }
        }
    }

    #[test]
    fn non_canonical_layouts_are_named() {
        let err = |l: &str, s: Option<&str>, bits, major| {
            make_gmma_desc(&parse_layout(l).unwrap(), s.map(|s| parse_swizzle(s).unwrap()), bits, major, 0).unwrap_err()
        };
        // K-major f16 with the 128B swizzle needs 64-element rows.
        assert!(err("(64,16):(32,1)", Some("S<3,3,3>"), 16, Major::K).contains("needs strides (8, _)"));
        // K of 32 f16 elements is 4 x 16 bytes, fine (sparse); 48 is not.
        assert!(err("(64,24):(64,1)", Some("S<3,3,3>"), 16, Major::K).contains("expected 2 (dense) or 4"));
        assert!(err("(60,16):(64,1)", Some("S<3,3,3>"), 16, Major::K).contains("multiple of 8"));
        assert!(err("(64,16):(64,1)", Some("S<2,3,4>"), 16, Major::K).contains("not a GMMA swizzle"));
        assert!(err("(64,16):(64,1)", Some("S<3,3,3>"), 12, Major::K).contains("power-of-two"));
        assert!(make_gmma_desc(&parse_layout("(64,16):(64,1)").unwrap(), None, 16, Major::K, 8).unwrap_err().contains("16-byte aligned"));
    }
}
