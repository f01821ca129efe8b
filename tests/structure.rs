//! Issue 29's size rules, kept: no Rust file of the compiler or the
//! emulator over 800 lines, no function over 150. A file or function that
//! grows past them is split by concern (`docs/architecture.md`). And the
//! target-neutral code names no chip.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line with strings, character literals and `//` comments
/// blanked, so that only the braces of the code count. `raw` carries an
/// open raw string (`r#"...`) over lines: its closing quote and hashes.
fn code(line: &str, raw: &mut Option<String>) -> String {
    let c: Vec<char> = line.chars().collect();
    let (mut out, mut i) = (String::new(), 0);
    while i < c.len() {
        if let Some(end) = raw.as_deref() {
            match line[c[..i].iter().collect::<String>().len()..].find(end) {
                Some(at) => {
                    i += line[c[..i].iter().collect::<String>().len()..][..at + end.len()].chars().count();
                    *raw = None;
                }
                None => i = c.len(),
            }
            continue;
        }
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => break,
            'r' if matches!(c.get(i + 1), Some('"' | '#')) && (i == 0 || !c[i - 1].is_alphanumeric()) => {
                let hashes = c[i + 1..].iter().take_while(|ch| **ch == '#').count();
                if c.get(i + 1 + hashes) == Some(&'"') {
                    *raw = Some(format!("\"{}", "#".repeat(hashes)));
                    i += 2 + hashes;
                } else {
                    out.push('r');
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while i < c.len() && c[i] != '"' {
                    i += if c[i] == '\\' { 2 } else { 1 };
                }
                if i >= c.len() {
                    // A string continued on the next line (`\` at the end).
                    *raw = Some("\"".into());
                }
                i += 1;
            }
            '\'' if c.get(i + 1) == Some(&'\\') => i += c[i + 2..].iter().position(|ch| *ch == '\'').map_or(c.len(), |p| p + 3),
            '\'' if c.get(i + 2) == Some(&'\'') => i += 3,
            ch => {
                out.push(ch);
                i += 1;
            }
        }
    }
    out
}

/// (name, first line, lines) of every function of a file.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut raw = None;
    let code_lines: Vec<String> = lines.iter().map(|l| code(l, &mut raw)).collect();
    let mut out = Vec::new();
    for (start, l) in code_lines.iter().enumerate() {
        let words: Vec<&str> = l.split(|ch: char| !(ch.is_alphanumeric() || ch == '_')).filter(|w| !w.is_empty()).collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else { continue };
        let Some(name) = words.get(at + 1) else { continue };
        let (mut depth, mut opened) = (0i64, false);
        for (end, body) in code_lines.iter().enumerate().skip(start) {
            for ch in body.chars() {
                match ch {
                    '{' => {
                        depth += 1;
                        opened = true
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if !opened && body.trim_end().ends_with(';') {
                break;
            }
            if opened && depth <= 0 {
                out.push((name.to_string(), start + 1, end - start + 1));
                break;
            }
        }
    }
    out
}

#[test]
fn no_file_over_800_lines_and_no_function_over_150() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("emu/src"), &mut files);
    assert!(files.len() > 50, "the walk found the sources");
    let mut over = Vec::new();
    let mut counted = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.strip_prefix(root).unwrap().display().to_string();
        if text.lines().count() > 800 {
            over.push(format!("{name}: {} lines", text.lines().count()));
        }
        for (f, line, len) in functions(&text) {
            counted += 1;
            if len > 150 {
                over.push(format!("{name}:{line}: fn {f} is {len} lines"));
            }
        }
    }
    assert!(counted > 1000, "the scan found the functions ({counted})");
    assert!(over.is_empty(), "split these by concern:\n{}", over.join("\n"));
}

/// Spec 003 "Registry Model" and spec 000's pattern bank: generic code
/// dispatches through the atom interfaces and never branches on a target.
/// The target-neutral stages (desugaring, `cute-to-llvm`, the algebra, type
/// inference, the generic atom dispatch) name no chip: no `"sm_90a"`-like
/// literal, no `Chip`, no read of the enclosing `cute_nvgpu.target`. (Op
/// names such as `"cute_nvgpu.arch.sm100."`, which `cute-to-llvm` leaves to
/// the SM-tier stage, are not chip reads and do not match: a literal that
/// starts with `sm` does.)
#[test]
fn the_target_neutral_code_never_names_a_chip() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src/passes/transforms/desugar", "src/passes/conversion/cute_to_llvm", "src/layout", "src/dialect/infer"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.push(root.join("src/dialect/atoms.rs"));
    assert!(files.len() > 30, "the walk found the sources");
    let names_a_chip = |line: &str| {
        // A literal `"sm` followed by a digit, or by `_` and a digit.
        let literal = line.match_indices("\"sm").any(|(i, _)| {
            let after = &line[i + 3..];
            after.strip_prefix('_').unwrap_or(after).starts_with(|c: char| c.is_ascii_digit())
        });
        literal || line.contains("Chip") || line.contains("enclosing_chip") || line.contains("cute_nvgpu.target")
    };
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if !trimmed.starts_with("//") && names_a_chip(line) {
                found.push(format!("{}:{}: {}", file.strip_prefix(root).unwrap().display(), n + 1, trimmed));
            }
        }
    }
    assert!(found.is_empty(), "target-neutral code names a chip:\n{}", found.join("\n"));
    // The scan finds what it looks for.
    assert!(names_a_chip("if chip == \"sm_90a\" {") && names_a_chip("x == \"sm100\"") && names_a_chip("let c: Chip = t;"));
    assert!(!names_a_chip("let s = \"small\";") && !names_a_chip("let n = \"sm\";"));
}

#[test]
fn the_scan_measures_functions_through_strings_and_comments() {
    let text = "fn a() {\n    let s = \"}}}\"; // }\n    let c = '}';\n    let r = r#\"{\"#;\n    x::<'a>();\n}\nfn b(x: u8) -> u8 {\n    x\n}\nfn decl();\n";
    assert_eq!(functions(text), [("a".to_string(), 1, 6), ("b".to_string(), 7, 3)]);
}
