//! `cute-emu run LAUNCH.json [--out DIR] [--gpu [--repeat N]]`: `cute run` for a
//! launch whose source is PTX (one `cute run --export` wrote), on a machine
//! without LLVM: a GPU server, say. Same launch files, same outputs, same
//! exit status (docs/emulator.md).

use clap::Parser;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "cute-emu", version, about = "Run a PTX launch file in the cute-mlir PTX emulator, or on a GPU with --gpu")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Run a launch file whose source is PTX (`cute run`'s arguments); exit
    /// 0: no hazard, 1: a hazard, deadlock or fault, 2: bad launch.
    Run(cute_emu::run::RunArgs),
}

fn main() -> ExitCode {
    let Command::Run(cli) = Cli::parse().command;
    let bad = |message: String| {
        eprintln!("cute-emu: error: {message}");
        ExitCode::from(cute_emu::run::BAD_LAUNCH)
    };
    let launch = match cute_emu::launch::parse(&cli.launch) {
        Ok(l) => l,
        Err(e) => return bad(e),
    };
    if launch.source.extension().and_then(|e| e.to_str()) != Some("ptx") {
        return bad(format!(
            "launch field 'source': {} is not a .ptx file (cute-emu runs PTX; compile the launch with `cute run LAUNCH.json --export DIR` first)",
            launch.source.display()
        ));
    }
    let ptx = match cute_emu::run::read_ptx(&launch) {
        Ok(p) => p,
        Err(e) => return bad(e),
    };
    ExitCode::from(cute_emu::run::run("cute-emu", &launch, &ptx, &cli.options))
}
