//! The project's passes, implemented in Rust and registered with MLIR's global
//! pass registry, so the same pass runs from `mlir-opt-22 --load-pass-plugin`,
//! from [`crate::pipeline`] and from `cute opt`.
//!
//! The folders are the stages: [`transforms`] (cute → cute), then
//! [`conversion`] (cute → LLVM/NVVM: the target-neutral
//! [`conversion::cute_to_llvm`], the SM-tier [`conversion::nvgpu_to_nvvm`]
//! by chip family, and the kernel-path passes around them).
//!
//! | pass | file | what it does |
//! |---|---|---|
//! | `cute-desugar` | [`desugar`] | spec 002 sugar → primitive cute ops |
//! | `cute-nvgpu-expand-atoms` | [`atom_builders`] | spec 000's WGMMA / IMMA atom rewriters: builder → descriptors or TMEM accumulator, fence or mbarrier, payload |
//! | `cute-fold-static` | [`fold_static`] | fully static cute values → `cute.static`, static comparisons → constants (NVIDIA's pass name) |
//! | `cute-to-llvm` | [`cute_to_llvm`] | spec 000's pattern bank: cute values → LLVM structs, run-time algebra → arith |
//! | `cute-nvgpu-to-nvvm` | [`nvgpu_to_nvvm`] | SM-tier atom calls and ops (cp.async, ldmatrix/stmatrix, mma.sync, WGMMA, TMA, mbarriers, TMEM, UMMA) → NVVM |
//! | `cute-check-target` | [`check_target`] | tier rule of every atom against the `gpu.module`'s chip (first step of `cute-to-nvvm`) |
//! | `cute-kernel-to-nvvm` | [`kernel_abi`] | spec 002 kernel ABI: `cute.kernel` → `nvvm.kernel`, grid-constant arguments by value |
//! | `cute-kernels-to-gpu-module` | [`device_module`] | spec 002's top-level `cute.kernel` functions → one `gpu.module` (first step of `cute-to-nvvm`) |
//! | `cute-extract-device-module` | [`device_module`] | the gpu.modules' bodies become the translation unit for `mlir-translate` |
//! | `cute-test-panic-guard` | [`testing`] | test-only: panics, proving the panic guard |
//! | `cute-test-break-ir` | [`testing`] | test-only: leaves invalid IR, proving the verifier runs between passes |
//!
//! Pipelines: `cute-lower-to-llvm` ([`cute_to_llvm::LOWER_TO_LLVM`]): desugar,
//! to-llvm, the upstream conversions and `reconcile-unrealized-casts`.
//!
//! [`rewrite`] is the toolkit every pass shares (patterns, phases, typed
//! errors). `docs/Passes.md` is generated from [`PASSES`]'s descriptions
//! and examples ([`render_docs`]; `tests/docs.rs` keeps it fresh).

pub mod conversion;
pub mod rewrite;
pub mod testing;
pub mod transforms;

use conversion::{check_target, cute_to_llvm, device_module, kernel_abi, nvgpu_to_nvvm};
use nvgpu_to_nvvm::atom_builders;
use transforms::{desugar, fold_static};

use crate::ffi::{abi, emit_error, guard};
use melior::dialect::DialectHandle;
use rewrite::PassError;
use melior::{
    ir::{operation::OperationLike, r#type::TypeId, OperationRef},
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef,
};
use mlir_sys::MlirPass;
use std::sync::Once;

/// The pass of the pipeline that rewrites the op `name`, the latest stage
/// first: the lowering banks, then the atom builders, then the sugar. A
/// legality check names it when an op is left over ("run X first").
pub(crate) fn rewritten_by(name: &str) -> Option<&'static str> {
    if cute_to_llvm::PATTERNS.iter().any(|p| p.root == name) {
        Some("cute-to-llvm")
    } else if nvgpu_to_nvvm::NVGPU_PATTERNS.iter().any(|p| p.root == name) {
        Some("cute-nvgpu-to-nvvm")
    } else if atom_builders::rewrites(name) {
        Some("cute-nvgpu-expand-atoms")
    } else if desugar::rewrites(name) {
        Some("cute-desugar")
    } else {
        None
    }
}

/// A pass body: transforms `op` or returns why it failed.
type PassBody = for<'c, 'a> fn(OperationRef<'c, 'a>) -> Result<(), PassError>;

