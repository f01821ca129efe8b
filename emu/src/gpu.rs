//! `cute run --gpu`: the same launch on a real GPU through the CUDA driver
//! API, loaded at run time (`libcuda.so.1`), so building needs no CUDA. The
//! PTX is JIT-compiled by the driver (`cuModuleLoadData`); buffers are
//! allocated, filled, passed and read back exactly as the emulator's are, so
//! the two outputs compare element by element.

use crate::launch::{self, Arg, Dtype, GpuRun, Launch, Outcome, Output};
use crate::machine::{Bytes, Report};
use libloading::{Library, Symbol};
use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};

type CuResult = c_int;
type Device = c_int;
type Context = *mut c_void;
type Module = *mut c_void;
type Function = *mut c_void;
type DevicePtr = u64;

/// The driver entry points the launch needs.
struct Driver {
    library: Library,
}

/// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES` (cuda.h).
const MAX_DYNAMIC_SHARED: c_int = 8;

/// `CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT` (cuda.h).
const MULTIPROCESSOR_COUNT: c_int = 16;

/// `CUlaunchConfig` (cuda.h), as `cuOccupancyMaxActiveClusters` reads it:
/// no attributes, so the kernel's own `.reqnctapercluster` is the cluster.
#[repr(C)]
struct LaunchConfig {
    grid: [c_uint; 3],
    block: [c_uint; 3],
    shared_mem_bytes: c_uint,
    stream: *mut c_void,
    attrs: *mut c_void,
    num_attrs: c_uint,
}

/// `CUtensorMap`: 128 opaque bytes, 64-byte aligned (cuda.h).
#[repr(C, align(64))]
struct CuTensorMap([u8; 128]);

/// The arguments of `cuTensorMapEncodeTiled` for a tensor-map launch
/// argument over a row-major buffer of `shape` (cuda.h's enums): the same
/// dims, byte strides, box and swizzle the emulator's own map holds
/// (`launch::prepare`), innermost dimension first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiledEncoding {
    /// `CUtensorMapDataType`.
    pub data_type: u32,
    pub dims: Vec<u64>,
    /// Byte strides of dims 1.. (dim 0 is contiguous).
    pub strides: Vec<u64>,
    pub boxes: Vec<u32>,
    /// `CUtensorMapSwizzle`: none, 32B, 64B, 128B.
    pub swizzle: u32,
}

pub fn tiled_encoding(dtype: Dtype, shape: &[usize], boxes: &[u32], swizzle: u32) -> Result<TiledEncoding, String> {
    if shape.is_empty() || shape.len() > 5 || boxes.len() != shape.len() {
        return Err(format!("--gpu: a tiled tensor map has rank 1 to 5 and a box per dimension, got shape {shape:?} and box {boxes:?}"));
    }
    Ok(TiledEncoding { boxes: boxes.to_vec(), ..tensor_encoding(dtype, shape, swizzle)? })
}

/// What every tensor map of a row-major buffer of `shape` encodes, tiled or
/// im2col: the data type, dims and byte strides (innermost first) and the
/// swizzle; `boxes` is left empty (an im2col map's box is its pixel box).
fn tensor_encoding(dtype: Dtype, shape: &[usize], swizzle: u32) -> Result<TiledEncoding, String> {
    let data_type = match dtype {
        Dtype::U8 | Dtype::I8 | Dtype::E4m3 | Dtype::E5m2 => 0,
        Dtype::I16 => 1,
        Dtype::U32 => 2,
        Dtype::I32 => 3,
        Dtype::U64 => 4,
        Dtype::I64 => 5,
        Dtype::F16 => 6,
        Dtype::F32 => 7,
        Dtype::F64 => 8,
        Dtype::Bf16 => 9,
    };
    let swizzle = match swizzle {
        0 => 0,
        32 => 1,
        64 => 2,
        128 => 3,
        other => return Err(format!("--gpu: a tensor map swizzles 0, 32, 64 or 128 bytes, got {other}")),
    };
    let dims: Vec<u64> = shape.iter().rev().map(|&d| d as u64).collect();
    let mut strides = Vec::new();
    let mut stride = dtype.bytes() as u64;
    for d in &dims[..dims.len().saturating_sub(1)] {
        stride *= d;
        strides.push(stride);
    }
    Ok(TiledEncoding { data_type, dims, strides, boxes: Vec::new(), swizzle })
}

