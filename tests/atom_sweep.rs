//! Issue 27 item 2: no atom that verifies may abort the process or yield
//! PTX that ptxas rejects. Every family x shape x element-type combination
//! of the register MMAs (sm80.mma, sm80.sparse_mma, sm89.mma, SM120.mma_bs)
//! that the registry accepts is called in a small kernel and compiled for
//! every chip of the roster: each (atom, chip) gives either PTX that ptxas
//! assembles for that chip, or a located diagnostic. A signal fails the
//! test process itself.

use cute_mlir::{
    compile::{Emit, ROSTER},
    Compiler,
};
use std::{path::PathBuf, process::Command};

const SHAPES: [(u32, u32, u32); 7] = [(8, 8, 4), (16, 8, 4), (16, 8, 8), (16, 8, 16), (16, 8, 32), (16, 8, 64), (16, 8, 128)];
const SAME: [&str; 10] = ["f16", "bf16", "tf32", "f64", "si8", "ui8", "si4", "ui4", "f8E4M3FN", "f8E5M2"];
const NARROW: [&str; 5] = ["f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"];
const ACCUMULATORS: [&str; 4] = ["f16", "f32", "f64", "i32"];

/// Every candidate atom type (most of which the registry refuses).
fn candidates() -> Vec<String> {
    let mut pairs: Vec<(&str, &str)> = SAME.iter().map(|t| (*t, *t)).collect();
    for a in NARROW {
        for b in NARROW {
            if !pairs.contains(&(a, b)) {
                pairs.push((a, b));
            }
        }
    }
    let mut out = Vec::new();
    for (m, n, k) in SHAPES {
        for &(a, b) in &pairs {
            for c in ACCUMULATORS {
                for family in ["sm80.mma", "sm80.sparse_mma", "sm89.mma"] {
                    out.push(format!("!cute_nvgpu.{family}<{m}x{n}x{k}, elem_type = ({a}, {b}, {c})>"));
                }
                for (sf, vec) in [("f8E8M0FNU", 32), ("f8E8M0FNU", 16), ("f8E4M3FN", 16)] {
                    out.push(format!("!cute_nvgpu.SM120.mma_bs<{m}x{n}x{k}, elem_type = ({a}, {b}, {c}), sf_type = {sf}, sf_vec = {vec}>"));
                }
            }
        }
    }
    out
}

/// The integer parameters of an atom's text: (m, n, k), the element types.
fn parts(atom: &str) -> ((u32, u32, u32), [String; 3], Option<(String, u32)>) {
    let inside = &atom[atom.find('<').unwrap() + 1..atom.len() - 1];
    let shape: Vec<u32> = inside.split(',').next().unwrap().split('x').map(|d| d.trim().parse().unwrap()).collect();
    let types = &inside[inside.find('(').unwrap() + 1..inside.find(')').unwrap()];
    let t: Vec<String> = types.split(',').map(|s| s.trim().to_string()).collect();
    let scale = inside.find("sf_type = ").map(|i| {
        let rest = &inside[i + 10..];
        let sf = rest.split(',').next().unwrap().trim().to_string();
        let vec = rest.split("sf_vec = ").nth(1).unwrap().trim().parse().unwrap();
        (sf, vec)
    });
    ((shape[0], shape[1], shape[2]), [t[0].clone(), t[1].clone(), t[2].clone()], scale)
}

