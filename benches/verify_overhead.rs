//! What verification and type inference cost over parsing alone (issue
//! 33's IR-layer figure; goal ≤ 1.10x): a module of about 20k layout-algebra
//! ops built from the layout oracle's `both_agree` cases (one function per
//! case: its static operands, the op, the return; `tests/support/corpus.rs`),
//! printed, then parsed without verification and parsed and verified,
//! alternating, in one run. Prints the fastest round of each and the ratio.
//!
//! `cargo bench --bench verify_overhead` (release).

#[path = "../tests/support/corpus.rs"]
mod corpus;

use cute_mlir::Compiler;
use melior::ir::{operation::OperationLike, Location, Module};
use std::time::{Duration, Instant};

fn main() {
    let compiler = Compiler::new();
    let module = Module::new(Location::unknown(compiler.context()));
    let cases = corpus::cases();
    for (i, (id, op, args, _)) in cases.iter().enumerate() {
        corpus::append_case(&module, &format!("case{i}"), op, args).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
    assert!(module.as_operation().verify());
    let text = module.as_operation().to_string();
    let mut ops = 0;
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |_| {
        ops += 1;
        melior::ir::operation::WalkResult::Advance
    });
    let (mut parse, mut verify) = (Duration::MAX, Duration::MAX);
    for _ in 0..9 {
        let start = Instant::now();
        let parsed = compiler.parse_unverified(&text, "corpus.mlir").expect("parses");
        parse = parse.min(start.elapsed());
        drop(parsed);
        let start = Instant::now();
        let verified = compiler.parse_named(&text, "corpus.mlir").expect("verifies");
        verify = verify.min(start.elapsed());
        drop(verified);
    }
    println!(
        "{} oracle cases, {ops} ops: parse only {:.1} ms, parse + verify + inference {:.1} ms: {:.3}x",
        cases.len(),
        parse.as_secs_f64() * 1e3,
        verify.as_secs_f64() * 1e3,
        verify.as_secs_f64() / parse.as_secs_f64()
    );
}