/// Storage whose address is the pass's TypeID (MLIR only needs it unique).
#[repr(align(8))]
struct PassId(#[allow(dead_code)] u8);

/// One pass of the project: how it registers, what it does, what it needs.
pub struct PassInfo {
    /// The pipeline name (`cute-desugar`).
    pub argument: &'static str,
    name: &'static str,
    /// One line for `--help`.
    pub description: &'static str,
    /// An example input and the pass's output on it, for `docs/Passes.md`.
    pub example: (&'static str, &'static str),
    id: &'static PassId,
    body: PassBody,
    /// The dialects whose ops the pass creates (loaded before it runs).
    dependent_dialects: fn() -> Vec<DialectHandle>,
}

static DESUGAR_ID: PassId = PassId(0);
static PANIC_ID: PassId = PassId(1);
static TO_LLVM_ID: PassId = PassId(2);
static KERNEL_ID: PassId = PassId(3);
static TARGET_ID: PassId = PassId(4);
static NVGPU_ID: PassId = PassId(5);
static FOLD_ID: PassId = PassId(6);
static OUTLINE_ID: PassId = PassId(7);
static EXTRACT_ID: PassId = PassId(8);
static BREAK_ID: PassId = PassId(9);
static EXPAND_ID: PassId = PassId(10);

/// Every pass of the project; the index is the id passed through C++.
pub static PASSES: &[PassInfo] = &[
    PassInfo {
        argument: "cute-desugar",
        name: "CuteDesugar",
        description: "Expand cute construction sugar into primitive ops (spec 002)",
        example: (desugar::EXAMPLE_BEFORE, desugar::EXAMPLE_AFTER),
        id: &DESUGAR_ID,
        body: desugar::run,
        // cute.print's loop and printf, cute.equal's conjunction.
        dependent_dialects: || {
            vec![
                crate::dialect::cute_handle(),
                DialectHandle::arith(),
                DialectHandle::scf(),
                DialectHandle::gpu(),
                crate::dialect::cute_nvgpu_handle(),
                crate::dialect::nvvm_handle(),
            ]
        },
    },
    PassInfo {
        argument: "cute-nvgpu-expand-atoms",
        name: "CuteNvgpuExpandAtoms",
        description: "Spec 000's SM atom rewriters: a WGMMA or IMMA atom builder becomes its descriptors or tensor-memory accumulator, the fence or mbarrier, and the atom payload cute-nvgpu-to-nvvm lowers",
        example: (atom_builders::EXAMPLE_BEFORE, atom_builders::EXAMPLE_AFTER),
        id: &EXPAND_ID,
        body: atom_builders::run,
        dependent_dialects: || {
            vec![crate::dialect::cute_handle(), DialectHandle::arith(), crate::dialect::cute_nvgpu_handle(), crate::dialect::nvvm_handle()]
        },
    },
    PassInfo {
        argument: "cute-fold-static",
        name: "CuteFoldStatic",
        description: "Fold cute values whose types are fully static to cute.static, and comparisons of static values to constants (NVIDIA's CuTe IR pass name)",
        example: (fold_static::EXAMPLE_BEFORE, fold_static::EXAMPLE_AFTER),
        id: &FOLD_ID,
        body: fold_static::run,
        dependent_dialects: || vec![crate::dialect::cute_handle(), DialectHandle::arith()],
    },
    PassInfo {
        argument: "cute-to-llvm",
        name: "CuteToLLVM",
        description: "Lower cute values and layout algebra to LLVM structs and arith (spec 000 pattern bank)",
        example: (cute_to_llvm::EXAMPLE_BEFORE, cute_to_llvm::EXAMPLE_AFTER),
        id: &TO_LLVM_ID,
        body: cute_to_llvm::run,
        dependent_dialects: || vec![DialectHandle::llvm(), DialectHandle::arith()],
    },
    PassInfo {
        argument: "cute-nvgpu-to-nvvm",
        name: "CuteNvgpuToNvvm",
        description: "Lower the SM-tier atom calls and ops (cp.async, ldmatrix/stmatrix, mma.sync, WGMMA, TMA, mbarriers, tensor memory with the per-function TMEM cache, UMMA) to NVVM, after cute-to-llvm (one pattern per atom kind); math.tanh, math.exp and math.exp2 on f32 with fastmath<afn> to tanh.approx.f32 / ex2.approx.f32",
        example: (nvgpu_to_nvvm::NVGPU_EXAMPLE_BEFORE, nvgpu_to_nvvm::NVGPU_EXAMPLE_AFTER),
        id: &NVGPU_ID,
        body: nvgpu_to_nvvm::run,
        // scf: the TMEM cache's warp-0 allocation and deallocation branches;
        // cute, cute_nvgpu and math: the patterns' root ops (the pass may
        // run on a module that names none of them).
        dependent_dialects: || {
            vec![
                DialectHandle::llvm(),
                crate::dialect::nvvm_handle(),
                DialectHandle::scf(),
                crate::dialect::math_handle(),
                crate::dialect::cute_handle(),
                crate::dialect::cute_nvgpu_handle(),
            ]
        },
    },
    PassInfo {
        argument: "cute-kernel-to-nvvm",
        name: "CuteKernelToNvvm",
        description: "Kernel-entry ABI (spec 002): cute.kernel -> nvvm.kernel; cute_nvgpu.grid_constant arguments -> {llvm.align = 16, llvm.byval, nvvm.grid_constant}",
        example: (kernel_abi::EXAMPLE_BEFORE, kernel_abi::EXAMPLE_AFTER),
        id: &KERNEL_ID,
        body: kernel_abi::run,
        dependent_dialects: || vec![DialectHandle::llvm(), crate::dialect::nvvm_handle()],
    },
    PassInfo {
        argument: "cute-check-target",
        name: "CuteCheckTarget",
        description: "Check every atom of each gpu.module against its #nvvm.target chip (spec 003 tier rule), before lowering",
        example: (check_target::EXAMPLE_BEFORE, check_target::EXAMPLE_AFTER),
        id: &TARGET_ID,
        body: check_target::run,
        dependent_dialects: || vec![crate::dialect::cute_nvgpu_handle()],
    },
    PassInfo {
        argument: "cute-kernels-to-gpu-module",
        name: "CuteKernelsToGpuModule",
        description: "Spec 002's kernel form: a module with top-level cute.kernel functions and no gpu.module becomes one gpu.module @cute_kernels (with its cute_nvgpu.target) in a GPU container module (first step of cute-to-nvvm)",
        example: (device_module::OUTLINE_EXAMPLE_BEFORE, device_module::OUTLINE_EXAMPLE_AFTER),
        id: &OUTLINE_ID,
        body: device_module::outline_kernels,
        dependent_dialects: || vec![DialectHandle::gpu()],
    },
    PassInfo {
        argument: "cute-extract-device-module",
        name: "CuteExtractDeviceModule",
        description: "Make the device code the translation unit for mlir-translate --mlir-to-llvmir: the gpu.modules' bodies replace the module's body (host code dropped), target triple nvptx64-nvidia-cuda (last step of cute-to-nvvm{extract-device-module=true})",
        example: (device_module::EXTRACT_EXAMPLE_BEFORE, device_module::EXTRACT_EXAMPLE_AFTER),
        id: &EXTRACT_ID,
        body: device_module::extract,
        dependent_dialects: || vec![DialectHandle::llvm()],
    },
    PassInfo {
        argument: "cute-test-panic-guard",
        name: "CuteTestPanicGuard",
        description: "Test only: panics inside a Rust pass to prove the panic guard",
        example: (testing::EXAMPLE_BEFORE, testing::EXAMPLE_AFTER),
        id: &PANIC_ID,
        body: testing::run_panic,
        dependent_dialects: Vec::new,
    },
    PassInfo {
        argument: "cute-test-break-ir",
        name: "CuteTestBreakIr",
        description: "Test only: leaves invalid IR (a func.func without its type) to prove the IR is verified after every pass",
        example: (testing::BREAK_EXAMPLE_BEFORE, testing::BREAK_EXAMPLE_AFTER),
        id: &BREAK_ID,
        body: testing::run_break,
        dependent_dialects: Vec::new,
    },
];

/// The Rust side of one external pass instance.
#[derive(Clone)]
struct RustPass {
    body: PassBody,
}

impl<'c> RunExternalPass<'c> for RustPass {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        let body = self.body;
        let outcome = guard(|| Ok(body(operation))).unwrap_or_else(|panic| Err(PassError::Failed(panic)));
        match outcome {
            Ok(()) => {}
            Err(PassError::Reported) => pass.signal_failure(),
            Err(PassError::Failed(message) | PassError::Setup(message)) => {
                emit_error(operation.location().to_raw(), &message);
                pass.signal_failure();
            }
        }
    }
}

