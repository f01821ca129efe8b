//! Conformance of the layout algebra against the oracle corpus
//! (`shared/oracle/layout-oracle.json`, or `$CUTE_ORACLE`).
//!
//! Per confidence class (see docs/layout-decisions.md):
//! * `both_agree`, `dsl_differs_from_pycute`, `undetermined_large`: exact match
//!   of the expected (current CuTe) value.
//! * `both_agree_same_function`: same function table and same shape.
//! * `both_reject`, `pycute_postcondition_failed_and_dsl_error`: an error.
//! * `dsl_only*`, `pycute_only*`: the reference value, unless the algebra
//!   proves it wrong; then we must return an error, and the test checks the
//!   proof (wrong size, wrong function, or not a complement).

use std::collections::BTreeMap;
use std::path::PathBuf;

// The only line that names the crate (change it when the modules move).
use cute_mlir::{layout, tooling};

use layout::{self as cute, parse_layout, IntTuple, Layout};
use tooling::batch::{parse_case, value_json};
use tooling::eval::{apply, Op, Value};
use serde_json::Value as Json;

fn oracle_path() -> PathBuf {
    std::env::var_os("CUTE_ORACLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/layout-oracle.json")
        })
}

fn load() -> Json {
    let path = oracle_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read oracle {}: {e}", path.display()));
    serde_json::from_str(&text).expect("oracle is valid JSON")
}

fn layout(v: &Value) -> Option<&Layout> {
    match v {
        Value::Layout(l) => Some(l),
        _ => None,
    }
}

fn size(l: &Layout) -> Option<i64> {
    cute::size(l).ok()?.as_int()
}

/// `A(i)` for any integer `i` (the last mode extends affinely, as CuTe).
fn eval_at(a: &Layout, i: i64) -> Option<i64> {
    cute::crd2idx(&IntTuple::int(i), a).ok()
}

fn injective(l: &Layout) -> Option<bool> {
    let mut t = cute::table(l).ok()?;
    let n = t.len();
    t.sort_unstable();
    t.dedup();
    Some(t.len() == n)
}

/// Why the reference value `expected` is algebraically wrong (or outside the
/// algebra's definition) for this case, if it is.
fn refutation(op: Op, args: &[Value], expected: &Json) -> Option<String> {
    let text = expected.as_str()?;
    let exp = match parse_layout(text) {
        Ok(l) => l,
        Err(e) => return Some(format!("{text} is not a valid layout ({e})")),
    };
    let exp_size = size(&exp)?;
    let a = layout(&args[0])?;
    match (op, args.get(1)?) {
        (Op::Composition, Value::Layout(b)) => {
            let truth: Option<Vec<i64>> = cute::table(b)
                .ok()?
                .into_iter()
                .map(|j| eval_at(a, j))
                .collect();
            (truth? != cute::table(&exp).ok()?).then(|| format!("{text} is not i -> A(B(i))"))
        }
        (Op::Complement, _) => {
            let shapes = cute::flatten(&exp)
                .shape()
                .leaves()
                .iter()
                .map(|l| matches!(l, cute::Leaf::Int(v) if *v >= 1))
                .collect::<Vec<_>>();
            shapes
                .contains(&false)
                .then(|| format!("{text} has an empty mode"))
        }
        (Op::LogicalDivide | Op::ZippedDivide | Op::TiledDivide, Value::Layout(b)) => {
            // The definition: A o (B, complement(B, size(A))).
            let c = match cute::complement(b, &IntTuple::int(size(a)?)) {
                Ok(c) => c,
                Err(e) => return Some(format!("the divide is undefined: {e}")),
            };
            let tile = Layout::from_modes(vec![b.clone(), c]);
            let truth: Option<Vec<i64>> = cute::table(&tile)
                .ok()?
                .into_iter()
                .map(|j| eval_at(a, j))
                .collect();
            (truth? != cute::table(&exp).ok()?)
                .then(|| format!("{text} is not A o (B, complement(B, size(A)))"))
        }
        (Op::ZippedDivide | Op::TiledDivide, Value::Tiler(cute::Tiler::ByMode(ts))) => ts
            .iter()
            .enumerate()
            .find(|(i, t)| {
                matches!(t, cute::Tiler::Underscore)
                    && a.mode(*i)
                        .is_some_and(|m| m.shape().is_leaf() || m.rank() != 2)
            })
            .map(|(i, _)| {
                format!("`_` keeps mode {i} undivided and it is not a (tile, rest) pair")
            }),
        (Op::LogicalProduct | Op::ZippedProduct | Op::TiledProduct, Value::Layout(b)) => {
            let want = size(a)? * size(b)?;
            if exp_size != want {
                return Some(format!(
                    "{text} has size {exp_size}, not size(A)*size(B) = {want}"
                ));
            }
            (injective(a)? && injective(b)? && !injective(&exp)?)
                .then(|| format!("{text} is not injective"))
        }
        _ => None,
    }
}

fn same_function(ours: &Value, expected: &Json) -> bool {
    let (Some(l), Some(text)) = (layout(ours), expected.as_str()) else {
        return false;
    };
    let Ok(exp) = parse_layout(text) else {
        return false;
    };
    l.shape() == exp.shape() && cute::table(l).ok() == cute::table(&exp).ok()
}

