//! The inference memo (dialects-td/lib/CuteDialect.cpp, `inferWithRust`):
//! a context runs the Rust inference once per op shape (name, operand types,
//! attributes) and reuses the result types after that, and never answers
//! for a shape it has not seen.

use cute_mlir::{dialect::infer_memo_stats, Compiler};
use melior::ir::operation::OperationLike;

fn module(body: &str) -> String {
    format!("func.func @f(%a: !cute.layout<\"(2,4):(1,2)\">, %b: !cute.layout<\"(4,2):(2,1)\">) {{\n{body}  return\n}}\n")
}

#[test]
fn a_context_infers_each_op_shape_once() {
    let compiler = Compiler::new();
    let text = module(concat!(
        "  %0 = cute.coalesce(%a) : (!cute.layout<\"(2,4):(1,2)\">) -> !cute.layout<\"8:1\">\n",
        "  %1 = cute.coalesce(%a) : (!cute.layout<\"(2,4):(1,2)\">) -> !cute.layout<\"8:1\">\n",
        "  %2 = cute.coalesce(%b) : (!cute.layout<\"(4,2):(2,1)\">) -> !cute.layout<\"(4,2):(2,1)\">\n",
    ));
    let parsed = compiler.parse_named(&text, "m.mlir").unwrap_or_else(|e| panic!("{e}"));
    let first = infer_memo_stats(compiler.context());
    // Two shapes; the second coalesce of %a is the first's.
    assert_eq!(first.misses, 2, "{first:?}");
    assert!(first.hits >= 1, "{first:?}");
    // Verifying again (as after every pass) infers nothing.
    assert!(parsed.as_operation().verify());
    let again = infer_memo_stats(compiler.context());
    assert_eq!(again.misses, 2, "{again:?}");
    assert!(again.hits >= first.hits + 3, "{again:?}");
    // A new context starts with an empty memo: what it holds died with the
    // context whose types it named.
    drop(parsed);
    drop(compiler);
    let fresh = Compiler::new();
    fresh.parse_named(&text, "m.mlir").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(infer_memo_stats(fresh.context()).misses, 2);
}

#[test]
fn the_memo_answers_only_for_the_same_operands_and_attributes() {
    let compiler = Compiler::new();
    // `get<[0]>` of %a is 2:1; once that is memoized, `get<[1]>` of the same
    // operand (4:2) and `get<[0]>` of %b (4:2) are other shapes.
    let good = module(concat!(
        "  %0 = cute.get<[0]> (%a) : !cute.layout<\"(2,4):(1,2)\"> -> !cute.layout<\"2:1\">\n",
        "  %1 = cute.get<[1]> (%a) : !cute.layout<\"(2,4):(1,2)\"> -> !cute.layout<\"4:2\">\n",
        "  %2 = cute.get<[0]> (%b) : !cute.layout<\"(4,2):(2,1)\"> -> !cute.layout<\"4:2\">\n",
    ));
    compiler.parse_named(&good, "good.mlir").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(infer_memo_stats(compiler.context()).misses, 3);
    for (body, inferred) in [
        // The memoized shape's result type declared for another attribute.
        ("  %0 = cute.get<[1]> (%a) : !cute.layout<\"(2,4):(1,2)\"> -> !cute.layout<\"2:1\">\n", "4:2"),
        // ... and for another operand type.
        ("  %0 = cute.get<[0]> (%b) : !cute.layout<\"(4,2):(2,1)\"> -> !cute.layout<\"2:1\">\n", "4:2"),
        // A memoized shape with a wrong declared type is still refused.
        ("  %0 = cute.get<[0]> (%a) : !cute.layout<\"(2,4):(1,2)\"> -> !cute.layout<\"4:2\">\n", "2:1"),
    ] {
        let err = compiler.parse_named(&module(body), "bad.mlir").map(|_| ()).unwrap_err().to_string();
        let expected = format!("inferred type(s) '!cute.layout<\"{inferred}\">' are incompatible");
        assert!(err.contains(&expected), "{body}: {err}");
    }
}

#[test]
fn failures_are_not_memoized_and_report_every_time() {
    let compiler = Compiler::new();
    // An inadmissible composition is the algebra's error, at the op, as
    // often as it is verified.
    let bad = concat!(
        "func.func @f(%a: !cute.layout<\"(4,?):(1,5)\">, %b: !cute.layout<\"8:3\">) {\n",
        "  %0 = cute.composition(%a, %b) : (!cute.layout<\"(4,?):(1,5)\">, !cute.layout<\"8:3\">) -> !cute.layout<\"8:?\">\n",
        "  return\n}\n"
    );
    let first = compiler.parse_named(bad, "bad.mlir").map(|_| ()).unwrap_err().to_string();
    let second = compiler.parse_named(bad, "bad.mlir").map(|_| ()).unwrap_err().to_string();
    assert!(first.contains("loc(\"bad.mlir\":2:") && first.contains("shape_div"), "{first}");
    assert_eq!(first, second);
    let stats = infer_memo_stats(compiler.context());
    assert_eq!((stats.hits, stats.misses), (0, 0), "{stats:?}");
}