/// Creates a fresh instance of pass `id` (called by the C++ pass registry).
extern "C" fn create_pass(id: u32) -> MlirPass {
    let info = &PASSES[id as usize];
    let pass: Pass = create_external(
        RustPass { body: info.body },
        TypeId::create(info.id),
        info.name,
        info.argument,
        info.description,
        "",
        &(info.dependent_dialects)(),
    );
    pass.to_raw()
}

/// Registers every pass with the global registry (idempotent).
pub fn register_all() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for id in 0..PASSES.len() as u32 {
            unsafe { abi::cute_cpp_register_pass(Some(create_pass), id) };
        }
        for pipeline in PIPELINES {
            // SAFETY: the strings are static C strings; C++ keeps the callback.
            unsafe {
                abi::cute_cpp_register_pipeline_fn(pipeline.argument.as_ptr(), pipeline.description.as_ptr(), Some(pipeline.build))
            };
        }
    });
}

/// A named pipeline: registered like a pass, its passes built in Rust from
/// its option string.
pub struct Pipeline {
    pub argument: &'static std::ffi::CStr,
    pub description: &'static std::ffi::CStr,
    build: unsafe extern "C" fn(mlir_sys::MlirStringRef, mlir_sys::MlirStringCallback, *mut std::ffi::c_void) -> bool,
}

