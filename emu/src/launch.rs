//! The launch file `cute run` reads (docs/emulator.md): which kernel, the
//! grid and block, and its arguments in order: buffers (dtype, shape, init)
//! and scalars. Paths are relative to the file. Every refusal names the
//! field it is about.

use crate::machine::{self, Buffer, Bytes, Config, Report, GLOBAL_BASE, PAGE};
use crate::ptx;
use half::{bf16, f16};
use npyz::WriterBuilder as _;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dtype {
    F16,
    Bf16,
    F32,
    F64,
    I8,
    U8,
    I16,
    I32,
    U32,
    I64,
    U64,
    E4m3,
    E5m2,
}

/// The launch file's dtype names.
const DTYPE_NAMES: [(&str, Dtype); 13] = [
    ("f16", Dtype::F16),
    ("bf16", Dtype::Bf16),
    ("f32", Dtype::F32),
    ("f64", Dtype::F64),
    ("i8", Dtype::I8),
    ("u8", Dtype::U8),
    ("i16", Dtype::I16),
    ("i32", Dtype::I32),
    ("u32", Dtype::U32),
    ("i64", Dtype::I64),
    ("u64", Dtype::U64),
    ("e4m3", Dtype::E4m3),
    ("e5m2", Dtype::E5m2),
];

impl Dtype {
    pub fn parse(name: &str) -> Option<Dtype> {
        DTYPE_NAMES.iter().find(|(n, _)| *n == name).map(|(_, d)| *d)
    }

    /// The launch file's name of the dtype (`parse`'s inverse).
    pub fn name(self) -> &'static str {
        DTYPE_NAMES.iter().find(|(_, d)| *d == self).map(|(n, _)| *n).expect("every dtype is named")
    }

    pub fn bytes(self) -> usize {
        match self {
            Dtype::I8 | Dtype::U8 | Dtype::E4m3 | Dtype::E5m2 => 1,
            Dtype::F16 | Dtype::Bf16 | Dtype::I16 => 2,
            Dtype::F32 | Dtype::I32 | Dtype::U32 => 4,
            Dtype::F64 | Dtype::I64 | Dtype::U64 => 8,
        }
    }

    /// The little-endian bytes of `x` in this type.
    pub fn encode(self, x: f64) -> Vec<u8> {
        match self {
            Dtype::F16 => f16::from_f64(x).to_le_bytes().to_vec(),
            Dtype::Bf16 => bf16::from_f64(x).to_le_bytes().to_vec(),
            Dtype::F32 => (x as f32).to_le_bytes().to_vec(),
            Dtype::F64 => x.to_le_bytes().to_vec(),
            Dtype::I8 => (x as i8).to_le_bytes().to_vec(),
            Dtype::U8 => (x as u8).to_le_bytes().to_vec(),
            Dtype::I16 => (x as i16).to_le_bytes().to_vec(),
            Dtype::I32 => (x as i32).to_le_bytes().to_vec(),
            Dtype::U32 => (x as u32).to_le_bytes().to_vec(),
            Dtype::I64 => (x as i64).to_le_bytes().to_vec(),
            Dtype::U64 => (x as u64).to_le_bytes().to_vec(),
            // The nearest FP8 code (ties to the even code), as cvt.rn does.
            Dtype::E4m3 | Dtype::E5m2 => {
                let (e, m) = if self == Dtype::E4m3 { (4, 3) } else { (5, 2) };
                let best = (0..=255u8)
                    .filter(|&c| crate::mma::fp8(c, e, m).is_finite())
                    .min_by(|&a, &b| {
                        let (da, db) = ((crate::mma::fp8(a, e, m) - x).abs(), (crate::mma::fp8(b, e, m) - x).abs());
                        da.partial_cmp(&db).unwrap().then((a & 1).cmp(&(b & 1)))
                    })
                    .unwrap_or(0);
                vec![best]
            }
        }
    }

    /// The value of one element's bytes.
    pub fn decode(self, b: &[u8]) -> f64 {
        let a = |n: usize| -> [u8; 8] {
            let mut x = [0u8; 8];
            x[..n].copy_from_slice(&b[..n]);
            x
        };
        match self {
            Dtype::F16 => f64::from(f16::from_le_bytes([b[0], b[1]]).to_f32()),
            Dtype::Bf16 => f64::from(bf16::from_le_bytes([b[0], b[1]]).to_f32()),
            Dtype::F32 => f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            Dtype::F64 => f64::from_le_bytes(a(8)),
            Dtype::I8 => f64::from(b[0] as i8),
            Dtype::U8 => f64::from(b[0]),
            Dtype::I16 => f64::from(i16::from_le_bytes([b[0], b[1]])),
            Dtype::I32 => f64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            Dtype::U32 => f64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            Dtype::I64 => i64::from_le_bytes(a(8)) as f64,
            Dtype::U64 => u64::from_le_bytes(a(8)) as f64,
            Dtype::E4m3 => crate::mma::fp8(b[0], 4, 3),
            Dtype::E5m2 => crate::mma::fp8(b[0], 5, 2),
        }
    }

    fn npy_descr(self) -> &'static str {
        match self {
            Dtype::F16 => "<f2",
            Dtype::Bf16 => "<u2", // NumPy has no bfloat16: the raw bits
            Dtype::F32 => "<f4",
            Dtype::F64 => "<f8",
            Dtype::I8 => "|i1",
            Dtype::U8 => "|u1",
            Dtype::I16 => "<i2",
            Dtype::I32 => "<i4",
            Dtype::U32 => "<u4",
            Dtype::I64 => "<i8",
            Dtype::U64 => "<u8",
            // NumPy has no FP8: the raw bits.
            Dtype::E4m3 | Dtype::E5m2 => "|u1",
        }
    }
}

