//! The library API: parse cute IR, run pass pipelines, print the result.
//!
//! ```no_run
//! let compiler = cute_mlir::Compiler::new();
//! let out = compiler.opt(
//!     r#"%l = cute.make_layout(shape = (), stride = ()) : !cute.layout<"(2,4):(1,2)">"#,
//!     "builtin.module(cute-desugar)",
//! ).unwrap();
//! assert!(out.contains("cute.make_layout_raw"));
//! ```
//!
//! [`Compiler`] owns an MLIR context with every upstream dialect, `cute` and
//! `cute_nvgpu` registered, and the global pass registry filled with the
//! upstream passes and this crate's. Diagnostics are collected, not printed,
//! and returned in [`Error`].

use crate::{
    cache::{KernelCache, Lookup},
    compile::{self, Emit},
    cubin, dialect, passes,
};
use melior::{
    diagnostic::DiagnosticSeverity,
    dialect::DialectRegistry,
    ir::{attribute::AttributeLike, operation::OperationLike, Module},
    pass::PassManager,
    utility::{parse_pass_pipeline, register_all_dialects, register_all_llvm_translations, register_all_passes},
    Context,
};
use std::{cell::RefCell, fmt, rc::Rc};

/// A failure with the MLIR diagnostics that explain it, in emission order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub message: String,
    pub diagnostics: Vec<String>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        for diagnostic in &self.diagnostics {
            write!(f, "\n{diagnostic}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// An MLIR context set up for cute IR, plus its collected diagnostics.
pub struct Compiler {
    context: Context,
    diagnostics: Rc<RefCell<Vec<String>>>,
    /// Which stages to keep the IR of (`all` or a pass argument); see
    /// [`Compiler::dump_after`].
    dump_after: RefCell<Option<String>>,
    stages: RefCell<Vec<Stage>>,
    verify_each: std::cell::Cell<bool>,
    cache: RefCell<Option<KernelCache>>,
    cache_stats: std::cell::Cell<CacheStats>,
}

/// What the kernel cache did for this compiler's compiles
/// ([`Compiler::set_cache`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub hits: usize,
    pub misses: usize,
    /// Entries found corrupt (checksum), removed and recompiled.
    pub corrupt: usize,
}

impl std::ops::AddAssign for CacheStats {
    fn add_assign(&mut self, other: Self) {
        self.hits += other.hits;
        self.misses += other.misses;
        self.corrupt += other.corrupt;
    }
}

/// The IR after one pass of a pipeline (what `mlir-opt
/// --mlir-print-ir-after-all` prints), kept by [`Compiler::dump_after`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    /// The pass argument (`cute-desugar`, `convert-gpu-to-nvvm`, ...).
    pub pass: String,
    /// The op the pass ran on (`builtin.module`, `gpu.module @kernels`).
    pub anchor: String,
    /// That op after the pass, printed.
    pub ir: String,
}

impl Default for Compiler {
    fn default() -> Self {
        Self::new()
    }
}

/// See `Compiler::new`.
const PRELOADED_DIALECTS: [&str; 9] = [
    "builtin", "func", "arith", "scf", "gpu", "llvm", "nvvm", "cute", "cute_nvgpu",
];

impl Compiler {
    /// Creates a context with all upstream dialects, `cute` and `cute_nvgpu`,
    /// and registers all upstream passes and this crate's passes.
    pub fn new() -> Self {
        Self::with_threading(true)
    }

    /// [`Compiler::new`] with MLIR's thread pool off: for one compiler per
    /// thread ([`crate::batch`]), where the parallelism is across kernels.
    pub fn new_single_threaded() -> Self {
        Self::with_threading(false)
    }

