//! Compile speed for autotuning (issue 33), measured in one run:
//!
//! * the sm80 GEMM example to a cubin through the Rust API in a warm
//!   process (one `Compiler` reused, no cache), against the same compile as
//!   a cold `cute compile --emit cubin --no-cache` process, and its parts
//!   (a new `Compiler`, the pipeline to PTX, PTX to cubin);
//! * a kernel-cache hit, in process and as a process (goal: < 5 ms);
//! * the autotuning sweep: the 64 variants of `tests/support/sweep.rs`
//!   compiled to cubins by `cute_mlir::batch` with 1 and 2 workers, then
//!   again from a warm cache: variants per second.
//!
//! Each figure is the fastest of several rounds (the machine is shared).
//! `cargo bench --bench compile_speed` (release).

#[path = "../tests/support/sweep.rs"]
mod sweep;

use cute_mlir::{
    batch::{compile_all, Job},
    cache::KernelCache,
    compile::Emit,
    Compiler,
};
use std::{
    path::{Path, PathBuf},
    process::Command,
    time::{Duration, Instant},
};

fn fastest(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-compile-speed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn main() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let gemm = repo.join("examples/gemm_sm80.mlir");
    let source = std::fs::read_to_string(&gemm).unwrap();
    let cute = repo.join("target/release/cute");

    // The parts, and the whole, in a warm process.
    let new = fastest(5, || drop(Compiler::new()));
    let compiler = Compiler::new();
    let first = Instant::now();
    compiler.compile_bytes(&source, "sm_80", Emit::Cubin).expect("the GEMM compiles");
    let first = first.elapsed();
    let ptx = fastest(5, || drop(compiler.compile_bytes(&source, "sm_80", Emit::Ptx).unwrap()));
    let cubin = fastest(5, || drop(compiler.compile_bytes(&source, "sm_80", Emit::Cubin).unwrap()));
    let text = String::from_utf8(compiler.compile_bytes(&source, "sm_80", Emit::Ptx).unwrap()).unwrap();
    let chip = cute_mlir::compile::chip("sm_80").unwrap();
    let assemble = fastest(5, || drop(cute_mlir::cubin::ptx_to_cubin(&text, chip).unwrap()));
    println!("sm80 GEMM, Rust API, warm process: new Compiler {:.1} ms; to PTX {:.1} ms; PTX to cubin (nvJitLink) {:.1} ms; to cubin {:.1} ms (first call, loading nvJitLink: {:.1} ms)", ms(new), ms(ptx), ms(assemble), ms(cubin), ms(first));

    // A cold process, as a user or a build system runs it.
    let out = scratch("cold").join("gemm.cubin");
    let cold = fastest(5, || {
        let status = Command::new(&cute).args(["compile", gemm.to_str().unwrap(), "--chip", "sm_80", "--emit", "cubin", "--no-cache", "-o"]).arg(&out).status().unwrap();
        assert!(status.success());
    });
    println!("sm80 GEMM, cold process (cute compile --emit cubin --no-cache): {:.1} ms = {:.2}x the warm Rust API", ms(cold), cold.as_secs_f64() / cubin.as_secs_f64());

    // Cache hits.
    let cache_dir = scratch("cache");
    let cached = Compiler::new();
    cached.set_cache(Some(KernelCache::new(&cache_dir)));
    cached.compile_bytes(&source, "sm_80", Emit::Cubin).unwrap();
    let hit = fastest(20, || drop(cached.compile_bytes(&source, "sm_80", Emit::Cubin).unwrap()));
    assert!(cached.cache_stats().hits >= 20);
    let hit_process = fastest(5, || {
        let status = Command::new(&cute)
            .args(["compile", gemm.to_str().unwrap(), "--chip", "sm_80", "--emit", "cubin", "-o"])
            .arg(&out)
            .env("CUTE_CACHE_DIR", &cache_dir)
            .status()
            .unwrap();
        assert!(status.success());
    });
    println!("cache hit: {:.2} ms in process ({:.0}x faster than compiling), {:.1} ms as a process", ms(hit), cubin.as_secs_f64() / hit.as_secs_f64(), ms(hit_process));

    // The sweep.
    let sweep_dir = scratch("sweep");
    let retype_start = Instant::now();
    let jobs: Vec<Job> = sweep::templates()
        .into_iter()
        .map(|(name, template)| {
            let (text, _) = cute_mlir::retype::retype(&compiler, &template, &name).unwrap();
            let path = sweep_dir.join(format!("{name}.mlir"));
            std::fs::write(&path, text).unwrap();
            Job { input: path, chip: "sm_80".into(), emit: Emit::Cubin }
        })
        .collect();
    println!("sweep: {} variants written (retyped in {:.0} ms, not timed below)", jobs.len(), ms(retype_start.elapsed()));
    let rate = |d: Duration| jobs.len() as f64 / d.as_secs_f64();
    let one = fastest(2, || assert!(compile_all(&jobs, 1, None).0.iter().all(|o| o.result.is_ok())));
    let two = fastest(2, || assert!(compile_all(&jobs, 2, None).0.iter().all(|o| o.result.is_ok())));
    let sweep_cache = KernelCache::new(scratch("sweep-cache"));
    let (_, filled) = compile_all(&jobs, 2, Some(&sweep_cache));
    assert_eq!(filled.misses, jobs.len());
    let warm = fastest(3, || assert_eq!(compile_all(&jobs, 2, Some(&sweep_cache)).1.hits, jobs.len()));
    println!(
        "sweep of {} variants to cubin: 1 worker {:.1} variants/s, 2 workers {:.1} variants/s ({:.2}x), warm cache {:.0} variants/s",
        jobs.len(),
        rate(one),
        rate(two),
        one.as_secs_f64() / two.as_secs_f64(),
        rate(warm)
    );
}
