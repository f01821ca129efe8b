//! Issue 30 item 6: the SM120 block-scaled `mma.sync` atoms
//! (`cute_nvgpu.SM120.mma_bs`) run in a one-warp kernel and give, lane by
//! lane, what the PTX ISA says: each lane loads its A, B and C values and
//! its scale bytes from global memory, calls the atom, and stores its D
//! values; the reference places the values with the ISA's fragment tables
//! (9.7.14.5.14, written out here), decodes e4m3 / e2m1 and the ue8m0 /
//! ue4m3 scales (5.2.5), takes each row's and column's scales from the lanes
//! 9.7.14.3 names (selectors 0: lane 4g holds row g's and column g's, lane
//! 4g + 1 row g + 8's), and multiplies on the host. The three kinds the
//! compiler emits: kind::mxf8f6f4 (e4m3, 1X ue8m0), kind::mxf4 (e2m1
//! packed, 2X ue8m0) and kind::mxf4nvf4 (e2m1 packed, 4X ue4m3).

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};
use cute_mlir::{compile::Emit, Compiler};

mod support {
    pub mod isa;
    pub mod splitmix;
}
use support::isa::{isa, isa4};

struct Case {
    name: &'static str,
    k: usize,
    /// The element type (MLIR) and its bits.
    elem: &'static str,
    bits: usize,
    /// The scale type (MLIR), its scales a row (K / sf_vec), sf_vec.
    sf: &'static str,
    scales: usize,
    sf_vec: usize,
    /// The instruction the compiler must emit for it.
    opcode: &'static str,
}

const CASES: [Case; 3] = [
    Case { name: "mxf8_e4m3", k: 32, elem: "f8E4M3FN", bits: 8, sf: "f8E8M0FNU", scales: 1, sf_vec: 32, opcode: "m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0" },
    Case { name: "mxf4_e2m1", k: 64, elem: "f4E2M1FN", bits: 4, sf: "f8E8M0FNU", scales: 2, sf_vec: 32, opcode: "m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0" },
    Case { name: "nvf4_e2m1", k: 64, elem: "f4E2M1FN", bits: 4, sf: "f8E4M3FN", scales: 4, sf_vec: 16, opcode: "m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3" },
];

/// The one-warp kernel: lane l's `count` values of each operand at global
/// index l * count, copied into fragments, the atom called, D stored.
fn kernel(case: &Case) -> String {
    let (na, nb, nc, ns) = (16 * case.k / 32, 8 * case.k / 32, 4, case.scales);
    let atom = format!("!cute_nvgpu.SM120.mma_bs<16x8x{}, elem_type = ({e}, {e}, f32), sf_type = {}, sf_vec = {}>", case.k, case.sf, case.sf_vec, e = case.elem);
    let rview = |ty: &str, count: usize| format!("!cute.view<!cute.ptr<{ty}, rmem>, !cute.layout<\"{count}:1\">>");
    let load = |name: &str, ty: &str, count: usize| {
        let global = format!("!cute.view<!cute.ptr<{ty}, gmem>, !cute.layout<\"({count},32):(1,{count})\">>");
        format!(
            "    %l{name}g = cute.static : !cute.layout<\"({count},32):(1,{count})\">\n    \
             %l{name} = cute.static : !cute.layout<\"{count}:1\">\n    \
             %g{name} = cute.make_view %p{name}, %l{name}g : {global}\n    \
             %s{name} = cute.slice(%g{name}, %lane) : {global}, !cute.coord<\"(_,?)\">\n    \
             %r{name}p = cute.alloc_rmem {count} : !cute.ptr<{ty}, rmem>\n    \
             %r{name} = cute.make_view %r{name}p, %l{name} : {r}\n    \
             %cp{name} = cute.make_atom : !cute_nvgpu.atom.universal_copy<{ty}>\n    \
             cute.copy_atom_call %cp{name}, %s{name}, %r{name} : !cute_nvgpu.atom.universal_copy<{ty}>, !cute.view<!cute.ptr<{ty}, gmem>, !cute.layout<\"({count}):(1)\">>, {r}\n",
            r = rview(ty, count)
        )
    };
    let (e, sf) = (case.elem, case.sf);
    format!(
        "module attributes {{gpu.container_module}} {{\ngpu.module @kernels {{\n  \
         gpu.func @k(%pa: !cute.ptr<{e}, gmem>, %pb: !cute.ptr<{e}, gmem>, %pc: !cute.ptr<f32, gmem>, %psa: !cute.ptr<{sf}, gmem>, %psb: !cute.ptr<{sf}, gmem>, %pd: !cute.ptr<f32, gmem>) kernel {{\n    \
         %tid = gpu.thread_id x\n    %t = arith.index_cast %tid : index to i32\n    %lane = cute.make_int_tuple(%t) : (i32) -> !cute.coord<\"(_,?)\">\n\
         {}{}{}{}{}    \
         %mma = cute.make_atom : {atom}\n    \
         cute.mma_atom_call %mma, %rc, %ra, %rb, %rc scales(%rsa, %rsb : {s}, {s}) : {atom}, {c}, {}, {}, {c}\n    \
         %ldg = cute.static : !cute.layout<\"(4,32):(1,4)\">\n    \
         %gd = cute.make_view %pd, %ldg : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<\"(4,32):(1,4)\">>\n    \
         %sd = cute.slice(%gd, %lane) : !cute.view<!cute.ptr<f32, gmem>, !cute.layout<\"(4,32):(1,4)\">>, !cute.coord<\"(_,?)\">\n    \
         %st = cute.make_atom : !cute_nvgpu.atom.universal_copy<f32>\n    \
         cute.copy_atom_call %st, %rc, %sd : !cute_nvgpu.atom.universal_copy<f32>, {c}, !cute.view<!cute.ptr<f32, gmem>, !cute.layout<\"(4):(1)\">>\n    \
         gpu.return\n  }}\n}}\n}}\n",
        load("a", e, na),
        load("b", e, nb),
        load("c", "f32", nc),
        load("sa", sf, ns),
        load("sb", sf, ns),
        rview(e, na),
        rview(e, nb),
        s = rview(sf, ns),
        c = rview("f32", nc),
    )
}

