//! PTX to cubin (issue 33): `cute compile --emit cubin` and
//! [`crate::Compiler::compile_bytes`] with [`crate::compile::Emit::Cubin`].
//!
//! In process through NVIDIA's nvJitLink, loaded at run time; else by
//! running `ptxas`. Why nvJitLink and not the PTX compiler API
//! (`nvPTXCompiler*`): NVIDIA ships that API only as a static archive
//! (`libnvptxcompiler_static.a`, in no pip wheel), which cannot be loaded at
//! run time; nvJitLink is the shared library (pip `nvidia-nvjitlink-cu12`,
//! `nvidia-nvjitlink` for CUDA 13, or a toolkit's `lib64`) that carries the
//! same PTX compiler. It compiles PTX as `ptxas -c` does (relocatable) and
//! links the result as `nvlink` does: its cubin equals theirs section by
//! section, the tool note aside (`tests/cubin.rs`), and differs from a
//! whole-program `ptxas` run (the sm80 GEMM: 219 registers against 231).
//!
//! Where the compiler is looked for, first found first:
//! 1. `CUTE_PTXAS=PATH`: that ptxas, never nvJitLink (whole-program cubins);
//! 2. `CUTE_NVJITLINK=PATH`: that library;
//! 3. `libnvJitLink.so.13`, then `.so.12`, in `$LD_LIBRARY_PATH`'s folders,
//!    under `$CUDA_HOME`/`$CUDA_PATH`/
//!    `/usr/local/cuda` (`lib64`), and in the pip wheels' folders of the
//!    active virtual environment (`$VIRTUAL_ENV`) or of a `.venv` beside
//!    an ancestor of the running program (this repository's);
//! 4. `ptxas` on PATH, under those toolkit folders, or in those venvs.
//!
//! A chip a library does not know (nvJitLink 13 has no sm_70) goes to the
//! next compiler found; a PTX error is reported with the compiler's log.

use crate::target::Chip;
use std::{
    ffi::{c_char, c_int, c_uint, c_void, CString},
    path::{Path, PathBuf},
    sync::OnceLock,
};

/// One PTX compiler found on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PtxCompiler {
    /// nvJitLink, in process.
    NvJitLink(PathBuf),
    /// A `ptxas` executable, run as a process.
    Ptxas(PathBuf),
}

impl PtxCompiler {
    pub fn path(&self) -> &Path {
        match self {
            PtxCompiler::NvJitLink(p) | PtxCompiler::Ptxas(p) => p,
        }
    }

    /// What identifies this compiler's output in a cache key: its kind,
    /// path, size and modification time (no need to load it).
    pub fn fingerprint(&self) -> String {
        let kind = match self {
            PtxCompiler::NvJitLink(_) => "nvjitlink",
            PtxCompiler::Ptxas(_) => "ptxas",
        };
        format!("{kind}:{}", file_fingerprint(self.path()))
    }
}

/// `path;size;mtime` (what changes when a file is replaced).
pub(crate) fn file_fingerprint(path: &Path) -> String {
    let meta = std::fs::metadata(path).ok();
    let size = meta.as_ref().map(|m| m.len()).unwrap_or(0);
    let modified = meta
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("{};{size};{modified}", path.display())
}

/// The PTX compilers found, in the order they are tried (module docs).
pub fn compilers() -> Vec<PtxCompiler> {
    if let Some(ptxas) = std::env::var_os("CUTE_PTXAS") {
        return vec![PtxCompiler::Ptxas(PathBuf::from(ptxas))];
    }
    let mut found = Vec::new();
    if let Some(lib) = std::env::var_os("CUTE_NVJITLINK") {
        found.push(PtxCompiler::NvJitLink(PathBuf::from(lib)));
    }
    let roots = search_roots();
    for name in ["libnvJitLink.so.13", "libnvJitLink.so.12"] {
        for dir in roots.iter().filter_map(|r| r.lib.as_ref()) {
            let path = dir.join(name);
            if path.is_file() {
                found.push(PtxCompiler::NvJitLink(path));
            }
        }
    }
    let path_dirs = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect::<Vec<_>>()).unwrap_or_default();
    for dir in path_dirs.into_iter().chain(roots.into_iter().filter_map(|r| r.bin)) {
        let path = dir.join("ptxas");
        if path.is_file() {
            found.push(PtxCompiler::Ptxas(path));
        }
    }
    let mut unique = Vec::new();
    for compiler in found {
        if !unique.contains(&compiler) {
            unique.push(compiler);
        }
    }
    unique
}

