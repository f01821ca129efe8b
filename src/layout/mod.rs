//! CuTe layout algebra in pure Rust.
//!
//! * [`tuple`]: hierarchical int-tuples (static, `?` dynamic, `_`, scaled
//!   basis leaves), [`Layout`], by-mode [`Tiler`].
//! * [`notation`]: parser for CuTe notation (`((2,4),4):((1,16),8)`,
//!   `<8:1, 4:8>`, `[2:1;_]`, `Sw<3,4,3> o 0 o L`); printing is `Display`.
//! * [`descriptor`]: spec 001 `N@dim` basis descriptors.
//! * [`ops`]: the algebra (composition, complement, divide, product, inverses,
//!   coalesce, ...), current CuTe C++ semantics, errors instead of wrong
//!   layouts.
//! * [`swizzle`]: `Sw<B,M,S>` and composed layouts.
//!
//! The `op(args)` evaluator and the oracle-format batch runner (serde, CLI)
//! are in `crate::tooling`, outside this module.
//!
//! This module only refers to itself through `super::`, so it can be included
//! verbatim in other crates (`#[path = ".../layout/mod.rs"] mod layout;`).

mod arith_tuple;
mod buf;
mod coalesce;
mod codomain;
mod common;
mod complement;
mod composition;
mod coordinates;
pub mod descriptor;
mod divide;
pub mod error;
mod inverse;
mod leaf_ops;
mod make;
pub mod notation;
pub mod ops;
mod product;
mod queries;
pub mod runtime;
mod shape_div;
mod tiling;
pub mod swizzle;
pub mod symbolic;
pub mod tuple;
pub mod tuple_ops;
pub mod partition;
pub mod mma_partition;
pub mod dynamic_tiling;
pub mod gmma;
pub mod tma;
pub mod render;

pub use descriptor::{parse_descriptor, DescEntry, Descriptor};
pub use error::{LayoutError, ParseError};
pub use notation::{
    parse_composed_layout, parse_general_composed, parse_int_tuple, parse_layout, parse_swizzle, parse_tiler,
};
pub use ops::*;
pub use swizzle::{ComposedInner, ComposedLayout, GeneralComposed, Swizzle};
pub use tuple::{DynInt, IntTuple, Layout, Leaf, ScaledBasis, Tiler};