/// (row, column) of value `i` of lane `l` in A, B or C: the ISA's 8-bit
/// tables of m16n8k32 (e4m3 as .s8) and 4-bit ones of m16n8k64 (e2m1 as
/// .s4).
fn place(which: char, k: usize, l: usize, i: usize) -> (usize, usize) {
    match (which, k) {
        ('A' | 'B', 64) => isa4(which, k, l, i),
        _ => isa(which, (16, 8, k), "i8", l, i),
    }
}

/// An e4m3 (4 exponent, 3 mantissa bits, bias 7) or e2m1 (2, 1, bias 1)
/// value, or an unsigned ue4m3 scale (e4m3 without its sign): PTX ISA 5.2.5.
fn minifloat(bits: u32, exponent: u32, mantissa: u32) -> f64 {
    let sign = if bits >> (exponent + mantissa) & 1 == 1 { -1.0 } else { 1.0 };
    let e = (bits >> mantissa) & ((1 << exponent) - 1);
    let m = f64::from(bits & ((1 << mantissa) - 1)) / f64::from(1u32 << mantissa);
    let bias = (1i32 << (exponent - 1)) - 1;
    sign * if e == 0 { m * 2f64.powi(1 - bias) } else { (1.0 + m) * 2f64.powi(e as i32 - bias) }
}

/// `n` bytes of a reproducible stream, each chosen from a word by `pick`.
fn bytes(n: usize, seed: u64, pick: impl Fn(u64) -> u8) -> Vec<f64> {
    support::splitmix::words(n, seed).map(|z| f64::from(pick(z))).collect()
}

/// A case's launch: packed operands (two e2m1 a byte, the even one low),
/// e4m3 values of magnitude 1 to 4 (exponent field 7 or 8), so that with
/// scales near 1 every product and sum is exact in f32 (under 23 bits from
/// the lowest to the highest weight).
fn launch_for(case: &Case, scale_of: impl Fn(u64) -> u8) -> Launch {
    let (na, nb) = (16 * case.k / 32, 8 * case.k / 32);
    let operand = |name: &str, count: usize, seed| {
        let n = 32 * count * case.bits / 8;
        let pick = |z: u64| if case.bits == 8 { ((7 + z % 2) << 3) as u8 | (z >> 8) as u8 & 0x87 } else { z as u8 };
        Arg::Buffer { name: name.into(), dtype: Dtype::U8, shape: vec![n], init: Init::Values(bytes(n, seed, pick)) }
    };
    let scales = |name: &str, seed| Arg::Buffer { name: name.into(), dtype: Dtype::U8, shape: vec![32 * case.scales], init: Init::Values(bytes(32 * case.scales, seed, &scale_of)) };
    let f32s = |name: &str, init| Arg::Buffer { name: name.into(), dtype: Dtype::F32, shape: vec![32 * 4], init };
    let args = vec![operand("A", na, 1), operand("B", nb, 2), f32s("C", Init::Randint { lo: -8, hi: 8, seed: 3 }), scales("SA", 4), scales("SB", 5), f32s("D", Init::Zeros)];
    Launch::new("sm_120a", "k", [1, 1, 1], [32, 1, 1], args)
}

