//! How cute values look in LLVM (spec 000 "Per-Pattern Walks",
//! ARCHITECTURE.md "LLVM representation"), and the bridges between the two.
//!
//! * An int-tuple leaf is one integer: `i32`, or `i64` for `?{i64}` (and a
//!   static value beyond `i32`). A tuple is an `!llvm.struct` of its modes,
//!   nested for nested modes. Every leaf has a field, static ones too, so
//!   the struct depends only on the tree: the walks' `(8,4):(1,?)` is
//!   `struct<(i32, i32, i32, i32)>` with the static fields filled by
//!   constants that LLVM folds.
//! * A layout is one struct with, per top-level mode, either the two fields
//!   `shape, stride` (a leaf mode: interleaved, as spec 000 fixes) or one
//!   nested struct (a hierarchical mode, recursively the same rule). `8:1`
//!   is `struct<(i32, i32)>`.
//! * A pointer is `!llvm.ptr<AS>` with NVVM's address spaces (0 generic,
//!   1 global, 3 shared, 4 constant, 5 local, 6 tensor memory).
//! * A swizzle is fully static: the empty struct.
//!
//! Leaf order (how the algebra's run-time arguments are numbered, see
//! `layout::symbolic`): a tuple's leaves left to right; a layout's shape
//! leaves, then its stride leaves.

use crate::dialect::{composite_parts, spec, type_spec, Composite, SpecKind};
use crate::layout::{symbolic, IntTuple, Layout, Leaf, Swizzle, Tiler};
use crate::passes::rewrite::{insert, PatternError};
use melior::{
    dialect::{arith, llvm},
    ir::{
        r#type::TypeLike,
        attribute::{ArrayAttribute, DenseI64ArrayAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
        Attribute, Identifier, Location, Type, Value, ValueLike,
    },
    Context, PatternRewriter,
};

/// A cute value type as the lowering reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum CuteValue {
    Tuple(SpecKind, IntTuple),
    Layout(Layout),
    /// An atom, tiled copy or tiled MMA: fully described by its type (spec
    /// 000: "atoms become opaque struct payloads"); the registry's atoms
    /// carry no run-time state, so the payload is the empty struct.
    Atom,
    /// A static tile (by-mode tiler or shape): all of it is in the type, so
    /// its value is the empty struct. Run-time tiles are not lowered yet.
    Tile(Tiler),
    /// `!cute.composed_layout<"S<B,M,S> o off o L">`: the static swizzle and
    /// offset, and `L`, whose struct is the value's.
    Composed(Swizzle, i64, Layout),
    /// `!cute.ptr<T, space>`: the NVVM address space.
    Ptr(u32),
    /// `!cute.view<ptr, layout>`: `struct<(ptr<AS>, layout)>`. A view over
    /// a composed layout `S<B,M,S> o off o L` keeps the static swizzle and
    /// offset here, and `L`'s fields in the struct.
    View(u32, Layout, Option<(Swizzle, i64)>),
    /// `!cute.desc_iter<ptr>`: spec 000's `struct<(ptr<AS>, i32, i32)>`
    /// (base, index, stride).
    DescIter(u32),
    /// `!cute.coord_tensor<"iterator", "layout">` (a view over an int
    /// tuple): `struct<(iterator tuple, layout)>`. Unlike a pointer view
    /// every field is a leaf, so it packs and unpacks like a tuple.
    CoordView(IntTuple, Layout),
    Swizzle,
}

