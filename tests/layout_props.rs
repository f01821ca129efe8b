//! Property tests of the algebra on random hierarchical layouts (depth <= 2,
//! small extents): every successful result must be functionally right.

// The only line that names the crate (change it when the module moves).
use cute_mlir::layout;

use layout::{self as cute, parse_int_tuple, parse_layout, IntTuple, Layout};
use proptest::prelude::*;

/// A shape leaf or a tuple of leaves; nesting up to depth 2.
fn shape_tree() -> impl Strategy<Value = IntTuple> {
    let leaf = (1i64..=4).prop_map(IntTuple::int);
    leaf.prop_recursive(2, 8, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(IntTuple::Tuple)
    })
}

fn strides_like(shape: &IntTuple, max: i64) -> BoxedStrategy<IntTuple> {
    match shape {
        IntTuple::Leaf(_) => (0..=max).prop_map(IntTuple::int).boxed(),
        IntTuple::Tuple(v) => {
            let parts: Vec<_> = v.iter().map(|s| strides_like(s, max)).collect();
            parts.prop_map(IntTuple::Tuple).boxed()
        }
    }
}

/// Arbitrary strides (zero, overlapping, padded).
fn layout() -> impl Strategy<Value = Layout> {
    shape_tree().prop_flat_map(|s| {
        let st = strides_like(&s, 12);
        (Just(s), st).prop_map(|(s, d)| Layout::new(s, d).unwrap())
    })
}

/// Injective layouts: a compact layout with its strides permuted and scaled.
fn injective_layout() -> impl Strategy<Value = Layout> {
    (bijective_layout(), 1i64..=3).prop_map(|(l, scale)| {
        let stride = l.stride().try_map_leaves(&mut |lf| match lf {
            cute::Leaf::Int(v) => Ok::<_, ()>(cute::Leaf::Int(v * scale)),
            o => Ok(o.clone()),
        });
        Layout::new(l.shape().clone(), stride.unwrap()).unwrap()
    })
}

fn rebuild(shape: &IntTuple, leaves: &mut impl Iterator<Item = IntTuple>) -> IntTuple {
    match shape {
        IntTuple::Leaf(_) => leaves.next().unwrap(),
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|s| rebuild(s, leaves)).collect()),
    }
}

/// Like [`layout`], with strides of both signs.
fn signed_layout() -> impl Strategy<Value = Layout> {
    layout().prop_flat_map(|l| {
        let n = l.stride().leaves().len();
        (Just(l), prop::collection::vec(any::<bool>(), n)).prop_map(|(l, negate)| {
            let mut k = 0;
            let stride = l.stride().try_map_leaves(&mut |lf| {
                k += 1;
                match lf {
                    cute::Leaf::Int(v) if negate[k - 1] => Ok::<_, ()>(cute::Leaf::Int(-v)),
                    other => Ok(other.clone()),
                }
            });
            Layout::new(l.shape().clone(), stride.unwrap()).unwrap()
        })
    })
}

/// A layout and a tiler CuTe's composition admits: each mode of B starts at
/// a prefix product of A's flattened extents (whole leading modes skipped)
/// and covers whole modes, then a divisor of the next one; a second mode
/// starts past the first one's reach (the modes' images never add up across
/// a mode boundary), in either order; any mode may be a broadcast (stride 0).
fn layout_and_admissible_tiler() -> impl Strategy<Value = (Layout, Layout)> {
    layout()
        .prop_flat_map(|a| {
            let n = extents(&a).len();
            (Just(a), prop::collection::vec(0..=n, 4), prop::collection::vec(1i64..=4, 2), any::<(bool, bool, bool, bool)>())
        })
        .prop_map(|(a, mut cuts, divisors, (two, swap, broadcast0, broadcast1))| {
            let extents = extents(&a);
            let n = extents.len();
            cuts.sort_unstable();
            // One mode over [k, m) plus a divisor of extent m; the next
            // mode starts past what this one reaches.
            let mode = |k: usize, m: usize, e: i64, broadcast: bool| -> ((i64, i64), usize) {
                let stride: i64 = extents[..k].iter().product();
                let mut shape: i64 = extents[k..m].iter().product();
                let mut reach = m;
                if m < n {
                    let next = extents[m];
                    let d = (1..=e.min(next)).rev().find(|d| next % d == 0).unwrap_or(1);
                    if d > 1 {
                        shape *= d;
                        reach = m + 1;
                    }
                }
                ((shape, if broadcast { 0 } else { stride }), reach)
            };
            let (first, reach) = mode(cuts[0], cuts[1], divisors[0], broadcast0);
            let mut modes = vec![first];
            if two {
                let k = cuts[2].max(reach).min(n);
                let m = cuts[3].max(k);
                modes.push(mode(k, m, divisors[1], broadcast1).0);
                if swap {
                    modes.reverse();
                }
            }
            let b = Layout::from_modes(modes.iter().map(|&(s, d)| Layout::new(IntTuple::int(s), IntTuple::int(d)).unwrap()).collect());
            (a, b)
        })
}

