//! Op verifiers of the `cute` dialect, called from each op's C++ `verify()`
//! through `cute_rs_verify_op`. Every check delegates the layout math to
//! [`crate::layout`] via [`super::spec`].

use crate::handle::CheckedAccess;
use super::{atoms, composite_parts, spec, type_spec, Composite, CompositeParts, SpecKind};
use crate::layout::Leaf;
use melior::ir::{
    attribute::DenseI32ArrayAttribute, operation::OperationLike, OperationRef, Type, ValueLike,
};

/// How an op is verified: by a Rust verifier, or by its ODS constraints
/// and result-type inference alone (`infer/`, which runs the algebra).
#[derive(Clone, Copy)]
pub enum Verifier {
    Rust(fn(OperationRef) -> Result<(), String>),
    OdsOnly,
}

/// The ops whose ODS constraints and result-type inference are the whole
/// contract (no extra check in Rust).
const ODS_ONLY: &[&str] = &[
    "cute.add_offset", "cute.blocked_product", "cute.ceil_div", "cute.coalesce", "cute.complement",
    "cute.compose", "cute.composition", "cute.cosize", "cute.crd2idx", "cute.deref_desc_iter", "cute.dice",
    "cute.filter", "cute.filter_zeros", "cute.flat_divide", "cute.flat_product",
    "cute.get_layout", "cute.get_shape", "cute.get_stride", "cute.group_modes", "cute.idx2crd",
    "cute.inttoptr", "cute.left_inverse", "cute.local_partition", "cute.local_tile", "cute.logical_divide",
    "cute.logical_product", "cute.layout_eval", "cute.get", "cute.select", "cute.to_int_tuple",
    "cute.to_shape", "cute.to_stride", "cute.to_coord", "cute.flatten", "cute.tuple_product",
    "cute.tuple_product_each", "cute.make_composed_layout", "cute.make_composed_layout_raw",
    "cute.make_layout_raw", "cute.make_swizzle", "cute.make_tiled_mma",
    "cute.ptrtoint", "cute.raked_product", "cute.right_inverse", "cute.shape_div", "cute.size",
    "cute.slice", "cute.tiled.copy.partition_D", "cute.tiled.copy.partition_S", "cute.tiled_divide",
    "cute.tiled_product", "cute.tuple_add", "cute.tuple_div", "cute.tuple_eq", "cute.tuple_mod",
    "cute.tuple_mul", "cute.tuple_sub", "cute.zipped_divide", "cute.zipped_product",
    "cute.tiled.mma.partition_A", "cute.tiled.mma.partition_B", "cute.tiled.mma.partition_C",
    "cute.make_tiled_copy_A", "cute.make_tiled_copy_B", "cute.make_tiled_copy_C", "cute.make_fragment_like",
    "cute.tiled.copy.retile", "cute.make_ordered_layout", "cute.make_layout_like", "cute.make_identity_layout",
    "cute.tile_to_shape", "cute.append_to_rank", "cute.prepend_to_rank", "cute.composed_get_inner",
    "cute.composed_get_offset", "cute.composed_get_outer", "cute.get_layouts_from_tile", "cute.increment_coord",
    "cute.recast_layout", "cute.get_scalars", "cute.make_identity_tensor",
];

/// The verifier of the `cute` or `cute_nvgpu` op `name`; None if the op is
/// in neither table (a renamed or new op must be added, never skipped: see
/// tests/op_coverage.rs).
pub fn verifier(name: &str) -> Option<Verifier> {
    let rust: fn(OperationRef) -> Result<(), String> = match name {
        "cute.make_int_tuple" | "cute.make_shape" | "cute.make_stride" | "cute.make_coord" | "cute.make_tile" => {
            verify_tuple_ctor
        }
        "cute.make_layout" => verify_make_layout,
        "cute.static" => verify_static,
        "cute.get_leaves" => verify_get_leaves,
        "cute.derefine" => verify_derefine,
        "cute.get_iter" => verify_get_iter,
        "cute.recast" => verify_recast,
        "cute.load" | "cute.store" => verify_access,
        "cute.load_vec" | "cute.store_vec" => verify_vector_access,
        "cute.make_tiled_copy" => verify_make_tiled_copy,
        "cute.tile_partition" => verify_tile_partition,
        "cute.alloc_smem" => verify_alloc_smem,
        "cute.alloc_rmem" => verify_alloc_rmem,
        "cute.copy_atom_call" | "cute.mma_atom_call" => verify_atom_call,
        "cute.make_atom" => verify_make_atom,
        "cute.make_view" | "cute.make_tensor" => verify_make_view,
        "cute.copy" => verify_copy,
        "cute.fill" => verify_fill,
        "cute.print" => verify_print,
        "cute.gemm" => verify_gemm,
        "cute.equal" => verify_equal,
        "cute.elem_less" => verify_elem_less,
        _ if ODS_ONLY.contains(&name) => return Some(Verifier::OdsOnly),
        _ => return super::nvgpu::ops_verify::verifier(name).map(Verifier::Rust),
    };
    Some(Verifier::Rust(rust))
}