impl CuteValue {
    /// Reads a cute type; `Ok(None)` for a type that is not cute's.
    pub fn of(ty: Type) -> Result<Option<CuteValue>, String> {
        // Most operands of a lowered module are plain integers: tell them
        // by their dialect before asking C++ anything.
        if !matches!(ty.dialect().namespace(), Ok("cute" | "cute_nvgpu")) {
            return Ok(None);
        }
        if let Some((kind, text)) = type_spec(ty) {
            return Ok(Some(match kind {
                SpecKind::Layout => CuteValue::Layout(spec::parse_checked_layout(text)?),
                SpecKind::Swizzle => CuteValue::Swizzle,
                SpecKind::ComposedLayout => {
                    let c = spec::parse_checked_composed(text)?;
                    CuteValue::Composed(c.swizzle, c.offset, c.layout)
                }
                SpecKind::Tile if !spec::count_dynamic(SpecKind::Tile, text).map(|n| n > 0).unwrap_or(true) => {
                    CuteValue::Tile(spec::parse_checked_tile(text)?)
                }
                SpecKind::Tile => return Err(format!("the run-time tile !cute.tile<\"{text}\"> has no LLVM form yet")),
                kind if kind.is_tuple() && kind != SpecKind::Tile => {
                    CuteValue::Tuple(kind, spec::parse_checked_tuple(kind, text)?)
                }
                kind => return Err(format!("!cute.{} values have no LLVM form yet", kind.mnemonic())),
            }));
        }
        let space = |t: Option<Type>| t.and_then(composite_parts).map(|p| p.address_space);
        if crate::dialect::nvgpu::Atom::of(ty).is_some() {
            // A TMA descriptor is the generic address of its 128-byte tensor
            // map (the kernel's grid-constant parameter, spec 002).
            if ty.to_string().starts_with("!cute_nvgpu.tma_descriptor") {
                return Ok(Some(CuteValue::Ptr(0)));
            }
            return Ok(Some(CuteValue::Atom));
        }
        match composite_parts(ty) {
            Some(parts) if matches!(parts.kind, Composite::TiledCopy | Composite::TiledMma) => Ok(Some(CuteValue::Atom)),
            Some(parts) if parts.kind == Composite::Ptr => Ok(Some(CuteValue::Ptr(parts.address_space))),
            Some(parts) if parts.kind == Composite::DescIter => {
                Ok(Some(CuteValue::DescIter(space(parts.iterator).ok_or("a descriptor iterator without a pointer")?)))
            }
            Some(parts) if parts.kind == Composite::View => {
                let iterator_type = parts.iterator.ok_or("a view without an iterator")?;
                if let Some((SpecKind::IntTuple, origin)) = type_spec(iterator_type) {
                    let layout = parts.layout.and_then(type_spec).ok_or("a view without a layout")?;
                    return Ok(Some(CuteValue::CoordView(spec::parse_checked_tuple(SpecKind::IntTuple, origin)?, spec::parse_checked_layout(layout.1)?)));
                }
                // A view over a memref is a view over the memref's aligned
                // pointer plus its offset (`lower_make_view`).
                let space = if crate::dialect::types::memref_element_and_rank(iterator_type).is_some() {
                    crate::dialect::types::memref_address_space(iterator_type)
                        .ok_or_else(|| format!("{ty}: the memref's memory space has no NVVM address space"))?
                } else {
                    let iterator = composite_parts(iterator_type).ok_or("a view without an iterator")?;
                    if iterator.kind != Composite::Ptr {
                        return Err(format!("{ty}: views over descriptor iterators have no LLVM form yet"));
                    }
                    iterator.address_space
                };
                let layout = parts.layout.and_then(type_spec).ok_or("a view without a layout")?;
                match layout {
                    (SpecKind::Layout, text) => {
                        Ok(Some(CuteValue::View(space, spec::parse_checked_layout(text)?, None)))
                    }
                    (SpecKind::ComposedLayout, text) => {
                        let composed = spec::parse_checked_composed(text)?;
                        let swizzled = Some((composed.swizzle, composed.offset));
                        Ok(Some(CuteValue::View(space, composed.layout, swizzled)))
                    }
                    _ => Err(format!("{ty}: views over this layout kind have no LLVM form yet")),
                }
            }
            Some(_) => Err(format!("{ty} values have no LLVM form yet")),
            None => Err(format!("{ty} values have no LLVM form yet")),
        }
    }

    /// The leaves in argument order (tuple leaves; layout shape then stride).
    pub fn leaves(&self) -> Vec<Leaf> {
        let mut out = Vec::new();
        match self {
            CuteValue::Tuple(_, t) => t.leaves_into(&mut out),
            CuteValue::Layout(l) | CuteValue::View(_, l, _) | CuteValue::Composed(_, _, l) => {
                l.shape().leaves_into(&mut out);
                l.stride().leaves_into(&mut out);
            }
            CuteValue::CoordView(origin, l) => {
                origin.leaves_into(&mut out);
                l.shape().leaves_into(&mut out);
                l.stride().leaves_into(&mut out);
            }
            CuteValue::Ptr(_) | CuteValue::DescIter(_) | CuteValue::Swizzle | CuteValue::Tile(_) | CuteValue::Atom => {}
        }
        out.into_iter().cloned().collect()
    }

