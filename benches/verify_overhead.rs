//! What verification and type inference cost over parsing alone (issue
//! 33's IR-layer figure; goal ≤ 1.10x): modules built from the layout
//! oracle's `both_agree` cases (each case: its static operands and the op;
//! `tests/support/corpus.rs`), printed, then parsed without verification
//! and parsed and verified, alternating, in one run. Two shapes of the same
//! cases: one function per case (29k ops, half of them `func.func` and
//! `return` scaffolding, whose symbol table MLIR verifies), and 64 cases per
//! function (about 17k ops, the shape of a kernel: many layout ops to a
//! function). Prints the fastest round of each and the ratios, for parses
//! in one context (types uniqued and inference memoized by the first round,
//! as in a warm process or a re-verification) and in a new context each
//! (a first compile; the process-wide parsed-spec cache stays warm).
//!
//! `cargo bench --bench verify_overhead` (release).

// Shared with tests/dialect_corpus.rs, which uses all of it.
#[allow(dead_code)]
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

/// Fastest of 21 alternating rounds of parse-only and parse + verify of
/// `text`; `fresh` makes each parse in a new context (nothing uniqued, the
/// inference memo empty: a first compile), else all in `compiler`'s.
fn time(compiler: &Compiler, text: &str, fresh: bool) -> (Duration, Duration) {
    // One parse, verified or not, timed.
    let once = |verify: bool| {
        let own = fresh.then(Compiler::new);
        let c = own.as_ref().unwrap_or(compiler);
        let start = Instant::now();
        let module = if verify { c.parse_named(text, "corpus.mlir") } else { c.parse_unverified(text, "corpus.mlir") };
        let took = start.elapsed();
        module.expect("parses and verifies");
        took
    };
    let (mut parse, mut verify) = (Duration::MAX, Duration::MAX);
    for _ in 0..21 {
        parse = parse.min(once(false));
        verify = verify.min(once(true));
    }
    (parse, verify)
}

/// Re-verification of the parsed module `text`, MLIR's threads off, with the
/// inference memo and without it (`CUTE_INFER_MEMO=0` when the context is
/// made), alternating; the fastest of `rounds` each.
fn memo_saving(text: &str, rounds: usize) -> (Duration, Duration) {
    let with = Compiler::new_single_threaded();
    // One thread runs here: the environment is the bench's own.
    std::env::set_var("CUTE_INFER_MEMO", "0");
    let without = Compiler::new_single_threaded();
    std::env::remove_var("CUTE_INFER_MEMO");
    let (a, b) = (with.parse_named(text, "corpus.mlir").expect("verifies"), without.parse_named(text, "corpus.mlir").expect("verifies"));
    let (mut memo, mut none) = (Duration::MAX, Duration::MAX);
    for _ in 0..rounds {
        for (module, best) in [(&a, &mut memo), (&b, &mut none)] {
            let start = Instant::now();
            assert!(module.as_operation().verify());
            *best = (*best).min(start.elapsed());
        }
    }
    assert_eq!(cute_mlir::dialect::infer_memo_stats(without.context()).hits, 0);
    (memo, none)
}

fn main() {
    let compiler = Compiler::new();
    let cases = corpus::cases();
    for per_function in [1, 64] {
        let (text, ops) = module_text(&compiler, &cases, per_function);
        for (fresh, what) in [(false, "one context"), (true, "a new context per parse")] {
            let (parse, verify) = time(&compiler, &text, fresh);
            println!(
                "{} oracle cases, {per_function} to a function, {ops} ops, {what}: parse only {:.1} ms, parse + verify + inference {:.1} ms: {:.3}x",
                cases.len(),
                parse.as_secs_f64() * 1e3,
                verify.as_secs_f64() * 1e3,
                verify.as_secs_f64() / parse.as_secs_f64()
            );
        }
        let (memo, none) = memo_saving(&text, 100);
        println!(
            "  re-verification, MLIR's threads off: {:.2} ms with the inference memo, {:.2} ms without: {:.3}x",
            memo.as_secs_f64() * 1e3,
            none.as_secs_f64() * 1e3,
            memo.as_secs_f64() / none.as_secs_f64()
        );
    }
}
