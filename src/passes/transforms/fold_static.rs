//! `cute-fold-static` (the pass name NVIDIA's CuTe IR tests run): every cute
//! value op whose results are all fully static cute values (their types say
//! everything: layouts, tuples, swizzles, composed layouts without `?`)
//! becomes `cute.static` of that type, and ops left without uses are
//! erased; `cute.equal` / `cute.tuple_eq` / `cute.elem_less` of static
//! operands become constants. The types come from the Rust algebra (the
//! ops' inference), so this folds exactly what the algebra decides
//! statically; run-time values are untouched.

use crate::passes::rewrite::{collect_ops, PassError};
use crate::dialect::{spec, type_spec};
use melior::ir::{
    attribute::IntegerAttribute,
    block::BlockLike,
    operation::{OperationBuilder, OperationLike},
    r#type::IntegerType,
    OperationRef, ValueLike,
};

pub const EXAMPLE_BEFORE: &str = r#"
func.func @f(%l: !cute.layout<"(4,8):(1,4)">, %t: !cute.layout<"2:1">) -> !cute.layout<"((2,2),8):((1,2),4)"> {
  %d = cute.logical_divide(%l, %t) : (!cute.layout<"(4,8):(1,4)">, !cute.layout<"2:1">) -> !cute.layout<"((2,2),8):((1,2),4)">
  return %d : !cute.layout<"((2,2),8):((1,2),4)">
}"#;
pub const EXAMPLE_AFTER: &str = r#"
module {
  func.func @f(%arg0: !cute.layout<"(4,8):(1,4)">, %arg1: !cute.layout<"2:1">) -> !cute.layout<"((2,2),8):((1,2),4)"> {
    %0 = cute.static : !cute.layout<"((2,2),8):((1,2),4)">
    return %0 : !cute.layout<"((2,2),8):((1,2),4)">
  }
}"#;

/// True if `ty` is a cute value type without run-time leaves.
fn static_value(ty: melior::ir::Type) -> bool {
    type_spec(ty).is_some_and(|(kind, text)| spec::is_static(kind, text).unwrap_or(false))
}

/// The static truth of a comparison of static operands, if it is one.
fn static_predicate(op: OperationRef) -> Option<bool> {
    let name = op.name().as_string_ref().as_str().ok()?.to_string();
    if !matches!(name.as_str(), "cute.equal" | "cute.tuple_eq" | "cute.elem_less") || op.operand_count() != 2 {
        return None;
    }
    let (a, b) = (op.operand(0).ok()?.r#type(), op.operand(1).ok()?.r#type());
    if !static_value(a) || !static_value(b) {
        return None;
    }
    let ((ka, ta), (kb, tb)) = (type_spec(a)?, type_spec(b)?);
    if name == "cute.elem_less" {
        let (x, y) = (spec::parse_checked_tuple(ka, ta).ok()?, spec::parse_checked_tuple(kb, tb).ok()?);
        let leaves = |t: &crate::layout::IntTuple| t.leaves().iter().map(|l| match l { crate::layout::Leaf::Int(v) => Some(*v), _ => None }).collect::<Option<Vec<i64>>>();
        let (x, y) = (leaves(&x)?, leaves(&y)?);
        return Some(x.len() == y.len() && x.iter().zip(&y).all(|(p, q)| p < q));
    }
    // Canonical specs: equal values, equal text.
    Some(ka == kb && spec::canonicalize(ka, ta).ok()? == spec::canonicalize(kb, tb).ok()?)
}

pub fn run(root: OperationRef) -> Result<(), PassError> {
    let ops = collect_ops(root, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        name.starts_with("cute.") && name != "cute.static" && op.region_count() == 0
    });
    let borrowed = crate::handle::BorrowedContext::of(&root);
    let context = borrowed.get();
    for raw in ops {
        // SAFETY: collected from the live IR; each op is erased at most once, here.
        let op = unsafe { OperationRef::from_raw(raw) };
        let Some(block) = op.block() else { continue };
        let location = op.location();
        let replacements: Option<Vec<melior::ir::Operation>> = if let Some(truth) = static_predicate(op) {
            let i1 = IntegerType::new(context, 1).into();
            Some(vec![melior::dialect::arith::constant(context, IntegerAttribute::new(i1, i64::from(truth)).into(), location)])
        } else if op.result_count() > 0 && op.results().all(|r| static_value(r.r#type())) {
            op.results()
                .map(|r| OperationBuilder::new("cute.static", location).add_results(&[r.r#type()]).build().ok())
                .collect()
        } else {
            None
        };
        let Some(replacements) = replacements else { continue };
        for (i, new) in replacements.into_iter().enumerate() {
            let new = block.insert_operation_before(op, new);
            let (old, value) = (op.result(i).map_err(|e| PassError::Failed(e.to_string()))?, new.result(0).map_err(|e| PassError::Failed(e.to_string()))?);
            // SAFETY: both values are live; the old op is erased below.
            unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), value.to_raw()) };
        }
        // SAFETY: every result's uses moved to the replacements; the op has
        // no regions and is not referenced again.
        unsafe { mlir_sys::mlirOperationDestroy(raw) };
    }
    Ok(())
}