    /// The struct path of each leaf, in [`CuteValue::leaves`] order.
    pub fn paths(&self) -> Vec<Vec<i64>> {
        match self {
            CuteValue::Tuple(_, t) => {
                let mut out = Vec::new();
                tuple_paths(t, &mut Vec::new(), &mut out);
                out
            }
            CuteValue::Layout(l) | CuteValue::Composed(_, _, l) => {
                let (mut shapes, mut strides) = (Vec::new(), Vec::new());
                layout_paths(l.shape(), l.stride(), &mut Vec::new(), &mut shapes, &mut strides);
                shapes.extend(strides);
                shapes
            }
            // The layout is field 1 (field 0 is the pointer).
            CuteValue::View(_, l, _) => {
                let (mut shapes, mut strides) = (Vec::new(), Vec::new());
                layout_paths(l.shape(), l.stride(), &mut vec![1], &mut shapes, &mut strides);
                shapes.extend(strides);
                shapes
            }
            // The iterator's leaves (field 0; a scalar iterator is field 0
            // itself), then the layout's (field 1).
            CuteValue::CoordView(origin, l) => {
                let mut out = Vec::new();
                tuple_paths(origin, &mut vec![0], &mut out);
                let (mut shapes, mut strides) = (Vec::new(), Vec::new());
                layout_paths(l.shape(), l.stride(), &mut vec![1], &mut shapes, &mut strides);
                out.extend(shapes);
                out.extend(strides);
                out
            }
            CuteValue::Ptr(_) | CuteValue::DescIter(_) | CuteValue::Swizzle | CuteValue::Tile(_) | CuteValue::Atom => Vec::new(),
        }
    }

    /// The same value with every `?` leaf seeded as the next argument.
    pub fn seeded(&self, recording: &mut symbolic::Recording) -> CuteValue {
        match self {
            CuteValue::Tuple(kind, t) => CuteValue::Tuple(*kind, symbolic::seed(t, recording)),
            CuteValue::Layout(l) => {
                let shape = symbolic::seed(l.shape(), recording);
                CuteValue::Layout(Layout::from_parts(shape, symbolic::seed(l.stride(), recording)))
            }
            CuteValue::Composed(swizzle, offset, l) => {
                let shape = symbolic::seed(l.shape(), recording);
                CuteValue::Composed(*swizzle, *offset, Layout::from_parts(shape, symbolic::seed(l.stride(), recording)))
            }
            CuteValue::View(space, l, swizzle) => {
                let shape = symbolic::seed(l.shape(), recording);
                CuteValue::View(*space, Layout::from_parts(shape, symbolic::seed(l.stride(), recording)), *swizzle)
            }
            CuteValue::CoordView(origin, l) => {
                let origin = symbolic::seed(origin, recording);
                let shape = symbolic::seed(l.shape(), recording);
                CuteValue::CoordView(origin, Layout::from_parts(shape, symbolic::seed(l.stride(), recording)))
            }
            other => other.clone(),
        }
    }

    /// The LLVM type.
    pub fn llvm_type<'c>(&self, context: &'c Context) -> Type<'c> {
        match self {
            CuteValue::Tuple(_, IntTuple::Leaf(l)) => leaf_type(context, l),
            CuteValue::Tuple(_, t) => tuple_type(context, t),
            CuteValue::Layout(l) | CuteValue::Composed(_, _, l) => layout_type(context, l.shape(), l.stride()),
            CuteValue::Ptr(space) => llvm::r#type::pointer(context, *space),
            CuteValue::View(space, l, _) => {
                let fields = [llvm::r#type::pointer(context, *space), layout_type(context, l.shape(), l.stride())];
                llvm::r#type::r#struct(context, &fields, false)
            }
            CuteValue::CoordView(origin, l) => {
                let fields = [tuple_type(context, origin), layout_type(context, l.shape(), l.stride())];
                llvm::r#type::r#struct(context, &fields, false)
            }
            CuteValue::DescIter(space) => {
                let i32_type = IntegerType::new(context, 32).into();
                llvm::r#type::r#struct(context, &[llvm::r#type::pointer(context, *space), i32_type, i32_type], false)
            }
            CuteValue::Swizzle | CuteValue::Tile(_) | CuteValue::Atom => llvm::r#type::r#struct(context, &[], false),
        }
    }
}