    fn with_threading(threading: bool) -> Self {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        dialect::register(&registry);
        let context = Context::new_with_threading(threading);
        context.append_dialect_registry(&registry);
        // The dialects a cute kernel is written in and lowered through, loaded
        // up front so IR built from Rust (OperationBuilder) finds them; the
        // other registered dialects load on first use (parser, passes).
        // Loading all ~50 up front cost about 10 ms per `cute compile`.
        for name in PRELOADED_DIALECTS {
            context.get_or_load_dialect(name);
        }
        // The pass registry is global and not safe to fill from two
        // threads at once (batch compiles make one compiler per thread).
        static PASSES: std::sync::Once = std::sync::Once::new();
        PASSES.call_once(|| {
            register_all_passes();
            passes::register_all();
        });

        let diagnostics: Rc<RefCell<Vec<String>>> = Rc::default();
        let sink = diagnostics.clone();
        context.attach_diagnostic_handler(move |diagnostic| {
            let severity = match diagnostic.severity() {
                DiagnosticSeverity::Error => "error",
                DiagnosticSeverity::Warning => "warning",
                DiagnosticSeverity::Note => "note",
                DiagnosticSeverity::Remark => "remark",
            };
            sink.borrow_mut().push(format!("{}: {severity}: {diagnostic}", diagnostic.location()));
            true
        });
        Self {
            context,
            diagnostics,
            dump_after: RefCell::new(None),
            stages: RefCell::default(),
            verify_each: std::cell::Cell::new(true),
            cache: RefCell::new(None),
            cache_stats: std::cell::Cell::default(),
        }
    }

    /// Compiles through `cache` from now on (`None`: no cache, the default):
    /// [`Compiler::compile`] and [`Compiler::compile_bytes`] return a
    /// kernel compiled before from the same canonical IR, chip, output and
    /// pipeline without running the pipeline (`crate::cache`). Compiles
    /// that keep stages ([`Compiler::dump_after`]) or launch metadata
    /// bypass it: they need the pipeline to run.
    pub fn set_cache(&self, cache: Option<KernelCache>) {
        *self.cache.borrow_mut() = cache;
    }

    /// What the cache did so far.
    pub fn cache_stats(&self) -> CacheStats {
        self.cache_stats.get()
    }

    /// The underlying melior context.
    pub fn context(&self) -> &Context {
        &self.context
    }

    fn fail(&self, message: impl Into<String>) -> Error {
        Error { message: message.into(), diagnostics: self.diagnostics.borrow_mut().drain(..).collect() }
    }

