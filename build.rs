//! Build script: TableGen the ODS dialects, compile the C++ glue, and make the
//! whole crate link the ONE shared libMLIR/libLLVM of LLVM 22.
//!
//! * `mlir-tblgen-22` turns `dialects-td/<dialect>/*.td` into `.inc` files in
//!   `$OUT_DIR/inc/<dialect>/`.
//! * `-gen-dialect-doc` writes the dialect references to `$OUT_DIR/inc/docs/`;
//!   `tests/docs.rs` checks that `docs/` holds them fresh.
//! * `cc` compiles every `.cpp` under `dialects-td/lib/` (recursively)
//!   against `/usr/lib/llvm-22/include`.
//! * bindgen turns `dialects-td/lib/CppFFI.h` (with `CuteAbi.h`, the values
//!   shared across the C ABI) into `$OUT_DIR/abi.rs`, included by
//!   `src/ffi/abi.rs`: every enum and struct crossing the ABI is written once.
//! * Debian ships the MLIR C API only as static `libMLIRCAPI*.a` archives, but
//!   mlir-sys (with `MLIR_SYS_LINK_SHARED=1`) asks for `-lMLIR-C`: a GNU ld
//!   linker script named `libMLIR-C.so` in `$OUT_DIR` groups those archives
//!   with the shared libMLIR/libLLVM, so no static copy of MLIR is linked.

use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
};

const LLVM_PREFIX_ENV: &str = "MLIR_SYS_220_PREFIX";

struct TblgenJob {
    td: &'static str,
    dialect: &'static str,
    outputs: &'static [(&'static str, &'static str)],
}

const JOBS: &[TblgenJob] = &[
    // Interface generators only emit what the root file itself defines.
    TblgenJob {
        td: "cute/CuteInterfaces.td",
        dialect: "cute",
        outputs: &[
            ("-gen-type-interface-decls", "cute/CuteTypeInterfaces.h.inc"),
            ("-gen-type-interface-defs", "cute/CuteTypeInterfaces.cpp.inc"),
        ],
    },
    TblgenJob {
        td: "cute/CuteOps.td",
        dialect: "cute",
        outputs: &[
            ("-gen-dialect-decls", "cute/CuteDialect.h.inc"),
            ("-gen-dialect-defs", "cute/CuteDialect.cpp.inc"),
            ("-gen-typedef-decls", "cute/CuteTypes.h.inc"),
            ("-gen-typedef-defs", "cute/CuteTypes.cpp.inc"),
            ("-gen-attrdef-decls", "cute/CuteAttrs.h.inc"),
            ("-gen-attrdef-defs", "cute/CuteAttrs.cpp.inc"),
            ("-gen-op-decls", "cute/CuteOps.h.inc"),
            ("-gen-op-defs", "cute/CuteOps.cpp.inc"),
            ("-gen-dialect-doc", "docs/CuteDialect.md"),
        ],
    },
    // cute_nvgpu: the registry's capability interfaces, the target attribute.
    TblgenJob {
        td: "cute_nvgpu/CuteNvgpuInterfaces.td",
        dialect: "cute_nvgpu",
        outputs: &[
            ("-gen-type-interface-decls", "cute_nvgpu/CuteNvgpuTypeInterfaces.h.inc"),
            ("-gen-type-interface-defs", "cute_nvgpu/CuteNvgpuTypeInterfaces.cpp.inc"),
        ],
    },
    TblgenJob {
        td: "cute_nvgpu/CuteNvgpuAttrs.td",
        dialect: "cute_nvgpu",
        outputs: &[
            ("-gen-attrdef-decls", "cute_nvgpu/CuteNvgpuAttrs.h.inc"),
            ("-gen-attrdef-defs", "cute_nvgpu/CuteNvgpuAttrs.cpp.inc"),
        ],
    },
    TblgenJob {
        td: "cute_nvgpu/CuteNvgpuOps.td",
        dialect: "cute_nvgpu",
        outputs: &[
            ("-gen-op-decls", "cute_nvgpu/CuteNvgpuOps.h.inc"),
            ("-gen-op-defs", "cute_nvgpu/CuteNvgpuOps.cpp.inc"),
        ],
    },
    TblgenJob {
        td: "cute_nvgpu/CuteNvgpuTypes.td",
        dialect: "cute_nvgpu",
        outputs: &[
            ("-gen-dialect-decls", "cute_nvgpu/CuteNvgpuDialect.h.inc"),
            ("-gen-dialect-defs", "cute_nvgpu/CuteNvgpuDialect.cpp.inc"),
            ("-gen-typedef-decls", "cute_nvgpu/CuteNvgpuTypes.h.inc"),
            ("-gen-typedef-defs", "cute_nvgpu/CuteNvgpuTypes.cpp.inc"),
            ("-gen-dialect-doc", "docs/CuteNvgpuDialect.md"),
        ],
    },
];