/// The named pipelines.
pub static PIPELINES: &[Pipeline] = &[
    Pipeline {
        argument: c"cute-lower-to-llvm",
        description: c"Target-neutral lowering: cute-desugar, cute-to-llvm, upstream conversions to LLVM, reconcile casts",
        build: build_lower_to_llvm_pipeline,
    },
    Pipeline {
        argument: c"cute-to-nvvm",
        description: c"cute IR to LLVM + NVVM dialect for chip=<sm_XX> (crate::compile's roster), ready for gpu-module-to-binary; with extract-device-module=true the device code is the module, ready for mlir-translate-22 --mlir-to-llvmir",
        build: build_nvvm_pipeline,
    },
];

/// `cute-lower-to-llvm`: [`cute_to_llvm::LOWER_TO_LLVM`]; it takes no options.
extern "C" fn build_lower_to_llvm_pipeline(
    options: mlir_sys::MlirStringRef,
    write: mlir_sys::MlirStringCallback,
    user_data: *mut std::ffi::c_void,
) -> bool {
    build_pipeline(options, write, user_data, |options| match options.trim() {
        "" => Ok(cute_to_llvm::LOWER_TO_LLVM.to_string()),
        other => Err(format!("cute-lower-to-llvm takes no options, got '{other}'")),
    })
}

/// `cute-to-nvvm{chip=...}`: the passes of [`crate::compile::nvvm_passes`]
/// for the options given, or the error (an unknown chip or option).
extern "C" fn build_nvvm_pipeline(
    options: mlir_sys::MlirStringRef,
    write: mlir_sys::MlirStringCallback,
    user_data: *mut std::ffi::c_void,
) -> bool {
    build_pipeline(options, write, user_data, crate::compile::nvvm_pipeline_for_options)
}

/// Runs `build` on the option string (no panic escapes) and writes its pass
/// list, or its error, through `write`; true on success.
fn build_pipeline(
    options: mlir_sys::MlirStringRef,
    write: mlir_sys::MlirStringCallback,
    user_data: *mut std::ffi::c_void,
    build: fn(&str) -> Result<String, String>,
) -> bool {
    let result = guard(|| {
        // SAFETY: C++ passes a live string reference.
        let options = unsafe { crate::ffi::str_of(options) }.map_err(|e| e.to_string())?;
        Ok(build(options))
    })
    .unwrap_or_else(Err);
    let (ok, text) = match result {
        Ok(passes) => (true, passes),
        Err(message) => (false, message),
    };
    if let Some(write) = write {
        // SAFETY: `write` and `user_data` come from C++ for this call.
        unsafe { write(mlir_sys::MlirStringRef { data: text.as_ptr() as *const _, length: text.len() }, user_data) };
    }
    ok
}

/// The pass arguments this crate registers, for documentation and the CLI.
pub fn arguments() -> impl Iterator<Item = &'static str> {
    PASSES.iter().map(|p| p.argument)
}

/// `docs/Passes.md`: every pass with its description and example.
pub fn render_docs() -> String {
    let mut out = String::from(
        "<!-- Generated from src/passes/mod.rs (PASSES); refresh with `CUTE_BLESS_DOCS=1 cargo test --test docs`. -->\n\n# Passes\n\n\
         Run a pass with `mlir-opt-22 --load-dialect-plugin=libcute_mlir.so --load-pass-plugin=libcute_mlir.so \
         --pass-pipeline='builtin.module(PASS)'`, `cute opt FILE --pipeline 'builtin.module(PASS)'` or \
         `cute_mlir::Compiler::opt`.\n",
    );
    for info in PASSES {
        let (before, after) = info.example;
        out.push_str(&format!(
            "\n## `{}`\n\n{}.\n\nInput:\n\n```mlir\n{}\n```\n\nOutput:\n\n```mlir\n{}\n```\n",
            info.argument,
            info.description,
            before.trim(),
            after.trim()
        ));
    }
    out
}
