//! A lint of the lit suite (issue 37): checks that cannot fail are defects.
//! - every prefix a RUN line enables has check lines, and every prefix a
//!   check line is written with is enabled by a RUN line of its file;
//! - no regex character class outside `{{ }}` in a check line (FileCheck
//!   takes `[1-9]` there as literal text, so a CHECK-NOT with it never fires);
//! - a check of a ptxas count (`0 bytes spill stores`, `90 registers`) is
//!   anchored, so `0 bytes` cannot match inside `40 bytes`.
//!
//! `seeded_defects_are_caught` proves each rule on a copy seeded with the
//! defect it is for.

use std::{collections::BTreeSet, fs, path::Path};

/// Words that look like check prefixes in comments but are lit or prose.
const NOT_PREFIXES: [&str; 10] = ["RUN", "REQUIRES", "UNSUPPORTED", "XFAIL", "ALLOW_RETRIES", "TODO", "NOTE", "SAFETY", "END", "BEGIN"];
const SUFFIXES: [&str; 7] = ["-NEXT", "-SAME", "-NOT", "-LABEL", "-DAG", "-EMPTY", "-COUNT"];

/// The prefixes the RUN lines of a file enable (FileCheck's default CHECK
/// where FileCheck runs without one).
fn enabled(text: &str) -> BTreeSet<String> {
    let mut runs = String::new();
    for line in text.lines() {
        if let Some(at) = line.find("RUN:") {
            runs.push_str(line[at + 4..].trim_end().trim_end_matches('\\'));
            if !line.trim_end().ends_with('\\') {
                runs.push('\n');
            }
        }
    }
    let mut out = BTreeSet::new();
    for run in runs.lines() {
        // Each FileCheck invocation of the line (pipes and && chains).
        for part in run.split(['|', '&', ';']) {
            let words: Vec<&str> = part.split_whitespace().collect();
            let Some(at) = words.iter().position(|w| w.ends_with("FileCheck") || w.ends_with("FileCheck-22")) else { continue };
            let mut named = false;
            for (i, word) in words.iter().enumerate().skip(at + 1) {
                let value = if let Some(v) = word.strip_prefix("--check-prefix=").or_else(|| word.strip_prefix("-check-prefix=")) {
                    Some(v.to_string())
                } else if let Some(v) = word.strip_prefix("--check-prefixes=").or_else(|| word.strip_prefix("-check-prefixes=")) {
                    Some(v.to_string())
                } else if matches!(*word, "--check-prefix" | "-check-prefix" | "--check-prefixes" | "-check-prefixes") {
                    words.get(i + 1).map(|v| v.to_string())
                } else {
                    None
                };
                if let Some(v) = value {
                    named = true;
                    out.extend(v.split(',').map(str::to_string));
                }
            }
            if !named {
                out.insert("CHECK".to_string());
            }
        }
    }
    out
}

/// The check lines of a file: (line number, prefix, directive suffix, pattern).
fn checks(text: &str) -> Vec<(usize, String, String, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(comment) = line.trim_start().strip_prefix("//") else { continue };
        let comment = comment.trim_start();
        let Some(colon) = comment.find(':') else { continue };
        let head = &comment[..colon];
        if head.is_empty() || !head.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-' || c == '_') {
            continue;
        }
        let (prefix, suffix) = match SUFFIXES.iter().find_map(|s| head.find(s).map(|i| (&head[..i], &head[i..]))) {
            Some((p, s)) => (p, s),
            None => (head, ""),
        };
        if prefix.is_empty() || NOT_PREFIXES.contains(&prefix) || !prefix.chars().next().unwrap().is_ascii_uppercase() {
            continue;
        }
        out.push((n + 1, prefix.to_string(), suffix.to_string(), comment[colon + 1..].trim().to_string()));
    }
    out
}

/// `pattern` with its `{{...}}` regexes and `[[...]]` variables removed.
fn literal_parts(pattern: &str) -> String {
    let mut out = String::new();
    let mut rest = pattern;
    loop {
        let next = [rest.find("{{"), rest.find("[[")].into_iter().flatten().min();
        let Some(at) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        let close = if rest[at..].starts_with("{{") { "}}" } else { "]]" };
        match rest[at + 2..].find(close) {
            Some(end) => rest = &rest[at + 2 + end + 2..],
            None => return out,
        }
    }
}

/// A regex character class (`[1-9]`, `[^x]`, `[0-9a-f]`) in literal text.
fn has_character_class(literal: &str) -> bool {
    let bytes = literal.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'[' {
            continue;
        }
        let close = match literal[i + 1..].find(']') {
            Some(c) => i + 1 + c,
            None => continue,
        };
        let inside = &literal[i + 1..close];
        let range = inside.len() >= 3
            && inside.as_bytes().windows(3).any(|w| w[0].is_ascii_alphanumeric() && w[1] == b'-' && w[2].is_ascii_alphanumeric());
        if range || inside.starts_with('^') {
            return true;
        }
    }
    false
}

