//! Launch metadata (issue 34): what a launcher needs that only the compiler
//! knows, per kernel: its parameters' kinds in order (a pointer's element
//! type and address space, a scalar's type, a tensor map's encoding from its
//! `!cute_nvgpu.tma_descriptor` type), the dynamic shared memory the storage
//! lowering laid out (`cute.dynamic_smem_bytes`), the block and cluster
//! shapes the kernel declares (`known_block_size` / `nvvm.reqntid`,
//! `nvvm.cluster_dim`), and the chip. `cute compile --launch-info FILE`
//! writes it as JSON, with a `cute run` launch skeleton per kernel; `cute
//! run` takes what its launch file leaves out from it and refuses what
//! contradicts it.

use crate::handle::CheckedAccess;
use melior::ir::{operation::OperationLike, Module};
use serde_json::{json, Value};

/// One kernel parameter, by kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    Pointer { element: String, space: String, align: u32 },
    /// `max`: the bound (`?{max=N}`) the kernel declares for it, the
    /// tightest where it enters several leaves (issue 35).
    Scalar { dtype: String, max: Option<u64> },
    TensorMap { element: String, fields: Vec<(String, String)> },
    /// A value passed as it is (a layout as a grid constant, an atom).
    Value { ty: String },
}

#[derive(Debug, Clone, PartialEq)]
pub struct KernelInfo {
    pub name: String,
    pub params: Vec<Param>,
    pub dynamic_smem: u64,
    /// The block shape the kernel declares.
    pub block: Option<[u32; 3]>,
    pub cluster: Option<[u32; 3]>,
    /// The threads its tiled MMAs and tiled copies partition over (the
    /// largest), with the type that needs them.
    pub threads: Option<(u32, String)>,
}

/// The threads a tiled MMA or tiled copy type partitions over: the atom's
/// threads times the atom layout's size, or the thread mode of the copy's
/// thread-value layout.
pub fn threads_of(ty: melior::ir::Type) -> Option<u32> {
    use crate::dialect::{composite_parts, spec, type_spec, Composite};
    let parts = composite_parts(ty)?;
    let (_, text) = parts.layout.and_then(type_spec)?;
    let layout = spec::parse_checked_layout(text).ok()?;
    match parts.kind {
        Composite::TiledMma => {
            let atom = crate::dialect::nvgpu::Atom::of(parts.atom?)?;
            let layouts = crate::dialect::nvgpu::mma::atom_layouts(&atom)?;
            crate::layout::mma_partition::thread_count(&layouts, &layout).ok().map(|n| n as u32)
        }
        Composite::TiledCopy => {
            let thread_mode = layout.modes().first()?.clone();
            crate::layout::size(&thread_mode).ok()?.as_int().map(|n| n as u32)
        }
        _ => None,
    }
}