impl Driver {
    fn open() -> Result<Driver, String> {
        // SAFETY: loading the system's CUDA driver library, which runs its
        // initializers; nothing else is loaded.
        let library = unsafe { Library::new("libcuda.so.1").or_else(|_| Library::new("libcuda.so")) }
            .map_err(|e| format!("--gpu: no CUDA driver on this machine ({e})"))?;
        Ok(Driver { library })
    }

    fn symbol<T>(&self, name: &str) -> Result<Symbol<'_, T>, String> {
        // SAFETY: each name is a CUDA driver API function whose C signature
        // is the type `T` it is called through below (cuda.h).
        unsafe { self.library.get(name.as_bytes()) }.map_err(|e| format!("--gpu: the CUDA driver has no {name} ({e})"))
    }

    fn check(&self, what: &str, result: CuResult) -> Result<(), String> {
        if result == 0 {
            return Ok(());
        }
        let mut text: *const c_char = std::ptr::null();
        if let Ok(describe) = self.symbol::<unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult>("cuGetErrorString") {
            // SAFETY: the driver writes a pointer to a static string.
            unsafe { describe(result, &mut text) };
        }
        let message = if text.is_null() {
            format!("error {result}")
        } else {
            // SAFETY: a NUL-terminated static string of the driver.
            unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned()
        };
        Err(format!("--gpu: {what} failed: {message}"))
    }
}

/// The driver's tensor map over device memory at `ptr`: tiled
/// (`cuTensorMapEncodeTiled`) or im2col (`cuTensorMapEncodeIm2col`), with
/// the facts the emulator's own encoding holds (`launch::prepare`).
fn encode_map(driver: &Driver, ptr: DevicePtr, dtype: Dtype, shape: &[usize], boxes: &[u32], swizzle: u32, im2col: Option<&crate::sm90::Im2col>) -> Result<CuTensorMap, String> {
    let mut map = CuTensorMap([0; 128]);
    // Interleave none, L2 promotion 128B, OOB fill zeros. CUDA 12's entry
    // points, looked up only for kernels that take a map.
    match im2col {
        None => {
            let e = tiled_encoding(dtype, shape, boxes, swizzle)?;
            #[allow(clippy::type_complexity)]
            let encode_tiled = driver.symbol::<
                unsafe extern "C" fn(*mut CuTensorMap, c_uint, c_uint, *mut c_void, *const u64, *const u64, *const u32, *const u32, c_uint, c_uint, c_uint, c_uint) -> CuResult,
            >("cuTensorMapEncodeTiled")?;
            let ones = vec![1u32; e.dims.len()];
            // SAFETY: cuda.h's arguments; every array is live and rank long.
            let result = unsafe {
                encode_tiled(&mut map, e.data_type, e.dims.len() as c_uint, ptr as *mut c_void, e.dims.as_ptr(), e.strides.as_ptr(), e.boxes.as_ptr(), ones.as_ptr(), 0, e.swizzle, 2, 0)
            };
            driver.check("cuTensorMapEncodeTiled", result)?;
        }
        Some(im) => {
            // The pixel box instead of a box (the launch checked rank 3..5).
            let e = tensor_encoding(dtype, shape, swizzle)?;
            #[allow(clippy::type_complexity)]
            let encode_im2col = driver.symbol::<
                unsafe extern "C" fn(*mut CuTensorMap, c_uint, c_uint, *mut c_void, *const u64, *const u64, *const c_int, *const c_int, c_uint, c_uint, *const u32, c_uint, c_uint, c_uint, c_uint) -> CuResult,
            >("cuTensorMapEncodeIm2col")?;
            let strides = im.element_strides();
            let rank = e.dims.len() as c_uint;
            // SAFETY: cuda.h's arguments; the corner arrays hold rank - 2
            // offsets and the other arrays are rank long, all live.
            let result = unsafe {
                encode_im2col(&mut map, e.data_type, rank, ptr as *mut c_void, e.dims.as_ptr(), e.strides.as_ptr(), im.lower.as_ptr(), im.upper.as_ptr(), boxes[0], boxes[1], strides.as_ptr(), 0, e.swizzle, 2, 0)
            };
            driver.check("cuTensorMapEncodeIm2col", result)?;
        }
    }
    Ok(map)
}