/// A layout and a tiler that takes some of its flattened modes, whole, in
/// any order (each at its prefix-product stride).
fn layout_and_mode_selection() -> impl Strategy<Value = (Layout, Layout)> {
    layout()
        .prop_flat_map(|a| {
            let n = a.shape().leaves().len();
            (Just(a), prop::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n).prop_shuffle())
        })
        .prop_map(|(a, chosen)| {
            let extents = extents(&a);
            let modes = chosen
                .iter()
                .map(|&i| Layout::new(IntTuple::int(extents[i]), IntTuple::int(extents[..i].iter().product())).unwrap())
                .collect();
            (a, Layout::from_modes(modes))
        })
}

/// The flattened extents of a static layout.
fn extents(a: &Layout) -> Vec<i64> {
    a.shape().leaves().iter().map(|l| match l { cute::Leaf::Int(v) => *v, _ => 1 }).collect()
}

/// A bijection onto [0, size): a compact layout with its modes permuted.
fn bijective_layout() -> impl Strategy<Value = Layout> {
    (shape_tree(), any::<u64>()).prop_map(|(s, seed)| {
        let n = s.leaves().len();
        let mut order: Vec<i64> = (0..n as i64).collect();
        let mut x = seed | 1;
        for i in (1..n).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            order.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let order = rebuild(&s, &mut order.into_iter().map(IntTuple::int));
        cute::make_ordered_layout(&s, &order).unwrap()
    })
}

/// 256 cases by default (seconds in debug); `PROPTEST_CASES` raises it.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

fn table(l: &Layout) -> Vec<i64> {
    cute::table(l).unwrap()
}

fn size(l: &Layout) -> i64 {
    cute::size(l).unwrap().as_int().unwrap()
}

/// `A(i)` for any `i >= 0` (affine extension of the last mode, as CuTe).
fn at(a: &Layout, i: i64) -> i64 {
    cute::crd2idx(&IntTuple::int(i), a).unwrap()
}

/// Product of the first `k` flattened extents of `l` (capped at its rank).
fn prefix_size(l: &Layout, k: usize) -> i64 {
    l.shape()
        .leaves()
        .iter()
        .take(k)
        .map(|x| match x {
            cute::Leaf::Int(v) => *v,
            _ => 1,
        })
        .product()
}

