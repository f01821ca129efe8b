//! `cute`: the command-line front end of cute-mlir.
//!
//! * `cute opt FILE --pipeline 'builtin.module(cute-desugar)'`: parse cute IR,
//!   run a pass pipeline, print the result (like mlir-opt with the plugin).
//! * `cute layout eval 'composition((4,2):(1,4), (2,2):(1,2))'`: evaluate one
//!   layout-algebra expression.
//! * `cute layout batch FILE.json`: evaluate every case of an oracle-format
//!   file, one JSON object per line.
//! * `cute layout bench FILE.json`: time the evaluation of every case.

use clap::{Parser, Subcommand};
use cute_mlir::{compile::Emit, tooling, Compiler};
use std::{
    fs,
    io::{self, Read, Write},
    path::PathBuf,
    process::ExitCode,
};

#[derive(Parser)]
#[command(name = "cute", version, about = "CuTe layout algebra as MLIR")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse cute IR, run a pass pipeline and print the result.
    Opt {
        /// Input .mlir file (`-` for standard input).
        input: PathBuf,
        /// Textual pass pipeline, e.g. `builtin.module(cute-desugar)`.
        #[arg(long, default_value = "builtin.module(cute-desugar)")]
        pipeline: String,
        /// Also write one SVG picture per static layout-typed value of the
        /// input into this folder, named after the value's location.
        #[arg(long)]
        dump_layouts: Option<PathBuf>,
        /// Print the IR after each pass (`all`) or after each run of one
        /// pass (its pipeline name, e.g. `cute-to-llvm`) to standard error.
        #[arg(long, value_name = "all|PASS")]
        dump_after: Option<String>,
        /// Verify the IR only after the whole pipeline, not after each pass
        /// (mlir-opt's `--verify-each=false`; for measuring its cost).
        #[arg(long)]
        no_verify_each: bool,
    },
    /// Compile cute IR with gpu.module kernels for a chip: PTX by default.
    /// Several inputs (files, folders of .mlir files, or JSON lists of
    /// variants) compile in parallel into the folder `-o` names.
    Compile(CompileArgs),
    /// Run a kernel in the PTX emulator (cute-emu) as a launch file says;
    /// exit 0: no hazard, 1: a hazard, deadlock or fault, 2: bad launch.
    Run {
        #[command(flatten)]
        args: cute_emu::run::RunArgs,
        /// Instead of running: write the compiled PTX and a launch file that
        /// runs it (block and dynamic shared memory filled in, npy inputs
        /// copied) into DIR, for `cute-emu` on a machine without LLVM.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["out", "gpu", "repeat"])]
        export: Option<PathBuf>,
    },
    /// Rewrite the result and operand types a cute IR file declares to the
    /// ones the compiler infers (after a change to a swizzle, a tile or a
    /// tiled MMA); comments and formatting are kept.
    Retype {
        /// Input .mlir file.
        input: PathBuf,
        /// Output file (standard output when absent; may be the input).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Layout-algebra commands (the pure-Rust algebra, no MLIR).
    Layout {
        #[command(subcommand)]
        command: LayoutCommand,
    },
}

