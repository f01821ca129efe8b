//! The front end shared by `cute run` (which compiles a `.mlir` source
//! first) and `cute-emu` (PTX only: the binary for a machine with a GPU and
//! no LLVM): run a launch in the emulator or on the GPU, write its buffers,
//! print the report, and export a launch with its PTX for the other machine.

use crate::launch::{self, Arg, Init, Launch};
use std::io::Write;
use std::path::{Path, PathBuf};

/// How to run a launch once its PTX is in hand (the options of `cute run`
/// and `cute-emu run`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Options {
    /// Write every buffer after the launch as DIR/<name>.npy (sparse
    /// buffers left out).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Run on GPU 0 through the CUDA driver (loaded at run time) instead of
    /// the emulator; same buffers, same npy outputs.
    #[arg(long)]
    pub gpu: bool,
    /// With --gpu: launch N more times after the checked launch and report
    /// the mean time per launch.
    #[arg(long, default_value_t = 0)]
    pub repeat: u32,
}

/// The command line of `cute run` and `cute-emu run`.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// The launch file (JSON, docs/emulator.md).
    pub launch: PathBuf,
    #[command(flatten)]
    pub options: Options,
}

/// Exit status 2: a bad launch file or input.
pub const BAD_LAUNCH: u8 = 2;

/// The PTX of a launch whose source is a `.ptx` file.
pub fn read_ptx(launch: &Launch) -> Result<String, String> {
    std::fs::read_to_string(&launch.source).map_err(|e| format!("launch field 'source': cannot read {}: {e}", launch.source.display()))
}

/// Runs `launch` on the kernel of `ptx`, writes its buffers, prints the
/// report (errors prefixed by `program`) and returns the exit status: 0 when
/// the kernel ran with no hazard, 1 for a hazard, deadlock or fault, 2 for a
/// bad launch or input.
pub fn run(program: &str, launch: &Launch, ptx: &str, options: &Options) -> u8 {
    let bad = |message: String| {
        eprintln!("{program}: error: {message}");
        BAD_LAUNCH
    };
    if options.repeat > 0 && !options.gpu {
        return bad("--repeat times launches on a GPU: it needs --gpu (the emulator reports its own time)".into());
    }
    let outcome = match if options.gpu { crate::gpu::execute(launch, ptx, options.repeat) } else { launch::execute(launch, ptx) } {
        Ok(o) => o,
        Err(e) => return bad(e),
    };
    if let Some(dir) = &options.out {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return bad(format!("--out {}: {e}", dir.display()));
        }
        for buffer in outcome.buffers.iter().filter(|b| matches!(b.data, crate::machine::Bytes::Dense(_))) {
            if let Err(e) = launch::write_npy(dir, buffer) {
                return bad(e);
            }
        }
    }
    let summary = launch::summary(&outcome);
    let (first, details) = summary.split_once('\n').unwrap_or((&summary, ""));
    // A closed standard output (`| head`) is not an error of the launch.
    let _ = writeln!(std::io::stdout(), "{first}");
    if !details.is_empty() {
        eprintln!("{details}");
    }
    u8::from(!outcome.report.hazards.is_empty())
}

/// Writes `DIR/<stem>.ptx` and `DIR/<stem>.launch.json`: `launch` (block
/// and dynamic shared memory completed by the caller) with `ptx` as its
/// source and its npy inputs copied beside it as `<stem>.<buffer>.npy`, so
/// that `cute-emu` runs it anywhere, LLVM or not. Returns the launch file.
pub fn export(launch: &Launch, ptx: &str, dir: &Path, stem: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("--export {}: {e}", dir.display()))?;
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()));
    let ptx_name = format!("{stem}.ptx");
    write(&ptx_name, ptx.as_bytes())?;
    let mut copies = Vec::new();
    for (i, arg) in launch.args.iter().enumerate() {
        if let Arg::Buffer { name, init: Init::Npy(path), .. } | Arg::TensorMap { name, init: Init::Npy(path), .. } = arg {
            let copy = format!("{stem}.{name}.npy");
            let bytes = std::fs::read(path).map_err(|e| format!("launch field 'args[{i}]': cannot read {}: {e}", path.display()))?;
            write(&copy, &bytes)?;
            copies.push((i, copy));
        }
    }
    let npy_name = |i: usize, _: &Path| copies.iter().find(|(at, _)| *at == i).map(|(_, c)| c.clone()).unwrap_or_default();
    let json = launch.to_json(&ptx_name, &npy_name);
    let out = format!("{stem}.launch.json");
    write(&out, (serde_json::to_string(&json).map_err(|e| e.to_string())? + "\n").as_bytes())?;
    Ok(dir.join(out))
}

/// The stem of a launch file's name: `gemm_sm80` of `gemm_sm80.launch.json`.
pub fn stem(launch_file: &Path) -> String {
    let name = launch_file.file_name().and_then(|n| n.to_str()).unwrap_or("launch");
    name.strip_suffix(".launch.json").or_else(|| name.strip_suffix(".json")).unwrap_or(name).to_string()
}
