//! `cute retype`: rewrites the types a cute IR file declares to the ones
//! the compiler infers.
//!
//! cute IR spells every result type (`-> !cute.view<..., "((8,1),4,1,3):
//! ((1,0),1024,0,4096)">`), and each follows from the op's operands by the
//! layout algebra. Change one parameter of a kernel (a swizzle, a tiled
//! MMA's layout) and dozens of types downstream go stale. This runs the
//! verifier, takes each "inferred type(s) 'T' are incompatible with return
//! type(s) of operation 'U'" it reports, writes T for U from that line on
//! (later uses name the value by its type), and each "use of value expects
//! different type than prior uses" on the use's line, until the module
//! verifies. Where the line spells the type by an alias (`-> !gq`), the
//! alias's definition (`!gq = ...`) is the one rewritten: the examples name
//! their tile and partition types so. An autotuner's variants are made this way
//! (`benches/compile_speed.rs`); the result is ordinary IR, verified.

use crate::Compiler;

/// The largest number of fixes tried before giving up.
const MAX_FIXES: usize = 400;

/// `source` with every declared type the verifier disagrees with replaced
/// by the inferred one; `name` locates diagnostics. Errors that are not
/// type disagreements (a malformed layout, an inadmissible operation) end
/// it with the diagnostics; so does a fix that does not change the text.
pub fn retype(compiler: &Compiler, source: &str, name: &str) -> Result<(String, usize), String> {
    let mut text = source.to_string();
    for fixes in 0..MAX_FIXES {
        let error = match compiler.parse_named(&text, name) {
            Ok(_) => return Ok((text, fixes)),
            Err(e) => e,
        };
        let fixed = error.diagnostics.iter().find_map(|d| fix(&text, d));
        match fixed {
            Some(next) if next != text => text = next,
            _ => return Err(error.to_string()),
        }
    }
    Err(format!("{name}: no fixed point after {MAX_FIXES} type fixes"))
}

/// The text with the disagreement `diagnostic` reports fixed, if it is one.
fn fix(text: &str, diagnostic: &str) -> Option<String> {
    let line = line_of(diagnostic)?;
    let quoted: Vec<&str> = diagnostic.split('\'').collect();
    let (from_line, old, new) = if diagnostic.contains("are incompatible with return type(s) of operation") {
        // ... inferred type(s) 'NEW' are incompatible with return type(s) of operation 'OLD'
        let at = quoted.iter().position(|q| q.ends_with("inferred type(s) "))?;
        (true, *quoted.get(at + 3)?, *quoted.get(at + 1)?)
    } else if diagnostic.contains("expects different type than prior uses") {
        // use of value '%v' expects different type than prior uses: 'USE' vs 'PRIOR'
        let at = quoted.iter().position(|q| q.contains("expects different type than prior uses"))?;
        (false, *quoted.get(at + 1)?, *quoted.get(at + 3)?)
    } else {
        return None;
    };
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let first = line.checked_sub(1)?;
    if !lines.get(first)?.contains(old) {
        let definition = alias_definition(&lines, &lines[first], old)?;
        lines[definition] = lines[definition].replacen(old, new, 1);
        return Some(lines.join("\n"));
    }
    if from_line {
        for l in &mut lines[first..] {
            *l = l.replace(old, new);
        }
    } else {
        lines[first] = lines[first].replacen(old, new, 1);
    }
    Some(lines.join("\n"))
}

/// The line defining an alias that `line` names (`!name`, not followed by
/// more of an identifier) as exactly the type `ty`: `!name = ty`.
fn alias_definition(lines: &[String], line: &str, ty: &str) -> Option<usize> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$';
    let mut names = line.match_indices('!').filter_map(|(at, _)| {
        let name: String = line[at + 1..].chars().take_while(|&c| ident(c)).collect();
        (!name.is_empty()).then_some(name)
    });
    names.find_map(|name| lines.iter().position(|l| l.trim_end() == format!("!{name} = {ty}")))
}

/// The line of `loc("name":LINE:COL): ...`.
fn line_of(diagnostic: &str) -> Option<usize> {
    let rest = diagnostic.strip_prefix("loc(\"")?;
    let after = &rest[rest.find("\":")? + 2..];
    after.split(':').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disagreement_is_fixed_from_its_line_on() {
        let text = "a\n%x = op : A\n";
        let d = "loc(\"f.mlir\":2:6): error: 'cute.op' op inferred type(s) 'B' are incompatible with return type(s) of operation 'A'";
        assert_eq!(fix("A\n%x = op : A\n%y = use %x : A", d).unwrap(), "A\n%x = op : B\n%y = use %x : B");
        let u = "loc(\"f.mlir\":3:1): error: use of value '%x' expects different type than prior uses: 'A' vs 'B'";
        assert_eq!(fix("x\ny\n%z = use %x : A, A", u).unwrap(), "x\ny\n%z = use %x : B, A");
        assert!(fix(text, "loc(\"f.mlir\":2:1): error: something else").is_none());
        assert!(fix(text, "error: no location").is_none());
        assert_eq!(line_of("loc(\"ab.mlir\":12:3): error"), Some(12));
        // The line names the type by an alias: its definition is rewritten,
        // not a longer alias sharing its prefix.
        let aliased = "!gq = A\n!gq2 = A\n%x = op : !gq";
        let a = "loc(\"f.mlir\":3:6): error: 'cute.op' op inferred type(s) 'B' are incompatible with return type(s) of operation 'A'";
        assert_eq!(fix(aliased, a).unwrap(), "!gq = B\n!gq2 = A\n%x = op : !gq");
        assert!(fix("!gq = C\n%x = op : !gq", a).is_none());
    }
}