#[derive(Default)]
struct Tally {
    total: usize,
    matched: usize,
    rejected_as_expected: usize,
    refuted_reference: usize,
    failures: Vec<String>,
}

#[test]
fn oracle_conformance() {
    let root = load();
    let cases = root["cases"].as_array().expect("cases array");
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    // CUTE_ORACLE_VERBOSE=1 lists every decided case (for docs/layout-decisions.md).
    let verbose = std::env::var_os("CUTE_ORACLE_VERBOSE").is_some();
    for case in cases {
        let id = case["id"].as_str().unwrap_or("?");
        let conf = case["expected"]["confidence"]
            .as_str()
            .unwrap_or("?")
            .to_string();
        let expected = &case["expected"]["value"];
        let (op, args) =
            parse_case(case).unwrap_or_else(|e| panic!("{id}: arguments do not parse: {e}"));
        let got = apply(op, &args);
        let t = tallies.entry(conf.clone()).or_default();
        t.total += 1;
        let exact = matches!(&got, Ok(v) if value_json(v) == *expected);
        let describe = |got: &Result<Value, _>| match got {
            Ok(v) => format!("got {}", value_json(v)),
            Err(e) => format!("got error {e}"),
        };
        match conf.as_str() {
            "both_agree" | "dsl_differs_from_pycute" | "undetermined_large" => {
                if exact {
                    t.matched += 1;
                } else {
                    t.failures
                        .push(format!("{id}: expected {expected}, {}", describe(&got)));
                }
            }
            "both_agree_same_function" => {
                if matches!(&got, Ok(v) if same_function(v, expected)) {
                    t.matched += 1;
                } else {
                    t.failures.push(format!(
                        "{id}: expected the function of {expected}, {}",
                        describe(&got)
                    ));
                }
            }
            "both_reject" | "pycute_postcondition_failed_and_dsl_error" => {
                if got.is_err() {
                    t.rejected_as_expected += 1;
                } else {
                    t.failures
                        .push(format!("{id}: expected an error, {}", describe(&got)));
                }
            }
            _ => {
                // dsl_only*, pycute_only*: the reference, unless refuted.
                let refuted = refutation(op, &args, expected);
                match (&got, refuted) {
                    (Ok(_), None) if exact => t.matched += 1,
                    (Err(e), Some(why)) => {
                        t.refuted_reference += 1;
                        if verbose {
                            println!("decision {conf} {id}: reject ({why}); we say: {e}");
                        }
                    }
                    (_, why) => t.failures.push(format!(
                        "{id}: reference {expected} (refutation: {why:?}), {}",
                        describe(&got)
                    )),
                }
            }
        }
    }
    let mut report = String::new();
    let mut failures = Vec::new();
    for (conf, t) in &tallies {
        report.push_str(&format!(
            "  {conf}: {} cases, {} match, {} rejected as expected, {} reference refuted and rejected, {} failures\n",
            t.total,
            t.matched,
            t.rejected_as_expected,
            t.refuted_reference,
            t.failures.len()
        ));
        failures.extend(t.failures.iter().cloned());
    }
    let total: usize = tallies.values().map(|t| t.total).sum();
    println!(
        "oracle summary: {total} cases, {} failures\n{report}",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} oracle failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn eval(s: &str) -> Result<String, String> {
    tooling::eval_expr(s)
        .map(|v| v.to_string())
        .map_err(|e| e.to_string())
}

#[test]
fn known_reference_failure_logical_product_sigfpe() {
    // The DSL dies with SIGFPE. (4,6,8):(1,4,7) is not injective (the
    // coalesced (24,8):(1,7) overlaps), so its complement does not exist.
    let e = eval("logical_product((4,6,8):(1,4,7), 6:1)").unwrap_err();
    assert!(
        e.starts_with("logical_product((4,6,8):(1,4,7), 6:1): non-injective layout"),
        "{e}"
    );
}

#[test]
fn known_reference_failure_cutlass_3177() {
    let e = eval("composition((4,6,8):(2,3,5), 6:3)").unwrap_err();
    assert_eq!(
        e,
        "composition((4,6,8):(2,3,5), 6:3): stride 3 of the tiler does not divide the shape 4 of mode 0 and shape 6 of the tiler overruns that mode (inadmissible)"
    );
}

#[test]
fn known_reference_failure_cutlass_3513() {
    // Never a layout of the wrong size: here the divide is inadmissible.
    match eval("zipped_divide((12,(4,8)):(7,(1,30)), 128)") {
        Err(e) => assert!(e.contains("inadmissible"), "{e}"),
        Ok(v) => {
            let l = parse_layout(&v).unwrap();
            assert_eq!(cute::size(&l).unwrap(), IntTuple::int(384), "{v}");
        }
    }
}

#[test]
fn known_reference_failure_complement_negative_stride() {
    let e = eval("complement((4,4):(-1,1), 1)").unwrap_err();
    assert!(e.contains("stride -1 is negative"), "{e}");
}
