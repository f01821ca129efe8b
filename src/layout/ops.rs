//! The layout algebra: current CuTe C++ semantics (as evaluated by the CuTe
//! DSL), with every inadmissible case turned into a [`LayoutError`].
//!
//! One module per op family, re-exported here (and from [`super`]) so that
//! `layout::ops::X` and `layout::X` name the same function:
//!
//! * `queries`: size, cosize, rank, depth, get, select, flatten, group_modes,
//!   congruent, weakly_congruent, compatible;
//! * `coordinates`: crd2idx, crd2idx_tuple (basis strides), idx2crd, table;
//! * `arith_tuple`: the coordinate tensors' iterator arithmetic (coord_add);
//! * `make`: make_layout, make_ordered_layout, make_layout_like, upcast;
//! * `coalesce`: coalesce, coalesce_profile, filter_zeros, filter;
//! * `composition`: composition, composition_tiler;
//! * `complement`: complement;
//! * `inverse`: right_inverse, left_inverse;
//! * `divide` / `product`: the logical, zipped, tiled and flat divides and
//!   products, blocked and raked products, over the by-mode walk of `tiling`;
//! * `shape_div`: shape_div, ceil_div;
//! * `common`: the helpers they share (flattening, the `wrap!` error macro).
//!
//! Each public operation is a thin wrapper that attaches the operation name
//! and printed operands to the condition returned by an internal algorithm
//! (`Result<_, Cond>`). Algorithms work on flattened `(shape, stride)` mode
//! lists of static integers and rebuild trees at the end; all arithmetic is
//! checked.
//!
//! Dynamic `?` leaves: `size`, `cosize`, `rank`, `depth`, `coalesce`,
//! `filter_zeros`, `filter`, `flatten`, `get`, `select`, `group_modes`,
//! `make_layout`, `shape_div` and `ceil_div` propagate them; the remaining
//! operations need the static value of every leaf and say so precisely.
//!
//! [`LayoutError`]: super::LayoutError

pub use super::arith_tuple::{coord_add, dynamic_like, zeros_like};
pub use super::coalesce::{coalesce, coalesce_profile, filter, filter_zeros};
pub use super::complement::{complement, complement_basis};
pub use super::composition::{composition, composition_tiler};
pub(crate) use super::coordinates::image_bounds;
pub use super::coordinates::{crd2idx, crd2idx_tuple, idx2crd, idx2crd_leaf, idx2crd_tuple, table, MAX_TABLE};
pub use super::divide::{flat_divide, logical_divide, logical_divide_tiler, tiled_divide, zipped_divide};
pub use super::inverse::{left_inverse, right_inverse};
pub use super::make::{downcast, make_identity_layout, make_layout, make_layout_like, make_ordered_layout, pad_layout_to_rank, pad_to_rank, recast_layout, upcast};
pub use super::product::{
    blocked_product, flat_product, logical_product, logical_product_tiler, raked_product, tile_to_shape,
    tiled_product, zipped_product,
};
pub use super::queries::{
    check_static_extent, compatible, congruent, cosize, depth, flatten, get, group_modes, rank, select, size, size_of,
    weakly_congruent,
};
pub use super::shape_div::{ceil_div, shape_div, DivMode};
pub use super::tiling::TilerArg;

#[cfg(test)]
mod tests {
    use super::super::common::testing::*;
    use super::*;

    #[test]
    fn spec_001_worked_examples_that_agree_with_cute() {
        // Composition, hierarchical case.
        assert_eq!(
            ok(composition(&l("(4,2):(1,4)"), &l("(2,2):(1,2)"))),
            "(2,2):(1,2)"
        );
        // Composition, dense one-mode case, reordered: A(B(j)) = 2j.
        assert_eq!(ok(composition(&l("8:2"), &l("4:1"))), "4:2");
        // Logical divide, one-mode case.
        assert_eq!(ok(logical_divide(&l("128:1"), &l("32:1"))), "(32,4):(1,32)");
        // Coalesce counter-example stays unchanged.
        assert_eq!(ok(coalesce(&l("(2,4):(8,1)"))), "(2,4):(8,1)");
        // Filter-zeros / filter.
        assert_eq!(filter_zeros(&l("(4,3):(1,0)")).to_string(), "(4,1):(1,0)");
        assert_eq!(ok(filter(&l("(4,3):(1,0)"))), "4:1");
    }

    #[test]
    fn spec_001_worked_examples_corrected() {
        // Spec: <32:1> covering 128 of 256; CuTe: the complement reaches the cotarget.
        assert_eq!(ok(complement(&l("4:32"), &t("256"))), "(32,2):(1,128)");
        // Spec: ((128:1),(4:128)) using |A|*|B|; CuTe uses size(A)*cosize(B).
        assert_eq!(
            ok(logical_product(&l("128:1"), &l("4:32"))),
            "(128,4):(1,4096)"
        );
        assert_eq!(
            ok(logical_product(&l("128:1"), &l("4:1"))),
            "(128,4):(1,128)"
        );
        // Spec claims <8:1>; col-major (2,4):(4,1) is not contiguous.
        assert_eq!(ok(coalesce(&l("(2,4):(4,1)"))), "(2,4):(4,1)");
    }

    #[test]
    fn dynamic_leaves_propagate() {
        assert_eq!(
            size(&l("(?{div=8},4):(1,?)")).unwrap().to_string(),
            "?{div=32}"
        );
        assert_eq!(
            size(&l("(?{i64},4):(1,?)")).unwrap().to_string(),
            "?{div=4,i64}"
        );
        assert_eq!(cosize(&l("(?,4):(0,1)")).unwrap().to_string(), "4");
        assert_eq!(cosize(&l("(?,4):(1,?)")).unwrap().to_string(), "?");
        // Unknown modes never merge.
        assert_eq!(ok(coalesce(&l("(2,?,1,4):(1,2,9,?)"))), "(2,?,4):(1,2,?)");
        assert_eq!(ok(coalesce(&l("(2,2,?):(1,2,4)"))), "(4,?):(1,4)");
        assert_eq!(
            make_layout(&t("(2,?,4)")).unwrap().to_string(),
            "(2,?,4):(1,2,?)"
        );
        assert_eq!(filter_zeros(&l("(?,4):(0,1)")).to_string(), "(1,4):(0,1)");
        let e = err(composition(&l("(?,4):(1,?)"), &l("2:1")));
        assert_eq!(e, "composition((?,4):(1,?), 2:1): shape `?` is dynamic; this operation needs static values");
        assert_eq!(
            shape_div(&t("(?{div=8},6)"), &t("2"), DivMode::Exact)
                .unwrap()
                .to_string(),
            "(?{div=4},3)"
        );
        assert!(err(shape_div(&t("?{div=8}"), &t("16"), DivMode::Exact)).contains("cannot prove"));
        assert_eq!(
            ceil_div(&t("?{div=8,i64}"), &t("4")).unwrap().to_string(),
            "?{div=2,i64}"
        );
    }
}