#[derive(Debug, Clone)]
pub enum Init {
    Zeros,
    /// Integers uniform in `lo..=hi`, element i from splitmix64 of `seed` and i (`randint`).
    Randint { lo: i64, hi: i64, seed: u64 },
    Npy(PathBuf),
    Values(Vec<f64>),
}

#[derive(Debug, Clone)]
pub enum Arg {
    Buffer { name: String, dtype: Dtype, shape: Vec<usize>, init: Init },
    Scalar { dtype: Dtype, value: f64 },
    /// A TMA descriptor over a buffer of its own (cuTensorMapEncodeTiled's
    /// facts): `box` innermost first, `swizzle` 0, 32, 64 or 128 bytes. The
    /// tensor is the buffer, row-major: its dims are the shape reversed.
    /// An im2col map (`tensor_map_im2col`, cuTensorMapEncodeIm2col's facts)
    /// has `boxes` = (channels per pixel, pixels per column) and its pixel
    /// box in `im2col`.
    TensorMap { name: String, dtype: Dtype, shape: Vec<usize>, init: Init, boxes: Vec<u32>, swizzle: u32, im2col: Option<crate::sm90::Im2col> },
}

#[derive(Debug, Clone)]
pub struct Launch {
    /// The folder of the launch file (paths are relative to it).
    pub dir: PathBuf,
    pub source: PathBuf,
    pub chip: String,
    pub kernel: String,
    pub grid: [u32; 3],
    /// None when the file leaves it to the compiler's launch metadata.
    pub block: Option<[u32; 3]>,
    pub dynamic_smem: Option<usize>,
    pub args: Vec<Arg>,
    /// Only these CTAs run (`"ctas": [[x, y, z], ...]`, each inside the
    /// grid); None: the whole grid. The emulator's alone (`--gpu` refuses it).
    pub ctas: Option<Vec<[u32; 3]>>,
    /// Buffers the emulator keeps sparse (`"sparse": ["B", ...]`): only the
    /// pages the kernel touches are made, from the buffer's init (zeros or
    /// randint), so a launch may hold operands of many GiB. `--out` does
    /// not write them; a GPU gets them whole.
    pub sparse: Vec<String>,
}

impl Launch {
    /// A launch of `kernel` built in code (no file): the grid, the block,
    /// no dynamic shared memory, every CTA, dense buffers.
    pub fn new(chip: &str, kernel: &str, grid: [u32; 3], block: [u32; 3], args: Vec<Arg>) -> Launch {
        Launch {
            dir: PathBuf::new(),
            source: PathBuf::new(),
            chip: chip.into(),
            kernel: kernel.into(),
            grid,
            block: Some(block),
            dynamic_smem: Some(0),
            args,
            ctas: None,
            sparse: Vec::new(),
        }
    }

    /// Completes the launch with what the compiler says the kernel needs
    /// (its declared block, its dynamic shared memory) and refuses a launch
    /// file that contradicts it.
    pub fn complete(&mut self, block: Option<[u32; 3]>, dynamic_smem: usize) -> Result<(), String> {
        match (self.block, block) {
            (None, Some(b)) => self.block = Some(b),
            (Some(given), Some(b)) if given != b => {
                return Err(format!("launch field 'block': {given:?}, but kernel '{}' is declared for {b:?} threads (the compiler's launch metadata)", self.kernel))
            }
            _ => {}
        }
        match self.dynamic_smem {
            None => self.dynamic_smem = Some(dynamic_smem),
            Some(given) if given < dynamic_smem => {
                return Err(format!(
                    "launch field 'dynamic_smem': {given} bytes, but kernel '{}' lays out {dynamic_smem} bytes of dynamic shared memory (the compiler's launch metadata; leave the field out to take it)",
                    self.kernel
                ))
            }
            _ => {}
        }
        Ok(())
    }
}

