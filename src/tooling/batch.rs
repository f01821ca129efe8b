//! Batch evaluation and benchmarking of oracle-format case files.
//!
//! Input: `{"meta": ..., "cases": [{"id", "op", "args": [ARG...]}, ...]}` (a
//! bare array of cases is accepted too), where an ARG is an object with
//! `"cute"` (notation text), or `"value"` (an integer), or `"kind":
//! "underscore"`. Output: one JSON object per case and line,
//! `{"id": ID, "value": "<notation>"}` (tables as a JSON array of integers) or
//! `{"id": ID, "error": MESSAGE}`. A bad case never stops the batch.

use std::fmt;
use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use serde_json::{json, Value as Json};

use super::eval::{apply, parse_value, EvalError, Op, Value};

/// A malformed batch file (as opposed to a malformed case).
#[derive(Debug)]
pub enum BatchError {
    Json(serde_json::Error),
    Format(&'static str),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Json(e) => write!(f, "invalid JSON: {e}"),
            BatchError::Format(m) => write!(f, "invalid batch file: {m}"),
        }
    }
}

impl std::error::Error for BatchError {}

fn cases(root: &Json) -> Result<&Vec<Json>, BatchError> {
    match root {
        Json::Array(v) => Ok(v),
        Json::Object(m) => match m.get("cases") {
            Some(Json::Array(v)) => Ok(v),
            _ => Err(BatchError::Format("expected a \"cases\" array")),
        },
        _ => Err(BatchError::Format("expected an object or an array")),
    }
}

/// The notation text of one oracle argument.
fn arg_text(arg: &Json) -> Result<String, String> {
    if let Some(s) = arg.get("cute").and_then(Json::as_str) {
        return Ok(s.to_string());
    }
    if arg.get("kind").and_then(Json::as_str) == Some("underscore") {
        return Ok("_".to_string());
    }
    match arg.get("value") {
        Some(Json::Number(n)) => Ok(n.to_string()),
        Some(Json::String(s)) => Ok(s.clone()),
        _ => match arg {
            Json::String(s) => Ok(s.clone()),
            Json::Number(n) => Ok(n.to_string()),
            _ => Err(format!("unsupported argument {arg}")),
        },
    }
}

