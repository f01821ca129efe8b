//! cute-mlir: CuTe layout algebra as MLIR.
//!
//! * [`layout`]: the pure-Rust layout algebra, the one source of layout truth
//!   (no MLIR or serde dependency).
//! * [`tooling`]: the `op(args)` evaluator and the oracle-format batch runner
//!   and benchmark over it (the CLI's `cute layout` commands).
//! * [`dialect`]: Rust access to the `cute` / `cute_nvgpu` dialects (defined in
//!   ODS under `dialects-td/`), their spec rules and op verifiers.
//! * [`passes`]: the project's passes (`cute-desugar`, ...), written in Rust
//!   as melior rewrite patterns and registered with MLIR's pass registry.
//! * [`pipeline`]: the library API: parse cute IR, run pipelines, compile
//!   kernels to PTX.
//! * [`compile`]: the chip roster and the cute -> NVVM -> PTX pipeline.
//! * [`cubin`]: PTX to cubin (nvJitLink in process, or ptxas).
//! * [`cache`]: the on-disk kernel cache.
//! * [`batch`]: many compiles in parallel, one MLIR context per worker.
//! * [`retype`]: declared types rewritten to the inferred ones (`cute retype`).
//! * [`ffi`]: the C ABI the C++ glue calls; no panic crosses it.
//! * [`handle`]: sound views of raw MLIR handles (a `&Context` borrowed from
//!   a live owner, never from a temporary).
//! * `plugin`: the `mlir-opt-22 --load-{dialect,pass}-plugin` entry points.

pub mod batch;
pub mod cache;
pub mod compile;
pub mod cubin;
pub mod dialect;
pub mod ffi;
pub mod handle;
pub mod launch_info;
pub mod layout;
pub mod passes;
pub mod pipeline;
pub mod retype;
pub mod target;
pub mod tooling;
mod plugin;

pub use pipeline::{CacheStats, Compiler, Error};