/// Verifies `op`; `Err` carries the message (without the `'op' op` prefix).
pub fn verify_op(op: OperationRef, name: &str) -> Result<(), String> {
    match verifier(name) {
        Some(Verifier::Rust(verify)) => verify(op),
        Some(Verifier::OdsOnly) => Ok(()),
        None => Err(format!("internal error: '{name}' has no entry in the verifier table (src/dialect/verify.rs)")),
    }
}

fn spec_of<'c>(ty: Type<'c>, what: &str) -> Result<(SpecKind, &'c str), String> {
    type_spec(ty).ok_or_else(|| format!("{what} must be a cute tuple or layout type, got {ty}"))
}

fn result_spec<'c>(op: OperationRef<'c, '_>) -> Result<(Type<'c>, SpecKind, &'c str), String> {
    let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
    let (kind, text) = spec_of(ty, "result")?;
    Ok((ty, kind, text))
}

/// make_view / make_tensor of a swizzled (composed) layout over a pointer:
/// the swizzle applies to addresses (CuTe's swizzle pointer, which every
/// partition keeps), so the base must be aligned to the swizzle's period,
/// where that is the composed layout's own function.
fn verify_make_view(op: OperationRef) -> Result<(), String> {
    let view = op.result(0).map_err(|e| e.to_string())?.r#type();
    let Some(parts) = composite_parts(view) else { return Ok(()) };
    let (Some(iterator), Some(layout)) = (parts.iterator.and_then(composite_parts), parts.layout) else { return Ok(()) };
    let (Some(element), Some((SpecKind::ComposedLayout, text))) = (iterator.element, type_spec(layout)) else {
        return Ok(());
    };
    let composed = crate::layout::parse_composed_layout(text).map_err(|e| e.to_string())?;
    // The period in elements, in bytes (packed sub-byte elements: bits / 8).
    let period = ((1u64 << composed.swizzle.period_log2()) * u64::from(super::types::storage_bits(element)) / 8).max(1);
    if iterator.alignment < period {
        return Err(format!(
            "a view swizzled by {} addresses {element} through the swizzle of its address: its pointer must be aligned to the swizzle's period of {period} bytes, got align<{}>",
            composed.swizzle, iterator.alignment
        ));
    }
    Ok(())
}

/// The (inner) layout of a view type.
pub fn view_layout_of(ty: Type) -> Result<crate::layout::Layout, String> {
    view_layout(ty)
}

/// The static rest shape `(rest...)` of a partitioned view `(V, rest...)`.
pub fn rest_shape(ty: Type, role: &str) -> Result<Vec<i64>, String> {
    let layout = view_layout(ty)?;
    if layout.shape().is_leaf() {
        return Ok(Vec::new());
    }
    layout.modes()[1..]
        .iter()
        .map(|m| {
            crate::layout::size(m)
                .ok()
                .and_then(|s| s.as_int())
                .ok_or_else(|| format!("{role} {layout} has a run-time rest mode (copy/gemm unroll static rest modes)"))
        })
        .collect()
}

/// cute.print: printing a view reads its elements with generic loads.
fn verify_print(op: OperationRef) -> Result<(), String> {
    (0..op.operand_count()).try_for_each(|i| refuse_tmem(operand_type(op, i)?))
}

/// cute.fill: a view of static size.
fn verify_fill(op: OperationRef) -> Result<(), String> {
    refuse_coordinates(operand_type(op, 1)?, "cute.fill cannot write")?;
    refuse_tmem(operand_type(op, 1)?)?;
    let layout = view_layout(operand_type(op, 1)?)?;
    match crate::layout::size(&layout).ok().and_then(|s| s.as_int()) {
        Some(_) => Ok(()),
        None => Err(format!("fills a view of static size, got {layout} (use an scf.for of cute.store)")),
    }
}

/// cute.copy: source and destination share their static rest shape.
fn verify_copy(op: OperationRef) -> Result<(), String> {
    for i in 1..op.operand_count().min(4) {
        refuse_coordinates(operand_type(op, i)?, "cute.copy cannot move")?;
    }
    refuse_generic_tmem_access(op, 1, 3)?;
    let (src, dst) = (rest_shape(operand_type(op, 1)?, "the source")?, rest_shape(operand_type(op, 2)?, "the destination")?);
    if src != dst {
        return Err(format!("source and destination must have the same rest modes, got {src:?} and {dst:?}"));
    }
    if op.operand_count() > 3 {
        check_copy_predicate(operand_type(op, 3)?, &src)?;
    }
    Ok(())
}