/// Runs `launch` on GPU 0 with the kernel of `ptx`, then `repeats` more
/// times, timed together (the buffers returned are the first launch's).
pub fn execute(launch: &Launch, ptx: &str, repeats: u32) -> Result<Outcome, String> {
    if launch.ctas.is_some() {
        return Err("launch field 'ctas': running a subset of the grid is the emulator's alone (a GPU runs the whole grid)".into());
    }
    let driver = Driver::open()?;
    let init = driver.symbol::<unsafe extern "C" fn(c_uint) -> CuResult>("cuInit")?;
    let device_get = driver.symbol::<unsafe extern "C" fn(*mut Device, c_int) -> CuResult>("cuDeviceGet")?;
    let device_name = driver.symbol::<unsafe extern "C" fn(*mut c_char, c_int, Device) -> CuResult>("cuDeviceGetName")?;
    let retain = driver.symbol::<unsafe extern "C" fn(*mut Context, Device) -> CuResult>("cuDevicePrimaryCtxRetain")?;
    let set_current = driver.symbol::<unsafe extern "C" fn(Context) -> CuResult>("cuCtxSetCurrent")?;
    let load = driver.symbol::<unsafe extern "C" fn(*mut Module, *const c_void) -> CuResult>("cuModuleLoadData")?;
    let get_function = driver.symbol::<unsafe extern "C" fn(*mut Function, Module, *const c_char) -> CuResult>("cuModuleGetFunction")?;
    let set_attribute = driver.symbol::<unsafe extern "C" fn(Function, c_int, c_int) -> CuResult>("cuFuncSetAttribute")?;
    let alloc = driver.symbol::<unsafe extern "C" fn(*mut DevicePtr, usize) -> CuResult>("cuMemAlloc_v2")?;
    let free = driver.symbol::<unsafe extern "C" fn(DevicePtr) -> CuResult>("cuMemFree_v2")?;
    let to_device = driver.symbol::<unsafe extern "C" fn(DevicePtr, *const c_void, usize) -> CuResult>("cuMemcpyHtoD_v2")?;
    let to_host = driver.symbol::<unsafe extern "C" fn(*mut c_void, DevicePtr, usize) -> CuResult>("cuMemcpyDtoH_v2")?;
    #[allow(clippy::type_complexity)]
    let launch_kernel = driver.symbol::<
        unsafe extern "C" fn(Function, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, *mut c_void, *mut *mut c_void, *mut *mut c_void) -> CuResult,
    >("cuLaunchKernel")?;
    let synchronize = driver.symbol::<unsafe extern "C" fn() -> CuResult>("cuCtxSynchronize")?;

    let (buffers, prepared) = launch::prepare(launch, ptx)?;
    // SAFETY (every call below): CUDA driver API calls with the arguments
    // cuda.h documents; every pointer passed is live for the call, every
    // buffer copied has the size given.
    unsafe {
        driver.check("cuInit", init(0))?;
        let mut device: Device = 0;
        driver.check("cuDeviceGet", device_get(&mut device, 0))?;
        let mut name_bytes = [0 as c_char; 128];
        driver.check("cuDeviceGetName", device_name(name_bytes.as_mut_ptr(), name_bytes.len() as c_int, device))?;
        let device_label = CStr::from_ptr(name_bytes.as_ptr()).to_string_lossy().into_owned();
        let mut context: Context = std::ptr::null_mut();
        driver.check("cuDevicePrimaryCtxRetain", retain(&mut context, device))?;
        driver.check("cuCtxSetCurrent", set_current(context))?;
        let image = CString::new(ptx).map_err(|_| "--gpu: the PTX holds a NUL byte".to_string())?;
        let mut module: Module = std::ptr::null_mut();
        driver.check("cuModuleLoadData (the driver's PTX JIT)", load(&mut module, image.as_ptr().cast()))?;
        let name = CString::new(launch.kernel.as_str()).map_err(|_| "--gpu: bad kernel name".to_string())?;
        let mut function: Function = std::ptr::null_mut();
        driver.check("cuModuleGetFunction", get_function(&mut function, module, name.as_ptr()))?;
        let dynamic_smem = launch.dynamic_smem.unwrap_or(0);
        if dynamic_smem > 48 * 1024 {
            driver.check("cuFuncSetAttribute", set_attribute(function, MAX_DYNAMIC_SHARED, dynamic_smem as c_int))?;
        }
        let [gx, gy, gz] = launch.grid;
        let [bx, by, bz] = launch.block.ok_or("launch field 'block' is missing (and the kernel declares no block shape)")?;
        let cluster = prepared.module.kernels[prepared.kernel].cluster;
        let resident = resident_ctas(&driver, device, function, [gx, gy, gz], [bx, by, bz], dynamic_smem as c_uint, cluster)?;
        let mut device_buffers = Vec::new();
        // A launch buffer (or a tensor map's tensor) in device memory.
        let upload = |data: &[u8], device_buffers: &mut Vec<DevicePtr>| -> Result<DevicePtr, String> {
            let mut ptr: DevicePtr = 0;
            driver.check("cuMemAlloc", alloc(&mut ptr, data.len().max(1)))?;
            device_buffers.push(ptr);
            driver.check("cuMemcpyHtoD", to_device(ptr, data.as_ptr().cast(), data.len()))?;
            Ok(ptr)
        };
        let mut params: Vec<Vec<u8>> = Vec::new();
        let mut next = 0;
        for arg in &launch.args {
            match arg {
                Arg::Buffer { .. } => {
                    let ptr = upload(&buffers[next].bytes(), &mut device_buffers)?;
                    next += 1;
                    params.push(ptr.to_le_bytes().to_vec());
                }
                Arg::Scalar { dtype, value } => params.push(dtype.encode(*value)),
                Arg::TensorMap { dtype, shape, boxes, swizzle, im2col, .. } => {
                    // The tensor in device memory, and its map by value
                    // (the kernel's grid-constant parameter).
                    let ptr = upload(&buffers[next].bytes(), &mut device_buffers)?;
                    next += 1;
                    let map = encode_map(&driver, ptr, *dtype, shape, boxes, *swizzle, im2col.as_ref())?;
                    params.push(map.0.to_vec());
                }
            }
        }
        let mut pointers: Vec<*mut c_void> = params.iter_mut().map(|p| p.as_mut_ptr().cast()).collect();
        let mut run_once = || {
            driver.check(
                "cuLaunchKernel",
                launch_kernel(function, gx, gy, gz, bx, by, bz, dynamic_smem as c_uint, std::ptr::null_mut(), pointers.as_mut_ptr(), std::ptr::null_mut()),
            )
        };
        let start = std::time::Instant::now();
        run_once()?;
        driver.check("the kernel (cuCtxSynchronize)", synchronize())?;
        let seconds = start.elapsed().as_secs_f64();
        let mut outputs = Vec::new();
        for (buffer, ptr) in buffers.into_iter().zip(&device_buffers) {
            let mut data = vec![0u8; buffer.shape.iter().product::<usize>() * buffer.dtype.bytes()];
            driver.check("cuMemcpyDtoH", to_host(data.as_mut_ptr().cast(), *ptr, data.len()))?;
            outputs.push(Output { name: buffer.name, dtype: buffer.dtype, shape: buffer.shape, data: Bytes::Dense(data) });
        }
        // The timed launches come after the buffers are read back: a kernel
        // that updates its output in place leaves the first launch's result.
        let timed = std::time::Instant::now();
        for _ in 0..repeats {
            run_once()?;
        }
        driver.check("the timed launches (cuCtxSynchronize)", synchronize())?;
        let mean_seconds = if repeats == 0 { 0.0 } else { timed.elapsed().as_secs_f64() / f64::from(repeats) };
        for ptr in device_buffers {
            let _ = free(ptr);
        }
        Ok(Outcome { report: Report::default(), buffers: outputs, seconds, gpu: Some(GpuRun { device: device_label, repeats, mean_seconds, resident, grid_ctas: u64::from(gx) * u64::from(gy) * u64::from(gz) }) })
    }
}

