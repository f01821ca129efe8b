//! `cute run --gpu`: the same launch on a real GPU through the CUDA driver
//! API, loaded at run time (`libcuda.so.1`), so building needs no CUDA. The
//! PTX is JIT-compiled by the driver (`cuModuleLoadData`); buffers are
//! allocated, filled, passed and read back exactly as the emulator's are, so
//! the two outputs compare element by element.

use crate::launch::{self, Arg, Launch, Outcome, Output};
use crate::machine::Report;
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

/// Runs `launch` on GPU 0 with the kernel of `ptx`.
pub fn execute(launch: &Launch, ptx: &str) -> Result<Outcome, String> {
    let driver = Driver::open()?;
    let init = driver.symbol::<unsafe extern "C" fn(c_uint) -> CuResult>("cuInit")?;
    let device_get = driver.symbol::<unsafe extern "C" fn(*mut Device, c_int) -> CuResult>("cuDeviceGet")?;
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

    let (buffers, _) = launch::prepare(launch, ptx)?;
    // SAFETY (every call below): CUDA driver API calls with the arguments
    // cuda.h documents; every pointer passed is live for the call, every
    // buffer copied has the size given.
    unsafe {
        driver.check("cuInit", init(0))?;
        let mut device: Device = 0;
        driver.check("cuDeviceGet", device_get(&mut device, 0))?;
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
        let mut device_buffers = Vec::new();
        let mut params: Vec<Vec<u8>> = Vec::new();
        let mut next = 0;
        for arg in &launch.args {
            match arg {
                Arg::Buffer { .. } => {
                    let data = &buffers[next].data;
                    next += 1;
                    let mut ptr: DevicePtr = 0;
                    driver.check("cuMemAlloc", alloc(&mut ptr, data.len().max(1)))?;
                    driver.check("cuMemcpyHtoD", to_device(ptr, data.as_ptr().cast(), data.len()))?;
                    device_buffers.push(ptr);
                    params.push(ptr.to_le_bytes().to_vec());
                }
                Arg::Scalar { dtype, value } => params.push(dtype.encode(*value)),
                Arg::TensorMap { .. } => {
                    return Err("--gpu: tensor-map arguments need cuTensorMapEncodeTiled, not wired yet (issue 30)".into())
                }
            }
        }
        let mut pointers: Vec<*mut c_void> = params.iter_mut().map(|p| p.as_mut_ptr().cast()).collect();
        let start = std::time::Instant::now();
        let [gx, gy, gz] = launch.grid;
        let [bx, by, bz] = launch.block.ok_or("launch field 'block' is missing (and the kernel declares no block shape)")?;
        driver.check(
            "cuLaunchKernel",
            launch_kernel(function, gx, gy, gz, bx, by, bz, dynamic_smem as c_uint, std::ptr::null_mut(), pointers.as_mut_ptr(), std::ptr::null_mut()),
        )?;
        driver.check("the kernel (cuCtxSynchronize)", synchronize())?;
        let seconds = start.elapsed().as_secs_f64();
        let mut outputs = Vec::new();
        for (buffer, ptr) in buffers.into_iter().zip(&device_buffers) {
            let mut data = vec![0u8; buffer.data.len()];
            driver.check("cuMemcpyDtoH", to_host(data.as_mut_ptr().cast(), *ptr, data.len()))?;
            outputs.push(Output { name: buffer.name, dtype: buffer.dtype, shape: buffer.shape, data });
        }
        for ptr in device_buffers {
            let _ = free(ptr);
        }
        Ok(Outcome { report: Report::default(), buffers: outputs, seconds })
    }
}
