//! The `cute-emu` binary: `cute run` for PTX launches on a machine without
//! LLVM (a GPU server). Same launch files, outputs and exit statuses.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Each thread copies word `tid` of `src` to `dst`, plus `add`.
const PTX: &str = ".version 7.1\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 src, .param .u64 dst, .param .u32 add)\n{\n\
    .reg .b32 %r<4>;\n\t.reg .b64 %rd<6>;\n\
    ld.param.u64 %rd1, [src];\n\tld.param.u64 %rd2, [dst];\n\tld.param.u32 %r3, [add];\n\
    mov.u32 %r1, %tid.x;\n\tmul.wide.u32 %rd3, %r1, 4;\n\
    add.s64 %rd4, %rd1, %rd3;\n\tld.global.u32 %r2, [%rd4];\n\tadd.s32 %r2, %r2, %r3;\n\
    add.s64 %rd5, %rd2, %rd3;\n\tst.global.u32 [%rd5], %r2;\n\tret;\n}\n";

fn launch(dir: &Path, source: &str, words: usize) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("k.ptx"), PTX).unwrap();
    let json = format!(
        r#"{{"source": "{source}", "chip": "sm_80", "kernel": "k", "grid": [1], "block": [32],
 "args": [{{"buffer": "src", "dtype": "i32", "shape": [{words}], "init": {{"randint": [-9, 9], "seed": 5}}}}, {{"buffer": "dst", "dtype": "i32", "shape": [32]}}, {{"i32": 100}}]}}"#
    );
    std::fs::write(dir.join("k.launch.json"), json).unwrap();
    dir.join("k.launch.json")
}

fn cute_emu(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cute-emu")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-emu-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn cute_emu_runs_a_ptx_launch_and_writes_its_buffers() {
    let dir = scratch("ok");
    let file = launch(&dir, "k.ptx", 32);
    let out = dir.join("out");
    let (code, stdout, stderr) = cute_emu(&["run".as_ref(), file.as_os_str(), "--out".as_ref(), out.as_os_str()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("1 CTAs, 1 warps") && stdout.contains("0 hazards"), "{stdout}");
    let words = |name: &str| -> Vec<i32> {
        let bytes = std::fs::read(out.join(name)).unwrap();
        bytes[bytes.len() - 128..].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
    };
    let (src, dst) = (words("src.npy"), words("dst.npy"));
    assert!(src.iter().any(|&x| x != 0) && src.iter().all(|x| (-9..=9).contains(x)));
    assert_eq!(dst, src.iter().map(|x| x + 100).collect::<Vec<_>>());
}

#[test]
fn cute_emu_exits_1_for_a_hazard_and_2_for_a_bad_launch() {
    // A src of 16 words: threads 16..31 read past it.
    let dir = scratch("bad");
    let file = launch(&dir, "k.ptx", 16);
    let (code, stdout, stderr) = cute_emu(&["run".as_ref(), file.as_os_str()]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stderr.contains("OutOfBounds"), "{stderr}");
    // An .mlir source needs the compiler: refused, naming the way out.
    let file = launch(&dir, "k.mlir", 32);
    let (code, _, stderr) = cute_emu(&["run".as_ref(), file.as_os_str()]);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("cute-emu: error: launch field 'source':") && stderr.contains("cute run LAUNCH.json --export DIR"), "{stderr}");
    let file = launch(&dir, "k.ptx", 32);
    let (code, _, stderr) = cute_emu(&["run".as_ref(), file.as_os_str(), "--repeat".as_ref(), "5".as_ref()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--repeat times launches on a GPU: it needs --gpu"), "{stderr}");
    // Without a CUDA driver (CI), --gpu says so in one line.
    if !["/usr/lib/x86_64-linux-gnu/libcuda.so.1", "/usr/lib64/libcuda.so.1"].iter().any(|p| Path::new(p).exists()) {
        let (code, _, stderr) = cute_emu(&["run".as_ref(), file.as_os_str(), "--gpu".as_ref()]);
        assert_eq!(code, 2);
        assert!(stderr.starts_with("cute-emu: error: --gpu: no CUDA driver on this machine") && stderr.trim().lines().count() == 1, "{stderr}");
    }
}