/// A kernel that loads nothing, calls the atom once on register fragments
/// of the atom's per-lane sizes and stores D, so nothing is dead.
fn kernel(atom: &str) -> String {
    let ((m, n, k), [a, b, c], scale) = parts(atom);
    let sparse = atom.contains("sparse_mma");
    let (na, nb, nc) = (m * k / 32 / if sparse { 2 } else { 1 }, n * k / 32, m * n / 32);
    let view = |t: &str, space: &str, count: u32| format!("!cute.view<!cute.ptr<{t}, {space}>, !cute.layout<\"{count}:1\">>");
    let (va, vb, vc) = (view(&a, "rmem", na), view(&b, "rmem", nb), view(&c, "rmem", nc));
    let mut body = format!(
        "    %ra = cute.alloc_rmem {na} : !cute.ptr<{a}, rmem>\n    %rb = cute.alloc_rmem {nb} : !cute.ptr<{b}, rmem>\n    \
         %rc = cute.alloc_rmem {nc} : !cute.ptr<{c}, rmem>\n    %la = cute.static : !cute.layout<\"{na}:1\">\n    \
         %lb = cute.static : !cute.layout<\"{nb}:1\">\n    %lc = cute.static : !cute.layout<\"{nc}:1\">\n    \
         %a = cute.make_view %ra, %la : {va}\n    %b = cute.make_view %rb, %lb : {vb}\n    %c = cute.make_view %rc, %lc : {vc}\n    \
         %mma = cute.make_atom : {atom}\n"
    );
    let extra = if sparse {
        let ve = view("i32", "rmem", 1);
        body.push_str(&format!(
            "    %re = cute.alloc_rmem 1 : !cute.ptr<i32, rmem>\n    %le = cute.static : !cute.layout<\"1:1\">\n    %e = cute.make_view %re, %le : {ve}\n"
        ));
        format!(" metadata(%e : {ve})")
    } else if let Some((sf, vec)) = scale {
        // The lane's scale bytes: 1X at K = 32, 2X (block 32) or 4X (block 16) at K = 64.
        let count = if k == 64 { 64 / vec } else { 1 };
        let vs = view(&sf, "rmem", count);
        body.push_str(&format!(
            "    %rs = cute.alloc_rmem {count} : !cute.ptr<{sf}, rmem>\n    %ls = cute.static : !cute.layout<\"{count}:1\">\n    %s = cute.make_view %rs, %ls : {vs}\n"
        ));
        format!(" scales(%s, %s : {vs}, {vs})")
    } else {
        String::new()
    };
    let vg = view(&c, "gmem", nc);
    format!(
        "module attributes {{gpu.container_module}} {{\ngpu.module @kernels {{\n  gpu.func @k(%pc: !cute.ptr<{c}, gmem>) kernel {{\n{body}    \
         cute.mma_atom_call %mma, %c, %a, %b, %c{extra} : {atom}, {vc}, {va}, {vb}, {vc}\n    \
         %g = cute.make_view %pc, %lc : {vg}\n    %cc = cute.make_atom : !cute_nvgpu.atom.universal_copy<{c}>\n    \
         cute.copy_atom_call %cc, %c, %g : !cute_nvgpu.atom.universal_copy<{c}>, {vc}, {vg}\n    gpu.return\n  }}\n}}\n}}\n"
    )
}

fn ptxas(chip: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // sm_110a's PTX 9.0 needs ptxas 13 (ci/setup installs both).
    root.join(if chip.starts_with("sm_110") { ".venv/bin/ptxas13" } else { ".venv/bin/ptxas" })
}

