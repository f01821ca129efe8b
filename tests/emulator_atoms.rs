//! Issue 28: every register MMA of SM80 that the registry lowers and the
//! emulator models runs in a one-warp kernel and gives, lane by lane, what
//! the PTX ISA's fragment tables say. Each lane loads its A, B, C values
//! (CuTe's value order of the atom) from global memory, calls the atom, and
//! stores its D values; the reference places them with the ISA's tables
//! (written out here, apart from the emulator's and the compiler's code) and
//! multiplies on the host. A lowering that packs a value into the wrong
//! register, or the wrong half of one, gives a wrong D.

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};
use cute_emu::machine::HazardKind;
use cute_mlir::{compile::Emit, Compiler};

mod support {
    pub mod isa;
}
use support::isa::{isa, isa4};

/// A one-warp launch of kernel `k` for `chip` (the PTX is given to execute).
fn one_warp(chip: &str, args: Vec<Arg>) -> Launch {
    Launch::new(chip, "k", [1, 1, 1], [32, 1, 1], args)
}

/// Runs `l` in the emulator. With `CUTE_EXPORT_LAUNCHES=DIR` set, also
/// writes it as `DIR/<name>.launch.json` with its PTX, for
/// `scripts/compare_gpu_emulator.sh` to run on a GPU: the hardware's own
/// fragment tables against the emulator's.
fn execute(name: &str, l: &Launch, ptx: &str) -> launch::Outcome {
    assemble(name, &l.chip, ptx);
    if let Some(dir) = std::env::var_os("CUTE_EXPORT_LAUNCHES") {
        cute_emu::run::export(l, ptx, std::path::Path::new(&dir), name).unwrap_or_else(|e| panic!("{e}"));
    }
    launch::execute(l, ptx).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The hand-written kernels must be PTX that ptxas accepts for their chip:
/// the emulator is lenient where the hardware is not (an H100's JIT refused
/// `cluster_registers`, whose `%p2` was past its `.reg .pred %p<2>` and
/// which read a `.pred` register with `mov.u32`; the emulator ran it).
fn assemble(name: &str, chip: &str, ptx: &str) {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("cute-emulator-atoms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.ptx"));
    std::fs::write(&file, ptx).unwrap();
    let out = std::process::Command::new(root.join(".venv/bin/ptxas"))
        .args([&format!("-arch={chip}"), file.to_str().unwrap(), "-o", dir.join(format!("{name}.cubin")).to_str().unwrap()])
        .output()
        .unwrap_or_else(|e| panic!("ptxas (ci/setup installs it in .venv): {e}"));
    assert!(out.status.success(), "{name}: ptxas -arch={chip} refuses the kernel:\n{}", String::from_utf8_lossy(&out.stderr));
}

/// A dense register MMA case.
fn dense(family: &'static str, shape: (usize, usize, usize), a: &'static str, c: &'static str, class: &'static str, dtype_a: Dtype, dtype_c: Dtype) -> Case {
    Case { family, shape, a, c, class, dtype_a, dtype_c, sparse: false }
}

struct Case {
    /// `sm80.mma` or `sm89.mma` (FP8, compiled for sm_89).
    family: &'static str,
    shape: (usize, usize, usize),
    a: &'static str,
    c: &'static str,
    /// The class of the inputs in the ISA's tables.
    class: &'static str,
    dtype_a: Dtype,
    dtype_c: Dtype,
    /// `sm80.sparse_mma`: A holds K/2 values a row, and each lane one
    /// metadata word (value 0 of the call's metadata view).
    sparse: bool,
}

fn kernel(case: &Case) -> String {
    let (m, n, k) = case.shape;
    let stored_k = if case.sparse { k / 2 } else { k };
    let (na, nb, nc) = (m * stored_k / 32, n * k / 32, m * n / 32);
    let atom = format!("!cute_nvgpu.{}<{m}x{n}x{k}, elem_type = ({a}, {a}, {c})>", case.family, a = case.a, c = case.c);
    // Lane l's values v at global index l * count + v.
    let part = |name: &str, ty: &str, count: usize| {
        format!(
            "    %g{name} = cute.make_view %p{name}, %l{name}g : !cute.view<!cute.ptr<{ty}, gmem>, !cute.layout<\"({count},32):(1,{count})\">>\n    \
             %s{name} = cute.slice(%g{name}, %lane) : !cute.view<!cute.ptr<{ty}, gmem>, !cute.layout<\"({count},32):(1,{count})\">>, !cute.coord<\"(_,?)\">\n    \
             %r{name}p = cute.alloc_rmem {count} : !cute.ptr<{ty}, rmem>\n    \
             %r{name} = cute.make_view %r{name}p, %l{name} : !cute.view<!cute.ptr<{ty}, rmem>, !cute.layout<\"{count}:1\">>\n"
        )
    };
    let decl = |name: &str, count: usize| {
        format!(
            "    %l{name}g = cute.static : !cute.layout<\"({count},32):(1,{count})\">\n    %l{name} = cute.static : !cute.layout<\"{count}:1\">\n"
        )
    };
    // A slice of the global view is rank 1, `(n):(1)`; a fragment `n:1`.
    let shape_of = |space: &str, count: usize| if space == "gmem" { format!("({count}):(1)") } else { format!("{count}:1") };
    let copy = |ty: &str, count: usize, from: &str, to: &str, from_space: &str, to_space: &str| {
        format!(
            "    %cp{from}{to} = cute.make_atom : !cute_nvgpu.atom.universal_copy<{ty}>\n    \
             cute.copy_atom_call %cp{from}{to}, %{from}, %{to} : !cute_nvgpu.atom.universal_copy<{ty}>, !cute.view<!cute.ptr<{ty}, {from_space}>, !cute.layout<\"{}\">>, !cute.view<!cute.ptr<{ty}, {to_space}>, !cute.layout<\"{}\">>\n",
            shape_of(from_space, count),
            shape_of(to_space, count)
        )
    };
    let (a, c) = (case.a, case.c);
    let view = |ty: &str, count: usize| format!("!cute.view<!cute.ptr<{ty}, rmem>, !cute.layout<\"{count}:1\">>");
    // The metadata: lane l's word at index l, as the A-values are placed.
    let (metadata_load, metadata) = if case.sparse {
        (
            format!("{}{}{}", decl("e", 1), part("e", "i32", 1), copy("i32", 1, "se", "re", "gmem", "rmem")),
            format!(" metadata(%re : {})", view("i32", 1)),
        )
    } else {
        (String::new(), String::new())
    };
    let pointer_e = if case.sparse { ", %pe: !cute.ptr<i32, gmem>" } else { "" };
    format!(
        "module attributes {{gpu.container_module}} {{\ngpu.module @kernels {{\n  gpu.func @k(%pa: !cute.ptr<{a}, gmem>, %pb: !cute.ptr<{a}, gmem>, %pc: !cute.ptr<{c}, gmem>, %pd: !cute.ptr<{c}, gmem>{pointer_e}) kernel {{\n    \
         %tid = gpu.thread_id x\n    %t = arith.index_cast %tid : index to i32\n    %lane = cute.make_int_tuple(%t) : (i32) -> !cute.coord<\"(_,?)\">\n\
         {}{}{}{}{}{}{}{}{}{}{}{metadata_load}\
         %mma = cute.make_atom : {atom}\n    cute.mma_atom_call %mma, %rc, %ra, %rb, %rc{metadata} : {atom}, {}, {}, {}, {}\n\
         {}    gpu.return\n  }}\n}}\n}}\n",
        decl("a", na),
        decl("b", nb),
        decl("c", nc),
        decl("d", nc),
        part("a", a, na),
        part("b", a, nb),
        part("c", c, nc),
        part("d", c, nc),
        copy(a, na, "sa", "ra", "gmem", "rmem"),
        copy(a, nb, "sb", "rb", "gmem", "rmem"),
        copy(c, nc, "sc", "rc", "gmem", "rmem"),
        view(c, nc),
        view(a, na),
        view(a, nb),
        view(c, nc),
        copy(c, nc, "rc", "sd", "rmem", "gmem"),
    )
}

