//! What the parsed-spec cache (src/dialect/spec.rs) saves when a large module
//! is parsed and verified: the same module, verified with the cache off and
//! on, alternating, in one run; prints the fastest round of each and their
//! ratio (the machine is shared and noisy: compare within a run only).
//!
//! `cargo bench --bench verify_cache` (optimized), or with
//! `--profile opt-ci`.

use cute_mlir::{dialect::spec::set_spec_cache, Compiler};
use std::time::{Duration, Instant};

/// A kernel-sized module many times over: layout algebra whose operands and
/// results repeat the same few specs, as real modules do.
fn module(copies: usize) -> String {
    let a = r#"!cute.layout<"((2,4),(4,8)):((1,16),(2,64))">"#;
    let b = r#"!cute.layout<"(4,2):(1,4)">"#;
    let mut text = format!("func.func @big(%a: {a}, %b: {b}) {{\n");
    for i in 0..copies {
        text.push_str(&format!(
            "  %c{i} = cute.coalesce(%a) : ({a}) -> !cute.layout<\"(2,4,4,8):(1,16,2,64)\">\n  %s{i} = cute.size(%a) : ({a}) -> !cute.int_tuple<\"256\">\n  %z{i} = cute.cosize(%b) : ({b}) -> !cute.int_tuple<\"8\">\n"
        ));
    }
    text.push_str("  return\n}\n");
    text
}

fn time(compiler: &Compiler, text: &str, cached: bool) -> Duration {
    set_spec_cache(cached);
    let start = Instant::now();
    compiler.opt(text, "builtin.module()").expect("the module verifies");
    start.elapsed()
}

fn main() {
    let text = module(5000);
    let compiler = Compiler::new();
    let (mut off, mut on) = (Duration::MAX, Duration::MAX);
    for _ in 0..7 {
        off = off.min(time(&compiler, &text, false));
        on = on.min(time(&compiler, &text, true));
    }
    println!("verify 15000 ops: cache off {off:?}, cache on {on:?}: {:.2}x", off.as_secs_f64() / on.as_secs_f64());
}