/// A folder that may hold nvJitLink (`lib`) and ptxas (`bin`).
struct Root {
    lib: Option<PathBuf>,
    bin: Option<PathBuf>,
}

fn search_roots() -> Vec<Root> {
    // Found by path, never by probing the loader: listing the compilers
    // (for a cache key) must not load a 60 MB library.
    let mut roots: Vec<Root> = std::env::var_os("LD_LIBRARY_PATH")
        .map(|p| std::env::split_paths(&p).map(|dir| Root { lib: Some(dir), bin: None }).collect())
        .unwrap_or_default();
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(home) = std::env::var_os(var) {
            let home = PathBuf::from(home);
            roots.push(Root { lib: Some(home.join("lib64")), bin: Some(home.join("bin")) });
        }
    }
    roots.push(Root { lib: Some("/usr/local/cuda/lib64".into()), bin: Some("/usr/local/cuda/bin".into()) });
    let mut venvs: Vec<PathBuf> = std::env::var_os("VIRTUAL_ENV").map(PathBuf::from).into_iter().collect();
    if let Ok(exe) = std::env::current_exe() {
        venvs.extend(exe.ancestors().skip(1).map(|a| a.join(".venv")).filter(|v| v.is_dir()).take(1));
    }
    for venv in venvs {
        let Ok(entries) = std::fs::read_dir(venv.join("lib")) else { continue };
        for python in entries.flatten() {
            let nvidia = python.path().join("site-packages/nvidia");
            // CUDA 13 wheels share `nvidia/cu13`; CUDA 12 wheels have one
            // folder each (`nvidia/nvjitlink`, `nvidia/cuda_nvcc`).
            roots.push(Root { lib: Some(nvidia.join("cu13/lib")), bin: Some(nvidia.join("cu13/bin")) });
            roots.push(Root { lib: Some(nvidia.join("nvjitlink/lib")), bin: Some(nvidia.join("cuda_nvcc/bin")) });
        }
    }
    roots
}

/// Compiles `ptx` for `chip` to a cubin with the first compiler of
/// [`compilers`] that knows the chip.
pub fn ptx_to_cubin(ptx: &str, chip: Chip) -> Result<Vec<u8>, String> {
    let found = compilers();
    if found.is_empty() {
        return Err(no_compiler());
    }
    let mut refusals = Vec::new();
    for compiler in &found {
        match compile_with(compiler, ptx, chip) {
            Ok(cubin) => return Ok(cubin),
            Err(Failure::UnknownChip(why)) => refusals.push(format!("{}: {why}", compiler.path().display())),
            Err(Failure::Ptx(log)) => return Err(format!("{} refused the PTX for {}:\n{log}", compiler.path().display(), chip.name)),
        }
    }
    Err(format!("no PTX compiler found could compile for {}:\n{}", chip.name, refusals.join("\n")))
}

fn no_compiler() -> String {
    "--emit cubin: no PTX compiler found: install nvJitLink (pip install nvidia-nvjitlink-cu12, or a CUDA toolkit) or ptxas \
     (pip install nvidia-cuda-nvcc-cu12), or name one with CUTE_NVJITLINK=/path/libnvJitLink.so or CUTE_PTXAS=/path/ptxas"
        .into()
}

/// Why one compiler gave no cubin.
#[derive(Debug)]
pub enum Failure {
    /// It does not know the chip (or could not be loaded): try the next.
    UnknownChip(String),
    /// It refused the PTX: the error log.
    Ptx(String),
}

/// One compiler, no fallback.
pub fn compile_with(compiler: &PtxCompiler, ptx: &str, chip: Chip) -> Result<Vec<u8>, Failure> {
    match compiler {
        PtxCompiler::NvJitLink(path) => {
            let lib = NvJitLink::load(path).map_err(Failure::UnknownChip)?;
            lib.compile(ptx, chip.name)
        }
        PtxCompiler::Ptxas(path) => run_ptxas(path, ptx, chip.name),
    }
}