fn main() {
    let prefix = PathBuf::from(env::var(LLVM_PREFIX_ENV).unwrap_or_else(|_| "/usr/lib/llvm-22".into()));
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let td_dir = Path::new("dialects-td");
    println!("cargo:rerun-if-env-changed={LLVM_PREFIX_ENV}");
    rerun_if_changed_under(td_dir);

    let inc = out.join("inc");
    for job in JOBS {
        run_tblgen(&prefix, td_dir, &inc, job);
    }
    compile_glue(&prefix, td_dir, &inc);
    generate_abi(&prefix, td_dir, &out);
    write_mlir_c_shim(&prefix, &out);
}

/// Cargo reruns the script only when a .td/.cpp/.h under `dir` changes.
fn rerun_if_changed_under(dir: &Path) {
    for entry in fs::read_dir(dir).expect("dialects-td is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rerun_if_changed_under(&path);
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("td" | "cpp" | "h")) {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}

fn run_tblgen(prefix: &Path, td_dir: &Path, inc: &Path, job: &TblgenJob) {
    let tblgen = prefix.join("bin/mlir-tblgen");
    for (generator, output) in job.outputs {
        let output = inc.join(output);
        fs::create_dir_all(output.parent().expect("output has a parent")).expect("create inc dir");
        let mut cmd = Command::new(&tblgen);
        cmd.arg(generator)
            .arg(td_dir.join(job.td))
            .arg("-I")
            .arg(td_dir)
            .arg("-I")
            .arg(prefix.join("include"))
            .arg("-o")
            .arg(&output);
        if generator.starts_with("-gen-dialect") {
            cmd.arg(format!("-dialect={}", job.dialect));
        } else if generator.starts_with("-gen-typedef") {
            cmd.arg(format!("-typedefs-dialect={}", job.dialect));
        } else if generator.starts_with("-gen-attrdef") {
            cmd.arg(format!("-attrdefs-dialect={}", job.dialect));
        }
        let status = cmd.status().unwrap_or_else(|e| panic!("cannot run {}: {e}", tblgen.display()));
        assert!(status.success(), "mlir-tblgen {generator} {} failed", job.td);
    }
}

/// The glue is compiled with LLVM 22's own clang: MLIR derives implicit
/// TypeIDs (of op traits such as ConstantLike) from compiler-specific type
/// names, so code built by GCC would disagree with the clang-built libMLIR.so
/// (e.g. the greedy driver would not see `cute.static` as a constant).
fn compile_glue(prefix: &Path, td_dir: &Path, inc: &Path) {
    let mut sources = Vec::new();
    collect_sources(&td_dir.join("lib"), &mut sources);
    sources.sort();
    cc::Build::new()
        .cpp(true)
        .compiler(prefix.join("bin/clang++"))
        .std("c++17")
        .pic(true)
        .opt_level(2)
        .debug(false)
        .include(td_dir.join("lib"))
        .include(inc)
        .include(prefix.join("include"))
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-comment")
        .files(&sources)
        .compile("cute_glue");
}

/// Every `.cpp` under `dir`, in subfolders too (a `lib/Conversion/` folder
/// must not be skipped silently).
fn collect_sources(dir: &Path, sources: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("dialects-td/lib is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            collect_sources(&path, sources);
        } else if path.extension().and_then(|e| e.to_str()) == Some("cpp") {
            sources.push(path);
        }
    }
}

/// The Rust side of `CppFFI.h` and `CuteAbi.h`. The MLIR C API types are
/// mlir-sys's (blocklisted here, imported by `src/ffi/abi.rs`). C enums
/// become newtypes, so a value C++ sends that Rust does not know is a value
/// to report, not undefined behaviour.
fn generate_abi(prefix: &Path, td_dir: &Path, out: &Path) {
    let header = td_dir.join("lib/CppFFI.h");
    bindgen::Builder::default()
        .header(header.display().to_string())
        .clang_arg(format!("-I{}", prefix.join("include").display()))
        .clang_arg(format!("-I{}", td_dir.join("lib").display()))
        .allowlist_function("cute_cpp_.*|cute_nvgpu_cpp_.*|mlirGetDialectHandle__cute.*")
        .allowlist_type("Cute.*")
        .blocklist_type("Mlir.*")
        .newtype_enum("Cute.*")
        .derive_default(false)
        .layout_tests(true)
        .generate()
        .expect("bindgen: dialects-td/lib/CppFFI.h")
        .write_to_file(out.join("abi.rs"))
        .expect("write abi.rs");
}

fn write_mlir_c_shim(prefix: &Path, out: &Path) {
    let lib = prefix.join("lib");
    let mut archives: Vec<String> = fs::read_dir(&lib)
        .expect("LLVM lib dir is readable")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("libMLIRCAPI") && n.ends_with(".a"))
        .map(|n| lib.join(n).display().to_string())
        .collect();
    archives.sort();
    assert!(!archives.is_empty(), "no libMLIRCAPI*.a under {}", lib.display());
    let script = format!(
        "/* generated by build.rs: the MLIR C API archives over the shared libMLIR */\nGROUP ( {} AS_NEEDED ( {}/libMLIR.so {}/libLLVM.so ) )\n",
        archives.join(" "),
        lib.display(),
        lib.display()
    );
    fs::write(out.join("libMLIR-C.so"), script).expect("write libMLIR-C.so shim");
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-search=native={}", lib.display());
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib.display());
}