    /// Parses and verifies a module in MLIR's textual form.
    pub fn parse(&self, source: &str) -> Result<Module<'_>, Error> {
        let module = self.parse_unverified(source, "")?;
        self.verified(module, "the module")
    }

    /// Parses and verifies a file; diagnostics name the file and line.
    pub fn parse_file(&self, path: &std::path::Path) -> Result<Module<'_>, Error> {
        let (source, name) = self.read_source(path)?;
        let module = self.parse_unverified(&source, name)?;
        self.verified(module, &path.display().to_string())
    }

    /// A file's text and its name for diagnostics (diagnostics cleared).
    fn read_source<'p>(&self, path: &'p std::path::Path) -> Result<(String, &'p str), Error> {
        self.diagnostics.borrow_mut().clear();
        let name = path.to_str().ok_or_else(|| self.fail(format!("{} is not valid UTF-8", path.display())))?;
        let source = std::fs::read_to_string(path).map_err(|e| self.fail(format!("cannot read {}: {e}", path.display())))?;
        Ok((source, name))
    }

    /// `module` if it verifies; else the verifier's diagnostics, `what`
    /// named in the message.
    fn verified<'m>(&self, module: Module<'m>, what: &str) -> Result<Module<'m>, Error> {
        self.verify(&module, what)?;
        Ok(module)
    }

    fn verify(&self, module: &Module, what: &str) -> Result<(), Error> {
        match module.as_operation().verify() {
            true => Ok(()),
            false => Err(self.fail(format!("{what} does not verify"))),
        }
    }

    /// Keeps the IR after every pass (`Some("all")`) or after each run of
    /// one pass (`Some("cute-desugar")`) of the pipelines this compiler runs
    /// from now on, for [`Compiler::take_stages`]; `None` stops it. The
    /// `cute` CLI's `--dump-after` prints them.
    pub fn dump_after(&self, which: Option<&str>) {
        *self.dump_after.borrow_mut() = which.map(str::to_string);
    }

    /// Verify the IR after every pass (the default, as mlir-opt) or only
    /// after the whole pipeline (`false`, mlir-opt's `--verify-each=false`;
    /// the result is still verified).
    pub fn set_verify_each(&self, on: bool) {
        self.verify_each.set(on);
    }

    /// The stages kept since the last call, in the order the passes ran.
    pub fn take_stages(&self) -> Vec<Stage> {
        std::mem::take(&mut *self.stages.borrow_mut())
    }

    /// Runs a textual pass pipeline, e.g. `builtin.module(cute-desugar)`.
    ///
    /// The IR is verified after every pass (MLIR's default, as mlir-opt
    /// does), so an op that one stage builds wrongly is reported at that
    /// stage, never first by LLVM or ptxas (issue 27).
    pub fn run_pipeline(&self, module: &mut Module, pipeline: &str) -> Result<(), Error> {
        self.diagnostics.borrow_mut().clear();
        let manager = PassManager::new(&self.context);
        manager.enable_verifier(self.verify_each.get());
        parse_pass_pipeline(manager.as_operation_pass_manager(), pipeline)
            .map_err(|e| self.fail(format!("invalid pass pipeline '{pipeline}': {e}")))?;
        let dump = self.dump_after.borrow().clone();
        let dump_dir = dump.as_ref().map(|_| stage_dir());
        if let Some(dir) = &dump_dir {
            manager.enable_ir_printing(&melior::pass::PassIrPrintingOptions {
                before_all: false,
                after_all: true,
                module_scope: false,
                on_change: false,
                on_failure: false,
                flags: melior::ir::operation::OperationPrintingFlags::new(),
                tree_printing_path: dir.clone(),
            });
        }
        let outcome = run_recovering(&manager, module);
        if let (Some(which), Some(dir)) = (dump, dump_dir) {
            let stages = read_stages(&dir, &which);
            let _ = std::fs::remove_dir_all(&dir);
            self.stages.borrow_mut().extend(stages.map_err(|e| self.fail(e))?);
        }
        match outcome {
            Ok(true) => {}
            Ok(false) => return Err(self.fail(format!("pass pipeline '{pipeline}' failed"))),
            // The module is left as the aborted run left it: the caller
            // drops it with the error.
            Err(reason) => return Err(self.fail(format!("LLVM gave up in pass pipeline '{pipeline}': {reason} (an operation the target's PTX version cannot express, or an LLVM bug; the compiler stays usable)"))),
        }
        if !self.verify_each.get() && !module.as_operation().verify() {
            return Err(self.fail(format!("the result of pass pipeline '{pipeline}' does not verify")));
        }
        Ok(())
    }

    /// Parses `source`, runs `pipeline` and prints the resulting module.
    pub fn opt(&self, source: &str, pipeline: &str) -> Result<String, Error> {
        let mut module = self.parse(source)?;
        self.run_pipeline(&mut module, pipeline)?;
        Ok(module.as_operation().to_string())
    }

    /// [`Compiler::opt`] on a file, with diagnostics located in it.
    pub fn opt_file(&self, path: &std::path::Path, pipeline: &str) -> Result<String, Error> {
        let mut module = self.parse_file(path)?;
        self.run_pipeline(&mut module, pipeline)?;
        Ok(module.as_operation().to_string())
    }

    /// Compiles cute IR with `gpu.module` kernels for `chip` (a name of
    /// [`crate::target::ROSTER`]): PTX assembly, LLVM IR, or the
    /// NVVM-dialect module. [`Emit::Cubin`] is binary: it is refused here
    /// with a pointer to [`Compiler::compile_bytes`].
    pub fn compile(&self, source: &str, chip: &str, emit: Emit) -> Result<String, Error> {
        self.text(emit, |c| c.compile_bytes(source, chip, emit))
    }

    /// [`Compiler::compile`] of a file, with diagnostics located in it.
    pub fn compile_file(&self, path: &std::path::Path, chip: &str, emit: Emit) -> Result<String, Error> {
        self.text(emit, |c| c.compile_file_bytes(path, chip, emit))
    }

    fn text(&self, emit: Emit, bytes: impl FnOnce(&Self) -> Result<Vec<u8>, Error>) -> Result<String, Error> {
        if emit == Emit::Cubin {
            self.diagnostics.borrow_mut().clear();
            return Err(self.fail("Emit::Cubin is binary: call Compiler::compile_bytes (or compile_file_bytes), which returns bytes"));
        }
        bytes(self).map(|b| String::from_utf8(b).expect("PTX, LLVM IR and MLIR are text"))
    }

    /// Any [`Emit`], as bytes: the cubin of [`Emit::Cubin`] (PTX compiled
    /// by nvJitLink in process, or ptxas: `crate::cubin`), the text of the
    /// others. Through the kernel cache when one is set.
    pub fn compile_bytes(&self, source: &str, chip: &str, emit: Emit) -> Result<Vec<u8>, Error> {
        let chip = compile::chip(chip).map_err(|e| self.fail(e))?;
        let mut module = self.parse_unverified(source, "")?;
        self.compile_cached(&mut module, chip, emit, "the module")
    }

    /// [`Compiler::compile_bytes`] of a file, with diagnostics located in it.
    pub fn compile_file_bytes(&self, path: &std::path::Path, chip: &str, emit: Emit) -> Result<Vec<u8>, Error> {
        let chip = compile::chip(chip).map_err(|e| self.fail(e))?;
        let (source, name) = self.read_source(path)?;
        let mut module = self.parse_unverified(&source, name)?;
        self.compile_cached(&mut module, chip, emit, &path.display().to_string())
    }

    /// Parses and verifies `source`, with diagnostics located in `name`.
    pub fn parse_named(&self, source: &str, name: &str) -> Result<Module<'_>, Error> {
        let module = self.parse_unverified(source, name)?;
        self.verified(module, name)
    }

    /// Parses without verifying (`cute_cpp_parse_unverified`): the compile
    /// paths verify after the cache lookup, so a hit costs parse + print;
    /// `benches/verify_overhead.rs` times parsing alone with it. What is
    /// parsed this way has not been checked: verify it before any pass.
    pub fn parse_unverified(&self, source: &str, name: &str) -> Result<Module<'_>, Error> {
        self.diagnostics.borrow_mut().clear();
        // SAFETY: the strings outlive the call; the module returned is
        // owned by the caller (Module frees it).
        let raw = unsafe {
            crate::ffi::abi::cute_cpp_parse_unverified(
                self.context.to_raw(),
                melior::StringRef::new(source).to_raw(),
                melior::StringRef::new(name).to_raw(),
            )
        };
        if raw.ptr.is_null() {
            let what = if name.is_empty() { "the module".to_string() } else { name.to_string() };
            return Err(self.fail(format!("failed to parse {what}")));
        }
        Ok(unsafe { Module::from_raw(raw) })
    }

    /// The cache's key for compiling `module` (`crate::cache` lists what
    /// it covers).
    fn cache_key(module: &Module, chip: crate::target::Chip, emit: Emit) -> String {
        // Printed as is: the default printer verifies first (to choose the
        // generic form for invalid IR), and verification is what a hit
        // skips. Only verified modules' kernels are stored, so the text of
        // an invalid one never finds an entry.
        let flags = melior::ir::operation::OperationPrintingFlags::new();
        // SAFETY: sets a flag of the live flags object.
        unsafe { mlir_sys::mlirOpPrintingFlagsAssumeVerified(flags.to_raw()) };
        let ir = module.as_operation().to_string_with_flags(flags).unwrap_or_default();
        let compilers = match emit {
            Emit::Cubin => cubin::compilers().iter().map(|c| c.fingerprint()).collect::<Vec<_>>().join("\n"),
            _ => String::new(),
        };
        let pipeline = compile::pipeline(chip, if emit == Emit::Cubin { Emit::Ptx } else { emit });
        crate::cache::key(&[ir.as_bytes(), chip.name.as_bytes(), format!("{emit:?}").as_bytes(), pipeline.as_bytes(), compilers.as_bytes()])
    }

    /// `module` unverified: looked up in the cache, then verified and
    /// compiled (`what` names it in the error if it does not verify).
    fn compile_cached(&self, module: &mut Module, chip: crate::target::Chip, emit: Emit, what: &str) -> Result<Vec<u8>, Error> {
        let cache = self.cache.borrow().clone().filter(|_| self.dump_after.borrow().is_none());
        let key = cache.as_ref().map(|_| Self::cache_key(module, chip, emit));
        if let (Some(cache), Some(key)) = (&cache, &key) {
            let mut stats = self.cache_stats.get();
            let found = cache.get(key);
            match &found {
                Lookup::Hit(_) => stats.hits += 1,
                Lookup::Miss => stats.misses += 1,
                Lookup::Corrupt => stats.corrupt += 1,
            }
            self.cache_stats.set(stats);
            if let Lookup::Hit(bytes) = found {
                return Ok(bytes);
            }
        }
        self.verify(module, what)?;
        let bytes = match emit {
            Emit::Cubin => {
                let ptx = self.compile_module(module, chip, Emit::Ptx)?;
                cubin::ptx_to_cubin(&ptx, chip).map_err(|e| self.fail(e))?
            }
            _ => self.compile_module(module, chip, emit)?.into_bytes(),
        };
        if let (Some(cache), Some(key)) = (cache, key) {
            // A cache that cannot be written (a full disk, a read-only
            // folder) costs the next compile time, not this one its result.
            let _ = cache.put(&key, &bytes);
        }
        Ok(bytes)
    }

    /// [`Compiler::compile_file`] with the kernels' launch metadata
    /// (`crate::launch_info`): parameters, dynamic shared memory, declared
    /// block and cluster shapes, chip.
    pub fn compile_file_with_launch_info(
        &self,
        path: &std::path::Path,
        chip: &str,
        emit: Emit,
    ) -> Result<(String, crate::launch_info::LaunchInfo), Error> {
        if emit == Emit::Cubin {
            self.diagnostics.borrow_mut().clear();
            return Err(self.fail("compile_file_with_launch_info writes text: compile Emit::Ptx, then crate::cubin::ptx_to_cubin"));
        }
        let chip = compile::chip(chip).map_err(|e| self.fail(e))?;
        let mut module = self.parse_file(path)?;
        let mut info = crate::launch_info::LaunchInfo { chip: chip.name.to_string(), kernels: crate::launch_info::kernels(&module) };
        let text = self.compile_module_with(&mut module, chip, emit, |m| crate::launch_info::record_dynamic_smem(m, &mut info.kernels))?;
        Ok((text, info))
    }

    fn compile_module(&self, module: &mut Module, chip: crate::target::Chip, emit: Emit) -> Result<String, Error> {
        self.compile_module_with(module, chip, emit, |_| {})
    }

    /// The NVVM stage, `at_nvvm` on its result, then the serialization.
    fn compile_module_with(&self, module: &mut Module, chip: crate::target::Chip, emit: Emit, at_nvvm: impl FnOnce(&Module)) -> Result<String, Error> {
        register_all_llvm_translations(&self.context);
        self.run_pipeline(module, &compile::pipeline(chip, Emit::Nvvm))?;
        at_nvvm(module);
        if let Some(last) = compile::serialization(emit) {
            self.run_pipeline(module, &format!("builtin.module({last})"))?;
        }
        match emit {
            Emit::Nvvm => Ok(module.as_operation().to_string()),
            Emit::Llvm => {
                let text = llvm_ir_of(module).map_err(|e| self.fail(e))?;
                // What llc needs: the chip and the PTX version the atoms
                // raised it to (`cute-check-target`), from the functions.
                let features = text
                    .lines()
                    .find_map(|l| l.split("\"target-features\"=\"").nth(1))
                    .and_then(|rest| rest.split('"').next())
                    .unwrap_or_default()
                    .to_string();
                let mattr = if features.is_empty() { String::new() } else { format!(" -mattr={features}") };
                Ok(format!("; llc-22 -march=nvptx64 -mcpu={}{mattr}\n{text}", chip.name))
            }
            Emit::Ptx | Emit::Cubin => {
                let objects = gpu_objects(module);
                if objects.is_empty() {
                    return Err(self.fail("the module has no gpu.module kernels to compile"));
                }
                Ok(chip.retarget(objects.concat()))
            }
        }
    }
}