#[derive(clap::Args)]
struct CompileArgs {
    /// Input .mlir file(s) (`-` for standard input); a folder stands for
    /// its .mlir files, a .json file for the list it holds (paths, or
    /// `{"source": PATH, "chip": CHIP}` objects).
    #[arg(required = true, num_args = 1..)]
    inputs: Vec<PathBuf>,
    /// Target chip: sm_70 ... sm_121f (every SM of the roster, with its
    /// `a` / `f` variants; `cute_mlir::target::ROSTER`).
    #[arg(long)]
    chip: String,
    /// Output file (standard output when absent); with several inputs,
    /// the folder that receives `<name>.<ptx|cubin|ll|mlir>` per input.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// What to write: `ptx` (assembly), `cubin` (the PTX compiled for
    /// the chip by nvJitLink in process, or ptxas), `llvm` (the kernels
    /// as LLVM IR for llc) or `nvvm` (the module in the LLVM and NVVM
    /// dialects, before serialization).
    #[arg(long, default_value = "ptx", value_parser = ["ptx", "cubin", "llvm", "nvvm"])]
    emit: String,
    /// Compile up to N inputs at once (one MLIR context per worker).
    #[arg(short = 'j', long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: u32,
    /// Neither read nor write the kernel cache ($CUTE_CACHE_DIR, else
    /// $XDG_CACHE_HOME/cute-mlir, else ~/.cache/cute-mlir).
    #[arg(long)]
    no_cache: bool,
    /// Report on standard error what the cache did (hits, misses,
    /// corrupt entries recompiled).
    #[arg(long)]
    cache_stats: bool,
    /// Report on standard error how long the compile took inside this
    /// process: setting up the compiler (MLIR context, dialects) and
    /// compiling (parsing, the pipeline, PTX to cubin); what a warm
    /// process or the Rust API pays per kernel.
    #[arg(long)]
    timing: bool,
    /// Also write the kernels' launch metadata (parameters, dynamic
    /// shared memory, block and cluster shapes, a `cute run` skeleton)
    /// as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    launch_info: Option<PathBuf>,
    /// Print the IR after each pass (`all`) or after each run of one
    /// pass (its pipeline name, e.g. `cute-to-llvm`) to standard error.
    #[arg(long, value_name = "all|PASS")]
    dump_after: Option<String>,
    /// Verify the IR only after the whole pipeline, not after each pass
    /// (mlir-opt's `--verify-each=false`; for measuring its cost).
    #[arg(long)]
    no_verify_each: bool,
}

#[derive(Subcommand)]
enum LayoutCommand {
    /// Evaluate one expression, e.g. `coalesce((2,4):(1,2))`.
    Eval { expression: String },
    /// Draw what an expression evaluates to (a layout or composed layout) as
    /// CuTe's print_layout grid, e.g. `show 'logical_divide((8,8):(1,8), [2:1;4:1])'`.
    Show {
        /// The layout expression (or use --tiled-mma / --tiled-copy).
        expression: Option<String>,
        /// A `!cute.tiled_mma<...>` type: draw which thread holds which value of --operand.
        #[arg(long)]
        tiled_mma: Option<String>,
        /// A `!cute.tiled_copy<...>` type: draw which thread holds which value of its tile.
        #[arg(long)]
        tiled_copy: Option<String>,
        /// The tiled MMA operand: A (M x K), B (N x K) or C (M x N).
        #[arg(long, default_value = "C")]
        operand: String,
        /// `text` (CuTe's print_layout), `svg` (cells colored by shared-memory
        /// bank, or by thread for thread-value maps) or `latex` (CuTe's print_latex).
        #[arg(long, default_value = "text")]
        format: String,
        /// Bits per element, for the banks of the SVG picture.
        #[arg(long, default_value_t = 32)]
        element_bits: u32,
        /// Write the picture here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Evaluate every case of an oracle-format JSON file; one JSON line per case.
    Batch { file: PathBuf },
    /// Time every case of an oracle-format JSON file (parsing excluded).
    Bench { file: PathBuf },
}

/// Writes to standard output; a closed pipe (`cute ... | head`) ends the
/// output quietly instead of panicking as `print!` does.
fn out(text: &str) {
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

fn read_input(path: &PathBuf) -> Result<String, String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        io::stdin().read_to_string(&mut text).map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(text)
    } else {
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }
}