/// Parses one case into its operation and argument values.
pub fn parse_case(case: &Json) -> Result<(Op, Vec<Value>), String> {
    let name = case
        .get("op")
        .and_then(Json::as_str)
        .ok_or("case has no \"op\" string")?;
    let op =
        Op::from_name(name).ok_or_else(|| EvalError::UnknownOp(name.to_string()).to_string())?;
    let args = case
        .get("args")
        .and_then(Json::as_array)
        .ok_or("case has no \"args\" array")?;
    let values = args
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let text = arg_text(a)?;
            parse_value(&text).map_err(|e| format!("argument {} `{text}`: parse error {e}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    Ok((op, values))
}

/// The JSON form of a result: tables as integer arrays, everything else as
/// its notation string.
pub fn value_json(v: &Value) -> Json {
    match v {
        Value::Table(t) => json!(t),
        other => Json::String(other.to_string()),
    }
}

/// Evaluates every case and writes one JSON line per case. Returns the
/// numbers of successful and failed cases.
pub fn run_batch(json_text: &str, out: &mut impl Write) -> io::Result<(usize, usize)> {
    let root: Json = serde_json::from_str(json_text)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let cases =
        cases(&root).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
    let (mut ok, mut err) = (0, 0);
    for case in cases {
        let id = case.get("id").cloned().unwrap_or(Json::Null);
        let result =
            parse_case(case).and_then(|(op, args)| apply(op, &args).map_err(|e| e.to_string()));
        let line = match result {
            Ok(v) => {
                ok += 1;
                json!({"id": id, "value": value_json(&v)})
            }
            Err(e) => {
                err += 1;
                json!({"id": id, "error": e})
            }
        };
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")?;
    }
    Ok((ok, err))
}

/// Result of [`bench`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchReport {
    /// Cases timed (those that parse and evaluate successfully).
    pub cases: usize,
    /// Mean evaluation time per case, parsing excluded.
    pub ns_per_case: f64,
}

/// Times the evaluation of every successful case of a batch file. Arguments
/// are parsed up front. Rounds over all cases repeat until at least 1 s and
/// 10 rounds have run and the fastest round has not improved by more than
/// 1 % over the last half of the rounds (at most 20 s); the fastest round is
/// reported. On a shared, noisy machine the minimum is the stable estimate:
/// interference only ever adds time (the same rule as Python's `timeit`, and
/// `scripts/bench_pycute.py` times pycute the same way).
pub fn bench(json_text: &str) -> Result<BenchReport, BatchError> {
    let root: Json = serde_json::from_str(json_text).map_err(BatchError::Json)?;
    let parsed: Vec<(Op, Vec<Value>)> = cases(&root)?
        .iter()
        .filter_map(|c| parse_case(c).ok())
        .filter(|(op, args)| apply(*op, args).is_ok())
        .collect();
    if parsed.is_empty() {
        return Err(BatchError::Format("no case evaluates successfully"));
    }
    // Copy the arguments, in case order, into one array and fresh memory,
    // away from the parser's temporaries (as an MLIR context keeps its
    // attributes in an arena): the rounds then time the algebra, not the
    // parse-time heap fragmentation.
    drop(root);
    let mut values: Vec<Value> = Vec::new();
    let calls: Vec<(Op, std::ops::Range<usize>)> = parsed
        .iter()
        .map(|(op, args)| {
            let start = values.len();
            values.extend(args.iter().cloned());
            (*op, start..values.len())
        })
        .collect();
    drop(parsed);
    let round = || {
        let t = Instant::now();
        for (op, args) in &calls {
            let _ = black_box(apply(black_box(*op), black_box(&values[args.clone()])));
        }
        t.elapsed()
    };
    let start = Instant::now();
    // `best[k]`: the fastest of the first k+1 rounds.
    let mut best: Vec<Duration> = Vec::new();
    loop {
        let cur = round();
        best.push(best.last().map_or(cur, |b| cur.min(*b)));
        let n = best.len();
        let (min, half) = (best[n - 1], best[n / 2]);
        let settled = min.as_secs_f64() >= 0.99 * half.as_secs_f64();
        let spent = start.elapsed();
        if (spent >= Duration::from_secs(1) && n >= 10 && settled)
            || spent >= Duration::from_secs(20)
        {
            return Ok(BenchReport {
                cases: calls.len(),
                ns_per_case: min.as_secs_f64() * 1e9 / calls.len() as f64,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_never_stops_early() {
        let input = r#"{"cases": [
            {"id": "a", "op": "coalesce", "args": [{"kind": "layout", "cute": "(2,4):(1,2)"}]},
            {"id": "b", "op": "coalesce", "args": [{"kind": "layout", "cute": "(2,4:(1,2)"}]},
            {"id": "c", "op": "nope", "args": []},
            {"id": "d", "op": "size", "args": [{"kind": "layout", "cute": "(2,4):(1,2)"}]},
            {"id": "e", "op": "table", "args": [{"kind": "layout", "cute": "(2,2):(2,1)"}]},
            {"id": "f"},
            {"id": "g", "op": "complement", "args": [{"kind": "layout", "cute": "4:1"}, {"kind": "int", "value": 16}]}
        ]}"#;
        let mut out = Vec::new();
        let (ok, err) = run_batch(input, &mut out).unwrap();
        assert_eq!((ok, err), (4, 3));
        let lines: Vec<Json> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0], json!({"id": "a", "value": "8:1"}));
        assert!(lines[1]["error"].as_str().unwrap().contains("at column 5"));
        assert_eq!(
            lines[2],
            json!({"id": "c", "error": "unknown operation `nope`"})
        );
        assert_eq!(lines[3], json!({"id": "d", "value": "8"}));
        assert_eq!(lines[4], json!({"id": "e", "value": [0, 2, 1, 3]}));
        assert_eq!(lines[6], json!({"id": "g", "value": "4:4"}));
    }

    #[test]
    fn malformed_file_is_an_io_error() {
        assert!(run_batch("{", &mut Vec::new()).is_err());
        assert!(run_batch("{\"x\": 1}", &mut Vec::new()).is_err());
        assert!(bench("[]").is_err());
    }
}
