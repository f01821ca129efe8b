//! The kernel cache and batch compiles (issue 33), through the CLI as an
//! autotuner or an inference engine runs it, and through the Rust API.

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> String {
    repo().join("examples").join(name).to_str().unwrap().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-cache-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn cute(cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute")).args(args).env("CUTE_CACHE_DIR", cache).output().expect("cute runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `(hits, misses, corrupt)` as `--cache-stats` prints them.
fn stats(o: &Output) -> (usize, usize, usize) {
    assert!(o.status.success(), "{}", stderr(o));
    let line = stderr(o).lines().find(|l| l.starts_with("cute: cache:")).map(str::to_string).expect("a stats line");
    let n: Vec<usize> = line.split(|c: char| !c.is_ascii_digit()).filter_map(|w| w.parse().ok()).collect();
    (n[0], n[1], n[2])
}

fn entries(cache: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for folder in std::fs::read_dir(cache).into_iter().flatten().flatten() {
        out.extend(std::fs::read_dir(folder.path()).into_iter().flatten().flatten().map(|e| e.path()));
    }
    out
}

#[test]
fn a_hit_returns_the_kernel_compiled_before() {
    let cache = scratch("hit");
    let dir = scratch("hit-out");
    let (first, second) = (dir.join("1.cubin"), dir.join("2.cubin"));
    let gemm = example("gemm_sm80.mlir");
    let compile = |out: &Path| cute(&cache, &["compile", &gemm, "--chip", "sm_80", "--emit", "cubin", "--cache-stats", "-o", out.to_str().unwrap()]);
    assert_eq!(stats(&compile(&first)), (0, 1, 0));
    assert_eq!(stats(&compile(&second)), (1, 0, 0));
    assert!(std::fs::read(&first).unwrap() == std::fs::read(&second).unwrap());
    assert_eq!(entries(&cache).len(), 1);
    // The key is the canonical form: comments and blank lines do not
    // change it, a changed value does.
    let source = std::fs::read_to_string(&gemm).unwrap();
    let edited = dir.join("gemm_sm80.mlir");
    std::fs::write(&edited, format!("// a comment\n\n{}", source.replace("\n\n", "\n"))).unwrap();
    let reworded = cute(&cache, &["compile", edited.to_str().unwrap(), "--chip", "sm_80", "--emit", "cubin", "--cache-stats", "-o", first.to_str().unwrap()]);
    assert_eq!(stats(&reworded), (1, 0, 0));
    // --no-cache neither reads nor writes it.
    let bypass = cute(&cache, &["compile", &gemm, "--chip", "sm_80", "--no-cache", "--cache-stats", "-o", first.to_str().unwrap()]);
    assert_eq!(stats(&bypass), (0, 0, 0));
    assert_eq!(entries(&cache).len(), 1);
}

/// Any change of the input, the chip or an option is a miss.
#[test]
fn the_key_covers_input_chip_and_options() {
    let cache = scratch("key");
    let dir = scratch("key-out");
    let out = dir.join("out");
    let copy = example("copy_sm80.mlir");
    let source = std::fs::read_to_string(&copy).unwrap();
    let changed = dir.join("copy_changed.mlir");
    // One constant of the kernel changed.
    assert!(source.contains("arith.constant 0 : i32"), "the example has a constant to change");
    std::fs::write(&changed, source.replacen("arith.constant 0 : i32", "arith.constant 1 : i32", 1)).unwrap();
    let run = |input: &str, chip: &str, emit: &str| stats(&cute(&cache, &["compile", input, "--chip", chip, "--emit", emit, "--cache-stats", "-o", out.to_str().unwrap()]));
    assert_eq!(run(&copy, "sm_80", "ptx"), (0, 1, 0));
    assert_eq!(run(&copy, "sm_80", "ptx"), (1, 0, 0));
    assert_eq!(run(changed.to_str().unwrap(), "sm_80", "ptx"), (0, 1, 0), "a changed input");
    assert_eq!(run(&copy, "sm_86", "ptx"), (0, 1, 0), "another chip");
    assert_eq!(run(&copy, "sm_80", "cubin"), (0, 1, 0), "another output");
    assert_eq!(run(&copy, "sm_80", "llvm"), (0, 1, 0), "another output");
    assert_eq!(run(&copy, "sm_80", "nvvm"), (0, 1, 0), "another output");
    for (chip, emit) in [("sm_80", "ptx"), ("sm_86", "ptx"), ("sm_80", "cubin"), ("sm_80", "llvm"), ("sm_80", "nvvm")] {
        assert_eq!(run(&copy, chip, emit), (1, 0, 0), "{chip} {emit} again");
    }
    // The key function itself: every part, and where parts split, counts.
    use cute_mlir::cache::key;
    let base = key(&[b"ir", b"sm_80", b"Ptx", b"pipeline", b""]);
    for other in [
        key(&[b"ir2", b"sm_80", b"Ptx", b"pipeline", b""]),
        key(&[b"ir", b"sm_90a", b"Ptx", b"pipeline", b""]),
        key(&[b"ir", b"sm_80", b"Cubin", b"pipeline", b""]),
        key(&[b"ir", b"sm_80", b"Ptx", b"pipeline2", b""]),
        key(&[b"ir", b"sm_80", b"Ptx", b"pipeline", b"ptxas:/usr/bin/ptxas;1;2"]),
        key(&[b"irs", b"m_80", b"Ptx", b"pipeline", b""]),
    ] {
        assert_ne!(base, other);
    }
    assert_eq!(base, key(&[b"ir", b"sm_80", b"Ptx", b"pipeline", b""]));
}

/// A corrupt entry is detected by its checksum, recompiled and replaced;
/// never returned.
#[test]
fn a_corrupt_entry_is_recompiled_never_returned() {
    let cache = scratch("corrupt");
    let dir = scratch("corrupt-out");
    let (good, after) = (dir.join("good.ptx"), dir.join("after.ptx"));
    let copy = example("copy_sm80.mlir");
    let compile = |out: &Path| cute(&cache, &["compile", &copy, "--chip", "sm_80", "--cache-stats", "-o", out.to_str().unwrap()]);
    assert_eq!(stats(&compile(&good)), (0, 1, 0));
    let entry = entries(&cache).pop().unwrap();
    let bytes = std::fs::read(&entry).unwrap();
    // A flipped byte in the kernel, a truncated entry, a foreign file.
    let mut flipped = bytes.clone();
    let last = flipped.len() - 10;
    flipped[last] ^= 0x20;
    for damaged in [flipped, bytes[..bytes.len() / 2].to_vec(), b"not an entry".to_vec(), Vec::new()] {
        std::fs::write(&entry, &damaged).unwrap();
        assert_eq!(stats(&compile(&after)), (0, 0, 1));
        assert!(std::fs::read(&good).unwrap() == std::fs::read(&after).unwrap(), "the recompiled kernel");
        assert!(std::fs::read(&entry).unwrap() == bytes, "the entry is rewritten whole");
        assert_eq!(stats(&compile(&after)), (1, 0, 0));
    }
}

/// Processes compiling the same kernel at once into one cache: every one
/// gets the kernel, the entry is whole, no temporary file is left.
#[test]
fn concurrent_processes_share_the_cache_safely() {
    let cache = scratch("concurrent");
    let dir = scratch("concurrent-out");
    let gemm = example("gemm_sm80.mlir");
    let children: Vec<_> = (0..4)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_cute"))
                .args(["compile", &gemm, "--chip", "sm_80", "-o"])
                .arg(dir.join(format!("{i}.ptx")))
                .env("CUTE_CACHE_DIR", &cache)
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    let first = std::fs::read(dir.join("0.ptx")).unwrap();
    for i in 1..4 {
        assert!(std::fs::read(dir.join(format!("{i}.ptx"))).unwrap() == first);
    }
    let files = entries(&cache);
    assert_eq!(files.len(), 1, "one entry, no temporaries: {files:?}");
    let again = cute(&cache, &["compile", &gemm, "--chip", "sm_80", "--cache-stats", "-o", dir.join("5.ptx").to_str().unwrap()]);
    assert_eq!(stats(&again), (1, 0, 0));
    assert!(std::fs::read(dir.join("5.ptx")).unwrap() == first);
}

/// `cute compile A B C -j 2 -o DIR`: each input's kernel, the same as
/// compiled alone; a bad input is reported with its file and the others
/// are still written.
#[test]
fn a_batch_compiles_every_input_and_reports_each_failure() {
    let cache = scratch("batch-cache");
    let dir = scratch("batch");
    let out = dir.join("out");
    let bad = dir.join("broken.mlir");
    std::fs::write(&bad, "gpu.module @k {\n  gpu.func @f() kernel {\n    %l = cute.static : !cute.layout<\"(2,4):(1\">\n    gpu.return\n  }\n}\n").unwrap();
    let inputs = [example("copy_sm80.mlir"), bad.to_str().unwrap().to_string(), example("gemm_sm80.mlir"), example("sgemm_sm80.mlir")];
    let mut args = vec!["compile"];
    args.extend(inputs.iter().map(String::as_str));
    args.extend(["--chip", "sm_80", "-j", "2", "-o", out.to_str().unwrap(), "--no-cache"]);
    let batch = cute(&cache, &args);
    assert_eq!(batch.status.code(), Some(1));
    let errors = stderr(&batch);
    assert!(errors.contains(&format!("cute: error: {}:", bad.display())) && errors.contains("broken.mlir\":3:36): error: invalid !cute.layout"), "{errors}");
    assert!(errors.contains("1 of 4 inputs did not compile"), "{errors}");
    for name in ["copy_sm80", "gemm_sm80", "sgemm_sm80"] {
        let alone = cute(&cache, &["compile", &example(&format!("{name}.mlir")), "--chip", "sm_80", "--no-cache"]);
        assert!(alone.status.success());
        assert!(std::fs::read(out.join(format!("{name}.ptx"))).unwrap() == alone.stdout, "{name}");
    }
    assert!(!out.join("broken.ptx").exists());

    // A JSON list of variants (a chip per item) and a folder, through the
    // cache: the second run is all hits.
    let list = dir.join("variants.json");
    let copy = example("copy_sm80.mlir");
    std::fs::write(&list, format!(r#"["{copy}", {{"source": "{}", "chip": "sm_90a"}}]"#, example("wgmma_sm90.mlir"))).unwrap();
    let json_out = dir.join("json-out");
    let run = || cute(&cache, &["compile", list.to_str().unwrap(), "--chip", "sm_80", "--emit", "cubin", "-j", "2", "--cache-stats", "-o", json_out.to_str().unwrap()]);
    assert_eq!(stats(&run()), (0, 2, 0));
    assert_eq!(stats(&run()), (2, 0, 0));
    assert!(json_out.join("copy_sm80.cubin").exists() && json_out.join("wgmma_sm90.cubin").exists());
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(&copy, folder.join("a.mlir")).unwrap();
    std::fs::copy(example("gemm_sm80.mlir"), folder.join("b.mlir")).unwrap();
    let from_folder = cute(&cache, &["compile", folder.to_str().unwrap(), "--chip", "sm_80", "-j", "2", "--no-cache", "-o", out.to_str().unwrap()]);
    assert!(from_folder.status.success(), "{}", stderr(&from_folder));
    assert!(std::fs::read(out.join("b.ptx")).unwrap() == std::fs::read(out.join("gemm_sm80.ptx")).unwrap());

    // Bad batch requests: no output folder, a malformed list, two inputs
    // that would write one file.
    let no_folder = cute(&cache, &["compile", copy.as_str(), bad.to_str().unwrap(), "--chip", "sm_80"]);
    assert_eq!(no_folder.status.code(), Some(1));
    assert!(stderr(&no_folder).contains("give it with -o DIR"), "{}", stderr(&no_folder));
    std::fs::write(&list, r#"[{"source": "a.mlir", "tile": 3}]"#).unwrap();
    let malformed = cute(&cache, &["compile", list.to_str().unwrap(), "--chip", "sm_80", "-o", out.to_str().unwrap()]);
    assert!(stderr(&malformed).contains("variants.json: item 0: unknown field 'tile'"), "{}", stderr(&malformed));
    let twice = cute(&cache, &["compile", copy.as_str(), folder.join("a.mlir").to_str().unwrap(), copy.as_str(), "--chip", "sm_80", "-o", out.to_str().unwrap()]);
    assert!(stderr(&twice).contains("would both write copy_sm80.ptx"), "{}", stderr(&twice));
}

/// The Rust API: `batch::compile_all` on worker threads equals compiling
/// each alone, through a cache it shares.
#[test]
fn the_rust_api_compiles_a_batch_on_threads() {
    use cute_mlir::{
        batch::{compile_all, Job},
        cache::KernelCache,
        compile::Emit,
        Compiler,
    };
    let cache = KernelCache::new(scratch("api"));
    let jobs: Vec<Job> = ["copy_sm80", "gemm_sm80", "sgemm_sm80", "copy_if_sm80"]
        .iter()
        .map(|n| Job { input: repo().join("examples").join(format!("{n}.mlir")), chip: "sm_80".into(), emit: Emit::Ptx })
        .collect();
    let (outcomes, stats) = compile_all(&jobs, 2, Some(&cache));
    assert_eq!((stats.hits, stats.misses), (0, 4));
    let alone = Compiler::new();
    for outcome in &outcomes {
        let expected = alone.compile_file_bytes(&outcome.job.input, "sm_80", Emit::Ptx).unwrap();
        assert!(outcome.result.as_ref().unwrap() == &expected, "{:?}", outcome.job.input);
    }
    let (again, stats) = compile_all(&jobs, 3, Some(&cache));
    assert_eq!((stats.hits, stats.misses), (4, 0));
    assert!(again.iter().zip(&outcomes).all(|(a, b)| a.result.as_ref().unwrap() == b.result.as_ref().unwrap()));
}

/// The cache is bounded: pruning removes the least recently used entries
/// (a hit counts as a use) down to 90% of the bound, and a write prunes.
#[test]
fn the_cache_is_bounded_least_recently_used_first() {
    use cute_mlir::cache::{KernelCache, Lookup};
    use std::time::{Duration, SystemTime};
    let dir = scratch("prune");
    let cache = KernelCache::new(&dir);
    let payload = vec![7u8; 1000];
    let keys: Vec<String> = (0..10).map(|i| format!("{i:02}{}", "ab".repeat(31))).collect();
    for (i, key) in keys.iter().enumerate() {
        cache.put(key, &payload).unwrap();
        // Entry i was last used 10 - i hours ago: entry 0 is the oldest.
        let path = dir.join(&key[..2]).join(key);
        let file = std::fs::File::options().append(true).open(&path).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_secs(3600 * (10 - i as u64))).unwrap();
    }
    // A hit makes the oldest entry the newest.
    assert!(matches!(cache.get(&keys[0]), Lookup::Hit(p) if p == payload));
    let entry_bytes = std::fs::metadata(dir.join(&keys[1][..2]).join(&keys[1])).unwrap().len();
    // Room for five entries at 90%: the five least recently used go.
    let removed = cache.prune(entry_bytes * 5 * 10 / 9 + 1).unwrap();
    assert_eq!(removed, 5);
    let left: Vec<bool> = keys.iter().map(|k| matches!(cache.get(k), Lookup::Hit(_))).collect();
    assert_eq!(left, [true, false, false, false, false, false, true, true, true, true]);
    assert_eq!(cache.prune(0).unwrap(), 5);
    assert!(keys.iter().all(|k| cache.get(k) == Lookup::Miss));
    // A write prunes when the last pruning is ten minutes old: with
    // CUTE_CACHE_MAX_MB=0 a `cute compile` leaves at most its own entry.
    for key in &keys {
        cache.put(key, &payload).unwrap();
    }
    let stale = std::fs::File::options().append(true).open(dir.join(".pruned")).unwrap();
    stale.set_modified(SystemTime::now() - Duration::from_secs(3600)).unwrap();
    let out = scratch("prune-out").join("copy.ptx");
    let compiled = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["compile", &example("copy_sm80.mlir"), "--chip", "sm_80", "-o", out.to_str().unwrap()])
        .env("CUTE_CACHE_DIR", &dir)
        .env("CUTE_CACHE_MAX_MB", "0")
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{}", stderr(&compiled));
    assert!(entries(&dir).len() <= 1, "{:?}", entries(&dir));
}