fn dims(v: &Value, field: &str) -> Result<[u32; 3], String> {
    let list = v.as_array().ok_or_else(|| format!("launch field '{field}': expected [x, y, z]"))?;
    if list.is_empty() || list.len() > 3 {
        return Err(format!("launch field '{field}': expected 1 to 3 extents, got {}", list.len()));
    }
    let mut out = [1u32; 3];
    for (i, x) in list.iter().enumerate() {
        out[i] = x.as_u64().filter(|&x| x > 0 && x <= u64::from(u32::MAX)).ok_or_else(|| format!("launch field '{field}[{i}]': expected a positive integer, got {x}"))? as u32;
    }
    Ok(out)
}

/// A buffer's fields (`buffer`, `dtype`, `shape`, `init`) of an argument.
fn buffer_arg(obj: &serde_json::Map<String, Value>, at: &dyn Fn(&str) -> String, dir: &Path) -> Result<Arg, String> {
    {
        let name = obj.get("buffer").ok_or_else(|| at("'buffer' names the buffer (a string)"))?;
            let name = name.as_str().ok_or_else(|| at("'buffer' names the buffer (a string)"))?.to_string();
            let dtype_name = obj.get("dtype").and_then(Value::as_str).ok_or_else(|| at("'dtype' is missing"))?;
            let dtype = Dtype::parse(dtype_name).ok_or_else(|| at(&format!("unknown dtype '{dtype_name}' (f16, bf16, f32, f64, i8, u8, i16, i32, u32, i64, u64, e4m3, e5m2)")))?;
            let shape: Vec<usize> = obj
                .get("shape")
                .and_then(Value::as_array)
                .ok_or_else(|| at("'shape' is missing"))?
                .iter()
                .map(|x| x.as_u64().map(|x| x as usize).ok_or_else(|| at("'shape' holds non-negative integers")))
                .collect::<Result<_, _>>()?;
            let init = match obj.get("init") {
                None => Init::Zeros,
                Some(Value::String(s)) if s == "zeros" => Init::Zeros,
                Some(Value::Object(o)) if o.contains_key("randint") => {
                    let r = o["randint"].as_array().filter(|r| r.len() == 2).ok_or_else(|| at("'randint' is [lo, hi]"))?;
                    let (lo, hi) = (r[0].as_i64().ok_or_else(|| at("'randint' lo"))?, r[1].as_i64().ok_or_else(|| at("'randint' hi"))?);
                    if lo > hi {
                        return Err(at("'randint' has lo > hi"));
                    }
                    Init::Randint { lo, hi, seed: o.get("seed").and_then(Value::as_u64).unwrap_or(1) }
                }
                Some(Value::Object(o)) if o.contains_key("npy") => Init::Npy(dir.join(o["npy"].as_str().ok_or_else(|| at("'npy' is a path"))?)),
                Some(Value::Object(o)) if o.contains_key("values") => Init::Values(
                    o["values"].as_array().ok_or_else(|| at("'values' is a list"))?.iter().map(|v| v.as_f64().ok_or_else(|| at("'values' holds numbers"))).collect::<Result<_, _>>()?,
                ),
                Some(other) => return Err(at(&format!("unknown init {other} (\"zeros\", {{\"randint\": [lo, hi], \"seed\": s}}, {{\"npy\": path}}, {{\"values\": [...]}})"))),
            };
            Ok(Arg::Buffer { name, dtype, shape, init })
    }
}

impl Launch {
    /// The launch as a launch file (`parse`'s inverse) whose source is
    /// `source`; npy inputs are named by `npy_name(argument index, path)`.
    pub fn to_json(&self, source: &str, npy_name: &dyn Fn(usize, &Path) -> String) -> Value {
        let buffer = |i: usize, name: &str, dtype: &Dtype, shape: &[usize], init: &Init| {
            let init = match init {
                Init::Zeros => json!("zeros"),
                Init::Randint { lo, hi, seed } => json!({"randint": [lo, hi], "seed": seed}),
                Init::Npy(path) => json!({"npy": npy_name(i, path)}),
                Init::Values(values) => json!({"values": values}),
            };
            json!({"buffer": name, "dtype": dtype.name(), "shape": shape, "init": init})
        };
        let args: Vec<Value> = self
            .args
            .iter()
            .enumerate()
            .map(|(i, arg)| match arg {
                Arg::Buffer { name, dtype, shape, init } => buffer(i, name, dtype, shape, init),
                // Whole numbers as integers: the file reads as it was written.
                Arg::Scalar { dtype, value } if value.fract() == 0.0 && value.abs() < 9e15 => json!({ dtype.name(): *value as i64 }),
                Arg::Scalar { dtype, value } => json!({ dtype.name(): value }),
                Arg::TensorMap { name, dtype, shape, init, boxes, swizzle, im2col } => {
                    let mut map = buffer(i, name, dtype, shape, init);
                    map["swizzle"] = json!(swizzle);
                    match im2col {
                        None => {
                            map["box"] = json!(boxes);
                            json!({ "tensor_map": map })
                        }
                        Some(im) => {
                            map["channels_per_pixel"] = json!(boxes[0]);
                            map["pixels_per_column"] = json!(boxes[1]);
                            map["lower_corner"] = json!(im.lower);
                            map["upper_corner"] = json!(im.upper);
                            map["element_strides"] = json!(im.element_strides());
                            json!({ "tensor_map_im2col": map })
                        }
                    }
                }
            })
            .collect();
        let mut out = json!({"source": source, "chip": self.chip, "kernel": self.kernel, "grid": self.grid, "args": args});
        if !self.sparse.is_empty() {
            out["sparse"] = json!(self.sparse);
        }
        if let Some(block) = self.block {
            out["block"] = json!(block);
        }
        if let Some(smem) = self.dynamic_smem {
            out["dynamic_smem"] = json!(smem);
        }
        if let Some(ctas) = &self.ctas {
            out["ctas"] = json!(ctas);
        }
        out
    }
}

