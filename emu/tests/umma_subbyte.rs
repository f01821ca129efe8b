//! The 6- and 4-bit UMMA kinds (PTX ISA 9.7.16.10): `tcgen05.mma` with
//! `.kind::mxf4` / `.kind::mxf4nvf4` (e2m1 two a byte, K = 64, 2 or 4
//! scale factors a row, UE8M0 or UE4M3) and with `.kind::f8f6f4` /
//! `.kind::mxf8f6f4` on e2m3, e3m2 and e2m1 (each 16 of K packed into the
//! first 12 or 8 bytes of a 16-byte chunk, K = 32). A hand-written kernel
//! of one warpgroup copies a shared-memory image the test lays out (the
//! no-swizzle K-major canonical layout: 8-row core matrices of 16-byte
//! rows, LBO 128 bytes between K's core matrices, SBO 256 between M's) and
//! a tensor-memory image of the scale factors (tcgen05.st, columns 32-39),
//! thread 0 issues one 128 x 16 UMMA into columns 0-15 and commits it, and
//! every thread stores its lane of D. The reference decodes the ISA's
//! formats here (5.2.5.3: sign, exponent, mantissa, bias 2^(e-1) - 1,
//! subnormals at exponent 0) and multiplies on the host.

use cute_emu::launch::{self, Arg, Dtype, Init, Launch};
use cute_emu::machine::HazardKind;

const KERNEL: &str = "\
.version 8.7\n.target sm_100a\n.address_size 64\n\
.visible .entry k(.param .u64 img, .param .u64 sf, .param .u64 out, .param .u64 adesc, .param .u64 bdesc, .param .u32 idesc)\n{\n\
.reg .b32 %r<60>;\n.reg .b64 %rd<20>;\n.reg .pred %p<6>;\n\
.shared .align 128 .b8 tile[4608];\n.shared .align 8 .b64 bar;\n.shared .align 4 .b32 slot;\n\
ld.param.u64 %rd1, [img];\nld.param.u64 %rd2, [sf];\nld.param.u64 %rd3, [out];\n\
mov.u32 %r1, %tid.x;\nmov.u32 %r2, tile;\nmov.u32 %r3, %r1;\n\
COPY:\nmul.wide.u32 %rd4, %r3, 4;\nadd.s64 %rd5, %rd1, %rd4;\nld.global.u32 %r4, [%rd5];\n\
shl.b32 %r5, %r3, 2;\nadd.u32 %r6, %r2, %r5;\nst.shared.u32 [%r6], %r4;\n\
add.u32 %r3, %r3, 128;\nsetp.lt.u32 %p1, %r3, 1152;\n@%p1 bra COPY;\n\
fence.proxy.async.shared::cta;\n\
shr.u32 %r7, %r1, 5;\nsetp.eq.u32 %p2, %r7, 0;\n@!%p2 bra SKIP;\n\
tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 64;\n\
tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n\
SKIP:\nsetp.eq.u32 %p3, %r1, 0;\n@%p3 mbarrier.init.shared::cta.b64 [bar], 1;\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n\
ld.shared.u32 %r8, [slot];\n\
mul.wide.u32 %rd6, %r1, 32;\nadd.s64 %rd7, %rd2, %rd6;\n\
ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd7];\nld.global.v4.u32 {%r14, %r15, %r16, %r17}, [%rd7+16];\n\
shl.b32 %r9, %r7, 21;\nadd.u32 %r18, %r8, %r9;\nadd.u32 %r19, %r18, 32;\n\
tcgen05.st.sync.aligned.32x32b.x8.b32 [%r19], {%r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17};\n\
tcgen05.wait::st.sync.aligned;\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\ntcgen05.fence::after_thread_sync;\n\
@!%p3 bra WAIT;\n\
ld.param.u64 %rd8, [adesc];\nld.param.u64 %rd9, [bdesc];\nld.param.u32 %r20, [idesc];\n\
shr.u32 %r21, %r2, 4;\ncvt.u64.u32 %rd10, %r21;\nor.b64 %rd11, %rd8, %rd10;\n\
add.u32 %r22, %r2, 4096;\nshr.u32 %r23, %r22, 4;\ncvt.u64.u32 %rd12, %r23;\nor.b64 %rd13, %rd9, %rd12;\n\
add.u32 %r24, %r8, 32;\nadd.u32 %r25, %r8, 36;\nsetp.ne.u32 %p4, %r1, 0;\n\
MMA\n\
tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [bar];\n\
WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 %p5, [bar], 0;\n@!%p5 bra WAIT;\n\
tcgen05.fence::after_thread_sync;\n\
tcgen05.ld.sync.aligned.32x32b.x16.b32 {%r30, %r31, %r32, %r33, %r34, %r35, %r36, %r37, %r38, %r39, %r40, %r41, %r42, %r43, %r44, %r45}, [%r18];\n\
tcgen05.wait::ld.sync.aligned;\n\
mul.wide.u32 %rd14, %r1, 64;\nadd.s64 %rd15, %rd3, %rd14;\n\
st.global.v4.u32 [%rd15], {%r30, %r31, %r32, %r33};\nst.global.v4.u32 [%rd15+16], {%r34, %r35, %r36, %r37};\n\
st.global.v4.u32 [%rd15+32], {%r38, %r39, %r40, %r41};\nst.global.v4.u32 [%rd15+48], {%r42, %r43, %r44, %r45};\n\
tcgen05.fence::before_thread_sync;\nbar.sync 0;\n@!%p2 bra END;\n\
tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r8, 64;\nEND:\nret;\n}\n";