#[test]
fn every_sm80_and_sm89_register_mma_follows_the_isa_fragment_tables() {
    let cases = [
        dense("sm80.mma", (16, 8, 16), "f16", "f32", "f16", Dtype::F16, Dtype::F32),
        dense("sm80.mma", (16, 8, 16), "f16", "f16", "f16", Dtype::F16, Dtype::F16),
        dense("sm80.mma", (16, 8, 8), "f16", "f32", "f16", Dtype::F16, Dtype::F32),
        dense("sm80.mma", (16, 8, 16), "bf16", "f32", "f16", Dtype::Bf16, Dtype::F32),
        dense("sm80.mma", (16, 8, 8), "bf16", "f32", "f16", Dtype::Bf16, Dtype::F32),
        dense("sm80.mma", (16, 8, 8), "tf32", "f32", "tf32", Dtype::F32, Dtype::F32),
        dense("sm80.mma", (16, 8, 4), "tf32", "f32", "tf32", Dtype::F32, Dtype::F32),
        dense("sm80.mma", (8, 8, 4), "f64", "f64", "f64", Dtype::F64, Dtype::F64),
        dense("sm80.mma", (16, 8, 16), "si8", "i32", "i8", Dtype::I8, Dtype::I32),
        dense("sm80.mma", (16, 8, 32), "si8", "i32", "i8", Dtype::I8, Dtype::I32),
        // FP8 (sm89.mma, inline PTX): the 8-bit tables of m16n8k32.
        dense("sm89.mma", (16, 8, 32), "f8E4M3FN", "f32", "i8", Dtype::E4m3, Dtype::F32),
        dense("sm89.mma", (16, 8, 32), "f8E5M2", "f32", "i8", Dtype::E5m2, Dtype::F32),
        dense("sm89.mma", (16, 8, 32), "f8E4M3FN", "f16", "i8", Dtype::E4m3, Dtype::F16),
    ];
    let compiler = Compiler::new();
    let mut checked = 0;
    for case in &cases {
        let (m, n, k) = case.shape;
        let (na, nb, nc) = (m * k / 32, n * k / 32, m * n / 32);
        let source = kernel(case);
        let chip = if case.family == "sm89.mma" { "sm_89" } else { "sm_80" };
        let ptx = compiler.compile(&source, chip, Emit::Ptx).unwrap_or_else(|e| panic!("{e}\n{source}"));
        let buffer = |name: &str, dtype, count, seed| Arg::Buffer {
            name: name.into(),
            dtype,
            shape: vec![32 * count],
            init: Init::Randint { lo: -3, hi: 3, seed },
        };
        let l = one_warp(chip, vec![buffer("A", case.dtype_a, na, 1), buffer("B", case.dtype_a, nb, 2), buffer("C", case.dtype_c, nc, 3), buffer("D", case.dtype_c, nc, 4)]);
        let o = execute(&format!("mma_{}_m{m}n{n}k{k}_{}_{}", &case.family[..4], case.a, case.c), &l, &ptx);
        assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
        // The logical matrices from each lane's values, placed by the ISA's tables.
        let mut a = vec![vec![f64::NAN; k]; m];
        let mut b = vec![vec![f64::NAN; n]; k];
        let mut c = vec![vec![f64::NAN; n]; m];
        for lane in 0..32 {
            for i in 0..na {
                let (r, col) = isa('A', case.shape, case.class, lane, i);
                a[r][col] = o.buffers[0].get(lane * na + i);
            }
            for i in 0..nb {
                let (r, col) = isa('B', case.shape, case.class, lane, i);
                b[r][col] = o.buffers[1].get(lane * nb + i);
            }
            for i in 0..nc {
                let (r, col) = isa('C', case.shape, case.class, lane, i);
                c[r][col] = o.buffers[2].get(lane * nc + i);
            }
        }
        assert!(a.iter().flatten().chain(b.iter().flatten()).chain(c.iter().flatten()).all(|x| !x.is_nan()), "the tables cover every element");
        for lane in 0..32 {
            for i in 0..nc {
                let (r, col) = isa('C', case.shape, case.class, lane, i);
                let want = c[r][col] + (0..k).map(|kk| a[r][kk] * b[kk][col]).sum::<f64>();
                let got = o.buffers[3].get(lane * nc + i);
                assert_eq!(got, want, "{m}x{n}x{k} ({}, {}): lane {lane} value {i} = D[{r}][{col}]", case.a, case.c);
                checked += 1;
            }
        }
        assert!(ptx.contains(&format!("mma.sync.aligned.m{m}n{n}k{k}")), "{ptx}");
    }
    // Every lane's every D value of every case.
    assert_eq!(checked, cases.iter().map(|c| c.shape.0 * c.shape.1).sum::<usize>());
}

/// Row of value `i` of lane `l` in a sparse MMA's B (K x N; the column is
/// l / 4) where the dense tables stop short of the sparse K: PTX ISA
/// 9.7.14.6.2.2 (m16n8k32 .f16/.bf16), .4 (m16n8k16 .tf32), .6 (m16n8k64
/// .s8/.u8).
fn sparse_b_row(class: &str, k: usize, l: usize, i: usize) -> usize {
    let t = l % 4;
    match (class, k) {
        ("f16", 32) => 2 * t + i % 2 + 8 * (i / 2),
        ("tf32", 16) => t + 4 * i,
        ("i8", 64) => 4 * t + i % 4 + 16 * (i / 4),
        (class, k) => isa('B', (16, 8, k), class, l, i).0,
    }
}

/// A sparse A's stored value `(row, stored column)` placed in K by the
/// metadata words `e` (selector 0): PTX ISA 9.7.14.6.1. A row is cut into
/// chunks of four 2-bit-indexed units (tf32: two elements, each two units;
/// 4-bit: pairs), two units stored a chunk. For 16-bit and tf32 inputs lane
/// 4 (row % 8) + j holds 16 bits of row g (bits 15..0) and g + 8 (31..16)
/// for chunks 4j..4j+3; for 8- and 4-bit inputs lane 4 (row % 8) + (row /
/// 8) + 2j holds chunks 8j..8j+7 of its row (the ISA's metadata figures; an
/// H100 agrees, session 13).
fn sparse_column(class: &str, e: &[u32], row: usize, stored: usize) -> usize {
    // Values stored a chunk, and values a unit (4-bit values go in pairs).
    let (per_chunk, unit) = match class {
        "tf32" => (1, 1),
        "i4" => (4, 2),
        _ => (2, 1),
    };
    let (chunk, slot) = (stored / per_chunk, stored % per_chunk);
    let (lane, shift) = match class {
        "i8" | "i4" => (4 * (row % 8) + row / 8 + 2 * (chunk / 8), 4 * (chunk % 8)),
        _ => (4 * (row % 8) + chunk / 4, 4 * (chunk % 4) + 16 * (row / 8)),
    };
    let nibble = (e[lane] >> shift) & 15;
    if class == "tf32" {
        return 2 * chunk + if nibble == 0b1110 { 1 } else { 0 };
    }
    let index = if slot / unit == 0 { nibble & 3 } else { nibble >> 2 } as usize;
    4 * unit * chunk + unit * index + slot % unit
}

/// Random metadata words whose every nibble is valid: two different
/// indices, the lower first (tf32: 0b0100 or 0b1110).
fn metadata_words(class: &str, seed: u64) -> Vec<u32> {
    let pairs: &[u32] = if class == "tf32" { &[0b0100, 0b1110] } else { &[0b0100, 0b1000, 0b1100, 0b1001, 0b1101, 0b1110] };
    let mut x = seed;
    (0..32)
        .map(|_| {
            (0..8).fold(0u32, |w, nib| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                w | pairs[((x >> 33) % pairs.len() as u64) as usize] << (4 * nib)
            })
        })
        .collect()
}

