//! What verification and type inference cost over parsing alone (issue
//! 33's IR-layer figure; goal ≤ 1.10x): modules built from the layout
//! oracle's `both_agree` cases (each case: its static operands and the op;
//! `tests/support/corpus.rs`), printed, then parsed without verification
//! and parsed and verified, alternating, in one run. Two shapes of the same
//! cases: one function per case (29k ops, half of them `func.func` and
//! `return` scaffolding, whose symbol table MLIR verifies), and 64 cases per
//! function (about 17k ops, the shape of a kernel: many layout ops to a
//! function). Prints the fastest round of each and the ratios.
//!
//! `cargo bench --bench verify_overhead` (release).

#[path = "../tests/support/corpus.rs"]
mod corpus;

use cute_mlir::{dialect::SpecKind, Compiler};
use melior::ir::{operation::OperationLike, Location, Module};
use std::time::{Duration, Instant};

type Case = (String, &'static str, Vec<(SpecKind, String)>, String);

/// The module's text and its op count, `per_function` cases to a function.
fn module_text(compiler: &Compiler, cases: &[Case], per_function: usize) -> (String, usize) {
    let module = Module::new(Location::unknown(compiler.context()));
    for (i, chunk) in cases.chunks(per_function).enumerate() {
        let items: Vec<(&str, &[(SpecKind, String)])> = chunk.iter().map(|(_, op, args, _)| (*op, args.as_slice())).collect();
        corpus::append_cases(&module, &format!("cases{i}"), &items).unwrap_or_else(|e| panic!("{}: {e}", chunk[0].0));
    }
    assert!(module.as_operation().verify());
    let mut ops = 0;
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |_| {
        ops += 1;
        melior::ir::operation::WalkResult::Advance
    });
    (module.as_operation().to_string(), ops)
}

fn main() {
    let compiler = Compiler::new();
    let cases = corpus::cases();
    for per_function in [1, 64] {
        let (text, ops) = module_text(&compiler, &cases, per_function);
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
            "{} oracle cases, {per_function} to a function, {ops} ops: parse only {:.1} ms, parse + verify + inference {:.1} ms: {:.3}x",
            cases.len(),
            parse.as_secs_f64() * 1e3,
            verify.as_secs_f64() * 1e3,
            verify.as_secs_f64() / parse.as_secs_f64()
        );
    }
}
