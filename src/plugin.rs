//! Entry points of the mlir-opt plugin (the crate's cdylib):
//! `mlir-opt-22 --load-dialect-plugin=libcute_mlir.so --load-pass-plugin=libcute_mlir.so`.
//!
//! A Rust cdylib exports only Rust `#[no_mangle]` symbols, so the two
//! `mlirGet*PluginInfo` functions are written here; the structs mirror
//! `mlir/Tools/Plugins/{Dialect,Pass}Plugin.h` of MLIR 22.

use std::ffi::{c_char, c_void};

/// `MLIR_PLUGIN_API_VERSION`.
const API_VERSION: u32 = 1;
const NAME: &[u8] = b"cute-mlir\0";
const VERSION: &[u8] = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();

#[repr(C)]
pub struct DialectPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_dialect_registry_callbacks: extern "C" fn(*mut c_void),
}

#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_pass_registry_callbacks: extern "C" fn(),
}

extern "C" fn register_dialects(registry: *mut c_void) {
    // C++ code only: nothing here can panic.
    unsafe { crate::ffi::abi::cute_cpp_register_dialects(registry) }
}

extern "C" fn register_passes() {
    if let Err(message) = crate::ffi::guard(|| {
        crate::passes::register_all();
        Ok(())
    }) {
        eprintln!("cute-mlir: pass registration failed: {message}");
    }
}

#[no_mangle]
pub extern "C" fn mlirGetDialectPluginInfo() -> DialectPluginLibraryInfo {
    DialectPluginLibraryInfo {
        api_version: API_VERSION,
        plugin_name: NAME.as_ptr().cast(),
        plugin_version: VERSION.as_ptr().cast(),
        register_dialect_registry_callbacks: register_dialects,
    }
}

#[no_mangle]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: API_VERSION,
        plugin_name: NAME.as_ptr().cast(),
        plugin_version: VERSION.as_ptr().cast(),
        register_pass_registry_callbacks: register_passes,
    }
}
