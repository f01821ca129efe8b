//! Issue-4 corpus test: for every `both_agree` oracle case whose result is an
//! IR value (layouts and integers), the cute op built in IR from the case's
//! static inputs — result type inferred through the plugin's
//! InferTypeOpInterface, i.e. by the Rust algebra — folds under
//! `canonicalize` to a `cute.static` holding exactly the expected value.

use cute_mlir::{
    dialect::{make_type, type_spec, SpecKind},
    handle::BorrowedContext,
    Compiler,
};
use melior::{
    dialect::func,
    ir::{
        attribute::{StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::FunctionType,
        Block, BlockLike, Location, Module, Region, RegionLike, Value, ValueLike,
    },
};
use serde_json::Value as Json;
use std::path::PathBuf;

fn oracle() -> Json {
    let path = std::env::var_os("CUTE_ORACLE").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/layout-oracle.json")
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("oracle is JSON")
}

/// The IR type kind of argument `index` of `op`, from the oracle's arg kind.
fn arg_kind(op: &str, index: usize, arg: &Json) -> Option<SpecKind> {
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

fn arg_spec(arg: &Json) -> String {
    match &arg["cute"] {
        Json::String(s) => s.clone(),
        _ => arg["value"].to_string(),
    }
}

/// IR op name of an oracle op (coalesce with a profile is `cute.coalesce`).
fn ir_op(op: &str) -> Option<&'static str> {
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
fn append_case(module: &Module, name: &str, op: &str, args: &[(SpecKind, String)]) -> Result<(), String> {
    // A `&Context` borrowed from a live owner (issue 9: `to_ref()` on the
    // temporary `module.context()` dangles in optimized builds).
    let context = BorrowedContext::of(&module.as_operation());
    let context = context.get();
    let location = Location::unknown(context);
    let block = Block::new(&[]);
    let mut operands: Vec<Value> = Vec::new();
    for (kind, spec) in args {
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
    let result = block.append_operation(built).result(0).map_err(|e| e.to_string())?;
    let result_type = result.r#type();
    block.append_operation(func::r#return(&[result.into()], location));
    let region = Region::new();
    region.append_block(block);
    module.body().append_operation(func::func(
        context,
        StringAttribute::new(context, name),
        TypeAttribute::new(FunctionType::new(context, &[], &[result_type]).into()),
        region,
        &[],
        location,
    ));
    Ok(())
}

#[test]
fn both_agree_cases_fold_to_the_expected_value() {
    let oracle = oracle();
    let compiler = Compiler::new();
    let context = compiler.context();
    let mut module = Module::new(Location::unknown(context));
    let mut expected = Vec::new();
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
        let name = format!("case{}", expected.len());
        if let Err(e) = append_case(&module, &name, ir_op, &args) {
            panic!("{}: {e}", case["id"]);
        }
        expected.push((case["id"].as_str().expect("id").to_string(), value.to_string()));
    }
    assert!(expected.len() > 4000, "only {} cases selected", expected.len());

    assert!(module.as_operation().verify(), "the corpus module verifies");
    compiler.run_pipeline(&mut module, "builtin.module(func.func(canonicalize))").expect("canonicalize");

    let mut mismatches = Vec::new();
    let mut index = 0;
    let body = module.body();
    let functions = std::iter::successors(body.first_operation(), |op| op.next_in_block());
    for function in functions {
        let body = function.region(0).expect("body").first_block().expect("block");
        let ret = body.terminator().expect("return");
        let value = ret.operand(0).expect("returned value");
        let producer = value.defining_op_name();
        let (id, want) = &expected[index];
        index += 1;
        let got = type_spec(value.r#type()).map(|(_, s)| s.to_string()).unwrap_or_default();
        if producer.as_deref() != Some("cute.static") || &got != want {
            mismatches.push(format!("{id}: want {want}, got {got} from {producer:?}"));
        }
    }
    assert_eq!(index, expected.len());
    println!("dialect corpus: {} both_agree cases folded, {} mismatches", expected.len(), mismatches.len());
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

trait DefiningOpName {
    fn defining_op_name(&self) -> Option<String>;
}

impl DefiningOpName for Value<'_, '_> {
    fn defining_op_name(&self) -> Option<String> {
        let raw = unsafe { mlir_sys::mlirOpResultGetOwner(self.to_raw()) };
        if raw.ptr.is_null() || !unsafe { mlir_sys::mlirValueIsAOpResult(self.to_raw()) } {
            return None;
        }
        let op = unsafe { melior::ir::OperationRef::from_raw(raw) };
        op.name().as_string_ref().as_str().ok().map(str::to_string)
    }
}
