//! The transforms: cute to cute. `cute-desugar` (spec 000's first stage:
//! sugar ops into the core ops the conversions take) and
//! `cute-fold-static` (static algebra folded to constants).

pub mod desugar;
pub mod fold_static;