/// `--dump-after`: the kept stages on standard error, each under the header
/// mlir-opt's `--mlir-print-ir-after-all` writes; a pass that never ran is
/// an error, not silence.
fn print_stages(compiler: &Compiler, which: Option<&str>) -> Result<(), String> {
    let Some(which) = which else { return Ok(()) };
    let stages = compiler.take_stages();
    if stages.is_empty() && which != "all" {
        return Err(format!("--dump-after {which}: no pass of that name ran in the pipeline"));
    }
    let mut err = io::stderr().lock();
    for stage in stages {
        let _ = writeln!(err, "// -----// IR Dump After {} on {} //----- //\n{}", stage.pass, stage.anchor, stage.ir.trim_end());
    }
    Ok(())
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Opt { input, pipeline, dump_layouts, dump_after, no_verify_each } => {
            let compiler = Compiler::new();
            compiler.set_verify_each(!no_verify_each);
            compiler.dump_after(dump_after.as_deref());
            // Standard input is read once, for the pictures and the pipeline.
            let source = if input.as_os_str() == "-" { Some(read_input(&input)?) } else { None };
            if let Some(dir) = dump_layouts {
                let module = match &source {
                    Some(text) => compiler.parse(text),
                    None => compiler.parse_file(&input),
                }
                .map_err(|e| e.to_string())?;
                let written = tooling::pictures::dump_layouts(&module, &dir)?;
                eprintln!("cute: wrote {} layout pictures to {}", written.len(), dir.display());
            }
            let output = match &source {
                Some(text) => compiler.opt(text, &pipeline),
                None => compiler.opt_file(&input, &pipeline),
            };
            print_stages(&compiler, dump_after.as_deref())?;
            out(&format!("{}\n", output.map_err(|e| e.to_string())?));
        }
        Command::Compile(args) => compile(args)?,
        Command::Retype { input, output } => {
            let source = read_input(&input)?;
            let (text, fixes) = cute_mlir::retype::retype(&Compiler::new(), &source, &input.display().to_string())?;
            eprintln!("cute: {fixes} type(s) rewritten");
            match output {
                Some(path) => fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?,
                None => out(&text),
            }
        }
        Command::Run { .. } => unreachable!("main runs `cute run` itself"),
        Command::Layout { command } => match command {
            LayoutCommand::Eval { expression } => {
                let value = tooling::eval::eval_expr(&expression).map_err(|e| e.to_string())?;
                out(&format!("{value}\n"));
            }
            LayoutCommand::Show { expression, tiled_mma, tiled_copy, operand, format, element_bits, output } => {
                use cute_mlir::layout::render::{latex, svg, text, tv_latex, tv_svg, tv_text, Drawable};
                let picture = match (expression, tiled_mma, tiled_copy) {
                    (Some(expression), None, None) => {
                        let draw = |d: &Drawable| match format.as_str() {
                            "text" => text(d),
                            "svg" => svg(d, element_bits),
                            "latex" => latex(d),
                            other => Err(format!("unknown picture format '{other}' (text, svg or latex)")),
                        };
                        // A bare value (`(4,8):(1,4)`) or an expression.
                        let value = match tooling::eval::parse_value(&expression) {
                            Ok(v) => v,
                            Err(value_error) if expression.trim_start().starts_with(['(', 'S']) => return Err(value_error.to_string()),
                            Err(_) => tooling::eval::eval_expr(&expression).map_err(|e| e.to_string())?,
                        };
                        match &value {
                            tooling::eval::Value::Layout(l) => draw(&Drawable::Layout(l)),
                            tooling::eval::Value::Composed(c) => draw(&Drawable::Composed(c)),
                            other => Err(format!("`{expression}` is {other}, not a layout to draw")),
                        }?
                    }
                    (None, Some(ty), None) | (None, None, Some(ty)) => {
                        use tooling::pictures::MmaOperand;
                        let which = match operand.as_str() {
                            "A" | "a" => MmaOperand::A,
                            "B" | "b" => MmaOperand::B,
                            "C" | "c" => MmaOperand::C,
                            other => return Err(format!("unknown operand '{other}' (A, B or C)")),
                        };
                        let grid = tooling::pictures::tv_grid(&ty, which)?;
                        match format.as_str() {
                            "text" => tv_text(&grid),
                            "svg" => tv_svg(&grid, &ty),
                            "latex" => tv_latex(&grid, &ty),
                            other => return Err(format!("unknown picture format '{other}' (text, svg or latex)")),
                        }
                    }
                    _ => return Err("give one of: a layout expression, --tiled-mma TYPE, --tiled-copy TYPE".into()),
                };
                match output {
                    Some(path) => fs::write(&path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))?,
                    None => out(&picture),
                }
            }
            LayoutCommand::Batch { file } => {
                let text = read_input(&file)?;
                let stdout = io::stdout();
                let mut out = io::BufWriter::new(stdout.lock());
                let written = tooling::batch::run_batch(&text, &mut out).and_then(|_| out.flush());
                match written {
                    // A closed pipe (`| head`) is the reader's choice, not an error.
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
                    other => other.map_err(|e| e.to_string())?,
                }
            }
            LayoutCommand::Bench { file } => {
                let text = read_input(&file)?;
                let report = tooling::batch::bench(&text).map_err(|e| e.to_string())?;
                println!("cases={} ns_per_case={:.1}", report.cases, report.ns_per_case);
            }
        },
    }
    Ok(())
}