/// The converted type of `ty`, `Ok(None)` when it is not a cute type.
pub fn convert_type<'c>(context: &'c Context, ty: Type<'c>) -> Result<Option<Type<'c>>, String> {
    Ok(CuteValue::of(ty)?.map(|v| v.llvm_type(context)))
}

fn wide(l: &Leaf) -> bool {
    match l {
        Leaf::Dyn(d) => d.wide,
        Leaf::Int(v) => i32::try_from(*v).is_err(),
        _ => false,
    }
}

/// `vector<n x element>`, built with MLIR's VectorType (not parsed from
/// text).
pub fn vector_type(element: Type<'_>, n: i64) -> Type<'_> {
    use melior::ir::TypeLike;
    let shape = [n.max(1)];
    // SAFETY: the shape is read during the call; the element type is live,
    // and the vector type is uniqued in its context (melior 0.27 has no
    // VectorType wrapper).
    unsafe { Type::from_raw(mlir_sys::mlirVectorTypeGet(1, shape.as_ptr(), element.to_raw())) }
}

/// `i32`, or `i64` for a wide leaf.
pub fn leaf_type<'c>(context: &'c Context, l: &Leaf) -> Type<'c> {
    IntegerType::new(context, if wide(l) { 64 } else { 32 }).into()
}

fn tuple_type<'c>(context: &'c Context, t: &IntTuple) -> Type<'c> {
    match t {
        IntTuple::Leaf(l) => leaf_type(context, l),
        IntTuple::Tuple(items) => {
            let fields: Vec<Type> = items.iter().map(|i| tuple_type(context, i)).collect();
            llvm::r#type::r#struct(context, &fields, false)
        }
    }
}

/// The modes of a layout level: a leaf layout is one mode.
fn modes<'t>(s: &'t IntTuple, d: &'t IntTuple) -> Vec<(&'t IntTuple, &'t IntTuple)> {
    match (s, d) {
        (IntTuple::Tuple(ss), IntTuple::Tuple(ds)) => ss.iter().zip(ds).collect(),
        _ => vec![(s, d)],
    }
}

fn layout_type<'c>(context: &'c Context, s: &IntTuple, d: &IntTuple) -> Type<'c> {
    let mut fields = Vec::new();
    for (s, d) in modes(s, d) {
        match (s, d) {
            (IntTuple::Leaf(a), IntTuple::Leaf(b)) => {
                fields.push(leaf_type(context, a));
                fields.push(leaf_type(context, b));
            }
            _ => fields.push(layout_type(context, s, d)),
        }
    }
    llvm::r#type::r#struct(context, &fields, false)
}

fn tuple_paths(t: &IntTuple, prefix: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
    match t {
        IntTuple::Leaf(_) => out.push(prefix.clone()),
        IntTuple::Tuple(items) => {
            for (i, item) in items.iter().enumerate() {
                prefix.push(i as i64);
                tuple_paths(item, prefix, out);
                prefix.pop();
            }
        }
    }
}

fn layout_paths(
    s: &IntTuple,
    d: &IntTuple,
    prefix: &mut Vec<i64>,
    shapes: &mut Vec<Vec<i64>>,
    strides: &mut Vec<Vec<i64>>,
) {
    let mut field = 0i64;
    for (s, d) in modes(s, d) {
        match (s, d) {
            (IntTuple::Leaf(_), IntTuple::Leaf(_)) => {
                prefix.push(field);
                shapes.push(prefix.clone());
                *prefix.last_mut().expect("pushed") += 1;
                strides.push(prefix.clone());
                prefix.pop();
                field += 2;
            }
            _ => {
                prefix.push(field);
                layout_paths(s, d, prefix, shapes, strides);
                prefix.pop();
                field += 1;
            }
        }
    }
}

