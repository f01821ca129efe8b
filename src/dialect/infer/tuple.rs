//! Result types of the ops of `dialects-td/cute/CuteTupleOps.td`.

use super::*;

/// The result types of `op` if it is one of this family's (None if not).
pub(super) fn infer(_op: &str, mnemonic: &str, args: &Args, _operands: &[Operand], attrs: &dyn Attrs) -> Result<Option<Vec<Inferred>>, String> {
    let result: Result<Vec<Inferred>, String> = match mnemonic {
        // Kind conversions: the value under another kind, checked by that
        // kind's leaf rules.
        "to_int_tuple" | "to_shape" | "to_stride" | "to_coord" => {
            let kind = match mnemonic {
                "to_int_tuple" => SpecKind::IntTuple,
                "to_shape" => SpecKind::Shape,
                "to_stride" => SpecKind::Stride,
                _ => SpecKind::Coord,
            };
            let (_, text) = args.get(0)?;
            spec_result(kind, spec::parse_checked_tuple(kind, text).map_err(|e| format!("{mnemonic}({text}): {e}"))?)
        }
        // The column-major successor of a coordinate in its shape (the last
        // mode does not wrap); any run-time leaf makes every leaf run-time.
        "increment_coord" => {
            let (coord, shape) = (args.tuple(0)?, args.tuple(1)?);
            if !coord.congruent(&shape) {
                return Err(format!("increment_coord: the coordinate {coord} and the shape {shape} are not congruent"));
            }
            if coord.leaves().iter().any(|l| matches!(l, layout::Leaf::Underscore)) {
                return Err(format!("increment_coord: the coordinate {coord} has a wildcard"));
            }
            let statics = |t: &IntTuple| t.leaves().iter().map(|l| match l { layout::Leaf::Int(v) => Some(*v), _ => None }).collect::<Option<Vec<i64>>>();
            let next = match (statics(&coord), statics(&shape)) {
                (Some(mut digits), Some(extents)) => {
                    let last = digits.len().saturating_sub(1);
                    for i in 0..digits.len() {
                        digits[i] += 1;
                        if i == last || digits[i] < extents[i] {
                            break;
                        }
                        digits[i] = 0;
                    }
                    let mut it = digits.into_iter();
                    coord.try_map_leaves(&mut |_| Ok::<_, String>(layout::Leaf::Int(it.next().unwrap_or(0)))).map_err(err)?
                }
                _ => coord.try_map_leaves(&mut |_| Ok::<_, String>(layout::Leaf::Dyn(layout::DynInt::UNKNOWN))).map_err(err)?,
            };
            spec_result(SpecKind::Coord, next)
        }
        "append_to_rank" | "prepend_to_rank" => {
            let rank = attr_int(attrs, "rank")?;
            if rank <= 0 {
                return Err(format!("{mnemonic}<{rank}>: the target rank must be positive"));
            }
            let (rank, prepend) = (rank as usize, mnemonic == "prepend_to_rank");
            match (args.get(0)?, args.get(1)?) {
                ((SpecKind::Layout, _), (SpecKind::Layout, _)) => {
                    layout_result(Ok(layout::pad_layout_to_rank(&*args.layout(0)?, &*args.layout(1)?, rank, prepend)))
                }
                ((SpecKind::ComposedLayout, _), (SpecKind::Layout, _)) => {
                    let element = args.layout_owned(1)?;
                    through_outer(&args, |a| Ok(layout::pad_layout_to_rank(a, &element, rank, prepend)))
                }
                ((kind, _), (element, _)) if kind == element && !matches!(kind, SpecKind::Layout | SpecKind::ComposedLayout) => {
                    spec_result(kind, layout::pad_to_rank(&args.tuple(0)?, &args.tuple(1)?, rank, prepend))
                }
                ((kind, _), (element, _)) => Err(format!(
                    "{mnemonic}: a {} pads with a {}, not a {}",
                    format!("!cute.{}", kind.mnemonic()),
                    match kind {
                        SpecKind::Layout | SpecKind::ComposedLayout => "!cute.layout".to_string(),
                        other => format!("!cute.{}", other.mnemonic()),
                    },
                    format!("!cute.{}", element.mnemonic())
                )),
            }
        }
        // Tuple arithmetic: the result keeps the left operand's kind.
        "tuple_add" | "tuple_sub" | "tuple_mul" | "tuple_div" | "tuple_mod" => {
            let op = match mnemonic {
                "tuple_add" => TupleOp::Add,
                "tuple_sub" => TupleOp::Sub,
                "tuple_mul" => TupleOp::Mul,
                "tuple_div" => TupleOp::Div,
                _ => TupleOp::Mod,
            };
            let (kind, _) = args.get(0)?;
            // NVIDIA's rule for sums and differences: one kind of tuple.
            let (rhs_kind, _) = args.get(1)?;
            if matches!(op, TupleOp::Add | TupleOp::Sub) && rhs_kind != kind {
                return Err(format!(
                    "{mnemonic}: the operands must be tuples of one kind, but got !cute.{} and !cute.{}",
                    kind.mnemonic(),
                    rhs_kind.mnemonic()
                ));
            }
            let value = tuple_arith(op, &args.tuple(0)?, &args.tuple(1)?).map_err(err)?;
            spec_result(kind, spec::canonicalize(kind, &value.to_string())?)
        }
        _ => return Ok(None),
    };
    result.map(Some)
}