/// A tensor-map argument must be the map its parameter's type declares:
/// its box and swizzle (issue 34; a wrong one silently moves other data).
fn check_tensor_maps(launch: &cute_emu::launch::Launch, kernel: &cute_mlir::launch_info::KernelInfo) -> Result<(), String> {
    for (i, (arg, param)) in launch.args.iter().zip(&kernel.params).enumerate() {
        let (cute_emu::launch::Arg::TensorMap { name, boxes, swizzle, .. }, cute_mlir::launch_info::Param::TensorMap { fields, .. }) = (arg, param) else {
            continue;
        };
        let field = |k: &str| fields.iter().find(|(key, _)| key == k).map(|(_, v)| v.replace(' ', ""));
        let given_box = format!("[{}]", boxes.iter().map(u32::to_string).collect::<Vec<_>>().join(","));
        if let Some(want) = field("box").filter(|want| *want != given_box) {
            return Err(format!("launch field 'args[{i}]' (tensor map {name}): box {given_box}, but parameter {i} of '{}' is a map with box {want}", kernel.name));
        }
        if let Some(want) = field("swizzle").filter(|want| *want != swizzle.to_string()) {
            return Err(format!("launch field 'args[{i}]' (tensor map {name}): swizzle {swizzle}, but parameter {i} of '{}' is a map with swizzle {want}", kernel.name));
        }
    }
    Ok(())
}

/// A scalar argument must lie within the bound its kernel declares for it
/// (`?{max=N}`, issue 35): the kernel computes 32-bit offsets on that promise.
fn check_scalar_bounds(launch: &cute_emu::launch::Launch, kernel: &cute_mlir::launch_info::KernelInfo) -> Result<(), String> {
    for (i, (arg, param)) in launch.args.iter().zip(&kernel.params).enumerate() {
        let (cute_emu::launch::Arg::Scalar { value, .. }, cute_mlir::launch_info::Param::Scalar { max: Some(max), .. }) = (arg, param) else {
            continue;
        };
        if *value > *max as f64 {
            return Err(format!(
                "launch field 'args[{i}]': {value} is beyond the bound {max} that '{}' declares for parameter {i} (?{{max={max}}})",
                kernel.name
            ));
        }
    }
    Ok(())
}