fn run_ptxas(ptxas: &Path, ptx: &str, chip: &str) -> Result<Vec<u8>, Failure> {
    let dir = scratch_dir();
    std::fs::create_dir_all(&dir).map_err(|e| Failure::UnknownChip(format!("cannot create {}: {e}", dir.display())))?;
    let (input, output) = (dir.join("kernel.ptx"), dir.join("kernel.cubin"));
    let outcome = std::fs::write(&input, ptx)
        .map_err(|e| Failure::UnknownChip(format!("cannot write {}: {e}", input.display())))
        .and_then(|()| {
            std::process::Command::new(ptxas)
                .arg(format!("-arch={chip}"))
                .arg(&input)
                .arg("-o")
                .arg(&output)
                .output()
                .map_err(|e| Failure::UnknownChip(format!("cannot run: {e}")))
        })
        .and_then(|run| {
            let log = String::from_utf8_lossy(&run.stderr).into_owned();
            if run.status.success() {
                std::fs::read(&output).map_err(|e| Failure::Ptx(format!("no cubin written: {e}")))
            } else if log.contains("is not defined for option 'gpu-name'") || log.contains("Unsupported gpu architecture") {
                Err(Failure::UnknownChip(log.trim().to_string()))
            } else {
                Err(Failure::Ptx(log))
            }
        });
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

fn scratch_dir() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!("cute-ptxas-{}-{}", std::process::id(), RUNS.fetch_add(1, Ordering::Relaxed)))
}

type Handle = *mut c_void;
type Create = unsafe extern "C" fn(*mut Handle, c_uint, *const *const c_char) -> c_int;
type Destroy = unsafe extern "C" fn(*mut Handle) -> c_int;
type AddData = unsafe extern "C" fn(Handle, c_int, *const c_void, usize, *const c_char) -> c_int;
type Complete = unsafe extern "C" fn(Handle) -> c_int;
type GetSize = unsafe extern "C" fn(Handle, *mut usize) -> c_int;
type GetBytes = unsafe extern "C" fn(Handle, *mut c_char) -> c_int;
type Version = unsafe extern "C" fn(*mut c_uint, *mut c_uint) -> c_int;

/// nvJitLink's input kind for PTX (`NVJITLINK_INPUT_PTX`).
const INPUT_PTX: c_int = 2;

/// The entry points of one loaded nvJitLink, resolved once per library
/// (the library stays loaded for the process: its handles are cheap to
/// create, loading it is not).
struct NvJitLink {
    create: Create,
    destroy: Destroy,
    add_data: AddData,
    complete: Complete,
    cubin_size: GetSize,
    cubin: GetBytes,
    error_log_size: GetSize,
    error_log: GetBytes,
}