/// Reads a launch file.
pub fn parse(path: &Path) -> Result<Launch, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the launch file {}: {e}", path.display()))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("launch file {}: not JSON: {e}", path.display()))?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let field = |name: &str| json.get(name).ok_or_else(|| format!("launch field '{name}' is missing"));
    let string = |name: &str| -> Result<String, String> {
        field(name)?.as_str().map(str::to_string).ok_or_else(|| format!("launch field '{name}': expected a string"))
    };
    let source = dir.join(string("source")?);
    let chip = string("chip")?;
    let kernel = string("kernel")?;
    let grid = dims(field("grid")?, "grid")?;
    let block = match json.get("block") {
        None => None,
        Some(v) => Some(dims(v, "block")?),
    };
    let dynamic_smem = match json.get("dynamic_smem") {
        None => None,
        Some(v) => Some(v.as_u64().ok_or("launch field 'dynamic_smem': expected a byte count")? as usize),
    };
    let ctas = match json.get("ctas") {
        None => None,
        Some(v) => {
            let list = v.as_array().ok_or("launch field 'ctas': expected a list of [x, y, z] CTA indices")?;
            let mut ctas = Vec::new();
            for (i, c) in list.iter().enumerate() {
                let at = |what: &str| format!("launch field 'ctas[{i}]': {what}");
                let parts = c.as_array().filter(|p| (1..=3).contains(&p.len())).ok_or_else(|| at("expected [x, y, z]"))?;
                let mut id = [0u32; 3];
                for (d, x) in parts.iter().enumerate() {
                    id[d] = x.as_u64().and_then(|x| u32::try_from(x).ok()).ok_or_else(|| at(&format!("expected a CTA index, got {x}")))?;
                }
                if (0..3).any(|d| id[d] >= grid[d]) {
                    return Err(format!("launch field 'ctas[{i}]': {id:?} is outside the grid {grid:?}"));
                }
                ctas.push(id);
            }
            Some(ctas)
        }
    };
    let list = field("args")?.as_array().ok_or("launch field 'args': expected a list")?;
    let mut args = Vec::new();
    for (i, a) in list.iter().enumerate() {
        let at = |what: &str| format!("launch field 'args[{i}]': {what}");
        let obj = a.as_object().ok_or_else(|| at("expected an object"))?;
        if obj.contains_key("buffer") {
            args.push(buffer_arg(obj, &at, &dir)?);
        } else if let Some((map, im2col)) = obj.get("tensor_map").map(|m| (m, false)).or_else(|| obj.get("tensor_map_im2col").map(|m| (m, true))) {
            args.push(crate::maps::tensor_map_arg(map, im2col, &at, &|m| buffer_arg(m, &at, &dir))?);
        } else if obj.len() == 1 {
            let (k, v) = obj.iter().next().unwrap();
            let dtype = Dtype::parse(k).ok_or_else(|| at(&format!("a scalar's key is its dtype, got '{k}'")))?;
            let value = v.as_f64().ok_or_else(|| at("a scalar's value is a number"))?;
            args.push(Arg::Scalar { dtype, value });
        } else {
            return Err(at("expected {\"buffer\": ...} or a scalar such as {\"i32\": 256}"));
        }
    }
    let sparse: Vec<String> = match json.get("sparse") {
        None => Vec::new(),
        Some(v) => v
            .as_array()
            .ok_or("launch field 'sparse': expected a list of buffer names")?
            .iter()
            .map(|n| n.as_str().map(str::to_string).ok_or("launch field 'sparse': expected a list of buffer names"))
            .collect::<Result<_, _>>()?,
    };
    for name in &sparse {
        // A tensor map's tensor may be sparse too: TMA reads it through the
        // same buffer (issue 35: the far corner of an LM head's B).
        let init = args.iter().find_map(|a| match a {
            Arg::Buffer { name: n, init, .. } | Arg::TensorMap { name: n, init, .. } if n == name => Some(init),
            _ => None,
        });
        match init {
            None => return Err(format!("launch field 'sparse': no buffer or tensor map '{name}' among the arguments")),
            Some(Init::Zeros | Init::Randint { .. }) => {}
            Some(_) => return Err(format!("launch field 'sparse': buffer '{name}' is made from a file or a list; a sparse buffer's init is \"zeros\" or randint")),
        }
    }
    Ok(Launch { dir, source, chip, kernel, grid, block, dynamic_smem, args, ctas, sparse })
}

