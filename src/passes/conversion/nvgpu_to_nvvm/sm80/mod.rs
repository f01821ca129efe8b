//! SM80 and the register MMAs after it (SM89 FP8, SM120 block-scaled): cp.async, ldmatrix/stmatrix, mma.sync.

pub mod cp_async;
pub mod matrix_copy;
pub mod mma_sync;