impl NvJitLink {
    fn load(path: &Path) -> Result<&'static NvJitLink, String> {
        static LOADED: OnceLock<std::sync::Mutex<Vec<(PathBuf, &'static NvJitLink)>>> = OnceLock::new();
        let loaded = LOADED.get_or_init(Default::default);
        let mut loaded = loaded.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, lib)) = loaded.iter().find(|(p, _)| p == path) {
            return Ok(lib);
        }
        // SAFETY: a library of NVIDIA's; its initializers have no
        // preconditions. It is never unloaded (leaked below), so the
        // function pointers taken from it stay valid.
        let library = unsafe { libloading::Library::new(path) }.map_err(|e| format!("cannot load: {e}"))?;
        let library: &'static libloading::Library = Box::leak(Box::new(library));
        // The versioned entry points (`__nvJitLinkCreate_13_0`): what the
        // header's inline wrappers call; `_<major>_0` exists in every
        // release of that major version.
        let version: libloading::Symbol<Version> =
            unsafe { library.get(b"nvJitLinkVersion\0") }.map_err(|e| format!("not nvJitLink: {e}"))?;
        let (mut major, mut minor) = (0, 0);
        if unsafe { version(&mut major, &mut minor) } != 0 {
            return Err("nvJitLinkVersion failed".into());
        }
        fn symbol<T: Copy>(library: &'static libloading::Library, name: &str, major: c_uint) -> Result<T, String> {
            let full = format!("__nvJitLink{name}_{major}_0\0");
            // SAFETY: the type is the header's prototype of that entry point.
            unsafe { library.get::<T>(full.as_bytes()) }.map(|s| *s).map_err(|e| format!("nvJitLink {major}.{}: {e}", 0))
        }
        let lib = NvJitLink {
            create: symbol(library, "Create", major)?,
            destroy: symbol(library, "Destroy", major)?,
            add_data: symbol(library, "AddData", major)?,
            complete: symbol(library, "Complete", major)?,
            cubin_size: symbol(library, "GetLinkedCubinSize", major)?,
            cubin: symbol(library, "GetLinkedCubin", major)?,
            error_log_size: symbol(library, "GetErrorLogSize", major)?,
            error_log: symbol(library, "GetErrorLog", major)?,
        };
        let lib: &'static NvJitLink = Box::leak(Box::new(lib));
        loaded.push((path.to_path_buf(), lib));
        Ok(lib)
    }

    fn compile(&self, ptx: &str, chip: &str) -> Result<Vec<u8>, Failure> {
        let options = [CString::new(format!("-arch={chip}")).expect("no NUL in a chip name")];
        let pointers: Vec<*const c_char> = options.iter().map(|o| o.as_ptr()).collect();
        let mut handle: Handle = std::ptr::null_mut();
        // SAFETY: the options outlive the call; `handle` is written once.
        let created = unsafe { (self.create)(&mut handle, pointers.len() as c_uint, pointers.as_ptr()) };
        if created != 0 {
            // The only option is the chip: 1, 2 (12.x), 16, 17 (13.x:
            // unrecognized or unsupported -arch; 13 dropped sm_70/sm_72).
            return Err(Failure::UnknownChip(format!("nvJitLinkCreate(-arch={chip}) failed (error {created})")));
        }
        let result = self.run(handle, ptx);
        // SAFETY: the handle was created above and is destroyed once.
        unsafe { (self.destroy)(&mut handle) };
        result
    }

    fn run(&self, handle: Handle, ptx: &str) -> Result<Vec<u8>, Failure> {
        let name = c"kernels.ptx";
        // nvJitLink reads PTX as a C string: the bytes must end in a NUL
        // (without one it reports "does not match type NVJITLINK_INPUT_PTX").
        let Ok(text) = CString::new(ptx) else { return Err(Failure::Ptx("the PTX holds a NUL byte".into())) };
        // SAFETY: `text` and `name` outlive the call; nvJitLink copies them.
        let added = unsafe { (self.add_data)(handle, INPUT_PTX, text.as_ptr().cast(), ptx.len(), name.as_ptr()) };
        let completed = if added == 0 { unsafe { (self.complete)(handle) } } else { added };
        if completed != 0 {
            let log = self.bytes(handle, self.error_log_size, self.error_log).unwrap_or_default();
            let log = String::from_utf8_lossy(&log).trim_end_matches('\0').trim().to_string();
            // A chip the library's PTX compiler does not know.
            if log.contains("is not defined for option 'gpu-name'") || log.contains("Unsupported .target") || log.contains("unsupported arch") {
                return Err(Failure::UnknownChip(log));
            }
            return Err(Failure::Ptx(if log.is_empty() { format!("nvJitLink error {completed}") } else { log }));
        }
        self.bytes(handle, self.cubin_size, self.cubin).ok_or_else(|| Failure::Ptx("nvJitLink returned no cubin".into()))
    }

    fn bytes(&self, handle: Handle, size: GetSize, get: GetBytes) -> Option<Vec<u8>> {
        let mut n = 0usize;
        // SAFETY: the buffer has the size nvJitLink reported.
        unsafe {
            if size(handle, &mut n) != 0 {
                return None;
            }
            let mut buffer = vec![0u8; n];
            if n > 0 && get(handle, buffer.as_mut_ptr().cast()) != 0 {
                return None;
            }
            Some(buffer)
        }
    }
}
