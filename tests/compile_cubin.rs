//! `cute compile --emit cubin` (issue 33): PTX compiled in process by
//! nvJitLink, or by ptxas, on the examples users compile.

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn venv_nvidia() -> PathBuf {
    let lib = repo().join(".venv/lib");
    let python = std::fs::read_dir(&lib).expect(".venv/lib (bash ci/setup)").flatten().next().expect("a python folder").path();
    python.join("site-packages/nvidia")
}

fn cute(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cute"));
    command.args(args).env("CUTE_CACHE_DIR", scratch("unused-cache"));
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().expect("cute runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-cubin-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn ok(output: &Output) {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// The sections of an ELF64 file: (name, type, contents; empty for NOBITS).
fn sections(elf: &[u8]) -> Vec<(String, u32, Vec<u8>)> {
    let u16_at = |o: usize| u16::from_le_bytes(elf[o..o + 2].try_into().unwrap()) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(elf[o..o + 4].try_into().unwrap());
    let u64_at = |o: usize| u64::from_le_bytes(elf[o..o + 8].try_into().unwrap()) as usize;
    assert_eq!(&elf[..4], b"\x7fELF", "not an ELF file");
    let (shoff, shentsize, shnum, shstrndx) = (u64_at(0x28), u16_at(0x3a), u16_at(0x3c), u16_at(0x3e));
    let header = |i: usize| shoff + i * shentsize;
    let strtab = u64_at(header(shstrndx) + 0x18);
    (0..shnum)
        .map(|i| {
            let h = header(i);
            let name_at = strtab + u32_at(h) as usize;
            let end = elf[name_at..].iter().position(|&b| b == 0).unwrap() + name_at;
            let kind = u32_at(h + 4);
            let (offset, size) = (u64_at(h + 0x18), u64_at(h + 0x20));
            let contents = if kind == 8 { Vec::new() } else { elf[offset..offset + size].to_vec() };
            (String::from_utf8_lossy(&elf[name_at..end]).into_owned(), kind, contents)
        })
        .collect()
}

/// nvJitLink compiles PTX as `ptxas -c` does and links as `nvlink` does:
/// with one release of all three (CUDA 13.5 from the venv), the in-process
/// cubin has the same sections with the same bytes, but for the note that
/// names the tool that wrote it.
#[test]
fn the_in_process_cubin_is_ptxas_and_nvlink_s() {
    let nvidia = venv_nvidia();
    let (jitlink, ptxas, nvlink) = (nvidia.join("cu13/lib/libnvJitLink.so.13"), nvidia.join("cu13/bin/ptxas"), nvidia.join("cu13/bin/nvlink"));
    let dir = scratch("same-as-ptxas");
    for (example, chip, kernel) in [("gemm_sm80", "sm_80", "gemm"), ("gemm_sm90", "sm_90a", "gemm"), ("fmha_fwd_sm100", "sm_100a", "fmha")] {
        let source = repo().join("examples").join(format!("{example}.mlir"));
        let (ptx, cubin) = (dir.join(format!("{example}.ptx")), dir.join(format!("{example}.cubin")));
        ok(&cute(&["compile", source.to_str().unwrap(), "--chip", chip, "--no-cache", "-o", ptx.to_str().unwrap()], &[]));
        ok(&cute(&["compile", source.to_str().unwrap(), "--chip", chip, "--no-cache", "--emit", "cubin", "-o", cubin.to_str().unwrap()], &[("CUTE_NVJITLINK", &jitlink)]));
        let object = dir.join(format!("{example}.o"));
        let linked = dir.join(format!("{example}.linked.cubin"));
        ok(&Command::new(&ptxas).arg(format!("-arch={chip}")).arg("-c").arg(&ptx).arg("-o").arg(&object).output().unwrap());
        ok(&Command::new(&nvlink).arg(format!("-arch={chip}")).arg(&object).arg("-o").arg(&linked).output().unwrap());
        let ours = sections(&std::fs::read(&cubin).unwrap());
        let theirs = sections(&std::fs::read(&linked).unwrap());
        let names = |s: &[(String, u32, Vec<u8>)]| s.iter().map(|(n, _, _)| n.clone()).collect::<Vec<_>>();
        assert_eq!(names(&ours), names(&theirs), "{example}: the sections");
        assert!(names(&ours).contains(&format!(".text.{kernel}")), "{example}: no code section in {:?}", names(&ours));
        for (a, b) in ours.iter().zip(&theirs) {
            if a.0 != ".note.nv.tkinfo" {
                assert!(a == b, "{example}: section {} differs", a.0);
            }
        }
    }
}

/// With `CUTE_PTXAS`, the cubin is what that ptxas writes, byte for byte.
#[test]
fn the_ptxas_cubin_is_ptxas_s() {
    let dir = scratch("ptxas");
    let ptxas = repo().join(".venv/bin/ptxas");
    let source = repo().join("examples/gemm_sm80.mlir");
    let (ptx, ours, theirs) = (dir.join("g.ptx"), dir.join("ours.cubin"), dir.join("theirs.cubin"));
    ok(&cute(&["compile", source.to_str().unwrap(), "--chip", "sm_80", "--no-cache", "-o", ptx.to_str().unwrap()], &[]));
    ok(&cute(&["compile", source.to_str().unwrap(), "--chip", "sm_80", "--no-cache", "--emit", "cubin", "-o", ours.to_str().unwrap()], &[("CUTE_PTXAS", &ptxas)]));
    ok(&Command::new(&ptxas).arg("-arch=sm_80").arg(&ptx).arg("-o").arg(&theirs).output().unwrap());
    assert!(std::fs::read(&ours).unwrap() == std::fs::read(&theirs).unwrap(), "the cubins differ");
}

/// nvJitLink 13 dropped sm_70: the next compiler found (nvJitLink 12)
/// compiles it; the ELF header says sm_70.
#[test]
fn a_chip_the_first_compiler_lacks_goes_to_the_next() {
    let dir = scratch("sm70");
    let cubin = dir.join("copy.cubin");
    let source = repo().join("examples/copy_sm80.mlir");
    ok(&cute(&["compile", source.to_str().unwrap(), "--chip", "sm_70", "--no-cache", "--emit", "cubin", "-o", cubin.to_str().unwrap()], &[]));
    let elf = std::fs::read(&cubin).unwrap();
    let flags = u32::from_le_bytes(elf[0x30..0x34].try_into().unwrap());
    assert_eq!((elf[8], flags & 0xff), (7, 70), "ABI version 7 cubins carry the SM in e_flags' low byte");
    // nvJitLink 13 alone refuses the chip as a chip it lacks (so the next
    // compiler is tried), not as bad PTX.
    let chip = cute_mlir::compile::chip("sm_70").unwrap();
    let jitlink13 = cute_mlir::cubin::PtxCompiler::NvJitLink(venv_nvidia().join("cu13/lib/libnvJitLink.so.13"));
    let ptx = cute(&["compile", source.to_str().unwrap(), "--chip", "sm_70", "--no-cache"], &[]);
    ok(&ptx);
    let refusal = cute_mlir::cubin::compile_with(&jitlink13, &String::from_utf8_lossy(&ptx.stdout), chip);
    assert!(matches!(refusal, Err(cute_mlir::cubin::Failure::UnknownChip(ref why)) if why.contains("-arch=sm_70")));
    // When no compiler found can, the error lists why each could not.
    let refused = cute(
        &["compile", source.to_str().unwrap(), "--chip", "sm_70", "--no-cache", "--emit", "cubin", "-o", cubin.to_str().unwrap()],
        &[("CUTE_PTXAS", Path::new("/nonexistent/ptxas"))],
    );
    assert_eq!(refused.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("no PTX compiler found could compile for sm_70") && stderr.contains("/nonexistent/ptxas: cannot run"), "{stderr}");
}

/// PTX a compiler refuses is an error with the compiler's log, from
/// either compiler, not a crash.
#[test]
fn refused_ptx_reports_the_compiler_s_log() {
    use cute_mlir::cubin::{compile_with, Failure, PtxCompiler};
    let chip = cute_mlir::compile::chip("sm_80").unwrap();
    let bad = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k() { mov.u32 %r1, 1; ret; }\n";
    for compiler in [
        PtxCompiler::NvJitLink(venv_nvidia().join("cu13/lib/libnvJitLink.so.13")),
        PtxCompiler::NvJitLink(venv_nvidia().join("nvjitlink/lib/libnvJitLink.so.12")),
        PtxCompiler::Ptxas(repo().join(".venv/bin/ptxas")),
    ] {
        match compile_with(&compiler, bad, chip) {
            Err(Failure::Ptx(log)) => assert!(log.contains("%r1"), "{compiler:?}: {log}"),
            Err(Failure::UnknownChip(why)) => panic!("{compiler:?}: {why}"),
            Ok(_) => panic!("{compiler:?} accepted an undeclared register"),
        }
    }
    // A file that is not nvJitLink is refused as such, and the next tried.
    let not_a_library = PtxCompiler::NvJitLink(repo().join("Cargo.toml"));
    assert!(matches!(compile_with(&not_a_library, bad, chip), Err(Failure::UnknownChip(why)) if why.contains("cannot load")));
}

/// The Rust API: `compile_bytes(.., Emit::Cubin)` returns the cubin;
/// `compile(.., Emit::Cubin)` (text) says to call it instead.
#[test]
fn the_rust_api_returns_cubin_bytes() {
    use cute_mlir::{compile::Emit, Compiler};
    let compiler = Compiler::new();
    let source = std::fs::read_to_string(repo().join("examples/copy_sm80.mlir")).unwrap();
    let cubin = compiler.compile_bytes(&source, "sm_90a", Emit::Cubin).expect("a cubin");
    assert_eq!(&cubin[..4], b"\x7fELF");
    assert!(sections(&cubin).iter().any(|(n, _, c)| n.starts_with(".text.") && !c.is_empty()));
    let refused = compiler.compile(&source, "sm_90a", Emit::Cubin).unwrap_err();
    assert!(refused.message.contains("call Compiler::compile_bytes"), "{refused}");
    let ptx = compiler.compile_bytes(&source, "sm_90a", Emit::Ptx).unwrap();
    assert_eq!(String::from_utf8(ptx).unwrap(), compiler.compile(&source, "sm_90a", Emit::Ptx).unwrap());
}