#[test]
fn every_sm80_sparse_mma_places_a_by_its_metadata() {
    // Each lane gives its own random (valid) metadata word, so a lowering
    // that passed another lane's word, another selector, or packed A's
    // stored values in another order gives a wrong D.
    let f = |shape, a, c, class, dtype_a, dtype_c| Case { family: "sm80.sparse_mma", shape, a, c, class, dtype_a, dtype_c, sparse: true };
    let cases = [
        f((16, 8, 16), "f16", "f32", "f16", Dtype::F16, Dtype::F32),
        f((16, 8, 32), "f16", "f32", "f16", Dtype::F16, Dtype::F32),
        f((16, 8, 32), "f16", "f16", "f16", Dtype::F16, Dtype::F16),
        f((16, 8, 16), "bf16", "f32", "f16", Dtype::Bf16, Dtype::F32),
        f((16, 8, 32), "bf16", "f32", "f16", Dtype::Bf16, Dtype::F32),
        f((16, 8, 8), "tf32", "f32", "tf32", Dtype::F32, Dtype::F32),
        f((16, 8, 16), "tf32", "f32", "tf32", Dtype::F32, Dtype::F32),
        f((16, 8, 32), "si8", "i32", "i8", Dtype::I8, Dtype::I32),
        f((16, 8, 64), "si8", "i32", "i8", Dtype::I8, Dtype::I32),
    ];
    let compiler = Compiler::new();
    let mut checked = 0;
    for (n_case, case) in cases.iter().enumerate() {
        let (m, n, k) = case.shape;
        let (na, nb, nc) = (m * k / 64, n * k / 32, m * n / 32);
        let source = kernel(case);
        let ptx = compiler.compile(&source, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}\n{source}"));
        assert!(ptx.contains(&format!("mma.sp.sync.aligned.m{m}n{n}k{k}.row.col")), "{ptx}");
        let buffer = |name: &str, dtype, count, seed| Arg::Buffer { name: name.into(), dtype, shape: vec![32 * count], init: Init::Randint { lo: -3, hi: 3, seed } };
        let e = metadata_words(case.class, 7 + n_case as u64);
        let metadata = Arg::Buffer { name: "E".into(), dtype: Dtype::I32, shape: vec![32], init: Init::Values(e.iter().map(|w| f64::from(*w as i32)).collect()) };
        let l = one_warp("sm_80", vec![buffer("A", case.dtype_a, na, 1), buffer("B", case.dtype_a, nb, 2), buffer("C", case.dtype_c, nc, 3), buffer("D", case.dtype_c, nc, 4), metadata]);
        let o = execute(&format!("mma_sp_sm80_m{m}n{n}k{k}_{}_{}", case.a, case.c), &l, &ptx);
        assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
        let mut a = vec![vec![0.0; k]; m];
        let mut placed = vec![vec![false; k]; m];
        let mut b = vec![vec![f64::NAN; n]; k];
        let mut c = vec![vec![f64::NAN; n]; m];
        for lane in 0..32 {
            for i in 0..na {
                let (r, stored) = isa('A', (m, n, k / 2), case.class, lane, i);
                let col = sparse_column(case.class, &e, r, stored);
                assert!(!placed[r][col], "two stored values at A[{r}][{col}]");
                placed[r][col] = true;
                a[r][col] = o.buffers[0].get(lane * na + i);
            }
            for i in 0..nb {
                b[sparse_b_row(case.class, k, lane, i)][lane / 4] = o.buffers[1].get(lane * nb + i);
            }
            for i in 0..nc {
                let (r, col) = isa('C', case.shape, case.class, lane, i);
                c[r][col] = o.buffers[2].get(lane * nc + i);
            }
        }
        assert_eq!(placed.iter().flatten().filter(|p| **p).count(), m * k / 2, "half of A is stored");
        assert!(b.iter().flatten().chain(c.iter().flatten()).all(|x| !x.is_nan()), "the tables cover every element");
        for lane in 0..32 {
            for i in 0..nc {
                let (r, col) = isa('C', case.shape, case.class, lane, i);
                let want = c[r][col] + (0..k).map(|kk| a[r][kk] * b[kk][col]).sum::<f64>();
                assert_eq!(o.buffers[3].get(lane * nc + i), want, "sparse {m}x{n}x{k} ({}, {}): lane {lane} value {i} = D[{r}][{col}]", case.a, case.c);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, cases.iter().map(|c| c.shape.0 * c.shape.1).sum::<usize>());
}

#[test]
fn sparse_metadata_the_isa_leaves_undefined_is_reported() {
    // PTX ISA 9.7.14.6.1: a nibble naming one index twice (f16), a tf32
    // nibble other than 0b0100 / 0b1110, and a selector past the lanes
    // that hold metadata are undefined; the emulator stops on them rather
    // than compute something. Selector 1 is legal for m16n8k32 .f16 but
    // reads lanes 2 and 3's words: a different product.
    let compiler = Compiler::new();
    let run = |shape: (usize, usize, usize), a: &'static str, dtype, e: Vec<u32>, edit: &dyn Fn(&str) -> String| {
        let case = Case { family: "sm80.sparse_mma", shape, a, c: "f32", class: "", dtype_a: dtype, dtype_c: Dtype::F32, sparse: true };
        let (m, n, k) = shape;
        let ptx = edit(&compiler.compile(&kernel(&case), "sm_80", Emit::Ptx).unwrap());
        let buffer = |name: &str, dtype, count, seed| Arg::Buffer { name: name.into(), dtype, shape: vec![32 * count], init: Init::Randint { lo: -3, hi: 3, seed } };
        let metadata = Arg::Buffer { name: "E".into(), dtype: Dtype::I32, shape: vec![32], init: Init::Values(e.iter().map(|w| f64::from(*w as i32)).collect()) };
        let l = one_warp("sm_80", vec![buffer("A", dtype, m * k / 64, 1), buffer("B", dtype, n * k / 32, 2), buffer("C", Dtype::F32, m * n / 32, 3), buffer("D", Dtype::F32, m * n / 32, 4), metadata]);
        launch::execute(&l, &ptx).unwrap()
    };
    let same = |p: &str| p.to_string();
    let selector = |to: &'static str| {
        move |p: &str| {
            let at = p.find("mma.sp.sync").unwrap();
            let end = at + p[at..].find(';').unwrap();
            assert_eq!(&p[end - 1..end], "0", "the selector ends the instruction");
            format!("{}{to}{}", &p[..end - 1], &p[end..])
        }
    };
    let valid = metadata_words("f16", 3);
    let clean = run((16, 8, 32), "f16", Dtype::F16, valid.clone(), &same);
    assert!(clean.report.hazards.is_empty(), "{}", launch::summary(&clean));
    let undefined = |o: &launch::Outcome, what: &str| {
        assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Undefined), "{what}: {}", launch::summary(o));
    };
    let mut twice = valid.clone();
    twice[5] = (twice[5] & !0xf0) | 0b0101 << 4;
    undefined(&run((16, 8, 32), "f16", Dtype::F16, twice, &same), "index 1 named twice");
    undefined(&run((16, 8, 32), "f16", Dtype::F16, valid.clone(), &selector("2")), "selector 2 of a thread-pair shape");
    let moved = run((16, 8, 32), "f16", Dtype::F16, valid.clone(), &selector("1"));
    assert!(moved.report.hazards.is_empty(), "{}", launch::summary(&moved));
    assert_ne!(moved.buffers[3].data.whole(), clean.buffers[3].data.whole(), "selector 1 reads other lanes' metadata");
    let mut tf32 = metadata_words("tf32", 4);
    tf32[0] = (tf32[0] & !0xf) | 0b1000;
    undefined(&run((16, 8, 8), "tf32", Dtype::F32, tf32, &same), "a tf32 nibble other than 0b0100 / 0b1110");
}

/// A one-warp kernel: lane l copies row l of a 32 x 8 f16 matrix to shared
/// memory, the warp syncs, each lane runs the ldmatrix atom on its row (CuTe's
/// per-lane form) and stores its 2 x `count` values.
fn ldmatrix_kernel(count: usize, trans: bool) -> String {
    let v = 2 * count;
    let atom = format!("!cute_nvgpu.atom.ldsm<m8n8.x{count}{}, f16>", if trans { ".trans" } else { "" });
    format!(
        r#"module attributes {{gpu.container_module}} {{
gpu.module @kernels {{
  gpu.func @k(%pg: !cute.ptr<f16, gmem, align<16>>, %pd: !cute.ptr<f16, gmem>) kernel {{
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %lane = cute.make_int_tuple(%t) : (i32) -> !cute.coord<"(_,?)">
    %lg = cute.static : !cute.layout<"(8,32):(1,8)">
    %g = cute.make_view %pg, %lg : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,32):(1,8)">>
    %grow = cute.slice(%g, %lane) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,32):(1,8)">>, !cute.coord<"(_,?)">
    %s = cute.alloc_smem 256 : !cute.ptr<f16, smem, align<16>>
    %sv = cute.make_view %s, %lg : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,32):(1,8)">>
    %srow = cute.slice(%sv, %lane) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,32):(1,8)">>, !cute.coord<"(_,?)">
    %cp = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %cp, %grow, %srow : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8):(1)">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8):(1)">>
    gpu.barrier
    %lr = cute.static : !cute.layout<"{v}:1">
    %pr = cute.alloc_rmem {v} : !cute.ptr<f16, rmem>
    %r = cute.make_view %pr, %lr : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"{v}:1">>
    %ld = cute.make_atom : {atom}
    cute.copy_atom_call %ld, %srow, %r : {atom}, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8):(1)">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"{v}:1">>
    %ldd = cute.static : !cute.layout<"({v},32):(1,{v})">
    %d = cute.make_view %pd, %ldd : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"({v},32):(1,{v})">>
    %drow = cute.slice(%d, %lane) : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"({v},32):(1,{v})">>, !cute.coord<"(_,?)">
    cute.copy_atom_call %cp, %r, %drow : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"{v}:1">>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"({v}):(1)">>
    gpu.return
  }}
}}
}}
"#
    )
}

/// The ISA's ldmatrix / stmatrix fragment (9.7.14.5.15-16): for each lane,
/// matrix m and half h of its register m, the element (row, col) of matrix
/// m it holds: (l/4, 2(l%4) + h), or transposed (2(l%4) + h, l/4). Returns
/// how many it visited.
fn each_matrix_element(count: usize, trans: bool, mut check: impl FnMut(usize, usize, usize, usize, usize)) -> usize {
    let mut n = 0;
    for lane in 0..32 {
        for m in 0..count {
            for h in 0..2 {
                let (row, col) = if trans { (2 * (lane % 4) + h, lane / 4) } else { (lane / 4, 2 * (lane % 4) + h) };
                check(lane, m, h, row, col);
                n += 1;
            }
        }
    }
    n
}

