//! Spec 001 basis descriptors: `(1@0, 8@1)`, `((1@0, 8@1), 1@2)`,
//! `(1/2@0, 4@1)`, `(1@0@1)`, `()`.
//!
//! ```text
//! layout ::= group
//! group  ::= "(" ws [ entry { ws "," ws entry } ] ws ")"
//! entry  ::= group | basis
//! basis  ::= count ws "@" ws dim { ws "@" ws dim }
//! count  ::= int | int "/" int
//! ```
//! Parsing is purely syntactic except that a zero denominator is rejected at
//! its position (spec: "no divide-by-zero reaches lowering"). Counts are
//! stored normalized (reduced fraction, positive denominator).
//! [`Descriptor::require_integral`] is the lowering-time check that rejects
//! bases that stay fractional after normalization (e.g. `1/2@0`), with the
//! path of the offending entry.

use std::fmt;

use super::error::{LayoutError, ParseError};
use super::notation::Cursor;
use super::tuple::ScaledBasis;

/// One entry of a descriptor group.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DescEntry {
    Group(Descriptor),
    Basis(ScaledBasis),
}

/// A parsed, normalized basis descriptor (a possibly empty group).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Descriptor {
    pub entries: Vec<DescEntry>,
}

impl Descriptor {
    /// Checks that every basis count is integral after normalization.
    pub fn require_integral(&self) -> Result<(), LayoutError> {
        self.check_integral(&mut Vec::new())
            .map_err(|c| LayoutError::new("normalize_descriptor", vec![self.to_string()], c))
    }

    fn check_integral(&self, path: &mut Vec<usize>) -> Result<(), String> {
        for (i, e) in self.entries.iter().enumerate() {
            path.push(i);
            match e {
                DescEntry::Group(g) => g.check_integral(path)?,
                DescEntry::Basis(b) => {
                    b.integral_count()
                        .map_err(|c| format!("entry {path:?}: {c}"))?;
                }
            }
            path.pop();
        }
        Ok(())
    }

    /// All bases in order (depth-first).
    pub fn bases(&self) -> Vec<&ScaledBasis> {
        let mut out = Vec::new();
        fn walk<'a>(d: &'a Descriptor, out: &mut Vec<&'a ScaledBasis>) {
            for e in &d.entries {
                match e {
                    DescEntry::Group(g) => walk(g, out),
                    DescEntry::Basis(b) => out.push(b),
                }
            }
        }
        walk(self, &mut out);
        out
    }
}

impl fmt::Display for Descriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match e {
                DescEntry::Group(g) => write!(f, "{g}")?,
                DescEntry::Basis(b) => write!(f, "{b}")?,
            }
        }
        f.write_str(")")
    }
}

/// Parses a spec 001 descriptor.
pub fn parse_descriptor(text: &str) -> Result<Descriptor, ParseError> {
    let mut c = Cursor::new(text);
    let d = group(&mut c, 0)?;
    c.finish()?;
    Ok(d)
}

fn group(c: &mut Cursor, depth: usize) -> Result<Descriptor, ParseError> {
    if depth >= super::notation::MAX_DEPTH {
        return c.err(format!(
            "nesting deeper than {} levels",
            super::notation::MAX_DEPTH
        ));
    }
    c.expect(b'(', "'(' to open a descriptor group")?;
    let mut entries = Vec::new();
    if c.eat(b')') {
        return Ok(Descriptor { entries });
    }
    loop {
        if c.peek() == Some(b'(') {
            entries.push(DescEntry::Group(group(c, depth + 1)?));
        } else {
            c.skip_ws();
            let start = c.pos;
            let num = c.int("basis count")?;
            if !matches!(c.peek(), Some(b'/' | b'@')) {
                return c.err("expected '@' after the basis count");
            }
            entries.push(DescEntry::Basis(c.basis_rest(start, num)?));
        }
        if c.eat(b')') {
            return Ok(Descriptor { entries });
        }
        c.expect(b',', "',' or ')' in descriptor group")?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples_parse_and_round_trip() {
        for (s, canon) in [
            ("(1@0, 1@1)", "(1@0, 1@1)"),
            ("(16@0, 1@1)", "(16@0, 1@1)"),
            ("((1@0, 8@1), 1@2)", "((1@0, 8@1), 1@2)"),
            ("(1/2@0, 4@1)", "(1/2@0, 4@1)"),
            ("(1@0@1)", "(1@0@1)"),
            ("()", "()"),
            ("( ( ) , -3 @ 2 @ 0 )", "((), -3@2@0)"),
            ("(2/4@0, 3/-6@1)", "(1/2@0, -1/2@1)"),
        ] {
            let d = parse_descriptor(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(d.to_string(), canon);
            assert_eq!(parse_descriptor(&d.to_string()).unwrap(), d);
        }
    }

    #[test]
    fn normalization() {
        assert!(parse_descriptor("(4/2@0, 1@1)")
            .unwrap()
            .require_integral()
            .is_ok());
        let e = parse_descriptor("((1@0, 1/2@1))")
            .unwrap()
            .require_integral()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "normalize_descriptor(((1@0, 1/2@1))): entry [0, 1]: basis count 1/2 is not integral after normalization"
        );
        assert_eq!(parse_descriptor("(1@0, 3/1@1)").unwrap().bases()[1].num, 3);
    }

    #[test]
    fn errors() {
        let e = |s: &str| parse_descriptor(s).unwrap_err().to_string();
        assert_eq!(e("(1/0@0)"), "at column 4: zero denominator in basis count");
        assert_eq!(
            e("(1@0"),
            "at column 5: expected ',' or ')' in descriptor group, found end of input"
        );
        assert_eq!(e("(1)"), "at column 3: expected '@' after the basis count");
        assert_eq!(
            e("(1@)"),
            "at column 4: expected basis dimension, found ')'"
        );
        assert_eq!(
            e("(1@-1)"),
            "at column 4: expected basis dimension, found '-'"
        );
        assert_eq!(
            e("1@0"),
            "at column 1: expected '(' to open a descriptor group, found '1'"
        );
        assert_eq!(
            e("(1@0) x"),
            "at column 7: unexpected trailing text starting at 'x'"
        );
        assert_eq!(e("(1@0,)"), "at column 6: expected basis count, found ')'");
        let deep = format!("{}{}", "(".repeat(10_000), ")".repeat(10_000));
        assert!(e(&deep).contains("nesting deeper"));
    }
}