/// The no-swizzle K-major descriptor's constant part (9.7.16.4.1): LBO 128
/// bytes (bits 16-29, in 16-byte units), SBO 256 (bits 32-45), bit 46 (the
/// tcgen05 version); the kernel ors in the start address.
const DESC: u64 = (128 >> 4) << 16 | (256 >> 4) << 32 | 1 << 46;
const M: usize = 128;
const N: usize = 16;

/// splitmix64: the test's inputs.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A sign, exponent, mantissa float with no infinities or NaN (5.2.5.3).
fn minifloat(code: u32, e_bits: u32, m_bits: u32) -> f64 {
    let sign = if code >> (e_bits + m_bits) & 1 == 1 { -1.0 } else { 1.0 };
    let (e, m) = ((code >> m_bits) & ((1 << e_bits) - 1), f64::from(code & ((1 << m_bits) - 1)));
    let bias = (1 << (e_bits - 1)) - 1;
    let frac = f64::from(1u32 << m_bits);
    if e == 0 {
        sign * m / frac * 2f64.powi(1 - bias)
    } else {
        sign * (1.0 + m / frac) * 2f64.powi(e as i32 - bias)
    }
}

#[derive(Clone, Copy)]
enum Ty {
    E2m1,
    E2m3,
    E3m2,
}

impl Ty {
    fn bits(self) -> u32 {
        match self {
            Ty::E2m1 => 4,
            _ => 6,
        }
    }
    fn value(self, code: u32) -> f64 {
        match self {
            Ty::E2m1 => minifloat(code, 2, 1),
            Ty::E2m3 => minifloat(code, 2, 3),
            Ty::E3m2 => minifloat(code, 3, 2),
        }
    }
    /// The `.kind::f8f6f4` type field (table 45).
    fn field(self) -> u32 {
        match self {
            Ty::E2m1 => 5,
            Ty::E2m3 => 3,
            Ty::E3m2 => 4,
        }
    }
}

/// One UMMA: its opcode, K, A's and B's types, packed two a byte
/// (`mxf4*`) or padded, and the scale factors (how many a row, UE4M3, the
/// byte IDs of A and B) if it is block-scaled.
struct Case {
    opcode: &'static str,
    k: usize,
    a: Ty,
    b: Ty,
    packed: bool,
    scales: Option<(usize, bool, u32, u32)>,
}