#[test]
fn ldmatrix_x1_x2_x4_with_and_without_trans_follow_the_isa() {
    // PTX ISA 9.7.14.5.15: lanes 8m..8m+7 give the rows of matrix m; lane l
    // receives in register m the elements (l/4, 2(l%4)) and (l/4, 2(l%4)+1)
    // of matrix m, or with .trans (2(l%4), l/4) and (2(l%4)+1, l/4).
    let compiler = Compiler::new();
    let mut checked = 0;
    for count in [1usize, 2, 4] {
        for trans in [false, true] {
            let source = ldmatrix_kernel(count, trans);
            let ptx = compiler.compile(&source, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}\n{source}"));
            let want_op = format!("ldmatrix.sync.aligned.m8n8.x{count}{}.shared.b16", if trans { ".trans" } else { "" });
            assert!(ptx.contains(&want_op), "no {want_op} in\n{ptx}");
            let l = one_warp("sm_80", vec![
                    Arg::Buffer { name: "G".into(), dtype: Dtype::F16, shape: vec![32, 8], init: Init::Values((0..256).map(f64::from).collect()) },
                    Arg::Buffer { name: "D".into(), dtype: Dtype::F16, shape: vec![32, 2 * count], init: Init::Zeros },
                ]);
            let o = execute(&format!("ldmatrix_x{count}{}", if trans { "_trans" } else { "" }), &l, &ptx);
            assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
            // Register value (lane, m, h) is element (row, col) of matrix m.
            checked += each_matrix_element(count, trans, |lane, m, h, row, col| {
                let want = ((8 * m + row) * 8 + col) as f64;
                assert_eq!(o.buffers[1].get(lane * 2 * count + 2 * m + h), want, "x{count} trans={trans}: lane {lane} matrix {m} half {h}");
            });
        }
    }
    assert_eq!(checked, 2 * 32 * 2 * (1 + 2 + 4));
}

/// The reverse of [`ldmatrix_kernel`]: lane l loads its 2 x `count` values
/// from global row l into registers, runs the stmatrix atom on its shared
/// row, and after the warp syncs copies shared row l to global row l.
fn stmatrix_kernel(count: usize, trans: bool) -> String {
    let v = 2 * count;
    let atom = format!("!cute_nvgpu.atom.stsm<m8n8.x{count}{}, f16>", if trans { ".trans" } else { "" });
    format!(
        r#"module attributes {{gpu.container_module}} {{
gpu.module @kernels {{
  gpu.func @k(%pg: !cute.ptr<f16, gmem>, %pd: !cute.ptr<f16, gmem, align<16>>) kernel {{
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %lane = cute.make_int_tuple(%t) : (i32) -> !cute.coord<"(_,?)">
    %lgv = cute.static : !cute.layout<"({v},32):(1,{v})">
    %g = cute.make_view %pg, %lgv : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"({v},32):(1,{v})">>
    %grow = cute.slice(%g, %lane) : !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"({v},32):(1,{v})">>, !cute.coord<"(_,?)">
    %lr = cute.static : !cute.layout<"{v}:1">
    %pr = cute.alloc_rmem {v} : !cute.ptr<f16, rmem>
    %r = cute.make_view %pr, %lr : !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"{v}:1">>
    %cp = cute.make_atom : !cute_nvgpu.atom.universal_copy<f16>
    cute.copy_atom_call %cp, %grow, %r : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, gmem>, !cute.layout<"({v}):(1)">>, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"{v}:1">>
    %lg = cute.static : !cute.layout<"(8,32):(1,8)">
    %s = cute.alloc_smem 256 : !cute.ptr<f16, smem, align<16>>
    %sv = cute.make_view %s, %lg : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,32):(1,8)">>
    %srow = cute.slice(%sv, %lane) : !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8,32):(1,8)">>, !cute.coord<"(_,?)">
    %st = cute.make_atom : {atom}
    cute.copy_atom_call %st, %r, %srow : {atom}, !cute.view<!cute.ptr<f16, rmem>, !cute.layout<"{v}:1">>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8):(1)">>
    gpu.barrier
    %d = cute.make_view %pd, %lg : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,32):(1,8)">>
    %drow = cute.slice(%d, %lane) : !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8,32):(1,8)">>, !cute.coord<"(_,?)">
    cute.copy_atom_call %cp, %srow, %drow : !cute_nvgpu.atom.universal_copy<f16>, !cute.view<!cute.ptr<f16, smem, align<16>>, !cute.layout<"(8):(1)">>, !cute.view<!cute.ptr<f16, gmem, align<16>>, !cute.layout<"(8):(1)">>
    gpu.return
  }}
}}
}}
"#
    )
}

#[test]
fn stmatrix_x1_x2_x4_with_and_without_trans_follow_the_isa() {
    // PTX ISA 9.7.14.5.16 (stmatrix, the epilogues' r2s copy on sm90):
    // lanes 8m..8m+7 give the rows of matrix m; lane l's register m holds
    // its elements (l/4, 2(l%4)) and (l/4, 2(l%4)+1), or with .trans
    // (2(l%4), l/4) and (2(l%4)+1, l/4).
    let compiler = Compiler::new();
    let mut checked = 0;
    for count in [1usize, 2, 4] {
        for trans in [false, true] {
            let source = stmatrix_kernel(count, trans);
            let ptx = compiler.compile(&source, "sm_90a", Emit::Ptx).unwrap_or_else(|e| panic!("{e}\n{source}"));
            let want_op = format!("stmatrix.sync.aligned.m8n8.x{count}{}.shared.b16", if trans { ".trans" } else { "" });
            assert!(ptx.contains(&want_op), "no {want_op} in\n{ptx}");
            let l = one_warp("sm_90a", vec![
                    Arg::Buffer { name: "G".into(), dtype: Dtype::F16, shape: vec![32, 2 * count], init: Init::Values((0..64 * count).map(|i| i as f64).collect()) },
                    Arg::Buffer { name: "D".into(), dtype: Dtype::F16, shape: vec![32, 8], init: Init::Zeros },
                ]);
            let o = execute(&format!("stmatrix_x{count}{}", if trans { "_trans" } else { "" }), &l, &ptx);
            assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
            checked += each_matrix_element(count, trans, |lane, m, h, row, col| {
                let want = (lane * 2 * count + 2 * m + h) as f64;
                assert_eq!(o.buffers[1].get((8 * m + row) * 8 + col), want, "x{count} trans={trans}: lane {lane} matrix {m} half {h}");
            });
        }
    }
    assert_eq!(checked, 2 * 32 * 2 * (1 + 2 + 4));
}

/// A one-warp kernel: lane l copies its `n` f32 values (4n bytes) of global
/// row l to shared memory with the cp.async atom, commits, waits, syncs and
/// copies the shared row of lane 31 - l back to global: the data crosses
/// lanes, so the wait and the barrier are what make it right.
fn cp_async_kernel(n: usize) -> String {
    let bytes = 4 * n;
    format!(
        r#"module attributes {{gpu.container_module}} {{
gpu.module @kernels {{
  gpu.func @k(%pg: !cute.ptr<f32, gmem, align<16>>, %pd: !cute.ptr<f32, gmem>) kernel {{
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %c31 = arith.constant 31 : i32
    %u = arith.subi %c31, %t : i32
    %lane = cute.make_int_tuple(%t) : (i32) -> !cute.coord<"(_,?)">
    %other = cute.make_int_tuple(%u) : (i32) -> !cute.coord<"(_,?)">
    %lg = cute.static : !cute.layout<"({n},32):(1,{n})">
    %g = cute.make_view %pg, %lg : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"({n},32):(1,{n})">>
    %grow = cute.slice(%g, %lane) : !cute.view<!cute.ptr<f32, gmem, align<16>>, !cute.layout<"({n},32):(1,{n})">>, !cute.coord<"(_,?)">
    %s = cute.alloc_smem {total} : !cute.ptr<f32, smem, align<16>>
    %sv = cute.make_view %s, %lg : !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"({n},32):(1,{n})">>
    %srow = cute.slice(%sv, %lane) : !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"({n},32):(1,{n})">>, !cute.coord<"(_,?)">
    %a = cute.make_atom : !cute_nvgpu.atom.simt_async_copy<{bytes}, f32>
    cute.copy_atom_call %a, %grow, %srow : !cute_nvgpu.atom.simt_async_copy<{bytes}, f32>, !cute.view<!cute.ptr<f32, gmem, align<{ra}>>, !cute.layout<"({n}):(1)">>, !cute.view<!cute.ptr<f32, smem, align<{ra}>>, !cute.layout<"({n}):(1)">>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    gpu.barrier
    %sother = cute.slice(%sv, %other) : !cute.view<!cute.ptr<f32, smem, align<16>>, !cute.layout<"({n},32):(1,{n})">>, !cute.coord<"(_,?)">
    %d = cute.make_view %pd, %lg : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"({n},32):(1,{n})">>
    %drow = cute.slice(%d, %lane) : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"({n},32):(1,{n})">>, !cute.coord<"(_,?)">
    %cp = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>
    cute.copy_atom_call %cp, %sother, %drow : !cute_nvgpu.atom.universal_copy<f32>, !cute.view<!cute.ptr<f32, smem, align<{ra}>>, !cute.layout<"({n}):(1)">>, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<"({n}):(1)">>
    gpu.return
  }}
}}
}}
"#,
        total = 32 * n,
        // A row of n f32 keeps the alignment of 4n bytes, at most 16.
        ra = (4 * n).min(16)
    )
}