/// A buffer after the launch.
#[derive(Debug, Clone)]
pub struct Output {
    pub name: String,
    pub dtype: Dtype,
    pub shape: Vec<usize>,
    /// The bytes (only the pages made, for a buffer of `Launch::sparse`).
    pub data: Bytes,
}

impl Output {
    /// Element `i` (row-major over `shape`) as a number.
    pub fn get(&self, i: usize) -> f64 {
        let b = self.dtype.bytes();
        match &self.data {
            Bytes::Dense(d) => self.dtype.decode(&d[i * b..(i + 1) * b]),
            sparse => self.dtype.decode(&sparse.peek(i * b, b)),
        }
    }

    /// All the bytes, a sparse buffer made whole.
    pub fn bytes(&self) -> std::borrow::Cow<'_, [u8]> {
        self.data.whole()
    }
}

pub struct Outcome {
    pub report: Report,
    pub buffers: Vec<Output>,
    pub seconds: f64,
    /// Set when the launch ran on a GPU (`--gpu`): the device and the timed
    /// launches after the checked one.
    pub gpu: Option<GpuRun>,
}

/// A launch on a GPU: the checked launch (its buffers are the outcome's)
/// and `repeats` more, timed together.
#[derive(Debug, Clone)]
pub struct GpuRun {
    pub device: String,
    pub repeats: u32,
    /// Mean seconds per launch over the `repeats` timed launches (0 when none).
    pub mean_seconds: f64,
    /// CTAs of this kernel the GPU holds at once (occupancy x SMs, or
    /// resident clusters x cluster CTAs): the grid a persistent kernel
    /// should be launched with at most.
    pub resident: u64,
    /// The CTAs of the launch's grid.
    pub grid_ctas: u64,
}

fn fill(dtype: Dtype, shape: &[usize], init: &Init, what: &str) -> Result<Vec<u8>, String> {
    let n: usize = shape.iter().product();
    Ok(match init {
        Init::Zeros => vec![0; n * dtype.bytes()],
        Init::Values(v) => {
            if v.len() != n {
                return Err(format!("{what}: 'values' has {} numbers for {n} elements", v.len()));
            }
            v.iter().flat_map(|x| dtype.encode(*x)).collect()
        }
        Init::Randint { lo, hi, seed } => (0..n).flat_map(|i| dtype.encode(randint(*lo, *hi, *seed, i as u64) as f64)).collect(),
        Init::Npy(path) => read_npy(path, dtype, shape).map_err(|e| format!("{what}: {e}"))?,
    })
}

/// Element `i` of a `{"randint": [lo, hi], "seed": seed}` buffer: uniform
/// in `lo..=hi`, from splitmix64 of the seed and the index (a counter, not
/// a stream: any element, and so any page of a sparse buffer, is made
/// alone).
pub fn randint(lo: i64, hi: i64, seed: u64, i: u64) -> i64 {
    let mut z = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(i.wrapping_mul(0xd1b5_4a32_d192_ed03)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    lo + ((z >> 11) % (hi - lo + 1) as u64) as i64
}

/// The bytes of a sparse buffer: pages made from its init when touched.
fn sparse_bytes(dtype: Dtype, n: usize, init: &Init) -> Bytes {
    let len = n * dtype.bytes();
    let init = init.clone();
    let page_of = move |page: usize| {
        let b = dtype.bytes();
        let first = page * PAGE / b;
        let count = (PAGE / b).min(n - first);
        let mut out = match &init {
            Init::Randint { lo, hi, seed } => (first..first + count).flat_map(|i| dtype.encode(randint(*lo, *hi, *seed, i as u64) as f64)).collect(),
            _ => vec![0u8; count * b],
        };
        out.resize(PAGE, 0);
        out
    };
    Bytes::Sparse { len, pages: Default::default(), page_of: std::sync::Arc::new(page_of) }
}

fn read_npy(path: &Path, dtype: Dtype, shape: &[usize]) -> Result<Vec<u8>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let npy = npyz::NpyFile::new(&bytes[..]).map_err(|e| format!("{} is not a .npy file: {e}", path.display()))?;
    let found: Vec<usize> = npy.shape().iter().map(|&d| d as usize).collect();
    if found != shape {
        return Err(format!("{} has shape {found:?}, the launch says {shape:?}", path.display()));
    }
    let descr = npy.dtype().descr();
    if descr.trim_matches('\'') != dtype.npy_descr() {
        return Err(format!("{} holds {}, the launch's dtype needs {}", path.display(), descr.trim_matches('\''), dtype.npy_descr()));
    }
    let header = bytes.len() - shape.iter().product::<usize>() * dtype.bytes();
    Ok(bytes[header..].to_vec())
}