impl Case {
    /// The instruction descriptor (tables 45-47).
    fn idesc(&self) -> u32 {
        let n = (N as u32 >> 3) << 17;
        match (self.scales, self.packed) {
            (Some((_, ue4m3, a_id, b_id)), true) => 1 << 7 | 1 << 10 | n | u32::from(!ue4m3) << 23 | 1 << 27 | a_id << 29 | b_id << 4,
            (Some((_, _, a_id, b_id)), false) => self.a.field() << 7 | self.b.field() << 10 | n | 1 << 23 | 1 << 27 | a_id << 29 | b_id << 4,
            // Dense: D f32 (bits 4-5 = 1), M >> 4 in bits 24-28.
            (None, _) => 1 << 4 | self.a.field() << 7 | self.b.field() << 10 | n | (M as u32 >> 4) << 24,
        }
    }
}

/// Random codes of `rows` x `k` elements of `ty`, their values, and the
/// operand's shared-memory image (`rows` x 32 bytes of K, canonical).
fn operand(rows: usize, k: usize, ty: Ty, packed: bool, seed: u64) -> (Vec<Vec<f64>>, Vec<u8>) {
    let mut values = vec![vec![0f64; k]; rows];
    let mut image = vec![0u8; rows * 32];
    for (r, row) in values.iter_mut().enumerate() {
        let mut bytes = [0u8; 32];
        for (kk, v) in row.iter_mut().enumerate() {
            let code = (mix(seed ^ (r * 1000 + kk) as u64) % (1 << ty.bits())) as u32;
            *v = ty.value(code);
            // mxf4: element kk in byte kk / 2, low nibble first; f8f6f4:
            // bit 6 (kk % 16) (or 4) of chunk kk / 16, LSB first.
            let bit = if packed { 4 * kk } else { 128 * (kk / 16) + ty.bits() as usize * (kk % 16) };
            let word = u32::from(bytes[bit / 8]) | u32::from(*bytes.get(bit / 8 + 1).unwrap_or(&0)) << 8 | code << (bit % 8);
            bytes[bit / 8] = word as u8;
            if bit / 8 + 1 < 32 {
                bytes[bit / 8 + 1] = (word >> 8) as u8;
            }
        }
        if !packed {
            // The padding of each chunk holds junk the UMMA must ignore.
            let used = ty.bits() as usize * 2;
            for chunk in 0..2 {
                for b in &mut bytes[16 * chunk + used..16 * chunk + 16] {
                    *b = mix(seed ^ 0xdead ^ r as u64) as u8;
                }
            }
        }
        for (kb, &byte) in bytes.iter().enumerate() {
            image[(r / 8) * 256 + (kb / 16) * 128 + (r % 8) * 16 + kb % 16] = byte;
        }
    }
    (values, image)
}

/// Scale factors (row, s) and their tensor-memory image: the 8 words of
/// lane l, columns 32-39; row r's factor s is byte `id` + s of lane
/// r % 32 + 32 p (every p), column `first` + r / 32; the other bytes junk.
fn scales(rows: usize, per_row: usize, ue4m3: bool, id: u32, first: usize, sf: &mut [u32], seed: u64) -> Vec<Vec<f64>> {
    const UE4M3: [u8; 6] = [0x30, 0x34, 0x38, 0x3c, 0x40, 0x44]; // 0.5 .. 2.5
    let mut out = vec![vec![0f64; per_row]; rows];
    for (r, row) in out.iter_mut().enumerate() {
        for (s, v) in row.iter_mut().enumerate() {
            let pick = mix(seed ^ (r * 10 + s) as u64);
            let byte = if ue4m3 { UE4M3[(pick % 6) as usize] } else { 124 + (pick % 7) as u8 };
            *v = if ue4m3 { minifloat(u32::from(byte), 4, 3) } else { 2f64.powi(i32::from(byte) - 127) };
            let shift = 8 * (id as usize + s);
            for p in 0..4 {
                let word = &mut sf[(r % 32 + 32 * p) * 8 + first + r / 32];
                *word = (*word & !(0xff << shift)) | u32::from(byte) << shift;
            }
        }
    }
    out
}

