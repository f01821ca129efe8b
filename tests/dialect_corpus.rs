//! Issue-4 corpus test: for every `both_agree` oracle case whose result is an
//! IR value (layouts and integers), the cute op built in IR from the case's
//! static inputs — result type inferred through the plugin's
//! InferTypeOpInterface, i.e. by the Rust algebra — folds under
//! `canonicalize` to a `cute.static` holding exactly the expected value.

#[path = "support/corpus.rs"]
mod corpus;

use cute_mlir::{dialect::type_spec, Compiler};
use melior::ir::{operation::OperationLike, BlockLike, Location, Module, RegionLike, Value, ValueLike};

#[test]
fn both_agree_cases_fold_to_the_expected_value() {
    let compiler = Compiler::new();
    let context = compiler.context();
    let mut module = Module::new(Location::unknown(context));
    let mut expected = Vec::new();
    for (id, ir_op, args, value) in corpus::cases() {
        let name = format!("case{}", expected.len());
        if let Err(e) = corpus::append_case(&module, &name, ir_op, &args) {
            panic!("{id}: {e}");
        }
        expected.push((id, value));
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