#[test]
fn every_register_mma_compiles_or_is_refused_on_every_chip() {
    let compiler = Compiler::new();
    let accepted: Vec<String> = candidates()
        .into_iter()
        .filter(|atom| compiler.parse(&format!("func.func private @f({atom})")).is_ok())
        .collect();
    // The registry's own lattice (spec 003) decides what is here; the
    // sweep only needs it to be the real thing, not a handful.
    assert!(accepted.len() >= 40, "only {} register MMAs verify: {accepted:#?}", accepted.len());
    let scratch = std::env::temp_dir().join(format!("cute-atom-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let (mut assembled, mut refused, mut rejected) = (0, 0, Vec::new());
    let mut compiled_atoms = std::collections::BTreeSet::new();
    for atom in &accepted {
        let source = kernel(atom);
        // The kernel must verify: the sweep is about the lowering.
        compiler.parse(&source).unwrap_or_else(|e| panic!("the sweep's kernel for {atom} does not verify: {e}\n{source}"));
        for chip in ROSTER {
            match compiler.compile(&source, chip.name, Emit::Ptx) {
                Ok(ptx) => {
                    let file = scratch.join(format!("k-{}.ptx", chip.name));
                    std::fs::write(&file, &ptx).unwrap();
                    let out = Command::new(ptxas(chip.name))
                        .arg(format!("-arch={}", chip.name))
                        .arg(&file)
                        .arg("-o")
                        .arg(scratch.join("k.cubin"))
                        .output()
                        .expect("ptxas runs (bash ci/setup installs it)");
                    if out.status.success() {
                        assembled += 1;
                        compiled_atoms.insert(atom.clone());
                    } else {
                        rejected.push(format!("{atom} on {}: {}", chip.name, String::from_utf8_lossy(&out.stderr)));
                    }
                }
                Err(e) => {
                    let text = e.to_string();
                    assert!(
                        text.contains("error:") && text.contains("loc("),
                        "{atom} on {}: a failure without a located diagnostic:\n{text}",
                        chip.name
                    );
                    refused += 1;
                    if std::env::var_os("CUTE_SWEEP_VERBOSE").is_some() {
                        let last = text.lines().last().unwrap_or_default();
                        eprintln!("refused {atom} on {}: {}", chip.name, &last[last.find("error:").unwrap_or(0)..]);
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(rejected.is_empty(), "ptxas rejected {} compiled kernels:\n{}", rejected.len(), rejected.join("\n"));
    // The cases of the issue compile and assemble.
    for atom in [
        "!cute_nvgpu.sm80.mma<8x8x4, elem_type = (f64, f64, f64)>",
        "!cute_nvgpu.sm89.mma<16x8x32, elem_type = (f8E4M3FN, f8E4M3FN, f16)>",
        "!cute_nvgpu.sm80.mma<16x8x16, elem_type = (f16, f16, f32)>",
    ] {
        assert!(compiled_atoms.contains(atom), "{atom} compiled for no chip");
    }
    eprintln!(
        "atom sweep: {} register MMAs x {} chips: {assembled} assembled by ptxas, {refused} refused with a diagnostic",
        accepted.len(),
        ROSTER.len()
    );
}

#[test]
fn every_roster_chip_compiles_and_assembles_the_copy_example() {
    // Issue 27 item 6: one roster for the verifier and the compiler; every
    // chip of it gives PTX its ptxas accepts for a kernel of universal atoms.
    let compiler = Compiler::new();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/copy_sm80.mlir");
    let scratch = std::env::temp_dir().join(format!("cute-roster-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    for chip in ROSTER {
        let ptx = compiler.compile_file(&path, chip.name, Emit::Ptx).unwrap_or_else(|e| panic!("{}: {e}", chip.name));
        assert!(ptx.contains(&format!(".target {}", chip.name)), "{}", chip.name);
        let version = format!(".version {}.{}", chip.ptx / 10, chip.ptx % 10);
        assert!(ptx.contains(&version), "{}: {version}", chip.name);
        let file = scratch.join(format!("{}.ptx", chip.name));
        std::fs::write(&file, &ptx).unwrap();
        let out = Command::new(ptxas(chip.name)).arg(format!("-arch={}", chip.name)).arg(&file).arg("-o").arg(scratch.join("k.cubin")).output().unwrap();
        assert!(out.status.success(), "{}: {}", chip.name, String::from_utf8_lossy(&out.stderr));
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// The WGMMA candidates: every N, every element-type pair and accumulator,
/// both majors of A and B, both fragment kinds (`ss`, `rs`). The registry
/// refuses most; what it accepts is swept.
fn wgmma_candidates() -> Vec<String> {
    let inputs: [(&str, u32); 9] =
        [("f16", 16), ("bf16", 16), ("tf32", 8), ("f8E4M3FN", 32), ("f8E5M2", 32), ("i8", 32), ("si8", 32), ("ui8", 32), ("f32", 8)];
    let mut out = Vec::new();
    for n in (8..=256).step_by(8) {
        for &(a, k) in &inputs {
            for &(b, kb) in &inputs {
                if kb != k {
                    continue;
                }
                for c in ["f16", "f32", "i32", "si32"] {
                    for (am, bm) in [("k", "k"), ("k", "mn"), ("mn", "k"), ("mn", "mn")] {
                        for frag in ["ss", "rs"] {
                            out.push(format!("!cute_nvgpu.sm90.mma<64x{n}x{k}, ab_major = ({am}, {bm}), elem_type = ({a}, {b}, {c}), frag_kind = {frag}>"));
                        }
                    }
                }
            }
        }
    }
    out
}

/// A shared-memory operand tile of `rows` x `k` for WGMMA: 128-byte
/// swizzled rows (CuTe's `Layout_K_SW128_Atom` / `Layout_MN_SW128_Atom`),
/// K-major or MN-major; None where the MN-major atom (64 elements of 16
/// bits) does not tile the rows. (layout type, elements to allocate)
fn wgmma_tile(rows: u32, k: u32, bits: u32, major: &str) -> Option<(String, u32)> {
    let row = 1024 / bits; // elements in a 128-byte row
    let swizzle = format!("S<3,{},3>", 4 + 3 - bits.trailing_zeros());
    if major == "k" {
        return Some((format!("!cute.composed_layout<\"{swizzle} o 0 o ({rows},{k}):({row},1)\">"), rows * row));
    }
    if rows % row != 0 {
        return None;
    }
    let layout = if rows == row { format!("({rows},{k}):(1,{row})") } else { format!("(({row},{}),{k}):((1,{}),{row})", rows / row, row * k) };
    Some((format!("!cute.composed_layout<\"{swizzle} o 0 o {layout}\">"), rows * k))
}

/// The parameters of a WGMMA atom's text.
fn wgmma_parts(atom: &str) -> (u32, u32, [String; 3], [String; 2], bool) {
    let inside = &atom[atom.find('<').unwrap() + 1..atom.len() - 1];
    let shape: Vec<u32> = inside.split(',').next().unwrap().split('x').map(|d| d.trim().parse().unwrap()).collect();
    let between = |from: &str| {
        let rest = &inside[inside.find(from).unwrap() + from.len()..];
        rest[..rest.find(')').unwrap()].split(',').map(|s| s.trim().to_string()).collect::<Vec<_>>()
    };
    let (t, m) = (between("elem_type = ("), between("ab_major = ("));
    (shape[1], shape[2], [t[0].clone(), t[1].clone(), t[2].clone()], [m[0].clone(), m[1].clone()], atom.contains("frag_kind = rs"))
}

/// A kernel calling the WGMMA atom once between fence and wait, storing D;
/// None where the sweep has no tile for the operand (see [`wgmma_tile`]).
fn wgmma_kernel(name: &str, atom: &str) -> Option<String> {
    let (n, k, [a, b, c], [am, bm], rs) = wgmma_parts(atom);
    let bits = |t: &str| if t.contains("16") { 16 } else if t == "tf32" || t == "f32" { 32 } else { 8 };
    let (tb, nb) = wgmma_tile(n, k, bits(&b), &bm)?;
    let vb = format!("!cute.view<!cute.ptr<{b}, smem, align<1024>>, {tb}>");
    let nc = 64 * n / 128;
    let vc = format!("!cute.view<!cute.ptr<{c}, rmem>, !cute.layout<\"{nc}:1\">>");
    let vg = format!("!cute.view<!cute.ptr<{c}, gmem>, !cute.layout<\"{nc}:1\">>");
    let (a_setup, va) = if rs {
        let na = 64 * k / 128;
        let va = format!("!cute.view<!cute.ptr<{a}, rmem>, !cute.layout<\"{na}:1\">>");
        (format!("    %ra = cute.alloc_rmem {na} : !cute.ptr<{a}, rmem>\n    %la = cute.static : !cute.layout<\"{na}:1\">\n    %a = cute.make_view %ra, %la : {va}\n"), va)
    } else {
        let (ta, na) = wgmma_tile(64, k, bits(&a), &am)?;
        let va = format!("!cute.view<!cute.ptr<{a}, smem, align<1024>>, {ta}>");
        (format!("    %pa = cute.alloc_smem {na} : !cute.ptr<{a}, smem, align<1024>>\n    %la = cute.static : {ta}\n    %a = cute.make_view %pa, %la : {va}\n"), va)
    };
    // A zero-fill where arith has the type (not for si32 accumulators).
    let fill = match c.as_str() {
        "f16" | "f32" => format!("    %zero = arith.constant 0.0 : {c}\n    cute.fill %zero, %c : {c}, {vc}\n"),
        "i32" => format!("    %zero = arith.constant 0 : {c}\n    cute.fill %zero, %c : {c}, {vc}\n"),
        _ => String::new(),
    };
    Some(format!(
        "  gpu.func @{name}(%pc: !cute.ptr<{c}, gmem>) kernel {{\n{a_setup}    \
         %pb = cute.alloc_smem {nb} : !cute.ptr<{b}, smem, align<1024>>\n    %lb = cute.static : {tb}\n    %b = cute.make_view %pb, %lb : {vb}\n    \
         %rc = cute.alloc_rmem {nc} : !cute.ptr<{c}, rmem>\n    %lc = cute.static : !cute.layout<\"{nc}:1\">\n    %c = cute.make_view %rc, %lc : {vc}\n    \
         {fill}    %atom = cute.make_atom : {atom}\n    nvvm.wgmma.fence.aligned\n    \
         cute.mma_atom_call %atom, %c, %a, %b, %c : {atom}, {vc}, {va}, {vb}, {vc}\n    nvvm.wgmma.commit.group.sync.aligned\n    \
         nvvm.wgmma.wait.group.sync.aligned 0\n    %g = cute.make_view %pc, %lc : {vg}\n    %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<{c}>\n    \
         cute.copy_atom_call %st, %c, %g : !cute_nvgpu.atom.universal_copy<{c}>, {vc}, {vg}\n    gpu.return\n  }}\n"
    ))
}

fn kernels_module(kernels: &[String]) -> String {
    format!("module attributes {{gpu.container_module}} {{\ngpu.module @kernels {{\n{}}}\n}}\n", kernels.concat())
}

#[test]
fn every_wgmma_compiles_or_is_refused_on_every_chip() {
    // Issue 27 item 2, the WGMMA family: every sm90.mma the registry
    // accepts, one kernel each, grouped in one module per element types,
    // majors and fragment kind (all 32 N). On sm_90a each module gives PTX
    // that ptxas assembles; every other chip refuses all of them with a
    // located diagnostic. A signal fails the test process.
    let compiler = Compiler::new();
    let accepted: Vec<String> = wgmma_candidates().into_iter().filter(|atom| compiler.parse(&format!("func.func private @f({atom})")).is_ok()).collect();
    assert!(accepted.len() >= 32 * 20, "only {} WGMMA atoms verify", accepted.len());
    let mut groups: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let mut untiled = 0;
    for (i, atom) in accepted.iter().enumerate() {
        let (_, _, types, majors, rs) = wgmma_parts(atom);
        match wgmma_kernel(&format!("k{i}"), atom) {
            Some(kernel) => groups.entry(format!("{types:?} {majors:?} rs={rs}")).or_default().push(kernel),
            None => untiled += 1,
        }
    }
    let scratch = std::env::temp_dir().join(format!("cute-wgmma-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut swept = 0;
    for (group, kernels) in &groups {
        let source = kernels_module(kernels);
        compiler.parse(&source).unwrap_or_else(|e| panic!("the sweep's kernels for {group} do not verify: {e}"));
        let ptx = compiler.compile(&source, "sm_90a", Emit::Ptx).unwrap_or_else(|e| panic!("{group} on sm_90a: {e}"));
        let file = scratch.join("w.ptx");
        std::fs::write(&file, &ptx).unwrap();
        let out = Command::new(ptxas("sm_90a")).arg("-arch=sm_90a").arg(&file).arg("-o").arg(scratch.join("w.cubin")).output().unwrap();
        assert!(out.status.success(), "ptxas rejects {group}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(ptx.matches("wgmma.mma_async.sync.aligned").count(), kernels.len(), "{group}: a wgmma per kernel");
        swept += kernels.len();
    }
    // Every other chip: all of them in one module, refused with a location.
    let all: Vec<String> = groups.values().flatten().cloned().collect();
    let source = kernels_module(&all);
    for chip in ROSTER.iter().filter(|c| c.name != "sm_90a") {
        let e = compiler.compile(&source, chip.name, Emit::Ptx).expect_err(chip.name).to_string();
        assert!(e.contains("error:") && e.contains("loc("), "{}: a failure without a located diagnostic:\n{}", chip.name, &e[..e.len().min(2000)]);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!("wgmma sweep: {} atoms verify, {swept} compiled and assembled for sm_90a in {} modules, refused on {} chips; {untiled} MN-major tiles narrower than a 128-byte swizzle row not generated", accepted.len(), groups.len(), ROSTER.len() - 1);
    assert!(swept + untiled == accepted.len());
}

/// The dense UMMA candidates (`sm100.mma`, `ss`): M 64 and 128, every N,
/// every element-type pair and accumulator, both majors of A and B. The
/// CTA-pair (M = 256), `ts`, sparse and block-scaled forms have lit tests
/// of their own (`tests/lit/Conversion/CuteNvgpuToNVVM/sm100/umma-*.mlir`).
fn umma_candidates() -> Vec<String> {
    let inputs: [(&str, u32); 10] = [
        ("f16", 16),
        ("bf16", 16),
        ("tf32", 8),
        ("f8E4M3FN", 32),
        ("f8E5M2", 32),
        ("f6E2M3FN", 32),
        ("f6E3M2FN", 32),
        ("f4E2M1FN", 32),
        ("i8", 32),
        ("ui8", 32),
    ];
    let mut out = Vec::new();
    for m in [64u32, 128] {
        for n in (8..=256).step_by(8) {
            for &(a, k) in &inputs {
                for &(b, kb) in &inputs {
                    if kb != k {
                        continue;
                    }
                    for c in ["f16", "f32", "i32"] {
                        for (am, bm) in [("k", "k"), ("k", "mn"), ("mn", "k"), ("mn", "mn")] {
                            out.push(format!("!cute_nvgpu.sm100.mma<{m}x{n}x{k}, ab_major = ({am}, {bm}), elem_type = ({a}, {b}, {c}), frag_kind = ss>"));
                        }
                    }
                }
            }
        }
    }
    out
}

/// A kernel issuing the UMMA once into a tensor-memory accumulator from the
/// function's TMEM cache and committing it to an mbarrier.
fn umma_kernel(name: &str, atom: &str) -> Option<String> {
    let inside = &atom[atom.find('<').unwrap() + 1..atom.len() - 1];
    let shape: Vec<u32> = inside.split(',').next().unwrap().split('x').map(|d| d.trim().parse().unwrap()).collect();
    let (m, n, k) = (shape[0], shape[1], shape[2]);
    let (_, _, [a, b, c], [am, bm], _) = wgmma_parts(atom);
    let bits = |t: &str| if t.contains("16") { 16 } else if t == "tf32" { 32 } else { 8 };
    let (ta, na) = wgmma_tile(m, k, bits(&a), &am)?;
    let (tb, nb) = wgmma_tile(n, k, bits(&b), &bm)?;
    let va = format!("!cute.view<!cute.ptr<{a}, smem, align<1024>>, {ta}>");
    let vb = format!("!cute.view<!cute.ptr<{b}, smem, align<1024>>, {tb}>");
    let cols = n.next_power_of_two().max(32);
    let vd = format!("!cute.view<!cute.ptr<{c}, tmem>, !cute.layout<\"({m},{n}):(65536,1)\">>");
    Some(format!(
        "  gpu.func @{name}(%first: i1) kernel {{\n    \
         %pa = cute.alloc_smem {na} : !cute.ptr<{a}, smem, align<1024>>\n    %la = cute.static : {ta}\n    %a = cute.make_view %pa, %la : {va}\n    \
         %pb = cute.alloc_smem {nb} : !cute.ptr<{b}, smem, align<1024>>\n    %lb = cute.static : {tb}\n    %b = cute.make_view %pb, %lb : {vb}\n    \
         %h = arith.constant 0 : i32\n    %cols = arith.constant {cols} : i32\n    \
         %tmem = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<{c}, tmem>\n    \
         %ld = cute.static : !cute.layout<\"({m},{n}):(65536,1)\">\n    %d = cute.make_view %tmem, %ld : {vd}\n    \
         %bar = cute.alloc_smem 1 : !cute.ptr<i64, smem, align<8>>\n    %atom = cute.make_atom : {atom}\n    \
         cute.mma_atom_call %atom, %d, %a, %b, %d accumulate(%first) : {atom}, {vd}, {va}, {vb}, {vd}\n    \
         cute_nvgpu.arch.sm100.commit %bar : !cute.ptr<i64, smem, align<8>>\n    gpu.return\n  }}\n"
    ))
}

#[test]
fn every_dense_umma_compiles_or_is_refused_on_every_chip() {
    // Issue 27 item 2, the tcgen05 family: every dense sm100.mma the
    // registry accepts, grouped by element types and majors (all M and N),
    // compiled for sm_100a and assembled by ptxas, and for every other chip
    // assembled by its ptxas or refused with a located diagnostic.
    let compiler = Compiler::new();
    let accepted: Vec<String> = umma_candidates().into_iter().filter(|atom| compiler.parse(&format!("func.func private @f({atom})")).is_ok()).collect();
    assert!(accepted.len() >= 100, "only {} UMMA atoms verify", accepted.len());
    let mut groups: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let (mut untiled, mut unverified) = (0, Vec::new());
    for (i, atom) in accepted.iter().enumerate() {
        let (_, _, types, majors, _) = wgmma_parts(atom);
        let Some(kernel) = umma_kernel(&format!("k{i}"), atom) else {
            untiled += 1;
            continue;
        };
        // The generator's tiles are CuTe's SW128 atoms in 8- or 16-bit
        // containers; what the verifier wants another tile for is counted.
        if compiler.parse(&kernels_module(std::slice::from_ref(&kernel))).is_err() {
            unverified.push(atom.clone());
            continue;
        }
        groups.entry(format!("{types:?} {majors:?}")).or_default().push(kernel);
    }
    let scratch = std::env::temp_dir().join(format!("cute-umma-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let (mut assembled, mut refused) = (0, 0);
    for chip in ROSTER {
        for (group, kernels) in &groups {
            let source = kernels_module(kernels);
            match compiler.compile(&source, chip.name, Emit::Ptx) {
                Ok(ptx) => {
                    let file = scratch.join("u.ptx");
                    std::fs::write(&file, &ptx).unwrap();
                    let out = Command::new(ptxas(chip.name)).arg(format!("-arch={}", chip.name)).arg(&file).arg("-o").arg(scratch.join("u.cubin")).output().unwrap();
                    assert!(out.status.success(), "ptxas rejects {group} on {}: {}", chip.name, String::from_utf8_lossy(&out.stderr));
                    assert_eq!(ptx.matches("tcgen05.mma.cta_group").count(), kernels.len(), "{group}: a UMMA per kernel");
                    assembled += kernels.len();
                }
                Err(e) => {
                    let e = e.to_string();
                    assert!(e.contains("error:") && e.contains("loc("), "{group} on {}: a failure without a located diagnostic:\n{}", chip.name, &e[..e.len().min(2000)]);
                    assert!(chip.name != "sm_100a", "{group} is refused on sm_100a: {}", &e[..e.len().min(2000)]);
                    refused += kernels.len();
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "umma sweep: {} atoms verify, {} kernels in {} modules: {assembled} (kernel, chip) assembled, {refused} refused; {untiled} MN-major tiles not generated, {} need another tile",
        accepted.len(),
        groups.values().map(Vec::len).sum::<usize>(),
        groups.len(),
        unverified.len()
    );
    if std::env::var_os("CUTE_SWEEP_VERBOSE").is_some() {
        eprintln!("{unverified:#?}");
    }
    assert!(unverified.len() * 4 < accepted.len(), "the generator's tiles verify for too few atoms: {unverified:#?}");
}

/// The register, shared and tensor-memory copy atoms with their parameters
/// (the TMA atoms need tensor maps: their lit files cover them), each with
/// the kernel that calls it: (atom, source view, destination view, setup).
fn copy_cases() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let view = |t: &str, space: &str, align: u32, layout: &str| {
        let a = if align > 0 { format!(", align<{align}>") } else { String::new() };
        format!("!cute.view<!cute.ptr<{t}, {space}{a}>, !cute.layout<\"{layout}\">>")
    };
    let call = |atom: &str, src: &str, dst: &str, setup: &str, params: &str| {
        format!(
            "module attributes {{gpu.container_module}} {{\ngpu.module @kernels {{\n  gpu.func @k({params}) kernel {{\n{setup}    %atom = cute.make_atom : {atom}\n    \
             cute.copy_atom_call %atom, %src, %dst : {atom}, {src}, {dst}\n    gpu.return\n  }}\n}}\n}}\n"
        )
    };
    let bits = |t: &str| match t {
        "f64" | "i64" => 64,
        "f32" | "i32" | "tf32" => 32,
        "f16" | "bf16" | "i16" => 16,
        "si4" | "f4E2M1FN" => 4,
        _ => 8,
    };
    // universal_copy<T>: 16 values global -> registers -> global.
    for t in ["f16", "bf16", "f32", "f64", "tf32", "i8", "si8", "ui8", "i16", "i32", "i64", "f8E4M3FN", "f8E5M2", "f4E2M1FN", "si4"] {
        let atom = format!("!cute_nvgpu.atom.universal_copy<{t}>");
        let (g, r) = (view(t, "gmem", 16, "16:1"), view(t, "rmem", 16, "16:1"));
        let setup = format!(
            "    %l = cute.static : !cute.layout<\"16:1\">\n    %src = cute.make_view %p, %l : {g}\n    %rp = cute.alloc_rmem 16 : !cute.ptr<{t}, rmem, align<16>>\n    %dst = cute.make_view %rp, %l : {r}\n"
        );
        out.push((atom.clone(), call(&atom, &g, &r, &setup, &format!("%p: !cute.ptr<{t}, gmem, align<16>>"))));
    }
    // simt_async_copy<B[, T]>: one cp.async of B bytes, global -> shared.
    for bytes in [4u32, 8, 16] {
        for t in [None, Some("f16"), Some("bf16"), Some("f32"), Some("f64"), Some("i8"), Some("i32")] {
            let e = t.unwrap_or("i8");
            let n = bytes * 8 / bits(e);
            if n == 0 {
                continue;
            }
            let atom = match t {
                Some(t) => format!("!cute_nvgpu.atom.simt_async_copy<{bytes}, {t}>"),
                None => format!("!cute_nvgpu.atom.simt_async_copy<{bytes}>"),
            };
            let (g, s) = (view(e, "gmem", bytes, &format!("{n}:1")), view(e, "smem", 16, &format!("{n}:1")));
            let setup = format!(
                "    %l = cute.static : !cute.layout<\"{n}:1\">\n    %src = cute.make_view %p, %l : {g}\n    %sp = cute.alloc_smem {n} : !cute.ptr<{e}, smem, align<16>>\n    %dst = cute.make_view %sp, %l : {s}\n"
            );
            out.push((atom.clone(), call(&atom, &g, &s, &setup, &format!("%p: !cute.ptr<{e}, gmem, align<{bytes}>>"))));
        }
    }
    // ldsm / stsm: the lane's shared row of 8 16-bit values, 2N registers.
    for store in [false, true] {
        for (count, shape) in [(1, "m8n8"), (2, "m8n8.x2"), (4, "m8n8.x4")] {
            for trans in ["", ".trans"] {
                for t in [None, Some("f16"), Some("bf16"), Some("i16")] {
                    let e = t.unwrap_or("f16");
                    let name = if store { "stsm" } else { "ldsm" };
                    let atom = match t {
                        Some(t) => format!("!cute_nvgpu.atom.{name}<{shape}{trans}, {t}>"),
                        None => format!("!cute_nvgpu.atom.{name}<{shape}{trans}>"),
                    };
                    let v = 2 * count;
                    let (s, r) = (view(e, "smem", 16, "(8):(1)"), view(e, "rmem", 0, &format!("{v}:1")));
                    let setup = format!(
                        "    %ls = cute.static : !cute.layout<\"(8):(1)\">\n    %sp = cute.alloc_smem 8 : !cute.ptr<{e}, smem, align<16>>\n    %sv = cute.make_view %sp, %ls : {s}\n    \
                         %lr = cute.static : !cute.layout<\"{v}:1\">\n    %rp = cute.alloc_rmem {v} : !cute.ptr<{e}, rmem>\n    %rv = cute.make_view %rp, %lr : {r}\n    \
                         %src = {}\n    %dst = {}\n",
                        if store { "builtin.unrealized_conversion_cast %rv : ".to_string() + &r + " to " + &r } else { "builtin.unrealized_conversion_cast %sv : ".to_string() + &s + " to " + &s },
                        if store { "builtin.unrealized_conversion_cast %sv : ".to_string() + &s + " to " + &s } else { "builtin.unrealized_conversion_cast %rv : ".to_string() + &r + " to " + &r },
                    );
                    let (src, dst) = if store { (&r, &s) } else { (&s, &r) };
                    out.push((atom.clone(), call(&atom, src, dst, &setup, "")));
                }
            }
        }
    }
    // tmem_load / tmem_store<T>: 16 columns of the TMEM cache's allocation.
    for store in [false, true] {
        for t in ["f32", "i32", "f16", "bf16", "i8"] {
            let atom = format!("!cute_nvgpu.atom.{}<{t}>", if store { "tmem_store" } else { "tmem_load" });
            let (tm, r) = (view(t, "tmem", 0, "16:1"), view(t, "rmem", 16, "16:1"));
            let setup = format!(
                "    %h = arith.constant 0 : i32\n    %cols = arith.constant 32 : i32\n    %tp = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h, %cols : i32 -> !cute.ptr<{t}, tmem>\n    \
                 %l = cute.static : !cute.layout<\"16:1\">\n    %tv = cute.make_view %tp, %l : {tm}\n    %rp = cute.alloc_rmem 16 : !cute.ptr<{t}, rmem, align<16>>\n    %rv = cute.make_view %rp, %l : {r}\n    \
                 %src = builtin.unrealized_conversion_cast {} \n    %dst = builtin.unrealized_conversion_cast {}\n",
                if store { format!("%rv : {r} to {r}") } else { format!("%tv : {tm} to {tm}") },
                if store { format!("%tv : {tm} to {tm}") } else { format!("%rv : {r} to {r}") },
            );
            let (src, dst) = if store { (&r, &tm) } else { (&tm, &r) };
            out.push((atom.clone(), call(&atom, src, dst, &setup, "")));
        }
    }
    out
}

#[test]
fn every_copy_atom_compiles_or_is_refused_on_every_chip() {
    // Issue 27 item 2, the copy families with their parameters: each copy
    // atom the registry accepts, called once in a kernel, compiled for every
    // roster chip: PTX its ptxas assembles, or a located diagnostic.
    let compiler = Compiler::new();
    let cases: Vec<(String, String)> =
        copy_cases().into_iter().filter(|(atom, _)| compiler.parse(&format!("func.func private @f({atom})")).is_ok()).collect();
    assert!(cases.len() >= 60, "only {} copy atoms verify", cases.len());
    let scratch = std::env::temp_dir().join(format!("cute-copy-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let (mut assembled, mut refused, mut unverified) = (0, 0, Vec::new());
    let mut compiled_somewhere = std::collections::BTreeSet::new();
    for (atom, source) in &cases {
        if let Err(e) = compiler.parse(source) {
            unverified.push(format!("{atom}: {}", e.to_string().lines().nth(1).unwrap_or_default()));
            continue;
        }
        for chip in ROSTER {
            match compiler.compile(source, chip.name, Emit::Ptx) {
                Ok(ptx) => {
                    let file = scratch.join("c.ptx");
                    std::fs::write(&file, &ptx).unwrap();
                    let out = Command::new(ptxas(chip.name)).arg(format!("-arch={}", chip.name)).arg(&file).arg("-o").arg(scratch.join("c.cubin")).output().unwrap();
                    assert!(out.status.success(), "ptxas rejects {atom} on {}: {}", chip.name, String::from_utf8_lossy(&out.stderr));
                    assembled += 1;
                    compiled_somewhere.insert(atom.clone());
                }
                Err(e) => {
                    let e = e.to_string();
                    assert!(e.contains("error:") && e.contains("loc("), "{atom} on {}: a failure without a located diagnostic:\n{e}", chip.name);
                    refused += 1;
                    if std::env::var_os("CUTE_SWEEP_VERBOSE").is_some() {
                        let last = e.lines().last().unwrap_or_default();
                        eprintln!("refused {atom} on {}: {}", chip.name, &last[last.find("error:").unwrap_or(0)..]);
                    }
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "copy sweep: {} copy atoms verify, {} compiled for some chip; {assembled} (atom, chip) assembled, {refused} refused; kernels that do not verify: {unverified:#?}",
        cases.len(),
        compiled_somewhere.len()
    );
    assert!(unverified.len() * 5 < cases.len(), "the sweep's kernels verify for too few atoms: {unverified:#?}");
    for atom in ["!cute_nvgpu.atom.universal_copy<f16>", "!cute_nvgpu.atom.simt_async_copy<16, f16>", "!cute_nvgpu.atom.ldsm<m8n8.x4, f16>", "!cute_nvgpu.atom.tmem_load<f32>", "!cute_nvgpu.atom.tmem_load<f16>", "!cute_nvgpu.atom.tmem_store<bf16>", "!cute_nvgpu.atom.tmem_load<i8>"] {
        assert!(compiled_somewhere.contains(atom), "{atom} compiled for no chip");
    }
}