/// Runs `case`'s inputs with `mma` (the MMA line) and `idesc`.
fn run(case: &Case, mma: &str, idesc: u32) -> launch::Outcome {
    run_kernel(case, KERNEL, mma, idesc)
}

fn run_kernel(case: &Case, kernel: &str, mma: &str, idesc: u32) -> launch::Outcome {
    let (_, a_img) = operand(M, case.k, case.a, case.packed, 1);
    let (_, b_img) = operand(N, case.k, case.b, case.packed, 2);
    let mut img = a_img;
    img.extend(b_img);
    let mut sf: Vec<u32> = (0..128 * 8).map(|i| mix(77 + i) as u32).collect();
    if let Some((per_row, ue4m3, a_id, b_id)) = case.scales {
        scales(M, per_row, ue4m3, a_id, 0, &mut sf, 3);
        scales(N, per_row, ue4m3, b_id, 4, &mut sf, 4);
    }
    let words: Vec<f64> = img.chunks(4).map(|w| f64::from(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))).collect();
    let args = vec![
        Arg::Buffer { name: "img".into(), dtype: Dtype::U32, shape: vec![words.len()], init: Init::Values(words) },
        Arg::Buffer { name: "sf".into(), dtype: Dtype::U32, shape: vec![sf.len()], init: Init::Values(sf.iter().map(|&w| f64::from(w)).collect()) },
        Arg::Buffer { name: "out".into(), dtype: Dtype::F32, shape: vec![M * N], init: Init::Zeros },
        Arg::Scalar { dtype: Dtype::U64, value: DESC as f64 },
        Arg::Scalar { dtype: Dtype::U64, value: DESC as f64 },
        Arg::Scalar { dtype: Dtype::U32, value: f64::from(idesc) },
    ];
    let l = Launch::new("sm_100a", "k", [1, 1, 1], [128, 1, 1], args);
    launch::execute(&l, &kernel.replace("MMA", mma)).unwrap_or_else(|e| panic!("{}: {e}", case.opcode))
}

fn mma_line(case: &Case) -> String {
    let scales = if case.scales.is_some() { " [%r24], [%r25]," } else { "" };
    format!("{} [%r8], %rd11, %rd13, %r20,{scales} %p4;", case.opcode)
}

/// D = (A * scale_A) (B * scale_B)^T from the same inputs as `run`'s.
fn reference(case: &Case) -> Vec<f64> {
    let (a, _) = operand(M, case.k, case.a, case.packed, 1);
    let (b, _) = operand(N, case.k, case.b, case.packed, 2);
    let mut sf = vec![0u32; 128 * 8];
    let (sa, sb, per_row) = match case.scales {
        Some((per_row, ue4m3, a_id, b_id)) => (scales(M, per_row, ue4m3, a_id, 0, &mut sf, 3), scales(N, per_row, ue4m3, b_id, 4, &mut sf, 4), per_row),
        None => (vec![vec![1.0]; M], vec![vec![1.0]; N], 1),
    };
    let chunk = case.k / per_row;
    let mut d = vec![0f64; M * N];
    for m in 0..M {
        for n in 0..N {
            d[m * N + n] = (0..case.k).map(|kk| a[m][kk] * sa[m][kk / chunk] * b[n][kk] * sb[n][kk / chunk]).sum();
        }
    }
    d
}

const CASES: [Case; 6] = [
    Case { opcode: "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32", k: 64, a: Ty::E2m1, b: Ty::E2m1, packed: true, scales: Some((2, false, 2, 0)) },
    Case { opcode: "tcgen05.mma.cta_group::1.kind::mxf4.block_scale", k: 64, a: Ty::E2m1, b: Ty::E2m1, packed: true, scales: Some((2, false, 0, 2)) },
    Case { opcode: "tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16", k: 64, a: Ty::E2m1, b: Ty::E2m1, packed: true, scales: Some((4, true, 0, 0)) },
    Case { opcode: "tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::2X", k: 64, a: Ty::E2m1, b: Ty::E2m1, packed: true, scales: Some((2, false, 2, 2)) },
    Case { opcode: "tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale", k: 32, a: Ty::E2m1, b: Ty::E3m2, packed: false, scales: Some((1, false, 1, 3)) },
    Case { opcode: "tcgen05.mma.cta_group::1.kind::f8f6f4", k: 32, a: Ty::E2m3, b: Ty::E2m1, packed: false, scales: None },
];

