//! `cute-emu`: a functional emulator of the PTX that cute-mlir emits, with
//! hazard checks (issue 28). It follows the PTX ISA (each semantic cites its
//! section) and shares no code with cute-mlir: it is the independent judge
//! of the compiler's layouts, atoms and lowerings (`tests/independence.rs`
//! keeps it so).
//!
//! - [`ptx`]: the parser of the supported subset;
//! - [`buffer`]: the launch's device buffers (dense or sparse bytes);
//! - [`machine`]: CTAs, warps, registers, barriers, one CTA's round of
//!   the schedule, vector clocks;
//! - `cluster`: the grid cluster by cluster, a cluster's CTAs in rounds
//!   together, `barrier.cluster`, shared::cluster addresses (`mapa`),
//!   remote mbarrier arrivals and their ordering after the init;
//! - `rules`: the register rules of wgmma and tcgen05.ld;
//! - [`alu`]: one thread's arithmetic, logic, conversions and branches;
//! - [`memory`]: the state spaces with their bounds and race checks,
//!   `cp.async` groups, `ldmatrix`;
//! - [`mma`]: `mma.sync` from the ISA's fragment tables;
//! - [`warp`]: `shfl.sync`, `vote.sync`, `elect.sync`;
//! - [`mbarrier`]: mbarriers (init, arrive, expect_tx, complete_tx, try_wait),
//!   remote arrivals;
//! - [`sm90`]: TMA tensor copies, WGMMA;
//! - [`sm100`]: tensor memory and tcgen05 (alloc, cp, commit, ld, st in
//!   every shape; the CTA pair's alloc, cp and multicast commit); `umma`:
//!   tcgen05.mma (the dense, block-scaled and sparse kinds);
//! - [`launch`]: the launch file of `cute run` (buffers, scalars, npy);
//! - [`gpu`]: the same launch on a GPU (`cute run --gpu`, the CUDA driver
//!   loaded at run time);
//! - [`run`]: the front end of `cute run` and of the `cute-emu` binary (PTX
//!   launches on a machine without LLVM), and `cute run --export`.

pub mod alu;
pub mod buffer;
mod cluster;
pub mod gpu;
pub mod launch;
mod maps;
pub mod machine;
pub mod mbarrier;
pub mod memory;
pub mod mma;
pub mod ptx;
mod rules;
pub mod run;
pub mod sm100;
pub mod sm90;
mod umma;
pub mod warp;