/// The reference D of an outcome, lane by lane (value order of C).
fn reference(case: &Case, o: &launch::Outcome) -> Vec<f64> {
    let (k, na, nb) = (case.k, 16 * case.k / 32, 8 * case.k / 32);
    let get = |name: &str, i: usize| o.buffers.iter().find(|b| b.name == name).unwrap().get(i);
    // Value j of a lane's operand: its byte, or its nibble (even low).
    let value = |name: &str, j: usize| -> f64 {
        if case.bits == 8 {
            minifloat(get(name, j) as u32, 4, 3)
        } else {
            minifloat((get(name, j / 2) as u32 >> (4 * (j % 2))) & 15, 2, 1)
        }
    };
    let scale = |name: &str, lane: usize, j: usize| -> f64 {
        let byte = get(name, lane * case.scales + j) as u32;
        if case.sf == "f8E8M0FNU" { 2f64.powi(byte as i32 - 127) } else { minifloat(byte & 0x7f, 4, 3) }
    };
    let (mut a, mut b) = (vec![vec![f64::NAN; k]; 16], vec![vec![f64::NAN; 8]; k]);
    for lane in 0..32 {
        for i in 0..na {
            let (r, c) = place('A', k, lane, i);
            a[r][c] = value("A", lane * na + i);
        }
        for i in 0..nb {
            let (r, c) = place('B', k, lane, i);
            b[r][c] = value("B", lane * nb + i);
        }
    }
    assert!(a.iter().flatten().chain(b.iter().flatten()).all(|x| !x.is_nan()), "the tables cover every element");
    let chunk = k / case.scales;
    (0..32 * 4)
        .map(|at| {
            let (lane, i) = (at / 4, at % 4);
            let (r, c) = place('C', k, lane, i);
            // Row r's scales: lane 4 (r % 8) + r / 8; column c's: lane 4c.
            let (ra, cb) = (4 * (r % 8) + r / 8, 4 * c);
            let sum: f64 = (0..k).map(|kk| a[r][kk] * scale("SA", ra, kk / chunk) * b[kk][c] * scale("SB", cb, kk / chunk)).sum();
            f64::from((get("C", at) + sum) as f32)
        })
        .collect()
}

#[test]
fn block_scaled_mma_atoms_follow_the_isa() {
    let compiler = Compiler::new();
    for case in &CASES {
        let source = kernel(case);
        let ptx = compiler.compile(&source, "sm_120a", Emit::Ptx).unwrap_or_else(|e| panic!("{}: {e}\n{source}", case.name));
        assert!(ptx.contains(&format!("mma.sync.aligned.{}", case.opcode)), "{}: {ptx}", case.name);
        // Scales near 1: ue8m0 2^-1..2^1, ue4m3 1 to 2.375 (exponent field 7
        // or 8, two mantissa bits).
        let near_one = |z: u64| if case.sf == "f8E8M0FNU" { 126 + (z % 3) as u8 } else { ((7 + z % 2) << 3) as u8 | (z >> 8) as u8 & 3 };
        let l = launch_for(case, near_one);
        let o = launch::execute(&l, &ptx).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert!(o.report.hazards.is_empty(), "{}: {}", case.name, launch::summary(&o));
        let want = reference(case, &o);
        let d = o.buffers.iter().find(|b| b.name == "D").unwrap();
        for (at, w) in want.iter().enumerate() {
            assert_eq!(d.get(at), *w, "{}: lane {} value {}", case.name, at / 4, at % 4);
        }
        // Teeth: every scale byte matters (the reference with A's scales
        // of another lane differs), and the scale bytes of the unused lanes
        // do not (4g + 2, 4g + 3 for A; 4g + 1.. for B).
        let mut other = l.clone();
        if let Arg::Buffer { init: Init::Values(v), .. } = &mut other.args[3] {
            for lane in (0..32).filter(|lane| lane % 4 >= 2) {
                for j in 0..case.scales {
                    v[lane * case.scales + j] = 127.0;
                }
            }
        }
        let o2 = launch::execute(&other, &ptx).unwrap();
        assert_eq!(o2.buffers.iter().find(|b| b.name == "D").unwrap().bytes(), d.bytes(), "{}: A's scales of lanes 4g + 2, 4g + 3 are not read", case.name);
        let mut changed = l.clone();
        if let Arg::Buffer { init: Init::Values(v), .. } = &mut changed.args[3] {
            v[0] = if v[0] == 125.0 { 126.0 } else { 125.0 };
        }
        let o3 = launch::execute(&changed, &ptx).unwrap();
        assert_ne!(o3.buffers.iter().find(|b| b.name == "D").unwrap().bytes(), d.bytes(), "{}: row 0's first scale is read", case.name);
    }
}

#[test]
fn block_scaled_kinds_outside_the_isa_are_refused_by_name() {
    // kind::mxf4 takes only 2X ue8m0; a 4X ue4m3 mxf4 (or an mxf4 at K = 32)
    // is no instruction of the ISA.
    let case = &CASES[2];
    let ptx = Compiler::new().compile(&kernel(case), "sm_120a", Emit::Ptx).unwrap();
    let l = launch_for(case, |_| 0x38);
    for (from, to) in [("kind::mxf4nvf4", "kind::mxf4"), ("m16n8k64.row.col.kind::mxf4nvf4", "m16n8k32.row.col.kind::mxf4nvf4")] {
        let bad = ptx.replace(from, to);
        assert_ne!(bad, ptx);
        let o = launch::execute(&l, &bad).unwrap();
        assert!(o.report.hazards.iter().any(|h| h.message.contains("is m16n8k64 with f32.e2m1.e2m1.f32")), "{to}: {}", launch::summary(&o));
    }
}
