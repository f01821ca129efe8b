//! The kernel cache (issue 33): compiled kernels on disk, addressed by a
//! digest of everything that decides them, so an autotuner or an inference
//! engine that compiles the same kernel again gets it back without running
//! the pipeline.
//!
//! * The key ([`key`]) is the SHA-256 of: the module in canonical form (as
//!   parsed and printed again: no locations, no formatting, aliases
//!   resolved), the chip, what is emitted, the pipeline options, this
//!   project's version and build (the running program's size and time),
//!   LLVM's version and, for cubins, the PTX compilers that would run.
//! * An entry is `<dir>/<key[..2]>/<key>`: a magic line, the SHA-256 of the
//!   payload, the payload. A read whose checksum does not match is a
//!   corrupt entry: removed and reported as such, never returned.
//! * Writers write a private temporary file in the entry's folder and
//!   rename it into place (atomic on POSIX), so concurrent processes see
//!   either no entry or a whole one.
//! * The folder is `$CUTE_CACHE_DIR`, else `$XDG_CACHE_HOME/cute-mlir`,
//!   else `~/.cache/cute-mlir`; `cute compile --no-cache` (or a
//!   [`crate::Compiler`] without [`crate::Compiler::set_cache`]) bypasses it.
//! * It is bounded: `$CUTE_CACHE_MAX_MB` (default 1024). A hit touches its
//!   entry; at most every ten minutes a write prunes the least recently
//!   used entries to 90% of the bound ([`KernelCache::prune`]). Every
//!   rebuild of the compiler starts new keys, so without a bound the
//!   folder would only grow.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const MAGIC: &[u8] = b"cute-mlir kernel cache entry v1\n";

/// An on-disk kernel cache.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelCache {
    dir: PathBuf,
}

/// What a lookup found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    Hit(Vec<u8>),
    Miss,
    /// An entry whose checksum failed; it has been removed.
    Corrupt,
}