/// The largest thread count a tiled MMA or tiled copy of `kernel` needs.
pub fn required_threads(kernel: melior::ir::OperationRef) -> Option<(u32, String)> {
    let mut best: Option<(u32, String)> = None;
    kernel.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        for i in 0..op.result_count() {
            if let Ok(r) = op.result(i) {
                let ty = melior::ir::ValueLike::r#type(&r);
                if let Some(n) = threads_of(ty) {
                    if best.as_ref().is_none_or(|(b, _)| n > *b) {
                        best = Some((n, ty.to_string()));
                    }
                }
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    best
}

/// A kernel op's declared block shape (`known_block_size`, `nvvm.reqntid`).
pub fn declared_block(op: &melior::ir::OperationRef) -> Option<[u32; 3]> {
    let attr = |n: &str| op.attribute(n).ok().map(|a| a.to_string());
    attr("known_block_size").or_else(|| attr("gpu.known_block_size")).or_else(|| attr("nvvm.reqntid")).and_then(|t| dims(&t))
}

/// A kernel's declared cluster shape (`nvvm.cluster_dim`, PTX
/// `.reqnctapercluster`).
pub fn declared_cluster(op: &melior::ir::OperationRef) -> Option<[u32; 3]> {
    op.attribute("nvvm.cluster_dim").ok().and_then(|a| dims(&a.to_string()))
}

#[derive(Debug, Clone, PartialEq)]
pub struct LaunchInfo {
    pub chip: String,
    pub kernels: Vec<KernelInfo>,
}

/// The kind of a parameter from its cute IR type.
pub fn param_of(ty: &str) -> Param {
    let inner = |prefix: &str| ty.strip_prefix(prefix).and_then(|r| r.strip_suffix('>')).map(str::to_string);
    if let Some(body) = inner("!cute.ptr<") {
        let parts: Vec<&str> = body.split(',').map(str::trim).collect();
        let align = parts.iter().find_map(|p| p.strip_prefix("align<").and_then(|a| a.strip_suffix('>'))).and_then(|a| a.parse().ok()).unwrap_or(1);
        return Param::Pointer { element: parts[0].to_string(), space: parts.get(1).unwrap_or(&"gmem").to_string(), align };
    }
    if let Some(body) = inner("!cute_nvgpu.tma_descriptor<") {
        let (element, rest) = body.split_once(',').unwrap_or((&body, ""));
        let mut fields = Vec::new();
        let mut depth = 0;
        let mut current = String::new();
        for c in rest.chars().chain(std::iter::once(',')) {
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                _ => {}
            }
            if c == ',' && depth == 0 {
                if let Some((k, v)) = current.split_once('=') {
                    fields.push((k.trim().to_string(), v.trim().trim_matches('"').to_string()));
                }
                current.clear();
            } else {
                current.push(c);
            }
        }
        return Param::TensorMap { element: element.trim().to_string(), fields };
    }
    let scalar = matches!(ty, "index" | "f16" | "bf16" | "f32" | "f64")
        || ty.strip_prefix('i').or_else(|| ty.strip_prefix("si")).or_else(|| ty.strip_prefix("ui")).is_some_and(|b| b.parse::<u32>().is_ok());
    if scalar {
        return Param::Scalar { dtype: if ty == "index" { "i64".to_string() } else { ty.to_string() }, max: None };
    }
    Param::Value { ty: ty.to_string() }
}

fn dims(text: &str) -> Option<[u32; 3]> {
    let inner = &text[text.find(':')? + 1..text.rfind('>')?];
    let v: Vec<u32> = inner.split(',').filter_map(|x| x.trim().parse().ok()).collect();
    (!v.is_empty() && v.len() <= 3).then(|| [v[0], *v.get(1).unwrap_or(&1), *v.get(2).unwrap_or(&1)])
}

/// A kernel entry: a `gpu.func` marked `kernel`, or a `gpu.func` /
/// `func.func` marked `cute.kernel` (spec 002's top-level form).
pub fn is_kernel(op: &melior::ir::OperationRef) -> bool {
    let name = op.name();
    let name = name.as_string_ref().as_str().unwrap_or("");
    (name == "gpu.func" && op.has_attribute("gpu.kernel")) || (matches!(name, "gpu.func" | "func.func") && op.has_attribute("cute.kernel"))
}

/// The kernels of `module` (cute IR, before lowering): names, parameters,
/// declared block and cluster shapes. Dynamic shared memory comes later
/// ([`record_dynamic_smem`]).
pub fn kernels(module: &Module) -> Vec<KernelInfo> {
    let mut out = Vec::new();
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if is_kernel(&op) {
            let symbol = op.attribute("sym_name").map(|a| a.to_string().trim_matches('"').to_string()).unwrap_or_default();
            let params = op
                .region(0)
                .ok()
                .and_then(|r| melior::ir::RegionLike::first_block(&r))
                .map(|b| {
                    (0..melior::ir::BlockLike::argument_count(&b))
                        .filter_map(|i| melior::ir::BlockLike::argument(&b, i).ok())
                        .map(|a| param_of(&melior::ir::ValueLike::r#type(&a).to_string()))
                        .collect()
                })
                .unwrap_or_default();
            let mut params: Vec<Param> = params;
            record_bounds(op, &mut params);
            let block = declared_block(&op);
            let cluster = declared_cluster(&op);
            let threads = required_threads(op);
            out.push(KernelInfo { name: symbol, params, dynamic_smem: 0, block, cluster, threads });
        }
        melior::ir::operation::WalkResult::Advance
    });
    out
}

/// The bounds (`?{max=N}`) a kernel declares for its scalar parameters:
/// a parameter that is (through integer casts) an operand of a
/// `cute.make_int_tuple` whose matching run-time leaf is bounded.
fn record_bounds(kernel: melior::ir::OperationRef, params: &mut [Param]) {
    use melior::ir::{block::BlockLike, ValueLike};
    let Some(entry) = kernel.region(0).ok().and_then(|r| melior::ir::RegionLike::first_block(&r)) else { return };
    kernel.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() != Ok("cute.make_int_tuple") {
            return melior::ir::operation::WalkResult::Advance;
        }
        let leaves: Vec<crate::layout::Leaf> = op
            .result(0)
            .ok()
            .and_then(|r| crate::dialect::type_spec(r.r#type()).map(|(_, text)| text.to_string()))
            .and_then(|text| crate::layout::parse_int_tuple(&text).ok())
            .map(|t| t.leaves().into_iter().filter(|l| matches!(l, crate::layout::Leaf::Dyn(_))).cloned().collect())
            .unwrap_or_default();
        for (k, leaf) in leaves.iter().enumerate() {
            let crate::layout::Leaf::Dyn(d) = leaf else { continue };
            let Some(mut value) = (d.max > 0).then(|| op.operand(k).ok()).flatten() else { continue };
            // Through the integer casts a size parameter takes on its way.
            while let Ok(result) = melior::ir::operation::OperationResult::try_from(value) {
                let def = result.owner();
                if !matches!(def.name().as_string_ref().as_str(), Ok("arith.extsi" | "arith.extui" | "arith.index_cast" | "arith.index_castui")) {
                    break;
                }
                let Some(next) = def.operand_if(0) else { break };
                value = next;
            }
            let Ok(argument) = melior::ir::block::BlockArgument::try_from(value) else { continue };
            if argument.owner().to_raw().ptr != entry.to_raw().ptr {
                continue;
            }
            if let Some(Param::Scalar { max, .. }) = params.get_mut(argument.argument_number()) {
                *max = Some(max.map_or(d.max, |m| m.min(d.max)));
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
}

/// Reads `cute.dynamic_smem_bytes` of each lowered kernel (`llvm.func`).
pub fn record_dynamic_smem(module: &Module, kernels: &mut [KernelInfo]) {
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() == Ok("llvm.func") {
            let symbol = op.attribute("sym_name").map(|a| a.to_string().trim_matches('"').to_string()).unwrap_or_default();
            if let Some(k) = kernels.iter_mut().find(|k| k.name == symbol) {
                if let Ok(bytes) = op.attribute("cute.dynamic_smem_bytes") {
                    k.dynamic_smem = bytes.to_string().split(':').next().and_then(|n| n.trim().parse().ok()).unwrap_or(0);
                }
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
}

/// The `cute run` dtype of an element type.
fn dtype(element: &str) -> &str {
    match element {
        "si8" | "i8" => "i8",
        "ui8" => "u8",
        "si16" | "i16" => "i16",
        "si32" | "i32" => "i32",
        "ui32" => "u32",
        "si64" | "i64" => "i64",
        "ui64" => "u64",
        "tf32" => "f32",
        other => other,
    }
}

impl LaunchInfo {
    /// The JSON `cute compile --launch-info` writes.
    pub fn to_json(&self, source: &str) -> Value {
        let kernels: Vec<Value> = self
            .kernels
            .iter()
            .map(|k| {
                let params: Vec<Value> = k
                    .params
                    .iter()
                    .map(|p| match p {
                        Param::Pointer { element, space, align } => json!({"kind": "pointer", "element": element, "space": space, "align": align}),
                        Param::Scalar { dtype, max: None } => json!({"kind": "scalar", "dtype": dtype}),
                        Param::Scalar { dtype, max: Some(m) } => json!({"kind": "scalar", "dtype": dtype, "max": m}),
                        Param::TensorMap { element, fields } => {
                            let mut m = serde_json::Map::new();
                            m.insert("kind".into(), json!("tensor_map"));
                            m.insert("element".into(), json!(element));
                            for (key, value) in fields {
                                m.insert(key.clone(), json!(value));
                            }
                            Value::Object(m)
                        }
                        Param::Value { ty } => json!({"kind": "value", "type": ty}),
                    })
                    .collect();
                // A `cute run` launch file to complete: buffer shapes and
                // inits, scalar values, the grid.
                let args: Vec<Value> = k
                    .params
                    .iter()
                    .enumerate()
                    .map(|(i, p)| match p {
                        Param::Pointer { element, .. } => json!({"buffer": format!("arg{i}"), "dtype": dtype(element), "shape": [], "init": "zeros"}),
                        Param::Scalar { dtype: d, .. } => {
                            let mut m = serde_json::Map::new();
                            m.insert(dtype(d).to_string(), json!(0));
                            Value::Object(m)
                        }
                        Param::TensorMap { .. } => json!({"tensor_map": format!("arg{i}")}),
                        Param::Value { ty } => json!({"value": ty}),
                    })
                    .collect();
                let mut launch = serde_json::Map::new();
                launch.insert("source".into(), json!(source));
                launch.insert("chip".into(), json!(self.chip));
                launch.insert("kernel".into(), json!(k.name));
                launch.insert("grid".into(), json!([1, 1, 1]));
                // The declared block, else the one the partitions assume.
                if let Some(b) = k.block.or(k.threads.as_ref().map(|(n, _)| [*n, 1, 1])) {
                    launch.insert("block".into(), json!(b));
                }
                launch.insert("dynamic_smem".into(), json!(k.dynamic_smem));
                launch.insert("args".into(), Value::Array(args));
                json!({
                    "name": k.name,
                    "entry": k.name,
                    "params": params,
                    "dynamic_smem": k.dynamic_smem,
                    "block": k.block,
                    "threads_required": k.threads.as_ref().map(|(n, ty)| json!({"threads": n, "by": ty})),
                    "cluster": k.cluster,
                    "launch": Value::Object(launch),
                })
            })
            .collect();
        json!({"chip": self.chip, "kernels": kernels})
    }
}