/// copy_if's predicate view: `i8` values (a byte per predicate, nonzero
/// true: the CuTe DSL's Boolean in memory; `i1` would be packed bits, which
/// register fragments do not address), one per rest coordinate.
fn check_copy_predicate(pred: Type, rest: &[i64]) -> Result<(), String> {
    let element = composite_parts(pred).and_then(|p| p.iterator).and_then(composite_parts).and_then(|p| p.element);
    if element.is_none_or(|e| e.to_string() != "i8") {
        return Err(format!("the predicate must be a view of i8 (a byte per predicate, nonzero true), got {pred}"));
    }
    let layout = view_layout(pred)?;
    let wanted: i64 = rest.iter().product();
    match crate::layout::size(&layout).ok().and_then(|s| s.as_int()) {
        Some(n) if n == wanted => Ok(()),
        _ => Err(format!("the predicate holds one value per rest coordinate of the copy ({wanted}, rest modes {rest:?}), but its layout is {layout}")),
    }
}

/// cute.gemm: A (V,M,K), B (V,N,K), C and D (V,M,N), static.
fn verify_gemm(op: OperationRef) -> Result<(), String> {
    refuse_generic_tmem_access(op, 1, 5)?;
    let shape = |i: usize, role: &str| -> Result<Vec<i64>, String> {
        let rest = rest_shape(operand_type(op, i)?, role)?;
        if rest.len() != 2 {
            return Err(format!("{role} must be (values, rest, rest) (rank 3), got rest modes {rest:?}"));
        }
        Ok(rest)
    };
    let (d, a, b, c) = (shape(1, "D")?, shape(2, "A")?, shape(3, "B")?, shape(4, "C")?);
    if d != c || a[0] != c[0] || b[0] != c[1] || a[1] != b[1] {
        return Err(format!("A (V,M,K) {a:?}, B (V,N,K) {b:?}, C {c:?} and D {d:?} (V,M,N) do not form a gemm"));
    }
    if op.operand_count() > 5 {
        check_accumulate_flag(operand_type(op, 0)?)?;
    }
    Ok(())
}

/// `accumulate(%p)` belongs to atoms that accumulate in tensor memory
/// (UMMA: tcgen05.mma's enable-input-d); the others add C.
fn check_accumulate_flag(atom: Type) -> Result<(), String> {
    let atom = composite_parts(atom).and_then(|p| p.atom).unwrap_or(atom);
    let umma = crate::dialect::nvgpu::Atom::of(atom)
        .and_then(|a| a.as_mma().copied())
        .is_some_and(|p| p.family.is_umma() && p.family != crate::dialect::nvgpu::MmaFamily::Sm90);
    if umma {
        Ok(())
    } else {
        Err(format!("only tensor-memory (UMMA) atoms take an accumulate flag; {atom} accumulates through C"))
    }
}

/// make_int_tuple / make_shape / make_stride: one operand per `?` leaf.
fn verify_tuple_ctor(op: OperationRef) -> Result<(), String> {
    let (ty, kind, text) = result_spec(op)?;
    let expected = spec::count_dynamic(kind, text)?;
    let got = op.operand_count();
    if got != expected {
        return Err(format!(
            "expects {expected} operand(s), one per dynamic leaf of {ty}, but got {got}"
        ));
    }
    // An integer operand has the width of its leaf (32 bits for `?`, 64 for
    // `?{i64}`; NVIDIA's rule: no silent truncation or widening); `index`
    // converts to either.
    let widths = spec::dynamic_leaf_widths(kind, text)?;
    for (i, (operand, want)) in op.operands().zip(widths).enumerate() {
        let got = match (melior::ir::r#type::IntegerType::try_from(operand.r#type()), type_spec(operand.r#type())) {
            (Ok(int), _) => Some(int.width()),
            (_, Some((kind, text))) => spec::dynamic_leaf_widths(kind, text)?.first().copied().or(Some(32)),
            _ => None,
        };
        if let Some(got) = got.filter(|&got| got != want) {
            return Err(format!("expects operand #{i} to have (width={want}), but got (width={got})"));
        }
    }
    // A cute operand fills one leaf: it is a scalar integer tuple.
    for (i, operand) in op.operands().enumerate() {
        let operand_ty = operand.r#type();
        if let Some((kind, operand_text)) = type_spec(operand_ty) {
            let value = spec::parse_checked_tuple(kind, operand_text)?;
            if !matches!(value, crate::layout::IntTuple::Leaf(Leaf::Int(_) | Leaf::Dyn(_))) {
                return Err(format!("operand #{i} ({operand_ty}) fills one leaf, so it must be a scalar integer"));
            }
        }
    }
    Ok(())
}

