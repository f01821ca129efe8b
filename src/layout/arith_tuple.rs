//! Coordinate tensors (CuTe's `ArithmeticTupleIterator`,
//! `include/cute/numeric/arithmetic_tuple.hpp`): the iterator of
//! `make_identity_tensor(shape)` is a coordinate, and moving it by a
//! layout's offset (a scaled-basis tuple, [`crd2idx_tuple`]) adds the two
//! component by component. The lowering, the type inference and the
//! verifier all call these.
//!
//! [`crd2idx_tuple`]: super::crd2idx_tuple

use super::common::*;
use super::error::{Cond, LayoutError};
use super::tuple::{DynInt, IntTuple, Leaf};
use super::tuple_ops::TupleOp;

/// `iterator + offset` as CuTe adds arithmetic tuples: component-wise, the
/// shorter one padded with zeros (`crd2idx` of a layout that reaches only
/// the first components gives a shorter tuple). A scalar 0 offset (an
/// integer-stride layout's zero) leaves the iterator as it is.
pub fn coord_add(iterator: &IntTuple, offset: &IntTuple) -> Result<IntTuple, LayoutError> {
    wrap!("coord_add", [iterator, offset], add(iterator, offset))
}

fn add(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, Cond> {
    match (a, b) {
        (_, IntTuple::Leaf(Leaf::Int(0))) => Ok(a.clone()),
        (IntTuple::Leaf(Leaf::Int(0)), _) => Ok(b.clone()),
        (IntTuple::Leaf(x), IntTuple::Leaf(y)) => Ok(IntTuple::Leaf(TupleOp::Add.apply_leaf(x, y)?)),
        (IntTuple::Tuple(xs), IntTuple::Tuple(ys)) => {
            if ys.len() > xs.len() {
                return Err(format!("the offset has {} components and the coordinate only {}", ys.len(), xs.len()));
            }
            let zero = IntTuple::Leaf(Leaf::Int(0));
            xs.iter().enumerate().map(|(i, x)| add(x, ys.get(i).unwrap_or(&zero))).collect::<Result<_, _>>().map(IntTuple::Tuple)
        }
        _ => Err("a coordinate and an offset of different ranks cannot be added".to_string()),
    }
}

/// The iterator of `make_identity_tensor(shape)`: `shape` with every leaf
/// 0 (CuTe's `repeat_like(shape, Int<0>{})`).
pub fn zeros_like(shape: &IntTuple) -> IntTuple {
    match shape {
        IntTuple::Leaf(_) => IntTuple::Leaf(Leaf::Int(0)),
        IntTuple::Tuple(items) => IntTuple::Tuple(items.iter().map(zeros_like).collect()),
    }
}

/// The type of the coordinates a coordinate tensor holds: its iterator's
/// tree with every leaf run-time (an element's coordinate depends on where
/// it is read), 64-bit where the iterator's leaf is.
pub fn dynamic_like(iterator: &IntTuple) -> IntTuple {
    match iterator {
        IntTuple::Leaf(l) => {
            let wide = match l {
                Leaf::Dyn(d) => d.wide,
                Leaf::Int(v) => i32::try_from(*v).is_err(),
                _ => false,
            };
            IntTuple::Leaf(Leaf::Dyn(DynInt { wide, ..DynInt::UNKNOWN }))
        }
        IntTuple::Tuple(items) => IntTuple::Tuple(items.iter().map(dynamic_like).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{crd2idx_tuple, make_identity_layout, parse_int_tuple, parse_layout};

    fn t(s: &str) -> IntTuple {
        parse_int_tuple(s).unwrap()
    }

    #[test]
    fn offsets_add_component_wise_with_missing_components_zero() {
        assert_eq!(coord_add(&t("(0,0)"), &t("(3,5)")).unwrap(), t("(3,5)"));
        assert_eq!(coord_add(&t("(2,7)"), &t("(3)")).unwrap(), t("(5,7)"));
        assert_eq!(coord_add(&t("(2,(1,1))"), &t("(1,(0,4))")).unwrap(), t("(3,(1,5))"));
        assert_eq!(coord_add(&t("(?,4)"), &t("0")).unwrap(), t("(?,4)"));
        assert_eq!(coord_add(&t("(?{div=8},?)"), &t("(8,0)")).unwrap(), t("(?{div=8},?)"));
        assert!(coord_add(&t("(1,2)"), &t("(1,2,3)")).unwrap_err().to_string().contains("3 components"));
        assert!(coord_add(&t("(1,2)"), &t("5")).is_err());
    }

    #[test]
    fn an_identity_tensors_element_is_its_coordinate() {
        // CuTe: make_identity_tensor((M,N))(i,j) == (i,j), also after tiling.
        let shape = t("(6,10)");
        let identity = make_identity_layout(&shape).unwrap();
        let origin = zeros_like(&shape);
        for (i, j) in [(0, 0), (5, 9), (3, 7)] {
            let at = crd2idx_tuple(&t(&format!("({i},{j})")), &identity).unwrap();
            assert_eq!(coord_add(&origin, &at).unwrap(), t(&format!("({i},{j})")));
        }
        // A tile at (1,2) of a 4x4 tiler starts at (4,8).
        let tile_origin = coord_add(&origin, &crd2idx_tuple(&t("(4,8)"), &identity).unwrap()).unwrap();
        let tile = parse_layout("(4,4):(1@0,1@1)").unwrap();
        let at = crd2idx_tuple(&t("(1,1)"), &tile).unwrap();
        assert_eq!(coord_add(&tile_origin, &at).unwrap(), t("(5,9)"));
    }

    #[test]
    fn coordinates_are_read_as_run_time_values_of_the_iterators_tree() {
        assert_eq!(dynamic_like(&t("(0,(0,0))")), t("(?,(?,?))"));
        assert_eq!(dynamic_like(&t("(?{i64},4)")), t("(?{i64},?)"));
        assert_eq!(zeros_like(&t("(4,(2,?))")), t("(0,(0,0))"));
    }
}
