//! The project's passes, implemented in Rust and registered with MLIR's global
//! pass registry, so the same pass runs from `mlir-opt-22 --load-pass-plugin`,
//! from [`crate::pipeline`] and from `cute opt`.
//!
//! | pass | file | what it does |
//! |---|---|---|
//! | `cute-desugar` | [`desugar`] | spec 002 sugar → primitive cute ops |
//! | `cute-test-panic-guard` | [`testing`] | test-only: panics, proving the panic guard |

pub mod desugar;
pub mod testing;

use crate::ffi::{abi, emit_error, guard};
use melior::{
    ir::{operation::OperationLike, r#type::TypeId, OperationRef},
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef,
};
use mlir_sys::MlirPass;
use std::sync::Once;

/// A pass body: transforms `op` or returns the error to report.
type PassBody = for<'c, 'a> fn(OperationRef<'c, 'a>) -> Result<(), String>;

/// Storage whose address is the pass's TypeID (MLIR only needs it unique).
#[repr(align(8))]
struct PassId(#[allow(dead_code)] u8);

struct PassInfo {
    argument: &'static str,
    name: &'static str,
    description: &'static str,
    id: &'static PassId,
    body: PassBody,
}

static DESUGAR_ID: PassId = PassId(0);
static PANIC_ID: PassId = PassId(1);

/// Every pass of the project; the index is the id passed through C++.
static PASSES: &[PassInfo] = &[
    PassInfo {
        argument: "cute-desugar",
        name: "CuteDesugar",
        description: "Expand cute construction sugar into primitive ops (spec 002)",
        id: &DESUGAR_ID,
        body: desugar::run,
    },
    PassInfo {
        argument: "cute-test-panic-guard",
        name: "CuteTestPanicGuard",
        description: "Test only: panics inside a Rust pass to prove the panic guard",
        id: &PANIC_ID,
        body: testing::run_panic,
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
        if let Err(message) = guard(|| body(operation)) {
            // An empty message: the pass already reported on the failing op.
            if !message.is_empty() {
                emit_error(operation.location().to_raw(), &message);
            }
            pass.signal_failure();
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
        // cute-desugar creates scf, arith and gpu ops (cute.print's loop).
        &[
            crate::dialect::cute_handle(),
            melior::dialect::DialectHandle::arith(),
            melior::dialect::DialectHandle::scf(),
            melior::dialect::DialectHandle::gpu(),
        ],
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
    });
}

/// The pass arguments this crate registers, for documentation and the CLI.
pub fn arguments() -> impl Iterator<Item = &'static str> {
    PASSES.iter().map(|p| p.argument)
}