#[test]
fn cp_async_of_4_8_and_16_bytes_lands_after_its_wait() {
    // PTX ISA 9.7.9.25: cp.async.ca copies 4, 8 or 16 bytes, .cg 16; the
    // destination is written when the wait completes the group.
    let compiler = Compiler::new();
    for n in [1usize, 2, 4] {
        let source = cp_async_kernel(n);
        let ptx = compiler.compile(&source, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}\n{source}"));
        let form = if n == 4 { "cp.async.cg.shared.global" } else { "cp.async.ca.shared.global" };
        assert!(ptx.contains(&format!("{form} ")) && ptx.contains(&format!(", {};", 4 * n)), "{form} of {} bytes:\n{ptx}", 4 * n);
        let l = one_warp("sm_80", vec![
                Arg::Buffer { name: "G".into(), dtype: Dtype::F32, shape: vec![32, n], init: Init::Values((0..32 * n).map(|i| i as f64).collect()) },
                Arg::Buffer { name: "D".into(), dtype: Dtype::F32, shape: vec![32, n], init: Init::Zeros },
            ]);
        let o = execute(&format!("cp_async_{}", 4 * n), &l, &ptx);
        assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
        for lane in 0..32 {
            for v in 0..n {
                assert_eq!(o.buffers[1].get(lane * n + v), ((31 - lane) * n + v) as f64, "{} bytes: lane {lane} value {v}", 4 * n);
            }
        }
        // Without the wait, the emulator reports the read of the pending copy.
        assert!(ptx.contains("cp.async.wait_group"), "{ptx}");
        let unwaited: String = ptx.lines().filter(|l| !l.contains("cp.async.wait_group")).collect::<Vec<_>>().join("\n");
        let o = launch::execute(&l, &unwaited).unwrap();
        assert!(o.report.hazards.iter().any(|h| h.kind == cute_emu::machine::HazardKind::AsyncReadBeforeWait), "{}", launch::summary(&o));
    }
}

#[test]
fn int4_register_mmas_read_packed_nibbles() {
    // CuTe packs two 4-bit values a byte, the even one in the low nibble
    // (subbyte_iterator); the lane's A and B values are copied packed into
    // its fragment, and the MMA must see them packed. Before the packed
    // addressing, a GEP over i4 stepped a byte per value and the product
    // was wrong (issue 28).
    // The sparse ones (sm80.sparse_mma, PTX ISA 9.7.14.6.2.7/.8) store
    // half of A's K, placed by each lane's metadata word.
    let compiler = Compiler::new();
    for (k, sparse) in [(32usize, false), (64, false), (64, true), (128, true)] {
        let family = if sparse { "sm80.sparse_mma" } else { "sm80.mma" };
        let case = Case { family, shape: (16, 8, k), a: "si4", c: "i32", class: "i4", dtype_a: Dtype::U8, dtype_c: Dtype::I32, sparse };
        let stored_k = if sparse { k / 2 } else { k };
        let (na, nb, nc) = (16 * stored_k / 32, 8 * k / 32, 4);
        let source = kernel(&case);
        let ptx = compiler.compile(&source, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}\n{source}"));
        let opcode = if sparse { "mma.sp.sync" } else { "mma.sync" };
        assert!(ptx.contains(&format!("{opcode}.aligned.m16n8k{k}.row.col.s32.s4.s4.s32")), "{ptx}");
        let packed = |name: &str, count: usize, seed| Arg::Buffer { name: name.into(), dtype: Dtype::U8, shape: vec![32 * count / 2], init: Init::Randint { lo: 0, hi: 255, seed } };
        let words = |name: &str, seed| Arg::Buffer { name: name.into(), dtype: Dtype::I32, shape: vec![32 * nc], init: Init::Randint { lo: -50, hi: 50, seed } };
        let e = metadata_words("i4", k as u64);
        let mut args = vec![packed("A", na, 1), packed("B", nb, 2), words("C", 3), words("D", 4)];
        if sparse {
            args.push(Arg::Buffer { name: "E".into(), dtype: Dtype::I32, shape: vec![32], init: Init::Values(e.iter().map(|w| f64::from(*w as i32)).collect()) });
        }
        let l = one_warp("sm_80", args);
        let o = execute(&format!("mma_{}sm80_m16n8k{k}_si4_i32", if sparse { "sp_" } else { "" }), &l, &ptx);
        assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
        // Value j of a packed buffer: nibble j % 2 of byte j / 2, signed.
        let nibble = |buf: usize, j: usize| {
            let byte = o.buffers[buf].get(j / 2) as i64;
            let v = (byte >> (4 * (j % 2))) & 15;
            (if v >= 8 { v - 16 } else { v }) as f64
        };
        let mut a = vec![vec![if sparse { 0.0 } else { f64::NAN }; k]; 16];
        let mut b = vec![vec![f64::NAN; 8]; k];
        let mut c = vec![vec![f64::NAN; 8]; 16];
        for lane in 0..32 {
            for i in 0..na {
                let (r, col) = isa4('A', stored_k, lane, i);
                let col = if sparse { sparse_column("i4", &e, r, col) } else { col };
                a[r][col] = nibble(0, lane * na + i);
            }
            for i in 0..nb {
                // m16n8k128's B (9.7.14.6.2.8): the k64 table, twice as deep.
                let (r, col) = if k == 128 { (8 * (lane % 4) + i % 8 + 32 * (i / 8), lane / 4) } else { isa4('B', k, lane, i) };
                b[r][col] = nibble(1, lane * nb + i);
            }
            for i in 0..nc {
                let (r, col) = isa('C', case.shape, "i8", lane, i);
                c[r][col] = o.buffers[2].get(lane * nc + i);
            }
        }
        assert!(a.iter().flatten().chain(b.iter().flatten()).all(|x| !x.is_nan()), "the tables cover every element");
        for lane in 0..32 {
            for i in 0..nc {
                let (r, col) = isa('C', case.shape, "i8", lane, i);
                let want = c[r][col] + (0..k).map(|kk| a[r][kk] * b[kk][col]).sum::<f64>();
                assert_eq!(o.buffers[3].get(lane * nc + i), want, "16x8x{k} si4: lane {lane} value {i} = D[{r}][{col}]");
            }
        }
    }
}

#[test]
fn sub_byte_accesses_inside_a_byte_are_diagnostics() {
    // A byte address cannot point between two packed nibbles, and a store
    // of one nibble would rewrite its neighbour: each is refused at its op.
    let compiler = Compiler::new();
    let kernel = |body: &str| {
        format!(
            "module attributes {{gpu.container_module}} {{\ngpu.module @kernels {{\n  gpu.func @k(%p: !cute.ptr<si4, gmem>, %x: si4) kernel {{\n    \
             %tid = gpu.thread_id x\n    %t = arith.index_cast %tid : index to i32\n    %l = cute.static : !cute.layout<\"32:1\">\n    \
             %v = cute.make_view %p, %l : !cute.view<!cute.ptr<si4, gmem>, !cute.layout<\"32:1\">>\n    \
             %c = cute.make_int_tuple(%t) : (i32) -> !cute.coord<\"?\">\n{body}    gpu.return\n  }}\n}}\n}}\n"
        )
    };
    let view = "!cute.view<!cute.ptr<si4, gmem>, !cute.layout<\"32:1\">>";
    let cases = [
        (format!("    %y = cute.load %v[%c] : {view}, !cute.coord<\"?\">\n"), "moves by an offset known only to be a multiple of 1, which is not a whole number of bytes"),
        (format!("    cute.store %x, %v[%c] : {view}, !cute.coord<\"?\">\n"), "cute.store of one si4 (4-bit) element is not lowered"),
    ];
    for (body, want) in cases {
        let source = kernel(&body);
        let e = compiler.compile(&source, "sm_80", Emit::Ptx).expect_err("a sub-byte access inside a byte compiled").to_string();
        assert!(e.contains(want), "{e}\n{source}");
        assert!(e.contains("loc(\"-\":9:"), "the diagnostic is not at the access: {e}");
    }
}

#[test]
fn local_memory_is_each_threads_own() {
    // LLVM keeps arrays it cannot promote in a `.local` depot (ld/st.local,
    // and generic addresses through cvta.local): each thread its own frame.
    let ptx = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(
    .param .u64 out
)
{
    .local .align 8 .b8 __local_depot0[16];
    .reg .b64 %SP;
    .reg .b64 %SPL;
    .reg .b32 %r<6>;
    .reg .b64 %rd<6>;
    mov.b64 %SPL, __local_depot0;
    cvta.local.u64 %SP, %SPL;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mul.lo.u32 %r2, %r1, 3;
    st.local.u32 [%SPL+4], %r2;
    st.u32 [%SP+8], %r1;
    bar.sync 0;
    ld.u32 %r3, [%SP+4];
    ld.local.u32 %r4, [%SPL+8];
    add.u32 %r5, %r3, %r4;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r5;
    ret;
}
"#;
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::I32, shape: vec![64], init: Init::Zeros };
    let mut l = one_warp("sm_80", vec![out]);
    l.block = Some([64, 1, 1]);
    let o = execute("local_memory", &l, ptx);
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    for t in 0..64 {
        assert_eq!(o.buffers[0].get(t), (4 * t) as f64, "thread {t}");
    }
    // A frame is 16 bytes: byte 16 is outside it.
    let past = ptx.replace("ld.local.u32 %r4, [%SPL+8];", "ld.local.u32 %r4, [%SPL+16];");
    let o = launch::execute(&l, &past).unwrap_or_else(|e| panic!("{e}"));
    assert!(o.report.hazards.iter().any(|h| h.kind == cute_emu::machine::HazardKind::OutOfBounds && h.message.contains("local bytes 16..20 of a 16-byte frame")), "{}", launch::summary(&o));
}

