//! Batch compiles (issue 33): many kernels in one process, in parallel,
//! as an autotuner compiles its tile variants.
//!
//! Each worker thread owns one [`Compiler`] (one MLIR context: contexts
//! are not shared between threads), with MLIR's own threading off, since
//! the parallelism is across kernels. Workers take the next job until none
//! is left; a failing job is reported in its [`Outcome`] and the others go
//! on. `cute compile A.mlir B.mlir ... -j N` and the Rust API share this.

use crate::{cache::KernelCache, compile::Emit, CacheStats, Compiler, Error};
use std::{
    path::PathBuf,
    sync::{
        atomic::{AtomicUsize, Ordering},
        Mutex,
    },
};

/// One kernel to compile: a file, for a chip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub input: PathBuf,
    pub chip: String,
    pub emit: Emit,
}

/// What became of one [`Job`].
#[derive(Debug)]
pub struct Outcome {
    pub job: Job,
    pub result: Result<Vec<u8>, Error>,
}

/// Compiles `jobs` on `workers` threads (at least 1, at most one per job),
/// through `cache` when given. The outcomes are in the jobs' order; the
/// stats sum the workers' cache use.
pub fn compile_all(jobs: &[Job], workers: usize, cache: Option<&KernelCache>) -> (Vec<Outcome>, CacheStats) {
    let workers = workers.clamp(1, jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Vec<u8>, Error>>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let stats = Mutex::new(CacheStats::default());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let compiler = Compiler::new_single_threaded();
                compiler.set_cache(cache.cloned());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let result = compiler.compile_file_bytes(&job.input, &job.chip, job.emit);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
                }
                *stats.lock().unwrap_or_else(|e| e.into_inner()) += compiler.cache_stats();
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let outcomes = jobs
        .iter()
        .cloned()
        .zip(results)
        .map(|(job, result)| Outcome {
            job,
            // Every index below jobs.len() is taken by exactly one worker.
            result: result.unwrap_or_else(|| Err(Error { message: "not compiled (a worker stopped)".into(), diagnostics: Vec::new() })),
        })
        .collect();
    (outcomes, stats.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// The jobs a batch list names: a JSON array whose items are a path or an
/// object `{"source": PATH, "chip": CHIP}` (chip optional: `default_chip`).
/// Relative paths are relative to the list's folder.
pub fn jobs_from_json(text: &str, base: &std::path::Path, default_chip: &str, emit: Emit) -> Result<Vec<Job>, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let items = value.as_array().ok_or("a batch list is a JSON array of paths or {\"source\", \"chip\"} objects")?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let (source, chip) = match item {
                serde_json::Value::String(path) => (path.as_str(), default_chip),
                serde_json::Value::Object(fields) => {
                    if let Some(unknown) = fields.keys().find(|k| !matches!(k.as_str(), "source" | "chip")) {
                        return Err(format!("item {i}: unknown field '{unknown}' (source, chip)"));
                    }
                    let source = fields.get("source").and_then(|s| s.as_str()).ok_or(format!("item {i}: no \"source\" path"))?;
                    let chip = match fields.get("chip") {
                        None => default_chip,
                        Some(c) => c.as_str().ok_or(format!("item {i}: \"chip\" is not a string"))?,
                    };
                    (source, chip)
                }
                _ => return Err(format!("item {i}: neither a path nor an object")),
            };
            Ok(Job { input: base.join(source), chip: chip.to_string(), emit })
        })
        .collect()
}