/// The lint's findings for one file.
fn lint(name: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let enabled = enabled(text);
    let checks = checks(text);
    let written: BTreeSet<String> = checks.iter().map(|c| c.1.clone()).collect();
    for prefix in &enabled {
        if !written.contains(prefix) && text.contains("FileCheck") {
            found.push(format!("{name}: prefix {prefix} is enabled but has no check lines"));
        }
    }
    for (line, prefix, suffix, pattern) in &checks {
        if !enabled.contains(prefix) {
            found.push(format!("{name}:{line}: {prefix}{suffix} is written but no RUN line enables {prefix}"));
        }
        let literal = literal_parts(pattern);
        if has_character_class(&literal) {
            found.push(format!("{name}:{line}: `{pattern}` has a character class outside {{{{ }}}} (literal text to FileCheck)"));
        }
        if prefix.contains("PTXAS") && suffix != "-NOT" {
            let starts_with_count = pattern.chars().next().is_some_and(|c| c.is_ascii_digit());
            if starts_with_count {
                found.push(format!("{name}:{line}: `{pattern}` is an unanchored count (it matches inside a larger number)"));
            }
        }
    }
    found
}

fn lit_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "Output" && name != "Inputs" {
                lit_files(&path, out);
            }
        } else if name.ends_with(".mlir") {
            out.push(path);
        }
    }
}

#[test]
fn the_lit_suite_has_no_check_that_cannot_fail() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit");
    let mut files = Vec::new();
    lit_files(&root, &mut files);
    files.sort();
    assert!(files.len() > 100, "the lit suite is at tests/lit ({} files)", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        found.extend(lint(&file.strip_prefix(&root).unwrap().display().to_string(), &text));
    }
    assert!(found.is_empty(), "{} lint findings:\n{}", found.len(), found.join("\n"));
}

#[test]
fn seeded_defects_are_caught() {
    let run = "// RUN: %cute compile %s --chip sm_80 -o %t.ptx\n// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS\n";
    // The regex outside {{ }} (mma-sync-sm80.mlir, wgmma-sm90.mlir before issue 37).
    let class = format!("{run}// PTXAS-NOT: bytes spill stores, [1-9]\n");
    assert!(lint("seed", &class).iter().any(|f| f.contains("character class")), "{:?}", lint("seed", &class));
    // The unanchored count (mma-sync-sm89.mlir, conv-fprop-sm90.mlir, gemm-blockscaled-sm120.mlir).
    let count = format!("{run}// PTXAS: 0 bytes spill stores\n");
    assert!(lint("seed", &count).iter().any(|f| f.contains("unanchored count")), "{:?}", lint("seed", &count));
    // A prefix written but never enabled, and one enabled with no lines.
    let unused = format!("{run}// PTXAS: {{{{^ *}}}}0 bytes\n// LLVM: llvm.func\n");
    assert!(lint("seed", &unused).iter().any(|f| f.contains("no RUN line enables LLVM")), "{:?}", lint("seed", &unused));
    let empty = "// RUN: %cute-opt %s | FileCheck %s --check-prefix=LOWERED\n// CHECK: x\n";
    assert!(lint("seed", empty).iter().any(|f| f.contains("LOWERED is enabled but has no check lines")), "{:?}", lint("seed", empty));
    // The fixed forms pass.
    let fixed = format!("{run}// PTXAS-NOT: {{{{[1-9][0-9]*}}}} bytes spill stores\n// PTXAS: , 0 bytes spill stores\n");
    assert!(lint("seed", &fixed).is_empty(), "{:?}", lint("seed", &fixed));
    // MLIR text with brackets is not a character class.
    let mlir = "// RUN: %cute-opt %s | FileCheck %s\n// CHECK: gpu.module @k [#nvvm.target<chip = \"sm_80\">] {\n// CHECK-NOT: %a[%c]\n";
    assert!(lint("seed", mlir).is_empty(), "{:?}", lint("seed", mlir));
}

/// FileCheck of `file`'s `prefix` lines on `input`: whether it passes.
fn filecheck(file: &Path, prefix: &str, input: &str) -> bool {
    use std::io::Write;
    let mut child = std::process::Command::new("/usr/lib/llvm-22/bin/FileCheck")
        .arg(file)
        .arg(format!("--check-prefix={prefix}"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("FileCheck-22 (ci/setup installs LLVM 22)");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait().unwrap().success()
}

#[test]
fn the_spill_checks_fail_on_ptxas_output_with_spills() {
    // Issue 37: each kind of fixed check, on edited ptxas -v output.
    let lit = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lit");
    let ptxas = |stack: u32, spills: u32| {
        format!(
            "ptxas info    : Compiling entry function 'k' for 'sm_80'\nptxas info    : Function properties for k\n    \
             {stack} bytes stack frame, {spills} bytes spill stores, {spills} bytes spill loads\n\
             ptxas info    : Used 90 registers, used 0 barriers, 376 bytes cumulative stack size\n"
        )
    };
    for (file, prefix) in [("Conversion/CuteNvgpuToNVVM/sm80/mma-sync-sm80.mlir", "PTXAS"), ("Conversion/CuteNvgpuToNVVM/sm89/mma-sync-sm89.mlir", "PTXAS"), ("Compile/gemm-sm80.mlir", "PTXAS")] {
        let file = lit.join(file);
        assert!(filecheck(&file, prefix, &ptxas(0, 0)), "{}: clean output fails", file.display());
        assert!(!filecheck(&file, prefix, &ptxas(0, 40)), "{}: 40 bytes of spills pass", file.display());
        assert!(!filecheck(&file, prefix, &ptxas(0, 10)), "{}: 10 bytes of spills pass", file.display());
    }
    // The stack-frame anchor: 40 bytes of stack is not 0.
    assert!(!filecheck(&lit.join("Compile/gemm-sm80.mlir"), "PTXAS", &ptxas(40, 0)));
}