/// A one-warp sm_100a kernel that moves packed `t` values (`n` a lane, 8
/// words) through tensor memory both ways: words W -> `tmem_store<i32>` ->
/// `tmem_load<t>` -> out V; values U -> `tmem_store<t>` -> `tmem_load<i32>`
/// -> out X. Each direction has its own TMEM allocation (handles 0 and 1).
fn tmem_packed_kernel(t: &str, n: usize) -> String {
    let word_rows = "(8,32):(1,8)";
    let rows = format!("({n},32):(1,{n})");
    format!(
        r#"module attributes {{gpu.container_module}} {{
gpu.module @kernels {{
  gpu.func @k(%pw: !cute.ptr<i32, gmem, align<16>>, %pv: !cute.ptr<{t}, gmem, align<16>>, %pu: !cute.ptr<{t}, gmem, align<16>>, %px: !cute.ptr<i32, gmem, align<16>>) kernel {{
    %tid = gpu.thread_id x
    %ti = arith.index_cast %tid : index to i32
    %lane = cute.make_int_tuple(%ti) : (i32) -> !cute.coord<"(_,?)">
    %lw = cute.static : !cute.layout<"{word_rows}">
    %lt = cute.static : !cute.layout<"{rows}">
    %l8 = cute.static : !cute.layout<"8:1">
    %ln = cute.static : !cute.layout<"{n}:1">
    %cw = cute.make_atom : !cute_nvgpu.atom.universal_copy<i32>
    %ct = cute.make_atom : !cute_nvgpu.atom.universal_copy<{t}>
    %h0 = arith.constant 0 : i32
    %h1 = arith.constant 1 : i32
    %cols = arith.constant 32 : i32
    // words -> tensor memory -> packed values
    %w = cute.make_view %pw, %lw : !cute.view<!cute.ptr<i32, gmem, align<16>>, !cute.layout<"{word_rows}">>
    %wrow = cute.slice(%w, %lane) : !cute.view<!cute.ptr<i32, gmem, align<16>>, !cute.layout<"{word_rows}">>, !cute.coord<"(_,?)">
    %rwp = cute.alloc_rmem 8 : !cute.ptr<i32, rmem, align<16>>
    %rw = cute.make_view %rwp, %l8 : !cute.view<!cute.ptr<i32, rmem, align<16>>, !cute.layout<"8:1">>
    cute.copy_atom_call %cw, %wrow, %rw : !cute_nvgpu.atom.universal_copy<i32>, !cute.view<!cute.ptr<i32, gmem, align<16>>, !cute.layout<"(8):(1)">>, !cute.view<!cute.ptr<i32, rmem, align<16>>, !cute.layout<"8:1">>
    %tw = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h0, %cols : i32 -> !cute.ptr<i32, tmem>
    %tww = cute.make_view %tw, %l8 : !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"8:1">>
    %st = cute.make_atom : !cute_nvgpu.atom.tmem_store<i32>
    cute.copy_atom_call %st, %rw, %tww : !cute_nvgpu.atom.tmem_store<i32>, !cute.view<!cute.ptr<i32, rmem, align<16>>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"8:1">>
    %tt = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h0, %cols : i32 -> !cute.ptr<{t}, tmem>
    %ttv = cute.make_view %tt, %ln : !cute.view<!cute.ptr<{t}, tmem>, !cute.layout<"{n}:1">>
    %rtp = cute.alloc_rmem {n} : !cute.ptr<{t}, rmem, align<16>>
    %rt = cute.make_view %rtp, %ln : !cute.view<!cute.ptr<{t}, rmem, align<16>>, !cute.layout<"{n}:1">>
    %ld = cute.make_atom : !cute_nvgpu.atom.tmem_load<{t}>
    cute.copy_atom_call %ld, %ttv, %rt : !cute_nvgpu.atom.tmem_load<{t}>, !cute.view<!cute.ptr<{t}, tmem>, !cute.layout<"{n}:1">>, !cute.view<!cute.ptr<{t}, rmem, align<16>>, !cute.layout<"{n}:1">>
    %v = cute.make_view %pv, %lt : !cute.view<!cute.ptr<{t}, gmem, align<16>>, !cute.layout<"{rows}">>
    %vrow = cute.slice(%v, %lane) : !cute.view<!cute.ptr<{t}, gmem, align<16>>, !cute.layout<"{rows}">>, !cute.coord<"(_,?)">
    cute.copy_atom_call %ct, %rt, %vrow : !cute_nvgpu.atom.universal_copy<{t}>, !cute.view<!cute.ptr<{t}, rmem, align<16>>, !cute.layout<"{n}:1">>, !cute.view<!cute.ptr<{t}, gmem, align<16>>, !cute.layout<"({n}):(1)">>
    // packed values -> tensor memory -> words
    %u = cute.make_view %pu, %lt : !cute.view<!cute.ptr<{t}, gmem, align<16>>, !cute.layout<"{rows}">>
    %urow = cute.slice(%u, %lane) : !cute.view<!cute.ptr<{t}, gmem, align<16>>, !cute.layout<"{rows}">>, !cute.coord<"(_,?)">
    %rup = cute.alloc_rmem {n} : !cute.ptr<{t}, rmem, align<16>>
    %ru = cute.make_view %rup, %ln : !cute.view<!cute.ptr<{t}, rmem, align<16>>, !cute.layout<"{n}:1">>
    cute.copy_atom_call %ct, %urow, %ru : !cute_nvgpu.atom.universal_copy<{t}>, !cute.view<!cute.ptr<{t}, gmem, align<16>>, !cute.layout<"({n}):(1)">>, !cute.view<!cute.ptr<{t}, rmem, align<16>>, !cute.layout<"{n}:1">>
    %tu = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h1, %cols : i32 -> !cute.ptr<{t}, tmem>
    %tuv = cute.make_view %tu, %ln : !cute.view<!cute.ptr<{t}, tmem>, !cute.layout<"{n}:1">>
    %stt = cute.make_atom : !cute_nvgpu.atom.tmem_store<{t}>
    cute.copy_atom_call %stt, %ru, %tuv : !cute_nvgpu.atom.tmem_store<{t}>, !cute.view<!cute.ptr<{t}, rmem, align<16>>, !cute.layout<"{n}:1">>, !cute.view<!cute.ptr<{t}, tmem>, !cute.layout<"{n}:1">>
    %tx = cute_nvgpu.arch.sm100.retrieve_tmem_ptr %h1, %cols : i32 -> !cute.ptr<i32, tmem>
    %txv = cute.make_view %tx, %l8 : !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"8:1">>
    %rxp = cute.alloc_rmem 8 : !cute.ptr<i32, rmem, align<16>>
    %rx = cute.make_view %rxp, %l8 : !cute.view<!cute.ptr<i32, rmem, align<16>>, !cute.layout<"8:1">>
    %ldw = cute.make_atom : !cute_nvgpu.atom.tmem_load<i32>
    cute.copy_atom_call %ldw, %txv, %rx : !cute_nvgpu.atom.tmem_load<i32>, !cute.view<!cute.ptr<i32, tmem>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<i32, rmem, align<16>>, !cute.layout<"8:1">>
    %x = cute.make_view %px, %lw : !cute.view<!cute.ptr<i32, gmem, align<16>>, !cute.layout<"{word_rows}">>
    %xrow = cute.slice(%x, %lane) : !cute.view<!cute.ptr<i32, gmem, align<16>>, !cute.layout<"{word_rows}">>, !cute.coord<"(_,?)">
    cute.copy_atom_call %cw, %rx, %xrow : !cute_nvgpu.atom.universal_copy<i32>, !cute.view<!cute.ptr<i32, rmem, align<16>>, !cute.layout<"8:1">>, !cute.view<!cute.ptr<i32, gmem, align<16>>, !cute.layout<"(8):(1)">>
    gpu.return
  }}
}}
}}
"#
    )
}

