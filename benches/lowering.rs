//! `cute-lower-to-llvm` on generated modules of 1k, 10k and 100k layout ops
//! (a static and run-time mix, as kernels have): time per op of the pass
//! pipeline alone (the module is parsed before the clock starts, and nothing
//! is printed), the scaling exponent between sizes, and the peak resident
//! memory. The reference measured in the same run is parsing and verifying
//! the same module (the machine is shared and noisy: read the ratios).
//!
//! `cargo bench --bench lowering` (release), or `--profile opt-ci`.

use cute_mlir::Compiler;
use std::time::{Duration, Instant};

/// `groups` copies of a kernel-like group of 10 layout ops over run-time
/// extents and strides (tuple construction, layouts, tiling, partitioning,
/// coordinates, tuple arithmetic) plus static algebra that folds.
fn module(groups: usize) -> String {
    let mut text = String::from("func.func @big(%m: i32, %n: i32, %ld: i32, %i: i32, %j: i32) -> i32 {\n  %acc0 = arith.constant 0 : i32\n");
    for g in 0..groups {
        text.push_str(&format!(
            r#"  %s{g} = cute.make_int_tuple(%m, %n) : (i32, i32) -> !cute.shape<"(?,?)">
  %d{g} = cute.make_int_tuple(%ld) : (i32) -> !cute.stride<"(1,?)">
  %l{g} = cute.make_layout_raw %s{g}, %d{g} : (!cute.shape<"(?,?)">, !cute.stride<"(1,?)">) -> !cute.layout<"(?,?):(1,?)">
  %t{g} = cute.static : !cute.tile<"[128:1;64:1]">
  %z{g} = cute.zipped_divide(%l{g}, %t{g}) : (!cute.layout<"(?,?):(1,?)">, !cute.tile<"[128:1;64:1]">) -> !cute.layout<"((128,64),(?,?)):((1,?),(128,?))">
  %c{g} = cute.make_int_tuple(%i, %j) : (i32, i32) -> !cute.coord<"(?,?)">
  %x{g} = cute.crd2idx(%c{g}, %z{g}) : (!cute.coord<"(?,?)">, !cute.layout<"((128,64),(?,?)):((1,?),(128,?))">) -> !cute.int_tuple<"?">
  %q{g} = cute.static : !cute.int_tuple<"8">
  %y{g} = cute.tuple_mul(%x{g}, %q{g}) : (!cute.int_tuple<"?">, !cute.int_tuple<"8">) -> !cute.int_tuple<"?">
  %v{g} = cute.get_leaves %y{g} : !cute.int_tuple<"?"> -> i32
  %acc{next} = arith.addi %acc{g}, %v{g} : i32
"#,
            next = g + 1
        ));
    }
    text.push_str(&format!("  return %acc{groups} : i32\n}}\n"));
    text
}

const OPS_PER_GROUP: usize = 10;

fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).map(str::to_string))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}

fn best_of(rounds: usize, mut f: impl FnMut() -> Duration) -> Duration {
    (0..rounds).map(|_| f()).min().expect("at least one round")
}

fn main() {
    let compiler = Compiler::new();
    let mut results = Vec::new();
    for groups in [100usize, 1_000, 10_000] {
        let ops = groups * OPS_PER_GROUP;
        let text = module(groups);
        let rounds = if groups >= 10_000 { 1 } else { 3 };
        // Printing is left out of both (the lowered module is ~10x larger).
        let verify = best_of(rounds, || {
            let start = Instant::now();
            let module = compiler.parse(&text).expect("the module verifies");
            let elapsed = start.elapsed();
            drop(module);
            elapsed
        });
        let lower = best_of(rounds, || {
            let mut module = compiler.parse(&text).expect("the module verifies");
            let start = Instant::now();
            compiler.run_pipeline(&mut module, "builtin.module(cute-lower-to-llvm)").expect("the module lowers");
            start.elapsed()
        });
        let peak = peak_rss_kib();
        println!(
            "{ops:>7} ops: lower {lower:>10.3?} ({:.2} us/op), parse+verify {verify:>10.3?}, ratio {:.2}x, peak RSS {} MiB",
            lower.as_secs_f64() * 1e6 / ops as f64,
            lower.as_secs_f64() / verify.as_secs_f64(),
            peak / 1024
        );
        results.push((ops, lower));
    }
    let (small, large) = (results[0], results[results.len() - 1]);
    let exponent = (large.1.as_secs_f64() / small.1.as_secs_f64()).ln() / ((large.0 as f64) / (small.0 as f64)).ln();
    println!("scaling exponent {} -> {} ops: {exponent:.2}", small.0, large.0);
}
