//! Cute IR built from the layout oracle's cases (`../shared/oracle`), shared
//! by `tests/dialect_corpus.rs` and `benches/verify_overhead.rs`: one
//! `func.func` per case, its static operands and the case's op, the result
//! type inferred by the Rust algebra.

use cute_mlir::{
    dialect::{make_type, SpecKind},
    handle::BorrowedContext,
};
use melior::{
    dialect::func,
    ir::{
        attribute::{StringAttribute, TypeAttribute},
        operation::OperationBuilder,
        r#type::FunctionType,
        Block, BlockLike, Location, Module, Region, RegionLike, Value, ValueLike,
    },
};
use serde_json::Value as Json;
use std::path::PathBuf;

pub fn oracle() -> Json {
    let path = std::env::var_os("CUTE_ORACLE").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/layout-oracle.json")
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("oracle is JSON")
}

/// The IR type kind of argument `index` of `op`, from the oracle's arg kind.
pub fn arg_kind(op: &str, index: usize, arg: &Json) -> Option<SpecKind> {
    Some(match (arg["kind"].as_str()?, op) {
        ("layout", _) => SpecKind::Layout,
        ("tiler", _) => SpecKind::Tile,
        ("int", "crd2idx") => SpecKind::Coord,
        ("int", "complement" | "idx2crd") => SpecKind::IntTuple,
        ("int", _) => SpecKind::Tile,
        ("shape", "crd2idx") => SpecKind::Coord,
        ("shape", "idx2crd") => SpecKind::Shape,
        ("shape", _) if index > 0 => SpecKind::IntTuple,
        _ => return None,
    })
}

pub fn arg_spec(arg: &Json) -> String {
    match &arg["cute"] {
        Json::String(s) => s.clone(),
        _ => arg["value"].to_string(),
    }
}

/// IR op name of an oracle op (coalesce with a profile is `cute.coalesce`).
pub fn ir_op(op: &str) -> Option<&'static str> {
    Some(match op {
        "composition" => "cute.composition",
        "complement" => "cute.complement",
        "coalesce" | "coalesce_profile" => "cute.coalesce",
        "filter" => "cute.filter",
        "filter_zeros" => "cute.filter_zeros",
        "left_inverse" => "cute.left_inverse",
        "right_inverse" => "cute.right_inverse",
        "logical_divide" => "cute.logical_divide",
        "zipped_divide" => "cute.zipped_divide",
        "tiled_divide" => "cute.tiled_divide",
        "logical_product" => "cute.logical_product",
        "zipped_product" => "cute.zipped_product",
        "tiled_product" => "cute.tiled_product",
        "size" => "cute.size",
        "cosize" => "cute.cosize",
        "crd2idx" => "cute.crd2idx",
        "idx2crd" => "cute.idx2crd",
        _ => return None,
    })
}

/// Appends `func.func @name() -> T { %args = cute.static; %r = op(%args); return %r }`.
pub fn append_case(module: &Module, name: &str, op: &str, args: &[(SpecKind, String)]) -> Result<(), String> {
    append_cases(module, name, &[(op, args)])
}

/// One function `name` holding several cases, returning every result: the
/// shape of a kernel, many layout ops to a function (`benches/verify_overhead.rs`).
pub fn append_cases(module: &Module, name: &str, cases: &[(&str, &[(SpecKind, String)])]) -> Result<(), String> {
    // A `&Context` borrowed from a live owner (issue 9: `to_ref()` on the
    // temporary `module.context()` dangles in optimized builds).
    let context = BorrowedContext::of(&module.as_operation());
    let context = context.get();
    let location = Location::unknown(context);
    let block = Block::new(&[]);
    let mut results: Vec<Value> = Vec::new();
    for (op, args) in cases {
        let mut operands: Vec<Value> = Vec::new();
        for (kind, spec) in args.iter() {
            let ty = make_type(context, *kind, spec)?;
            let constant = block.append_operation(
                OperationBuilder::new("cute.static", location).add_results(&[ty]).build().map_err(|e| e.to_string())?,
            );
            operands.push(constant.result(0).map_err(|e| e.to_string())?.into());
        }
        let built = OperationBuilder::new(op, location)
            .add_operands(&operands)
            .enable_result_type_inference()
            .build()
            .map_err(|e| format!("{op} does not build: {e}"))?;
        results.push(block.append_operation(built).result(0).map_err(|e| e.to_string())?.into());
    }
    let result_types: Vec<_> = results.iter().map(|r| r.r#type()).collect();
    block.append_operation(func::r#return(&results, location));
    let region = Region::new();
    region.append_block(block);
    module.body().append_operation(func::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(FunctionType::new(context, &[], &result_types).into()),
        region,
        &[],
        location,
    ));
    Ok(())
}

/// The oracle's `both_agree` cases with an IR op, each as (id, IR op,
/// operand kinds and specs, expected value).
pub fn cases() -> Vec<(String, &'static str, Vec<(SpecKind, String)>, String)> {
    let oracle = oracle();
    let mut out = Vec::new();
    for case in oracle["cases"].as_array().expect("cases") {
        let op = case["op"].as_str().expect("op");
        if case["expected"]["confidence"] != "both_agree" {
            continue;
        }
        let (Some(ir_op), Some(value)) = (ir_op(op), case["expected"]["value"].as_str()) else {
            continue;
        };
        let args: Option<Vec<(SpecKind, String)>> = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .enumerate()
            .map(|(i, arg)| arg_kind(op, i, arg).map(|kind| (kind, arg_spec(arg))))
            .collect();
        let args = args.unwrap_or_else(|| panic!("unmapped argument kinds in {case}"));
        out.push((case["id"].as_str().expect("id").to_string(), ir_op, args, value.to_string()));
    }
    out
}