#[test]
fn subbyte_umma_kinds_compute_the_isa_s_product() {
    for case in &CASES {
        let o = run(case, &mma_line(case), case.idesc());
        assert!(o.report.hazards.is_empty(), "{}: {}", case.opcode, launch::summary(&o));
        let want = reference(case);
        let wrong = (0..M * N).filter(|&i| o.buffers[2].get(i) != want[i]).count();
        assert_eq!(wrong, 0, "{}: first D {} want {}", case.opcode, o.buffers[2].get(0), want[0]);
        assert!(want.iter().any(|&v| v != 0.0) && want.iter().any(|&v| v.fract() != 0.0), "{}: the inputs exercise the formats", case.opcode);
    }
}

#[test]
fn subbyte_umma_descriptors_outside_the_isa_are_undefined() {
    let mxf4 = &CASES[0];
    let nvf4 = &CASES[2];
    let undefined = |case: &Case, mma: &str, idesc: u32, says: &str| {
        let o = run(case, mma, idesc);
        let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{mma} {idesc:#x}: {}", launch::summary(&o)));
        assert!(h.message.contains(says), "{}", h.message);
    };
    // mxf4 takes UE8M0 scales (bit 23 = 1), 2X IDs 0 or 2, E2M1 = 1.
    undefined(mxf4, &mma_line(mxf4), mxf4.idesc() & !(1 << 23), "UE8M0");
    undefined(mxf4, &mma_line(mxf4), mxf4.idesc() & !(3 << 29) | 1 << 29, "scale factor A ID 1");
    undefined(mxf4, &mma_line(mxf4), mxf4.idesc() & !(7 << 7) | 5 << 7, "are 1 (e2m1)");
    // mxf4nvf4 must name its vector size; 4X IDs are 0; no transpose.
    undefined(nvf4, &mma_line(nvf4).replace(".block16", ""), nvf4.idesc(), "table 55");
    undefined(nvf4, &mma_line(nvf4), nvf4.idesc() | 2 << 4, "scale factor B ID 2");
    undefined(nvf4, &mma_line(nvf4), nvf4.idesc() | 1 << 15, "cannot transpose");
    // A 4-bit f8f6f4 operand cannot be MN-major: it is packed along K.
    let f8 = &CASES[5];
    undefined(f8, &mma_line(f8), f8.idesc() | 1 << 16, "packed along K");
}

#[test]
fn scale_factors_must_be_duplicated_in_each_lane_partition_they_are_read_from() {
    // Junk lies in the bytes the UMMA does not read; a used byte that
    // differs between partitions is undefined (9.7.16.10.7). Thread 64
    // writes lane 64, the third partition's copy of row 0's factors in
    // column 32: flipping its low byte makes them disagree.
    let case = &CASES[2];
    let kernel = KERNEL.replace(
        "tcgen05.st.sync.aligned.32x32b.x8.b32 [%r19]",
        "setp.eq.u32 %p5, %r1, 64;\n@%p5 xor.b32 %r10, %r10, 255;\ntcgen05.st.sync.aligned.32x32b.x8.b32 [%r19]",
    );
    let o = run_kernel(case, &kernel, &mma_line(case), case.idesc());
    let h = o.report.hazards.iter().find(|h| h.kind == HazardKind::Undefined).unwrap_or_else(|| panic!("{}", launch::summary(&o)));
    assert!(h.message.contains("differs between lane partitions 0 and 2"), "{}", h.message);
}