/// Builds ops at the rewriter's insertion point.
pub struct Builder<'c, 'r> {
    pub context: &'c Context,
    pub rewriter: &'r PatternRewriter,
    pub location: Location<'c>,
    /// The constants this op's lowering made, by (type, value): one each.
    constants: std::cell::RefCell<std::collections::HashMap<(u32, i64), mlir_sys::MlirValue>>,
}

impl<'c, 'r> Builder<'c, 'r> {
    pub fn new(context: &'c Context, rewriter: &'r PatternRewriter, location: Location<'c>) -> Self {
        Builder { context, rewriter, location, constants: Default::default() }
    }

    pub fn insert<'a>(&self, op: melior::ir::Operation<'c>) -> Result<Value<'c, 'a>, PatternError> {
        insert(self.rewriter, op)
    }

    /// An LLVM integer binary op (`llvm.add`, `llvm.mul`, ...) of one type.
    pub fn bin<'a>(&self, name: &str, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Result<Value<'c, 'a>, PatternError> {
        let op = OperationBuilder::new(name, self.location).add_operands(&[a, b]).add_results(&[a.r#type()]).build()?;
        self.insert(op)
    }

    /// An LLVM integer conversion (`llvm.sext`, `llvm.zext`, `llvm.trunc`).
    pub fn cast_int<'a>(&self, name: &str, v: Value<'c, 'a>, to: Type<'c>) -> Result<Value<'c, 'a>, PatternError> {
        self.insert(OperationBuilder::new(name, self.location).add_operands(&[v]).add_results(&[to]).build()?)
    }

    pub fn icmp_eq<'a>(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Result<Value<'c, 'a>, PatternError> {
        let predicate = IntegerAttribute::new(IntegerType::new(self.context, 64).into(), 0); // eq
        let op = OperationBuilder::new("llvm.icmp", self.location)
            .add_operands(&[a, b])
            .add_attributes(&[(Identifier::new(self.context, "predicate"), predicate.into())])
            .add_results(&[IntegerType::new(self.context, 1).into()])
            .build()?;
        self.insert(op)
    }

    pub fn select<'a>(&self, c: Value<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Result<Value<'c, 'a>, PatternError> {
        let op = OperationBuilder::new("llvm.select", self.location).add_operands(&[c, a, b]).add_results(&[a.r#type()]).build()?;
        self.insert(op)
    }

    pub fn int<'a>(&self, ty: Type<'c>, v: i64) -> Result<Value<'c, 'a>, PatternError> {
        let key = (IntegerType::try_from(ty).map(|t| t.width()).map_err(|_| format!("{ty} is not an integer type"))?, v);
        if let Some(raw) = self.constants.borrow().get(&key) {
            // SAFETY: made by this lowering, before the insertion point, in
            // the same block; it lives as long as the IR.
            return Ok(unsafe { Value::from_raw(*raw) });
        }
        // `llvm.mlir.constant`: the output stays in the LLVM dialect, so the
        // upstream arith conversion has nothing to convert.
        let op = OperationBuilder::new("llvm.mlir.constant", self.location)
            .add_attributes(&[(Identifier::new(self.context, "value"), IntegerAttribute::new(ty, v).into())])
            .add_results(&[ty])
            .build()?;
        let value: Value<'c, 'a> = self.insert(op)?;
        self.constants.borrow_mut().insert(key, value.to_raw());
        Ok(value)
    }

    /// `builtin.unrealized_conversion_cast` of `v` to `ty`.
    pub fn cast<'a>(&self, v: Value<'c, 'a>, ty: Type<'c>) -> Result<Value<'c, 'a>, PatternError> {
        let op = OperationBuilder::new("builtin.unrealized_conversion_cast", self.location)
            .add_operands(&[v])
            .add_results(&[ty])
            .build()?;
        self.insert(op)
    }

    /// The LLVM value of cute value `v`: the source of the cast that
    /// produced it, else a new cast (reconciled when its producer lowers).
    pub fn lowered<'a>(&self, v: Value<'c, 'a>, value: &CuteValue) -> Result<Value<'c, 'a>, PatternError> {
        let target = value.llvm_type(self.context);
        if let Ok(producer) = melior::ir::operation::OperationResult::try_from(v) {
            let op = producer.owner();
            if op.name().as_string_ref().as_str() == Ok("builtin.unrealized_conversion_cast")
                && op.operand_count() == 1
            {
                let source = op.operand(0)?;
                if source.r#type() == target {
                    // SAFETY: the cast's operand lives in the same IR as `v`.
                    return Ok(unsafe { Value::from_raw(source.to_raw()) });
                }
            }
        }
        self.cast(v, target)
    }

    /// Converts an integer or index `v` to integer type `to`.
    pub fn convert_int<'a>(&self, v: Value<'c, 'a>, to: Type<'c>) -> Result<Value<'c, 'a>, PatternError> {
        let from = v.r#type();
        if from == to {
            return Ok(v);
        }
        if from.is_index() || to.is_index() {
            return self.insert(arith::index_cast(v, to, self.location));
        }
        let width = |t: Type| IntegerType::try_from(t).map(|i| i.width()).map_err(|_| format!("{t} is not an integer type"));
        let (a, b) = (width(from)?, width(to)?);
        if a < b {
            self.cast_int("llvm.sext", v, to)
        } else {
            self.cast_int("llvm.trunc", v, to)
        }
    }

    /// An `llvm.extractvalue`, as spec 000's iterator walks spell it.
    pub fn extract_field<'a>(&self, v: Value<'c, 'a>, path: &[i64], ty: Type<'c>) -> Result<Value<'c, 'a>, PatternError> {
        let position = DenseI64ArrayAttribute::new(self.context, path);
        self.insert(llvm::extract_value(self.context, v, position, ty, self.location))
    }

    /// Field `path` of `v`.
    pub fn extract<'a>(&self, v: Value<'c, 'a>, path: &[i64], ty: Type<'c>) -> Result<Value<'c, 'a>, PatternError> {
        if path.is_empty() {
            return Ok(v);
        }
        // Look through the insertvalue chain that built `v` (most values
        // were packed by the pattern of their producer): the field's value
        // itself, without an extractvalue.
        let (mut current, mut rest) = (v, path.to_vec());
        while let Some((container, position, inserted)) = inserted_at(current) {
            if rest.starts_with(&position) {
                rest.drain(..position.len());
                current = inserted;
                if rest.is_empty() {
                    if current.r#type() == ty {
                        return Ok(current);
                    }
                    break;
                }
            } else if position.starts_with(&rest) {
                break;
            } else {
                current = container;
            }
        }
        if rest.is_empty() {
            return Ok(current);
        }
        let position = DenseI64ArrayAttribute::new(self.context, &rest);
        self.insert(llvm::extract_value(self.context, current, position, ty, self.location))
    }

    /// The LLVM values of every leaf of `value` (lowered as `v`).
    pub fn unpack<'a>(&self, v: Value<'c, 'a>, value: &CuteValue) -> Result<Vec<Value<'c, 'a>>, PatternError> {
        self.unpack_where(v, value, |_| true).map(|fields| fields.into_iter().flatten().collect())
    }

    /// The LLVM values of the leaves of `value` that satisfy `wanted`
    /// (`None` for the others: nothing is extracted for them).
    pub fn unpack_where<'a>(
        &self,
        v: Value<'c, 'a>,
        value: &CuteValue,
        wanted: impl Fn(&Leaf) -> bool,
    ) -> Result<Vec<Option<Value<'c, 'a>>>, PatternError> {
        value
            .leaves()
            .iter()
            .zip(value.paths())
            .map(|(leaf, path)| {
                if wanted(leaf) {
                    self.extract(v, &path, leaf_type(self.context, leaf)).map(Some)
                } else {
                    Ok(None)
                }
            })
            .collect()
    }

    /// The struct of `value` from its leaves' values (in leaf order). A fully
    /// static flat struct is one `llvm.mlir.constant`; anything else an
    /// insertvalue chain (LLVM's constant struct attribute cannot nest).
    pub fn pack<'a>(&self, value: &CuteValue, leaves: &[Value<'c, 'a>]) -> Result<Value<'c, 'a>, PatternError> {
        let paths = value.paths();
        if let [path] = &paths[..] {
            if path.is_empty() {
                return Ok(leaves[0]);
            }
        }
        if let CuteValue::View(..) = value {
            return Err("internal error: a view is packed with its pointer (memory::pack_view)".into());
        }
        // A value whose type is fully static is its constant (spec 000).
        if value.leaves().iter().all(|l| static_field(l).is_some()) {
            return self.constant(value);
        }
        self.insert_chain(value, leaves)
    }

    /// `undef` and one insertvalue per leaf, in field order.
    fn insert_chain<'a>(&self, value: &CuteValue, leaves: &[Value<'c, 'a>]) -> Result<Value<'c, 'a>, PatternError> {
        let ty = value.llvm_type(self.context);
        let paths = value.paths();
        if let [path] = &paths[..] {
            if path.is_empty() {
                return Ok(leaves[0]);
            }
        }
        let mut acc = self.insert(llvm::undef(ty, self.location))?;
        // Field order (spec 000's walk inserts shape0, stride0, shape1, ...).
        let mut fields: Vec<_> = leaves.iter().zip(&paths).collect();
        fields.sort_by(|a, b| a.1.cmp(b.1));
        for (leaf, path) in fields {
            let position = DenseI64ArrayAttribute::new(self.context, path);
            acc = self.insert(llvm::insert_value(self.context, acc, position, *leaf, self.location))?;
        }
        Ok(acc)
    }

    /// A fully static value: one constant when its struct is flat.
    pub fn constant<'a>(&self, value: &CuteValue) -> Result<Value<'c, 'a>, PatternError> {
        let leaves = value.leaves();
        // `_` leaves (slicing coordinates) are structure: their field holds 0.
        let ints: Option<Vec<i64>> = leaves.iter().map(static_field).collect();
        let ints = ints.ok_or("the value is not static")?;
        let flat = value.paths().iter().all(|p| p.len() <= 1);
        if flat && !matches!(value, CuteValue::Tuple(_, IntTuple::Leaf(_))) {
            // Elements in field order (a layout's leaves are listed shape first).
            let mut fields: Vec<_> = value.paths().into_iter().zip(leaves.iter().zip(&ints)).collect();
            fields.sort_by(|a, b| a.0.cmp(&b.0));
            let elements: Vec<Attribute> = fields
                .into_iter()
                .map(|(_, (l, v))| IntegerAttribute::new(leaf_type(self.context, l), *v).into())
                .collect();
            let op = OperationBuilder::new("llvm.mlir.constant", self.location)
                .add_attributes(&[(
                    Identifier::new(self.context, "value"),
                    ArrayAttribute::new(self.context, &elements).into(),
                )])
                .add_results(&[value.llvm_type(self.context)])
                .build()?;
            return self.insert(op);
        }
        let values = leaves
            .iter()
            .zip(&ints)
            .map(|(l, v)| self.int(leaf_type(self.context, l), *v))
            .collect::<Result<Vec<_>, _>>()?;
        self.insert_chain(value, &values)
    }
}

