//! The `cute` CLI: `layout eval|batch|bench`, `opt` and `compile`, on real inputs and bad ones.

use std::{
    fs,
    io::Write,
    process::{Command, Output, Stdio},
};

fn cute(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cute runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("cute finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn eval_prints_the_value_or_a_precise_error() {
    let ok = cute(&["layout", "eval", "composition((4,2):(1,4), (2,2):(1,2))"], "");
    assert!(ok.status.success());
    assert_eq!(stdout(&ok).trim(), "(2,2):(1,2)");
    let bad = cute(&["layout", "eval", "composition((4,6,8):(2,3,5), 6:3)"], "");
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("composition((4,6,8):(2,3,5), 6:3):"));
    // Current CuTe (CUTLASS 3.8+) does not coalesce the modes of a blocked product.
    let blocked = cute(&["layout", "eval", "blocked_product((2,2):(2,1), (3,4):(1,3))"], "");
    assert!(blocked.status.success());
    assert_eq!(stdout(&blocked).trim(), "((2,3),(2,4)):((2,4),(1,12))");
    let malformed = cute(&["layout", "eval", "coalesce((2,4):(1,2)"], "");
    assert_eq!(malformed.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&malformed.stderr).contains("at column"));
}

#[test]
fn show_draws_cute_s_print_layout_or_a_one_line_error() {
    // The grid of an expression's result, as CuTe's print_layout prints it.
    let ok = cute(&["layout", "show", "logical_divide((4,4):(4,1), [2:1;2:1])"], "");
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let text = stdout(&ok);
    assert!(text.starts_with("((_2,_2),(_2,_2)):((_4,_8),(_1,_2))\n"), "{text}");
    assert!(text.contains(" 1  |  4 |  5 |  6 |  7 |"), "{text}");
    // Bad input: one line on stderr, exit code 1.
    for (args, message) in [
        (vec!["layout", "show", "(4,4):(1,4"], "at column"),
        (vec!["layout", "show", "size((4,4):(1,4))"], "not a layout to draw"),
        (vec!["layout", "show", "(?,4):(1,?)"], "only static layouts can be drawn"),
        (vec!["layout", "show", "(1024,1024):(1,1024)"], "too many to draw (at most 65536)"),
    ] {
        let bad = cute(&args, "");
        assert_eq!(bad.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&bad.stderr);
        assert!(stderr.contains(message) && stderr.lines().count() == 1, "{args:?}: {stderr}");
    }
}

