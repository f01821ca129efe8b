//! SM90: TMA and mbarriers, WGMMA and its register pins.

pub mod operand_fence;
pub mod tma;
pub mod wgmma;