#[test]
fn tensor_memory_holds_16_and_8_bit_values_packed_in_columns() {
    // Issue 27 item 6: tmem_load / tmem_store of 16- and 8-bit elements move
    // whole 32-bit columns (tcgen05.ld/st 32x32b), value i of a lane in bits
    // i * bits.. of its column i * bits / 32 (PTX ISA 9.7.16.2.3.1.1: lane l
    // of the warp reads its TMEM lane's columns into r0, r1, ...). Checked
    // both ways against the words, so a lowering that unpacked one value a
    // column, or swapped halves, gives other words.
    let compiler = Compiler::new();
    for (t, dtype, n) in [("f16", Dtype::F16, 16usize), ("bf16", Dtype::Bf16, 16), ("i8", Dtype::I8, 32)] {
        let bits = 256 / n;
        let source = tmem_packed_kernel(t, n);
        let ptx = compiler.compile(&source, "sm_100a", Emit::Ptx).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(ptx.contains("tcgen05.st.sync.aligned.32x32b.x8.b32") && ptx.contains("tcgen05.ld.sync.aligned.32x32b.x8.b32"), "{t}:\n{ptx}");
        // Small integers, exact in every type: value e of lane l.
        let value = |l: usize, e: usize| ((l * 7 + e * 3) % 100) as f64;
        let pattern = |x: f64| -> u32 {
            match t {
                "f16" => u32::from(half::f16::from_f64(x).to_bits()),
                "bf16" => u32::from(half::bf16::from_f64(x).to_bits()),
                _ => (x as i8) as u8 as u32,
            }
        };
        // The words that hold the values packed, low value in the low bits.
        let word = |l: usize, j: usize| -> u32 { (0..32 / bits).map(|k| pattern(value(l, j * (32 / bits) + k)) << (k * bits)).fold(0, |a, b| a | b) };
        let words: Vec<f64> = (0..32).flat_map(|l| (0..8).map(move |j| word(l, j) as i32 as f64)).collect();
        let values: Vec<f64> = (0..32).flat_map(|l| (0..n).map(move |e| value(l, e))).collect();
        let l = one_warp("sm_100a", vec![
            Arg::Buffer { name: "W".into(), dtype: Dtype::I32, shape: vec![32, 8], init: Init::Values(words.clone()) },
            Arg::Buffer { name: "V".into(), dtype, shape: vec![32, n], init: Init::Zeros },
            Arg::Buffer { name: "U".into(), dtype, shape: vec![32, n], init: Init::Values(values.clone()) },
            Arg::Buffer { name: "X".into(), dtype: Dtype::I32, shape: vec![32, 8], init: Init::Zeros },
        ]);
        let o = execute(&format!("tmem_packed_{t}"), &l, &ptx);
        assert!(o.report.hazards.is_empty(), "{t}: {}", launch::summary(&o));
        for i in 0..32 * n {
            assert_eq!(o.buffers[1].get(i), values[i], "{t}: words -> values, lane {} value {}", i / n, i % n);
        }
        for i in 0..32 * 8 {
            assert_eq!(o.buffers[3].get(i), words[i], "{t}: values -> words, lane {} word {}", i / 8, i % 8);
        }
    }
}

#[test]
fn binary_register_mma_counts_the_and_of_bits() {
    // sm80.mma with i1 inputs: CuTe's SM80_16x8x128_S32U1U1S32_TN_ANDPOPC,
    // `mma.sync...m16n8k128.row.col.and.popc.s32.b1.b1.s32`. PTX ISA
    // 9.7.14.5.12: a lane's A is two registers of 32 bits, row g then
    // g + 8, columns 32t..32t+31; its B one register, rows 32t..32t+31 of
    // column g; bit j of a register is value j. D = C + popc(A AND B).
    let compiler = Compiler::new();
    let case = Case { family: "sm80.mma", shape: (16, 8, 128), a: "i1", c: "i32", class: "b1", dtype_a: Dtype::U8, dtype_c: Dtype::I32, sparse: false };
    let (na, nb, nc) = (64, 32, 4);
    let source = kernel(&case);
    let ptx = compiler.compile(&source, "sm_80", Emit::Ptx).unwrap_or_else(|e| panic!("{e}\n{source}"));
    assert!(ptx.contains("mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc"), "{ptx}");
    let bits = |name: &str, count: usize, seed| Arg::Buffer { name: name.into(), dtype: Dtype::U8, shape: vec![32 * count / 8], init: Init::Randint { lo: 0, hi: 255, seed } };
    let words = |name: &str, seed| Arg::Buffer { name: name.into(), dtype: Dtype::I32, shape: vec![32 * nc], init: Init::Randint { lo: -50, hi: 50, seed } };
    let l = one_warp("sm_80", vec![bits("A", na, 1), bits("B", nb, 2), words("C", 3), words("D", 4)]);
    let o = execute("mma_sm80_m16n8k128_b1_i32", &l, &ptx);
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    // Value j of a bit buffer: bit j % 8 of byte j / 8.
    let bit = |buf: usize, j: usize| ((o.buffers[buf].get(j / 8) as i64 >> (j % 8)) & 1) as f64;
    let mut a = vec![vec![f64::NAN; 128]; 16];
    let mut b = vec![vec![f64::NAN; 8]; 128];
    let mut c = vec![vec![f64::NAN; 8]; 16];
    for lane in 0..32 {
        let (g, t) = (lane / 4, lane % 4);
        for i in 0..na {
            a[g + 8 * (i / 32)][32 * t + i % 32] = bit(0, lane * na + i);
        }
        for i in 0..nb {
            b[32 * t + i][g] = bit(1, lane * nb + i);
        }
        for i in 0..nc {
            let (r, col) = isa('C', case.shape, "i8", lane, i);
            c[r][col] = o.buffers[2].get(lane * nc + i);
        }
    }
    assert!(a.iter().flatten().chain(b.iter().flatten()).all(|x| !x.is_nan()), "the tables cover every element");
    let mut ones = 0.0;
    for lane in 0..32 {
        for i in 0..nc {
            let (r, col) = isa('C', case.shape, "i8", lane, i);
            let popc = (0..128).map(|kk| a[r][kk] * b[kk][col]).sum::<f64>();
            ones += popc;
            assert_eq!(o.buffers[3].get(lane * nc + i), c[r][col] + popc, "16x8x128 b1: lane {lane} value {i} = D[{r}][{col}]");
        }
    }
    assert!(ones > 0.0, "random bits meet");
    // The same kernel with `.xor.popc` (SM80_16x8x128_S32U1U1S32_TN_XORPOPC;
    // the registry does not emit it): the emulator counts a XOR b.
    let xor = execute("mma_sm80_m16n8k128_b1_xor_i32", &l, &ptx.replace(".and.popc", ".xor.popc"));
    assert!(xor.report.hazards.is_empty(), "{}", launch::summary(&xor));
    for lane in 0..32 {
        for i in 0..nc {
            let (r, col) = isa('C', case.shape, "i8", lane, i);
            let popc = (0..128).map(|kk| if a[r][kk] != b[kk][col] { 1.0 } else { 0.0 }).sum::<f64>();
            assert_eq!(xor.buffers[3].get(lane * nc + i), c[r][col] + popc, "xor.popc: lane {lane} value {i}");
        }
    }
}

#[test]
fn cluster_registers_follow_the_declared_cluster_shape() {
    // Issue 30 item 5 (first step): `.reqnctapercluster 2, 1, 1` groups a
    // 4 x 2 grid into 2 x 2 clusters; each CTA's thread 0 writes its
    // %cluster_ctarank, %clusterid.x/.y, %cluster_ctaid.x, %nclusterid.x,
    // %cluster_nctarank and %is_explicit_cluster (PTX ISA 10.11-10.17).
    let ptx = r#"
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(
    .param .u64 out
)
.explicitcluster
.reqnctapercluster 2, 1, 1
{
    .reg .pred %p<4>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<8>;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra DONE;
    ld.param.u64 %rd1, [out];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ctaid.y;
    mov.u32 %r4, %nctaid.x;
    mad.lo.u32 %r5, %r3, %r4, %r2;
    mul.lo.u32 %r6, %r5, 7;
    mul.wide.u32 %rd2, %r6, 4;
    add.s64 %rd3, %rd1, %rd2;
    mov.u32 %r7, %cluster_ctarank;
    st.global.u32 [%rd3], %r7;
    mov.u32 %r8, %clusterid.x;
    st.global.u32 [%rd3+4], %r8;
    mov.u32 %r9, %clusterid.y;
    st.global.u32 [%rd3+8], %r9;
    mov.u32 %r10, %cluster_ctaid.x;
    st.global.u32 [%rd3+12], %r10;
    mov.u32 %r11, %nclusterid.x;
    st.global.u32 [%rd3+16], %r11;
    mov.u32 %r12, %cluster_nctarank;
    st.global.u32 [%rd3+20], %r12;
    mov.pred %p2, %is_explicit_cluster;
    selp.u32 %r13, 1, 0, %p2;
    st.global.u32 [%rd3+24], %r13;
DONE:
    ret;
}
"#;
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![8 * 7], init: Init::Zeros };
    let mut l = one_warp("sm_90a", vec![out]);
    l.grid = [4, 2, 1];
    let o = execute("cluster_registers", &l, ptx);
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    for y in 0..2 {
        for x in 0..4 {
            let at = |i: usize| o.buffers[0].get((y * 4 + x) * 7 + i) as usize;
            assert_eq!((0..7).map(at).collect::<Vec<_>>(), [x % 2, x / 2, y, x % 2, 2, 2, 1], "CTA ({x}, {y})");
        }
    }
    // A grid that is not a whole number of clusters cannot launch.
    l.grid = [3, 1, 1];
    let e = launch::execute(&l, ptx).err().expect("the launch is refused");
    assert!(e.contains("[3, 1, 1] is not a whole number of the kernel's [2, 1, 1] clusters"), "{e}");
    // A special register the emulator does not model is refused by name,
    // not read as an undeclared register holding 0.
    let e = launch::execute(&l, &ptx.replace("%cluster_nctarank", "%smid")).err().expect("the PTX is refused");
    assert!(e.contains("special register '%smid' is not emulated"), "{e}");
    let e = launch::execute(&l, &ptx.replace(".reqnctapercluster 2, 1, 1", ".reqnctapercluster 2, 0")).err().expect("the PTX is refused");
    assert!(e.contains("'0' is not a positive count"), "{e}");
    // %is_explicit_cluster is a predicate: ptxas refuses `mov.u32` from it
    // (an H100's JIT did, session 17), and so does the emulator.
    let e = launch::execute(&l, &ptx.replace("mov.pred %p2, %is_explicit_cluster", "mov.u32 %r14, %is_explicit_cluster")).err().expect("the PTX is refused");
    assert!(e.contains("%is_explicit_cluster is .pred register: 'mov.u32' cannot read it"), "{e}");
    let e = launch::execute(&l, &ptx.replace("mov.u32 %r7, %cluster_ctarank", "mov.pred %p3, %cluster_ctarank")).err().expect("the PTX is refused");
    assert!(e.contains("an integer register: 'mov.pred' cannot read it"), "{e}");
}

