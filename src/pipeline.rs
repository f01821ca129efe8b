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
    compile::{self, Emit},
    dialect, passes,
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
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        dialect::register(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        // The dialects a cute kernel is written in and lowered through, loaded
        // up front so IR built from Rust (OperationBuilder) finds them; the
        // other registered dialects load on first use (parser, passes).
        // Loading all ~50 up front cost about 10 ms per `cute compile`.
        for name in PRELOADED_DIALECTS {
            context.get_or_load_dialect(name);
        }
        register_all_passes();
        passes::register_all();

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
        Self { context, diagnostics }
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
        self.diagnostics.borrow_mut().clear();
        let module = Module::parse(&self.context, source).ok_or_else(|| self.fail("failed to parse the module"))?;
        if !module.as_operation().verify() {
            return Err(self.fail("the module does not verify"));
        }
        Ok(module)
    }

    /// Parses and verifies a file; diagnostics name the file and line.
    pub fn parse_file(&self, path: &std::path::Path) -> Result<Module<'_>, Error> {
        self.diagnostics.borrow_mut().clear();
        let name = path.to_str().ok_or_else(|| self.fail(format!("{} is not valid UTF-8", path.display())))?;
        let raw = unsafe {
            mlir_sys::mlirModuleCreateParseFromFile(self.context.to_raw(), melior::StringRef::new(name).to_raw())
        };
        if raw.ptr.is_null() {
            return Err(self.fail(format!("failed to parse {}", path.display())));
        }
        let module = unsafe { Module::from_raw(raw) };
        if !module.as_operation().verify() {
            return Err(self.fail(format!("{} does not verify", path.display())));
        }
        Ok(module)
    }

    /// Runs a textual pass pipeline, e.g. `builtin.module(cute-desugar)`.
    ///
    /// The module is verified once, after the whole pipeline, rather than
    /// after every pass (MLIR's default, which mlir-opt keeps): on large
    /// modules re-verifying between the passes of `cute-lower-to-llvm` cost
    /// more than the passes (`benches/lowering.rs`). An invalid result is
    /// still an error.
    pub fn run_pipeline(&self, module: &mut Module, pipeline: &str) -> Result<(), Error> {
        self.diagnostics.borrow_mut().clear();
        let manager = PassManager::new(&self.context);
        manager.enable_verifier(false);
        parse_pass_pipeline(manager.as_operation_pass_manager(), pipeline)
            .map_err(|e| self.fail(format!("invalid pass pipeline '{pipeline}': {e}")))?;
        manager.run(module).map_err(|_| self.fail(format!("pass pipeline '{pipeline}' failed")))?;
        if !module.as_operation().verify() {
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
    /// [`compile::ROSTER`]): PTX assembly, or the NVVM-dialect module.
    pub fn compile(&self, source: &str, chip: &str, emit: Emit) -> Result<String, Error> {
        let chip = compile::chip(chip).map_err(|e| self.fail(e))?;
        let mut module = self.parse(source)?;
        self.compile_module(&mut module, chip, emit)
    }

    /// [`Compiler::compile`] of a file, with diagnostics located in it.
    pub fn compile_file(&self, path: &std::path::Path, chip: &str, emit: Emit) -> Result<String, Error> {
        let chip = compile::chip(chip).map_err(|e| self.fail(e))?;
        let mut module = self.parse_file(path)?;
        self.compile_module(&mut module, chip, emit)
    }

    fn compile_module(&self, module: &mut Module, chip: compile::Chip, emit: Emit) -> Result<String, Error> {
        register_all_llvm_translations(&self.context);
        self.run_pipeline(module, &compile::pipeline(chip, emit))?;
        match emit {
            Emit::Nvvm => Ok(module.as_operation().to_string()),
            Emit::Llvm => {
                let text = llvm_ir_of_gpu_modules(module).map_err(|e| self.fail(e))?;
                if text.is_empty() {
                    return Err(self.fail("the module has no gpu.module kernels to compile"));
                }
                Ok(text)
            }
            Emit::Ptx => {
                let objects = gpu_objects(module);
                if objects.is_empty() {
                    return Err(self.fail("the module has no gpu.module kernels to compile"));
                }
                Ok(objects.concat())
            }
        }
    }
}

unsafe extern "C" {
    /// MLIR's C API (libMLIRCAPITarget): the module as LLVM IR text, a
    /// malloc'd C string (null on failure, diagnostics emitted).
    fn mlirTranslateModuleToLLVMIRToString(module: mlir_sys::MlirOperation) -> *mut std::os::raw::c_char;
    fn free(p: *mut std::ffi::c_void);
}

/// Each gpu.module's kernels (LLVM + NVVM dialects) as LLVM IR text, what
/// `mlir-translate --mlir-to-llvmir` prints for them (triple
/// `nvptx64-nvidia-cuda`, ready for `llc -mcpu=<chip>`).
fn llvm_ir_of_gpu_modules(module: &Module) -> Result<String, String> {
    let bodies = passes::rewrite::collect_ops(module.as_operation(), |op| op.name().as_string_ref().as_str() == Ok("gpu.module"));
    let mut out = String::new();
    for raw in bodies {
        // SAFETY: `raw` is a live gpu.module; its ops are cloned into a new
        // module that this function owns and destroys; the translated
        // string is copied and freed.
        unsafe {
            let gpu_module = melior::ir::OperationRef::from_raw(raw);
            let context = mlir_sys::mlirOperationGetContext(raw);
            let location = mlir_sys::mlirOperationGetLocation(raw);
            let target = mlir_sys::mlirModuleCreateEmpty(location);
            let body = mlir_sys::mlirModuleGetBody(target);
            let Ok(region) = gpu_module.region(0) else { continue };
            let Some(block) = melior::ir::RegionLike::first_block(&region) else { continue };
            let mut op = mlir_sys::mlirBlockGetFirstOperation(block.to_raw());
            while !op.ptr.is_null() {
                mlir_sys::mlirBlockAppendOwnedOperation(body, mlir_sys::mlirOperationClone(op));
                op = mlir_sys::mlirOperationGetNextInBlock(op);
            }
            let target_op = mlir_sys::mlirModuleGetOperation(target);
            let triple = mlir_sys::mlirStringAttrGet(context, mlir_sys::mlirStringRefCreateFromCString(c"nvptx64-nvidia-cuda".as_ptr()));
            mlir_sys::mlirOperationSetDiscardableAttributeByName(
                target_op,
                mlir_sys::mlirStringRefCreateFromCString(c"llvm.target_triple".as_ptr()),
                triple,
            );
            let text = mlirTranslateModuleToLLVMIRToString(target_op);
            mlir_sys::mlirModuleDestroy(target);
            if text.is_null() {
                return Err("the kernels do not translate to LLVM IR".into());
            }
            out.push_str(&std::ffi::CStr::from_ptr(text).to_string_lossy());
            free(text.cast());
        }
    }
    Ok(out)
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
