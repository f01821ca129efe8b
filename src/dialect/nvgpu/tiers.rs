//! SM targets (spec 003 "SM Tier Roster"): the chip roster, the
//! `sm_<N>[a|f]` spelling, and the tier rule of a registry record.

use super::records::AtomRecord;

/// Every SM number of the roster.
pub const ROSTER: [u32; 13] = [70, 72, 75, 80, 86, 87, 89, 90, 100, 103, 110, 120, 121];

/// A roster chip: `sm_90a` is `Chip { sm: 90, suffix: Some('a') }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chip {
    pub sm: u32,
    /// `a` (arch-specific) or `f` (family-specific), from sm_90 / sm_100 on.
    pub suffix: Option<char>,
}

impl Chip {
    /// `sm_<N>[a|f]`.
    pub fn name(&self) -> String {
        format!("sm_{}{}", self.sm, self.suffix.map(String::from).unwrap_or_default())
    }

    /// Parses `sm_<N>[a|f]`; None if malformed or not in the roster.
    pub fn parse(chip: &str) -> Option<Chip> {
        let rest = chip.strip_prefix("sm_")?;
        let (number, suffix) = match rest.chars().last()? {
            c @ ('a' | 'f') => (&rest[..rest.len() - 1], Some(c)),
            _ => (rest, None),
        };
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let sm: u32 = number.parse().ok()?;
        let legal_suffix = match suffix {
            Some('a') => sm >= 90,
            Some(_) => sm >= 100,
            None => true,
        };
        (ROSTER.contains(&sm) && legal_suffix).then_some(Chip { sm, suffix })
    }
}

/// The diagnostic for a chip outside the roster.
pub fn unknown_chip(chip: &str) -> String {
    format!(
        "unknown SM target '{chip}' (expected sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90[a], \
         sm_100[a|f], sm_103[a|f], sm_110[a|f], sm_120[a|f] or sm_121[a|f])"
    )
}

/// The tier rule: the chip lies in the record's window, and arch-specific
/// atoms need a suffixed target.
pub fn legal_on(record: &AtomRecord, chip: Chip) -> bool {
    (record.min_tier == 0 || chip.sm >= record.min_tier)
        && (record.max_tier == 0 || chip.sm <= record.max_tier)
        && (!record.arch_specific || chip.suffix.is_some())
        && (record.only_on.is_empty() || record.only_on.contains(&chip.name().as_str()))
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
    for sm in ROSTER {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chips_parse_as_the_roster_spells_them() {
        assert_eq!(Chip::parse("sm_90a"), Some(Chip { sm: 90, suffix: Some('a') }));
        assert_eq!(Chip::parse("sm_100f"), Some(Chip { sm: 100, suffix: Some('f') }));
        assert_eq!(Chip::parse("sm_80"), Some(Chip { sm: 80, suffix: None }));
        for bad in ["sm_80a", "sm_90f", "sm_95", "sm_", "sm_a", "90", "sm_9x", "sm_+90"] {
            assert_eq!(Chip::parse(bad), None, "{bad}");
        }
    }
}