fn is_injective(l: &Layout) -> bool {
    let mut t = table(l);
    let n = t.len();
    t.sort_unstable();
    t.dedup();
    t.len() == n
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn notation_round_trip(l in layout()) {
        let text = l.to_string();
        prop_assert_eq!(parse_layout(&text).unwrap(), l.clone());
        let spaced = text.replace(',', " , ").replace(':', " : ");
        prop_assert_eq!(parse_layout(&spaced).unwrap(), l);
    }

    #[test]
    fn int_tuple_round_trip(s in shape_tree(), div in 1u64..64, wide: bool) {
        let dynamic = IntTuple::Tuple(vec![s, IntTuple::dynamic(cute::DynInt { divisibility: div, wide, max: 0, expr: 0 })]);
        prop_assert_eq!(parse_int_tuple(&dynamic.to_string()).unwrap(), dynamic);
    }

    #[test]
    fn coalesce_preserves_the_function(l in layout()) {
        let c = cute::coalesce(&l).unwrap();
        prop_assert_eq!(table(&c), table(&l));
        prop_assert!(c.shape().depth() <= 1);
    }

    #[test]
    fn filter_preserves_the_image(l in layout()) {
        let f = cute::filter(&l).unwrap();
        let mut a = table(&f);
        let mut b = table(&l);
        a.sort_unstable();
        a.dedup();
        b.sort_unstable();
        b.dedup();
        prop_assert_eq!(a, b);
        let nonzero: i64 = l.shape().leaves().iter().zip(l.stride().leaves())
            .filter(|(_, d)| **d != cute::Leaf::Int(0))
            .map(|(s, _)| match s { cute::Leaf::Int(v) => *v, _ => 1 })
            .product();
        prop_assert_eq!(size(&f), nonzero);
    }

    #[test]
    fn composition_is_function_composition((a, b) in layout_and_admissible_tiler()) {
        // Issue 37: every input is admissible by construction, so an error
        // is a regression, not a skipped case.
        let r = cute::composition(&a, &b).unwrap_or_else(|e| panic!("{a} o {b}: {e}"));
        prop_assert!(b.shape().weakly_congruent(r.shape()), "{} o {} = {}", a, b, r);
        let want: Vec<i64> = table(&b).into_iter().map(|j| at(&a, j)).collect();
        prop_assert_eq!(table(&r), want, "{} o {} = {}", a, b, r);
    }

    #[test]
    fn composition_with_prefix_tiles_succeeds(a in layout(), k in 0usize..8) {
        // A contiguous tile covering a prefix of A's modes is always admissible.
        let t = prefix_size(&a, k);
        let r = cute::composition(&a, &Layout::new(IntTuple::int(t), IntTuple::int(1)).unwrap()).unwrap();
        let want: Vec<i64> = (0..t).map(|j| at(&a, j)).collect();
        prop_assert_eq!(table(&r), want);
    }

    #[test]
    fn complement_is_disjoint_and_ordered(a in injective_layout(), extra in 1i64..4) {
        let cot = cute::cosize(&a).unwrap().as_int().unwrap() * extra;
        let c = cute::complement(&a, &IntTuple::int(cot)).unwrap();
        // Strides of the (coalesced) complement increase.
        let strides: Vec<i64> = c.stride().leaves().iter().map(|l| match l { cute::Leaf::Int(v) => *v, _ => 0 }).collect();
        prop_assert!(strides.windows(2).all(|w| w[0] < w[1]), "{}", c);
        // Images meet only at 0, and (A, C) is injective and reaches the cotarget.
        let ia = table(&a);
        let ic = table(&c);
        prop_assert!(ic.iter().all(|x| *x == 0 || !ia.contains(x)), "A={} C={}", a, c);
        let joint = Layout::from_modes(vec![a.clone(), c.clone()]);
        prop_assert!(is_injective(&joint), "(A, C) = {}", joint);
        prop_assert!(size(&a) * size(&c) >= cot, "A={} C={} cot={}", a, c, cot);
    }

    #[test]
    fn divide_reindexes_the_layout(a in layout(), k in 0usize..8) {
        let t = prefix_size(&a, k);
        let tile = Layout::new(IntTuple::int(t), IntTuple::int(1)).unwrap();
        let d = cute::logical_divide(&a, &tile).unwrap();
        prop_assert_eq!(size(&d), size(&a));
        prop_assert_eq!(size(&cute::get(&d, 0).unwrap()), t);
        prop_assert_eq!(table(&d), table(&a), "{} / {} = {}", a, tile, d);
    }

    #[test]
    fn divide_by_whole_modes_is_a_reindexing((a, b) in layout_and_mode_selection()) {
        // The tile takes whole modes of A in any order: admissible by
        // construction. Checked against the defining properties, by
        // enumeration, without the complement under test: the tile mode is
        // A o B, and the whole result visits every index of A once.
        let d = cute::logical_divide(&a, &b).unwrap_or_else(|e| panic!("{a} / {b}: {e}"));
        prop_assert_eq!(size(&d), size(&a));
        let tile = cute::get(&d, 0).unwrap();
        let want: Vec<i64> = table(&b).into_iter().map(|j| at(&a, j)).collect();
        prop_assert_eq!(table(&tile), want, "{} / {} = {}", a, b, d);
        // The same offsets as A, each as often (a bijection of A's domain).
        let (mut got, mut all) = (table(&d), table(&a));
        got.sort_unstable();
        all.sort_unstable();
        prop_assert_eq!(got, all, "{} / {} = {}", a, b, d);
    }

    #[test]
    fn product_of_a_bijection_and_a_compact_layout((a, s) in (bijective_layout(), shape_tree())) {
        // A bijective onto [0, size A) and B compact: admissible by
        // construction, and the product is (i, j) -> A(i) + size(A) * B(j).
        let b = cute::make_layout(&s).unwrap();
        let p = cute::logical_product(&a, &b).unwrap_or_else(|e| panic!("{a} * {b}: {e}"));
        prop_assert_eq!(size(&p), size(&a) * size(&b));
        prop_assert_eq!(cute::get(&p, 0).unwrap(), a.clone());
        let m = size(&a);
        let want: Vec<i64> = table(&b).into_iter().flat_map(|j| table(&a).into_iter().map(move |x| x + m * j)).collect();
        prop_assert_eq!(table(&p), want, "{} * {} = {}", a, b, p);
    }

    #[test]
    fn crd2idx_inverts_idx2crd(s in shape_tree()) {
        let l = cute::make_layout(&s).unwrap();
        for i in 0..size(&l) {
            let c = cute::idx2crd(i, &s).unwrap();
            prop_assert!(c.congruent(&s));
            prop_assert_eq!(cute::crd2idx(&c, &l).unwrap(), i);
        }
    }

    // `table` is built by copying runs, not by evaluating each index: check
    // it against `crd2idx` one index at a time.
    #[test]
    fn table_is_the_function(l in signed_layout()) {
        let t = table(&l);
        prop_assert_eq!(t.len() as i64, size(&l));
        for (i, v) in t.iter().enumerate() {
            prop_assert_eq!(*v, at(&l, i as i64), "{}", l);
        }
    }

    // The swizzle table checks only the extremes of the image and then
    // swizzles branch-free: it must equal `swizzle(offset + L(i))` element by
    // element, and fail exactly when some element fails.
    #[test]
    fn swizzle_table_is_the_function(
        l in signed_layout(),
        bits in 0u32..4,
        base in 0u32..4,
        extra in 0u32..3,
        left: bool,
        offset in -64i64..256,
    ) {
        let shift = (bits + extra) as i32 * if left { -1 } else { 1 };
        let swizzle = cute::Swizzle::new(bits, base, shift).unwrap();
        let c = cute::ComposedLayout { swizzle, offset, layout: l.clone() };
        let want: Result<Vec<i64>, _> =
            (0..size(&l)).map(|i| swizzle.apply(offset + at(&l, i))).collect();
        match (c.table(), want) {
            (Ok(got), Ok(want)) => prop_assert_eq!(got, want, "{}", c),
            (Err(_), Err(_)) => {}
            (got, want) => prop_assert!(false, "{}: {:?} vs {:?}", c, got, want),
        }
    }

    // A layout passed directly as the tiler is the same as `Tiler::Layout`.
    #[test]
    fn a_layout_is_its_tiler_element(a in layout(), b in injective_layout()) {
        let t = cute::Tiler::Layout(b.clone());
        prop_assert_eq!(cute::zipped_divide(&a, &b).ok(), cute::zipped_divide(&a, &t).ok());
        prop_assert_eq!(cute::tiled_divide(&a, &b).ok(), cute::tiled_divide(&a, &t).ok());
        prop_assert_eq!(cute::flat_divide(&a, &b).ok(), cute::flat_divide(&a, &t).ok());
        prop_assert_eq!(cute::zipped_product(&a, &b).ok(), cute::zipped_product(&a, &t).ok());
        prop_assert_eq!(cute::tiled_product(&a, &b).ok(), cute::tiled_product(&a, &t).ok());
        prop_assert_eq!(cute::flat_product(&a, &b).ok(), cute::flat_product(&a, &t).ok());
    }

    #[test]
    fn right_inverse_law(a in layout()) {
        let r = cute::right_inverse(&a).unwrap();
        for i in 0..size(&r) {
            prop_assert_eq!(at(&a, at(&r, i)), i, "L={} R={}", a, r);
        }
    }

    #[test]
    fn left_inverse_law(a in injective_layout()) {
        let r = cute::left_inverse(&a).unwrap();
        for i in 0..size(&a) {
            prop_assert_eq!(at(&r, at(&a, i)), i, "L={} R={}", a, r);
        }
    }
}