/// `cute compile`: one input (a file or standard input), or a batch.
fn compile(args: CompileArgs) -> Result<(), String> {
    let CompileArgs { inputs, chip, output, emit, jobs, no_cache, cache_stats, timing, dump_after, no_verify_each, launch_info } = args;
    let emit = match emit.as_str() {
        "nvvm" => Emit::Nvvm,
        "llvm" => Emit::Llvm,
        "cubin" => Emit::Cubin,
        _ => Emit::Ptx,
    };
    let cache = if no_cache { None } else { cute_mlir::cache::KernelCache::from_env() };
    let single = inputs.len() == 1 && !inputs[0].is_dir() && inputs[0].extension().is_none_or(|e| e != "json");
    if !single {
        if launch_info.is_some() || dump_after.is_some() {
            return Err("--launch-info and --dump-after take one input file".into());
        }
        return compile_batch(&inputs, &chip, emit, output.as_deref(), jobs as usize, cache.as_ref(), cache_stats);
    }
    let input = &inputs[0];
    let setup = std::time::Instant::now();
    let compiler = Compiler::new();
    let setup = setup.elapsed();
    let compile = std::time::Instant::now();
    compiler.set_verify_each(!no_verify_each);
    compiler.dump_after(dump_after.as_deref());
    compiler.set_cache(cache);
    let bytes = if let Some(info_path) = &launch_info {
        if input.as_os_str() == "-" {
            return Err("--launch-info needs an input file (it names the source in the launch skeleton)".into());
        }
        // The launch metadata is read off the NVVM stage: the
        // pipeline runs (no cache); a cubin is then the PTX compiled.
        let text_emit = if emit == Emit::Cubin { Emit::Ptx } else { emit };
        compiler.compile_file_with_launch_info(input, &chip, text_emit).and_then(|(text, info)| {
            let json = serde_json::to_string_pretty(&info.to_json(&input.display().to_string())).expect("JSON of plain values");
            let fail = |message: String| cute_mlir::Error { message, diagnostics: Vec::new() };
            fs::write(info_path, json + "\n").map_err(|e| fail(format!("cannot write {}: {e}", info_path.display())))?;
            match emit {
                Emit::Cubin => cute_mlir::cubin::ptx_to_cubin(&text, cute_mlir::compile::chip(&chip).map_err(fail)?).map_err(fail),
                _ => Ok(text.into_bytes()),
            }
        })
    } else if input.as_os_str() == "-" {
        compiler.compile_bytes(&read_input(input)?, &chip, emit)
    } else {
        compiler.compile_file_bytes(input, &chip, emit)
    };
    let compile = compile.elapsed();
    print_stages(&compiler, dump_after.as_deref())?;
    if cache_stats {
        print_cache_stats(compiler.cache_stats());
    }
    if timing {
        eprintln!("cute: timing: compiler setup {:.2} ms, compile {:.2} ms", setup.as_secs_f64() * 1e3, compile.as_secs_f64() * 1e3);
    }
    let bytes = bytes.map_err(|e| e.to_string())?;
    match output {
        Some(path) => fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => {
            let _ = io::stdout().lock().write_all(&bytes);
        }
    }
    Ok(())
}

fn print_cache_stats(stats: cute_mlir::CacheStats) {
    eprintln!("cute: cache: {} hit(s), {} miss(es), {} corrupt entr(ies) recompiled", stats.hits, stats.misses, stats.corrupt);
}

/// The file extension of what `emit` writes.
fn extension(emit: Emit) -> &'static str {
    match emit {
        Emit::Ptx => "ptx",
        Emit::Cubin => "cubin",
        Emit::Llvm => "ll",
        Emit::Nvvm => "mlir",
    }
}