impl KernelCache {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The user's cache folder (module docs), if any can be named.
    pub fn default_dir() -> Option<PathBuf> {
        let var = |name| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
        var("CUTE_CACHE_DIR")
            .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("cute-mlir")))
            .or_else(|| var("HOME").map(|h| h.join(".cache").join("cute-mlir")))
    }

    /// The cache in [`KernelCache::default_dir`].
    pub fn from_env() -> Option<Self> {
        Self::default_dir().map(Self::new)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn entry(&self, key: &str) -> PathBuf {
        self.dir.join(&key[..2.min(key.len())]).join(key)
    }

    /// The payload stored under `key`, checked against its checksum.
    pub fn get(&self, key: &str) -> Lookup {
        let path = self.entry(key);
        let Ok(bytes) = std::fs::read(&path) else { return Lookup::Miss };
        match bytes.strip_prefix(MAGIC).filter(|rest| rest.len() >= 32) {
            Some(rest) if Sha256::digest(&rest[32..]).as_slice() == &rest[..32] => {
                // Recently used: pruning removes the oldest first.
                if let Ok(file) = std::fs::File::options().append(true).open(&path) {
                    let _ = file.set_modified(std::time::SystemTime::now());
                }
                Lookup::Hit(rest[32..].to_vec())
            }
            _ => {
                // Truncated, overwritten or not ours: never returned, and
                // removed so that the recompiled kernel takes its place.
                let _ = std::fs::remove_file(&path);
                Lookup::Corrupt
            }
        }
    }

    /// Stores `payload` under `key` (write a temporary file, then rename),
    /// then prunes the folder if it was not pruned in the last ten minutes.
    pub fn put(&self, key: &str, payload: &[u8]) -> std::io::Result<()> {
        self.write(key, payload)?;
        let marker = self.dir.join(".pruned");
        let stale = std::fs::metadata(&marker)
            .and_then(|m| m.modified())
            .map(|t| t.elapsed().unwrap_or_default() > std::time::Duration::from_secs(600))
            .unwrap_or(true);
        if stale {
            std::fs::write(&marker, b"")?;
            self.prune(max_bytes())?;
        }
        Ok(())
    }

    /// Removes the least recently used entries (by modification time, which
    /// a hit refreshes) until the entries take at most 90% of `limit`
    /// bytes; returns how many were removed. Temporary files of writers
    /// still at work are left alone.
    pub fn prune(&self, limit: u64) -> std::io::Result<usize> {
        let mut entries = Vec::new();
        for folder in std::fs::read_dir(&self.dir)?.flatten().filter(|f| f.path().is_dir()) {
            for entry in std::fs::read_dir(folder.path())?.flatten() {
                let name = entry.file_name();
                if name.to_string_lossy().starts_with('.') {
                    continue;
                }
                let Ok(meta) = entry.metadata() else { continue };
                entries.push((meta.modified().unwrap_or(std::time::UNIX_EPOCH), meta.len(), entry.path()));
            }
        }
        let mut total: u64 = entries.iter().map(|e| e.1).sum();
        let target = limit - limit / 10;
        entries.sort();
        let mut removed = 0;
        for (_, size, path) in entries {
            if total <= target {
                break;
            }
            if std::fs::remove_file(&path).is_ok() {
                total -= size;
                removed += 1;
            }
        }
        Ok(removed)
    }

    fn write(&self, key: &str, payload: &[u8]) -> std::io::Result<()> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static WRITES: AtomicUsize = AtomicUsize::new(0);
        let path = self.entry(key);
        let folder = path.parent().expect("an entry has a folder");
        std::fs::create_dir_all(folder)?;
        let temporary = folder.join(format!(".{key}.{}.{}.tmp", std::process::id(), WRITES.fetch_add(1, Ordering::Relaxed)));
        let mut bytes = Vec::with_capacity(MAGIC.len() + 32 + payload.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&Sha256::digest(payload));
        bytes.extend_from_slice(payload);
        std::fs::write(&temporary, &bytes)?;
        std::fs::rename(&temporary, &path).inspect_err(|_| {
            let _ = std::fs::remove_file(&temporary);
        })
    }
}

/// The cache's bound in bytes: `$CUTE_CACHE_MAX_MB` mebibytes, 1024 when
/// unset or not a number.
fn max_bytes() -> u64 {
    std::env::var("CUTE_CACHE_MAX_MB").ok().and_then(|v| v.parse::<u64>().ok()).unwrap_or(1024) << 20
}

/// The key of a compile: the SHA-256, in hex, of `parts` each preceded by
/// its length (so no two lists of parts share a key), after this build's
/// identity ([`build_identity`]).
pub fn key(parts: &[&[u8]]) -> String {
    let mut hasher = Sha256::new();
    for part in std::iter::once(build_identity().as_bytes()).chain(parts.iter().copied()) {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    hasher.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// This project's version and build, and LLVM's version: a rebuilt
/// compiler (a changed pass) must not return its predecessor's kernels.
/// The build is the running program's size and modification time (the
/// `cute` binary, or the program linking this crate), cheaper than a
/// digest of it and changed by every build.
pub fn build_identity() -> &'static str {
    static IDENTITY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    IDENTITY.get_or_init(|| {
        let exe = std::env::current_exe().map(|p| crate::cubin::file_fingerprint(&p)).unwrap_or_default();
        let (mut major, mut minor, mut patch) = (0, 0, 0);
        // SAFETY: writes three integers.
        unsafe { LLVMGetVersion(&mut major, &mut minor, &mut patch) };
        format!("cute-mlir {} build {exe}; LLVM {major}.{minor}.{patch}", env!("CARGO_PKG_VERSION"))
    })
}

unsafe extern "C" {
    /// LLVM's C API (llvm-c/Core.h): the linked LLVM's version.
    fn LLVMGetVersion(major: *mut std::ffi::c_uint, minor: *mut std::ffi::c_uint, patch: *mut std::ffi::c_uint);
}
