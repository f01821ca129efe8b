//! SM100/SM103: tensor memory (the TMEM cache, TMEM copies, S2T), the tcgen05 ops, UMMA.

pub mod tcgen05;
pub mod tmem;
pub mod tmem_cache;
pub mod umma;