/// The SVG picture renders (rsvg-convert from Debian's librsvg2-bin, which
/// ci/setup installs): a PNG of the SVG's size in which cells of different
/// banks have different colors.
#[test]
fn show_svg_renders_with_distinct_bank_colors() {
    let dir = std::env::temp_dir().join(format!("cute-show-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let (svg_path, png_path) = (dir.join("tile.svg"), dir.join("tile.png"));
    let out = cute(&["layout", "show", "(4,8):(8,1)", "--format", "svg", "-o", svg_path.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let render = Command::new("rsvg-convert").arg(&svg_path).arg("-o").arg(&png_path).status().expect("rsvg-convert (librsvg2-bin) is installed");
    assert!(render.success());
    let decoder = png::Decoder::new(fs::File::open(&png_path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    // 2 x 36 px margins, 8 x 44 px columns, 4 x 28 px rows.
    assert_eq!((frame.width, frame.height), (2 * 36 + 8 * 44, 2 * 36 + 4 * 28));
    let channels = frame.line_size / frame.width as usize;
    // A pixel near the top-left corner of cell (m, n), clear of its label.
    let at = |m: usize, n: usize| {
        let (x, y) = (36 + n * 44 + 4, 36 + m * 28 + 4);
        pixels[y * frame.line_size + x * channels..][..3].to_vec()
    };
    // (4,8):(8,1) of 32-bit elements: offset = bank, all 32 different.
    let colors: std::collections::BTreeSet<_> = (0..4).flat_map(|m| (0..8).map(move |n| (m, n))).map(|(m, n)| at(m, n)).collect();
    assert_eq!(colors.len(), 32, "32 banks, 32 colors");

    // A thread-value map, rendered: the SM80 MMA's C tile (32 x 16), whose
    // row m, columns 0 and 2 hold threads 4m and 4m+1: every thread's cell
    // a different color in the PNG.
    let (tv_svg, tv_png) = (dir.join("c.svg"), dir.join("c.png"));
    let out = cute(&["layout", "show", "--tiled-mma", SM80_MMA, "--format", "svg", "-o", tv_svg.to_str().unwrap()], "");
    assert!(out.status.success());
    assert!(Command::new("rsvg-convert").arg(&tv_svg).arg("-o").arg(&tv_png).status().unwrap().success());
    let mut reader = png::Decoder::new(fs::File::open(&tv_png).unwrap()).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((frame.width, frame.height), (2 * 36 + 16 * 44, 2 * 36 + 32 * 28));
    let channels = frame.line_size / frame.width as usize;
    let at = |m: usize, n: usize| {
        let (x, y) = (36 + n * 44 + 3, 36 + m * 28 + 3);
        pixels[y * frame.line_size + x * channels..][..3].to_vec()
    };
    // Rows 0-7 and 16-23, columns 0, 2, 4, 6 (and 8.. for threads 64+):
    // one cell of each of the 128 threads.
    let mut cells = Vec::new();
    for m in (0..8).chain(16..24) {
        for n in [0, 2, 4, 6, 8, 10, 12, 14] {
            cells.push(at(m, n));
        }
    }
    let distinct: std::collections::BTreeSet<_> = cells.iter().collect();
    assert_eq!(distinct.len(), 128, "128 threads, 128 colors in the rendered picture");
    fs::remove_dir_all(&dir).ok();
}

const SM80_MMA: &str = r#"!cute.tiled_mma<!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>, !cute.layout<"(2,2,1):(1,2,0)">>"#;

/// Thread-value maps of a tiled MMA through the dialect's partitioning: the
/// PTX ISA's m16n8k16 fragments (thread 0 holds C (0,0), (0,1), (8,0),
/// (8,1)), the second atom along N on threads 64.., and in SVG one color
/// per thread.
#[test]
fn show_draws_thread_value_maps() {
    let c = cute(&["layout", "show", "--tiled-mma", SM80_MMA, "--operand", "C"], "");
    assert!(c.status.success(), "{}", String::from_utf8_lossy(&c.stderr));
    let text = stdout(&c);
    let rows: Vec<&str> = text.lines().filter(|l| l.contains('|')).collect();
    assert_eq!(rows.len(), 32);
    assert!(rows[0].starts_with(" 0  |   T0V0 |   T0V1 |   T1V0 |") && rows[0].contains("|  T64V0 |"), "{}", rows[0]);
    assert!(rows[8].starts_with(" 8  |   T0V2 |   T0V3 |"), "{}", rows[8]);
    let svg = cute(&["layout", "show", "--tiled-mma", SM80_MMA, "--format", "svg"], "");
    let svg_text = stdout(&svg);
    let doc = roxmltree::Document::parse(&svg_text).expect("well-formed SVG");
    let fills: std::collections::BTreeSet<_> =
        doc.descendants().filter(|n| n.attribute("class") == Some("cell")).map(|n| n.attribute("fill").unwrap().to_string()).collect();
    assert_eq!(fills.len(), 128, "128 threads, 128 colors");
    // A tiled copy's map: 4 x 32 threads, 8 values each over a 32x32 tile.
    let copy = cute(
        &["layout", "show", "--tiled-copy", r#"!cute.tiled_copy<!cute_nvgpu.atom.simt_async_copy<16, f16>, !cute.layout<"((4,32),8):((256,1),32)">, !cute.tile<"[32:1;32:1]">>"#],
        "",
    );
    assert!(stdout(&copy).lines().nth(2).unwrap().starts_with(" 0  |   T0V0 |   T0V1 |"), "{}", stdout(&copy));
    for (args, message) in [
        (vec!["layout", "show", "--tiled-mma", "!cute.layout<\"4:1\">"], "is not a tiled copy or tiled MMA type"),
        (vec!["layout", "show", "--tiled-mma", "!cute.nonsense"], "cannot parse the type"),
        (vec!["layout", "show", "--tiled-mma", SM80_MMA, "--operand", "D"], "unknown operand 'D'"),
        (vec!["layout", "show"], "give one of"),
    ] {
        let bad = cute(&args, "");
        assert_eq!(bad.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&bad.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

/// `cute opt --dump-layouts DIR`: one SVG per static layout-typed value of
/// a kernel, named after its location, each well-formed.
#[test]
fn opt_dumps_the_layouts_of_a_kernel() {
    let dir = std::env::temp_dir().join(format!("cute-dump-{}", std::process::id()));
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/gemm_sm90.mlir");
    let out = cute(&["opt", example, "--dump-layouts", dir.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let names: Vec<String> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.len() >= 10, "{names:?}");
    // The 128-byte swizzled stages of A as WGMMA reads them (line 92: %sA).
    let line = fs::read_to_string(example).unwrap().lines().position(|l| l.contains("%sA = cute.make_view")).unwrap() + 1;
    assert!(names.iter().any(|n| n.starts_with(&format!("gemm_sm90.mlir_{line}_"))), "{names:?}");
    for name in &names {
        let text = fs::read_to_string(dir.join(name)).unwrap();
        roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    assert!(String::from_utf8_lossy(&out.stderr).contains("layout pictures"));
    fs::remove_dir_all(&dir).ok();
}

const CASES: &str = r#"{"cases": [
  {"id": "a", "op": "coalesce", "args": [{"kind": "layout", "cute": "(2,4):(1,2)"}]},
  {"id": "b", "op": "coalesce", "args": [{"kind": "layout", "cute": "(2,4:(1,2)"}]},
  {"id": "c", "op": "crd2idx", "args": [{"kind": "shape", "cute": "(1,2)"}, {"kind": "layout", "cute": "(2,4):(1,2)"}]},
  {"id": "d", "op": "table", "args": [{"kind": "layout", "cute": "(2,2):(2,1)"}]}
]}"#;

#[test]
fn batch_writes_one_line_per_case_and_never_stops_early() {
    let out = cute(&["layout", "batch", "-"], CASES);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], serde_json::json!({"id": "a", "value": "8:1"}));
    assert!(lines[1]["error"].as_str().unwrap().contains("at column"));
    assert_eq!(lines[2], serde_json::json!({"id": "c", "value": "5"}));
    assert_eq!(lines[3], serde_json::json!({"id": "d", "value": [0, 2, 1, 3]}));
}

#[test]
fn bench_prints_cases_and_ns_per_case() {
    let out = cute(&["layout", "bench", "-"], CASES);
    assert!(out.status.success());
    let text = stdout(&out);
    let last = text.lines().last().expect("a line");
    assert!(last.starts_with("cases=3 ns_per_case="), "{last}");
}

#[test]
fn opt_runs_a_pipeline_and_reports_bad_ir() {
    let ok = cute(&["opt", "-"], r#"func.func @f() { %l = cute.make_layout(shape = (), stride = ()) : !cute.layout<"(2,2):(1,2)"> return }"#);
    assert!(ok.status.success());
    assert!(stdout(&ok).contains("cute.make_layout_raw"));
    let bad = cute(&["opt", "-"], r#"func.func private @f(!cute.layout<"(2,2):(1">)"#);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid !cute.layout"));
}

#[test]
fn opt_on_a_file_locates_diagnostics_in_it() {
    let path = std::env::temp_dir().join(format!("cute-cli-{}.mlir", std::process::id()));
    std::fs::write(&path, "func.func private @f(!cute.layout<\"(2,2):(1\">)\n").unwrap();
    let out = cute(&["opt", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("{}\":1:", path.display())), "{stderr}");
    let missing = cute(&["opt", "/nonexistent/cute.mlir"], "");
    assert_eq!(missing.status.code(), Some(1));
}

#[test]
fn no_verify_each_lets_the_next_pass_run_and_verifies_at_the_end() {
    // With verification after each pass, a pass that leaves invalid IR stops
    // the pipeline there; with `--no-verify-each` the next pass runs (its
    // dump is printed) and the end result is refused.
    let input = "func.func @f() { return }";
    let run = |extra: &[&str]| {
        let mut args = vec!["opt", "-", "--pipeline", "builtin.module(cute-test-break-ir,cse)", "--dump-after", "all"];
        args.extend_from_slice(extra);
        let o = cute(&args, input);
        assert!(!o.status.success());
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    let each = run(&[]);
    assert!(!each.contains("IR Dump After cse"), "cse ran on invalid IR:\n{each}");
    assert!(each.contains("requires attribute 'function_type'"), "{each}");
    let once = run(&["--no-verify-each"]);
    assert!(once.contains("IR Dump After cse"), "cse did not run:\n{once}");
    assert!(once.contains("does not verify") && once.contains("requires attribute 'function_type'"), "{once}");
}

#[test]
fn compile_without_verify_each_gives_the_same_ptx() {
    // `cute compile --no-verify-each` (docs/compile.md: for an autotuner
    // compiling large kernels) skips only MLIR's verification between
    // passes: the same PTX as the default.
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/gemm_sm90.mlir");
    let dir = std::env::temp_dir().join(format!("cute-cli-verify-each-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let ptx = |extra: &[&str], name: &str| {
        let out = dir.join(name);
        let mut args = vec!["compile", example, "--chip", "sm_90a", "--no-cache", "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = cute(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        fs::read_to_string(out).unwrap()
    };
    let verified = ptx(&[], "each.ptx");
    let once = ptx(&["--no-verify-each"], "once.ptx");
    let _ = fs::remove_dir_all(&dir);
    assert!(verified.contains("wgmma.mma_async"), "the sm90 GEMM's PTX");
    assert_eq!(verified, once);
}
