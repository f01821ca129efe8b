//! CuTe's thread-value layouts of the MMA atoms a tiled MMA partitions over
//! threads (`MMA_Traits<...>::{ThrID, ALayout, BLayout, CLayout}`), in the
//! PTX ISA's register order; the verifier of the atoms is `mma.rs`.

use super::atom::MmaFamily;

/// CuTe's partitioning facts of an MMA atom (`MMA_Traits<...>::{ThrID,
/// ALayout, BLayout, CLayout}`), for the atoms a tiled MMA partitions over
/// threads: `universal_fma` (one thread, one value of each operand) and the
/// warp-wide dense `mma.sync` of SM80/SM89 (32 threads). The SM80 layouts
/// follow the PTX fragment tables, `p = 32 / bits(A)` values per register:
///
/// ```text
/// A (M16,K) = ((4,8),(p,2,K/4p)):((16p,1),(16,8,64p))   e.g. SM80_16x16_Row
/// B (N8,K)  = ((4,8),(p,K/4p)):((8p,1),(8,32p))          e.g. SM80_8x16_Row
/// C (M16,N8) = ((4,8),(2,2)):((32,1),(16,8))             SM80_16x8_Row
/// ```
///
/// (modes of extent 1 dropped, as CuTe spells them). None for other atoms
/// (WGMMA/UMMA partition by warpgroup or CTA, sparse atoms compress A).
pub fn atom_layouts(atom: &super::Atom) -> Option<crate::layout::mma_partition::MmaAtomLayouts> {
    use crate::layout::mma_partition::MmaAtomLayouts;
    let parse = |text: &str| crate::layout::parse_layout(text).ok();
    match atom {
        super::Atom::UniversalFma { .. } => {
            let one = parse("(1,1):(0,0)")?;
            Some(MmaAtomLayouts { shape_mnk: [1, 1, 1], threads: 1, a: one.clone(), b: one.clone(), c: one })
        }
        // SM120's block-scaled m16n8 MMAs share the SM80 layouts of their
        // register width: 8-bit values at K = 32, packed FP4 at K = 64.
        super::Atom::Mma(p)
            if (matches!(p.family, MmaFamily::Sm80 | MmaFamily::Sm89)
                || (p.family == MmaFamily::Sm120Bs
                    && matches!((crate::dialect::types::bits_of(p.a), crate::dialect::types::bits_of(p.b), p.k), (8, 8, 32) | (4, 4, 64))))
                && p.m == 16
                && p.n == 8 =>
        {
            let bits = crate::dialect::types::bits_of(p.a);
            if bits == 0 || bits > 32 {
                return None;
            }
            let per = i64::from(32 / bits);
            let k = i64::from(p.k);
            let blocks = k / (4 * per);
            if blocks == 0 || k % (4 * per) != 0 {
                return None;
            }
            // A value mode (p, 2, K/4p) and B's (p, K/4p), without unit modes.
            let values = |modes: &[(i64, i64)]| {
                let kept: Vec<&(i64, i64)> = modes.iter().filter(|(n, _)| *n > 1).collect();
                let shape: Vec<String> = kept.iter().map(|(n, _)| n.to_string()).collect();
                let stride: Vec<String> = kept.iter().map(|(_, d)| d.to_string()).collect();
                if kept.len() == 1 {
                    (shape[0].clone(), stride[0].clone())
                } else {
                    (format!("({})", shape.join(",")), format!("({})", stride.join(",")))
                }
            };
            let (va, da) = values(&[(per, 16), (2, 8), (blocks, 64 * per)]);
            let (vb, db) = values(&[(per, 8), (blocks, 32 * per)]);
            Some(MmaAtomLayouts {
                shape_mnk: [16, 8, k],
                threads: 32,
                a: parse(&format!("((4,8),{va}):(({},1),{da})", 16 * per))?,
                b: parse(&format!("((4,8),{vb}):(({},1),{db})", 8 * per))?,
                c: parse("((4,8),(2,2)):((32,1),(16,8))")?,
            })
        }
        // WGMMA with both operands in shared memory (CuTe's SM90 GMMA traits):
        // every thread of the warpgroup sees the whole A and B tiles (stride-0
        // thread mode: the descriptor, not the thread, addresses them), and
        // holds M*N/128 accumulators in CLayout_64xN.
        super::Atom::Mma(p) if p.family == MmaFamily::Sm90 && p.frag == super::atom::FragKind::Ss && p.m == 64 && p.n % 8 == 0 => {
            let (m, n, k) = (i64::from(p.m), i64::from(p.n), i64::from(p.k));
            Some(MmaAtomLayouts {
                shape_mnk: [m, n, k],
                threads: 128,
                a: parse(&format!("(128,({m},{k})):(0,(1,{m}))"))?,
                b: parse(&format!("(128,({n},{k})):(0,(1,{n}))"))?,
                c: parse(&format!("((4,8,4),(2,2,{})):((128,1,16),(64,8,512))", n / 8))?,
            })
        }
        // WGMMA with A in registers (CuTe's SM90 GMMA `_RS` traits): each
        // warp holds 16 rows of A as an m16n8 MMA does, p = 32 / bits(A)
        // values a register (ALayout_64x16 for 16-bit A, 64x8 for tf32,
        // 64x32 for 8-bit); B as in `ss`.
        super::Atom::Mma(p) if p.family == MmaFamily::Sm90 && p.frag == super::atom::FragKind::Rs && p.m == 64 && p.n % 8 == 0 => {
            let (m, n, k) = (i64::from(p.m), i64::from(p.n), i64::from(p.k));
            let bits = crate::dialect::types::storage_bits(p.a);
            if !matches!(bits, 8 | 16 | 32) || k * i64::from(bits) != 256 {
                return None;
            }
            let per = i64::from(32 / bits);
            // Value modes (p, row + 8, k + 4p), without a unit mode.
            let (v_shape, v_stride) =
                if per == 1 { ("(2,2)".to_string(), "(8,256)".to_string()) } else { (format!("({per},2,2)"), format!("(64,8,{})", 256 * per)) };
            Some(MmaAtomLayouts {
                shape_mnk: [m, n, k],
                threads: 128,
                a: parse(&format!("((4,8,4),{v_shape}):(({},1,16),{v_stride})", 64 * per))?,
                b: parse(&format!("(128,({n},{k})):(0,(1,{n}))"))?,
                c: parse(&format!("((4,8,4),(2,2,{})):((128,1,16),(64,8,512))", n / 8))?,
            })
        }
        // UMMA (CuTe's SM100 UMMA traits): one thread issues the whole
        // M x N x K instruction for the CTA, so every mode is the thread's;
        // the same with A in tensor memory (`ts`, attention's P V: the A
        // view is a TMEM view, partitioned like a shared one).
        super::Atom::Mma(p) if p.family == MmaFamily::Sm100 && matches!(p.frag, super::atom::FragKind::Ss | super::atom::FragKind::Ts) => {
            let (m, n, k) = (i64::from(p.m), i64::from(p.n), i64::from(p.k));
            Some(MmaAtomLayouts {
                shape_mnk: [m, n, k],
                threads: 1,
                a: parse(&format!("(1,({m},{k})):(0,(1,{m}))"))?,
                b: parse(&format!("(1,({n},{k})):(0,(1,{n}))"))?,
                c: parse(&format!("(1,({m},{n})):(0,(1,{m}))"))?,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::mma::tests::wgmma;
    use super::super::atom::{FragKind, Major};
    use super::super::operands::testing::context;
    use super::*;
    use melior::ir::Type;

    #[test]
    fn sm80_thread_value_layouts_are_cute_s() {
        let ctx = context();
        let t = |s: &str| Type::parse(&ctx, s).unwrap();
        let mma = |k, a: &str, c: &str| {
            let mut p = wgmma(&ctx, Major::K);
            p.family = MmaFamily::Sm80;
            (p.m, p.n, p.k, p.a, p.b, p.c, p.frag) = (16, 8, k, t(a), t(a), t(c), FragKind::None);
            atom_layouts(&super::super::Atom::Mma(p)).unwrap()
        };
        let text = |l: &crate::layout::Layout| l.to_string();
        // SM80_16x8x16_F32F16F16F32_TN (the CuTe DSL prints these).
        let f16 = mma(16, "f16", "f32");
        assert_eq!(text(&f16.a), "((4,8),(2,2,2)):((32,1),(16,8,128))");
        assert_eq!(text(&f16.b), "((4,8),(2,2)):((16,1),(8,64))");
        assert_eq!(text(&f16.c), "((4,8),(2,2)):((32,1),(16,8))");
        // SM80_16x8x8_F32F16F16F32_TN: SM80_16x8_Row, SM80_8x8_Row.
        let k8 = mma(8, "f16", "f32");
        assert_eq!(text(&k8.a), "((4,8),(2,2)):((32,1),(16,8))");
        assert_eq!(text(&k8.b), "((4,8),2):((16,1),8)");
        // SM80_16x8x8_F32TF32TF32F32_TN and SM80_16x8x32_S32S8S8S32_TN.
        let tf32 = mma(8, "tf32", "f32");
        assert_eq!(text(&tf32.a), "((4,8),(2,2)):((16,1),(8,64))");
        assert_eq!(text(&tf32.b), "((4,8),2):((8,1),32)");
        let s8 = mma(32, "i8", "i32");
        assert_eq!(text(&s8.a), "((4,8),(4,2,2)):((64,1),(16,8,256))");
        assert_eq!(text(&s8.b), "((4,8),(4,2)):((32,1),(8,128))");
    }

    /// CuTe's own partitions (tests/fixtures/mma_partitions.json, written by
    /// scripts/cute_dsl_mma_oracle.py from NVIDIA's CuTe DSL): partition_A/B/C
    /// of row- and column-major tiles for sampled threads, the tiled MMA's
    /// thread-value layouts, and make_tiled_copy_A/B's, for the SM80 atoms
    /// over five atom layouts.
    #[test]
    fn partitions_are_cute_s() {
        use crate::layout::mma_partition::{layout_tv, partition_at, MmaOperand};
        use crate::layout::{crd2idx_tuple, parse_int_tuple, parse_layout, Leaf};
        let ctx = context();
        let cases: serde_json::Value = serde_json::from_str(include_str!("../../../tests/fixtures/mma_partitions.json")).unwrap();
        let mut checked = 0;
        for case in cases.as_array().unwrap() {
            let atom_text = format!("!cute_nvgpu.{}", case["atom"].as_str().unwrap());
            let atom = super::super::Atom::of(Type::parse(&ctx, &atom_text).unwrap()).unwrap();
            let atom = atom_layouts(&atom).expect("an SM80 atom has thread-value layouts");
            let atom_layout = parse_layout(case["atom_layout"].as_str().unwrap()).unwrap();
            let context = format!("{atom_text} over {atom_layout}");
            for (key, which) in [("tv_a", MmaOperand::A), ("tv_b", MmaOperand::B), ("tv_c", MmaOperand::C)] {
                let got = layout_tv(&atom, &atom_layout, which).unwrap();
                assert_eq!(got.to_string(), case[key].as_str().unwrap(), "{key} of {context}");
            }
            for part in case["parts"].as_array().unwrap() {
                let which = match part["which"].as_str().unwrap() {
                    "A" => MmaOperand::A,
                    "B" => MmaOperand::B,
                    _ => MmaOperand::C,
                };
                let tensor = parse_layout(part["tensor"].as_str().unwrap()).unwrap();
                let tid = part["thread"].as_i64().unwrap();
                let (layout, offset) = partition_at(&tensor, &atom, &atom_layout, which, &Leaf::Int(tid)).unwrap();
                let what = format!("partition_{which:?} of {tensor}, thread {tid}, {context}");
                assert_eq!(layout.to_string(), part["layout"].as_str().unwrap(), "{what}");
                let origin = parse_int_tuple(part["origin"].as_str().unwrap()).unwrap();
                assert_eq!(offset, crd2idx_tuple(&origin, &tensor).unwrap(), "offset of {what}");
                checked += 1;
            }
        }
        assert!(checked > 500, "the fixture holds the partitions ({checked})");
    }

    /// The lowering packs a lane's values into registers in value order
    /// (value v is half v % 2 of register v / 2); the PTX ISA's fragment
    /// tables for mma.m16n8k16 (f16) give each register half an (row, col):
    /// with g = lane / 4, t = lane % 4, A's a_{2r+h} is (g + 8 (r % 2),
    /// 2t + h + 8 (r / 2)), B's b_{2r+h} is (k = 2t + h + 8r, n = g), C's
    /// c_{2r+h} is (g + 8r, 2t + h). The atom's thread-value layouts must map
    /// every (lane, value) to exactly those coordinates.
    #[test]
    fn sm80_value_order_is_the_ptx_register_order() {
        use crate::layout::{crd2idx, IntTuple};
        let ctx = context();
        let t = |s: &str| Type::parse(&ctx, s).unwrap();
        let mut p = wgmma(&ctx, Major::K);
        p.family = MmaFamily::Sm80;
        (p.m, p.n, p.k, p.a, p.b, p.c, p.frag) = (16, 8, 16, t("f16"), t("f16"), t("f32"), FragKind::None);
        let atom = atom_layouts(&super::super::Atom::Mma(p)).unwrap();
        let at = |l: &crate::layout::Layout, lane: i64, v: i64, rows: i64| {
            let idx = crd2idx(&IntTuple::tuple(vec![IntTuple::int(lane), IntTuple::int(v)]), l).unwrap();
            (idx % rows, idx / rows)
        };
        for lane in 0..32 {
            let (g, tt) = (lane / 4, lane % 4);
            for v in 0..8 {
                let (r, h) = (v / 2, v % 2);
                assert_eq!(at(&atom.a, lane, v, 16), (g + 8 * (r % 2), 2 * tt + h + 8 * (r / 2)), "A lane {lane} value {v}");
            }
            for v in 0..4 {
                let (r, h) = (v / 2, v % 2);
                // B is (N, K): (n, k).
                assert_eq!(at(&atom.b, lane, v, 8), (g, 2 * tt + h + 8 * r), "B lane {lane} value {v}");
                assert_eq!(at(&atom.c, lane, v, 16), (g + 8 * r, 2 * tt + h), "C lane {lane} value {v}");
            }
        }
    }

    /// The PTX ISA's wgmma m64nNk16 accumulator fragment: thread t's
    /// register i holds row 16 * warp + (t % 32) / 4 + 8 * ((i / 2) % 2),
    /// column 2 * (t % 4) + i % 2 + 8 * (i / 4). The atom's C layout must
    /// give value i of thread t exactly that element (the lowering passes the
    /// fragment's values in order as the instruction's registers), for
    /// every N; A and B are the whole tiles, the same for every thread.
    #[test]
    fn sm90_value_order_is_the_ptx_register_order() {
        use crate::layout::{crd2idx, IntTuple};
        let ctx = context();
        for n in [8u32, 64, 128, 256] {
            let mut p = wgmma(&ctx, Major::K);
            p.n = n;
            let atom = atom_layouts(&super::super::Atom::Mma(p)).unwrap();
            assert_eq!((atom.threads, atom.shape_mnk), (128, [64, i64::from(n), 16]));
            let at = |l: &crate::layout::Layout, t: i64, v: i64, rows: i64| {
                let idx = crd2idx(&IntTuple::tuple(vec![IntTuple::int(t), IntTuple::int(v)]), l).unwrap();
                (idx % rows, idx / rows)
            };
            for t in 0..128 {
                for i in 0..i64::from(n) / 2 {
                    let want = (16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2), 2 * (t % 4) + i % 2 + 8 * (i / 4));
                    assert_eq!(at(&atom.c, t, i, 64), want, "N {n} thread {t} register {i}");
                }
                for v in [0, 17, 64 * 16 - 1] {
                    assert_eq!(at(&atom.a, t, v, 64), (v % 64, v / 64), "A thread {t} value {v}");
                }
            }
        }
    }

    #[test]
    fn sm90_rs_a_layouts_are_the_ptx_register_fragments() {
        // PTX ISA 9.7.15.5.1.1: value i of thread t (warp w = t / 32, lane
        // l) is A[16w + l/4 + 8 * row_half(i)][col(i)], 32 / bits values a
        // register; CuTe spells these ALayout_64x16 / 64x8 / 64x32.
        use crate::layout::{crd2idx, IntTuple};
        let ctx = context();
        let cases = [
            ("f16", 16u32, "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))"),
            ("tf32", 8, "((4,8,4),(2,2)):((64,1,16),(8,256))"),
            ("f8E4M3FN", 32, "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))"),
        ];
        for (ty, k, cute) in cases {
            let mut p = wgmma(&ctx, Major::K);
            p.a = Type::parse(&ctx, ty).unwrap();
            p.b = p.a;
            p.k = k;
            p.frag = FragKind::Rs;
            let atom = atom_layouts(&super::super::Atom::Mma(p)).unwrap();
            assert_eq!(atom.a.to_string(), cute, "{ty}");
            let per = 32 / crate::dialect::types::storage_bits(p.a) as i64;
            for t in 0..128i64 {
                let (g, q) = ((t % 32) / 4, t % 4);
                for i in 0..i64::from(k) / 2 {
                    // Value i is part i % per of register r = i / per; the
                    // odd registers hold row g + 8, registers 2 and 3 the
                    // second half of K.
                    let r = i / per;
                    let want_row = 16 * (t / 32) + g + 8 * (r % 2);
                    let want_col = per * q + i % per + 4 * per * (r / 2);
                    let idx = crd2idx(&IntTuple::tuple(vec![IntTuple::int(t), IntTuple::int(i)]), &atom.a).unwrap();
                    assert_eq!((idx % 64, idx / 64), (want_row, want_col), "{ty} thread {t} value {i}");
                }
            }
        }
    }
}