/// `cute compile A B ... -o DIR -j N`: every input (folders and JSON lists
/// expanded) compiled in parallel; a failure is reported with its file and
/// the others go on; the exit status says whether all compiled.
fn compile_batch(
    inputs: &[PathBuf],
    chip: &str,
    emit: Emit,
    output: Option<&std::path::Path>,
    workers: usize,
    cache: Option<&cute_mlir::cache::KernelCache>,
    cache_stats: bool,
) -> Result<(), String> {
    use cute_mlir::batch::{self, Job};
    let dir = output.ok_or("several inputs compile into a folder: give it with -o DIR")?;
    let mut jobs = Vec::new();
    for input in inputs {
        if input.as_os_str() == "-" {
            return Err("standard input (`-`) is one input: it cannot be part of a batch".into());
        } else if input.is_dir() {
            let mut files: Vec<PathBuf> = fs::read_dir(input)
                .map_err(|e| format!("cannot read {}: {e}", input.display()))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(format!("{}: no .mlir files in this folder", input.display()));
            }
            jobs.extend(files.into_iter().map(|input| Job { input, chip: chip.to_string(), emit }));
        } else if input.extension().is_some_and(|e| e == "json") {
            let text = read_input(input)?;
            let base = input.parent().unwrap_or(std::path::Path::new("."));
            jobs.extend(batch::jobs_from_json(&text, base, chip, emit).map_err(|e| format!("{}: {e}", input.display()))?);
        } else {
            jobs.push(Job { input: input.clone(), chip: chip.to_string(), emit });
        }
    }
    // Two inputs of one name would overwrite each other's output.
    let names: Vec<String> = jobs.iter().map(|j| j.input.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()).collect();
    for (i, name) in names.iter().enumerate() {
        if let Some(j) = names[..i].iter().position(|n| n == name) {
            return Err(format!("{} and {} would both write {name}.{}: rename one", jobs[j].input.display(), jobs[i].input.display(), extension(emit)));
        }
    }
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (outcomes, stats) = batch::compile_all(&jobs, workers, cache);
    let mut failed = 0;
    for (outcome, name) in outcomes.iter().zip(&names) {
        let written = outcome.result.as_ref().map_err(|e| e.to_string()).and_then(|bytes| {
            let path = dir.join(format!("{name}.{}", extension(emit)));
            fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
        });
        if let Err(message) = written {
            failed += 1;
            eprintln!("cute: error: {}: {message}", outcome.job.input.display());
        }
    }
    if cache_stats {
        print_cache_stats(stats);
    }
    match failed {
        0 => Ok(()),
        n => Err(format!("{n} of {} inputs did not compile", outcomes.len())),
    }
}

/// `cute run`: 0 when the kernel ran with no hazard, 1 for a hazard,
/// deadlock or fault, 2 for a bad launch file or input.
fn run_launch(path: &std::path::Path, options: &cute_emu::run::Options, export: Option<&std::path::Path>) -> ExitCode {
    let bad = |message: String| {
        eprintln!("cute run: error: {message}");
        ExitCode::from(cute_emu::run::BAD_LAUNCH)
    };
    let mut launch = match cute_emu::launch::parse(path) {
        Ok(l) => l,
        Err(e) => return bad(e),
    };
    let ptx = match launch.source.extension().and_then(|e| e.to_str()) {
        Some("ptx") => match cute_emu::run::read_ptx(&launch) {
            Ok(text) => text,
            Err(e) => return bad(e),
        },
        Some("mlir") => {
            if let Err(e) = cute_mlir::compile::chip(&launch.chip) {
                return bad(format!("launch field 'chip': {e}"));
            }
            let (ptx, info) = match Compiler::new().compile_file_with_launch_info(&launch.source, &launch.chip, Emit::Ptx) {
                Ok(compiled) => compiled,
                Err(e) => return bad(format!("launch field 'source': {} does not compile: {e}", launch.source.display())),
            };
            // What the launch file leaves out comes from the compiler's
            // launch metadata; what contradicts it is refused.
            if let Some(kernel) = info.kernels.iter().find(|k| k.name == launch.kernel) {
                if let Err(e) = launch.complete(kernel.block, kernel.dynamic_smem as usize) {
                    return bad(e);
                }
                if let Err(e) = check_tensor_maps(&launch, kernel).and_then(|()| check_scalar_bounds(&launch, kernel)) {
                    return bad(e);
                }
            }
            ptx
        }
        _ => return bad(format!("launch field 'source': {} is neither .mlir nor .ptx", launch.source.display())),
    };
    if let Some(dir) = export {
        return match cute_emu::run::export(&launch, &ptx, dir, &cute_emu::run::stem(path)) {
            Ok(written) => {
                out_line(&written.display().to_string());
                ExitCode::SUCCESS
            }
            Err(e) => bad(e),
        };
    }
    ExitCode::from(cute_emu::run::run("cute run", &launch, &ptx, options))
}

fn out_line(text: &str) {
    out(&format!("{text}\n"));
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Run { args, export } = &cli.command {
        return run_launch(&args.launch, &args.options, export.as_deref());
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("cute: error: {message}");
            ExitCode::FAILURE
        }
    }
}
