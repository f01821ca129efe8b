//! The tier rule of a registry record (spec 003 "SM Tier Roster"): which
//! roster chips ([`crate::target`]) an atom is legal on, and its wording.

use super::records::AtomRecord;

pub use crate::target::{unknown_chip, Chip};

/// The tier rule: the chip lies in the record's window, and arch-specific
/// atoms need a suffixed target.
pub fn legal_on(record: &AtomRecord, chip: Chip) -> bool {
    (record.min_tier == 0 || chip.sm >= record.min_tier)
        && (record.max_tier == 0 || chip.sm <= record.max_tier)
        && (!record.arch_specific || chip.suffix.is_some())
        && (record.only_on.is_empty() || record.only_on.contains(&chip.name))
}

/// "sm_80 or later", "sm_90a", "sm_100a, sm_100f, sm_103a or sm_103f".
pub fn tier_text(record: &AtomRecord) -> String {
    if let Some((last, rest)) = record.only_on.split_last() {
        return if rest.is_empty() { last.to_string() } else { format!("{} or {last}", rest.join(", ")) };
    }
    if !record.arch_specific {
        return if record.max_tier != 0 {
            format!("sm_{} to sm_{}", record.min_tier, record.max_tier)
        } else {
            format!("sm_{} or later", record.min_tier)
        };
    }
    let mut chips = Vec::new();
    for sm in crate::target::sm_numbers() {
        if sm >= record.min_tier && (record.max_tier == 0 || sm <= record.max_tier) {
            chips.push(format!("sm_{sm}a"));
            if sm >= 100 {
                chips.push(format!("sm_{sm}f"));
            }
        }
    }
    match chips.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
