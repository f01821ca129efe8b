//! What C++ calls in Rust (`dialects-td/lib/RustFFI.h`): one file per
//! dialect. These depend on [`crate::dialect`]; nothing depends on them.

pub mod cute;
pub mod nvgpu;