/// Writes `out` as `dir/<name>.npy`.
pub fn write_npy(dir: &Path, out: &Output) -> Result<PathBuf, String> {
    let path = dir.join(format!("{}.npy", out.name));
    let file = std::fs::File::create(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let shape: Vec<u64> = out.shape.iter().map(|&d| d as u64).collect();
    let dtype = npyz::DType::parse(&format!("'{}'", out.dtype.npy_descr())).map_err(|e| e.to_string())?;
    macro_rules! write_as {
        ($t:ty, $conv:expr) => {{
            let mut writer = npyz::WriteOptions::<$t>::new().dtype(dtype).shape(&shape).writer(std::io::BufWriter::new(file)).begin_nd().map_err(|e| e.to_string())?;
            let b = out.dtype.bytes();
            for chunk in out.bytes().chunks(b) {
                writer.push(&$conv(chunk)).map_err(|e| e.to_string())?;
            }
            writer.finish().map_err(|e| e.to_string())?;
        }};
    }
    match out.dtype {
        Dtype::F16 => write_as!(f16, |c: &[u8]| f16::from_le_bytes([c[0], c[1]])),
        // bf16 as its bit pattern ('<u2': numpy has no bf16).
        Dtype::Bf16 => write_as!(u16, |c: &[u8]| u16::from_le_bytes([c[0], c[1]])),
        Dtype::I16 => write_as!(i16, |c: &[u8]| i16::from_le_bytes([c[0], c[1]])),
        Dtype::F32 => write_as!(f32, |c: &[u8]| f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        Dtype::F64 => write_as!(f64, |c: &[u8]| f64::from_le_bytes(c.try_into().unwrap())),
        Dtype::I8 => write_as!(i8, |c: &[u8]| c[0] as i8),
        Dtype::U8 | Dtype::E4m3 | Dtype::E5m2 => write_as!(u8, |c: &[u8]| c[0]),
        Dtype::I32 => write_as!(i32, |c: &[u8]| i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        Dtype::U32 => write_as!(u32, |c: &[u8]| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        Dtype::I64 => write_as!(i64, |c: &[u8]| i64::from_le_bytes(c.try_into().unwrap())),
        Dtype::U64 => write_as!(u64, |c: &[u8]| u64::from_le_bytes(c.try_into().unwrap())),
    }
    Ok(path)
}

/// The launch checked against the kernel of `ptx_text` (it exists; the
/// arguments match its parameters in count and size), with its buffers
/// filled: what the emulator and `--gpu` both start from.
pub struct Prepared {
    pub module: ptx::Module,
    pub kernel: usize,
    /// The parameters' bytes, buffers at the emulator's addresses.
    pub params: Vec<Vec<u8>>,
    /// The emulator's address of each buffer (`Output` order): 4 GiB
    /// apart, or more after a larger buffer, with at least one unused
    /// byte between two, so an access past one's end is a fault.
    pub bases: Vec<u64>,
}

pub fn prepare(launch: &Launch, ptx_text: &str) -> Result<(Vec<Output>, Prepared), String> {
    let module = ptx::parse(ptx_text).map_err(|e| e.to_string())?;
    let names: Vec<&str> = module.kernels.iter().map(|k| k.name.as_str()).collect();
    let index = module
        .kernels
        .iter()
        .position(|k| k.name == launch.kernel)
        .ok_or_else(|| format!("launch field 'kernel': no kernel '{}' in the PTX (it has {})", launch.kernel, names.join(", ")))?;
    let kernel = &module.kernels[index];
    if launch.args.len() != kernel.params.len() {
        return Err(format!("launch field 'args': kernel '{}' takes {} parameters, the launch gives {}", kernel.name, kernel.params.len(), launch.args.len()));
    }
    let mut outputs = Vec::new();
    let mut params = Vec::new();
    let mut bases = Vec::new();
    let mut next_base = GLOBAL_BASE;
    let mut place = |bytes: usize| {
        let base = next_base;
        next_base += (bytes as u64 + 1).div_ceil(GLOBAL_BASE) * GLOBAL_BASE;
        bases.push(base);
        base
    };
    // A buffer's bytes (a tensor map's tensor alike): made, dense or sparse,
    // placed, and kept as an output; its device address.
    let mut make = |name: &String, dtype: Dtype, shape: &Vec<usize>, init: &Init, what: String| -> Result<u64, String> {
        let n: usize = shape.iter().product();
        let data = if launch.sparse.contains(name) { sparse_bytes(dtype, n, init) } else { Bytes::Dense(fill(dtype, shape, init, &what)?) };
        let base = place(n * dtype.bytes());
        outputs.push(Output { name: name.clone(), dtype, shape: shape.clone(), data });
        Ok(base)
    };
    for (i, (arg, param)) in launch.args.iter().zip(&kernel.params).enumerate() {
        let bytes = match arg {
            Arg::Buffer { name, dtype, shape, init } => {
                make(name, *dtype, shape, init, format!("launch field 'args[{i}]' (buffer {name})"))?.to_le_bytes().to_vec()
            }
            Arg::Scalar { dtype, value } => dtype.encode(*value),
            Arg::TensorMap { name, dtype, shape, init, boxes, swizzle, im2col } => {
                let base = make(name, *dtype, shape, init, format!("launch field 'args[{i}]' (tensor map {name})"))?;
                let element = dtype.bytes() as u64;
                let dims: Vec<u64> = shape.iter().rev().map(|&d| d as u64).collect();
                let mut strides = vec![element];
                for d in 1..dims.len() {
                    strides.push(strides[d - 1] * dims[d - 1]);
                }
                crate::sm90::TensorMap { base, element_bytes: element as u32, dims, strides, boxes: boxes.clone(), swizzle: *swizzle, im2col: im2col.clone() }.encode()
            }
        };
        if bytes.len() != param.bytes {
            return Err(format!(
                "launch field 'args[{i}]': parameter {} of '{}' takes {} bytes, the argument gives {} ({})",
                param.name,
                kernel.name,
                param.bytes,
                bytes.len(),
                match arg {
                    Arg::Buffer { .. } => "a buffer is its 8-byte address".to_string(),
                    Arg::Scalar { dtype, .. } => format!("a {dtype:?} scalar"),
                    Arg::TensorMap { .. } => "a tensor map is 128 bytes".to_string(),
                }
            ));
        }
        params.push(bytes);
    }
    Ok((outputs, Prepared { module, kernel: index, params, bases }))
}

/// Runs `launch` on the kernel of `ptx_text` in the emulator.
pub fn execute(launch: &Launch, ptx_text: &str) -> Result<Outcome, String> {
    let (outputs, prepared) = prepare(launch, ptx_text)?;
    let kernel = &prepared.module.kernels[prepared.kernel];
    // The buffers move into the machine and back: no copy of their bytes.
    let (kinds, mut buffers): (Vec<(Dtype, Vec<usize>)>, Vec<Buffer>) =
        outputs.into_iter().zip(&prepared.bases).map(|(o, base)| ((o.dtype, o.shape), Buffer { name: o.name, base: *base, data: o.data })).unzip();
    let block = launch.block.ok_or("launch field 'block' is missing (and the kernel declares no block shape)")?;
    let config = Config {
        grid: launch.grid,
        block,
        dynamic_smem: launch.dynamic_smem.unwrap_or(0),
        params: prepared.params,
        instruction_limit: 20_000_000_000,
        ctas: launch.ctas.clone(),
        cluster: prepared.module.kernels[prepared.kernel].cluster,
    };
    let cluster = config.cluster_shape();
    if (0..3).any(|d| launch.grid[d] % cluster[d] != 0) {
        return Err(format!("launch field 'grid': {:?} is not a whole number of the kernel's {cluster:?} clusters (.reqnctapercluster)", launch.grid));
    }
    let start = std::time::Instant::now();
    let report = machine::run(kernel, &config, &mut buffers);
    let seconds = start.elapsed().as_secs_f64();
    let buffers = buffers.into_iter().zip(kinds).map(|(b, (dtype, shape))| Output { name: b.name, dtype, shape, data: b.data }).collect();
    Ok(Outcome { report, buffers, seconds, gpu: None })
}

/// The short report `cute run` prints.
pub fn summary(outcome: &Outcome) -> String {
    if let Some(g) = &outcome.gpu {
        let mut text = format!("ran on {}: first launch {:.3} ms, {} CTAs resident at once", g.device, outcome.seconds * 1e3, g.resident);
        if g.repeats > 0 {
            text.push_str(&format!(", {} timed launches: {:.4} ms each", g.repeats, g.mean_seconds * 1e3));
        }
        if g.grid_ctas > g.resident {
            // A persistent kernel (each CTA looping over tiles) launched
            // wider than this runs its last CTAs after the first finished.
            text.push_str(&format!("; the grid's {} CTAs do not fit at once: a persistent kernel should take at most {}", g.grid_ctas, g.resident));
        }
        return text;
    }
    let r = &outcome.report;
    let mut text = format!(
        "{} instructions, {} CTAs, {} warps, {:.3} s ({:.1} M instructions/s), {} hazards, {} warnings",
        r.instructions,
        r.ctas,
        r.warps,
        outcome.seconds,
        r.instructions as f64 / outcome.seconds.max(1e-9) / 1e6,
        r.hazards.len(),
        r.warnings.len()
    );
    for h in &r.hazards {
        text.push_str(&format!("\nhazard ({:?}, {}x): {}", h.kind, h.count, h.message));
    }
    for w in &r.warnings {
        text.push_str(&format!("\nwarning: {w}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dtype_writes_an_npy_that_reads_back() {
        // `cute run --out` of an i16 buffer once failed ("cannot write type
        // u16 with type-string '<i2'"): the writer took i16 for bf16's bits.
        let dir = std::env::temp_dir().join(format!("cute-emu-npy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, dtype) in DTYPE_NAMES {
            let bytes: Vec<u8> = (0..3 * dtype.bytes()).map(|i| (i * 37 + 1) as u8).collect();
            let out = Output { name: name.to_string(), dtype, shape: vec![3], data: Bytes::Dense(bytes.clone()) };
            let path = write_npy(&dir, &out).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(read_npy(&path, dtype, &[3]).unwrap_or_else(|e| panic!("{name}: {e}")), bytes, "{name}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_gpu_run_says_when_its_grid_does_not_fit_at_once() {
        let run = |grid_ctas| Outcome {
            report: Report::default(),
            buffers: Vec::new(),
            seconds: 0.001,
            gpu: Some(GpuRun { device: "GPU".into(), repeats: 2, mean_seconds: 0.0005, resident: 132, grid_ctas }),
        };
        let fits = summary(&run(132));
        assert_eq!(fits, "ran on GPU: first launch 1.000 ms, 132 CTAs resident at once, 2 timed launches: 0.5000 ms each");
        assert!(summary(&run(1024)).ends_with("; the grid's 1024 CTAs do not fit at once: a persistent kernel should take at most 132"));
    }

    #[test]
    fn a_launch_written_as_json_reads_back_the_same() {
        let dir = std::env::temp_dir().join(format!("cute-emu-to-json-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = r#"{"source": "k.ptx", "chip": "sm_90a", "kernel": "k", "grid": [2, 3], "block": [128], "dynamic_smem": 4096, "ctas": [[1, 2, 0]], "sparse": ["A"],
          "args": [{"buffer": "A", "dtype": "bf16", "shape": [4, 8], "init": {"randint": [-3, 3], "seed": 9}},
                   {"buffer": "B", "dtype": "e4m3", "shape": [2], "init": {"values": [0.5, -1]}},
                   {"buffer": "C", "dtype": "f32", "shape": [3], "init": {"npy": "c.npy"}},
                   {"tensor_map": {"buffer": "T", "dtype": "f16", "shape": [64, 64], "box": [64, 32], "swizzle": 128}},
                   {"i32": -7}, {"f32": 2.5}, {"u64": 12345678901}]}"#;
        std::fs::write(dir.join("a.json"), text).unwrap();
        let first = parse(&dir.join("a.json")).unwrap();
        let json = first.to_json("k.ptx", &|_, path| path.file_name().unwrap().to_str().unwrap().to_string());
        std::fs::write(dir.join("b.json"), serde_json::to_string(&json).unwrap()).unwrap();
        let second = parse(&dir.join("b.json")).unwrap();
        assert_eq!(format!("{first:?}"), format!("{second:?}").replace("b.json", "a.json"));
        assert_eq!(json["args"][4], json!({"i32": -7}), "whole numbers stay integers");
    }

    #[test]
    fn tensor_maps_obey_the_drivers_stride_and_box_rules() {
        let dir = std::env::temp_dir().join(format!("cute-emu-tma-rules-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let launch = |map: &str| {
            let text = format!(r#"{{"source": "k.ptx", "chip": "sm_90a", "kernel": "k", "grid": [1], "args": [{map}]}}"#);
            std::fs::write(dir.join("t.json"), text).unwrap();
            parse(&dir.join("t.json"))
        };
        // f16 rows of 100 elements are 200 bytes: no tensor map.
        let e = launch(r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [64, 100], "box": [64, 64]}}"#).unwrap_err();
        assert!(e.contains("a global stride is 200 bytes, and TMA needs a multiple of 16"), "{e}");
        let e = launch(r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [64, 104], "box": [4, 64]}}"#).unwrap_err();
        assert!(e.contains("the innermost box extent 4 of A is 8 bytes"), "{e}");
        let e = launch(r#"{"tensor_map_im2col": {"buffer": "X", "dtype": "f16", "shape": [1, 4, 4, 3], "channels_per_pixel": 3, "pixels_per_column": 16, "lower_corner": [0, 0], "upper_corner": [0, 0]}}"#).unwrap_err();
        assert!(e.contains("a global stride is 6 bytes"), "{e}");
        assert!(launch(r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [1, 8], "box": [64, 128]}}"#).is_ok(), "a box larger than the tensor is fine");
        let e = launch(r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [], "box": []}}"#).unwrap_err();
        assert!(e.contains("a tiled tensor map has rank 1 to 5"), "{e}");
        let e = launch(r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [1, 1, 1, 1, 1, 8], "box": [8, 1, 1, 1, 1, 1]}}"#).unwrap_err();
        assert!(e.contains("a tiled tensor map has rank 1 to 5"), "{e}");
        let e = launch(r#"{"tensor_map": {"buffer": "A", "dtype": "f16", "shape": [8, 128], "box": [128, 8], "swizzle": 128}}"#).unwrap_err();
        assert!(e.contains("256 bytes, more than the 128-byte swizzle span"), "{e}");
    }
}