/// Runs `manager` on `module` inside LLVM's crash recovery
/// (`cute_cpp_run_pass_manager_recovering`): Ok(success), or Err with the
/// reason of an LLVM fatal error (NVPTX's "Cannot select", say), which
/// would otherwise abort the process.
fn run_recovering(manager: &PassManager, module: &mut Module) -> Result<bool, String> {
    let mut reason = vec![0 as std::ffi::c_char; 4096];
    // SAFETY: the manager and the module's operation are live for the
    // call; the reason buffer is writable for its length, and the C++ side
    // writes a NUL-terminated string into it when it returns 2.
    let status = unsafe {
        crate::ffi::abi::cute_cpp_run_pass_manager_recovering(manager.to_raw(), module.as_operation().to_raw(), reason.as_mut_ptr(), reason.len())
    };
    match status {
        0 => Ok(true),
        1 => Ok(false),
        _ => {
            // SAFETY: NUL-terminated within the buffer (see above).
            let text = unsafe { std::ffi::CStr::from_ptr(reason.as_ptr()) };
            Err(text.to_string_lossy().into_owned())
        }
    }
}

/// A fresh folder for MLIR's tree printer (one per pipeline run).
fn stage_dir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("cute-stages-{}-{run}", std::process::id()))
}

/// The stages MLIR's tree printer wrote under `dir` (`<anchor>/.../<n>_<pass>.mlir`,
/// one folder per anchor op, numbered per anchor), in the order they were
/// written, keeping those of pass `which` (or all).
fn read_stages(dir: &std::path::Path, which: &str) -> Result<Vec<Stage>, String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, out)?;
            } else {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    if dir.exists() {
        walk(dir, &mut files).map_err(|e| format!("cannot read the stages in {}: {e}", dir.display()))?;
    }
    let mut stages = Vec::new();
    for path in files {
        let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or_default();
        // `<n>_<pass>`, where nested pipelines prefix more numbers.
        let Some((number, mut pass)) = name.split_once('_') else { continue };
        let Ok(number) = number.parse::<usize>() else { continue };
        while let Some((prefix, rest)) = pass.split_once('_').filter(|(p, _)| p.parse::<usize>().is_ok()) {
            let _ = prefix;
            pass = rest;
        }
        if which != "all" && pass != which {
            continue;
        }
        let written = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        let anchor = path
            .parent()
            .and_then(|p| p.strip_prefix(dir).ok())
            .map(|p| p.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/"))
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        // MLIR's own header line ("// -----// IR Dump After ...") is dropped.
        let ir = match text.split_once('\n') {
            Some((first, rest)) if first.starts_with("// -----//") => rest.to_string(),
            _ => text,
        };
        stages.push((written, anchor.clone(), number, Stage { pass: pass.to_string(), anchor, ir }));
    }
    stages.sort_by(|a, b| (a.0, &a.1, a.2).cmp(&(b.0, &b.1, b.2)));
    Ok(stages.into_iter().map(|s| s.3).collect())
}

unsafe extern "C" {
    /// MLIR's C API (libMLIRCAPITarget): the module as LLVM IR text, a
    /// malloc'd C string (null on failure, diagnostics emitted).
    fn mlirTranslateModuleToLLVMIRToString(module: mlir_sys::MlirOperation) -> *mut std::os::raw::c_char;
    fn free(p: *mut std::ffi::c_void);
}

/// The module (after `cute-extract-device-module`: the device code, LLVM
/// and NVVM dialects only) as LLVM IR text, what `mlir-translate-22
/// --mlir-to-llvmir` prints for it.
fn llvm_ir_of(module: &Module) -> Result<String, String> {
    // SAFETY: the module is live; the translated string is copied, then freed.
    unsafe {
        let text = mlirTranslateModuleToLLVMIRToString(module.as_operation().to_raw());
        if text.is_null() {
            return Err("the kernels do not translate to LLVM IR".into());
        }
        let out = std::ffi::CStr::from_ptr(text).to_string_lossy().into_owned();
        free(text.cast());
        Ok(out)
    }
}

/// The contents of every `#gpu.object` of the module's `gpu.binary` ops.
fn gpu_objects(module: &Module) -> Vec<String> {
    let mut out = Vec::new();
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() == Ok("gpu.binary") {
            if let Ok(objects) = op.attribute("objects") {
                if let Ok(array) = melior::ir::attribute::ArrayAttribute::try_from(objects) {
                    for i in 0..array.len() {
                        let Ok(object) = array.element(i) else { continue };
                        // SAFETY: read-only queries of a live attribute; the
                        // string is copied before the module can change.
                        unsafe {
                            if mlir_sys::mlirAttributeIsAGPUObjectAttr(object.to_raw()) {
                                let text = mlir_sys::mlirGPUObjectAttrGetObject(object.to_raw());
                                let bytes = std::slice::from_raw_parts(text.data as *const u8, text.length);
                                out.push(String::from_utf8_lossy(bytes).into_owned());
                            }
                        }
                    }
                }
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    out
}
