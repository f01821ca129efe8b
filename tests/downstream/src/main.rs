//! A user's program: compiles a cute IR file for a chip through the
//! library API, evaluates the layout algebra, and reports bad input.
use cute_mlir::{compile::Emit, layout, Compiler};

fn main() {
    let mut args = std::env::args().skip(1);
    let (file, chip) = (args.next().expect("FILE CHIP"), args.next().expect("FILE CHIP"));
    let compiler = Compiler::new();
    let ptx = compiler.compile_file(std::path::Path::new(&file), &chip, Emit::Ptx).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    for line in ptx.lines().filter(|l| l.contains(".entry") || l.starts_with(".target")) {
        println!("{line}");
    }
    let a = layout::parse_layout("(4,2):(1,4)").unwrap();
    let b = layout::parse_layout("(2,2):(1,2)").unwrap();
    println!("composition = {}", layout::composition(&a, &b).unwrap());
    // Bad input: a located diagnostic, not a crash.
    let err = compiler.opt("func.func @f(%l: !cute.layout<\"(4,2):(1\">) { return }", "builtin.module(cute-desugar)").unwrap_err();
    println!("bad input: {}", err.diagnostics.first().map(String::as_str).unwrap_or(&err.message));
    // The melior context is the user's too.
    let _ = melior::ir::Location::unknown(compiler.context());
}