#[test]
fn remote_mbarrier_arrivals_reach_the_peer_through_mapa() {
    // Issue 30 item 5: the CTAs of a cluster run together. Each CTA's
    // thread 0 initializes its mbarrier for two arrivals, the cluster
    // barrier orders the inits before any use (fence.mbarrier_init, then a
    // relaxed arrival, as CUTLASS's cluster_arrive_relaxed), and each
    // thread 0 arrives once on its own mbarrier and once on its peer's,
    // reached through `mapa.shared::cluster` (PTX ISA 9.7.9.23). Neither
    // phase completes without the other CTA's arrival.
    let ptx = r#"
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(
    .param .u64 out
)
.reqnctapercluster 2, 1, 1
{
    .reg .pred %p<4>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<8>;
    .shared .align 8 .b64 bar;
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    mov.u32 %r2, %cluster_ctarank;
    mov.u32 %r3, bar;
    @%p1 bra SYNC;
    mbarrier.init.shared.b64 [%r3], 2;
    fence.mbarrier_init.release.cluster;
SYNC:
    barrier.cluster.arrive.relaxed.aligned;
    barrier.cluster.wait.aligned;
    @%p1 bra DONE;
    xor.b32 %r4, %r2, 1;
    mapa.shared::cluster.u32 %r5, %r3, %r4;
    mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r5];
    mbarrier.arrive.shared.b64 %rd1, [%r3];
WAIT:
    mbarrier.try_wait.parity.shared.b64 %p2, [%r3], 0;
    @!%p2 bra WAIT;
    ld.param.u64 %rd2, [out];
    mov.u32 %r6, %ctaid.x;
    mul.wide.u32 %rd3, %r6, 8;
    add.s64 %rd4, %rd2, %rd3;
    add.u32 %r7, %r2, 1;
    st.global.u32 [%rd4], %r7;
    mapa.shared::cluster.u32 %r8, %r3, %r2;
    setp.ne.u32 %p3, %r8, %r5;
    selp.u32 %r9, 1, 0, %p3;
    st.global.u32 [%rd4+4], %r9;
DONE:
    ret;
}
"#;
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![8], init: Init::Zeros };
    let mut l = one_warp("sm_90a", vec![out]);
    l.grid = [4, 1, 1];
    let o = execute("remote_arrivals", &l, ptx);
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    // Each thread 0 got past its wait (it stored its rank + 1), and the
    // peer's shared::cluster address of `bar` is not its own. (The
    // addresses themselves are the hardware's business: an H100 maps them
    // otherwise than the emulator's windows, so the kernel stores only
    // what both must agree on.)
    let words: Vec<u64> = (0..8).map(|i| o.buffers[0].get(i) as u64).collect();
    assert_eq!(words, [1, 1, 2, 1, 1, 1, 2, 1]);
    // Without the cluster barrier the remote arrival is not ordered after
    // the peer's mbarrier.init, whatever the schedule.
    let unordered = ptx.replace("    barrier.cluster.arrive.relaxed.aligned;\n    barrier.cluster.wait.aligned;\n", "");
    let o = launch::execute(&l, &unordered).unwrap();
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::ClusterOrder && h.message.contains("CTA rank 1")), "{}", launch::summary(&o));
    // A relaxed arrival without fence.mbarrier_init releases no init.
    let o = launch::execute(&l, &ptx.replace("    fence.mbarrier_init.release.cluster;\n", "")).unwrap();
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::ClusterOrder).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("mbarrier.init") && h.message.contains("no barrier.cluster orders before it"), "{}", h.message);
    // One arrival too few: each CTA waits forever, and says on what.
    let o = launch::execute(&l, &ptx.replace("    mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r5];\n", "")).unwrap();
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Deadlock).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("1 of 2 arrivals pending"), "{}", h.message);
    // A rank outside the cluster, and a load of the peer's shared memory
    // (DSMEM loads and stores are not emulated): faults by name.
    let o = launch::execute(&l, &ptx.replace("xor.b32 %r4, %r2, 1;", "add.u32 %r4, %r2, 2;")).unwrap();
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::OutOfBounds && h.message.contains("CTA rank 2 in a cluster of 2")), "{}", launch::summary(&o));
    // A barrier without its number is refused by name (it once panicked).
    let o = launch::execute(&l, &ptx.replace("barrier.cluster.wait.aligned;", "bar.sync;")).unwrap();
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Unsupported && h.message.contains("take a barrier number")), "{}", launch::summary(&o));
    let o = launch::execute(&l, &ptx.replace("add.u32 %r7, %r2, 1;", "ld.shared::cluster.u32 %r7, [%r5];")).unwrap();
    assert!(o.report.hazards.iter().any(|h| h.kind == HazardKind::Unsupported && h.message.contains("another CTA's shared memory (rank")), "{}", launch::summary(&o));
}

#[test]
fn packed_float_arithmetic_works_per_element() {
    // PTX ISA 9.7.3 (.f32x2, sm_100) and 9.7.4 (.f16x2, .bf16x2): each of the
    // two elements (low half first) on its own. LLVM emits mul/add.rn.f32x2
    // for vector<2xf32> arithmetic on sm_100; before, the emulator ran them
    // as one f32 (losing the high element) and f16x2 as integers.
    let ptx = r#"
.version 8.8
.target sm_100a
.address_size 64
.visible .entry k(
    .param .u64 out
)
{
    .reg .b32 %r<16>;
    .reg .b64 %rd<16>;
    ld.param.u64 %rd1, [out];
    mov.b32 %r1, 0f40400000;
    mov.b32 %r2, 0fC0A00000;
    mov.b64 %rd2, {%r1, %r2};
    mov.b32 %r3, 0f3F000000;
    mov.b32 %r4, 0f40000000;
    mov.b64 %rd3, {%r3, %r4};
    mul.rn.f32x2 %rd4, %rd2, %rd3;
    add.rn.f32x2 %rd5, %rd4, %rd3;
    fma.rn.f32x2 %rd6, %rd2, %rd3, %rd3;
    st.global.v2.b64 [%rd1], {%rd4, %rd5};
    st.global.b64 [%rd1+16], %rd6;
    mov.b32 %r5, 0x40003C00;
    mov.b32 %r6, 0x44004200;
    add.rn.f16x2 %r7, %r5, %r6;
    mul.rn.bf16x2 %r8, %r5, %r6;
    st.global.v2.b32 [%rd1+24], {%r7, %r8};
    ret;
}
"#;
    let out = Arg::Buffer { name: "out".into(), dtype: Dtype::U32, shape: vec![8], init: Init::Zeros };
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [1, 1, 1], vec![out]);
    let o = execute("packed_floats", &l, ptx);
    assert!(o.report.hazards.is_empty(), "{}", launch::summary(&o));
    let word = |i: usize| o.buffers[0].get(i) as u32;
    let f = |i: usize| f32::from_bits(word(i));
    // (3, -5) * (0.5, 2) = (1.5, -10); + (0.5, 2) = (2, -8); fma = (2, -8).
    assert_eq!((f(0), f(1), f(2), f(3), f(4), f(5)), (1.5, -10.0, 2.0, -8.0, 2.0, -8.0));
    // f16x2 (1, 2) + (3, 4) = (4, 6); bf16x2 of the same bits, multiplied.
    let halves = |w: u32| (half::f16::from_bits(w as u16).to_f32(), half::f16::from_bits((w >> 16) as u16).to_f32());
    assert_eq!(halves(word(6)), (4.0, 6.0));
    let (lo, hi) = (half::bf16::from_bits(0x3C00), half::bf16::from_bits(0x4000));
    let (lo2, hi2) = (half::bf16::from_bits(0x4200), half::bf16::from_bits(0x4400));
    let want = u32::from(half::bf16::from_f32(lo.to_f32() * lo2.to_f32()).to_bits()) | (u32::from(half::bf16::from_f32(hi.to_f32() * hi2.to_f32()).to_bits()) << 16);
    assert_eq!(word(7), want);
}