/// How many CTAs of this launch the GPU holds at once: the driver's
/// occupancy of the kernel (registers, shared memory, block size) times the
/// SMs, or for a clustered kernel the clusters the GPCs can place at once
/// (`cuOccupancyMaxActiveClusters`) times the cluster's CTAs. A persistent
/// kernel launched with more CTAs than this runs its last ones in a second
/// wave, after the first have finished all their tiles.
///
/// # Safety
/// `function` is a loaded kernel of the current context of `device`.
unsafe fn resident_ctas(driver: &Driver, device: Device, function: Function, grid: [c_uint; 3], block: [c_uint; 3], smem: c_uint, cluster: Option<[u32; 3]>) -> Result<u64, String> {
    if let Some(shape) = cluster {
        let max_clusters = driver.symbol::<unsafe extern "C" fn(*mut c_int, Function, *const LaunchConfig) -> CuResult>("cuOccupancyMaxActiveClusters")?;
        let config = LaunchConfig { grid, block, shared_mem_bytes: smem, stream: std::ptr::null_mut(), attrs: std::ptr::null_mut(), num_attrs: 0 };
        let mut clusters: c_int = 0;
        // SAFETY: cuda.h's arguments; `config` is live and has no attributes.
        driver.check("cuOccupancyMaxActiveClusters", unsafe { max_clusters(&mut clusters, function, &config) })?;
        return Ok(clusters.max(0) as u64 * shape.iter().map(|&d| u64::from(d)).product::<u64>());
    }
    let per_sm = driver.symbol::<unsafe extern "C" fn(*mut c_int, Function, c_int, usize) -> CuResult>("cuOccupancyMaxActiveBlocksPerMultiprocessor")?;
    let attribute = driver.symbol::<unsafe extern "C" fn(*mut c_int, c_int, Device) -> CuResult>("cuDeviceGetAttribute")?;
    let (mut blocks, mut sms): (c_int, c_int) = (0, 0);
    let threads = block.iter().product::<c_uint>() as c_int;
    // SAFETY: cuda.h's arguments, each output a live local.
    unsafe {
        driver.check("cuOccupancyMaxActiveBlocksPerMultiprocessor", per_sm(&mut blocks, function, threads, smem as usize))?;
        driver.check("cuDeviceGetAttribute", attribute(&mut sms, MULTIPROCESSOR_COUNT, device))?;
    }
    Ok(blocks.max(0) as u64 * sms.max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tensor_maps_encode_as_the_emulator_lays_them_out() {
        // A 256 x 320 f16 row-major tensor, a 64 x 64 box, 128-byte swizzle:
        // dims innermost first, byte strides of the outer dims.
        let e = tiled_encoding(Dtype::F16, &[256, 320], &[64, 64], 128).unwrap();
        assert_eq!(e, TiledEncoding { data_type: 6, dims: vec![320, 256], strides: vec![640], boxes: vec![64, 64], swizzle: 3 });
        let e = tiled_encoding(Dtype::F32, &[2, 3, 4], &[4, 3, 1], 0).unwrap();
        assert_eq!((e.dims, e.strides, e.swizzle), (vec![4, 3, 2], vec![16, 48], 0));
        assert!(tiled_encoding(Dtype::F16, &[8], &[8], 16).unwrap_err().contains("swizzles 0, 32, 64 or 128"));
        assert!(tiled_encoding(Dtype::F16, &[8, 8], &[8], 0).unwrap_err().contains("a box per dimension"));
    }
}