/// make_layout: the shape and stride operand groups match the `?` leaves of
/// the result layout's shape and stride.
fn verify_make_layout(op: OperationRef) -> Result<(), String> {
    let (ty, _, text) = result_spec(op)?;
    // NVIDIA's spelling: a shape tuple and a stride tuple whose layout is
    // the result (make_layout_raw's inference decides).
    let first = op.operand_if(0).map(|v| v.r#type());
    if let Some((SpecKind::Shape | SpecKind::IntTuple, shape)) = first.and_then(type_spec) {
        let stride = op.operand(1).map_err(|e| e.to_string())?.r#type();
        let Some((SpecKind::Stride | SpecKind::IntTuple, stride)) = type_spec(stride) else {
            return Err(format!("expects a stride tuple after the shape, got {stride}"));
        };
        if op.operand_count() != 2 {
            return Err(format!("takes one shape tuple and one stride tuple, got {} operands", op.operand_count()));
        }
        let inferred = super::infer::infer_from_specs("cute.make_layout_raw", &[(SpecKind::Shape, shape), (SpecKind::Stride, stride)])?;
        let want = inferred[0].type_text();
        let (_, want_text) = inferred[0].spec().ok_or("a layout")?;
        if !spec::is_compatible_result(SpecKind::Layout, want_text, text)? {
            return Err(format!("the shape and stride make {want}, not {ty}"));
        }
        return Ok(());
    }
    if let Some(bad) = op.operands().map(|v| v.r#type()).find(|t| melior::ir::r#type::IntegerType::try_from(*t).is_err() && !melior::ir::TypeLike::is_index(t)) {
        return Err(format!("takes integer leaves (shape = (...), stride = (...)) or a shape and a stride tuple, got {bad}"));
    }
    let (shape, stride) = spec::split_layout(text)?;
    let want = [spec::count_dynamic(SpecKind::Shape, &shape)?, spec::count_dynamic(SpecKind::Stride, &stride)?];
    let segments = DenseI32ArrayAttribute::try_from(
        op.attribute("operandSegmentSizes").map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let got = [0, 1].map(|i| segments.element(i).map(|n| n as usize).unwrap_or(usize::MAX));
    if got != want {
        return Err(format!(
            "expects {} shape operand(s) and {} stride operand(s) for {ty}, but got {} and {}",
            want[0], want[1], got[0], got[1]
        ));
    }
    Ok(())
}

/// cute.static: the value is its type, so the type must be fully static.
fn verify_static(op: OperationRef) -> Result<(), String> {
    let (ty, kind, text) = result_spec(op)?;
    // Every dynamic leaf is spelled with a '?' (`?`, `?{div=8}`, `?@1`):
    // without one the value is static, and the type's spec was checked
    // when it was made (one in four ops of a module is a cute.static).
    if !text.contains('?') {
        return Ok(());
    }
    if !spec::is_static(kind, text)? {
        return Err(format!("type {ty} has dynamic leaves; a static value must be fully static"));
    }
    Ok(())
}

/// cute.get_leaves: one result per leaf, all integers (spec 002) or all the
/// typed leaves inference gives (NVIDIA's spelling).
fn verify_get_leaves(op: OperationRef) -> Result<(), String> {
    if op.operand_count() != 1 {
        return Err(format!("expects one tuple operand, but got {}", op.operand_count()));
    }
    let operand = op.operand(0).map_err(|e| e.to_string())?.r#type();
    use melior::ir::TypeLike;
    let integer = |t: Type| t.is_index() || t.is_integer();
    if op.results().any(|r| !integer(r.r#type())) {
        let inferred = super::infer::infer("cute.get_leaves", &[super::infer::operand(operand)], &super::infer::NoAttrs)?;
        if inferred.len() != op.result_count() {
            return Err(format!("expects {} result(s), one per leaf of {operand}, but got {}", inferred.len(), op.result_count()));
        }
        for (i, (result, leaf)) in op.results().zip(&inferred).enumerate() {
            let declared = result.r#type();
            let expected = leaf.type_text();
            if declared.to_string() != expected {
                return Err(format!("result #{i} must be {expected} (leaf {i} of {operand}), but got {declared}"));
            }
        }
        return Ok(());
    }
    let (kind, text) = spec_of(operand, "operand")?;
    let tuple = spec::parse_checked_tuple(kind, text)?;
    let leaves = tuple.leaves();
    if let Some(bad) = leaves.iter().find(|l| !matches!(l, Leaf::Int(_) | Leaf::Dyn(_))) {
        return Err(format!("leaf {bad} of {operand} is not an integer"));
    }
    if op.result_count() != leaves.len() {
        return Err(format!("expects {} result(s), one per leaf of {operand}, but got {}", leaves.len(), op.result_count()));
    }
    // Each result holds its leaf (issue 35: a static 2^32 read as i32, or a
    // 64-bit run-time leaf, was truncated silently). `index` is 64-bit.
    for (i, (result, leaf)) in op.results().zip(&leaves).enumerate() {
        let ty = result.r#type();
        let width = if ty.is_index() { 64 } else { melior::ir::r#type::IntegerType::try_from(ty).map(|t| t.width()).unwrap_or(64) };
        let fits = match leaf {
            Leaf::Int(v) => width >= 64 || (i128::from(*v) >= -(1i128 << (width - 1)) && i128::from(*v) < (1i128 << (width - 1))),
            Leaf::Dyn(d) => !d.wide || width >= 64,
            _ => true,
        };
        if !fits {
            return Err(format!("result #{i} is {ty}, which cannot hold leaf {i} ({leaf}) of {operand}: use i64"));
        }
    }
    Ok(())
}

/// cute.derefine: the result type only forgets static leaves.
fn verify_derefine(op: OperationRef) -> Result<(), String> {
    let from_ty = op.operand(0).map_err(|e| e.to_string())?.r#type();
    let (to_ty, to_kind, to) = result_spec(op)?;
    let (from_kind, from) = spec_of(from_ty, "operand")?;
    if from_kind != to_kind || !spec::is_derefinement(to_kind, from, to)? {
        return Err(format!("{to_ty} is not {from_ty} with some static leaves made dynamic"));
    }
    Ok(())
}

fn operand_type<'c>(op: OperationRef<'c, '_>, index: usize) -> Result<Type<'c>, String> {
    Ok(op.operand(index).map_err(|e| e.to_string())?.r#type())
}

/// cute.get_iter: `get_iter %view` yields the view's iterator;
/// `get_iter %base, %extent, %tile_shape, %stride` a descriptor iterator over
/// `%base`'s pointer type.
fn verify_get_iter(op: OperationRef) -> Result<(), String> {
    let source = operand_type(op, 0)?;
    let result = op.result(0).map_err(|e| e.to_string())?.r#type();
    let descriptor_form = op.operand_count() == 4;
    let kind_of = |ty| composite_parts(ty).map(|p: CompositeParts| p.kind);
    match kind_of(source) {
        Some(Composite::View) if op.operand_count() == 1 => {
            let iterator = composite_parts(source).and_then(|p| p.iterator).ok_or("view without iterator")?;
            if result != iterator {
                return Err(format!("result type {result} must be the iterator type {iterator} of the view"));
            }
        }
        Some(Composite::View) => return Err("the view form takes no extent, tile shape or stride".into()),
        Some(Composite::Ptr) if descriptor_form => {
            let pointer = composite_parts(result).filter(|p| p.kind == Composite::DescIter).and_then(|p| p.iterator);
            if pointer != Some(source) {
                return Err(format!("result type {result} must be !cute.desc_iter<{source}>"));
            }
        }
        Some(Composite::Ptr) => {
            return Err("the descriptor form needs a base pointer, an extent, a tile shape and a stride".into())
        }
        _ => return Err(format!("source {source} must be a !cute.view or a !cute.ptr")),
    }
    Ok(())
}

/// cute.recast: same address space, no alignment gained.
fn verify_recast(op: OperationRef) -> Result<(), String> {
    let (from, to) = (operand_type(op, 0)?, op.result(0).map_err(|e| e.to_string())?.r#type());
    let ptr_info = |ty| composite_parts(ty).filter(|p| p.kind == Composite::Ptr).map(|p| (p.address_space, p.alignment));
    let ((from_space, from_align), (to_space, to_align)) =
        (ptr_info(from).ok_or("operand is not a !cute.ptr")?, ptr_info(to).ok_or("result is not a !cute.ptr")?);
    if from_space != to_space {
        return Err(format!("cannot recast across address spaces ({from} to {to})"));
    }
    if to_align > from_align {
        return Err(format!("cannot raise the alignment from {from_align} to {to_align} ({from} to {to})"));
    }
    Ok(())
}

/// Whether `ty` is a view whose iterator points into tensor memory.
fn is_tmem_view(ty: Type) -> bool {
    let tmem = crate::ffi::abi::CuteAddressSpace::CUTE_AS_TMEM.0;
    composite_parts(ty)
        .and_then(|p| p.iterator)
        .and_then(composite_parts)
        .is_some_and(|p| p.kind == Composite::Ptr && p.address_space == tmem)
}

/// Spec 000 (copy_s2t walk): TMEM is not addressable from generic pointers,
/// so a generic load, store, fill, universal copy or universal FMA of a
/// `tmem` view would be silently wrong code (issue 27 item 3).
/// A coordinate tensor (`!cute.coord_tensor`) is read with `cute.load`
/// only: its elements are coordinates, not memory.
fn refuse_coordinates(view: Type, what: &str) -> Result<(), String> {
    let iterator = composite_parts(view).and_then(|p| p.iterator);
    if iterator.and_then(type_spec).is_some() {
        return Err(format!(
            "{what} a coordinate tensor ({view}): its elements are coordinates, read with cute.load; \
             compare them with cute.elem_less to predicate a copy"
        ));
    }
    Ok(())
}

fn refuse_tmem(view: Type) -> Result<(), String> {
    if is_tmem_view(view) {
        return Err(format!(
            "tensor memory is not addressable by generic loads and stores ({view}); move it with the tcgen05 \
             copy atoms: atom.tmem_load / atom.tmem_store (tcgen05.ld / tcgen05.st) or atom.s2t_copy (tcgen05.cp)"
        ));
    }
    Ok(())
}

/// An atom operation (cute.copy, cute.gemm, the atom calls) whose atom
/// works through generic memory refuses `tmem` views.
fn refuse_generic_tmem_access(op: OperationRef, first_view: usize, last_view: usize) -> Result<(), String> {
    let atom_operand = operand_type(op, 0)?;
    let atom = composite_parts(atom_operand)
        .filter(|p| matches!(p.kind, Composite::TiledCopy | Composite::TiledMma))
        .and_then(|p| p.atom)
        .unwrap_or(atom_operand);
    if !atoms::is_generic_memory_atom(atom) {
        return Ok(());
    }
    for i in first_view..last_view.min(op.operand_count()) {
        refuse_tmem(operand_type(op, i)?).map_err(|e| format!("{atom} works through generic memory: {e}"))?;
    }
    Ok(())
}

/// cute.load / cute.store: the coordinate is weakly congruent to the shape of
/// the view's layout (an integer indexes a whole mode).
fn verify_access(op: OperationRef) -> Result<(), String> {
    let first = if op.operand_count() == 3 { 1 } else { 0 };
    let view = operand_type(op, first)?;
    if first == 1 {
        refuse_coordinates(view, "cute.store cannot write")?;
    }
    refuse_tmem(view)?;
    let coord_type = operand_type(op, first + 1)?;
    let layout = view_layout(view)?;
    let shape = layout.shape();
    let (kind, text) = spec_of(coord_type, "coordinate")?;
    let coord = spec::parse_checked_tuple(kind, text)?;
    if coord.leaves().iter().any(|leaf| matches!(leaf, Leaf::Underscore)) {
        return Err(format!("coordinate {coord} selects a single element; it cannot hold '_'"));
    }
    if !coord.weakly_congruent(shape) {
        return Err(format!("coordinate {coord} is not weakly congruent to the shape {shape}"));
    }
    Ok(())
}

/// `cute.load_vec` / `cute.store_vec`: a view of static size N (not in
/// tensor memory, of whole-byte elements) and a vector of N of its
/// elements.
fn verify_vector_access(op: OperationRef) -> Result<(), String> {
    let load = op.name().as_string_ref().as_str() == Ok("cute.load_vec");
    let (view, vector) = if load { (operand_type(op, 0)?, op.result(0).map_err(|e| e.to_string())?.r#type()) } else { (operand_type(op, 1)?, operand_type(op, 0)?) };
    refuse_tmem(view)?;
    let layout = view_layout(view)?;
    let size = crate::layout::size(&layout).ok().and_then(|s| s.as_int()).ok_or_else(|| format!("the view's size {} is not static", layout.shape()))?;
    // The view's element: its pointer's, or its memref's.
    let iterator = composite_parts(view).and_then(|p| p.iterator).ok_or_else(|| format!("{view} has no iterator"))?;
    let element = composite_parts(iterator)
        .and_then(|p| p.element)
        .or_else(|| super::types::memref_element_and_rank(iterator).map(|(e, _)| e))
        .ok_or_else(|| format!("{view} has no element type"))?;
    if super::types::storage_bits(element) % 8 != 0 {
        return Err(format!("{element} elements are packed below a byte; move them with a copy atom"));
    }
    let expected = format!("vector<{size}x{element}>");
    if vector.to_string() != expected {
        return Err(format!("the view holds {size} {element} elements: expected {expected}, got {vector}"));
    }
    Ok(())
}

/// The layout of a view type.
fn view_layout(view: Type) -> Result<crate::layout::Layout, String> {
    let layout = composite_parts(view)
        .filter(|p| p.kind == Composite::View)
        .and_then(|p| p.layout)
        .ok_or_else(|| format!("{view} is not a !cute.view"))?;
    match type_spec(layout) {
        Some((SpecKind::Layout, text)) => spec::parse_checked_layout(text),
        Some((SpecKind::ComposedLayout, text)) => Ok(spec::parse_checked_composed(text)?.layout),
        _ => Err(format!("{view} has no layout")),
    }
}

/// cute.make_tiled_copy: the thread-value layout maps into the tile.
fn verify_make_tiled_copy(op: OperationRef) -> Result<(), String> {
    let tiled = op.result(0).map_err(|e| e.to_string())?.r#type();
    let parts = composite_parts(tiled).filter(|p| p.kind == Composite::TiledCopy);
    let (layout, tiler) = (parts.and_then(|p| p.layout).and_then(type_spec), parts.and_then(|p| p.tiler).and_then(type_spec));
    let (Some((_, layout)), Some((_, tiler))) = (layout, tiler) else {
        return Err(format!("{tiled} is not a !cute.tiled_copy"));
    };
    let layout = spec::parse_checked_layout(layout)?;
    let tile_size = match spec::parse_checked_tile(tiler)? {
        crate::layout::Tiler::ByMode(modes) => modes
            .iter()
            .map(|mode| match mode {
                crate::layout::Tiler::Layout(l) => crate::layout::size(l).map_err(|e| e.to_string()),
                crate::layout::Tiler::Shape(s) => crate::layout::size_of(s).map_err(|e| e.to_string()),
                crate::layout::Tiler::Underscore => Err("a tiled copy's tiler cannot hold '_'".to_string()),
                crate::layout::Tiler::ByMode(_) => Err("nested by-mode tilers are not supported here".to_string()),
            })
            .collect::<Result<Vec<_>, _>>()?
            .iter()
            .try_fold(1i64, |acc, size| size.as_int().and_then(|s| acc.checked_mul(s))),
        crate::layout::Tiler::Layout(l) => crate::layout::size(&l).map_err(|e| e.to_string())?.as_int(),
        crate::layout::Tiler::Shape(s) => crate::layout::size_of(&s).map_err(|e| e.to_string())?.as_int(),
        crate::layout::Tiler::Underscore => None,
    };
    let cosize = crate::layout::cosize(&layout).map_err(|e| e.to_string())?.as_int();
    if let (Some(cosize), Some(tile_size)) = (cosize, tile_size) {
        if cosize > tile_size {
            return Err(format!(
                "the thread-value layout {layout} reaches {cosize} elements, more than the {tile_size} of the tile {tiler}"
            ));
        }
    }
    Ok(())
}

/// cute.copy_atom_call / cute.mma_atom_call: the atom type checks the
/// instance first through its interfaces (element types, then its dialect's
/// residency and layout contracts, whose diagnostics are verbatim spec
/// strings); then the generic structure: equal copy sizes, equal accumulator
/// shapes. Never the SM tier.
fn verify_atom_call(op: OperationRef) -> Result<(), String> {
    let atom_operand = operand_type(op, 0)?;
    let tiled = composite_parts(atom_operand).filter(|p| matches!(p.kind, Composite::TiledCopy | Composite::TiledMma));
    let atom = tiled.and_then(|p| p.atom).unwrap_or(atom_operand);
    // The instance views: (source, destination) or (D, A, B, C); an MMA call
    // may add its metadata and scale-factor groups after them.
    let is_mma = op.name().as_string_ref().as_str() == Ok("cute.mma_atom_call");
    // A copy's `pred(%p)` is an i1 after its two views (the ODS checks it).
    let main = if is_mma { 5 } else { 3 };
    let views: Vec<Type> = (1..main).map(|i| operand_type(op, i)).collect::<Result<_, _>>()?;
    refuse_generic_tmem_access(op, 1, main)?;
    let mut extras = atoms::Extras::default();
    if is_mma {
        let segments = DenseI32ArrayAttribute::try_from(op.attribute("operandSegmentSizes").map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
        let count = |i| segments.element(i).map(|n| n as usize).map_err(|e| e.to_string());
        let (metadata, scales) = (count(5)?, count(6)?);
        if metadata == 1 {
            extras.metadata = Some(operand_type(op, main)?);
        }
        extras.scales = (main + metadata..main + metadata + scales).map(|i| operand_type(op, i)).collect::<Result<_, _>>()?;
        if segments.len() > 7 && count(7)? == 1 {
            check_accumulate_flag(atom)?;
        }
    }
    atoms::verify_instance(atom, &views, &extras, tiled.is_some())?;
    let layouts: Vec<_> = views.iter().map(|&v| view_layout(v)).collect::<Result<_, _>>()?;
    let size = |l: &crate::layout::Layout| crate::layout::size(l).map_err(|e| e.to_string()).map(|s| s.as_int());
    let own_sizes = crate::dialect::nvgpu::Atom::of(atom).is_some_and(|a| crate::dialect::nvgpu::copy::instance_values(&a).is_some());
    if layouts.len() == 2 && !own_sizes {
        let (src, dst) = (size(&layouts[0])?, size(&layouts[1])?);
        if let (Some(s), Some(d)) = (src, dst) {
            if s != d {
                return Err(format!("source and destination sizes differ ({s} vs {d})"));
            }
        }
    } else if layouts.len() == 4 && layouts[0].shape() != layouts[3].shape() {
        return Err(format!(
            "the accumulators D and C must have the same shape, got {} and {}",
            layouts[0].shape(),
            layouts[3].shape()
        ));
    }
    Ok(())
}

/// cute.make_atom: the atom's dialect checks the run-time parameters it binds
/// (a TMA atom and its typed descriptor agree).
fn verify_make_atom(op: OperationRef) -> Result<(), String> {
    let atom = op.result(0).map_err(|e| e.to_string())?.r#type();
    let parameters: Vec<Type> = op.operands().map(|v| v.r#type()).collect();
    atoms::verify_parameters(atom, &parameters)
}

/// cute.alloc_smem: a positive element count of a shared-memory pointer.
fn verify_alloc_smem(op: OperationRef) -> Result<(), String> {
    verify_storage(op, crate::ffi::abi::CuteAddressSpace::CUTE_AS_SMEM.0, "a shared-memory pointer (!cute.ptr<T, smem>)")
}

/// cute.alloc_rmem: a positive element count of a register pointer.
fn verify_alloc_rmem(op: OperationRef) -> Result<(), String> {
    verify_storage(op, crate::ffi::abi::CuteAddressSpace::CUTE_AS_RMEM.0, "a register pointer (!cute.ptr<T, rmem>)")
}

fn verify_storage(op: OperationRef, space: u32, what: &str) -> Result<(), String> {
    let elements = op
        .attribute("elements")
        .ok()
        .and_then(|a| melior::ir::attribute::IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or("expects an integer 'elements' attribute")?;
    if elements <= 0 {
        return Err(format!("the element count {elements} must be positive"));
    }
    let ty = op.result(0).map_err(|e| e.to_string())?.r#type();
    match composite_parts(ty) {
        Some(parts) if parts.kind == Composite::Ptr && parts.address_space == space => Ok(()),
        _ => Err(format!("the result {ty} must be {what}")),
    }
}

/// cute.tile_partition: the tile keeps the parent's rank and strides, its
/// extents divide the parent's, and the coordinate fits the parent's shape.
fn verify_tile_partition(op: OperationRef) -> Result<(), String> {
    let layout_of = |ty: Type| match type_spec(ty) {
        Some((SpecKind::Layout, text)) => spec::parse_checked_layout(text),
        _ => Err(format!("{ty} is not a !cute.layout")),
    };
    let parent = layout_of(operand_type(op, 1)?)?;
    let tile = layout_of(op.result(1).map_err(|e| e.to_string())?.r#type())?;
    let (kind, text) = spec_of(operand_type(op, 2)?, "coordinate")?;
    let coord = spec::parse_checked_tuple(kind, text)?;
    if !coord.weakly_congruent(parent.shape()) {
        return Err(format!("coordinate {coord} is not weakly congruent to the shape {}", parent.shape()));
    }
    if tile.stride() != parent.stride() || tile.rank() != parent.rank() {
        return Err(format!("the tile layout {tile} must keep the rank and strides of {parent}"));
    }
    let (tile_leaves, parent_leaves) = (tile.shape().leaves(), parent.shape().leaves());
    if tile_leaves.len() != parent_leaves.len() || !tile.shape().weakly_congruent(parent.shape()) {
        return Err(format!("the tile shape {} does not match the shape {}", tile.shape(), parent.shape()));
    }
    for (t, p) in tile_leaves.iter().zip(&parent_leaves) {
        if let (Leaf::Int(t), Leaf::Int(p)) = (t, p) {
            if *t <= 0 || p % t != 0 {
                return Err(format!("tile extent {t} does not divide the extent {p} of {parent}"));
            }
        }
    }
    Ok(())
}

/// `cute.equal`: two layouts, two views, or two tuples of one kind (NVIDIA's
/// rule: no cross-kind comparison; a view has no tuple kind).
fn verify_equal(op: OperationRef) -> Result<(), String> {
    let kind = |i: usize| -> Result<(Option<SpecKind>, String), String> {
        let t = op.operand(i).map_err(|e| e.to_string())?.r#type();
        Ok((super::type_spec(t).map(|(k, _)| k), t.to_string()))
    };
    let ((a, at), (b, bt)) = (kind(0)?, kind(1)?);
    if a == Some(SpecKind::Tile) {
        return Err(format!("compares layouts, int-tuples, shapes, strides or coordinates, not tiles: {at}"));
    }
    if a != b {
        return Err(format!("compares values of one kind, got {at} and {bt}"));
    }
    Ok(())
}

/// `cute.elem_less`: congruent operands (the leaves compare pairwise).
fn verify_elem_less(op: OperationRef) -> Result<(), String> {
    let tuple = |i: usize| -> Result<(crate::layout::IntTuple, String), String> {
        let t = op.operand(i).map_err(|e| e.to_string())?.r#type();
        let (kind, text) = spec_of(t, "operand")?;
        Ok((spec::parse_checked_tuple(kind, text)?, t.to_string()))
    };
    let ((a, at), (b, bt)) = (tuple(0)?, tuple(1)?);
    if !a.congruent(&b) {
        return Err(format!("expects congruent inputs, but got '{at}' and '{bt}'"));
    }
    Ok(())
}