/// The field value of a static leaf: an integer's own, 0 for `_` (slicing
/// coordinates: the field is structure), and a static scaled basis's count
/// (`1@0`: which component it scales is in the type; the field is never
/// read). None for a run-time leaf.
pub fn static_field(l: &Leaf) -> Option<i64> {
    match l {
        Leaf::Int(v) => Some(*v),
        Leaf::Underscore => Some(0),
        Leaf::Basis(b) => b.integral_count().ok(),
        Leaf::Dyn(_) => None,
    }
}

/// `(container, position, value)` when `v` is the result of an
/// `llvm.insertvalue`.
fn inserted_at<'c, 'a>(v: Value<'c, 'a>) -> Option<(Value<'c, 'a>, Vec<i64>, Value<'c, 'a>)> {
    let producer = melior::ir::operation::OperationResult::try_from(v).ok()?;
    let op = producer.owner();
    if op.name().as_string_ref().as_str() != Ok("llvm.insertvalue") {
        return None;
    }
    let position = DenseI64ArrayAttribute::try_from(op.attribute("position").ok()?).ok()?;
    let position: Vec<i64> = (0..position.len()).map(|i| position.element(i)).collect::<Result<_, _>>().ok()?;
    // SAFETY: the operands live in the same IR as `v`.
    let (container, value) = unsafe {
        (Value::from_raw(op.operand(0).ok()?.to_raw()), Value::from_raw(op.operand(1).ok()?.to_raw()))
    };
    Some((container, position, value))
}
